"""One saved conversation: an append-only JSONL event log, locked while open.

Why JSONL and append-only: a crash can only ever damage the line being written,
so recovery is "drop a torn last line" and never "repair a rewritten file". Bytes we
did not write are never cut: they are copied to `NAME.jsonl.damaged-<time>` first
(session_parse.py tells the two apart). A failed write is cut back off at once, so
the file always ends where the last good write ended (store/disk.py).
Why records by reference (format 2): a record names the transcript messages it sent by
id and every other text by digest, each text stored once in a `text` event written with
the record that first sends it (domain/record_refs.py), so the file grows with the
session's length and not its square, and every request still reads back byte for byte.
Why a sidecar lock file with `flock`: the OS releases the lock when the holder
dies, so a killed FinCoach never leaves a stale lock behind (POSIX only).
"""

from __future__ import annotations

import contextlib
import fcntl
import json
import os
import re
from collections.abc import Iterator, Mapping, Sequence
from datetime import UTC, datetime
from pathlib import Path
from typing import TYPE_CHECKING, Any

from fincoach_tui.store import disk, migrations
from fincoach_tui.store.session_errors import (
    SecretRefused,
    SessionError,
    SessionFormatError,
    SessionLocked,
    SessionNameError,
    SessionNotFound,
    SessionWriteError,
)
from fincoach_tui.store.session_parse import ParsedFile, parse_file

# The domain's event and reference modules (a tenth of a second of imports) are imported
# when a session is read or written: the app imports this module for its first frame,
# and only locks the session then (`SessionFile.open(defer=True)`).
if TYPE_CHECKING:
    from fincoach_tui.domain.record_refs import RefTable
    from fincoach_tui.domain.session_events import HeaderEvent, SessionEvent

__all__ = [
    "FORMAT_VERSION",
    "SecretRefused",
    "SessionError",
    "SessionFile",
    "SessionFormatError",
    "SessionLocked",
    "SessionNameError",
    "SessionNotFound",
    "SessionWriteError",
    "hold_lock",
    "load_events",
    "lock_path_for",
    "session_name_of",
    "validate_session_name",
]

FORMAT_VERSION = migrations.current_format()  # for readers; the code asks migrations
SESSION_NAME_RE = re.compile(r"[A-Za-z0-9._-]{1,64}")
_ALLOWED = "use 1-64 characters from A-Z, a-z, 0-9, '.', '_' and '-'"
_SUFFIX = ".jsonl"


def _show(name: str) -> str:
    """repr() escapes control characters and NULs; truncate so a huge name stays one line."""
    return repr(name[:40]) + "..." if len(name) > 40 else repr(name)


def validate_session_name(name: str) -> str:
    """Return `name` unchanged if it is a safe file stem, else raise SessionNameError."""
    if not isinstance(name, str):
        raise SessionNameError(f"session name must be a string, got {type(name).__name__}")
    if name == "":
        raise SessionNameError(f"session name is empty; {_ALLOWED}")
    # Name the dangerous characters explicitly: they are what an attacker would try.
    for char, label in (("/", "'/'"), ("\\", "'\\'"), ("\x00", "a NUL byte")):
        if char in name:
            raise SessionNameError(f"session names may not contain {label}: {_show(name)}")
    if name in (".", ".."):
        raise SessionNameError(f"session name {_show(name)} is reserved; {_ALLOWED}")
    if len(name) > 64:
        raise SessionNameError(
            f"session name is too long ({len(name)} characters, max 64): {_show(name)}"
        )
    if not SESSION_NAME_RE.fullmatch(name):
        raise SessionNameError(f"invalid session name {_show(name)}: {_ALLOWED}")
    return name


def session_name_of(path: Path) -> str:
    return path.name[: -len(_SUFFIX)] if path.name.endswith(_SUFFIX) else path.name


def lock_path_for(path: Path) -> Path:
    return path.with_name(session_name_of(path) + ".lock")


# --- locking -------------------------------------------------------------------------


def _read_pid(lock_path: Path) -> int | None:
    try:
        return int(lock_path.read_text(encoding="ascii").strip())
    except (OSError, ValueError, UnicodeDecodeError):
        return None  # mid-write by the holder, or not ours: the message copes


