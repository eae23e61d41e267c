"""A full disk, then space again: a failed write never lands later, the file is exactly as
before it, memory matches the file, and the user is told once (issue: nothing lost).

The same scenarios run twice where possible: on a real 64 KiB tmpfs (root only; skipped
with the reason elsewhere) and with ENOSPC injected into FinCoach's one write call."""

from __future__ import annotations

import io
import json

import pytest

from fincoach_tui.cli.plain_chat import run
from fincoach_tui.domain.session_state import replay
from fincoach_tui.service.events import TurnFailed
from fincoach_tui.service.runtime import Overrides, build_engine, open_session, resolve
from fincoach_tui.settings.config import Config
from fincoach_tui.store.session_file import SessionFile, SessionWriteError
from fincoach_tui.store.sessions import SessionStore
from tests.disk_faults import fill_up


def engine():
    config = Config()
    return build_engine(config, resolve(config, Overrides(), {}))


def lines(path):
    return [json.loads(line) for line in path.read_bytes().splitlines()]


BIG = {"type": "note", "text": "x" * 20_000}  # needs new pages on any filesystem


def test_a_failed_append_leaves_the_file_and_memory_as_before(tmp_path, full_disk):
    path = tmp_path / "s.jsonl"
    with SessionFile.open(path) as session:
        session.append({"type": "turn", "i": 1})
        before, events = path.read_bytes(), list(session.events)
        full_disk.fill()  # the first 7 bytes of the next write land, then ENOSPC
        with pytest.raises(SessionWriteError, match="no space left on device") as info:
            session.append_many([{"type": "turn", "i": 2}, BIG])
        assert "nothing of it was kept" in str(info.value) and str(path) in str(info.value)
        assert path.read_bytes() == before  # the short write was cut back off
        assert session.events == events
        full_disk.free()
        session.append({"type": "turn", "i": 3})
        in_memory = list(session.events)
    # No failed byte lands later (on close, on the next write): the file is what memory held.
    assert lines(path) == in_memory
    assert [e.get("i") for e in in_memory] == [None, 1, 3]


def test_a_real_full_filesystem_then_space_again(tiny_filesystem):
    path = tiny_filesystem / "s.jsonl"
    with SessionFile.open(path) as session:
        session.append({"type": "turn", "i": 1})
        filler = fill_up(tiny_filesystem)
        before, events = path.read_bytes(), list(session.events)
        with pytest.raises(SessionWriteError, match="no space left on device"):
            session.append(BIG)
        assert path.read_bytes() == before
        assert session.events == events
        filler.unlink()  # space returns
        session.append(BIG)
        in_memory = list(session.events)
    assert lines(path) == in_memory and in_memory[-1] == BIG
    with SessionFile.open(path) as again:
        assert again.events == in_memory and again.warnings == []


async def test_a_turn_whose_reply_cannot_be_saved_is_retried_and_billed_once(tmp_path, full_disk):
    store = SessionStore(tmp_path)
    live = open_session(engine(), store.open("full"))
    async for _ in live.coach.turn("My salary is 90,000 a month."):
        pass
    full_disk.fill(when=b'"role":"assistant"')  # the question is saved, its reply is not
    # The coach abandons the turn itself: the question comes back in a TurnFailed.
    events = [event async for event in live.coach.turn("How much should I save?")]
    failed = events[-1]
    assert isinstance(failed, TurnFailed) and failed.error.kind == "local"
    assert "no space left on device" in failed.error.message
    assert failed.question == "How much should I save?" and failed.resendable
    assert live.state.transcript.pending is None
    assert full_disk.failures >= 2  # the reply and the withdrawal both met the full disk
    assert live.file.events == lines(store.path_for("full"))  # memory matches the file
    full_disk.free()
    async for _ in live.coach.turn("How much should I save?"):
        pass
    shown = [(m.role, m.content) for m in live.state.transcript.messages]
    live.close()
    state, problems = replay(store.read_events("full"))
    assert problems == []
    assert [(m.role, m.content) for m in state.transcript.messages] == shown
    assert len(shown) == 4 and len(state.chat_records) == 2  # turn 2 billed once


async def test_plain_chat_says_once_that_the_message_was_not_sent(tmp_path, full_disk):
    store = SessionStore(tmp_path)
    live = open_session(engine(), store.open("plain"))
    out = io.StringIO()

    def typed():
        yield "first question\n"
        full_disk.fill(when=b'"role":"assistant"')
        yield "second question\n"
        full_disk.free()
        yield "/retry\n"

    assert await run(live, stdin=typed(), out=out) == 0
    live.close()
    text = out.getvalue()
    assert text.count("no space left on device") == 1
    assert text.count("your message was not sent; /retry sends it again") == 1
    assert "Traceback" not in text
    state, problems = replay(store.read_events("plain"))
    assert problems == [] and state.transcript.completed_turns == 2
    assert [m.content for m in state.transcript.messages if m.role == "user"] == [
        "first question",
        "second question",
    ]
