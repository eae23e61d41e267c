"""The session file: names, durability, crash recovery, locking and the key guard."""

from __future__ import annotations

import json
import os
import signal
import stat
import subprocess
import sys
from pathlib import Path

import pytest

from fincoach_tui.store import session_file as sf
from fincoach_tui.store.session_file import (
    FORMAT_VERSION,
    SessionFile,
    SessionFormatError,
    SessionLocked,
    SessionNameError,
    SessionNotFound,
    load_events,
    validate_session_name,
)

REPO = Path(__file__).resolve().parents[2]


def lines_of(path: Path) -> list[dict]:
    """Every line must be valid JSON: this is the 'fully valid file' check."""
    text = path.read_text(encoding="utf-8")
    assert text.endswith("\n")
    return [json.loads(line) for line in text.splitlines()]


# --- names -------------------------------------------------------------------------------


@pytest.mark.parametrize("name", ["a", "budget-2024", "my_chat.v2", "A.b-c_9", "x" * 64, "..."])
def test_good_names(name):
    assert validate_session_name(name) == name


@pytest.mark.parametrize(
    "name, needle",
    [
        ("", "empty"),
        (".", "reserved"),
        ("..", "reserved"),
        ("a/b", "may not contain '/'"),
        ("a\\b", "may not contain '\\'"),
        ("a\x00b", "may not contain a NUL byte"),
        ("x" * 65, "too long"),
        ("x" * 300, "too long"),
        ("my chat", "invalid session name"),
        ("café", "invalid session name"),
        ("line\nbreak", "invalid session name"),
    ],
)
def test_bad_names(name, needle):
    with pytest.raises(SessionNameError) as info:
        validate_session_name(name)
    message = str(info.value)
    assert needle in message
    assert "\n" not in message and "\x00" not in message  # one line, shown safely
    assert len(message) < 160  # a 300-char name is truncated
    assert isinstance(info.value, ValueError)


def test_bad_name_message_says_what_is_allowed():
    with pytest.raises(SessionNameError, match=r"1-64 characters from A-Z, a-z, 0-9"):
        validate_session_name("my chat")


# --- create / append / reopen ----------------------------------------------------------------


def test_create_append_reopen_round_trip(tmp_path):
    path = tmp_path / "sessions" / "chat.jsonl"
    with SessionFile.open(path) as session:
        assert session.name == "chat"
        assert session.header["format"] == FORMAT_VERSION
        assert "created" in session.header
        session.append({"type": "user", "text": "Can I afford a €900 laptop? 🙂"})
        session.append({"type": "assistant", "text": "Let's look", "n": [1, 2]})
        written = list(session.events)
    raw = path.read_text(encoding="utf-8")
    assert "€900" in raw and "🙂" in raw  # ensure_ascii=False
    assert '"type":"user"' in raw  # compact separators
    assert lines_of(path) == written
    with SessionFile.open(path, create=False) as again:
        assert again.events == written
        assert again.warnings == []
        assert [e["type"] for e in again.events] == ["header", "user", "assistant"]


def test_in_memory_events_match_what_a_reopen_reads(tmp_path):
    path = tmp_path / "t.jsonl"
    with SessionFile.open(path) as session:
        session.append({"type": "x", "pair": (1, 2)})  # tuples come back as lists
        assert session.events[-1] == {"type": "x", "pair": [1, 2]}


def test_missing_file_without_create(tmp_path):
    with pytest.raises(SessionNotFound):
        SessionFile.open(tmp_path / "nope.jsonl", create=False)
    assert list(tmp_path.iterdir()) == []


def test_every_append_is_fsynced(tmp_path, monkeypatch):
    calls = []
    real_fsync = os.fsync
    monkeypatch.setattr(os, "fsync", lambda fd: (calls.append(fd), real_fsync(fd)))
    with SessionFile.open(tmp_path / "s.jsonl") as session:
        before = len(calls)
        session.append({"type": "a"})
        session.append({"type": "b"})
        assert len(calls) - before == 2


def test_append_rejects_bad_events(tmp_path):
    with SessionFile.open(tmp_path / "s.jsonl") as session:
        with pytest.raises(ValueError):
            session.append(["not", "a", "dict"])
        with pytest.raises(ValueError):
            session.append({"cost": float("nan")})
        assert len(session.events) == 1
    with pytest.raises(ValueError, match="closed"):
        session.append({"type": "late"})
    assert len(lines_of(tmp_path / "s.jsonl")) == 1


