"""The usage index: each session's usage per day, model and strategy, read again only
when its file changed, written atomically beside the sessions."""

from __future__ import annotations

import os

import pytest

from fincoach_tui.store.session_index import SessionIndexFile
from fincoach_tui.store.usage_index import index_for, scan_session
from tests.usage_sessions import at, record, utc, write_session  # noqa: F401


def test_records_are_dated_by_the_message_before_them(tmp_path, utc):  # noqa: F811
    path = write_session(
        tmp_path / "sessions",
        "a",
        [
            (at("2026-11-30", 23), [record(1, 300, 50, 0.0002, kind="summary"),
                                    record(1, 1000, 100, 0.001)]),
            (at("2026-12-01"), [record(2, 1200, 80, 0.002)]),
        ],
    )  # fmt: skip
    usage = scan_session("a", path.read_bytes())
    rows = {key: (t.calls, t.input_tokens, t.maintenance_tokens) for key, t in usage.rows.items()}
    assert rows == {
        ("2026-11-30", "gpt-4o-mini", "buffer"): (2, 1300, 350),
        ("2026-12-01", "gpt-4o-mini", "buffer"): (1, 1200, 0),
    }


def test_damaged_lines_and_records_without_usage_are_skipped(tmp_path, utc):  # noqa: F811
    path = write_session(tmp_path / "s", "a", [(at("2026-12-01"), [record(1, 10, 5, 0.1)])])
    with path.open("a") as f:
        f.write('{"type":"record","record":{"kind":"chat"}}\n')  # no usage
        f.write('{"type":"record","record":[1,2]}\n')
        f.write('{"type":"record","rec')  # a torn last line
    usage = scan_session("a", path.read_bytes())
    assert usage.total.calls == 1 and usage.total.cost_usd == pytest.approx(0.1)


def test_only_changed_files_are_read_again_and_deleted_ones_dropped(tmp_path, utc):  # noqa: F811
    sessions = tmp_path / "sessions"
    for name in ("a", "b", "c"):
        write_session(sessions, name, [(at("2026-12-01"), [record(1, 100, 10, 0.01)])])
    index = index_for(tmp_path)
    assert [s.name for s in index.sessions()] == ["a", "b", "c"] and index.rebuilt == 3
    assert oct(index.path.stat().st_mode & 0o777) == "0o600"
    assert [s.total.calls for s in index.sessions()] == [1, 1, 1] and index.rebuilt == 0

    write_session(sessions, "b", [(at("2026-12-01"), [record(1, 100, 10, 0.01)]),
                                  (at("2026-12-02"), [record(2, 200, 20, 0.02)])])  # fmt: skip
    (sessions / "c.jsonl").unlink()
    found = index_for(tmp_path).sessions()
    assert [(s.name, s.total.calls) for s in found] == [("a", 1), ("b", 2)]
    assert sorted(SessionIndexFile(sessions).read("usage")) == ["a", "b"]


def test_a_damaged_index_or_another_time_zone_is_rebuilt(tmp_path, monkeypatch, utc):  # noqa: F811
    write_session(tmp_path / "sessions", "a", [(at("2026-12-01", 23), [record(1, 1, 1, 0.1)])])
    index = index_for(tmp_path)
    index.sessions()
    index.path.write_text("{not json")
    assert index.sessions()[0].total.calls == 1 and index.rebuilt == 1
    import time

    monkeypatch.setenv("TZ", "Asia/Kolkata")
    time.tzset()
    (usage,) = index.sessions()
    assert index.rebuilt == 1
    assert [key[0] for key in usage.rows] == ["2026-12-02"]  # 23:00 UTC is the next day there


def test_stray_files_are_not_sessions(tmp_path, utc):  # noqa: F811
    sessions = tmp_path / "sessions"
    write_session(sessions, "a", [(at("2026-12-01"), [record(1, 1, 1, 0.1)])])
    (sessions / "a.lock").write_text("123")
    (sessions / "bad name.jsonl").write_text("{}")
    os.mkfifo(sessions / "notes.txt")
    assert [s.name for s in index_for(tmp_path).sessions()] == ["a"]
