"""One saved conversation: an append-only JSONL event log, locked while open.

Why JSONL and append-only: a crash can only ever damage the line being written,
so recovery is "drop a torn last line" and never "repair a rewritten file".
Why a sidecar lock file with `flock`: the OS releases the lock when the holder
dies, so a killed FinCoach never leaves a stale lock behind (POSIX only).
"""

from __future__ import annotations

import contextlib
import fcntl
import json
import os
import re
from collections.abc import Iterator, Mapping
from dataclasses import dataclass, field
from datetime import UTC, datetime
from pathlib import Path
from typing import Any, BinaryIO

FORMAT_VERSION = 1
SESSION_NAME_RE = re.compile(r"[A-Za-z0-9._-]{1,64}")
_ALLOWED = "use 1-64 characters from A-Z, a-z, 0-9, '.', '_' and '-'"
_SUFFIX = ".jsonl"


class SessionError(Exception):
    """Base class for everything this module raises about a session."""


class SessionNameError(SessionError, ValueError):
    pass


class SessionLocked(SessionError):
    pass


class SessionFormatError(SessionError):
    pass


class SessionNotFound(SessionError, FileNotFoundError):
    pass


class SecretRefused(SessionError, ValueError):
    """An event holding the value of an `*_API_KEY` variable: never written."""


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


# --- parsing -------------------------------------------------------------------------


@dataclass
class _Parsed:
    events: list[dict[str, Any]] = field(default_factory=list)
    warnings: list[str] = field(default_factory=list)
    truncate_at: int | None = None  # byte offset to cut a torn last line at
    needs_newline: bool = False  # last line is good JSON but lacks its "\n"


def _parse(data: bytes, name: str) -> _Parsed:
    """Parse a session file's bytes; tolerant of damage, never raises except for format."""
    out = _Parsed()
    offset = 0
    lines = data.split(b"\n")
    # Index of the last non-blank line: only that one may be a torn write.
    last = max((i for i, raw in enumerate(lines) if raw.strip()), default=-1)
    for number, raw in enumerate(lines, start=1):
        start, offset = offset, offset + len(raw) + 1
        if not raw.strip():
            continue
        try:
            event = json.loads(raw.decode("utf-8"))
            if not isinstance(event, dict):
                raise ValueError("not an object")
        except ValueError:  # includes JSONDecodeError and UnicodeDecodeError
            if number - 1 == last:
                out.truncate_at = start
                out.warnings.append(
                    f"recovered {name}: dropped an incomplete last line ({len(data) - start} bytes)"
                )
            else:
                out.warnings.append(f"{name}: skipped unreadable line {number}")
            continue
        if number - 1 == last and not data.endswith(b"\n"):
            out.needs_newline = True
        out.events.append(event)
    _check_header(out, name)
    return out


def _check_header(parsed: _Parsed, name: str) -> None:
    if not parsed.events:
        return
    header = parsed.events[0]
    if header.get("type") != "header":
        parsed.warnings.append(f"{name}: no header line; reading it as format {FORMAT_VERSION}")
        return
    fmt = header.get("format")
    if not isinstance(fmt, int) or isinstance(fmt, bool):
        raise SessionFormatError(f"{name} has an unreadable header (format {fmt!r})")
    if fmt > FORMAT_VERSION:
        raise SessionFormatError(
            f"{name} was written by a newer FinCoach (format {fmt}); upgrade to open it"
        )


def load_events(path: Path) -> tuple[list[dict[str, Any]], list[str]]:
    """Read a session without locking or modifying it (for listings): (events, warnings)."""
    try:
        data = path.read_bytes()
    except FileNotFoundError:
        raise SessionNotFound(f"no session named '{session_name_of(path)}'") from None
    parsed = _parse(data, session_name_of(path))
    return parsed.events, parsed.warnings


def _header() -> dict[str, Any]:
    created = datetime.now(UTC).isoformat(timespec="seconds")
    return {"type": "header", "format": FORMAT_VERSION, "created": created}


def _fsync_dir(directory: Path) -> None:
    """Make a newly created file's directory entry durable too (best effort)."""
    with contextlib.suppress(OSError):
        fd = os.open(directory, os.O_RDONLY)
        try:
            os.fsync(fd)
        finally:
            os.close(fd)


