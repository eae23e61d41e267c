"""A bare number that takes back a figure said in a foreign currency is in that currency:
"I get 4,200 euros a month. sorry, 4,400" is 4,400 euros, in the same message or the next;
a correction said in rupees, or a new figure that takes nothing back, is in rupees."""

from __future__ import annotations

import pytest

from fincoach_tui.domain.finance_facts import find_facts


def said(*messages: str) -> dict[str, str]:
    facts = find_facts([(f"m{i}", m) for i, m in enumerate(messages)])
    return {key: fact.value for key, fact in facts.items()}


@pytest.mark.parametrize(
    ("messages", "key", "value"),
    [
        (("I get 4,200 euros a month. sorry, 4,400",), "salary", "4,400 euros"),
        (("salary is $6,500 a month. sorry, 6,800",), "salary", "$6,800"),
        (("my pay is AED 18,000. oops, 18,500",), "salary", "AED 18,500"),
        (("take home SGD 7,200 monthly. sorry I mean 7,400",), "salary", "SGD 7,400"),
        (("rent £1,450. sorry, 1,500",), "rent", "£1,500"),
        (("rent is 1,800 euro, sorry, 1,850",), "rent", "1,850 euro"),
        (("I earn 5k USD a month, sorry 5.5k",), "salary", "USD 5,500"),
        (("net pay 3,350 euro a month", "sorry, 3,450"), "salary", "3,450 euro"),
        (("salary 4200 dirhams", "oops 4500"), "salary", "4,500 dirhams"),
        (("my rent is $2,100", "no wait, 2,300"), "rent", "$2,300"),
        (("salary RM 13,800 per month", "nahi, 14,200"), "salary", "RM 14,200"),
        (("my pay is 4,200 euros", "no, 4,400"), "salary", "4,400 euros"),
        (("EMI 9k", "no. 11k"), "loan_loan_emi", "₹11,000"),
        (("take home 2,950 euro. ugh, 2,590, typed it wrong",), "salary", "2,590 euro"),
        # near-misses: rupees said as rupees, a rupee figure corrected, a new figure
        (("rent £1,450. sorry, 1,500 rupees",), "rent", "₹1,500"),
        (("rent 1,800 euro", "sorry, ₹1,850"), "rent", "₹1,850"),
        (("salary 60k. sorry, 65k",), "salary", "₹65,000"),
    ],
)
def test_a_bare_correction_keeps_the_currency_it_corrects(
    messages: tuple[str, ...], key: str, value: str
) -> None:
    assert said(*messages)[key] == value


def test_a_rupee_figure_after_a_foreign_one_that_takes_nothing_back_stays_in_rupees() -> None:
    assert said("salary $6,500", "I send 25,000 home monthly") == {
        "salary": "$6,500",
        "remittance": "₹25,000",
    }


def test_a_lone_no_before_words_takes_nothing_back() -> None:
    assert said("rent 15k. no, I don't have any loan") == {"rent": "₹15,000"}


def test_a_thing_named_after_a_sigh_is_its_own_figure() -> None:
    assert said("salary 3,100 euro. ugh, rent 1,400 euro") == {
        "salary": "3,100 euro",
        "rent": "1,400 euro",
    }


@pytest.mark.parametrize(
    ("messages", "expected"),
    [
        (("SIP 5k", "bike 1.2L hogi. nahi, 1.4L"), {"sip": "₹5,000"}),
        (("EMI 9k", "car would be 9 lakh. ugh, 11 lakh"), {"loan_loan_emi": "₹9,000"}),
        (("salary 90k", "shaadi 15 lakh ka, nahi, 20 lakh"), {"salary": "₹90,000"}),
    ],
)
def test_a_take_back_of_a_figure_that_filed_nothing_leaves_the_facts_before(
    messages: tuple[str, ...], expected: dict[str, str]
) -> None:
    assert said(*messages) == expected
