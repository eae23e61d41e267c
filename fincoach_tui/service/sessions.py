"""What the interface may do to session files, exports and settings, as application calls.

The screens never reach the store or the config file themselves: they list, open,
rename, delete and export sessions, and save settings, through these calls. Every
failure comes back as `NotDone`, one line for the user.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from datetime import datetime
from pathlib import Path
from typing import TYPE_CHECKING, Any

# Config, SessionStore and SessionFile are also what a front end is handed at start-up and
# passes on: ui/ names them through this module, never importing the store or the settings
# module itself (SessionFile is re-exported for that alone).
from fincoach_tui.settings import paths
from fincoach_tui.settings.config import Config, ConfigError, update_config
from fincoach_tui.store.session_file import SessionError, validate_session_name
from fincoach_tui.store.session_file import SessionFile as SessionFile
from fincoach_tui.store.sessions import SessionStore

# The session summaries (they replay events, with the strategies) are imported on first
# use: the app imports this module for its first frame, which needs none of them.
if TYPE_CHECKING:
    from fincoach_tui.domain.conversation import Message
    from fincoach_tui.domain.session_summary import SessionSummary
    from fincoach_tui.service.runtime import Engine, LiveSession


def newest_messages(file: SessionFile, count: int) -> list[Message]:
    """The session's newest `count` messages, read from the end of its file: shown while
    the whole session is read (store/session_tail.py)."""
    from fincoach_tui.store.session_tail import newest_messages as read_newest

    return read_newest(file.path, count)


class NotDone(Exception):
    """The call changed nothing; the message says why in one line."""


@dataclass(frozen=True)
class Listed:
    """One row of the sessions list: its summary, or None if the file cannot be read."""

    name: str
    summary: SessionSummary | None


class Sessions:
    """The session files in the data directory."""

    def __init__(self, store: SessionStore) -> None:
        self._store = store

    @property
    def directory(self) -> Path:
        """Where the session files are (the usage index sits beside it)."""
        return self._store.root

    def listing(self) -> list[Listed]:
        """Every session, newest first; one that cannot be read is listed all the same."""
        from fincoach_tui.domain.session_state import summarize_session
        from fincoach_tui.store.session_summary import SummaryIndex

        store = self._store
        rows = SummaryIndex(store.root).rows(
            store.names(), lambda name: summarize_session(name, store.stream_events(name))
        )
        listed = []
        for name, row in rows:
            if isinstance(row, Exception) and not isinstance(row, (SessionError, OSError)):
                raise row
            # A file that cannot be read (e.g. a newer format) is listed; opening says why.
            listed.append(Listed(name, None if isinstance(row, Exception) else row))
        return listed

    def open(
        self,
        engine: Engine,
        name: str,
        *,
        sleep: Callable[[float], Awaitable[None]] | None = None,
        config: Config | None = None,
    ) -> LiveSession:
        """Open `name` (created if new) with a coach on it. Raises NotDone.

        `config`: the settings as they are now; a new session starts on their strategy."""
        from fincoach_tui.service.runtime import open_session

        try:
            # Locked now (a session open elsewhere is refused at once), read once, by the
            # replay, as it is read: opening it undeferred would read the whole file twice.
            file = self._store.open(name, defer=True)
            return open_session(engine, file, sleep=sleep, config=config)
        except (SessionError, ValueError) as exc:
            raise NotDone(str(exc)) from exc

    def exists(self, name: str) -> bool:
        """Whether a session `name` is saved."""
        try:
            return self._store.exists(name)
        except (SessionError, ValueError):
            return False  # not even a name a session could have

    def check_new_name(self, current: str, new: str) -> str:
        """`new` as a new name for the session `current`: a valid name, not its own, not
        another session's. The name, checked; raises NotDone (nothing is touched)."""
        new = check_name(new.strip())
        if new == current:
            raise NotDone(f"the session is already called {new}")
        if self._store.exists(new):
            raise NotDone(f"a session named '{new}' already exists: choose another name")
        return new

    def rename_and_open(
        self,
        engine: Engine,
        old: str,
        new: str,
        *,
        sleep: Callable[[float], Awaitable[None]] | None = None,
        config: Config | None = None,
    ) -> tuple[LiveSession, str]:
        """Rename the session `old` (closed by the caller) to `new`, and open it.

        The session opened, and "" or why it was not renamed: a refused rename leaves the
        file where it was and opens it again under its old name, so nothing is lost.
        Raises NotDone only if the file cannot be opened at all."""
        try:
            new = self.check_new_name(old, new)
            self._store.rename(old, new)
        except (NotDone, SessionError, ValueError, OSError) as exc:
            return self.open(engine, old, sleep=sleep, config=config), f"not renamed: {exc}"
        return self.open(engine, new, sleep=sleep, config=config), ""

    def rename(self, old: str, new: str) -> str:
        """Rename a session; the new name, checked. Raises NotDone."""
        try:
            new = validate_session_name(new)
            self._store.rename(old, new)
        except (SessionError, ValueError) as exc:
            raise NotDone(str(exc)) from exc
        return new

    def delete(self, name: str) -> None:
        """Delete a session file. Raises NotDone."""
        try:
            self._store.delete(name)
        except (SessionError, ValueError, OSError) as exc:
            raise NotDone(str(exc)) from exc


def check_name(name: str) -> str:
    """A session name as typed, checked (the same rules as `--session`). Raises NotDone."""
    try:
        return validate_session_name(name)
    except (SessionError, ValueError) as exc:
        raise NotDone(str(exc)) from exc


def export_markdown(live: LiveSession, now: datetime | None = None) -> Path:
    """Write the session as Markdown under the data directory's exports/ (0600); its path.
    Raises NotDone."""
    from fincoach_tui.service.export import ExportError, export_session, write_export

    stamp = (now or datetime.now()).strftime("%Y%m%d-%H%M%S")
    target = paths.data_dir() / "exports" / f"{live.name}-{stamp}.md"
    try:
        write_export(target, export_session(live.name, live.state, "md"), make_folder=True)
    except ExportError as exc:
        raise NotDone(f"not exported: {exc}") from exc
    return target


def save_settings(path: Path, **changes: Any) -> Config:
    """Change some settings in config.toml (theme, strategy, ...); the config now.
    Raises NotDone."""
    try:
        return update_config(path, **changes)
    except (ConfigError, OSError) as exc:
        raise NotDone(f"settings not saved: {exc}") from exc
