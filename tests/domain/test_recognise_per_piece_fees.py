"""A fee per piece of work the user does ("avg per survey now 2,650", "900 per visit") is a
rate they earn by, not a new figure of the cost or loan the message before was about; a
figure per child or per month after a cost still is that cost's. Each case states exactly
the facts expected."""

from __future__ import annotations

import pytest

from tests.recognise_helpers import facts_of


@pytest.mark.parametrize(
    ("texts", "expected"),
    [
        (
            (
                "their school fees i pay, 2,100 each per month",
                "but one insurer cut the fee, avg per survey now 2,650",
            ),
            {"cost_school_fees": "₹2,100"},
        ),
        (
            ("school fees 2,100 a month", "company reduced payout, now 2,400 per claim"),
            {"cost_school_fees": "₹2,100"},
        ),
        (("bike emi 3,460", "avg per survey now 2,650"), {"loan_bike_emi": "₹3,460"}),
        (("maid 4k", "hospital raised me, 900 per visit now"), {"cost_maid": "₹4,000"}),
        (("tiffin 3k monthly", "ab 400 per consultation le raha hu"), {"cost_tiffin": "₹3,000"}),
        (("rent 12k", "ola gives me 180 a trip average"), {"rent": "₹12,000"}),
        # near-misses: per child, per month, "each" are still the cost before
        (("school fees 2,100 a month", "now 2,400 per kid"), {"cost_school_fees": "₹2,400"}),
        (("school fees 2,100 a month", "now 2,400 per month"), {"cost_school_fees": "₹2,400"}),
        (
            ("school fees 2,100 a month", "revised, 2,400 each per month"),
            {"cost_school_fees": "₹2,400"},
        ),
        (("tuition fees 3k", "now 3.5k per child"), {"cost_tuition": "₹3,500"}),
        (("rent 12k", "now 13k per month"), {"rent": "₹13,000"}),
    ],
)
def test_a_fee_per_piece_of_work_is_not_the_cost_before(texts, expected):
    assert facts_of(*texts) == expected
