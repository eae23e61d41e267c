"""Fees are what the user pays, unless the message says the user teaches the ones who pay
them: then they are what tuition brings in. The sentences are made up for these tests."""

from __future__ import annotations

import pytest

from fincoach_tui.domain.finance_facts import recognise


@pytest.mark.parametrize(
    "text",
    [
        "I take maths tuitions at home, fees from my students come to about 25,000 a month",
        "My pupils pay me 18k a month in fees",
        "The fees I collect are around 30k a month",
        "Four more kids joined the evening batch. Fees are now 22,000 a month",
        "fees roughly 27k monthly, depends on how many kids pay me on time",
    ],
)
def test_fees_from_the_users_pupils_are_income(text: str) -> None:
    found = dict(recognise(text))
    assert [k for k in found if k.startswith(("income_", "cost_"))] == ["income_tuition"]


@pytest.mark.parametrize(
    "text",
    [
        "School fees come to 41,000 a year",
        "My son's coaching fees are 8k a month, he joined a new batch",
        "fees 12k a month",
        "I'm a student, my batch is small and fees are 60k a semester",
    ],
)
def test_fees_the_user_pays_stay_a_cost(text: str) -> None:
    assert not any(k.startswith("income_") for k, _ in recognise(text))
