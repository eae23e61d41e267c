"""Undoing a fact's deletion: possible until the next request is built, written as an
event of its own (the file keeps the deletion and its undoing), and replayed on resume."""

from __future__ import annotations

from fincoach_tui.domain.fact_store import Fact, FactStore
from fincoach_tui.domain.session_events import (
    FactDeletedEvent,
    FactRestoredEvent,
    apply_fact_event,
    facts_event,
)
from tests.memory_helpers import PLANTED, MemoryHarness, filler


def test_restoring_gives_back_the_fact_as_it_was():
    store = FactStore()
    fact = Fact("f1", "salary", "₹1,20,000", ("m1",), 100.0, 1)
    apply_fact_event(store, facts_event(1, ["m1"], [fact]))
    apply_fact_event(store, FactDeletedEvent("f1", 200.0))
    assert store.current() == ()
    apply_fact_event(store, FactRestoredEvent("f1", 210.0))
    assert store.current() == (fact,) and store.deleted_source_ids() == set()


async def test_a_deletion_is_undone_before_the_next_turn_and_not_after(counter):
    h = MemoryHarness(counter, "facts", {"tail_turns": 2})
    await h.turns([*PLANTED, *filler(3)])
    salary = h.state.facts.current_for("salary")
    fd = h.state.facts.current_for("expenses")
    assert h.coach.undo_deletion() is None  # nothing deleted: nothing to undo

    h.coach.delete_fact(salary.id)
    h.coach.delete_fact(fd.id)
    assert h.state.undoable_deletions() == [salary.id, fd.id]
    assert h.coach.undo_deletion() == fd.id  # the newest first
    assert h.events[-1] == {"type": "fact_restored", "id": fd.id, "at": h.events[-1]["at"]}
    assert h.state.facts.get(fd.id).current and not h.state.facts.get(salary.id).current
    assert h.coach.undo_deletion() == salary.id
    assert h.state.facts.get(salary.id).current and h.state.undoable_deletions() == []
    await h.turn("What should I do next?")
    system = h.state.chat_records[-1].sent[0].content
    assert "- salary: ₹1,20,000" in system and "- expenses: ₹60,000" in system

    h.coach.delete_fact(salary.id)
    await h.turn("And after that?")  # a request was built without it: too late to undo
    assert h.state.undoable_deletions() == [] and h.coach.undo_deletion() is None
    assert "₹1,20,000" not in h.state.chat_records[-1].sent[0].content
    kinds = [e["type"] for e in h.events if e["type"].startswith("fact_")]
    assert kinds == [
        "fact_deleted",
        "fact_deleted",
        "fact_restored",
        "fact_restored",
        "fact_deleted",
    ]

    resumed = h.resumed()
    assert resumed.state.facts.facts == h.state.facts.facts
    assert resumed.state.facts.get(fd.id).current
    assert resumed.state.facts.get(salary.id).deleted_at is not None