def _holds_secret(var: str, value: str) -> bool:
    """Is this environment variable a credential whose value must never be saved?

    Every `*_API_KEY`; and, since `api_key_env` may name any variable, anything called
    `*_KEY`, `*_TOKEN` or `*_SECRET` whose value is long enough to be a credential.
    """
    name = var.upper()
    if name.endswith("_API_KEY"):
        return len(value) >= 8
    return name.endswith(("_KEY", "_TOKEN", "_SECRET")) and len(value) >= 16


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
        self._file: BinaryIO | None = None

    @classmethod
    def open(
        cls, path: Path, *, create: bool = True, environ: Mapping[str, str] = os.environ
    ) -> SessionFile:
        path = Path(path)
        name = session_name_of(path)
        if not path.exists() and not create:
            raise SessionNotFound(f"no session named '{name}'")
        if not path.parent.is_dir():
            path.parent.mkdir(parents=True, mode=0o700, exist_ok=True)
        session = cls(path, _acquire_lock(lock_path_for(path), name), environ)
        try:
            session._load(create)
        except BaseException:
            session.close()  # never keep the lock for a session we failed to open
            raise
        return session

    def _load(self, create: bool) -> None:
        try:
            fd = os.open(self.path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
        except FileExistsError:
            pass
        else:  # we just created it, under the lock: write the header
            os.close(fd)
            if not create:  # it was deleted between our check and the lock
                self.path.unlink()
                raise SessionNotFound(f"no session named '{self.name}'")
            _fsync_dir(self.path.parent)
        parsed = _parse(self.path.read_bytes(), self.name)  # may raise SessionFormatError
        self.warnings = parsed.warnings
        self._file = open(self.path, "ab")  # O_APPEND: every write lands at the end
        if parsed.truncate_at is not None:
            # Cut only the torn tail; everything before it stays byte-for-byte.
            self._file.truncate(parsed.truncate_at)
            os.fsync(self._file.fileno())
        elif parsed.needs_newline:
            self._write(b"\n")
        self.events = parsed.events
        if not self.events:
            self.append(_header())

    @property
    def header(self) -> dict[str, Any] | None:
        first = self.events[0] if self.events else None
        return first if first and first.get("type") == "header" else None

    @property
    def closed(self) -> bool:
        return self._lock_fd is None

    def _write(self, data: bytes) -> None:
        assert self._file is not None
        self._file.write(data)  # one write call per event
        self._file.flush()
        os.fsync(self._file.fileno())

    def _refuse_secrets(self, line: str) -> None:
        for var, value in self._environ.items():
            if not _holds_secret(var, value):
                continue
            if value in line or json.dumps(value, ensure_ascii=False)[1:-1] in line:
                raise SecretRefused(
                    f"this contains the value of ${var}; it was not sent or saved "
                    f"(API keys never reach a session file)"
                )

    def append(self, event: dict[str, Any]) -> None:
        """Append one event as one compact JSON line.

        Durability policy: every event is written with a single write call, then
        flushed and fsynced before `append` returns, so a crash loses at most the
        event being written (which the next open drops as a torn last line).
        Raises ValueError for a closed session, a non-dict, NaN/Infinity values,
        or an event containing the value of any `*_API_KEY` environment variable
        (SecretRefused); nothing is written then.
        """
        self.append_many([event])

    def append_many(self, events: list[dict[str, Any]]) -> None:
        """Append events that belong together (a reply and its record) with ONE write
        and one fsync, so a killed process leaves all of them or none (a power cut can
        still tear the write; the next open then drops the torn tail)."""
        if self.closed or self._file is None:
            raise ValueError(f"session '{self.name}' is closed")
        lines = []
        for event in events:
            if not isinstance(event, dict):
                raise ValueError(f"an event must be a dict, got {type(event).__name__}")
            line = json.dumps(event, ensure_ascii=False, separators=(",", ":"), allow_nan=False)
            self._refuse_secrets(line)
            lines.append(line)
        self._write("".join(line + "\n" for line in lines).encode("utf-8"))
        # Keep the in-memory copy identical to what a reopen would read.
        self.events.extend(json.loads(line) for line in lines)

    def close(self) -> None:
        """Close the file and release the lock. Safe to call twice."""
        if self._file is not None:
            self._file.close()
            self._file = None
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
