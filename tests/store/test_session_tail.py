"""The newest messages read from the end of a session file are the replayed transcript's."""

from __future__ import annotations

from fincoach_tui.domain.conversation import Message
from fincoach_tui.domain.session_events import WithdrawnEvent, message_event
from fincoach_tui.domain.session_state import replay
from fincoach_tui.store import session_tail
from fincoach_tui.store.session_tail import newest_messages
from fincoach_tui.store.sessions import SessionStore


def write_session(store: SessionStore, name: str, turns: int) -> None:
    with store.open(name) as file:
        number = 0
        for turn in range(1, turns + 1):
            if turn % 7 == 0:  # a question withdrawn after a failure, then asked again
                number += 1
                file.append(message_event(Message(f"m{number}", "user", "lost", turn, turn)))
                file.append(WithdrawnEvent(f"m{number}"))
            for role, text in (("user", f"Q{turn} ₹{turn},000"), ("assistant", f"A{turn}\n")):
                number += 1
                file.append(message_event(Message(f"m{number}", role, text, turn, turn)))
        number += 1  # the process stopped before the last question's reply
        file.append(message_event(Message(f"m{number}", "user", "cut", turns + 1, turns + 1)))


def test_newest_messages_are_the_transcripts_tail_across_blocks(tmp_path, monkeypatch):
    monkeypatch.setattr(session_tail, "BLOCK", 97)  # lines straddle many blocks
    store = SessionStore(tmp_path)
    write_session(store, "long", 40)
    state, _ = replay(store.read_events("long"))
    messages = state.transcript.messages
    for count in (1, 2, 16, 79, 80, 200):
        assert newest_messages(store.path_for("long"), count) == list(messages[-count:])


def test_a_missing_or_empty_file_has_no_newest_messages(tmp_path):
    assert newest_messages(tmp_path / "none.jsonl", 16) == []
    (tmp_path / "empty.jsonl").write_bytes(b"")
    assert newest_messages(tmp_path / "empty.jsonl", 16) == []
