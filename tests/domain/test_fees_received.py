"""Fees are what the user pays, unless the message says the user teaches the ones who pay
them: then they are what tuition brings in. The sentences are made up for these tests."""

from __future__ import annotations

import pytest

from fincoach_tui.domain.finance_facts import find_facts, recognise


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


def _kinds(*texts: str) -> dict[str, str]:
    found = find_facts([(f"m{n}", text) for n, text in enumerate(texts)])
    return {k: f.value for k, f in found.items() if k.startswith(("income_", "cost_"))}


@pytest.mark.parametrize(
    ("work", "fees", "expected"),
    [
        # the user's work, said before, makes fees with no payer what it brings in
        (
            "I'm a chess coach, I teach kids at home.",
            "Fees now come to about 41,000 a month",
            {"income_tuition": "₹41,000"},
        ),
        (
            "Anupama here, chess coach.",
            "Fees it comes to around thirty-two thousand a month",
            {"income_tuition": "₹32,000"},
        ),
        (
            "I run a music class for kids.",
            "my fees collection is 28k monthly",
            {"income_tuition": "₹28,000"},
        ),
        (
            "I coach cricket on weekends.",
            "coaching fees now 15,000 per month",
            {"income_tuition": "₹15,000"},
        ),
        (
            "Hi, I'm a maths tutor in Pune.",
            "fees ab 35 hazaar aa rahi hai",
            {"income_tuition": "₹35,000"},
        ),
        (
            "Doctor here, private clinic.",
            "consultation fees come to 1.2 lakh a month",
            {"income_practice": "₹1,20,000"},
        ),
        (
            "I'm a freelance lawyer.",
            "legal fees this month came to 85,000",
            {"income_practice": "₹85,000"},
        ),
        # ... unless someone else's fees, or fees the user pays, are named
        (
            "I'm a chess coach.",
            "My daughter's school fees are 41,000 a year",
            {"cost_school_fees": "₹41,000 a year"},
        ),
        (
            "I'm a tutor.",
            "Son's college fees come to 1.35 lakh per year",
            {"cost_fees": "₹1,35,000 a year"},
        ),
        (
            "I'm a chess coach.",
            "My own coaching fees for the GM camp are 25,000",
            {"cost_fees": "₹25,000"},
        ),
        ("I'm a chess coach.", "I pay 3,000 a month in tournament fees", {"cost_fees": "₹3,000"}),
        ("I teach music.", "Riya's dance class fees are 2,500 a month", {"cost_fees": "₹2,500"}),
        # no work said: a cost
        (
            "I am an accountant in Pune.",
            "Fees now come to about 41,000 a year for both kids",
            {"cost_fees": "₹41,000 a year"},
        ),
        ("I'm a software engineer.", "Fees now come to 41,000", {"cost_fees": "₹41,000"}),
        ("I'm looking for a tutor.", "Fees now come to 6,000", {"cost_fees": "₹6,000"}),
    ],
)
def test_fees_are_income_when_the_users_work_is_paid_in_fees(work, fees, expected) -> None:
    assert _kinds(work, fees) == expected


def test_known_tuition_income_makes_later_bare_fees_income() -> None:
    assert _kinds("Tuition brings in 20k a month", "fees went up to 26k") == {
        "income_tuition": "₹26,000"
    }
