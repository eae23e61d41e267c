"""Numbers written as words, one table for every reader: amounts ("twenty-five thousand"),
relative dates ("in fourteen months"), durations ("twenty-five years") and counts ("two
kids"). Pure.

`NUMBER` is a pattern for a number in words up to ninety-nine ("seven", "twenty-four",
"thirty six"), `COUNT` the same or "a"/"an"; `count_value` reads one back.
"""

from __future__ import annotations

import re

UNITS = {
    "zero": 0,
    "one": 1,
    "two": 2,
    "three": 3,
    "four": 4,
    "five": 5,
    "six": 6,
    "seven": 7,
    "eight": 8,
    "nine": 9,
    "ten": 10,
    "eleven": 11,
    "twelve": 12,
    "thirteen": 13,
    "fourteen": 14,
    "fifteen": 15,
    "sixteen": 16,
    "seventeen": 17,
    "eighteen": 18,
    "nineteen": 19,
}
TENS = {
    "twenty": 20,
    "thirty": 30,
    "forty": 40,
    "fifty": 50,
    "sixty": 60,
    "seventy": 70,
    "eighty": 80,
    "ninety": 90,
}
NUMBER_WORDS = {**UNITS, **TENS}  # every single word with its value
_UNIT_WORDS = "|".join(sorted(UNITS, key=len, reverse=True))
_TEN_WORDS = "|".join(TENS)
# "twenty-four", "thirty six", "seven" (longest first, so "seventeen" is not "seven").
NUMBER = rf"(?:(?:{_TEN_WORDS})(?:[-\s](?:{_UNIT_WORDS}))?|{_UNIT_WORDS})(?![a-z])"
COUNT = rf"(?:{NUMBER}|an?(?![a-z]))"  # and "a", "an": "in a year"
# Small counts said in other ways: "no kids", "a couple of".
_OTHER_COUNTS = {"a": 1, "an": 1, "no": 0, "none": 0, "single": 1, "couple": 2, "pair": 2}


def count_value(text: str) -> float | None:
    """ "twenty-four" -> 24, "seven" -> 7, "a" -> 1, "no" -> 0, "3" or "1.5" -> itself;
    None for anything else."""
    text = text.strip().lower()
    try:
        return float(text)
    except ValueError:
        pass
    if text in _OTHER_COUNTS:
        return float(_OTHER_COUNTS[text])
    words = re.split(r"[-\s]+", text)
    if not words or any(w not in NUMBER_WORDS for w in words):
        return None
    if len(words) == 2 and words[0] in TENS and words[1] in UNITS and UNITS[words[1]] < 10:
        return float(TENS[words[0]] + UNITS[words[1]])
    return float(NUMBER_WORDS[words[0]]) if len(words) == 1 else None


_DIGIT_WORDS = "|".join(w for w, v in sorted(UNITS.items(), key=lambda i: -len(i[0])) if v < 10)
_RATE_WORDS = re.compile(
    rf"\b(?P<whole>{NUMBER})(?:\s+point\s+(?P<fraction>(?:{_DIGIT_WORDS})(?:\s+(?:{_DIGIT_WORDS}))*))?"
    r"(?=\s*(?:%|percent\b|per\s?cent\b))",
    re.IGNORECASE,
)


def rates_in_digits(text: str) -> str:
    """`text` with a rate said in words written in digits: "seven point one percent" is
    "7.1 percent", "nine percent" is "9 percent" (a rate is read from digits only)."""

    def digits(match: re.Match[str]) -> str:
        whole = count_value(match["whole"])
        if whole is None:
            return match.group(0)
        fraction = "".join(
            str(UNITS[w]) for w in (match["fraction"] or "").lower().split() if w in UNITS
        )
        return f"{int(whole)}.{fraction}" if fraction else str(int(whole))

    return _RATE_WORDS.sub(digits, text)
