"""Damaged session files: bytes FinCoach did not write are never destroyed (copied aside,
said so); only a tail its own interrupted append could have left is trimmed. Damaged lines
are skipped with a notice, and one damaged session never hides the others."""

from __future__ import annotations

import json
import os
import stat

import pytest

from fincoach_tui.cli.commands import main
from fincoach_tui.domain.conversation import Message
from fincoach_tui.domain.session_events import message_event
from fincoach_tui.domain.session_state import replay
from fincoach_tui.settings import paths
from fincoach_tui.store.session_file import SessionFile, load_events
from fincoach_tui.store.sessions import SessionStore


def asides(directory, name="s"):
    return sorted(directory.glob(f"{name}.jsonl.damaged-*"))


def make_session(path, n=2):
    with SessionFile.open(path) as session:
        for i in range(n):
            session.append({"type": "turn", "i": i})


@pytest.mark.slow  # writes and copies 50 MB
def test_a_50_mb_line_without_newline_is_copied_aside_not_cut_to_nothing(tmp_path):
    path = tmp_path / "s.jsonl"
    original = b'{"type":"message","text":"' + b"a" * (50 * 1024 * 1024)
    path.write_bytes(original)
    with SessionFile.open(path) as session:
        assert session.header is not None  # opens, as a new session
        (aside,) = asides(tmp_path)
        assert session.warnings == [
            f"s: could not read all of it; copied to {aside.name} and left out"
        ]
    assert aside.read_bytes() == original  # every byte kept
    assert stat.S_IMODE(aside.stat().st_mode) == 0o600


def test_a_binary_file_is_kept_whole_beside_a_fresh_session(tmp_path):
    path = tmp_path / "s.jsonl"
    original = bytes(range(256)) * 64 + b"\n" + os.urandom(1000).replace(b"{", b"(")
    path.write_bytes(original)
    with SessionFile.open(path) as session:
        assert [e["type"] for e in session.events] == ["header"]
    (aside,) = asides(tmp_path)
    assert aside.read_bytes() == original


def test_a_foreign_tail_after_good_lines_is_copied_aside(tmp_path):
    path = tmp_path / "s.jsonl"
    make_session(path)
    good = path.read_bytes()
    path.write_bytes(good + b"\x00\x00\x00garbage that we never wrote")
    with SessionFile.open(path) as session:
        assert [e.get("i") for e in session.events] == [None, 0, 1]
        (aside,) = asides(tmp_path)
        assert session.warnings == [
            f"s: could not read 30 bytes at the end; copied to {aside.name} and left out"
        ]
    assert aside.read_bytes() == b"\x00\x00\x00garbage that we never wrote"
    assert path.read_bytes() == good


def test_our_own_torn_last_line_is_trimmed_without_a_copy(tmp_path):
    path = tmp_path / "s.jsonl"
    make_session(path)
    good = path.read_bytes()
    path.write_bytes(good + '{"type":"message","message":{"content":"₹'.encode()[:-1])
    with SessionFile.open(path) as session:
        assert len(session.events) == 3
        assert "dropped an incomplete last line" in session.warnings[0]
    assert path.read_bytes() == good and asides(tmp_path) == []


def test_listing_a_damaged_file_changes_nothing(tmp_path):
    path = tmp_path / "s.jsonl"
    make_session(path)
    damaged = path.read_bytes() + b"\xff\xfe binary"
    path.write_bytes(damaged)
    events, warnings = load_events(path)
    assert len(events) == 3 and warnings == [
        "s: 9 unreadable bytes at the end (set aside when the session is next opened)"
    ]
    assert path.read_bytes() == damaged and asides(tmp_path) == []


DAMAGED_LINES = [
    b'{"type":"record","record":[]}',
    b'{"type":"record","record":' + b"[" * 100_000 + b"]" * 100_000 + b"}",
    b'{"type":"message","message":' + b"[" * 900 + b"]" * 900 + b"}",
]


def damaged_session(store: SessionStore, name: str, line: bytes) -> None:
    with store.open(name) as file:
        file.append(message_event(Message("m1", "user", "Save 10%?", 1.0, 1)))
    path = store.path_for(name)
    path.write_bytes(path.read_bytes() + line + b"\n")
    with store.open(name) as file:
        file.append(message_event(Message("m2", "assistant", "Yes.", 2.0, 1)))


def test_damaged_record_lines_are_skipped_with_a_notice(tmp_path):
    store = SessionStore(tmp_path)
    for number, line in enumerate(DAMAGED_LINES):
        damaged_session(store, f"d{number}", line)
        with store.open(f"d{number}") as file:
            state, problems = replay(file.events)
            notices = [*file.warnings, *problems]
        assert state.transcript.completed_turns == 1, number
        assert len(notices) == 1 and "skipped" in notices[0], notices
        assert all(len(n) < 200 for n in notices)


def test_the_sessions_listing_shows_every_other_session(tmp_path, capsys):
    store = SessionStore(paths.sessions_dir())
    for number, line in enumerate(DAMAGED_LINES):
        damaged_session(store, f"damaged{number}", line)
    with store.open("healthy") as file:
        file.append(message_event(Message("m1", "user", "hello", 1.0, 1)))
        file.append(message_event(Message("m2", "assistant", "hi", 2.0, 1)))
    assert main(["sessions"]) == 0
    out = capsys.readouterr().out
    for name in ("healthy", "damaged0", "damaged1", "damaged2"):
        assert name in out
    rows = {line.split()[0]: line.split()[1] for line in out.splitlines()[1:]}
    assert rows == {"healthy": "1", "damaged0": "1", "damaged1": "1", "damaged2": "1"}


def test_a_line_of_json_that_is_not_an_object_is_skipped(tmp_path):
    path = tmp_path / "s.jsonl"
    make_session(path)
    lines = path.read_bytes().split(b"\n")
    lines.insert(1, json.dumps([1, 2]).encode())
    path.write_bytes(b"\n".join(lines))
    with SessionFile.open(path) as session:
        assert session.warnings == ["s: skipped unreadable line 2"]
        assert len(session.events) == 3


def test_damage_notices_name_the_file_line_the_person_would_open(tmp_path):
    """An unreadable line and an event of the wrong shape are both named by their line in
    the file, counted the same way (an unreadable line before it shifts the count)."""
    from tests.app_harness import open_offline, sessions_under

    live = open_offline(tmp_path, "edited")
    live.close()
    path = sessions_under(tmp_path).path_for("edited")
    lines = path.read_text(encoding="utf-8").splitlines()
    lines += [
        "",
        '{"type":"message","message":{"id":"m9"',  # cut by hand: not JSON
        json.dumps({"type": "strategy", "turn": 1, "name": "window", "params": [4]}),
    ]
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    bad_json, wrong_shape = len(lines) - 1, len(lines)
    reopened = open_offline(tmp_path, "edited")
    reopened.close()
    assert reopened.problems[0] == f"edited: skipped unreadable line {bad_json}"
    assert reopened.problems[1].startswith(f"skipped line {wrong_shape} (strategy): ")
