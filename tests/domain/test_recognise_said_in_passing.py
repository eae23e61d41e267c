"""Facts people state in shapes the recogniser used to pass over: a statement that opens
with what the user does with money ("what I take home is ..."), the user's age, a refusal
to speculate, a self-interview's answers, children counted as kids."""

from __future__ import annotations

import pytest

from fincoach_tui.domain.finance_facts import recognise
from fincoach_tui.domain.user_statements import statements_in


def _values(text: str, key: str) -> list[str]:
    return [v for k, v in recognise(text) if k == key]


# ---- "what I take home ...": a statement, not a question ------------------------------


@pytest.mark.parametrize(
    ("text", "key", "value"),
    [
        (
            "business: large cardamom trading. what i take home from it avg 1.1 lakh a month, "
            "some months more some less",
            "salary",
            "₹1,10,000",
        ),
        ("what we take home together comes to 1.6 lakh", "salary", "₹1,60,000"),
        ("What I actually take home after TDS: 93,500", "salary", "₹93,500"),
        ("what i usually get in hand is 64k", "salary", "₹64,000"),
        ("what i receive as pension is 41,500", "pension", "₹41,500"),
        ("what i take home in hand comes to 2,40,000 a month", "salary", "₹2,40,000"),
        ("how much I take home is 1.05 lakh, roughly", "salary", "₹1,05,000"),
        ("what i bring home is roughly 72,000 rupees", "salary", "₹72,000"),
        ("i bring home 58k after PF", "salary", "₹58,000"),
        ("bringing home 47k these days, down from 52k", "salary", "₹47,000"),
    ],
)
def test_a_statement_that_opens_with_what_the_user_does_with_money_states_it(text, key, value):
    assert _values(text, key) == [value]


@pytest.mark.parametrize(
    "text",
    [
        "what should i do with 1.1 lakh bonus",
        "what would i take home if i earn 15 LPA",
        "how much will i take home at 12 lakh CTC",
        "how much do i take home on 18 LPA",
        "what i should do about the 2 lakh in savings account",
        "what if i take home 90k next year",
    ],
)
def test_a_question_about_take_home_states_no_pay(text):
    assert _values(text, "salary") == []


def test_the_statement_is_kept_among_the_users_words():
    text = "what i take home from it avg 1.1 lakh a month"
    assert statements_in(text) == (text,)


# ---- the user's age ----------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "age"),
    [
        ("I am 66 years of age, widower since 2019.", "66 years"),
        ("I'm 34, wife is 31, one kid", "34 years"),
        ("im 29 and just started my first job in pune", "29 years"),
        ("age 41, salary 1.2L", "41 years"),
        ("Age: 37. City: Indore.", "37 years"),
        ("my age is 52 and I want to retire by 58", "52 years"),
        ("aged 58, retired from the railways last year", "58 years"),
        ("34M, Bangalore, SDE at a startup", "34 years"),
        ("just turned 40 last month, feeling old lol", "40 years"),
        ("meri umar 45 saal hai, do bachche hain", "45 years"),
        ("main 52 saal ka hoon aur dukaan chalata hoon", "52 years"),
        ("i am 33 y/o working in Dubai", "33 years"),
        ("Myself Ravi, 36 years, from Nagpur", "36 years"),
        ("I'm sixty-two and still working", "62 years"),
        ("- age: 66 years", "66 years"),  # the memory's own line reads back
    ],
)
def test_the_users_age_is_a_fact(text, age):
    assert _values(text, "age") == [age]


@pytest.mark.parametrize(
    "text",
    [
        "me + mother (67) + twin daughters (8 yrs)",
        "my father is 72 and lives with us",
        "my son is 12 years old",
        "I'm 12 years into this job",
        "I am 30 days late on my credit card",
        "I'm 25k short this month",
        "retirement age 58 in our company",
        "when I'm 60 I want 2 crore",
        "by the time I'm 55, the loan should be closed",
        "I am 18 months into the RD",
        "my mom turned 70 last week",
        "20M in the company ESOPs",
        "his age is 40, mine is less",
        "papa ki umar 70 hai",
        "wife age 31",
        "entry age 45 for the policy",
        "age 60 pe retire karna hai",
    ],
)
def test_no_one_elses_age_nor_a_time_is_the_users_age(text):
    assert _values(text, "age") == []


# ---- speculation refused: a cautious stance ---------------------------------------------


@pytest.mark.parametrize(
    ("text", "value"),
    [
        (
            "I will not put the yajmans' offerings into speculation.",
            'conservative ("not put … into speculation")',
        ),
        ("we never gamble with our savings", 'conservative ("never gamble")'),
        ("I refuse to speculate with the shop's money", 'conservative ("refuse to speculate")'),
        ("I'm not into speculation or crypto", 'conservative ("I\'m not into speculation")'),
        ("no speculation, no crypto, no F&O", 'conservative ("no speculation")'),
        ("stock market is not for me", 'conservative ("stock market is not for …")'),
        ("crypto is not for us", 'conservative ("crypto is not for us")'),
        ("Only government and bank.", 'conservative ("Only government")'),
        ("just post office schemes for me", 'conservative ("just post office")'),
        ("satta nahi karna mujhe, FD hi theek hai", 'conservative ("satta nahi")'),
        (
            "I would never bet my kids' fees on the market",
            'conservative ("never bet … the market")',
        ),
    ],
)
def test_refusing_speculation_is_a_cautious_stance(text, value):
    assert _values(text, "risk") == [value]


@pytest.mark.parametrize(
    "text",
    [
        "speculation about rate cuts is everywhere",
        "I don't think speculation is always bad",
        "I will not put more into the FD, I want to speculate a bit",
        "my friend only invests in government bonds",
        "only government job pays pension these days",
        "I am going to speculate a little with 10k",
        "stock market is for the long term, I'm in for 15 years",
    ],
)
def test_speculation_named_without_refusing_it_is_no_stance(text):
    assert _values(text, "risk") == []


# ---- a self-interview: "Q: rent? A: 13,800" -------------------------------------------


def test_a_self_interviews_answer_is_the_users_figure_for_what_it_asked():
    text = (
        "Q: salary? A: 62,800 in hand. Q: any other income? A: my wife Yami runs a stall, "
        "roughly 7,200 a week. Q: rent? A: 13,800, a two-room house."
    )
    facts = dict(recognise(text))
    assert (facts["salary"], facts["spouse_salary"], facts["rent"]) == (
        "₹62,800",
        "₹7,200 a week",
        "₹13,800",
    )
    assert not any(key.endswith("_of_a") for key in facts)  # "A:" is nobody's initial


def test_a_self_interviews_answer_is_kept_with_its_question():
    text = "Q: rent? A: 13,800, a two-room house. Q: why not quarters? A: waiting list."
    assert statements_in(text) == (
        "Q: rent? A: 13,800, a two-room house",
        "Q: why not quarters? A: waiting list",
    )
    assert statements_in("A: 13,800 for the flat") == ("A: 13,800 for the flat",)


# ---- kids stay kids -----------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "value"),
    [
        ("Kids: two kids. Son 15, class 10. Daughter 9.", "2 kids"),
        ("we have two kids", "2 kids"),
        ("one kid only", "1 kid"),
        ("two children, 8 and 5", "2 children"),
        ("We have two kids, Aarav and Diya.", "2 kids (Aarav, Diya)"),
        ("we have two babies", "2 children"),
    ],
)
def test_children_are_counted_in_the_users_word_for_them(text, value):
    assert _values(text, "family_children") == [value]
