"""Fees are earned or paid by one rule (`recognise_fee_side`): money that comes in from
fees, a practice, tuition or a van is that work's income however it is said, and fees the
user pays for someone's studies stay costs, both in one conversation. The sentences are made
up for these tests."""

from __future__ import annotations

import pytest

from tests.recognise_helpers import facts_of


@pytest.mark.parametrize(
    ("texts", "expected"),
    [
        (
            ("school ke 10 mahine dono van se milake 1.38 lakh aata hai fees se",),
            {"income_vehicle": "₹1,38,000"},
        ),
        (
            ("is session se school ne fees badha di, ab dono van se 1.52 lakh aata",),
            {"income_vehicle": "₹1,52,000"},
        ),
        (("tuition se 40k milta hai",), {"income_tuition": "₹40,000"}),
        (("the clinic brings in about 2 lakh",), {"income_practice": "₹2,00,000"}),
        (("fees se mahine ka 60 hazaar aa jata hai",), {"income_fees": "₹60,000"}),
        (("we collect 35k a month from the classes",), {"income_tuition": "₹35,000 a month"}),
        (("coaching se har mahine 55,000 aa jaata hai",), {"income_tuition": "₹55,000"}),
        (("the vans earn 1.2 lakh in fees each month",), {"income_vehicle": "₹1,20,000"}),
        (("fees aati hai 30 hazar mahina, mere students se",), {"income_tuition": "₹30,000"}),
        (("my dance academy fees come to about 70k a month",), {"income_tuition": "₹70,000"}),
        (
            ("I make around 50k a month from my pottery classes",),
            {"income_tuition": "₹50,000 a month"},
        ),
        (("tempo se mahine ka 38 hazaar bach jata hai",), {"income_vehicle": "₹38,000"}),
        (
            ("fees received from parents 90k per month for the van",),
            {"income_vehicle": "₹90,000"},
        ),
        (
            ("my van brings in 45k a month from school kids' fees",),
            {"income_vehicle": "₹45,000 a month"},
        ),
        (("clinic ton har mahine 1.2 lakh aa janda",), {"income_practice": "₹1,20,000"}),
        (("clinic nunchi 3 lakh vastundi",), {"income_practice": "₹3,00,000"}),
        (
            ("I run my own small practice", "consulting fees come in at about 90k a month"),
            {"income_practice": "₹90,000"},
        ),
        (
            ("bookkeeping retainers give me 30k a month",),
            {"income_retainer": "₹30,000 a month"},
        ),
        # near-misses: fees the user pays stay costs
        (("the hospital bill came to 60k",), {}),
        # a hospital is where people work too: its cover is no takings
        (
            ("Family floater of 15 lakh through my hospital.",),
            {"insurance_health_cover": "₹15,00,000"},
        ),
        (
            ("beti Dehradun me BSc nursing, fees 95,000 saal, hostel alag 4,500 mahina",),
            {"cost_fees": "₹95,000", "cost_hostel": "₹4,500"},
        ),
        (("my son's school fees are 1.2 lakh a year",), {"cost_school_fees": "₹1,20,000 a year"}),
        (("we pay 12k a month in fees for the twins",), {"cost_fees": "₹12,000"}),
        (("the school van fees are 2,200 a month for Aarav",), {"cost_fees": "₹2,200"}),
        (("coaching fees for my daughter 15k per month",), {"cost_fees": "₹15,000"}),
        (("bachche ki school fees 4,500 mahina",), {"cost_school_fees": "₹4,500"}),
    ],
)
def test_fees_coming_in_are_income_and_fees_paid_are_costs(
    texts: tuple[str, ...], expected: dict[str, str]
) -> None:
    assert facts_of(*texts) == expected


@pytest.mark.parametrize(
    "texts",
    [
        ("dono van se 1.52 lakh aata hai fees se", "beti ki college fees 95,000 saal"),
        ("beti ki college fees 95,000 saal", "dono van se 1.52 lakh aata hai fees se"),
    ],
)
def test_fees_earned_and_fees_paid_are_both_kept(texts: tuple[str, ...]) -> None:
    assert facts_of(*texts) == {"income_vehicle": "₹1,52,000", "cost_fees": "₹95,000"}


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("net professional receipts stand at 1,85,000", {"income_practice": "₹1,85,000"}),
        ("rent receipts come to 24,000", {"rent": "₹24,000"}),
        ("receipts for the school fees are 18,000", {"cost_school_fees": "₹18,000"}),
    ],
)
def test_receipts_are_takings_unless_paid_for_something(
    text: str, expected: dict[str, str]
) -> None:
    assert facts_of(text) == expected
