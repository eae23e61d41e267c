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
        "fd_maturity": "3 months",
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
    assert facts["fd_amount"].label == "FD"
    assert facts["expenses"].label == "monthly expenses"


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        (SIMULATED_TURNS[0], {"name": "Chiru", "salary": "₹1,20,000"}),
        (SIMULATED_TURNS[1], {"expenses": "₹60,000"}),
        (SIMULATED_TURNS[2], {"fd_amount": "₹50,000", "fd_maturity": "3 months"}),
        (SIMULATED_TURNS[3], {"risk": "risk-averse"}),
        (SIMULATED_TURNS[4], {}),
        (SIMULATED_TURNS[6], {"sip": "₹10,000"}),
        (SIMULATED_TURNS[9], {}),  # "based on my salary" states no figure
        ("I'm saving for a house.", {"goal": "house"}),
        (
            "My salary is Rs. 95,000 and expenses INR 40,000.",
            {"salary": "Rs. 95,000", "expenses": "INR 40,000"},
        ),
        ("My take-home is ₹1.8 L a month.", {"salary": "₹1.8 L"}),
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
    assert rupees("about a lakh") is None


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
    "salary": ["₹1,20,000", "₹1.8 L", "Rs. 95,000"],
    "expenses": ["₹60,000", "₹45k"],
    "fd_amount": ["₹50,000"],
    "fd_maturity": ["3 months", "2 years"],
    "risk": ["risk-averse", "conservative", "aggressive", "moderate risk"],
    "sip": ["₹10,000", "₹5,000"],
    "goal": ["house", "retirement", "car"],
}


@pytest.mark.parametrize(
    ("key", "value"), [(key, value) for key, values_ in EXAMPLES.items() for value in values_]
)
def test_restated_fact_reads_back_the_same(key, value):
    fact = FinanceFact(key, "label", value, "summary")
    found = find_facts([("summary", restate(fact))])
    assert found[key].value == value


def test_every_notebook_fact_survives_being_restated_together():
    facts = find_facts(
        [(f"d{i}", t) for i, t in enumerate(DEMO_TURNS)]
        + [(f"s{i}", t) for i, t in enumerate(SIMULATED_TURNS)]
    )
    assert set(facts) == {"name", "salary", "expenses", "fd_amount", "fd_maturity", "risk", "sip"}
    # The simulated summarizer writes them as one "Facts: a; b; c." line.
    line = "Facts: " + "; ".join(restate(f) for f in facts.values()) + "."
    assert values(find_facts([("summary", line)])) == values(facts)


@given(st.sampled_from(["salary", "expenses", "fd_amount", "sip"]), st.integers(1, 10**9))
def test_restated_amounts_read_back(key, amount):
    fact = FinanceFact(key, "label", format_rupees(amount), "summary")
    found = find_facts([("summary", restate(fact))])
    assert found[key].value == fact.value
    assert rupees(found[key].value) == amount


def test_a_truncated_topic_does_not_lend_its_label_to_the_next_amount():
    line = "Asked about: My monthly take-home salary is…; I have monthly expenses of about ₹60,000."
    assert "salary" not in find_facts([("summary", line)])
