"""Loans named by the vehicle they bought, loans closed in free wording, and a spouse's or
a parent's EMI filed as theirs."""

from __future__ import annotations

import pytest

from fincoach_tui.domain.fact_keys import label_of, normalise_key
from tests.recognise_helpers import facts_of

CLOSED_CAR = 'closed (car loan closed) ("{}")'


@pytest.mark.parametrize(
    ("texts", "expected"),
    [
        (("the Thar EMI is 18,000",), {"loan_car_thar_emi": "₹18,000"}),
        (("i20 ki kisht 9,400",), {"loan_car_i20_emi": "₹9,400"}),
        (("Eeco loan 6,200 a month",), {"loan_car_eeco_emi": "₹6,200"}),
        (("Activa ki EMI 2,100",), {"loan_bike_activa_emi": "₹2,100"}),
        (("Royal Enfield loan 4,200 EMI",), {"loan_bike_royal_enfield_emi": "₹4,200"}),
        (("the Corolla payment is $380 a month",), {"loan_car_corolla_emi": "$380"}),
        (
            ("Innova EMI 28k, Activa EMI 2k",),
            {"loan_car_innova_emi": "₹28,000", "loan_bike_activa_emi": "₹2,000"},
        ),
        (
            ("Alto loan khatam hone mein 6 mahine, EMI 5,400",),
            {"loan_car_alto_end": "in Feb 2027", "loan_car_alto_emi": "₹5,400"},
        ),
        # near misses: a vehicle named beside no loan
        (("I drive a Creta, petrol is 6k a month",), {"cost_transport": "₹6,000"}),
        (("we went to Jupiter mall, spent 4k",), {}),
    ],
)
def test_a_loan_named_by_its_vehicle_is_that_vehicles_loan(texts, expected):
    assert facts_of(*texts) == expected


@pytest.mark.parametrize(
    ("key", "label"),
    [
        ("loan_car_eeco_emi", "car loan (Eeco) EMI"),
        ("loan_car_emi", "car loan EMI"),
        ("loan_loan_emi", "loan EMI"),
        ("spouse_loan_car_i20_emi", "spouse car loan (i20) EMI"),
        ("parents_loan_home_emi", "parents home loan EMI"),
        ("loan_bike_royal_enfield_tenure", "bike loan (Royal Enfield) tenure"),
    ],
)
def test_a_loans_label_reads_naturally_and_back_to_its_key(key, label):
    assert label_of(key) == label
    assert normalise_key(label) == key


@pytest.mark.parametrize(
    ("earlier", "closing", "key", "quoted"),
    [
        (
            "car loan EMI 9,000",
            "car loan poora bhar ditta",
            "loan_car_emi",
            "car loan poora bhar ditta",
        ),
        ("Alto EMI 4,500", "alto wala loan pura zala", "loan_car_alto_emi", "loan pura zala"),
        (
            "car loan EMI 9,000",
            "ek saath bhar diya car loan",
            "loan_car_emi",
            "ek saath bhar diya car …",
        ),
        (
            "Thar EMI 18,400",
            "Thar is fully paid now",
            "loan_car_thar_emi",
            "Thar is fully paid now",
        ),
        (
            "car loan EMI 9k",
            "final EMI of the car loan paid yesterday",
            "loan_car_emi",
            "final EMI of the car …",
        ),
    ],
)
def test_a_loan_closed_in_free_wording_is_closed(earlier, closing, key, quoted):
    assert facts_of(earlier, closing)[key] == CLOSED_CAR.format(quoted)


@pytest.mark.parametrize(
    "closing",
    ["almost paid off the car loan", "half of the loan is paid", "should I pay off the car loan?"],
)
def test_a_loan_nearly_closed_is_not_closed(closing):
    assert facts_of("car loan EMI 9,000", closing)["loan_car_emi"] == "₹9,000"


@pytest.mark.parametrize(
    ("texts", "expected"),
    [
        (("papa ka home loan 22k EMI",), {"parents_loan_home_emi": "₹22,000"}),
        (
            ("my father still pays 12k EMI on his personal loan",),
            {"parents_loan_personal_emi": "₹12,000"},
        ),
        (
            ("my EMI is 9k and my wife's EMI is 6k",),
            {"family_spouse": "wife", "loan_loan_emi": "₹9,000", "spouse_loan_loan_emi": "₹6,000"},
        ),
        (
            ("my wife Riya works at TCS", "my car loan EMI is 12k", "her EMI is 7k"),
            {
                "spouse_name": "Riya",
                "family_spouse": "wife",
                "loan_car_emi": "₹12,000",
                "spouse_loan_car_emi": "₹7,000",
            },
        ),
        (
            (
                "wife Harleen has her dental clinic",
                "my Thar EMI 18,400, her i20 EMI 8,900",
                "closed the i20 loan from clinic money in one shot",
            ),
            {
                "spouse_name": "Harleen",
                "family_spouse": "wife",
                "loan_car_thar_emi": "₹18,400",
                "spouse_loan_car_i20_emi": 'closed (car loan closed) ("closed the i20 loan from …")',
            },
        ),
        # near miss: a loan shared with the spouse is the user's
        (
            ("we pay 25k home loan EMI jointly with my wife",),
            {"family_spouse": "wife", "loan_home_emi": "₹25,000"},
        ),
    ],
)
def test_a_spouses_or_parents_emi_is_theirs_beside_the_users(texts, expected):
    assert facts_of(*texts) == expected
