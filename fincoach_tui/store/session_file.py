"""One saved conversation: an append-only JSONL event log, locked while open.

Why JSONL and append-only: a crash can only ever damage the line being written,
so recovery is "drop a torn last line" and never "repair a rewritten file". Bytes we
did not write are never cut: they are copied to `NAME.jsonl.damaged-<time>` first
(session_parse.py tells the two apart; session_repair.py copies them, and rewrites an
older format's file, its original kept until the upgrade is durable). A failed write is cut back off at once, so
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
import json
import os
import time
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from datetime import UTC, datetime
from pathlib import Path
from typing import TYPE_CHECKING, Any

from fincoach_tui.store import disk, migrations
from fincoach_tui.store.secret_guard import refuse_secrets
from fincoach_tui.store.session_errors import (
    SecretRefused,
    SessionError,
    SessionFormatError,
    SessionLocked,
    SessionNameError,
    SessionNotFound,
    SessionWriteError,
)
from fincoach_tui.store.session_lock import acquire_lock, hold_lock, release_lock
from fincoach_tui.store.session_names import (
    lock_path_for,
    session_name_of,
    validate_session_name,
)
from fincoach_tui.store.session_parse import ParsedFile, SessionReader, load_events
from fincoach_tui.store.session_repair import finish_upgrade, rewrite_upgraded, set_aside

# The domain's event and reference modules (a tenth of a second of imports) are imported
# when a session is read or written: the app imports this module for its first frame,
# and only locks the session then (`SessionFile.open(defer=True)`).
if TYPE_CHECKING:
    from fincoach_tui.domain.record_refs import RefTable
    from fincoach_tui.domain.session_events import HeaderEvent, SessionEvent

YIELD_EVERY = 200  # events read between two chances for other threads to run
OnEvent = Callable[[dict[str, Any]], None]  # what `load` hands each event it reads

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


def _header() -> HeaderEvent:
    from fincoach_tui.domain.session_events import HeaderEvent

    created = datetime.now(UTC).isoformat(timespec="seconds")
    return HeaderEvent(migrations.current_format(), created)


def _fsync_dir(directory: Path) -> None:
    disk.fsync_dir(directory)


def _table_of(events: Iterable[dict[str, Any]]) -> RefTable:
    """What the events hold for records to refer to (damaged events are passed over)."""
    from fincoach_tui.domain.record_refs import RefTable

    table = RefTable()
    for event in events:
        _observe(table, event)
    return table


def _observe(table: RefTable, event: dict[str, Any]) -> None:
    with contextlib.suppress(KeyError, TypeError, ValueError, AttributeError):
        table.observe(event)


def _ignore(event: dict[str, Any]) -> None:
    """What `load` does with an event nobody asked for: nothing (it is not kept)."""


def _as_dict(event: SessionEvent | dict[str, Any]) -> dict[str, Any]:
    """An event in the file's JSON form: the one place a typed event is serialised. A plain
    dict is taken as already in that form (an event of a type this version does not make).
    A live record keeps its request's messages as they are: the table writes them by
    reference (RefTable.by_reference), so no dict is made for each."""
    from fincoach_tui.domain.session_events import RecordEvent

    if isinstance(event, dict):
        return event
    if isinstance(event, RecordEvent):
        return event.to_dict(spelled=False)
    if not hasattr(event, "to_dict"):
        raise ValueError(f"an event must be a session event, got {type(event).__name__}")
    return event.to_dict()


# --- the session file ------------------------------------------------------------------


class SessionFile:
    """An open, locked session. Use `SessionFile.open(...)`, ideally as a context manager.

    The file's events are not kept: `load` hands each one, as it reads it, to whoever folds
    them into a session (replay), and keeps only what writing needs (the table of texts
    records refer to). `events` reads them back from the file, for tools and tests.
    `warnings` holds one-line notes about anything recovered or skipped on open.
    """

    def __init__(self, path: Path, lock_fd: int, environ: Mapping[str, str] = os.environ) -> None:
        self.path = path
        self.name = session_name_of(path)
        self.warnings: list[str] = []
        # While `load` hands an event to its reader: the file line it was read from (None
        # for events of an upgraded file, one a line in the file written), so what replay
        # skips is named by its line, as the damage found reading is.
        self.line_read: int | None = None
        self._lock_fd: int | None = lock_fd
        self._environ = environ
        self._fd: int | None = None
        self._size = 0  # bytes in the file that are ours and durable
        self._header: dict[str, Any] | None = None
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
            lock_fd = acquire_lock(lock_path_for(path), name)
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

    def load(self, into: OnEvent | None = None) -> None:
        """Read the locked session (once; `open` does it unless deferred), handing each event
        to `into` as it is read; a session read already is read again for `into`, without
        changing it. On failure the lock is released and the error raised."""
        if self._create is None:
            if into is not None:
                for event in self._stream_again():
                    into(event)
            return
        create, self._create = self._create, None
        try:
            self._load(create, into)
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

    def _load(self, create: bool, into: OnEvent | None) -> None:
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
            self._load_existing(into or _ignore)
        except BaseException:
            if created:  # a new session that could not even get its header: leave no trace
                with contextlib.suppress(OSError):
                    self.path.unlink()
            raise

    def _load_existing(self, into: OnEvent) -> None:
        from fincoach_tui.domain.record_refs import RefTable

        with open(self.path, "rb") as stream:
            reader = SessionReader(stream, self.name)
            if reader.format < migrations.current_format():  # may raise: nothing touched
                parsed = reader.found
                parsed.events = list(reader)  # an older file is upgraded whole, once
            else:
                table = RefTable()
                for number, event in enumerate(reader):  # replayed as read, not kept
                    _observe(table, event)
                    self.line_read = reader.line
                    into(event)
                    if number % YIELD_EVERY == YIELD_EVERY - 1:
                        # Read in a worker thread, this holds the interpreter; between
                        # chunks, the event loop gets it (a frame, a key) at once rather
                        # than when the interpreter next switches threads.
                        time.sleep(0)
                self._refs = table
                parsed = reader.found
                self.line_read = None
        self.warnings = parsed.warnings
        self._header = parsed.header
        self._fd = os.open(self.path, os.O_WRONLY | os.O_APPEND | os.O_CLOEXEC)
        if parsed.damaged_at is not None:  # copied beside the session, then cut
            self.warnings.append(set_aside(self.path, self.name, self._fd, parsed.damaged_at))
        elif parsed.truncate_at is not None:
            # Cut only our own torn tail; everything before it stays byte-for-byte.
            os.ftruncate(self._fd, parsed.truncate_at)
            os.fsync(self._fd)
        self._size = os.fstat(self._fd).st_size
        if parsed.needs_newline:
            self._write(b"\n")
        if parsed.format < migrations.current_format():
            self._refs = _table_of(self._upgrade(parsed, into))
        if not parsed.count:
            header = _as_dict(_header())
            self.append(header)
            into(header)

    def _stream_again(self) -> Iterator[dict[str, Any]]:
        """The file's events as it holds them now, read again (read-only, nothing kept)."""
        if self._create is not None:
            return  # locked, not read yet: nothing of it is known
        try:
            stream = open(self.path, "rb")  # noqa: SIM115 - closed when the reading ends
        except FileNotFoundError:
            return
        with stream:
            reader = SessionReader(stream, self.name)
            try:
                for event in reader:
                    self.line_read = reader.line
                    yield event
            finally:
                self.line_read = None

    @property
    def events(self) -> list[dict[str, Any]]:
        """Every event in file order, the header first, read from the file now (not kept:
        for tools and tests; opening a session replays the events as it reads them)."""
        return list(self._stream_again())

    def _upgrade(self, parsed: ParsedFile, into: OnEvent) -> list[dict[str, Any]]:
        """Rewrite an older format's file as the current one (store/session_repair.py),
        handing `into` its events as upgraded; those events."""
        upgrade = rewrite_upgraded(self.path, parsed)
        if self._fd is not None:
            os.close(self._fd)  # the old inode; appends go to the upgraded file
        self._fd = os.open(self.path, os.O_WRONLY | os.O_APPEND | os.O_CLOEXEC)
        self._size = os.fstat(self._fd).st_size
        upgraded = upgrade.events
        if upgraded and upgraded[0].get("type") == "header":
            self._header = upgraded[0]
        for event in upgraded:
            into(event)
        self.warnings.append(finish_upgrade(self.name, upgrade, parsed.unreadable_lines))
        return upgraded

    @property
    def header(self) -> dict[str, Any] | None:
        return self._header

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
                refuse_secrets(line, self._environ)
                lines.append(line)
            self._write("".join(line + "\n" for line in lines).encode("utf-8"))
        except BaseException:
            # It learned texts that were never written: learn again from what the file
            # holds (rare: a full disk, a refused secret), so no record refers to them.
            self._refs = _table_of(self._stream_again())
            raise
        if self._header is None and lines and lines[0].startswith('{"type":"header"'):
            self._header = json.loads(lines[0])  # as a reopen would read it

    def _by_reference(
        self, events: Sequence[SessionEvent | dict[str, Any]]
    ) -> Iterator[dict[str, Any]]:
        if self._refs is None:
            self._refs = _table_of(self._stream_again())
        return self._refs.by_reference([_as_dict(event) for event in events])

    def close(self) -> None:
        """Close the file and release the lock. Safe to call twice."""
        if self._fd is not None:
            os.close(self._fd)
            self._fd = None
        if self._lock_fd is not None:
            release_lock(self._lock_fd)
            self._lock_fd = None

    def __enter__(self) -> SessionFile:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    def __repr__(self) -> str:
        state = "closed" if self.closed else f"{self._size:,} bytes"
        return f"<SessionFile {self.name!r} {state}>"
