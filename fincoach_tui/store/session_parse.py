"""Reading a session file's bytes, damaged or not, into events (without changing it).

Tolerant on purpose: a damaged line is skipped with a note, and the only bytes ever
marked for trimming are a tail this program's own interrupted append could have left;
anything else unreadable at the end is marked to be set aside (copied), never cut.

Streamed on purpose: `SessionReader` hands out one event at a time, line by line, so a
reader that folds them into a session (replay) never holds the file's events all at once:
a 10,000-turn file is 30,000 events, about 110 MB as dicts, and only the state is kept.
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterable, Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from fincoach_tui.store import migrations
from fincoach_tui.store.session_errors import SessionFormatError, SessionNotFound
from fincoach_tui.store.session_names import session_name_of

# The largest tail an interrupted append of ours can leave: bigger than any event we
# write. A bigger unreadable tail is somebody else's bytes, never trimmed silently.
MAX_TORN_TAIL = 8 * 1024 * 1024
# Every line we write starts like this (compact json.dumps of {"type": ...} first).
_OUR_LINE_START = b'{"type":"'
_CONTROL_BYTES = re.compile(rb"[\x00-\x1f\x7f]")
_decoder = json.JSONDecoder()


def _could_be_our_torn_append(tail: bytes) -> bool:
    """Could an append of ours, cut short, have left exactly these bytes?

    Our lines are compact JSON objects starting `{"type":"`, UTF-8, with every control
    character escaped: a cut leaves a prefix of one, perhaps ending mid-character.
    """
    if not tail or len(tail) > MAX_TORN_TAIL:
        return False
    if not _OUR_LINE_START.startswith(tail[: len(_OUR_LINE_START)]):
        return False
    if _CONTROL_BYTES.search(tail):
        return False
    try:
        tail.decode("utf-8")
    except UnicodeDecodeError as exc:  # only a character cut at the very end is ours
        return exc.reason == "unexpected end of data" and exc.end == len(tail)
    return True


def _decode(raw: bytes) -> dict[str, Any] | None:
    try:
        event = _decoder.decode(raw.decode("utf-8"))
    except (ValueError, RecursionError):  # JSONDecodeError, UnicodeDecodeError, nesting
        return None
    return event if isinstance(event, dict) else None


@dataclass
class ParsedFile:
    """What reading a file found besides its events (and, from `parse_file`, the events)."""

    events: list[dict[str, Any]] = field(default_factory=list)
    warnings: list[str] = field(default_factory=list)
    truncate_at: int | None = None  # byte offset to cut our own torn last line at
    damaged_at: int | None = None  # bytes from here on are not ours: copied aside, then cut
    needs_newline: bool = False  # last line is good JSON but lacks its "\n"
    unreadable_lines: int = 0
    header: dict[str, Any] | None = None  # the first event, if it is a header
    count: int = 0  # events read

    @property
    def format(self) -> int:
        if self.header is None:
            return migrations.current_format()
        return int(self.header["format"])  # checked by _check_header


class SessionReader:
    """A session file's events, one at a time, in file order; what else was found is in
    `found` once they are all read. The header is checked before the first event is
    handed out (SessionFormatError for one this version cannot read), so a reader that
    stops there has changed nothing."""

    def __init__(self, lines: Iterable[bytes], name: str) -> None:
        self.name = name
        self.found = ParsedFile()
        self._lines = iter(lines)
        self._first: dict[str, Any] | None = None
        self._offset = 0  # bytes read so far
        self._number = 0  # lines read so far
        self.line = 0  # the file line of the event handed out last (1: the header's)
        self._done = False
        self._peeked = False

    @property
    def format(self) -> int:
        """The file's format, from its header (read now if it was not yet)."""
        self._peek()
        return self.found.format

    def _peek(self) -> None:
        if not self._peeked:
            self._peeked = True
            self._first = self._next()
            _check_header(self.found, self._first, self.name)

    def __iter__(self) -> Iterator[dict[str, Any]]:
        self._peek()
        if self._first is not None:
            first, self._first = self._first, None
            yield first
        while (event := self._next()) is not None:
            yield event
        self._finish()

    def _next(self) -> dict[str, Any] | None:
        """The next readable event, or None at the end (a tail without "\\n" is judged)."""
        found = self.found
        for raw in self._lines:
            start = self._offset
            self._offset += len(raw)
            if not raw.endswith(b"\n"):  # the tail: what follows the last newline
                if raw.strip():
                    event = _decode(raw)
                    if event is not None:
                        found.needs_newline = True
                        found.count += 1
                        self.line = self._number + 1
                        return event
                    if _could_be_our_torn_append(raw):
                        found.truncate_at = start
                        found.warnings.append(
                            f"recovered {self.name}: dropped an incomplete last line "
                            f"({len(raw)} bytes)"
                        )
                    else:
                        found.damaged_at = start
                break
            self._number += 1
            if not raw.strip():
                continue
            event = _decode(raw[:-1])
            if event is None:
                found.unreadable_lines += 1
                found.warnings.append(f"{self.name}: skipped unreadable line {self._number}")
                continue
            found.count += 1
            self.line = self._number
            return event
        return None

    def _finish(self) -> None:
        found = self.found
        if self._done:
            return
        self._done = True
        if not found.count and (found.unreadable_lines or found.damaged_at is not None):
            # Nothing in it reads as a session: set all of it aside rather than build on it.
            found.damaged_at, found.truncate_at = 0, None
            found.warnings = [w for w in found.warnings if "incomplete last line" not in w]


def parse_file(data: bytes, name: str) -> ParsedFile:
    """Parse a session file's bytes, every event kept (for a small file, or an older
    format being upgraded); tolerant of damage, never raises except for format."""
    reader = SessionReader(_lines_of(data), name)
    events = list(reader)
    reader.found.events = events
    return reader.found


def _lines_of(data: bytes) -> Iterator[bytes]:
    """`data`'s lines as a binary file yields them: split after each "\n" only."""
    start = 0
    while (end := data.find(b"\n", start)) != -1:
        yield data[start : end + 1]
        start = end + 1
    if start < len(data):
        yield data[start:]


def _check_header(parsed: ParsedFile, first: dict[str, Any] | None, name: str) -> None:
    if first is None:
        return
    current = migrations.current_format()
    if first.get("type") != "header":
        parsed.warnings.append(f"{name}: no header line; reading it as format {current}")
        return
    fmt = first.get("format")
    if not isinstance(fmt, int) or isinstance(fmt, bool) or fmt < 1:
        raise SessionFormatError(f"{name} has an unreadable header (format {fmt!r})")
    if fmt > current:
        raise SessionFormatError(
            f"{name} was written by a newer FinCoach (format {fmt}); upgrade to open it"
        )
    parsed.header = first


def stream_events(path: Path) -> Iterator[dict[str, Any]]:
    """A session's events one at a time, line by line, without locking or modifying it (a
    listing's summary replays them as they come: bounded by the state, not the events).
    Damage is passed over as `load_events` passes it; an older format is upgraded in
    memory, whole (as it is when next opened). SessionNotFound on the first `next`."""
    name = session_name_of(path)
    try:
        stream = open(path, "rb")  # noqa: SIM115 - closed when the reading ends
    except FileNotFoundError:
        raise SessionNotFound(f"no session named '{name}'") from None
    with stream:
        reader = SessionReader(stream, name)
        if reader.format < migrations.current_format():
            events, _ = migrations.upgrade(list(reader), reader.format)
            yield from events
            return
        yield from reader


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
