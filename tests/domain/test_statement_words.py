"""A statement counts as held by the facts read from it only when they name its words as
well as its values: the user's words stay wherever a fact would lose what they said."""

from __future__ import annotations

import pytest

from fincoach_tui.domain.finance_facts import recognise
from fincoach_tui.domain.memory.notes import notes_section, user_notes
from fincoach_tui.domain.statement_words import stem, topic_words
from fincoach_tui.domain.user_statements import carried
from fincoach_tui.llm.offline_summary import summarize
from tests.domain.test_facts import messages
from tests.domain.test_offline_precedence import fold_request


def test_topic_words_leave_out_function_words_units_time_and_light_verbs():
    assert topic_words("My rent went up to 28k from next month, per the landlord") == {
        "rent",
        "landlord",
    }
    assert topic_words("I'm paying 3 lakh a year for the boys' school") == {"boy", "school"}
    assert stem("closed") == "clos" and stem("ends") == "end" and stem("bus") == "bus"


@pytest.mark.parametrize(
    ("text", "held"),
    [
        ("My salary is 90k and rent 30k", True),  # every word is a label
        ("In-hand pay is 72k", True),  # "in-hand" is a word of the salary's class
        ("My rent rose to 31k", True),  # a verb of change: the value says it
        ("The scooter loan is paid off now, the bank sent the NOC", False),  # which loan
        ("My in-laws stay with us and we cover their medicines", False),
        ("I'm fairly cautious, a bad year would hurt", False),  # the qualifier, the reason
    ],
)
def test_a_statement_is_held_only_when_its_facts_name_its_words(text, held):
    facts = dict(recognise(text))
    assert carried(text, facts) is held


def test_the_fold_keeps_a_statement_whose_fact_loses_its_words():
    turns = [
        ("My salary is 90k and rent 30k.", "ok"),
        ("The scooter loan is paid off now, the bank sent the NOC.", "ok"),
    ]
    text = summarize(fold_request("", turns))
    assert "- (turn 2) The scooter loan is paid off now, the bank sent the NOC" in text
    assert "- (turn 1)" not in text  # the salary and rent lines hold it


def test_the_notes_keep_held_statements_after_those_the_facts_do_not_hold():
    history = messages(
        "My salary is 90k and rent 30k.", "ok", "My in-laws stay with us, no rent from them.", "ok"
    )
    facts = {"salary": "₹90,000", "rent": "₹30,000"}
    said = user_notes(history, lambda m: True, facts)
    assert [s.text for s in said] == [
        "My salary is 90k and rent 30k",
        "My in-laws stay with us, no rent from them",
    ]
    # with room for one note, the one the facts do not hold is sent
    section, told = notes_section(said, None, 12, lambda t: len(t.split()))
    assert told == 1 and section is not None
    assert section.text == "- (turn 2) My in-laws stay with us, no rent from them"