def _acquire_lock(lock_path: Path, name: str) -> int:
    """Take an exclusive non-blocking flock on `lock_path`; return the fd holding it.

    flock locks belong to the open file description, so a second open in the same
    process conflicts exactly like another process would.
    """
    for _ in range(5):
        fd = os.open(lock_path, os.O_RDWR | os.O_CREAT | os.O_CLOEXEC, 0o600)
        try:
            fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except BlockingIOError:
            os.close(fd)
            pid = _read_pid(lock_path)
            holder = f"pid {pid}" if pid is not None else "pid unknown"
            raise SessionLocked(
                f"session '{name}' is open in another FinCoach window ({holder})"
            ) from None
        except BaseException:
            os.close(fd)
            raise
        # delete/rename unlink the lock file while holding it; if we locked an
        # orphaned inode, somebody else may lock the new file: retry on the real one.
        try:
            same = os.fstat(fd).st_ino == os.stat(lock_path).st_ino
        except FileNotFoundError:
            same = False
        if same:
            os.ftruncate(fd, 0)
            os.pwrite(fd, f"{os.getpid()}\n".encode("ascii"), 0)
            return fd
        os.close(fd)
    raise SessionLocked(f"session '{name}' is being renamed or deleted; try again")


def _release_lock(fd: int) -> None:
    with contextlib.suppress(OSError):
        fcntl.flock(fd, fcntl.LOCK_UN)
    os.close(fd)


@contextlib.contextmanager
def hold_lock(path: Path) -> Iterator[None]:
    """Hold the session's lock for a block (used by rename/delete); SessionLocked if busy."""
    fd = _acquire_lock(lock_path_for(path), session_name_of(path))
    try:
        yield
    finally:
        _release_lock(fd)


def load_events(path: Path) -> tuple[list[dict[str, Any]], list[str]]:
    """Read a session without locking or modifying it (for listings): (events, warnings).
    An older format is upgraded in memory only; the file is upgraded when next opened."""
    try:
        data = path.read_bytes()
    except FileNotFoundError:
        raise SessionNotFound(f"no session named '{session_name_of(path)}'") from None
    name = session_name_of(path)
    parsed = parse_file(data, name)
    if parsed.damaged_at is not None:
        parsed.warnings.append(
            f"{name}: {len(data) - parsed.damaged_at:,} unreadable bytes at the end "
            "(set aside when the session is next opened)"
        )
    events = parsed.events
    if parsed.format < migrations.current_format():
        events, _ = migrations.upgrade(events, parsed.format)
    return events, parsed.warnings


def _header() -> HeaderEvent:
    from fincoach_tui.domain.session_events import HeaderEvent

    created = datetime.now(UTC).isoformat(timespec="seconds")
    return HeaderEvent(migrations.current_format(), created)


def _fsync_dir(directory: Path) -> None:
    disk.fsync_dir(directory)


def _aside_path(path: Path, label: str) -> Path:
    """`NAME.jsonl.<label>-<UTC time>` beside `path`, never an existing file."""
    stamp = datetime.now(UTC).strftime("%Y%m%dT%H%M%SZ")
    candidate = path.with_name(f"{path.name}.{label}-{stamp}")
    number = 1
    while candidate.exists():
        number += 1
        candidate = path.with_name(f"{path.name}.{label}-{stamp}-{number}")
    return candidate


def _holds_secret(var: str, value: str) -> bool:
    """Is this environment variable a credential whose value must never be saved?

    Every `*_API_KEY`; and, since `api_key_env` may name any variable, anything called
    `*_KEY`, `*_TOKEN` or `*_SECRET` whose value is long enough to be a credential.
    """
    name = var.upper()
    if name.endswith("_API_KEY"):
        return len(value) >= 8
    return name.endswith(("_KEY", "_TOKEN", "_SECRET")) and len(value) >= 16


def _table_of(events: list[dict[str, Any]]) -> RefTable:
    """What the events hold for records to refer to (damaged events are passed over)."""
    from fincoach_tui.domain.record_refs import RefTable

    table = RefTable()
    for event in events:
        try:
            table.observe(event)
        except (KeyError, TypeError, ValueError, AttributeError):
            continue
    return table


def _as_dict(event: SessionEvent | dict[str, Any]) -> dict[str, Any]:
    """An event in the file's JSON form: the one place a typed event is serialised. A plain
    dict is taken as already in that form (an event of a type this version does not make)."""
    if isinstance(event, dict):
        return event
    if not hasattr(event, "to_dict"):
        raise ValueError(f"an event must be a session event, got {type(event).__name__}")
    return event.to_dict()


# --- the session file ------------------------------------------------------------------


