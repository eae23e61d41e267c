"""A figure corrected by naming the figure it replaces. Pure.

People correct an earlier figure without naming what it was of, only its old number:
"don't write 72, write 64,000", "it's 64k, not 72k", "change 72 to 64", "make that 64
instead of 72", "72 nahi, 64 likho", "72 galat hai, 64 hai". The old number says which fact
is meant: the known fact (`Reading.figures`) whose amount it is, said short ("72" of
₹72,000) or in full. The new number is that fact's value, in the scale the old one was
said in when it is said bare ("64" of "72" that was ₹72,000 is ₹64,000).
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from fincoach_tui.domain.amounts import find_amounts
from fincoach_tui.domain.currencies import format_amount

_FIGURE = r"(?:₹|rs\.?\s*|inr\s*)?\d[\d,]*(?:\.\d+)?(?:\s?(?:k|l|lakhs?|lacs?|thousand|cr))?\b"
_WRITE = (
    r"(?:write|put|say|use|take|count|enter|keep|type|note|make\s+(?:it|that)|likho|daalo|bolo)"
)
# The old figure first: "don't write 72, write 64,000", "not 72 but 64k", "change 72 to
# 64", "72 nahi, 64", "72 galat hai, 64 likho", "replace 72 with 64".
_OLD_FIRST = re.compile(
    rf"(?:\b(?:don'?t|do\s+not|not|never|no)\s+(?:{_WRITE}\s+)?(?:it\s+as\s+)?(?P<old>{_FIGURE})"
    rf"|\b(?:change|correct|replace|update)\s+(?:the\s+)?(?P<old2>{_FIGURE})"
    rf"|(?<![\w.,])(?P<old3>{_FIGURE})\s+(?:nahi|nahin|galat(?:\s+(?:hai|tha))?|is\s+wrong|was\s+wrong))"
    rf"[\s,;:.!—–-]*(?:(?:but|rather|instead|to|with|it'?s|it\s+is|its|into|as)\s+)*"
    rf"(?:{_WRITE}\s+)?(?P<new>{_FIGURE})",
    re.IGNORECASE,
)
# The new figure first: "it's 64k, not 72k", "write 64, not 72", "64 instead of 72".
_NEW_FIRST = re.compile(
    rf"(?P<new>{_FIGURE})[\s,;]*(?:and\s+)?(?:not|instead\s+of|in\s+place\s+of|rather\s+than)\s+"
    rf"(?:the\s+)?(?P<old>{_FIGURE})",
    re.IGNORECASE,
)
_SCALES = (1.0, 1e3, 1e5, 1e7)
# A word other than one of correcting or of reported speech right before the old figure:
# the figure is of the thing that word names, not found by its number.
_NAMED_BEFORE = re.compile(
    r"(?<![\w'])(?!(?:sorry|no|nahi|nahin|correction|actually|wait|ok|okay|says|said|bola|"
    r"kaha|likha|wrote|not|that|it|its|the|one)\b)[a-z]{2,}\W*$",
    re.IGNORECASE,
)


def corrected_figures(sentence: str, figures: Sequence[tuple[str, str]]) -> list[tuple[str, str]]:
    """(key, value) for each known figure (`figures`: (key, value), oldest first) that the
    sentence corrects by naming its old number; [] when it corrects none."""
    if not figures:
        return []
    found: list[tuple[str, str]] = []
    for match in (*_OLD_FIRST.finditer(sentence), *_NEW_FIRST.finditer(sentence)):
        old = match["old"] or match.groupdict().get("old2") or match.groupdict().get("old3")
        if match.groupdict().get("old3") and _NAMED_BEFORE.search(sentence, 0, match.start()):
            continue  # "light bill 3,200 nahi, 4,100": the bill's, read with its name
        corrected = _corrected(str(old), match["new"], figures)
        if corrected is not None and corrected not in found:
            found.append(corrected)
    return found


def _corrected(old: str, new: str, figures: Sequence[tuple[str, str]]) -> tuple[str, str] | None:
    """The newest known figure `old` names, with `new` as its value in the same scale."""
    old_value, old_bare = _number(old)
    new_value, new_bare = _number(new)
    if old_value is None or new_value is None or old_value == new_value:
        return None
    for key, value in reversed(figures):
        amounts = find_amounts(value)
        if len(amounts) != 1:
            continue
        known = amounts[0]
        scales = _SCALES if old_bare else (1.0,)
        scale = next((s for s in scales if abs(old_value * s - known.value) < 0.5), None)
        if scale is None:
            continue
        value_now = new_value * scale if new_bare else new_value
        if not known.value / 3 <= value_now <= known.value * 3:
            return None  # not a correction of it: a count, a year, another thing
        return key, value.replace(
            str(known), format_amount(value_now, known.currency, known.spelled), 1
        )
    return None


def _number(said: str) -> tuple[float | None, bool]:
    """A figure's value, and whether it was said bare (no unit or currency: "72")."""
    amounts = find_amounts(said)
    if amounts:
        return amounts[0].value, False
    digits = re.sub(r"[^\d.]", "", said)
    try:
        return float(digits), True
    except ValueError:
        return None, True
