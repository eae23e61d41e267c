"""What the strategies reuse from one request to the next is the session's own: two
sessions never share it, a left session takes it (and its history) with it, and a
growing history is read only where it grew."""

from __future__ import annotations

import gc
import weakref

from hypothesis import given, settings
from hypothesis import strategies as st

from fincoach_tui.domain.conversation import Message, Transcript
from fincoach_tui.domain.fact_store import Fact, FactStore
from fincoach_tui.domain.memory import MemoryView, SessionMemo, Summary
from fincoach_tui.domain.memory.hybrid import HybridStrategy
from fincoach_tui.domain.memory.session_memo import TurnNumbers
from fincoach_tui.domain.memory.summary import SummaryStrategy
from fincoach_tui.domain.session_events import apply_fact_event, facts_event
from fincoach_tui.service.cost_comparison import CostComparison
from tests.memory_helpers import PLANTED, MemoryHarness, filler

SYSTEM = "You are a test coach."


def conversation(first_question: str):
    """The same ids and times in every session; only the first question differs."""
    transcript = Transcript()
    texts = [
        first_question,
        "noted",
        *[x for n in range(5) for x in (f"gold question {n}", "answer")],
        "What is my salary?",
    ]
    for index, text in enumerate(texts):
        transcript.add("user" if index % 2 == 0 else "assistant", text, ts=1e9 + 60 * index)
    return transcript.messages[:-1], transcript.messages[-1]


def salary_view(first_question: str, memo: SessionMemo, counter) -> MemoryView:
    history, new = conversation(first_question)
    store = FactStore()
    fact = Fact("f1", "salary", "₹1,50,000", ("m11",), history[10].ts, 6)
    apply_fact_event(store, facts_event(6, ["m11"], [fact]))
    # Folded up to the tail (turns 1-4): recall reaches only folded turns.
    summary = Summary("earlier turns", 4, tuple(m.id for m in history[:8]), 2)
    return MemoryView(
        SYSTEM,
        history,
        new,
        lambda m: 10,
        summary,
        facts=store,
        count_text=counter.count,
        memo=memo,
    )


def test_two_sessions_with_the_same_ids_keep_their_own_conflicts(counter):
    # Both sessions call their first question "m1" and hold the very same fact: only what
    # m1 says differs. Recall's conflicts are kept by ids and fact values, so one cache
    # for both would answer the second session with the first one's conflict.
    strategy = HybridStrategy(tail_turns=2)
    first, second = SessionMemo(), SessionMemo()
    stale = strategy.build(
        salary_view("Hi! My monthly take-home salary is ₹1,20,000.", first, counter)
    )
    current = strategy.build(
        salary_view("Hi! My monthly take-home salary is ₹1,50,000.", second, counter)
    )
    assert [(c.key, c.recalled_value) for c in stale.conflicts] == [("salary", "₹1,20,000")]
    assert current.conflicts == ()
    assert len(first.conflicts) > 0 and len(second.conflicts) > 0
    # Asked again, each session gets its own answer back from its own memo.
    again = strategy.build(
        salary_view("Hi! My monthly take-home salary is ₹1,20,000.", first, counter)
    )
    assert again.conflicts == stale.conflicts


def test_each_session_has_its_own_memo_and_every_view_of_it_carries_that_one(counter):
    one, two = MemoryHarness(counter, "hybrid"), MemoryHarness(counter, "hybrid")
    assert one.coach.memo is not two.coach.memo
    question = Message("m1", "user", "hello", 0.0, 1)
    assert one.coach.view(question).memo is one.coach.memo
    assert two.coach.view(question).memo is two.coach.memo


async def test_a_left_session_takes_its_memo_and_history_with_it(counter):
    h = MemoryHarness(counter, "hybrid")
    await h.turns([*PLANTED, *filler(6)])
    costs = CostComparison(h.coach)
    costs.snapshot([HybridStrategy(), SummaryStrategy()], context_window=None, horizon=20)
    memo = weakref.ref(h.coach.memo)
    first_question = weakref.ref(h.state.transcript.messages[0])
    del h, costs
    gc.collect()
    assert memo() is None  # nothing module-level holds the session's memo...
    assert first_question() is None  # ...nor, through it, the session's history


class Counted:
    """A message whose turn number counts how often it is read."""

    reads = 0

    def __init__(self, turn: int) -> None:
        self._turn = turn

    @property
    def turn(self) -> int:
        Counted.reads += 1
        return self._turn


def test_a_growing_history_is_read_only_where_it_grew():
    messages = [Counted(n // 2 + 1) for n in range(400)]
    numbers = TurnNumbers()
    reads = []
    for end in range(2, 401, 2):
        Counted.reads = 0
        assert numbers.ordered(tuple(messages[:end])) == [n // 2 + 1 for n in range(end)]
        reads.append(Counted.reads)
    assert set(reads) == {2}  # each turn: its two messages, however long the session
    Counted.reads = 0
    assert numbers.ordered(tuple(messages[:100])) is not None  # an earlier point: no reads
    assert Counted.reads == 0
    # Another session's memo starts empty: its first history is read whole, once.
    other = TurnNumbers()
    Counted.reads = 0
    other.ordered(tuple(messages))
    assert Counted.reads == 400


@settings(max_examples=200, deadline=None)
@given(
    st.lists(st.integers(1, 6), min_size=1, max_size=40),
    st.lists(st.tuples(st.integers(0, 1), st.integers(0, 40)), min_size=1, max_size=30),
)
def test_turn_numbers_are_those_of_any_history_asked_about(turns, asks):
    """Prefixes of two transcripts, asked in any order (growing, an earlier point, the other
    transcript): always [m.turn for m in history] when those never decrease, else None."""
    one = tuple(Counted(t) for t in turns)
    other = tuple(Counted(t) for t in sorted(turns))
    numbers = TurnNumbers()
    for which, end in asks:
        history = (one, other)[which][:end]
        expected = [m.turn for m in history]
        ordered = all(a <= b for a, b in zip(expected, expected[1:], strict=False))
        assert numbers.ordered(history) == (expected if ordered else None)
