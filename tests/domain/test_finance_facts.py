"""Finding the user's figures in plain text, and writing rupee amounts."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from fincoach_tui.domain.finance_facts import (
    FinanceFact,
    find_facts,
    format_rupees,
    recognise,
    restate,
    rupees,
)
from fincoach_tui.domain.persona import DEMO_TURNS, SIMULATED_TURNS


def values(facts) -> dict[str, str]:
    return {key: fact.value for key, fact in facts.items()}


def said(*texts: str) -> dict[str, str]:
    """The facts' values in messages m1, m2, ... said one after the other."""
    return values(find_facts([(f"m{n}", text) for n, text in enumerate(texts, start=1)]))


def read_back(*facts: FinanceFact) -> dict[str, FinanceFact]:
    """What a summary that restates `facts` as "label: value" lines reads back as."""
    return find_facts([("summary", "\n".join(restate(f) for f in facts))])


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
    assert said(text) == expected


def test_a_later_mention_replaces_an_earlier_one():
    facts = find_facts(
        [
            ("m1", "My monthly salary is ₹1,20,000."),
            ("m3", "Good news: my salary is now ₹1,50,000."),
        ]
    )
    assert (facts["salary"].value, facts["salary"].source) == ("₹1,50,000", "m3")


def test_a_name_needs_a_capital_letter():
    assert said("i'm fine, thanks") == {}


def test_words_ending_in_rs_are_not_amounts():
    assert said("My salary has been the same for 4 years 6 months now.") == {}


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


def test_format_rupees_puts_a_minus_before_the_rupee():
    assert (format_rupees(-10000), format_rupees(-1234567)) == ("-₹10,000", "-₹12,34,567")


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
    assert read_back(FinanceFact(key, "label", value, "summary"))[key].value == value


@pytest.mark.parametrize(
    ("key", "said", "canonical"),
    [
        ("salary", "₹1.8 L", "₹1,80,000"),
        ("salary", "Rs. 95,000", "₹95,000"),
        ("rent", "28k", "₹28,000"),
    ],
)
def test_a_restated_value_reads_back_in_its_canonical_form(key, said, canonical):
    assert read_back(FinanceFact(key, "label", said, "summary"))[key].value == canonical


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
    found = read_back(fact)
    assert found[key].value == fact.value
    assert rupees(found[key].value) == amount


def test_a_truncated_topic_does_not_lend_its_label_to_the_next_amount():
    line = "Asked about: My monthly take-home salary is…; I have monthly expenses of about ₹60,000."
    assert "salary" not in find_facts([("summary", line)])


