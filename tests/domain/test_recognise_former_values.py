"""A figure said as what something was is never its current value: "pehle 10k tha, ab 12k",
"used to be 45,000, now 52k", "rent 12k now, 10k earlier", in English and romanised Hindi,
Tamil, Telugu and Marathi; the newer figure is the value, and an old one said alone, or
after the current one, states nothing. A figure said beside "before tax" or "hota hai" is
no old one."""

from __future__ import annotations

import pytest

from fincoach_tui.domain.finance_facts import find_facts, recognise


def said(*messages: str) -> dict[str, str]:
    facts = find_facts([(f"m{i}", m) for i, m in enumerate(messages)])
    return {key: fact.value for key, fact in facts.items()}


@pytest.mark.parametrize(
    ("text", "key", "value"),
    [
        ("salary pehle 10k tha, ab 12k", "salary", "₹12,000"),
        ("rent pehle 15000 tha ab 17000 hai", "rent", "₹17,000"),
        ("main 40k bharta tha rent, ab 48k", "rent", "₹48,000"),
        ("salary munnadi 25k irundhuchu, ippo 30k", "salary", "₹30,000"),
        ("sambalam munnadi 25,000 irundhadhu ippo 31,000", "salary", "₹31,000"),
        ("salary mundu 20k undedi, ippudu 24k", "salary", "₹24,000"),
        ("pagar aadhi 30k hota, aata 35k", "salary", "₹35,000"),
        ("my salary used to be 45,000, now 52k", "salary", "₹52,000"),
        ("rent 12k now, 10k earlier", "rent", "₹12,000"),
        ("I used to pay 45k rent, now 52k", "rent", "₹52,000"),
        ("I was paying 18k rent till last month, now 21k", "rent", "₹21,000"),
        ("take home was 60k before, now 68k", "salary", "₹68,000"),
        ("rent 22k, used to be 19k", "rent", "₹22,000"),
        ("home loan rate 9.1% now, it used to be 8.5%", "loan_home_rate", "9.1%"),
        ("home loan rate pehle 8.5% tha, ab 9.1% hai", "loan_home_rate", "9.1%"),
        # near-misses: no old value
        ("salary 50k before tax", "salary", "₹50,000"),
        ("salary 50k before bonus", "salary", "₹50,000"),
        ("I pay 12k the first week of the month as rent", "rent", "₹12,000"),
        ("rent 15k, pay it before the 5th", "rent", "₹15,000"),
        ("sabse pehle 50k emergency fund banana hai", "emergency_fund", "₹50,000"),
        ("sip 5k started earlier this year", "sip", "₹5,000"),
        # Gujarati's "thi" is "than" or "from", no past: the figure is what it is
        ("rent 12k thi vadhare nahi apay", "rent", "₹12,000"),
        ("salary 40k thi upar joie", "salary", "₹40,000"),
        ("pagar 45,000 thi ochhu nahi", "salary", "₹45,000"),
    ],
)
def test_the_newer_figure_is_the_value(text: str, key: str, value: str) -> None:
    assert [v for k, v in recognise(text) if k == key] == [value]


@pytest.mark.parametrize(
    "text", ["salary pehle 10k tha", "was 8k earlier", "rent 10k two years ago"]
)
def test_an_old_figure_said_alone_states_nothing(text: str) -> None:
    assert recognise(text) == []


@pytest.mark.parametrize(
    ("messages", "key", "value"),
    [
        (("rent 9.5k", "it was 8k earlier btw"), "rent", "₹9,500"),
        (("rent 9.5k", "pehle 8k tha"), "rent", "₹9,500"),
        (("salary 52k", "used to be 45,000"), "salary", "₹52,000"),
        (("rent 12k", "10k earlier"), "rent", "₹12,000"),
        (("salary 3,720 euro now", "3,350 euro tha pehle"), "salary", "3,720 euro"),
    ],
)
def test_an_old_figure_said_after_the_current_one_leaves_it(
    messages: tuple[str, ...], key: str, value: str
) -> None:
    assert said(*messages)[key] == value


def test_a_goal_said_again_from_its_gujarati_least_is_its_new_amount() -> None:
    facts = said(
        "goal: navu ghar, 70 lakh nu, 2029 sudhi ma",
        "ghar no plan badlayo.. Satellite ma 80 lakh thi niche kai nathi, so target 2031",
    )
    assert facts["goal_navu_ghar_amount"] == "₹80,00,000"
