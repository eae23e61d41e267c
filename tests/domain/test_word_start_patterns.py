"""The recogniser's longest patterns look for a word's start first (`\\b(?=\\w)`): they must
find exactly what the same alternation finds without it, wherever a sentence has symbols,
dashes, brackets or figures beside the words."""

from __future__ import annotations

import re

import pytest

from fincoach_tui.domain import (
    recognise_clauses,
    recognise_localities,
    recognise_places,
    relative_dates,
)
from fincoach_tui.domain.fact_kinds import KINDS

SENTENCES = (
    "₹25k rent, -salary 50k, (rent) 20k; take-home 1.2L and in-hand 80k",
    "EMI:9k for the car-loan/home loan; SIP=15k; fd@7% matures by Diwali",
    "pune-based; moved to Pune. We live in blr (hsr layout) near Koramangala",
    "Kolkata - Salt Lake, Behala te thaki; Niphad taluka, Nashik jilha",
    "salary is 64000 rent is 15000; income tax 2L; the driver's salary 18k",
    "in 5 years, 3 mahine baad, agle saal June mein, end of next month, by 30 March next year",
    "'rent' \"salary\" [bonus] {pension} <savings> …emergency fund… —credit card dues",
    "Hoshiarpur mein dukaan hai; Ballia se hoon; home is Kozhikode; now in Noida",
    "12-12-2026 NEFT CR-SALARY DEC 74,905.00 ACH DR-HDFC HOUSING LOAN 19,880.00",
    "",
)


def _plain(pattern: re.Pattern[str]) -> re.Pattern[str]:
    """The same pattern with `\\b` alone in front, as it was written before."""
    assert pattern.pattern.startswith(r"\b(?=\w)")
    return re.compile(r"\b" + pattern.pattern[len(r"\b(?=\w)") :], pattern.flags)


PATTERNS = {
    "anchors": recognise_clauses._ANY_ANCHOR,
    "relative dates": relative_dates.RELATIVE_DATE,
    "known city": recognise_places._KNOWN_CITY,
    "city beside locality": recognise_places._BESIDE,
    "district": recognise_places._DISTRICT,
    "locality": recognise_localities._SAID_AS_PLACE,
}


@pytest.mark.parametrize("name", sorted(PATTERNS))
def test_a_word_start_first_finds_the_same_matches(name: str) -> None:
    fast = PATTERNS[name]
    plain = _plain(fast)
    for sentence in SENTENCES:
        assert [(m.span(), m.groupdict()) for m in fast.finditer(sentence)] == [
            (m.span(), m.groupdict()) for m in plain.finditer(sentence)
        ], sentence


def test_every_anchor_starts_a_word() -> None:
    # what lets the anchors' pattern look for a word's start first
    for kind in KINDS:
        assert kind.anchor.pattern.startswith(r"\b"), kind.name
