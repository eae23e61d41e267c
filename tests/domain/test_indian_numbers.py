"""Money in the romanised number words of Indian languages, and the words for pay and rent
in them. Made-up sentences."""

from __future__ import annotations

import pytest

from fincoach_tui.domain.amounts import find_amounts
from fincoach_tui.domain.finance_facts import find_facts


@pytest.mark.parametrize(
    ("text", "value"),
    [
        ("bees hazaar", 20_000),
        ("teen lakh", 300_000),
        ("dedh lakh", 150_000),
        ("dhai lakh", 250_000),
        ("sawa lakh", 125_000),
        ("saadhe chaar lakh", 450_000),
        ("paune teen lakh", 275_000),
        ("teen lakh chalis hazaar", 340_000),
        ("saath hazaar", 60_000),
        ("anju aayiram", 5_000),
        ("moonu lakh", 300_000),
        ("chollish hajar", 40_000),
        ("don lakh", 200_000),
        ("ek koti", 10_000_000),
        ("12 laakh", 1_200_000),
        ("25 aayiram", 25_000),
    ],
)
def test_money_in_indian_number_words(text, value):
    assert [a.value for a in find_amounts(f"around {text} per month")] == [value]


@pytest.mark.parametrize("text", ["what do you think", "we sat down", "do it later", "ek baar"])
def test_number_words_without_a_scale_are_no_money(text):
    assert find_amounts(text) == []


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("meri tankhwah chalis hazaar hai, kiraya aath hazaar", ("₹40,000", "₹8,000")),
        ("en sambalam muppathu aayiram, vaadagai ettu aayiram", ("₹30,000", "₹8,000")),
        ("majha pagar 52,000 ahe, bhaade 11,000", ("₹52,000", "₹11,000")),
        ("amar beton 48 hajar, bari bhara 9 hajar", ("₹48,000", "₹9,000")),
    ],
)
def test_pay_and_rent_said_in_indian_languages(text, expected):
    facts = find_facts([("m0", text)])
    assert (facts["salary"].value, facts["rent"].value) == expected
