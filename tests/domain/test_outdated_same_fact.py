"""A statement is marked outdated only by a newer value of the same fact: read alone, "the
studio rent is 14,000" is filed as the rent, but when the facts hold 14,000 as the studio's
rent, a newer home rent does not make it outdated. The sentences are made up for these
tests."""

from __future__ import annotations

from fincoach_tui.domain.conversation import Message, Transcript
from fincoach_tui.domain.fact_store import Fact, FactStore
from fincoach_tui.domain.memory.base import MemoryView, last_turns
from fincoach_tui.domain.memory.note_parts import by_turn
from fincoach_tui.domain.memory.notes import current_values, reference_notes
from fincoach_tui.domain.memory.notes_fill import facts_notes
from fincoach_tui.domain.memory.session_memo import SessionMemo
from fincoach_tui.domain.statement_verdicts import fact_kind, marked_line, replacing
from fincoach_tui.domain.user_statements import Statement


def test_a_fact_kind_is_its_key_whoever_and_whichever() -> None:
    assert [fact_kind(k) for k in ("rent_shop", "rent", "loan_car_emi")] == ["rent", "rent", "loan"]
    kinds = {fact_kind(k) for k in ("spouse_salary", "salary_of_meena", "pension", "income_dairy")}
    assert kinds == {"salary"}


def _summary_line(text: str, facts: dict[str, str], said_in: dict[str, int]) -> str:
    statement = Statement(3, text)
    return marked_line(statement, replacing(statement, facts, said_in, [statement]))


def test_a_value_misfiled_under_another_fact_of_its_kind_is_not_outdated() -> None:
    said_in = {"rent": 9, "rent_studio": 3}
    line = _summary_line(
        "the studio rent is 14,000", {"rent": "₹18,000", "rent_studio": "₹14,000"}, said_in
    )
    assert line == "- (turn 3) the studio rent is 14,000"
    # the same statement with no other fact holding its value: the newer rent replaced it
    line = _summary_line(
        "the studio rent is 14,000", {"rent": "₹18,000", "rent_studio": "₹15,500"}, said_in
    )
    assert line == "- (turn 3) the studio rent is 14,000 (outdated)"


def test_another_owners_value_is_not_outdated_by_the_users_own() -> None:
    said_in = {"salary": 9, "spouse_salary": 3}
    facts = {"salary": "₹90,000", "spouse_salary": "₹60,000"}
    assert _summary_line("my salary is 60k", facts, said_in) == "- (turn 3) my salary is 60k"
    facts = {"salary": "₹90,000", "spouse_salary": "₹75,000"}
    assert _summary_line("my salary is 60k", facts, said_in).endswith("(outdated)")


def test_the_notes_mark_a_value_outdated_only_by_a_newer_one_of_the_same_fact() -> None:
    facts = {"rent": "₹18,000", "rent_studio": "₹14,000"}
    turns = {"rent": 9.0, "rent_studio": 3.0}
    assert by_turn("the studio rent is 14,000", 3, facts, turns) == ({}, {})
    later, _ = by_turn("the studio rent is 14,000", 3, {**facts, "rent_studio": "₹15,500"}, turns)
    assert later == {"rent": "₹18,000"}


def _fact(n: int, key: str, value: str, message: Message) -> Fact:
    return Fact(f"f{n}", key, value, (message.id,), message.ts, message.turn)


def words(text: str) -> int:
    return len(text.split())


def test_the_index_follows_a_fact_of_the_kind_as_the_reference_does() -> None:
    """The note's mark reads the current facts of its kind: when the studio's rent is filed
    later, the index marks the note again, as the reference does."""
    transcript = Transcript()
    said = ["the studio rent is 14,000", "home rent went up to 18,000", "ok", "ok", "ok", "ok"]
    for n, text in enumerate(said):
        transcript.add("user", text, ts=10.0 + 2 * n)
        transcript.add("assistant", "Noted.", ts=11.0 + 2 * n)
    history = transcript.messages
    store = FactStore()
    store.extraction(2, (history[2].id,), [_fact(1, "rent", "₹18,000", history[2])])
    memo = SessionMemo()
    kept = [m for pair in last_turns(history, 3) for m in pair]
    tail = {m.id for m in kept}
    new = Message("q", "user", "what do I pay in rent?", 100.0, 7)
    marks = []
    for step in range(2):
        if step:
            store.extraction(3, (history[0].id,), [_fact(2, "rent_studio", "₹14,000", history[0])])
        view = MemoryView("system", history, new, len, facts=store, memo=memo)
        found = facts_notes(view, kept, 3, words)
        expected = reference_notes(
            history, lambda m: m.id not in tail, store, words, new.content, SessionMemo()
        )
        assert found[0] is not None and expected[0] is not None
        assert (found[0].text, found[1]) == (expected[0].text, expected[1])
        marks.append("the studio rent is 14,000 (outdated)" in found[0].text)
    assert current_values(store)["rent_studio"] == "₹14,000"
    assert marks == [True, False]
