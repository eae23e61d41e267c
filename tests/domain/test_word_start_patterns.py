"""The recogniser's longest patterns look for a word's start first (`\\b(?=\\w)`): they must
find exactly what the same alternation finds without it, wherever a sentence has symbols,
dashes, brackets or figures beside the words."""

from __future__ import annotations

import re

import pytest

from fincoach_tui.domain import finance_facts  # noqa: F401  (loads every listed pattern)
from fincoach_tui.domain.fact_kinds import KINDS
from fincoach_tui.domain.word_start import WORD_START, WORD_START_PATTERNS

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
    assert pattern.pattern.startswith(WORD_START)
    return re.compile(r"\b" + pattern.pattern[len(WORD_START) :], pattern.flags)


def test_the_recognisers_longest_patterns_are_listed() -> None:
    assert sorted(WORD_START_PATTERNS) == [
        "anchors",
        "city beside locality",
        "district",
        "known city",
        "locality",
        "relative dates",
    ]


@pytest.mark.parametrize(
    "name",
    ["anchors", "city beside locality", "district", "known city", "locality", "relative dates"],
)
def test_a_word_start_first_finds_the_same_matches(name: str) -> None:
    fast = WORD_START_PATTERNS[name]
    plain = _plain(fast)
    for sentence in SENTENCES:
        assert [(m.span(), m.groupdict()) for m in fast.finditer(sentence)] == [
            (m.span(), m.groupdict()) for m in plain.finditer(sentence)
        ], sentence


def test_every_anchor_starts_a_word() -> None:
    # what lets the anchors' pattern look for a word's start first
    for kind in KINDS:
        assert kind.anchor.pattern.startswith(r"\b"), kind.name


def test_a_pattern_without_the_word_start_is_refused() -> None:
    from fincoach_tui.domain.word_start import starts_words

    with pytest.raises(ValueError, match="must begin with"):
        starts_words("plain", re.compile(r"\b(?:rent|salary)"))
    assert "plain" not in WORD_START_PATTERNS
