"""A figure corrected in the same breath keeps the scale it was said in. Pure.

People correct themselves without repeating the unit: "rent is 18k no wait not 18 its 16",
"take-home 1.2L, sorry 1.25", "the RD is 4 thousand, I mean 5". The corrected number is the
new value in the scale of the one it corrects; read bare, "16" would be sixteen rupees, or
nothing at all. `scale_corrections` writes the unit back onto such numbers, so the
recogniser reads the correction as what it is (and the denied "not 18" as denied).

A number is scaled only after a word of correction ("no wait", "sorry", "I mean",
"scratch that", "make it", "not") that follows a scaled figure closely, and only when it
is of the same order as that figure (a count or a year after it is not a correction).
"""

from __future__ import annotations

import re

_UNITS = r"k|K|L|lakhs?|lacs?|thousand|cr|crores?"
_SCALED = re.compile(rf"(?<![\w.])(?P<n>\d+(?:\.\d+)?)\s?(?P<unit>{_UNITS})\b")
# The words that take back what was just said, and how close after the figure they come.
_CORRECTION = re.compile(
    r"[\s,.;:!—–-]{0,4}(?:\w+[\s,.;:!—–-]+){0,2}?"
    r"(?:no+\s+wait|wait\s+no|no\s+no|sorry|i\s+mean|rather|correction|scratch\s+that|"
    r"make\s+(?:it|that)|nahi\s+nahi|matlab|not)\b",
    re.IGNORECASE,
)
_REACH = 48  # characters after the marker in which the corrected number is said
_BARE = re.compile(
    r"(?<![\w.₹$,/])(?P<n>\d+(?:\.\d+)?)(?![\w%]|[.,]\d|\s?(?:"
    rf"{_UNITS}|%|per\s?cent|percent|months?|years?|yrs?|days?|weeks?|people|kids|times)\b)",
    re.IGNORECASE,
)
_STOP = re.compile(r"[?\n]")


def scale_corrections(text: str) -> str:
    """`text` with each bare number that corrects a scaled figure given its unit."""
    if not _SCALED.search(text):
        return text
    out: list[str] = []
    done = 0
    for figure in _SCALED.finditer(text):
        if figure.start() < done:
            continue
        marker = _CORRECTION.match(text, figure.end())
        if not marker:
            continue
        end = min(len(text), marker.end() + _REACH)
        stop = _STOP.search(text, marker.end(), end)
        next_scaled = _SCALED.search(text, marker.end(), end)
        end = min(x.start() for x in (stop, next_scaled) if x) if (stop or next_scaled) else end
        value = float(figure["n"])
        for bare in _BARE.finditer(text, marker.end(), end):
            number = float(bare["n"])
            if not value / 3 <= number <= value * 3:
                continue
            out.append(text[done : bare.end()] + figure["unit"])
            done = bare.end()
    out.append(text[done:])
    return "".join(out)


_TAKES_BACK = re.compile(
    r"\b(?:no+\s+wait|wait\s+no|no\s+no|sorry|i\s+mean|correction|scratch\s+that|"
    r"make\s+(?:it|that)|nahi\s+nahi|matlab)\b",
    re.IGNORECASE,
)


def takes_back(between: str) -> bool:
    """Whether the words between two figures take the first back ("4 thousand, I mean 5"):
    the second is then the same thing's value, not a second thing of its kind."""
    return bool(_TAKES_BACK.search(between))
