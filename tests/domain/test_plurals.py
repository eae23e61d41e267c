"""Counts in words, one way everywhere: "1 message", never "1 messages"; "turn 3", never
"turns 3-3"."""

from __future__ import annotations

import pytest

from fincoach_tui.domain.conversation import Transcript
from fincoach_tui.domain.memory import MemoryView
from fincoach_tui.domain.memory.facts import store_note
from fincoach_tui.domain.memory.window import WindowStrategy
from fincoach_tui.domain.planner import PlanInputs, format_plan, make_plan
from fincoach_tui.domain.plurals import plural, turn_span
from tests.domain.test_facts import fact, store_with


@pytest.mark.parametrize(
    ("count", "words", "shown"),
    [
        (0, ("message",), "0 messages"),
        (1, ("message",), "1 message"),
        (2, ("message",), "2 messages"),
        (1200, ("token",), "1,200 tokens"),
        (1, ("reply", "replies"), "1 reply"),
        (3, ("reply", "replies"), "3 replies"),
    ],
)
def test_a_count_is_singular_for_one_only(count, words, shown):
    assert plural(count, *words) == shown


def test_a_span_of_one_turn_is_that_turn():
    assert (turn_span(3, 3), turn_span(3, 5)) == ("turn 3", "turns 3-5")


def test_a_window_note_counts_the_messages_sent():
    transcript = Transcript()
    transcript.add("user", "hello", ts=0.0)
    transcript.add("assistant", "hi", ts=1.0)
    new = transcript.add("user", "and now?", ts=2.0)
    view = MemoryView("SYS", transcript.messages[:2], new, lambda m: 1)
    assert WindowStrategy(k=2).build(view).note == "last 2 messages"
    assert WindowStrategy(k=3).build(view).note == "last 2 messages"  # all there are
    # k=1 takes the reply's question with it: the note counts the two sent.
    assert WindowStrategy(k=1).build(view).note == "last 2 messages"


def test_the_facts_note_counts_one_fact_as_one():
    one = store_with(fact("f1", "salary", "1,20,000", 1.0))
    assert store_note(one, 1) == "1 fact"
    two = store_with(fact("f1", "salary", "1,20,000", 1.0), fact("f2", "rent", "25k", 2.0))
    assert store_note(two, 1) == "1 of 2 facts (1 over budget)"


def test_the_facts_note_names_why_each_fact_left_out_was():
    """A fact the turns sent verbatim already say is not counted as over the budget."""
    three = store_with(*(fact(f"f{n}", f"key_{n}", "1,000", float(n)) for n in (1, 2, 3)))
    assert store_note(three, 2, in_tail=1) == "2 of 3 facts (1 said in the turns sent)"
    assert store_note(three, 1, in_tail=1) == (
        "1 of 3 facts (1 said in the turns sent, 1 over budget)"
    )
    assert store_note(three, 0, in_tail=3) == "0 of 3 facts (3 said in the turns sent)"


def test_the_planner_assumptions_count_one_turn_as_one():
    text = format_plan(make_plan(PlanInputs(tail_turns=1, turns=1)))
    assert "tail 1 turn ·" in text and "· 1 turn\n" in text
