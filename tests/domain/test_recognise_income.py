"""Income that is not a salary, in the ways people say it: each source its own fact, kept
apart from the salary, replaced by a later figure for the same source."""

from __future__ import annotations

import pytest

from fincoach_tui.domain.finance_facts import find_facts, recognise
from fincoach_tui.domain.recognise.income_sources import SOURCES


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        (
            "the dairy gives us around twenty two thousand every month",
            ("income_dairy", "₹22,000 a month"),
        ),
        ("our kirana store makes about 70k a month", ("income_shop", "₹70,000 a month")),
        ("tuition earns me 9k a month", ("income_tuition", "₹9,000 a month")),
        ("I make 14k a month from tuitions", ("income_tuition", "₹14,000 a month")),
        ("my clinic brings in around 2.1 lakh", ("income_practice", "₹2,10,000")),
        ("rental income 13k", ("income_rental", "₹13,000")),
        ("I get 16k rent from the flat we let out", ("income_rental", "₹16,000")),
        ("the tenant pays us 9,500 every month", ("income_rental", "₹9,500 a month")),
        ("dukaan se 35 hazaar aate hain", ("income_shop", "₹35,000")),
        ("kharif madhun 2.4 lakh aale", ("income_kharif", "₹2,40,000")),
        ("the taxi earns around 25k a month", ("income_vehicle", "₹25,000 a month")),
        ("shop ki kamai 50 hazaar hai", ("income_shop", "₹50,000")),
        (
            "I also take tuitions, that brings in about 7k a month",
            ("income_tuition", "₹7,000 a month"),
        ),
        ("sold the harvest, got 1.9 lakh from the kharif crop", ("income_kharif", "₹1,90,000")),
        ("the shop is near the station and it makes around 45k", ("income_shop", "₹45,000")),
        # someone who pays the user for what a source yields
        ("they give us 11k from the milk", ("income_dairy", "₹11,000")),
        ("the co-op pays me 28k for the harvest", ("income_farm", "₹28,000")),
        ("He sends us 6k a month from the shop", ("income_shop", "₹6,000 a month")),
        ("we get 14k from the stall", ("income_shop", "₹14,000")),
    ],
)
def test_income_from_a_source_is_that_sources(text: str, expected: tuple[str, str]) -> None:
    assert recognise(text) == [expected]


def test_a_sources_income_does_not_replace_the_salary() -> None:
    facts = find_facts(
        [
            ("m1", "my salary is 62k"),
            ("m2", "and the side business brings in 20k"),
            ("m3", "I also get 12k rent from the old flat"),
        ]
    )
    assert {k: f.value for k, f in facts.items()} == {
        "salary": "₹62,000",
        "income_freelance": "₹20,000",
        "income_rental": "₹12,000",
    }


def test_a_later_figure_for_a_source_replaces_it_however_phrased() -> None:
    facts = find_facts(
        [
            ("m1", "the dairy gives us about 18 thousand every month"),
            ("m2", "dairy income is now 21k a month"),
            ("m3", "shop brings in 40k"),
            ("m4", "income from the shop dropped to 32k"),
        ]
    )
    assert facts["income_dairy"].value == "₹21,000 a month"
    assert facts["income_shop"].value == "₹32,000"


@pytest.mark.parametrize("slug", list(SOURCES))
def test_a_sources_fact_line_reads_back_as_the_same_fact(slug: str) -> None:
    assert recognise(f"- income {slug}: ₹12,000") == [(f"income_{slug}", "₹12,000")]


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("we pay 25k rent", [("rent", "₹25,000")]),
        ("tuition fees are 40k a year", [("cost_tuition", "₹40,000 a year")]),
        ("I pay 12k for tuition every month", [("cost_tuition", "₹12,000")]),
        ("papa ki pension 30 hazaar aati hai", [("pension_of_father", "₹30,000")]),
    ],
)
def test_what_is_paid_out_is_not_income(text: str, expected: list[tuple[str, str]]) -> None:
    assert recognise(text) == expected


def test_a_fact_in_a_foreign_currency_keeps_it_and_is_replaced_across_phrasings() -> None:
    assert recognise("husband earns 4000 AED a month") == [
        ("family_spouse", "husband"),
        ("spouse_salary", "AED 4,000"),
    ]
    facts = find_facts(
        [
            ("m1", "my take-home is 14,000 dirhams"),
            ("m2", "rent is 3,500 AED for a studio"),
            ("m3", "got a raise, salary is now AED 15,500"),
        ]
    )
    assert {k: f.value for k, f in facts.items()} == {
        "salary": "AED 15,500",
        "rent": "AED 3,500",
    }
    assert recognise("- salary: AED 15,500") == [("salary", "AED 15,500")]
    assert recognise("freelance clients pay me $2,000 a month") == [
        ("income_freelance", "$2,000 a month")
    ]


def test_a_range_is_kept_as_a_range_and_an_exact_figure_replaces_it() -> None:
    assert recognise("the shop brings in 40-50k a month") == [
        ("income_shop", "₹40,000 to ₹50,000 a month")
    ]
    assert recognise("- income shop: ₹40,000 to ₹50,000") == [("income_shop", "₹40,000 to ₹50,000")]
    facts = find_facts(
        [("m1", "rent is 25-28k depending on the month"), ("m2", "rent is 26,500 now")]
    )
    assert facts["rent"].value == "₹26,500"


@pytest.mark.parametrize(
    "text",
    [
        "we pay 9k for the milk",  # paid by the user: a cost, not income
        "my cousin gets 20k from his shop",  # someone else's
        "they get 30k from the farm",  # someone else's, not paid to the user
    ],
)
def test_money_the_user_pays_or_someone_else_earns_is_not_their_income(text: str) -> None:
    assert not [k for k, _ in recognise(text) if k.startswith("income")]
