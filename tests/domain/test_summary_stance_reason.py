"""A stance's reason is kept with its stance under the summary's cap: a reason rarely names
the stance's words ("the weather decides half our year"), so ranked on its own it went
long before the stance it explains."""

from __future__ import annotations

import pytest

from tests.domain.test_summary_keeps import first_fold

FACTS = [
    "[simulated summary]",
    "Facts the user stated (newest values):",
    "- risk: low risk",
    "- cost hostel: ₹85,000 a year",
    "- family spouse: husband",
    "- family parents: supports mother",
    "- cost school fees: ₹3,000",
    "- car loan EMI: ₹9,200",
    "- salary: ₹58,000",
    "In the user's words (newest first):",
    "- (turn 4) The school bus is 2,400 a month and her coaching another 3,000",
    "- (turn 3) My husband looks after the estate, his mother stays at the old house",
]


def said(stance: str) -> tuple[str, ...]:
    return (
        stance,
        "Our daughter's hostel is 85,000 a year.",
        "My husband looks after the estate, his mother stays at the old house.",
        "The school bus is 2,400 a month and her coaching another 3,000.",
        "The car EMI is 9,200.",
        "Take-home is 58k.",
    )


STANCE_FIRST = "I want low risk for the rest. The weather decides half our year already."
REASON = "- (turn 1) The weather decides half our year already"


def kept_after_facts(stance: str, counter, cap: int) -> list[str]:
    _, text = first_fold(said(stance), counter, cap=cap)
    lines = text.split("\n")
    words = lines.index("In the user's words (newest first):")
    if "risk" in stance:
        assert lines[: words + 3] == FACTS
    return lines[words + 3 :]


@pytest.mark.parametrize(
    ("stance", "cap", "dropped"),
    [(STANCE_FIRST, 55, 2)],
)
def test_a_stances_reason_stays_as_long_as_its_stance(counter, stance, cap, dropped):
    # The stance (held by the facts: "risk: low risk") goes first; its reason stays.
    assert kept_after_facts(stance, counter, cap) == [
        REASON,
        f"Dropped to fit the cap: {dropped} older statements; the old cost school fees.",
    ]


def test_a_statement_beside_no_stance_ranks_on_its_own(counter):
    # The same words next to a plain cost explain no stance: they go before a cost line.
    said_first = "Our gardener is 4,000 a month. The weather decides half our year already."
    assert kept_after_facts(said_first, counter, 55) == [
        "- (turn 2) Our daughter's hostel is 85,000 a year",
        "Dropped to fit the cap: 1 older statement; the old cost school fees.",
    ]
