"""Finding the user's figures in plain text, and writing rupee amounts."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from fincoach_tui.domain.finance_facts import (
    FinanceFact,
    find_facts,
    format_rupees,
    restate,
    rupees,
)
from fincoach_tui.domain.persona import DEMO_TURNS, SIMULATED_TURNS


def values(facts) -> dict[str, str]:
    return {key: fact.value for key, fact in facts.items()}


def test_facts_of_the_demo_conversation():
    facts = find_facts((f"m{2 * i + 1}", text) for i, text in enumerate(DEMO_TURNS))
    assert values(facts) == {
        "name": "Chiru",
        "salary": "₹1,20,000",
        "expenses": "₹60,000",
        "fd_amount": "₹50,000",
        "fd_maturity": "in 3 months",  # as said: the store resolves it against the date
        "risk": "risk-averse",
    }
    # Each fact remembers which message stated it.
    assert {k: f.source for k, f in facts.items()} == {
        "name": "m1",
        "salary": "m1",
        "expenses": "m3",
        "fd_amount": "m5",
        "fd_maturity": "m5",
        "risk": "m7",
    }
    assert facts["fd_amount"].label == "FD amount"
    assert facts["expenses"].label == "expenses"


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        (SIMULATED_TURNS[0], {"name": "Chiru", "salary": "₹1,20,000"}),
        (SIMULATED_TURNS[1], {"expenses": "₹60,000"}),
        (SIMULATED_TURNS[2], {"fd_amount": "₹50,000", "fd_maturity": "in 3 months"}),
        (SIMULATED_TURNS[3], {"risk": "risk-averse"}),
        (SIMULATED_TURNS[4], {}),
        (SIMULATED_TURNS[6], {}),  # "Is ₹10,000 per month in SIPs realistic?" asks, states nothing
        (SIMULATED_TURNS[9], {}),  # "based on my salary" states no figure
        ("I'm saving for a house.", {"goal_house": "house"}),
        (
            "My salary is Rs. 95,000 and expenses INR 40,000.",
            {"salary": "₹95,000", "expenses": "₹40,000"},
        ),
        ("My take-home is ₹1.8 L a month.", {"salary": "₹1,80,000"}),
    ],
)
def test_facts_in_one_message(text, expected):
    assert values(find_facts([("m1", text)])) == expected


def test_a_later_mention_replaces_an_earlier_one():
    facts = find_facts(
        [
            ("m1", "My monthly salary is ₹1,20,000."),
            ("m3", "Good news: my salary is now ₹1,50,000."),
        ]
    )
    assert (facts["salary"].value, facts["salary"].source) == ("₹1,50,000", "m3")


def test_a_name_needs_a_capital_letter():
    assert find_facts([("m1", "i'm fine, thanks")]) == {}


def test_words_ending_in_rs_are_not_amounts():
    assert find_facts([("m1", "My salary has been the same for 4 years 6 months now.")]) == {}


# ---- rupee amounts ------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "amount"),
    [
        ("₹1,20,000", 120000),
        ("₹1.8 L", 180000),
        ("₹60,000", 60000),
        ("Rs. 2.5 lakh", 250000),
        ("₹3 cr", 30000000),
        ("₹50k", 50000),
        ("INR 999", 999),
    ],
)
def test_rupees(text, amount):
    assert rupees(text) == pytest.approx(amount, rel=1e-12)


def test_rupees_without_a_number():
    assert rupees("about a lakh") == 100000  # number words are read too
    assert rupees("no figure here") is None


@pytest.mark.parametrize(
    ("amount", "text"),
    [
        (0, "₹0"),
        (999, "₹999"),
        (1000, "₹1,000"),
        (60000, "₹60,000"),
        (100000, "₹1,00,000"),
        (120000, "₹1,20,000"),
        (1234567, "₹12,34,567"),
        (10000000, "₹1,00,00,000"),
        (180000.4, "₹1,80,000"),
    ],
)
def test_format_rupees_uses_indian_grouping(amount, text):
    assert format_rupees(amount) == text


@given(st.integers(min_value=0, max_value=10**12))
def test_format_then_read_back(amount):
    text = format_rupees(amount)
    assert rupees(text) == amount
    # Indian grouping: the last three digits, then pairs.
    groups = text.removeprefix("₹").split(",")
    assert all(len(g) == 2 for g in groups[1:-1])
    assert len(groups[-1]) == (3 if amount >= 1000 else len(str(amount)))


# ---- restating a fact (summaries are re-read at every fold) --------------------------

EXAMPLES = {
    "name": ["Chiru", "Asha"],
    "salary": ["₹1,20,000", "₹18,00,000 a year", "$4,500"],
    "expenses": ["₹60,000", "₹45,000"],
    "fd_amount": ["₹50,000"],
    "fd_maturity": ["in 3 months", "Mar 2027", "by Diwali next year"],
    "risk": ["risk-averse", "conservative", "aggressive", "moderate risk"],
    "risk_reason": ["I lose sleep when markets fall"],
    "sip": ["₹10,000", "₹5,000"],
    "rent": ["₹28,000"],
    "rd_end": ["Mar 2027"],
    "rd_tenure": ["24 months"],
    "loan_car_emi": ["₹12,000"],
    "loan_home_rate": ["8.6%"],
    "invest_ppf": ["₹1,50,000 a year"],
    "insurance_term_cover": ["₹1,00,00,000"],
    "cost_school_fees": ["₹1,20,000 a year"],
    "goal_house_amount": ["₹20,00,000"],
    "goal_house_date": ["by Diwali next year"],
    "goal_house": ["house"],
    "family_children": ["2 children"],
    "city": ["Bengaluru"],
}


@pytest.mark.parametrize(
    ("key", "value"), [(key, value) for key, values_ in EXAMPLES.items() for value in values_]
)
def test_restated_fact_reads_back_the_same(key, value):
    fact = FinanceFact(key, "label", value, "summary")
    found = find_facts([("summary", restate(fact))])
    assert found[key].value == value


@pytest.mark.parametrize(
    ("key", "said", "canonical"),
    [
        ("salary", "₹1.8 L", "₹1,80,000"),
        ("salary", "Rs. 95,000", "₹95,000"),
        ("rent", "28k", "₹28,000"),
    ],
)
def test_a_restated_value_reads_back_in_its_canonical_form(key, said, canonical):
    found = find_facts([("summary", restate(FinanceFact(key, "label", said, "summary")))])
    assert found[key].value == canonical


def test_every_notebook_fact_survives_being_restated_together():
    facts = find_facts(
        [(f"d{i}", t) for i, t in enumerate(DEMO_TURNS)]
        + [(f"s{i}", t) for i, t in enumerate(SIMULATED_TURNS)]
    )
    assert set(facts) == {"name", "salary", "expenses", "fd_amount", "fd_maturity", "risk"}
    # The simulated summarizer writes them as "- label: value" lines.
    lines = "\n".join("- " + restate(f) for f in facts.values())
    assert values(find_facts([("summary", lines)])) == values(facts)


@given(st.sampled_from(["salary", "expenses", "fd_amount", "sip", "rent"]), st.integers(1, 10**9))
def test_restated_amounts_read_back(key, amount):
    fact = FinanceFact(key, "label", format_rupees(amount), "summary")
    found = find_facts([("summary", restate(fact))])
    assert found[key].value == fact.value
    assert rupees(found[key].value) == amount


def test_a_truncated_topic_does_not_lend_its_label_to_the_next_amount():
    line = "Asked about: My monthly take-home salary is…; I have monthly expenses of about ₹60,000."
    assert "salary" not in find_facts([("summary", line)])
