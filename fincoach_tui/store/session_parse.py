"""Reading a session file's bytes, damaged or not, into events (without changing it).

Tolerant on purpose: a damaged line is skipped with a note, and the only bytes ever
marked for trimming are a tail this program's own interrupted append could have left;
anything else unreadable at the end is marked to be set aside (copied), never cut.
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass, field
from typing import Any

from fincoach_tui.store import migrations
from fincoach_tui.store.session_errors import SessionFormatError

# The largest tail an interrupted append of ours can leave: bigger than any event we
# write. A bigger unreadable tail is somebody else's bytes, never trimmed silently.
MAX_TORN_TAIL = 8 * 1024 * 1024
# Every line we write starts like this (compact json.dumps of {"type": ...} first).
_OUR_LINE_START = b'{"type":"'
_CONTROL_BYTES = re.compile(rb"[\x00-\x1f\x7f]")


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
        event = json.loads(raw.decode("utf-8"))
    except (ValueError, RecursionError):  # JSONDecodeError, UnicodeDecodeError, nesting
        return None
    return event if isinstance(event, dict) else None


@dataclass
class ParsedFile:
    events: list[dict[str, Any]] = field(default_factory=list)
    warnings: list[str] = field(default_factory=list)
    truncate_at: int | None = None  # byte offset to cut our own torn last line at
    damaged_at: int | None = None  # bytes from here on are not ours: copied aside, then cut
    needs_newline: bool = False  # last line is good JSON but lacks its "\n"
    unreadable_lines: int = 0

    @property
    def format(self) -> int:
        header = self.events[0] if self.events else None
        if header is None or header.get("type") != "header":
            return migrations.current_format()
        return header["format"]  # checked by _check_header


def parse_file(data: bytes, name: str) -> ParsedFile:
    """Parse a session file's bytes; tolerant of damage, never raises except for format."""
    out = ParsedFile()
    *lines, tail = data.split(b"\n")  # `tail`: what follows the last newline
    for number, raw in enumerate(lines, start=1):
        if not raw.strip():
            continue
        event = _decode(raw)
        if event is None:
            out.unreadable_lines += 1
            out.warnings.append(f"{name}: skipped unreadable line {number}")
        else:
            out.events.append(event)
    if tail.strip():
        start = len(data) - len(tail)
        event = _decode(tail)
        if event is not None:
            out.events.append(event)
            out.needs_newline = True
        elif _could_be_our_torn_append(tail):
            out.truncate_at = start
            out.warnings.append(
                f"recovered {name}: dropped an incomplete last line ({len(tail)} bytes)"
            )
        else:
            out.damaged_at = start
    if not out.events and (out.unreadable_lines or out.damaged_at is not None):
        # Nothing in it reads as a session: set all of it aside rather than build on it.
        out.damaged_at, out.truncate_at = 0, None
        out.warnings = [w for w in out.warnings if "incomplete last line" not in w]
    _check_header(out, name)
    return out


def _check_header(parsed: ParsedFile, name: str) -> None:
    if not parsed.events:
        return
    header = parsed.events[0]
    current = migrations.current_format()
    if header.get("type") != "header":
        parsed.warnings.append(f"{name}: no header line; reading it as format {current}")
        return
    fmt = header.get("format")
    if not isinstance(fmt, int) or isinstance(fmt, bool) or fmt < 1:
        raise SessionFormatError(f"{name} has an unreadable header (format {fmt!r})")
    if fmt > current:
        raise SessionFormatError(
            f"{name} was written by a newer FinCoach (format {fmt}); upgrade to open it"
        )
