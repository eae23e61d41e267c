"""The sessions directory: naming, listing order, rename/delete under locks, lock-free reads."""

from __future__ import annotations

import os
import stat

import pytest

from fincoach_tui.settings import paths
from fincoach_tui.store.session_file import (
    SessionLocked,
    SessionNameError,
    SessionNotFound,
)
from fincoach_tui.store.sessions import SessionExists, SessionStore
from fincoach_tui.store.walk_cache import WalkCache


@pytest.fixture
def store(tmp_path):
    return SessionStore(tmp_path / "sessions")


def make(store: SessionStore, name: str, *texts: str) -> None:
    with store.open(name) as session:
        for text in texts:
            session.append({"type": "user", "text": text})


def set_mtime(store: SessionStore, name: str, when: int) -> None:
    os.utime(store.path_for(name), (when, when))


def test_paths_follow_environment(tmp_path, monkeypatch):
    monkeypatch.setenv("FINCOACH_DATA_DIR", str(tmp_path / "data"))
    monkeypatch.setenv("FINCOACH_CONFIG_DIR", str(tmp_path / "conf"))
    assert paths.sessions_dir() == tmp_path / "data" / "sessions"
    assert paths.config_path() == tmp_path / "conf" / "config.toml"
    env = {"FINCOACH_DATA_DIR": "/elsewhere"}  # an explicit mapping beats os.environ
    assert paths.sessions_dir(env).as_posix() == "/elsewhere/sessions"


def test_paths_default_to_platformdirs_when_unset(monkeypatch):
    monkeypatch.delenv("FINCOACH_DATA_DIR", raising=False)
    monkeypatch.delenv("FINCOACH_CONFIG_DIR", raising=False)
    assert paths.data_dir({}).name == "fincoach"  # computed only, never created
    assert paths.config_path({}).parent.name == "fincoach"


def test_path_for_validates(store):
    assert store.path_for("chat") == store.root / "chat.jsonl"
    for bad in ("../escape", "a/b", "", ".."):
        with pytest.raises(SessionNameError):
            store.path_for(bad)
    with pytest.raises(SessionNameError):
        store.open("../../etc/passwd")


def test_open_creates_private_directory(store):
    make(store, "chat", "hello")
    assert store.exists("chat") and not store.exists("other")
    assert stat.S_IMODE(store.root.stat().st_mode) == 0o700
    with pytest.raises(SessionNotFound):
        store.open("other", create=False)


def test_names_newest_first(store):
    assert store.names() == []  # no directory yet
    for i, name in enumerate(["old", "middle", "new"]):
        make(store, name)
        set_mtime(store, name, 1_700_000_000 + i * 100)
    (store.root / "not a session.jsonl").write_text("{}\n")
    (store.root / "notes.txt").write_text("x")
    assert store.names() == ["new", "middle", "old"]
    with store.open("old") as session:
        session.append({"type": "user", "text": "bump"})  # touching it makes it newest
    assert store.names()[0] == "old"


def test_read_events_is_tolerant_and_never_truncates(store):
    make(store, "chat", "one", "two")
    raw = store.path_for("chat").read_bytes() + b'{"type":"us'  # a torn last line
    store.path_for("chat").write_bytes(raw)
    events = store.read_events("chat")
    assert [e.get("text") for e in events] == [None, "one", "two"]
    assert store.path_for("chat").read_bytes() == raw  # listing must not "repair" files
    with pytest.raises(SessionNotFound):
        store.read_events("missing")


def test_read_events_while_open(store):
    make(store, "chat", "one")
    with store.open("chat") as session:
        session.append({"type": "user", "text": "two"})
        assert store.read_events("chat") == session.events


def test_rename(store):
    make(store, "old", "hello")
    store.rename("old", "new")
    assert store.names() == ["new"]
    assert not (store.root / "old.lock").exists()
    assert store.read_events("new")[1]["text"] == "hello"
    with store.open("new") as session:  # the renamed session opens and locks normally
        assert session.name == "new"


def test_rename_refusals(store):
    make(store, "a")
    make(store, "b")
    with pytest.raises(SessionExists):
        store.rename("a", "b")
    with pytest.raises(SessionNotFound):
        store.rename("missing", "c")
    with pytest.raises(SessionNameError):
        store.rename("a", "bad/name")
    with store.open("a"):
        with pytest.raises(SessionLocked):
            store.rename("a", "c")
    assert sorted(store.names()) == ["a", "b"]


def test_delete(store):
    make(store, "gone", "bye")
    store.delete("gone")
    assert store.names() == [] and not store.exists("gone")
    assert list(store.root.iterdir()) == []  # .jsonl and .lock both removed
    with pytest.raises(SessionNotFound):
        store.delete("gone")


def kept_files(store: SessionStore, name: str) -> set[str]:
    """What FinCoach writes for session `name` as it runs: the session and its lock, its
    walk kept for the next opening, a foreign tail set aside when it was opened, and (by
    name here: it needs an upgrade that could not read a line) an upgrade's original."""
    make(store, name, "hello")
    with open(store.path_for(name), "ab") as file:
        file.write(b"\x00\x00not ours")  # bytes FinCoach did not write: copied aside on open
    with store.open(name) as session:
        assert "copied to" in session.warnings[0]
    WalkCache(store.path_for(name), "basis").save({"steps": []})
    (store.root / f"{name}.jsonl.format1-backup").write_text("{}\n")
    (aside,) = store.root.glob(f"{name}.jsonl.damaged-*")
    return {
        f"{name}.jsonl",
        f"{name}.lock",
        f"{name}.walk.json",
        f"{name}.jsonl.format1-backup",
        aside.name,
    }


def files(store: SessionStore) -> set[str]:
    return {path.name for path in store.root.iterdir()}


# Sessions whose names begin with another's, and files FinCoach did not write there.
NEIGHBOURS = ["s.walk", "s.jsonl.damaged-20261203T190000Z", "s-2", "s.jsonl"]
STRAYS = ["s.txt", "s.walk.json.old", "s.jsonl.notes", "s.jsonl.format1-backup.mine"]


def test_delete_removes_every_file_kept_for_the_session_and_nothing_else(store):
    own = kept_files(store, "s")
    for name in NEIGHBOURS:
        kept_files(store, name)
    for stray in STRAYS:
        (store.root / stray).write_text("mine")
    before = files(store)
    store.delete("s")
    assert files(store) == before - own
    assert sorted(store.names()) == sorted(NEIGHBOURS)


def test_rename_takes_the_files_kept_for_the_session_along(store):
    own = kept_files(store, "s")
    for name in NEIGHBOURS:
        kept_files(store, name)
    before = files(store)
    walk = (store.root / "s.walk.json").read_bytes()
    store.rename("s", "new")
    moved = {"new" + name.removeprefix("s") for name in own - {"s.lock"}}
    assert files(store) - {"new.lock"} == (before - own) | moved
    assert (store.root / "new.walk.json").read_bytes() == walk
    # The walk kept is still the session's: the same file, its size and time unchanged.
    assert WalkCache(store.path_for("new"), "basis").load() == {"steps": []}


def test_delete_refuses_an_open_session(store):
    make(store, "busy")
    with store.open("busy"):
        with pytest.raises(SessionLocked):
            store.delete("busy")
    assert store.exists("busy")
    store.delete("busy")
    assert not store.exists("busy")


def test_store_passes_environ_to_the_key_guard(tmp_path):
    store = SessionStore(tmp_path, environ={"X_API_KEY": "supersecretvalue"})
    with store.open("s") as session:
        with pytest.raises(ValueError):
            session.append({"text": "supersecretvalue"})
