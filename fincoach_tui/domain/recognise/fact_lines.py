"""A "label: value" line: a summary's or fact section's "- rent: ₹28,000", or a user's
"Rent: 25k". Such lines read back exactly, without the free-text recogniser."""

from __future__ import annotations

import re

from fincoach_tui.domain.fact_keys import is_known_key, normalise_key
from fincoach_tui.domain.recognise.parts import figures_in
from fincoach_tui.domain.recognise.values import canonical

_LINE_FACT = re.compile(
    r"^\s*(?:[-•*]\s*)?(?P<label>[A-Za-z][A-Za-z0-9'() ]{0,40}):\s*(?P<value>\S.*)$"
)
# (a note may hold a value with the user's words in it: '(was Mumbai ("Bombay"))')
_LINE_NOTES = re.compile(
    r"\s*\((?:was|earlier|previously|turn \d+|edited)\b(?:[^()]|\([^()]*\))*\)"
)

# A user's line that tells a value and what it was before: "Rent: earlier 15k, now 17k",
# "EMI: old 9k, new 11k", "fees: was 40k, revised to 45k". Read as free text, which keeps
# the value now.
_CHANGED = re.compile(
    r"\b(?:earlier|previously|formerly|was|were|old|used\s+to|before|now|new|revised|"
    r"increased|decreased|hiked|raised|cut|reduced|went|became|changed)\b",
    re.IGNORECASE,
)


def line_fact(line: str) -> tuple[str, str] | None:
    """A "label: value" line's fact: a summary's or fact section's "- rent: ₹28,000", or a
    user's "Rent: 25k". A user's "fixed deposit: 13L at 6.5 percent, comes out in June"
    holds more than one figure, so it is read as free text."""
    match = _LINE_FACT.match(line)
    if not match:
        return None
    key = normalise_key(match["label"])
    if not line.lstrip().startswith("-") and (
        len(figures_in(match["value"])) > 1
        or (key == "risk" and len(match["value"].split()) > 4)  # "Risk: I'm all-in on ..."
        or key == "age"  # "Age: 37. City: Indore.": the age reader reads it (recognise_age)
        # "Rent: earlier 15k, now 17k" (a note's "(was ₹15,000)" is no such change)
        or _CHANGED.search(_LINE_NOTES.sub("", match["value"])) is not None
    ):
        return None
    if not is_known_key(key):
        return None
    value = _LINE_NOTES.sub("", match["value"]).strip().rstrip(".")
    return (key, canonical(key, value)) if value else None
