"""The sessions listing reads each session's kept summary, replaying only a session whose
file changed since (size or mtime); the app keeps the row of a session it closes."""

from __future__ import annotations

import os

from fincoach_tui.domain.conversation import Message
from fincoach_tui.domain.persona import DEMO_TURNS
from fincoach_tui.domain.session_events import message_event
from fincoach_tui.domain.session_state import summarize_session
from fincoach_tui.service.runtime import Overrides, build_engine, open_session, resolve
from fincoach_tui.settings.config import Config
from fincoach_tui.store.session_index import SessionIndexFile
from fincoach_tui.store.session_summary import INDEX_NAME, SummaryIndex
from fincoach_tui.store.sessions import SessionStore


def engine():
    config = Config()
    return build_engine(config, resolve(config, Overrides(), {}))


async def play(store: SessionStore, name: str, questions) -> None:
    live = open_session(engine(), store.open(name))
    for question in questions:
        async for _ in live.coach.turn(question):
            pass
    live.close()


class Replays:
    """summarize_session, counting the sessions it had to replay."""

    def __init__(self, store: SessionStore) -> None:
        self.store, self.names = store, []

    def __call__(self, name: str):
        self.names.append(name)
        return summarize_session(name, self.store.read_events(name))


def fresh(store: SessionStore, name: str):
    return summarize_session(name, store.read_events(name))


async def test_closing_a_session_keeps_its_row_and_listing_replays_nothing(tmp_path):
    store = SessionStore(tmp_path)
    await play(store, "a", DEMO_TURNS[:2])
    await play(store, "b", DEMO_TURNS[:3])
    index = SummaryIndex(tmp_path)
    replays = Replays(store)
    rows = dict(index.rows(store.names(), replays))
    assert replays.names == []  # both rows were written when the app closed the sessions
    assert rows == {"a": fresh(store, "a"), "b": fresh(store, "b")}
    assert rows["b"].turns == 3 and rows["b"].strategy == "buffer"


async def test_a_changed_file_is_replayed_once_and_its_row_kept(tmp_path):
    store = SessionStore(tmp_path)
    await play(store, "a", DEMO_TURNS[:1])
    await play(store, "b", DEMO_TURNS[:1])
    with store.open("a") as file:  # written by something that keeps no row (a turn cut short)
        file.append(message_event(Message("m9", "user", "My rent is 25k.", 9.0, 2)))
    index = SummaryIndex(tmp_path)
    replays = Replays(store)
    rows = dict(index.rows(store.names(), replays))
    assert replays.names == ["a"]
    assert rows["a"] == fresh(store, "a") and rows["b"] == fresh(store, "b")
    again = Replays(store)
    assert dict(index.rows(store.names(), again)) == rows
    assert again.names == []
    # A file touched without growing (same size, new mtime) is read again too.
    path = store.path_for("b")
    stat = path.stat()
    os.utime(path, ns=(stat.st_atime_ns, stat.st_mtime_ns + 1_000_000))
    third = Replays(store)
    index.rows(store.names(), third)
    assert third.names == ["b"]


async def test_a_damaged_index_is_rebuilt_and_a_deleted_session_dropped(tmp_path):
    store = SessionStore(tmp_path)
    await play(store, "a", DEMO_TURNS[:1])
    await play(store, "gone", DEMO_TURNS[:1])
    store.delete("gone")
    (tmp_path / INDEX_NAME).write_text("{not json")
    index = SummaryIndex(tmp_path)
    replays = Replays(store)
    assert dict(index.rows(store.names(), replays)) == {"a": fresh(store, "a")}
    assert replays.names == ["a"]
    assert list(SessionIndexFile(tmp_path).read("summaries")) == ["a"]


def test_an_unreadable_session_is_listed_with_its_reason_and_not_kept(tmp_path):
    store = SessionStore(tmp_path)
    store.path_for("newer").write_text('{"type":"header","format":99}\n')
    rows = SummaryIndex(tmp_path).rows(store.names(), Replays(store))
    assert rows[0][0] == "newer" and isinstance(rows[0][1], Exception)
    assert not (tmp_path / INDEX_NAME).exists()


def test_a_listing_without_a_kept_row_reads_the_session_as_a_stream(tmp_path, capsys):
    """`fincoach sessions` with no kept row for a 300-turn session replays it as its file
    is read (tracemalloc, deterministic): the peak stays under half of what the file's
    events take as one list, and the row is the one replaying that list gives; damaged
    lines are passed over as reading them whole passes them over."""
    import gc
    import tracemalloc

    from fincoach_tui.cli.commands import main
    from fincoach_tui.settings import paths
    from fincoach_tui.store.session_parse import parse_file
    from tests.store.test_streaming_replay import generated

    store = SessionStore(paths.sessions_dir())
    path = generated(store.path_for("long"), 300)
    lines = path.read_bytes().split(b"\n")
    lines[40] = b'{"type":"message","message":{"id":'  # a damaged line, skipped alike
    path.write_bytes(b"\n".join(lines))
    assert list(store.stream_events("long")) == store.read_events("long")
    gc.collect()
    tracemalloc.start()
    try:
        events = parse_file(path.read_bytes(), "long").events
        events_size, _ = tracemalloc.get_traced_memory()
        del events
        gc.collect()
        tracemalloc.reset_peak()
        base, _ = tracemalloc.get_traced_memory()
        assert main(["sessions"]) == 0
        _, peak = tracemalloc.get_traced_memory()
    finally:
        tracemalloc.stop()
    assert peak - base < events_size // 2
    row = capsys.readouterr().out.splitlines()[1].split()
    expected = fresh(store, "long")
    assert row[:3] == ["long", str(expected.turns), expected.strategy]
    assert row[3] == f"{expected.billed_tokens:,}"
    assert expected.turns == 299  # the damaged line was a message: its turn is not complete
