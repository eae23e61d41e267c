"""The `facts` notes two ways, for the tests that the notes index asks a question as the
reference builder does: the index (`facts_notes`) and the reference (`reference_notes`)
over the same history, with the last three turns kept verbatim."""

from __future__ import annotations

from fincoach_tui.domain.conversation import Message, Transcript
from fincoach_tui.domain.fact_store import FactStore
from fincoach_tui.domain.memory.base import MemoryView, last_turns
from fincoach_tui.domain.memory.notes import reference_notes
from fincoach_tui.domain.memory.notes_fill import facts_notes
from fincoach_tui.domain.memory.session_memo import SessionMemo


def words(text: str) -> int:
    """A token count for tests: one per word."""
    return len(text.split())


def index_and_reference(said: list[str], question: str) -> tuple[tuple, tuple]:
    """The user says each of `said` (the coach answers "Noted."), then asks `question`:
    the notes the index sends and those the reference builder sends, each a (section,
    count) pair."""
    transcript = Transcript()
    for n, text in enumerate(said):
        transcript.add("user", text, ts=10.0 + 2 * n)
        transcript.add("assistant", "Noted.", ts=11.0 + 2 * n)
    history = transcript.messages
    new = Message("q", "user", question, 100.0, len(question.split()))
    view = MemoryView("system", history, new, len, facts=FactStore(), memo=SessionMemo())
    kept = [m for pair in last_turns(history, 3) for m in pair]
    tail = {m.id for m in kept}
    found = facts_notes(view, kept, 3, words)
    expected = reference_notes(
        history, lambda m: m.id not in tail, FactStore(), words, question, SessionMemo()
    )
    return found, expected
