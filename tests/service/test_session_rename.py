"""Renaming a session through the application layer: a taken or bad name is refused in
one line before anything is touched; a rename refused on disk opens the session again
under its old name; nothing is ever lost."""

from __future__ import annotations

import pytest

from fincoach_tui.domain.conversation import Message
from fincoach_tui.domain.session_events import message_event
from fincoach_tui.service.runtime import Overrides, build_engine, resolve
from fincoach_tui.service.sessions import NotDone, Sessions
from fincoach_tui.settings.config import Config
from fincoach_tui.store.sessions import SessionStore


def engine():
    config = Config()
    return build_engine(config, resolve(config, Overrides(provider="offline"), {}))


def store_with(tmp_path, *names: str) -> SessionStore:
    store = SessionStore(tmp_path)
    for name in names:
        with store.open(name) as file:
            file.append(message_event(Message("m1", "user", f"hello from {name}", 1.0, 1)))
            file.append(message_event(Message("m2", "assistant", "Hello.", 2.0, 1)))
    return store


@pytest.mark.parametrize(
    ("new", "why"),
    [
        ("b", "a session named 'b' already exists: choose another name"),
        ("a", "the session is already called a"),
        ("../b", "session names may not contain '/': '../b'"),
        ("", "session name is empty; use 1-64 characters from A-Z, a-z, 0-9, '.', '_' and '-'"),
    ],
)
def test_a_taken_or_bad_name_is_refused_in_one_line(tmp_path, new, why):
    store = store_with(tmp_path, "a", "b")
    with pytest.raises(NotDone) as refused:
        Sessions(store).check_new_name("a", new)
    assert str(refused.value) == why
    assert sorted(store.names()) == ["a", "b"]


def test_renamed_and_opened_with_everything_it_had(tmp_path):
    store = store_with(tmp_path, "a")
    before = store.read_events("a")
    live, problem = Sessions(store).rename_and_open(engine(), "a", "chiru")
    try:
        assert (live.name, problem) == ("chiru", "")
        assert [m.content for m in live.state.transcript.messages] == ["hello from a", "Hello."]
    finally:
        live.close()
    assert store.names() == ["chiru"]
    assert store.read_events("chiru")[: len(before)] == before  # then what opening adds


def test_a_rename_refused_at_the_last_moment_reopens_the_old_name(tmp_path):
    # The name was free when the dialog checked it, and taken by the time of the rename.
    store = store_with(tmp_path, "a", "b")
    before = {name: store.read_events(name) for name in ("a", "b")}
    live, problem = Sessions(store).rename_and_open(engine(), "a", "b")
    try:
        assert live.name == "a"
        assert problem == "not renamed: a session named 'b' already exists: choose another name"
    finally:
        live.close()
    assert store.read_events("b") == before["b"]
    assert store.read_events("a")[: len(before["a"])] == before["a"]  # then what opening adds
