"""One index file serves both listings (`fincoach usage` and `fincoach sessions`), and the
two files older versions kept are read in its place until it is written, or rebuilt when
they do not read: never an error."""

from __future__ import annotations

import json
from dataclasses import asdict

from fincoach_tui.domain.session_state import summarize_session
from fincoach_tui.store.session_index import INDEX_NAME, SessionIndexFile, time_zone
from fincoach_tui.store.session_summary import SummaryIndex
from fincoach_tui.store.sessions import SessionStore
from fincoach_tui.store.usage_index import index_for, scan_session
from tests.usage_sessions import at, record, utc, write_session  # noqa: F401


class Replays:
    """summarize_session, counting the sessions it had to replay."""

    def __init__(self, store: SessionStore) -> None:
        self.store, self.names = store, []

    def __call__(self, name: str):
        self.names.append(name)
        return summarize_session(name, self.store.read_events(name))


def two_sessions(data_dir):
    sessions = data_dir / "sessions"
    write_session(sessions, "a", [(at("2026-12-01"), [record(1, 100, 10, 0.01)])])
    write_session(sessions, "b", [(at("2026-12-01"), [record(1, 100, 10, 0.01)]),
                                  (at("2026-12-02"), [record(2, 200, 20, 0.02)])])  # fmt: skip
    return sessions, SessionStore(sessions)


def figures(store):
    """Each session's usage and listing row, taken from its file (no index involved)."""
    names = sorted(store.names())
    usage = [
        (n, scan_session(n, (store.root / f"{n}.jsonl").read_bytes()).to_items()) for n in names
    ]
    rows = {n: summarize_session(n, store.read_events(n)) for n in names}
    return usage, rows


def test_both_listings_keep_their_parts_in_one_file(tmp_path, utc):  # noqa: F811
    sessions, store = two_sessions(tmp_path)
    usage = index_for(tmp_path)
    first = usage.sessions()
    replays = Replays(store)
    rows = dict(SummaryIndex(sessions).rows(store.names(), replays))
    assert replays.names == ["b", "a"] and set(rows) == {"a", "b"}
    index = SessionIndexFile(sessions)
    assert sorted(index.read("usage")) == sorted(index.read("summaries")) == ["a", "b"]
    assert len((sessions / INDEX_NAME).read_bytes().splitlines()) == 3  # header and two parts
    # Each listing again: nothing read again, and the figures are the same.
    assert usage.sessions() == first and usage.rebuilt == 0
    again = Replays(store)
    assert dict(SummaryIndex(sessions).rows(store.names(), again)) == rows and again.names == []


def test_a_changed_file_is_read_again_by_each_listing_once(tmp_path, utc):  # noqa: F811
    sessions, store = two_sessions(tmp_path)
    index_for(tmp_path).sessions()
    SummaryIndex(sessions).rows(store.names(), Replays(store))
    write_session(sessions, "a", [(at("2026-12-01"), [record(1, 100, 10, 0.01)]),
                                  (at("2026-12-03"), [record(2, 300, 30, 0.03)])])  # fmt: skip
    usage = index_for(tmp_path)
    assert [u.total.calls for u in usage.sessions()] == [2, 2] and usage.rebuilt == 1
    kept = SessionIndexFile(sessions).read("summaries")  # a's row is stale: not used
    assert kept["a"]["size"] != (sessions / "a.jsonl").stat().st_size
    replays = Replays(store)
    rows = dict(SummaryIndex(sessions).rows(store.names(), replays))
    assert replays.names == ["a"] and rows["a"].turns == 2


def legacy_files(data_dir, store) -> None:
    """The two version-1 files an older FinCoach wrote, taken of the sessions as they are."""
    summaries, usage = {}, {}
    for name in store.names():
        path = store.root / f"{name}.jsonl"
        stamp = {"size": path.stat().st_size, "mtime_ns": path.stat().st_mtime_ns}
        summary = asdict(summarize_session(name, store.read_events(name)))
        summaries[name] = {**stamp, "summary": summary}
        usage[name] = {**stamp, "rows": scan_session(name, path.read_bytes()).to_items()}
    (store.root / "summaries.json").write_text(json.dumps({"version": 1, "sessions": summaries}))
    (data_dir / "usage-index.json").write_text(
        json.dumps({"version": 1, "tz": time_zone(), "sessions": usage})
    )


def test_the_older_files_are_read_then_replaced_by_the_one_index(tmp_path, utc):  # noqa: F811
    sessions, store = two_sessions(tmp_path)
    expected = figures(store)
    legacy_files(tmp_path, store)
    usage = index_for(tmp_path)
    assert [(u.name, u.to_items()) for u in usage.sessions()] == expected[0]
    assert usage.rebuilt == 0  # the old usage index was used as it is
    assert (sessions / INDEX_NAME).exists()
    assert not (tmp_path / "usage-index.json").exists()
    assert not (sessions / "summaries.json").exists()
    replays = Replays(store)
    assert dict(SummaryIndex(sessions).rows(store.names(), replays)) == expected[1]
    assert replays.names == []  # the old summaries came across too


def test_damaged_older_files_are_rebuilt_without_an_error(tmp_path, utc):  # noqa: F811
    sessions, store = two_sessions(tmp_path)
    expected = figures(store)
    (sessions / "summaries.json").write_text("{not json")
    (tmp_path / "usage-index.json").write_text('{"version": 1, "tz": 3, "sessions": []}')
    usage = index_for(tmp_path)
    assert [(u.name, u.to_items()) for u in usage.sessions()] == expected[0]
    assert usage.rebuilt == 2
    replays = Replays(store)
    assert dict(SummaryIndex(sessions).rows(store.names(), replays)) == expected[1]
    assert sorted(replays.names) == ["a", "b"]
    assert not (sessions / "summaries.json").exists()


def test_another_time_zone_takes_the_usage_again_but_keeps_the_rows(tmp_path, monkeypatch, utc):  # noqa: F811
    import time

    sessions, store = two_sessions(tmp_path)
    SummaryIndex(sessions).rows(store.names(), Replays(store))
    index_for(tmp_path).sessions()
    monkeypatch.setenv("TZ", "Asia/Kolkata")
    time.tzset()
    usage = index_for(tmp_path)
    usage.sessions()
    assert usage.rebuilt == 2
    replays = Replays(store)
    SummaryIndex(sessions).rows(store.names(), replays)
    assert replays.names == []
