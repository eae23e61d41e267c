"""What is said beside a rent and what ends it (recognise_rents, endings): a housing
society's charges and the power bill are fixed costs of their own, never a second rent
nor a replacement of it; and "no rent now" ends the rent, so the old figure is not sent
as current, while a rise that did not come or a standing "no rent" ends nothing. Each
case states exactly the facts expected."""

from __future__ import annotations

import pytest

from tests.recognise_helpers import facts_of


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        (
            "rent 18k plus society maintenance 2,500",
            {"rent": "₹18,000", "cost_maintenance": "₹2,500"},
        ),
        ("CAM charges 4k a month", {"cost_maintenance": "₹4,000"}),
        ("rent around 30k + CAM 5k", {"rent": "₹30,000", "cost_maintenance": "₹5,000"}),
        ("rent 21,000 + CAM 4,000", {"rent": "₹21,000", "cost_maintenance": "₹4,000"}),
        (
            "rent is 22k, society charges another 3k",
            {"rent": "₹22,000", "cost_maintenance": "₹3,000"},
        ),
        ("society charges 2.5k", {"cost_maintenance": "₹2,500"}),
        ("rent 20k, sosiety maintainance 2200", {"rent": "₹20,000", "cost_maintenance": "₹2,200"}),
        (
            "rent 12k. apartment association fee 1500",
            {"rent": "₹12,000", "cost_maintenance": "₹1,500"},
        ),
        (
            "maintenance 3500 society ka, kiraya 20k",
            {"cost_maintenance": "₹3,500", "rent": "₹20,000"},
        ),
        (
            "common area maintenance charges are 6k monthly",
            {"cost_maintenance": "₹6,000"},
        ),
        # near misses: maintenance inside the rent's figure is no cost of its own
        ("my rent is 16k incl maintenance", {"rent": "₹16,000"}),
        ("rent 16k (maintenance included)", {"rent": "₹16,000"}),
        ("₹19,000 + we split groceries", {}),
    ],
)
def test_society_charges_are_a_cost_beside_the_rent(text: str, expected: dict[str, str]) -> None:
    assert facts_of(text) == expected


def test_society_charges_said_later_leave_the_rent_as_it_was() -> None:
    assert facts_of("rent 18k", "society maintenance went up to 3k") == {
        "rent": "₹18,000",
        "cost_maintenance": "₹3,000",
    }


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        (
            "ghar ka kiraya 10k, hum 2k bijli bharte",
            {"rent": "₹10,000", "cost_electricity": "₹2,000"},
        ),
        ("kiraya 8000 aur bijli pani 1200", {"rent": "₹8,000", "cost_electricity": "₹1,200"}),
        ("rent 16,500 + bijli ~2k", {"rent": "₹16,500", "cost_electricity": "₹2,000"}),
        ("rent 21,000 + electricity 2k", {"rent": "₹21,000", "cost_electricity": "₹2,000"}),
        (
            "kiraya 10 hazaar, bijli ka bill 1500 hum bharte hain",
            {"rent": "₹10,000", "cost_electricity": "₹1,500"},
        ),
        ("bhaade 12000, karent bill 1000", {"rent": "₹12,000", "cost_electricity": "₹1,000"}),
        ("rent 9k, light bill 1,100", {"rent": "₹9,000", "cost_electricity": "₹1,100"}),
        (
            "we pay 2k for electricity and rent 11k",
            {"cost_electricity": "₹2,000", "rent": "₹11,000"},
        ),
        # near miss: the bill inside the rent
        ("rent 18k including electricity", {"rent": "₹18,000"}),
    ],
)
def test_the_power_bill_beside_the_rent_is_its_own_cost(
    text: str, expected: dict[str, str]
) -> None:
    assert facts_of(text) == expected


@pytest.mark.parametrize(
    ("later", "expected"),
    [
        (
            "no rent now, moved in with parents",
            'stopped (rent stopped) ("no rent now, moved in …")',
        ),
        ("rent khatam, ab apne ghar mein", 'stopped (rent stopped) ("rent khatam")'),
        (
            "ab kiraya nahi dena, papa ke ghar aa gaye",
            'stopped (rent stopped) ("ab kiraya nahi dena")',
        ),
        (
            "rent nahi dete ab, sasural mein rehte hain",
            'stopped (rent stopped) ("rent nahi dete ab")',
        ),
        (
            "rent is zero now, staying with in-laws",
            'stopped (rent stopped) ("rent is zero now, staying …")',
        ),
        ("now no rent, we live in the company flat", 'stopped (rent stopped) ("now no rent")'),
        ("zero rent now lol", 'stopped (rent stopped) ("zero rent now lol")'),
        (
            "not paying any rent since March, company gives quarters",
            'stopped (rent stopped) ("not paying any rent since …")',
        ),
        # near misses: a rise that did not come, a wish, a rent still paid
        ("no rent increase this year, still 18k", "₹18,000"),
        ("no rent hike, phew", "₹12,000"),
        ("now no rent hike please", "₹12,000"),
        ("ab rent nahi badhega", "₹12,000"),
        ("rent nahi badha", "₹12,000"),
        ("wish there was no rent now", "₹12,000"),
        ("if no rent now, I could save 12k", "₹12,000"),
    ],
)
def test_a_rent_said_to_stop_is_ended(later: str, expected: str) -> None:
    first = "rent 18k" if "18k" in later else "rent 12k"
    assert facts_of(first, later)["rent"] == expected