class SessionFile:
    """An open, locked session. Use `SessionFile.open(...)`, ideally as a context manager.

    `events` holds every event in file order, the header event first.
    `warnings` holds one-line notes about anything recovered or skipped on open.
    """

    def __init__(self, path: Path, lock_fd: int, environ: Mapping[str, str] = os.environ) -> None:
        self.path = path
        self.name = session_name_of(path)
        self.events: list[dict[str, Any]] = []
        self.warnings: list[str] = []
        self._lock_fd: int | None = lock_fd
        self._environ = environ
        self._fd: int | None = None
        self._size = 0  # bytes in the file that are ours and durable
        # What the file holds already: a record is written as references to it.
        self._refs: RefTable | None = None  # made when the file is read
        self._create: bool | None = None  # set while locked but not read yet (`load`)

    @classmethod
    def open(
        cls,
        path: Path,
        *,
        create: bool = True,
        environ: Mapping[str, str] = os.environ,
        defer: bool = False,
    ) -> SessionFile:
        """Lock the session and read it. `defer`: lock only (a session another window has
        is refused at once); `load` reads it later, e.g. after the app's first frame."""
        path = Path(path)
        name = session_name_of(path)
        if not path.exists() and not create:
            raise SessionNotFound(f"no session named '{name}'")
        try:
            if not path.parent.is_dir():
                path.parent.mkdir(parents=True, mode=0o700, exist_ok=True)
            lock_fd = _acquire_lock(lock_path_for(path), name)
        except OSError as exc:  # a read-only data dir, a file where the directory should be
            raise SessionWriteError(
                f"cannot open session '{name}' in {path.parent}: {disk.describe(exc)}", exc.errno
            ) from None
        session = cls(path, lock_fd, environ)
        session._create = create
        if not defer:
            session.load()
        return session

    @property
    def loaded(self) -> bool:
        return self._create is None

    def load(self) -> None:
        """Read the locked session (once; `open` does it unless deferred). On failure the
        lock is released and the error raised."""
        if self._create is None:
            return
        create, self._create = self._create, None
        try:
            self._load(create)
        except OSError as exc:
            self.close()
            if isinstance(exc, SessionError):
                raise
            raise SessionWriteError(
                f"cannot open session '{self.name}' ({self.path}): {disk.describe(exc)}",
                exc.errno,
            ) from None
        except BaseException:
            self.close()  # never keep the lock for a session we failed to open
            raise

    def _load(self, create: bool) -> None:
        created = False
        try:
            fd = os.open(self.path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
        except FileExistsError:
            pass
        else:  # we just created it, under the lock: write the header
            os.close(fd)
            created = True
            if not create:  # it was deleted between our check and the lock
                self.path.unlink()
                raise SessionNotFound(f"no session named '{self.name}'")
            _fsync_dir(self.path.parent)
        try:
            self._load_existing()
        except BaseException:
            if created:  # a new session that could not even get its header: leave no trace
                with contextlib.suppress(OSError):
                    self.path.unlink()
            raise

    def _load_existing(self) -> None:
        data = self.path.read_bytes()
        parsed = parse_file(data, self.name)  # may raise SessionFormatError: nothing touched
        self.warnings = parsed.warnings
        self._fd = os.open(self.path, os.O_WRONLY | os.O_APPEND | os.O_CLOEXEC)
        if parsed.damaged_at is not None:
            self._set_aside(data, parsed.damaged_at)
        elif parsed.truncate_at is not None:
            # Cut only our own torn tail; everything before it stays byte-for-byte.
            os.ftruncate(self._fd, parsed.truncate_at)
            os.fsync(self._fd)
        self._size = os.fstat(self._fd).st_size
        if parsed.needs_newline:
            self._write(b"\n")
        self.events = parsed.events
        if parsed.format < migrations.current_format():
            self._upgrade(parsed)
        self._refs = _table_of(self.events)
        if not self.events:
            self.append(_header())

    def _set_aside(self, data: bytes, start: int) -> None:
        """Bytes we did not write and cannot read: copied beside the session, then cut."""
        aside = _aside_path(self.path, "damaged")
        disk.write_private(aside, data[start:])
        assert self._fd is not None
        os.ftruncate(self._fd, start)
        os.fsync(self._fd)
        what = "all of it" if start == 0 else f"{len(data) - start:,} bytes at the end"
        self.warnings.append(
            f"{self.name}: could not read {what}; copied to {aside.name} and left out"
        )

    def _upgrade(self, parsed: ParsedFile) -> None:
        """Rewrite an older format's file as the current one. The original is copied to a
        backup first and removed only once the upgraded file is written and durable."""
        old = parsed.format
        events, steps = migrations.upgrade(self.events, old)
        backup = self.path.with_name(f"{self.path.name}.format{old}-backup")
        disk.write_private(backup, self.path.read_bytes())
        lines = [json.dumps(e, ensure_ascii=False, separators=(",", ":")) for e in events]
        disk.write_private(self.path, "".join(line + "\n" for line in lines))
        if self._fd is not None:
            os.close(self._fd)  # the old inode; appends go to the upgraded file
        self._fd = os.open(self.path, os.O_WRONLY | os.O_APPEND | os.O_CLOEXEC)
        self._size = os.fstat(self._fd).st_size
        self.events = [json.loads(line) for line in lines]
        current = migrations.current_format()
        if parsed.unreadable_lines:  # they are not in the upgraded file: keep the original
            self.warnings.append(
                f"{self.name}: upgraded from format {old} to {current}; the original, with "
                f"its unreadable lines, is kept as {backup.name}"
            )
            return
        backup.unlink()
        self.warnings.append(
            f"{self.name}: upgraded from format {old} to {current} ({', '.join(steps)})"
        )

    @property
    def header(self) -> dict[str, Any] | None:
        first = self.events[0] if self.events else None
        return first if first and first.get("type") == "header" else None

    @property
    def closed(self) -> bool:
        return self._lock_fd is None

    def _write(self, data: bytes) -> None:
        """All of `data` durably, or none of it: after a failed write (a full disk) the
        file is cut back to where it ended, so no part of it can land later."""
        assert self._fd is not None
        try:
            disk.write_all(self._fd, data)
            os.fsync(self._fd)
        except OSError as exc:
            try:
                os.ftruncate(self._fd, self._size)
                os.fsync(self._fd)
                kept = "nothing of it was kept"
            except OSError:  # a partial line is left; the next open drops it as torn
                kept = "it may have left a partial line, dropped when the session is next opened"
            raise SessionWriteError(
                f"could not save to {self.path}: {disk.describe(exc)}; {kept}", exc.errno
            ) from None
        self._size += len(data)

    def _refuse_secrets(self, line: str) -> None:
        for var, value in self._environ.items():
            if not _holds_secret(var, value):
                continue
            if value in line or json.dumps(value, ensure_ascii=False)[1:-1] in line:
                raise SecretRefused(
                    f"this contains the value of ${var}; it was not sent or saved "
                    f"(API keys never reach a session file)"
                )

    def append(self, event: SessionEvent | dict[str, Any]) -> None:
        """Append one event as one compact JSON line.

        Durability policy: every event is written with a single write call, then
        flushed and fsynced before `append` returns, so a crash loses at most the
        event being written (which the next open drops as a torn last line).
        Raises ValueError for a closed session, something not an event, NaN/Infinity values,
        or an event containing the value of any `*_API_KEY` environment variable
        (SecretRefused); nothing is written then.
        """
        self.append_many([event])

    def append_many(self, events: Sequence[SessionEvent | dict[str, Any]]) -> None:
        """Append events that belong together (a reply and its record) with ONE write
        and one fsync, so a killed process leaves all of them or none (a power cut can
        still tear the write; the next open then drops the torn tail)."""
        if self.closed or self._fd is None:
            raise ValueError(f"session '{self.name}' is closed")
        lines = []
        try:
            for event in self._by_reference(events):
                line = json.dumps(event, ensure_ascii=False, separators=(",", ":"), allow_nan=False)
                self._refuse_secrets(line)
                lines.append(line)
            self._write("".join(line + "\n" for line in lines).encode("utf-8"))
        except BaseException:
            self._refs = _table_of(self.events)  # it learned what was never written
            raise
        # Keep the in-memory copy identical to what a reopen would read.
        self.events.extend(json.loads(line) for line in lines)

    def _by_reference(
        self, events: Sequence[SessionEvent | dict[str, Any]]
    ) -> Iterator[dict[str, Any]]:
        if self._refs is None:
            self._refs = _table_of(self.events)
        return self._refs.by_reference([_as_dict(event) for event in events])

    def close(self) -> None:
        """Close the file and release the lock. Safe to call twice."""
        if self._fd is not None:
            os.close(self._fd)
            self._fd = None
        if self._lock_fd is not None:
            _release_lock(self._lock_fd)
            self._lock_fd = None

    def __enter__(self) -> SessionFile:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    def __repr__(self) -> str:
        state = "closed" if self.closed else f"{len(self.events)} events"
        return f"<SessionFile {self.name!r} {state}>"