# ---- the kinds of fact, phrased freely ----------------------------------------------------


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("I get 95k in hand every month.", {"salary": "₹95,000"}),
        ("Net pay is 1.1L.", {"salary": "₹1,10,000"}),
        ("My CTC is 24 LPA.", {"salary": "₹24,00,000 a year"}),
        ("I earn twenty-five thousand a month.", {"salary": "₹25,000"}),
        ("My wife earns 80k.", {"family_spouse": "wife", "spouse_salary": "₹80,000"}),
        ("We pay 18,000 rent, and the maid is 5,000.", {"rent": "₹18,000", "cost_maid": "₹5,000"}),
        ("mera rent 25k hai", {"rent": "₹25,000"}),
        ("My EMI for the personal loan is 7k.", {"loan_personal_emi": "₹7,000"}),
        (
            "We have a 20-year home loan of 50 lakh at 8.5%.",
            {
                "loan_home_tenure": "20 years",
                "loan_home_amount": "₹50,00,000",
                "loan_home_rate": "8.5%",
            },
        ),
        (
            "I spend around 15k on groceries and 3k on electricity.",
            {"cost_groceries": "₹15,000", "cost_electricity": "₹3,000"},
        ),
        (
            "I pay 2k for the gym and 12k for my son's tuition.",
            {"cost_gym": "₹2,000", "cost_tuition": "₹12,000"},
        ),
        (
            "My FD of 1 lakh at 7.1% matures on 15 March 2027.",
            {"fd_amount": "₹1,00,000", "fd_rate": "7.1%", "fd_maturity": "on 15 Mar 2027"},
        ),
        (
            "I'm putting 10k a month into an RD for 2 years.",
            {"rd_amount": "₹10,000", "rd_tenure": "2 years"},
        ),
        (
            "I also started a recurring deposit of 8,000 a month last year; it runs till March 2027.",
            {"rd_amount": "₹8,000", "rd_end": "till Mar 2027"},
        ),
        (
            "I invest 1.5L a year in PPF and 5k monthly in NPS.",
            {"invest_ppf": "₹1,50,000 a year", "invest_nps": "₹5,000 a month"},
        ),
        (
            "I have 2 lakh in stocks and 50k in gold.",
            {"invest_stocks": "₹2,00,000", "invest_gold": "₹50,000"},
        ),
        ("My rent is ₹25,000 and I put 5k a month in a SIP.", {"rent": "₹25,000", "sip": "₹5,000"}),
        (
            "Health insurance premium is 25k a year for a 10 lakh cover.",
            {"insurance_health_premium": "₹25,000 a year", "insurance_health_cover": "₹10,00,000"},
        ),
        (
            "I have term insurance with a cover of 1 crore, premium 14k a year.",
            {"insurance_term_cover": "₹1,00,00,000", "insurance_term_premium": "₹14,000 a year"},
        ),
        (
            "Goal: Europe trip, about 3L, by next December.",
            # the goal's name is kept too, so that a later "the Europe budget" finds it
            {
                "goal_trip": "trip (Europe)",
                "goal_trip_amount": "₹3,00,000",
                "goal_trip_date": "by next December",
            },
        ),
        (
            "We want to buy a house by Diwali next year, need about 20 lakh for the down payment.",
            {"goal_house_date": "by Diwali next year", "goal_house_amount": "₹20,00,000"},
        ),
        (
            "Saving up for my daughter's education: need 25 lakh in 10 years.",
            {"goal_education_amount": "₹25,00,000", "goal_education_date": "in 10 years"},
        ),
        ("I want to retire by 50.", {"retirement_age": "50"}),
        (
            "I have about 4 lakh in my savings account and an emergency fund of 2L.",
            {"savings": "₹4,00,000", "emergency_fund": "₹2,00,000"},
        ),
        ("I have a credit card bill of 45k pending.", {"debt_credit_card": "₹45,000"}),
        ("My bonus of 1.5 lakh comes in March.", {"bonus": "₹1,50,000", "bonus_date": "in March"}),
        (
            "I live in Bangalore with my wife and two kids, and I support my parents.",
            {
                "city": 'Bengaluru ("Bangalore")',
                "family_spouse": "wife",
                "family_children": "2 kids",
                "family_parents": "supports parents",
            },
        ),
        (
            "I'm 32, married, with one daughter.",
            {"age": "32 years", "family_spouse": "married", "family_children": "1 daughter"},
        ),
        (
            "I'm conservative because my father lost his savings in 2008.",
            {"risk": "conservative", "risk_reason": "my father lost his savings in 2008"},
        ),
        (
            "After losing money in crypto, I prefer low-risk options.",
            {"risk": "low-risk", "risk_reason": "After losing money in crypto"},
        ),
        (
            "I'm quite risk-averse. I lost half my savings in 2020.",
            {"risk": "risk-averse", "risk_reason": "I lost half my savings in 2020"},
        ),
        ("After PF and TDS, 1,20,000 lands in my account every month.", {"salary": "₹1,20,000"}),
        ("We're renting; the flat costs us 30,000 every month.", {"rent": "₹30,000"}),
        ("Housing: 30,000 per month to the landlord.", {"rent": "₹30,000"}),
        ("We pay a monthly rent of INR 45,000 for our apartment.", {"rent": "₹45,000"}),
        (
            "By my estimate a home renovation needs 8 lakh, and I'd like it done by March 2027.",
            {"goal_renovation_amount": "₹8,00,000", "goal_renovation_date": "by Mar 2027"},
        ),
        ("Actually it's 10 lakh for my wedding.", {"goal_wedding_amount": "₹10,00,000"}),
        (
            "Life cover is 1 crore through a term policy, costing me 12,000 per year.",
            {"insurance_term_cover": "₹1,00,00,000", "insurance_term_premium": "₹12,000 a year"},
        ),
        (
            "I pay 22,000 a year for a health plan with 10 lakh sum insured.",
            {"insurance_health_premium": "₹22,000 a year", "insurance_health_cover": "₹10,00,000"},
        ),
        (
            "There's 3 lakh sitting in a bank deposit earning 7.2%; it matures in March 2027.",
            {"fd_amount": "₹3,00,000", "fd_rate": "7.2%", "fd_maturity": "Mar 2027"},
        ),
        ("Changed the mutual fund instalment to 12,000.", {"sip": "₹12,000"}),
        ("Big news, the company transferred me to Hyderabad.", {"city": "Hyderabad"}),
        (
            "Honestly I'm cautious; a medical emergency emptied our savings once.",
            {"risk": "cautious", "risk_reason": "a medical emergency emptied our savings once"},
        ),
        (
            "My approach to risk is moderate, since I want growth but hate big swings.",
            {"risk": "moderate", "risk_reason": "I want growth but hate big swings"},
        ),
        ("Nobody depends on me financially, it's just me.", {"dependants": "no dependants"}),
        ("Dad of two: a son and a daughter.", {"family_children": "2 children"}),
        ("They revised my pay. 95,000 per month from this cycle onwards.", {"salary": "₹95,000"}),
        ("I drive at a moderate speed.", {}),
        ("I have a credit card bill of 45k pending.", {"debt_credit_card": "₹45,000"}),
        # Questions, hypotheticals and other people's figures state no fact of the user's.
        ("Can I afford a monthly SIP of ₹15,000 on my current pay?", {}),
        ("If my rent goes up to 30k, what should I do?", {}),
        ("My friend pays 30k rent in Bangalore, is that normal?", {}),
        ("I pay 30k income tax a year.", {}),
    ],
)
def test_facts_phrased_freely(text, expected):
    assert said(text) == expected


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        (
            "For insurance I've got a two crore term plan at sixteen thousand five hundred a year.",
            {"insurance_term_cover": "₹2,00,00,000", "insurance_term_premium": "₹16,500 a year"},
        ),
        (
            "Put 825k into an FD last year; the rate is 7.6% and it's done in 03/2028.",
            {"fd_amount": "₹8,25,000", "fd_rate": "7.6%", "fd_maturity": "Mar 2028"},
        ),
        (
            "Actually it's 1.5 lakh for a house down payment, I got the figure wrong earlier.",
            {"goal_house_amount": "₹1,50,000"},
        ),
    ],
)
def test_number_words_month_year_dates_and_a_down_payment(text, expected):
    assert said(text) == expected


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("the household spends about 55k", [("expenses", "₹55,000")]),
        ("our household budget is 48k a month", [("expenses", "₹48,000")]),
        ("home expenses come to 38k", [("expenses", "₹38,000")]),
        ("ghar ka kharcha 42 hazaar hai", [("expenses", "₹42,000")]),
        ("running the house takes about 35k", [("expenses", "₹35,000")]),
        ("the house costs 90 lakh", []),  # a price, not what running it costs
    ],
)
def test_what_the_household_spends_is_the_monthly_expenses(text, expected):
    assert recognise(text) == expected


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        (
            "salary is 72k — rent is 21k",
            [("salary", "₹72,000"), ("rent", "₹21,000")],
        ),
        (
            "my FD is 3 lakh - matures in June 2028",
            [("fd_amount", "₹3,00,000"), ("fd_maturity", "Jun 2028")],
        ),
    ],
)
def test_a_dash_between_clauses_keeps_each_figure_with_its_name(text, expected):
    assert recognise(text) == expected
