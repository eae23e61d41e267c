"""What is left of a loan's term, and a deposit said as a product and an instalment: the
phrasings people use, English and Hinglish, read to exact keys and values."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from fincoach_tui.domain.finance_facts import find_facts, recognise

MAY_2026 = datetime(2026, 5, 10, tzinfo=UTC).timestamp()


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        (
            "scooter loan EMI 4,100, 3 years left",
            [("loan_bike_emi", "₹4,100"), ("loan_bike_end", "in 3 years")],
        ),
        ("about nineteen years left on the home loan", [("loan_home_end", "in 19 years")]),
        ("the personal loan has 10 months to go", [("loan_personal_end", "in 10 months")]),
        ("education loan, 4 saal baaki", [("loan_education_end", "in 4 years")]),
        ("car loan ki 15 mahine aur bache hain", [("loan_car_end", "in 15 months")]),
        ("home loan khatam hone mein 6 saal", [("loan_home_end", "in 6 years")]),
        ("car loan: 1 year 4 months remaining", [("loan_car_end", "in 16 months")]),
        (
            "bike loan emi is 2,900 per month, 13 emis left",
            [("loan_bike_emi", "₹2,900"), ("loan_bike_end", "in 13 months")],
        ),
        (
            "laptop on EMI, 3,300 a month, six more to go",
            [("loan_laptop_emi", "₹3,300"), ("loan_laptop_end", "in 6 months")],
        ),
    ],
)
def test_what_is_left_of_a_term_is_when_it_ends(text: str, expected: list[tuple[str, str]]) -> None:
    assert recognise(text) == expected


def test_a_bare_count_left_is_a_term_only_of_a_loan() -> None:
    assert recognise("tv on emi, 1,900. 4 left") == [
        ("loan_tv_emi", "₹1,900"),
        ("loan_tv_end", "in 4 months"),
    ]
    assert recognise("I have 3 tickets left for the show") == []
    assert recognise("58 years old, 2 years of service left") == []


def test_a_term_left_resolves_to_the_month_it_ends() -> None:
    facts = find_facts([("m1", "car loan EMI 9,200, 22 mahine aur bache hain")], MAY_2026)
    assert facts["loan_car_end"].value == "in Mar 2028"


def test_a_corrected_term_left_replaces_the_first_and_the_denied_one_is_not_read() -> None:
    facts = find_facts(
        [
            ("m1", "car loan: 11,300 EMI, 2 years left"),
            ("m2", "car loan — sorry, it's 2 years 5 months left, not 2 years"),
        ],
        MAY_2026,
    )
    assert facts["loan_car_end"].value == "in Oct 2028"
    assert "loan_car_tenure" not in facts


def test_a_future_end_said_in_hindi_is_not_an_ending() -> None:
    assert recognise("personal loan khatam hone mein 9 mahine") == [
        ("loan_personal_end", "in 9 months")
    ]
    assert recognise("personal loan khatam! last EMI bhar di") == [
        ("loan_personal_emi", 'closed (personal loan closed) ("personal loan khatam")')
    ]


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("post office RD, 2,500 a month", [("rd_post_office_amount", "₹2,500")]),
        ("recurring deposit of 4k monthly at the PO", [("rd_post_office_amount", "₹4,000")]),
        ("I put 1500 every month in an RD", [("rd_amount", "₹1,500")]),
        (
            "PO RD 3,000 per month for 5 years",
            [("rd_post_office_amount", "₹3,000"), ("rd_post_office_tenure", "5 years")],
        ),
        (
            "post office me RD khola hai 1,100 mahina, 5 saal wala",
            [("rd_post_office_amount", "₹1,100"), ("rd_post_office_tenure", "5 years")],
        ),
        (
            "har mahine 1800 RD mein daalta hoon, 2028 tak",
            [("rd_amount", "₹1,800"), ("rd_end", "by 2028")],
        ),
        (
            "an RD - 6k monthly, matures Dec 2027",
            [("rd_amount", "₹6,000"), ("rd_end", "Dec 2027")],
        ),
    ],
)
def test_a_recurring_deposit_said_as_a_product_and_an_instalment(
    text: str, expected: list[tuple[str, str]]
) -> None:
    assert recognise(text) == expected


def test_an_age_in_hindi_is_no_deposit_term() -> None:
    assert recognise("beta 7 saal ka hai, FD 1 lakh hai") == [("fd_amount", "₹1,00,000")]


def test_a_loan_named_by_what_it_bought_is_kept_apart_and_ends_as_that() -> None:
    assert recognise("tv on emi, 1,650. 3 left") == [
        ("loan_tv_emi", "₹1,650"),
        ("loan_tv_end", "in 3 months"),
    ]
    assert recognise("EMI 4,000 for the fridge") == [("loan_fridge_emi", "₹4,000")]
    facts = find_facts(
        [
            ("m1", "mobile on emi, 2,200 a month"),
            ("m2", "bike loan EMI 3,100"),
            ("m3", "mobile emi done"),
        ]
    )
    assert {k: f.value for k, f in facts.items()} == {
        "loan_phone_emi": 'closed (phone loan closed) ("emi done")',
        "loan_bike_emi": "₹3,100",
    }