def test_no_rent_now_ends_the_rent_alone() -> None:
    assert facts_of("rent 12k", "no rent now. home loan EMI 25k started") == {
        "rent": 'stopped (rent stopped) ("no rent now")',
        "loan_home_emi": "₹25,000",
    }


def test_a_standing_no_rent_states_nothing() -> None:
    assert facts_of("we own our house, so no rent") == {}


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        (
            "rent php 24,000 plus association dues php 3,200",
            {"rent": "PHP 24,000", "cost_maintenance": "PHP 3,200"},
        ),
        ("rent PHP 24,000 plus dues PHP 3,200", {"rent": "PHP 24,000"}),
        ("rent $2,400 plus parking $150", {"rent": "$2,400"}),
        ("rent AED 6,000 plus dewa AED 800", {"rent": "AED 6,000"}),
        ("rent £1,250 plus council tax £160", {"rent": "£1,250"}),
        ("rent € 900 plus condominio € 60", {"rent": "€900"}),
        ("rent 24,000 plus dues 3,200", {"rent": "₹24,000"}),
        ("rent 20k a month plus dues 2k", {"rent": "₹20,000"}),
        # the light bill is a bill under a thousand (test_recognise_small_bills)
        ("bhada 9000 plus light bill 700", {"rent": "₹9,000", "cost_electricity": "₹700"}),
        ("rent 12k plus society 1,500", {"rent": "₹12,000"}),
        (
            "rent SGD 2,400 besides utilities SGD 200",
            {"rent": "SGD 2,400", "cost_utilities": "SGD 200"},
        ),
        # near-misses: what is included, or a total said after it, is the rent's
        ("rent php 24,000 including association dues", {"rent": "PHP 24,000"}),
        ("rent $2,400 plus parking", {"rent": "$2,400"}),
        ("rent AED 6,000 plus dewa, total AED 6,800", {"rent": "AED 6,800"}),
    ],
)
def test_a_thing_priced_after_plus_in_any_currency_is_not_the_rent(text, expected):
    assert facts_of(text) == expected


@pytest.mark.parametrize(
    ("texts", "rent"),
    [
        (("Rent is 20k.", "I keep roughly 68k"), "₹20,000"),
        (("Rent is 20k.", "and another 2k"), "₹20,000"),
        (("rent 20k", "plus an extra 1,500"), "₹20,000"),
        (("kiraya 9k", "aur ek 2k"), "₹9,000"),
        (("rent 18k", "we're left with 30k at month end"), "₹18,000"),
        (("rent 18k", "main 10k bachata hoon"), "₹18,000"),
        (("rent 14k", "i save around 8k"), "₹14,000"),
        # near-misses: a new figure of the rent itself
        (("rent 20k", "now 21k"), "₹21,000"),
        (("rent 20k", "paying 21k now"), "₹21,000"),
        (("rent 20k", "keeps going up, now 22k"), "₹22,000"),
        (("rent 20k", "my share 10k"), "₹10,000"),
    ],
)
def test_money_kept_or_another_figure_after_the_rent_is_not_the_rent(texts, rent):
    assert facts_of(*texts)["rent"] == rent


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        (
            "clinic collections last month came to 1,12,000 but after medicines and the "
            "compounder's pay I keep roughly 68k for the house",
            {"income_practice": "₹68,000"},
        ),
        (
            "clinic collections came to 1,12,000 but after medicines and the staff pay I keep "
            "roughly 68k",
            {"income_practice": "₹68,000"},
        ),
        ("after rent and bills we keep 20k from the shop", {"income_shop": "₹20,000"}),
        ("I keep roughly 68k for the house", {}),
        ("after paying the staff, about 45k is left for the house", {}),
        # near-misses: a home paid for is the rent
        ("we pay 18k for the house", {"rent": "₹18,000"}),
        ("18k for the flat, maintenance extra", {"rent": "₹18,000"}),
        ("my salary after PF is 80k", {"salary": "₹80,000"}),
    ],
)
def test_what_the_user_keeps_after_costs_is_no_rent_nor_a_pay(text, expected):
    assert facts_of(text) == expected