def test_file_and_directory_modes(tmp_path):
    path = tmp_path / "data" / "sessions" / "s.jsonl"
    with SessionFile.open(path):
        pass
    assert stat.S_IMODE(path.stat().st_mode) == 0o600
    assert stat.S_IMODE(path.parent.stat().st_mode) == 0o700
    assert stat.S_IMODE((path.parent / "s.lock").stat().st_mode) == 0o600


# --- crash recovery ---------------------------------------------------------------------------


def make_session(path: Path, n: int = 2) -> None:
    with SessionFile.open(path) as session:
        for i in range(n):
            session.append({"type": "turn", "i": i})


def test_torn_last_line_is_dropped_and_truncated(tmp_path):
    path = tmp_path / "s.jsonl"
    make_session(path)
    good = path.read_bytes()
    path.write_bytes(good + b'{"type":"turn","i":2,"te')  # crash mid-write
    with SessionFile.open(path) as session:
        assert [e.get("i") for e in session.events] == [None, 0, 1]
        assert session.warnings == ["recovered s: dropped an incomplete last line (24 bytes)"]
        assert path.read_bytes() == good  # cut back to the end of the last good line
        session.append({"type": "turn", "i": 2})
    assert [e.get("i") for e in lines_of(path)] == [None, 0, 1, 2]
    with SessionFile.open(path) as again:
        assert again.warnings == []


def test_torn_header_only(tmp_path):
    path = tmp_path / "s.jsonl"
    path.write_bytes(b'{"type":"hea')
    with SessionFile.open(path) as session:
        assert session.warnings and "dropped an incomplete last line" in session.warnings[0]
        assert session.header["format"] == FORMAT_VERSION
    assert len(lines_of(path)) == 1


def test_empty_file_gets_a_header(tmp_path):
    path = tmp_path / "s.jsonl"
    path.write_bytes(b"")
    with SessionFile.open(path) as session:
        assert session.header is not None
    assert lines_of(path)[0]["type"] == "header"


def test_valid_last_line_missing_newline_is_kept(tmp_path):
    path = tmp_path / "s.jsonl"
    make_session(path)
    path.write_bytes(path.read_bytes().rstrip(b"\n"))
    with SessionFile.open(path) as session:
        assert len(session.events) == 3
        session.append({"type": "next"})
    assert [e["type"] for e in lines_of(path)] == ["header", "turn", "turn", "next"]


def test_bad_middle_line_is_skipped_not_rewritten(tmp_path):
    path = tmp_path / "s.jsonl"
    make_session(path)
    lines = path.read_bytes().split(b"\n")
    lines.insert(2, b"{oops not json")
    damaged = b"\n".join(lines)
    path.write_bytes(damaged)
    with SessionFile.open(path) as session:
        assert [e.get("i") for e in session.events] == [None, 0, 1]
        assert session.warnings == ["s: skipped unreadable line 3"]
    assert path.read_bytes() == damaged  # left exactly as it was


def test_newer_format_is_refused_and_untouched(tmp_path):
    path = tmp_path / "future.jsonl"
    content = b'{"type":"header","format":99,"created":"2030-01-01"}\n{"torn'
    path.write_bytes(content)
    newer = r"future was written by a newer FinCoach \(format 99\); upgrade to open it"
    with pytest.raises(SessionFormatError, match=newer):
        SessionFile.open(path)
    assert path.read_bytes() == content  # no recovery on a file we do not understand
    with pytest.raises(SessionFormatError):  # not SessionLocked: the failed open let go
        SessionFile.open(path)


def test_load_events_reads_without_modifying(tmp_path):
    path = tmp_path / "s.jsonl"
    make_session(path)
    torn = path.read_bytes() + b'{"ty'
    path.write_bytes(torn)
    with SessionFile.open(tmp_path / "other.jsonl"):
        events, warnings = load_events(path)
    assert len(events) == 3 and len(warnings) == 1
    assert path.read_bytes() == torn


# --- locking ------------------------------------------------------------------------------------


