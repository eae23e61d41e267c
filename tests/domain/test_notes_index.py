"""The facts strategy's notes index: what a request costs does not grow with the session
(counted as the work done: statements read, notes judged or placed, candidates looked at),
and the facts a note's verdict reads are those the recogniser reads in it."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from fincoach_tui.domain.conversation import Message, Transcript
from fincoach_tui.domain.fact_store import Fact, FactStore
from fincoach_tui.domain.finance_facts import recognise
from fincoach_tui.domain.memory.base import MemoryView, last_turns
from fincoach_tui.domain.memory.note_parts import keys_read
from fincoach_tui.domain.memory.notes import NOTES_TOKENS, current_values, notes_budget
from fincoach_tui.domain.memory.notes_fill import facts_notes
from fincoach_tui.domain.memory.notes_index import NotesIndex
from fincoach_tui.domain.memory.session_memo import SessionMemo
from fincoach_tui.domain.statement_verdicts import carried, marked_line, replaced
from fincoach_tui.domain.user_statements import Statement
from tests.domain.test_notes_incremental import (
    QUESTIONS,
    REPLY,
    SAID,
    outside,
    reference_notes,
    reference_section,
    tail_turns,
)

VALUES = {
    "salary": ("85k", "92,000", "1.2 lakh"),
    "rent": ("25k", "28,000"),
    "loan_home_rate": ("8.6%", "7.9%"),
    "family": ("wife and two kids",),
    "city": ("Pune", "Indore"),
}
facts_maps = st.dictionaries(
    st.sampled_from(sorted(VALUES)),
    st.sampled_from(sorted({v for vs in VALUES.values() for v in vs})),
)


@settings(max_examples=200, deadline=None)
@given(st.sampled_from(SAID), facts_maps)
def test_a_statements_verdict_reads_only_the_keys_the_recogniser_reads_in_it(said, facts):
    facts = {**facts, **dict(recognise(said)[:1])}  # one of its own keys, as it said it
    own = {k: v for k, v in facts.items() if k in keys_read(said)}
    statement = Statement(7, said)
    assert carried(said, facts) == carried(said, own)
    assert replaced(said, facts) == replaced(said, own)
    assert marked_line(statement, facts) == marked_line(statement, own)


def words(text: str) -> int:
    return len(text.split())


def long_conversation(turns: int) -> tuple[Message, ...]:
    """A conversation whose every statement is new (a day number in each), so that the
    notes grow with it."""
    transcript = Transcript()
    for n in range(turns):
        said = SAID[n % len(SAID)].rstrip(".!?")
        transcript.add("user", f"{said}, as of day {n}.", ts=1000.0 + 2 * n)
        transcript.add("assistant", REPLY, ts=1001.0 + 2 * n)
    return transcript.messages


def test_a_requests_notes_cost_the_same_work_late_in_a_long_session() -> None:
    messages = long_conversation(1200)
    store = FactStore()
    first = messages[0]
    found = [
        Fact(f"f{k}", key, value, (first.id,), first.ts, 1)
        for k, (key, value) in enumerate(recognise("My salary is 85k and I pay 25k rent"))
    ]
    store.extraction(1, (first.id,), found)
    memo = SessionMemo()
    work: list[int] = []
    for turn in range(1, 1200):
        history, new = messages[: 2 * turn], messages[2 * turn]
        question = QUESTIONS[turn % len(QUESTIONS)] or new.content
        asked = Message(new.id, "user", question, new.ts, new.turn)
        view = MemoryView("system", history, asked, len, facts=store, memo=memo)
        kept = [m for pair in last_turns(history, 3) for m in pair]
        index: NotesIndex | None = memo.fact_notes.get(3)
        before = index.work if index is not None else 0
        section, told = facts_notes(view, kept, 3, words)
        work.append(memo.fact_notes[3].work - before)
        if turn in (30, 599, 1199):  # the reference's, early, midway and late
            expected = reference_notes(history, outside(tail_turns(history)), current_values(store))
            budget = notes_budget(NOTES_TOKENS, len(expected))
            assert (section.text if section else None, told) == reference_section(
                expected, store, budget, words, question
            )
    # An older note goes only with every newer one on its topic, so a question about a topic
    # looks at its notes until their newest fill the largest budget (here by turn 500); from
    # then on, with over 1,000 notes late, a request looks at no more than it did then.
    notes = len(memo.fact_notes[3])
    early, late = work[500:600], work[1100:]
    assert notes > 1000
    assert max(late) <= max(early) < notes // 5


def test_an_index_kept_between_openings_gives_the_same_notes_without_judging_again() -> None:
    """Dumped as JSON and adopted by a fresh memo (the next opening of the session), the
    index gives the reference's section, having judged no note again: only the statements
    of the turn that left the tail since are read."""
    import json

    messages = long_conversation(120)
    store = FactStore()
    memo = SessionMemo()

    def notes_at(turn: int, memo: SessionMemo) -> tuple[str | None, int]:
        history, new = messages[: 2 * turn], messages[2 * turn]
        view = MemoryView("system", history, new, len, facts=store, memo=memo)
        kept = [m for pair in last_turns(history, 3) for m in pair]
        section, told = facts_notes(view, kept, 3, words)
        return (section.text if section else None), told

    for turn in range(1, 100):
        notes_at(turn, memo)
    kept = json.loads(json.dumps(memo.fact_notes[3].dump(messages)))
    opened = SessionMemo()
    index = opened.fact_notes[3] = NotesIndex(opened)
    index.keep(kept)
    assert notes_at(100, opened) == notes_at(100, SessionMemo())
    # The statement of the turn that left the tail since, judged and worked out: no other.
    assert index.judged == 2
    history = messages[:200]
    expected = reference_notes(history, outside(tail_turns(history)), current_values(store))
    text, told = reference_section(
        expected, store, notes_budget(NOTES_TOKENS, len(expected)), words, messages[200].content
    )
    assert notes_at(100, opened) == (text, told)


def test_an_index_kept_for_another_session_is_passed_over() -> None:
    messages = long_conversation(20)
    memo = SessionMemo()
    history, new = messages[:30], messages[30]
    view = MemoryView("system", history, new, len, memo=memo)
    kept = [m for pair in last_turns(history, 3) for m in pair]
    expected = facts_notes(view, kept, 3, words)
    for data in ({"read": 12, "last": "elsewhere"}, {"read": "x"}, None, [1, 2]):
        opened = SessionMemo()
        index = opened.fact_notes[3] = NotesIndex(opened)
        index.keep(data)
        view = MemoryView("system", history, new, len, memo=opened)
        assert facts_notes(view, kept, 3, words) == expected
