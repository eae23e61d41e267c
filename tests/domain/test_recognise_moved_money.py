"""Money moved into an instrument is the instrument's, whatever pot it came from; money
sent home is not a home loan."""

from __future__ import annotations

import pytest

from fincoach_tui.domain.finance_facts import find_facts, recognise


def values(*messages: str) -> dict[str, str]:
    facts = find_facts([(f"m{i}", m) for i, m in enumerate(messages)])
    return {k: f.value for k, f in facts.items()}


@pytest.mark.parametrize(
    ("sentence", "expected"),
    [
        (
            "Moved 4 lakh of my retirement savings into an FD at 7.2%",
            [("fd_amount", "₹4,00,000"), ("fd_rate", "7.2%")],
        ),
        (
            "I parked 3 lakh of the emergency fund in a liquid mutual fund",
            [("invest_mutual_funds", "₹3,00,000")],
        ),
        ("Invested 2 lakh of my retirement corpus in PPF", [("invest_ppf", "₹2,00,000")]),
        ("I put 15 lakh of my savings into the SCSS", [("invest_scss", "₹15,00,000")]),
    ],
)
def test_money_moved_into_an_instrument_is_the_instruments(
    sentence: str, expected: list[tuple[str, str]]
) -> None:
    assert recognise(sentence) == expected


def test_a_pot_named_alone_keeps_its_figure() -> None:
    assert recognise("My retirement corpus is 40 lakh") == [
        ("goal_retirement_amount", "₹40,00,000")
    ]


def test_what_is_sent_home_is_not_the_home_loan() -> None:
    assert values(
        "We have a home loan for the Kochi flat, the EMI is 22k.",
        "Rent here is 3,000 dirhams.",
        "I'm sending less home from now. From April it's 60k, told my father.",
    ) == {"loan_home_emi": "₹22,000", "rent": "3,000 dirhams", "remittance": "₹60,000"}


def test_home_after_sent_money_does_not_type_a_loan() -> None:
    found = dict(recognise("Sent 25,000 home to my mother, and the loan EMI is 9k"))
    assert "loan_home_emi" not in found


@pytest.mark.parametrize(
    ("sentence", "expected"),
    [
        (
            "After the builder visited, the kitchen and the bathroom together will be 4 lakh",
            [("goal_kitchen_bathroom_amount", "₹4,00,000")],
        ),
        (
            "The laptop and the desk together will be 1.2 lakh",
            [("goal_laptop_desk_amount", "₹1,20,000")],
        ),
        (
            "Once the dealer quoted, the net and the shed together would be 3 lakh",
            [("goal_net_shed_amount", "₹3,00,000")],
        ),
        (
            "rent and groceries together will be 40k a month",
            [("cost_rent_groceries", "₹40,000")],
        ),
        (
            "school fees and books together will be 60k a year",
            [("cost_school_fees_books", "₹60,000 a year")],
        ),
    ],
)
def test_a_total_over_things_to_come_is_one_figure_of_them_all(
    sentence: str, expected: list[tuple[str, str]]
) -> None:
    assert recognise(sentence) == expected
