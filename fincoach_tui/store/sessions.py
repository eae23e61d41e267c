"""The sessions directory: one `NAME.jsonl` (+ `NAME.lock`) per saved conversation.

Every name goes through `validate_session_name` before it touches a path, so no
name can escape the directory. Rename and delete take the session's lock first:
a session open in any FinCoach window (this one included) cannot be moved away
from under it. Close your own SessionFile before renaming or deleting it.

Beside a session FinCoach may keep more files of its own (`kept_beside`): its kept walk
(`NAME.walk.json`), bytes set aside as unreadable and an upgrade's original. A rename
takes them along, a delete removes them; no other file is touched.
"""

from __future__ import annotations

import contextlib
import os
from collections.abc import Iterator, Mapping
from pathlib import Path
from typing import Any

from .session_file import (
    SessionError,
    SessionFile,
    SessionNameError,
    SessionNotFound,
    hold_lock,
    load_events,
    lock_path_for,
    validate_session_name,
)
from .session_parse import stream_events
from .session_repair import is_aside_of
from .walk_cache import cache_path


def kept_beside(path: Path) -> list[Path]:
    """The files FinCoach keeps beside the session file at `path` (its lock aside)."""
    try:
        names = os.listdir(path.parent)
    except OSError:
        return []
    walk = cache_path(path)
    return sorted(
        path.parent / name for name in names if name == walk.name or is_aside_of(path, name)
    )


class SessionExists(SessionError, FileExistsError):
    pass


class SessionStore:
    def __init__(self, root: Path, environ: Mapping[str, str] = os.environ) -> None:
        self.root = Path(root)
        self._environ = environ

    def path_for(self, name: str) -> Path:
        return self.root / f"{validate_session_name(name)}.jsonl"

    def open(self, name: str, create: bool = True, *, defer: bool = False) -> SessionFile:
        """Open (and lock) a session; SessionLocked if another window has it. `defer`:
        lock now, read on `SessionFile.load` (the app reads after its first frame)."""
        return SessionFile.open(
            self.path_for(name), create=create, environ=self._environ, defer=defer
        )

    def exists(self, name: str) -> bool:
        return self.path_for(name).is_file()

    def names(self) -> list[str]:
        """Session names, most recently modified first."""
        if not self.root.is_dir():
            return []
        found: list[tuple[float, str]] = []
        for path in self.root.glob("*.jsonl"):
            name = path.name[: -len(".jsonl")]
            try:
                validate_session_name(name)
                mtime = path.stat().st_mtime
            except (SessionNameError, OSError):
                continue  # a stray file or one deleted while we looked: not a session
            found.append((mtime, name))
        # Newest first; names break ties so the order is stable.
        found.sort(key=lambda item: (-item[0], item[1]))
        return [name for _, name in found]

    def read_events(self, name: str) -> list[dict[str, Any]]:
        """Read a session without locking or changing it (safe while another window has it)."""
        events, _warnings = load_events(self.path_for(name))
        return events

    def stream_events(self, name: str) -> Iterator[dict[str, Any]]:
        """`read_events` one event at a time, as the file is read: for a caller that folds
        them (a listing's summary), which then never holds the file's events at once."""
        return stream_events(self.path_for(name))

    def rename(self, old: str, new: str) -> None:
        old_path, new_path = self.path_for(old), self.path_for(new)
        if not old_path.is_file():  # checked first so we create no lock files for nothing
            raise SessionNotFound(f"no session named '{old}'")
        if old_path == new_path:
            return
        if new_path.exists():
            raise SessionExists(f"a session named '{new}' already exists")
        with hold_lock(old_path), hold_lock(new_path):
            if not old_path.is_file():
                raise SessionNotFound(f"no session named '{old}'")
            if new_path.exists():
                raise SessionExists(f"a session named '{new}' already exists")
            os.rename(old_path, new_path)
            for kept in kept_beside(old_path):  # named as the new name's own would be
                with contextlib.suppress(OSError):  # a cache, a copy: the session is moved
                    os.rename(kept, new_path.parent / (new + kept.name[len(old) :]))
            # Unlinking a lock file while holding it is safe: openers re-check the inode.
            with contextlib.suppress(FileNotFoundError):
                lock_path_for(old_path).unlink()

    def delete(self, name: str) -> None:
        path = self.path_for(name)
        if not path.is_file():
            raise SessionNotFound(f"no session named '{name}'")
        with hold_lock(path):
            try:
                path.unlink()
            except FileNotFoundError:
                raise SessionNotFound(f"no session named '{name}'") from None
            finally:
                for kept in kept_beside(path):  # nothing of it is left behind
                    with contextlib.suppress(FileNotFoundError):
                        kept.unlink()
                with contextlib.suppress(FileNotFoundError):
                    lock_path_for(path).unlink()