def test_second_open_in_process_is_refused(tmp_path):
    path = tmp_path / "s.jsonl"
    first = SessionFile.open(path)
    with pytest.raises(SessionLocked) as info:
        SessionFile.open(path)
    assert str(info.value) == (
        f"session 's' is open in another FinCoach window (pid {os.getpid()})"
    )
    first.close()
    first.close()  # idempotent
    with SessionFile.open(path) as again:
        assert len(again.events) == 1


def test_locked_message_tolerates_unreadable_pid(tmp_path, monkeypatch):
    path = tmp_path / "s.jsonl"
    with SessionFile.open(path):
        (tmp_path / "s.lock").write_text("garbage")
        with pytest.raises(SessionLocked, match=r"\(pid unknown\)"):
            SessionFile.open(path)


def child_env() -> dict[str, str]:
    env = dict(os.environ)
    env["PYTHONPATH"] = str(REPO) + os.pathsep + env.get("PYTHONPATH", "")
    return env


TRY_OPEN = """
import sys
from pathlib import Path
from fincoach_tui.store.session_file import SessionFile, SessionLocked
try:
    SessionFile.open(Path(sys.argv[1])).close()
except SessionLocked as exc:
    print("LOCKED", exc)
else:
    print("OPENED")
"""

HOLD = """
import sys, time
from pathlib import Path
from fincoach_tui.store.session_file import SessionFile
session = SessionFile.open(Path(sys.argv[1]))
print("READY", flush=True)
time.sleep(60)
"""


def try_open_in_child(path: Path) -> str:
    result = subprocess.run(
        [sys.executable, "-c", TRY_OPEN, str(path)],
        capture_output=True, text=True, env=child_env(), timeout=30,
    )  # fmt: skip
    assert result.returncode == 0, result.stderr
    return result.stdout.strip()


def test_second_process_is_refused(tmp_path):
    path = tmp_path / "s.jsonl"
    with SessionFile.open(path):
        outcome = try_open_in_child(path)
    assert outcome == f"LOCKED session 's' is open in another FinCoach window (pid {os.getpid()})"
    assert try_open_in_child(path) == "OPENED"


def test_killed_holder_leaves_no_stale_lock(tmp_path):
    path = tmp_path / "s.jsonl"
    holder = subprocess.Popen(
        [sys.executable, "-c", HOLD, str(path)],
        stdout=subprocess.PIPE, text=True, env=child_env(),
    )  # fmt: skip
    try:
        assert holder.stdout.readline().strip() == "READY"
        with pytest.raises(SessionLocked, match=rf"\(pid {holder.pid}\)"):
            SessionFile.open(path)
    finally:
        holder.send_signal(signal.SIGKILL)
        holder.wait(timeout=30)
        holder.stdout.close()
    assert (tmp_path / "s.lock").exists()  # the file stays; the lock does not
    with SessionFile.open(path) as session:
        assert session.header is not None


# --- the API key guard ----------------------------------------------------------------------------


def test_api_key_values_never_reach_the_file(tmp_path):
    secret = "gsk_live_0123456789abcdef"
    environ = {"GROQ_API_KEY": secret, "SHORT_API_KEY": "abc", "HOME_DIR": "/home/someone"}
    path = tmp_path / "s.jsonl"
    with SessionFile.open(path, environ=environ) as session:
        with pytest.raises(ValueError, match=r"\$GROQ_API_KEY") as info:
            session.append({"type": "user", "text": f"my key is {secret}, help"})
        assert secret not in str(info.value)
        session.append({"type": "user", "text": "abc /home/someone"})  # short / non-key vars ok
        assert len(session.events) == 2
    assert secret not in path.read_text(encoding="utf-8")


def test_key_guard_reads_os_environ_by_default(tmp_path, monkeypatch):
    monkeypatch.setenv("FAKEPROVIDER_API_KEY", "sk-test-abcdefgh")
    with SessionFile.open(tmp_path / "s.jsonl") as session:
        with pytest.raises(ValueError):
            session.append({"nested": {"deep": ["sk-test-abcdefgh"]}})


def test_lock_path_helpers():
    assert sf.lock_path_for(Path("/x/a.b.jsonl")) == Path("/x/a.b.lock")
    assert sf.session_name_of(Path("/x/a.b.jsonl")) == "a.b"
