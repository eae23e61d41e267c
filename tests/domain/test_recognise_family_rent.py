"""Money given to a relative towards their home or its rent is support, not the user's rent;
a figure added after the rent's is an extra; a monthly bill under a thousand is a cost."""

from __future__ import annotations

import pytest

from tests.recognise_helpers import facts_of


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("I give papa 12k towards the bhara", {"cost_support": "₹12,000"}),
        ("mummy ko ghar kharch ke liye 8k deta hoon", {"cost_support": "₹8,000"}),
        ("I chip in 10k for the flat my brother rents", {"cost_support": "₹10,000"}),
        ("Amma ko 5,000 deti hoon kiraye ke liye har mahine", {"cost_support": "₹5,000"}),
        ("we pay our share of 11k to dad for the rent", {"cost_support": "₹11,000"}),
        ("bhaiya ke flat ke rent me 6k deta hoon", {"cost_support": "₹6,000"}),
        ("I chip in ₹4,000 for the rent my sister pays", {"cost_support": "₹4,000"}),
        ("papa ko bhade ke liye 10 hazaar deta hu", {"cost_support": "₹10,000"}),
        ("contribute 8k to the family's rent each month", {"cost_support": "₹8,000"}),
        ("I put in 5k towards my uncle's rent since I stay with them", {"cost_support": "₹5,000"}),
        ("dad gets 12k from me towards rent and bills", {"cost_support": "₹12,000"}),
        ("my parents rent is 20k and I chip in 8k", {"cost_support": "₹8,000"}),
        (
            "I contribute 7k towards household expenses at my in-laws place",
            {"cost_support": "₹7,000"},
        ),
        # near-misses: the user's own rent, paid to a landlord or an owner who is kin
        ("I give the landlord 21k for the flat", {"rent": "₹21,000"}),
        ("I pay rent of 20k to my uncle who owns the flat", {"rent": "₹20,000"}),
        ("rent 12k, I pay it to the owner on the 5th", {"rent": "₹12,000"}),
        ("I pay 18k rent and give my parents 10k", {"rent": "₹18,000", "cost_support": "₹10,000"}),
    ],
)
def test_money_towards_a_relatives_home_is_support(text, expected):
    found = facts_of(text)
    assert {k: v for k, v in found.items() if not k.startswith("family_")} == expected


def test_the_users_own_rent_said_elsewhere_stays():
    found = facts_of("my rent is 15k", "rent 15k and I give papa 12k towards the bhara")
    assert (found["rent"], found["cost_support"]) == ("₹15,000", "₹12,000")
    found = facts_of("rent 15k", "papa ko 10k deta hoon bhare ke liye")
    assert (found["rent"], found["cost_support"]) == ("₹15,000", "₹10,000")


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("rent 12k plus 2k", {"rent": "₹12,000", "cost_maintenance": "₹2,000"}),
        ("rent 15k + 2k", {"rent": "₹15,000", "cost_maintenance": "₹2,000"}),
        ("rent 11k, plus 1k", {"rent": "₹11,000", "cost_maintenance": "₹1,000"}),
        ("rent is 18,500 + 1,500 maintenance", {"rent": "₹18,500", "cost_maintenance": "₹1,500"}),
        ("bhada 9k aur 1k light", {"rent": "₹9,000", "cost_electricity": "₹1,000"}),
        ("pay 24k rent, plus 2k for parking", {"rent": "₹24,000", "cost_parking": "₹2,000"}),
        (
            "room rent 8k plus bijli extra around 600",
            {"rent": "₹8,000", "cost_electricity": "₹600"},
        ),
        (
            "rent 12k + 2k = 14k total",
            {"rent": "₹12,000", "cost_maintenance": "₹2,000", "cost_total": "₹14,000"},
        ),
        # incl.: the figure is the whole rent
        ("25k rent incl. 3k society", {"rent": "₹25,000"}),
        ("rent 19k incl maintenance", {"rent": "₹19,000"}),
        # near-misses: a change of the rent, another thing's plus
        ("rent went up from 12k to 13k", {"rent": "₹13,000"}),
        ("salary 80k plus 10k bonus", {"salary": "₹80,000", "bonus": "₹10,000"}),
    ],
)
def test_a_figure_added_after_the_rent_is_an_extra(text, expected):
    assert facts_of(text) == expected


def test_plus_opening_a_clause_after_the_rent_adds_an_extra():
    assert facts_of("rent 15k", "plus 2k") == {"rent": "₹15,000", "cost_maintenance": "₹2,000"}


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("light bill 800", {"cost_electricity": "₹800"}),
        ("wifi 499", {"cost_internet": "₹499"}),
        ("gas cylinder 950", {"cost_gas": "₹950"}),
        ("mobile recharge 299 a month", {"cost_phone": "₹299"}),
        ("bijli alag se, 650 ke aas paas aata hai", {"cost_electricity": "₹650"}),
        ("paani ka bill 150 mahina", {"cost_water": "₹150"}),
        ("Internet: 799 p.m.", {"cost_internet": "₹799"}),
        ("netflix 649 and spotify 119", {"cost_netflix": "₹649", "cost_spotify": "₹119"}),
        ("maid ko 800 dete hain mahina", {"cost_maid": "₹800"}),
        ("cable TV 350", {"cost_cable_tv": "₹350"}),
        ("flat 302, maintenance 800", {"cost_maintenance": "₹800"}),
        # near-misses: small numbers that are no money
        ("I have 2 kids", {"family_children": "2 kids"}),
        ("we live in flat 302", {}),
        ("the flat is 650 sq ft", {}),
        ("loan 24 mahine ka hai", {}),
        ("maid comes 2 days a week", {}),
        ("bill came 45 minutes late", {}),
        ("I got 450 marks", {}),
        ("tuition 300 students", {}),
        ("recharge 28 days validity", {}),
        ("the gym is 200 metres away", {}),
        ("rate is 7.5%", {}),
    ],
)
def test_a_monthly_bill_under_a_thousand_is_a_cost(text, expected):
    assert facts_of(text) == expected
