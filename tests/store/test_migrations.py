"""The session format's upgrade path: every past format opens (fixtures in
tests/fixtures/sessions/, one per format), a newer one is refused naming its version, and
an older one is upgraded on open with the original kept until the upgrade is written."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from fincoach_tui.domain.session_state import replay
from fincoach_tui.store import migrations
from fincoach_tui.store.migrations import Migration
from fincoach_tui.store.session_file import SessionFile, SessionFormatError, SessionWriteError
from fincoach_tui.store.sessions import SessionStore

FIXTURES = Path(__file__).parents[1] / "fixtures" / "sessions"


def past_formats() -> list[int]:
    return list(range(1, migrations.current_format() + 1))


def test_there_is_a_fixture_for_every_format():
    assert sorted(p.name for p in FIXTURES.glob("format-*.jsonl")) == [
        f"format-{n}.jsonl" for n in past_formats()
    ]


@pytest.mark.parametrize("version", past_formats())
def test_every_past_format_opens_and_replays(tmp_path, version):
    path = tmp_path / f"format-{version}.jsonl"
    shutil.copy(FIXTURES / path.name, path)
    with SessionFile.open(path) as session:
        assert session.header["format"] == migrations.current_format()
        state, problems = replay(session.events)
    assert problems == []
    assert state.transcript.completed_turns == 6
    assert [s.name for s in state.switches] == ["summary", "window"]
    assert len(state.chat_records) == 6


def test_a_file_from_a_newer_fincoach_is_refused_naming_its_version(tmp_path):
    path = tmp_path / "future.jsonl"
    content = b'{"type":"header","format":99,"created":"2030-01-01"}\n{"type":"message"}\n'
    path.write_bytes(content)
    with pytest.raises(SessionFormatError) as info:
        SessionFile.open(path)
    assert (
        str(info.value) == "future was written by a newer FinCoach (format 99); upgrade to open it"
    )
    assert path.read_bytes() == content


def _rename_notes(events):
    """A synthetic format 2: "note" events became "remark" events."""
    return [{**e, "type": "remark"} if e.get("type") == "note" else e for e in events]


@pytest.fixture
def format_2(monkeypatch):
    monkeypatch.setattr(
        migrations, "MIGRATIONS", [Migration("notes_became_remarks", _rename_notes)]
    )


def v1_file(path: Path) -> bytes:
    content = (
        b'{"type":"header","format":1,"created":"2026-01-01T00:00:00+00:00"}\n'
        b'{"type":"note","text":"kept"}\n'
    )
    path.write_bytes(content)
    return content


def test_an_older_format_is_upgraded_on_open(tmp_path, format_2):
    path = tmp_path / "old.jsonl"
    v1_file(path)
    with SessionFile.open(path) as session:
        assert session.warnings == ["old: upgraded from format 1 to 2 (notes_became_remarks)"]
        assert session.events == [
            {"type": "header", "format": 2, "created": "2026-01-01T00:00:00+00:00"},
            {"type": "remark", "text": "kept"},
        ]
        session.append({"type": "remark", "text": "new"})
    assert sorted(p.name for p in tmp_path.iterdir()) == ["old.jsonl", "old.lock"]  # no backup
    with SessionFile.open(path) as again:  # upgraded once, for good
        assert again.warnings == [] and [e["type"] for e in again.events][1:] == ["remark"] * 2


def test_the_original_is_kept_when_the_upgrade_cannot_be_written(tmp_path, format_2, full_disk):
    path = tmp_path / "old.jsonl"
    original = v1_file(path)
    full_disk.fill(when=b'"format":2')
    with pytest.raises(SessionWriteError, match="no space left on device"):
        SessionFile.open(path)
    assert path.read_bytes() == original
    assert (tmp_path / "old.jsonl.format1-backup").read_bytes() == original
    full_disk.free()
    with SessionFile.open(path) as session:
        assert session.header["format"] == 2


def test_listing_reads_an_older_format_without_rewriting_it(tmp_path, format_2):
    store = SessionStore(tmp_path)
    original = v1_file(store.path_for("old"))
    assert store.read_events("old")[1] == {"type": "remark", "text": "kept"}
    assert list(store.stream_events("old")) == store.read_events("old")  # upgraded alike
    assert store.path_for("old").read_bytes() == original
