"""Facts that have no figure by nature (a risk stance and its reason, who depends on the
user, where they live) are kept as well as figures, asked about in the words people use,
and a figure is filed under what it is, not what it comes through."""

from __future__ import annotations

import pytest

from fincoach_tui.domain.fact_relevance import topic_asked
from fincoach_tui.domain.finance_facts import recognise
from fincoach_tui.domain.own_words import without_own_words
from fincoach_tui.domain.user_statements import salience, statements_in


@pytest.mark.parametrize(
    ("statement", "rank"),
    [
        ("I honestly can't sleep if markets fall", 2),  # a stance: no figure, kept as one
        ("dost ka sara paisa F&O me doob gaya tha", 2),  # its reason, in Hinglish
        ("young, can take a hit, nobody depends on me", 2),
        ("my wife's mother has moved in with us", 2),  # a dependant
        ("we have shifted to Mysuru", 2),  # a city
        ("the floater is through my hospital", 1),  # insurance: a figure usually says it
        ("Sorry, long day", 0),
    ],
)
def test_a_statement_with_no_figure_ranks_with_figures_when_its_kind_has_none(statement, rank):
    assert salience(statement) == rank


@pytest.mark.parametrize(
    ("text", "kept"),
    [
        # an apology for the chat is small talk: as a statement it shared "long" with "long horizon"
        # and pushed the stance out of a capped summary as "on its topic"
        ("Sorry, long day. Where were we.", ()),
        ("Sorry if these questions are basic.", ()),
        ("sorry, we moved to Pune", ("sorry, we moved to Pune",)),
        (
            "sorry for asking again but we moved to Pune",
            ("sorry for asking again but we moved to Pune",),
        ),
        ("oops, the SIP is 6k not 5k", ("oops, the SIP is 6k not 5k",)),
    ],
)
def test_an_apology_for_the_chat_is_small_talk_but_not_what_follows_it(text, kept):
    assert statements_in(text) == kept


@pytest.mark.parametrize(
    ("key", "question", "asked"),
    [
        ("risk", "Should we add a few blue-chip stocks for our son?", True),
        ("risk", "bhai mutual fund me paisa safe h?", True),
        ("risk", "Where should I park the bonus?", True),
        ("risk", "What is an RD?", False),
        ("family_parents", "Whose medical costs must I plan for?", True),
        ("family_parents", "should I send some money to amma anyway", True),
        ("family_parents", "What is an RD?", False),
    ],
)
def test_risk_and_family_questions_are_read_in_the_words_people_use(key, question, asked):
    assert topic_asked(key, question) is asked


@pytest.mark.parametrize(
    ("text", "facts"),
    [
        (
            "Health cover is through school, 3 lakh, only for me and my son.",
            [("insurance_health_cover", "₹3,00,000")],
        ),
        (
            "Family floater of 15 lakh through my hospital",
            [("insurance_health_cover", "₹15,00,000")],
        ),
        ("the school did the revision, I get 42,300 now", [("salary", "₹42,300")]),
        ("school fees are 8k a month", [("cost_school_fees", "₹8,000")]),
        ("I get 5k as bonus every Diwali", [("bonus", "₹5,000")]),
    ],
)
def test_a_figure_is_filed_under_what_it_is_not_what_it_comes_through(text, facts):
    assert recognise(text) == facts


@pytest.mark.parametrize(
    ("text", "facts"),
    [
        # cautious, said as what the user cannot bear, with the reason in the next sentence
        (
            "I can't sleep if markets fall. I'm the only earner and my son depends on me.",
            [
                ("risk", "conservative"),
                ("risk_reason", "I'm the only earner and my son depends on me"),
            ],
        ),
        (
            "At my age capital protection comes first. I saw 2008 wipe out a friend's savings.",
            [("risk", "conservative"), ("risk_reason", "I saw 2008 wipe out a friend's savings")],
        ),
        ("lost money in 2008 so only FDs for me", [("risk", "conservative")]),
        (
            "share market se door rehna hai. dost ka paisa F&O me doob gaya",
            [("risk", "conservative"), ("risk_reason", "dost ka paisa F&O me doob gaya")],
        ),
        # bold, said as what the user can bear
        (
            "I'm 24, can take a hit, so full equity please",
            [("age", "24 years"), ("risk", "aggressive")],
        ),
    ],
)
def test_a_stance_is_read_from_what_the_user_can_or_cannot_bear(text, facts):
    # the class is read; the words it was said in follow it (`own_words`)
    assert [(k, without_own_words(v)) for k, v in recognise(text)] == facts


@pytest.mark.parametrize(
    ("text", "kept"),
    [
        ("term insurance lena chahiye kya", ()),  # the question word last, no question mark
        ("health insurance kitne ka hota h", ()),
        ("rain me orders kam hote h, kya karu", ()),
        ("credit score kya hota h", ()),
        ("room share karta hu, mera hissa 4200 ka", ("room share karta hu, mera hissa 4200 ka",)),
    ],
)
def test_a_hinglish_question_without_its_mark_is_not_kept_as_a_statement(text, kept):
    assert statements_in(text) == kept


@pytest.mark.parametrize(
    ("text", "facts"),
    [
        ("noida sector 62 shift ho gaya, orders zyada h yaha", [("city", "Noida")]),
        ("hum log Pune aa gaye last week", [("city", "Pune")]),
        ("Delhi me flat hai, shift nahi karna", []),  # not a move
        ("my mother is our responsibility now", [("family_parents", "supports mother")]),
        (
            "my wife's mother has moved in with us",
            [("family_spouse", "wife"), ("family_parents", "supports mother")],
        ),
    ],
)
def test_a_move_said_in_hindi_and_a_parent_who_moved_in_are_read(text, facts):
    assert recognise(text) == facts
