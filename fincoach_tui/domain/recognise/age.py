"""The user's own age, said in passing: "I am 66 years of age", "I'm 34, wife is 31",
"age 41", "34M, Bangalore", "just turned 40", "meri umar 45 saal hai". Pure.

An age is what an insurance premium, a retirement plan or a risk stance turn on, and the
user says it once, at the start. Only the user's own: a parent's "(67)", a child's "12
years old" and a spouse's "wife is 31" are not; nor is a time ("12 years into this job",
"30 days late"), a target ("retire at 60", "when I'm 60") or a shortfall ("I'm 25k
short").
"""

from __future__ import annotations

import re

from fincoach_tui.domain.number_words import NUMBER, count_value

# Ages the user can have: a figure outside these is a count, a sum or a time.
_YOUNGEST, _OLDEST = 16, 99
_AGE = rf"(?P<age>\d{{2}}|{NUMBER})"
_YEARS = r"(?:years?|yrs?|yr)"
# What may follow the age for it to be one: the end of the clause, "years old", "of age",
# "y/o", "now", "and ...", a comma ("I'm 34, wife is 31"). Not a unit or another figure.
_ENDS = (
    rf"(?:\s*{_YEARS}(?:\s*old|\s+of\s+age)?|\s*y/?o)?"
    r"(?=\s*(?:[,.;:!)\n]|$|and\b|&|now\b|this\s+year\b|lol\b|haha\b|(?:and\s+)?still\b|"
    r"just\b|only\b|single\b|married\b|working\b|self[- ]employed\b|retired\b))"
)
# A time or a target before "I am": "when I'm 60", "by the time I'm 55", "till I am 58".
_NOT_NOW = re.compile(
    r"\b(?:when|by the time|till|until|before|after|once|if|by|at)\s+$", re.IGNORECASE
)
# Someone's or something's age, not the user's: "his age is 40", "father's age 72", "papa
# ki umar 70", "wife age 31", "the car's age".
_WHOSE = re.compile(
    r"(?:\b(?:his|her|their|its|ki|ke|ka|wife|husband|hubby|spouse|son|daughter|father|"
    r"mother|papa|mummy|dad|mom|amma|appa|kid|child|car|bike|house|flat|policy|entry|"
    r"maturity|max|maximum|min|minimum|average)|\w's|s')\s+$",
    re.IGNORECASE,
)
_SAID = tuple(
    re.compile(pattern, re.IGNORECASE)
    for pattern in (
        # "I am 66 years of age", "I'm 34", "im 29 and ...", "I am now 61", "I'm sixty-two"
        rf"\b(?:i\s+am|i'm|im|i\s+m)\s+(?:(?:now|just|already|almost|nearly|about|only)\s+)?"
        rf"{_AGE}{_ENDS}",
        # "age 41", "Age: 37", "my age is 52", "aged 58", "umar 45 saal hai"
        rf"(?<![\w-])(?<!retirement )(?<!retiring )(?<!at )(?<!of )(?:my\s+)?"
        rf"(?:age(?:d)?|umar|umr|umra)\s*(?:is|:|-|=|hai)?\s*{_AGE}"
        rf"(?:\s*(?:{_YEARS}|saal|sal|varsh)(?:\s*old)?)?(?!\s*(?:%|k\b|lakh|and\s+\d|pe\b|par\b|tak\b))",
        # "main 52 saal ka hoon", "mai 38 saal ki hu"
        rf"\b(?:main|mai|mein|me)\s+{_AGE}\s+(?:saal|sal|varsh)\s+(?:ka|ki|ke)\b",
        # "just turned 40", "I turned 60 in March"
        rf"(?:^\W*|\bi\s+)(?:(?:just|recently|finally)\s+)?turned\s+{_AGE}\b",
        # "Myself Ravi, 36 years, from Nagpur": an introduction's age
        rf"\bmyself\s+[a-z]+,?\s+{_AGE}\s*{_YEARS}\b",
    )
)
# "34M, Bangalore", "29/F": the age and sex that open a message.
_TAGGED = re.compile(
    r"^\W*(?P<age>\d{2})\s*[/,]?\s*(?:m|f|male|female)\b(?=\s*(?:[,;/|)]|$))", re.IGNORECASE
)


def age_facts(sentence: str) -> list[tuple[str, str]]:
    """The user's age, if `sentence` says it: [("age", "34 years")]."""
    said = (m for pattern in _SAID for m in pattern.finditer(sentence))
    for match in (_TAGGED.match(sentence), *said):
        before = sentence[: match.start()] if match else ""
        if match is None or _NOT_NOW.search(before) or _WHOSE.search(before):
            continue
        value = count_value(match["age"].replace("-", " "))
        if value is not None and _YOUNGEST <= value <= _OLDEST and value == int(value):
            return [("age", f"{int(value)} years")]
    return []
