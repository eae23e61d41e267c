"""The usage index: each session's usage per (day, model, strategy), kept so that
`fincoach usage` over a thousand sessions reads one small file.

The sessions directory's index (store/session_index.py, part "usage") holds, per session
file, its size and mtime and its rows (domain/usage.py). A file whose size or mtime
changed is read again; a file gone is dropped; the index is written back (atomically,
store/disk.py) only when something changed. Days are local dates: the usage kept in
another time zone is rebuilt.

Reading a session for its usage skips everything but messages (for their time) and
records: a record is dated by the newest message written before it (a chat record's is
its reply, a maintenance call's the question it ran for).
"""

from __future__ import annotations

import contextlib
import json
import os
import re
import time
from dataclasses import dataclass
from pathlib import Path

from fincoach_tui.domain.usage import SessionUsage
from fincoach_tui.store.session_file import SessionNameError, validate_session_name
from fincoach_tui.store.session_index import SessionIndexFile

_SUFFIX = ".jsonl"
_MESSAGE = b'{"type":"message"'
_RECORD = b'{"type":"record"'
# A message's time: `"ts":` never occurs unescaped inside a JSON string, so the last one on
# a message line is its key (Message.to_dict writes it after the content).
_TS = re.compile(rb'"ts":(-?[0-9.eE+-]+)')
_BAD_RECORD = (KeyError, TypeError, ValueError, AttributeError)


def local_day(ts: float) -> str:
    return time.strftime("%Y-%m-%d", time.localtime(ts))


def scan_session(name: str, data: bytes) -> SessionUsage:
    """A session file's usage per (day, model, strategy). Tolerant like the reader: a line
    that does not read, or a record without readable usage, is skipped."""
    usage = SessionUsage(name)
    day = ""
    last_ts: float | None = None
    for line in data.split(b"\n"):
        if line.startswith(_MESSAGE):
            found = _TS.match(line, max(line.rfind(b'"ts":'), 0))
            if found is not None:
                with contextlib.suppress(ValueError):
                    ts = float(found[1])
                    if ts != last_ts:
                        last_ts, day = ts, local_day(ts)
        elif line.startswith(_RECORD):
            try:
                usage.add(day or "0000-00-00", json.loads(line)["record"])
            except (*_BAD_RECORD, RecursionError):
                continue
    return usage


@dataclass
class _Entry:
    size: int
    mtime_ns: int
    usage: SessionUsage


class UsageIndex:
    """Every session's usage, read through the index at `path` (built or brought up to
    date on `sessions()`)."""

    def __init__(self, sessions_dir: Path) -> None:
        self.sessions_dir = Path(sessions_dir)
        self.file = SessionIndexFile(self.sessions_dir)
        self.path = self.file.path
        self.rebuilt = 0  # sessions read again by the last `sessions()` (tests, benchmark)

    def _load(self) -> dict[str, _Entry]:
        try:
            return {
                name: _Entry(
                    int(item["size"]),
                    int(item["mtime_ns"]),
                    SessionUsage.from_items(name, item["rows"]),
                )
                for name, item in self.file.read("usage").items()
            }
        except (*_BAD_RECORD, RecursionError):  # damaged: rebuilt
            return {}

    def _save(self, entries: dict[str, _Entry]) -> None:
        self.file.write(
            "usage",
            {
                name: {"size": e.size, "mtime_ns": e.mtime_ns, "rows": e.usage.to_items()}
                for name, e in entries.items()
            },
        )

    def sessions(self) -> list[SessionUsage]:
        """Every readable session's usage, by name; files changed since are read again."""
        known = self._load()
        fresh: dict[str, _Entry] = {}
        self.rebuilt = 0
        for path in self._files():
            name = path.name[: -len(_SUFFIX)]
            try:
                stat = path.stat()
            except OSError:
                continue  # deleted while we looked
            entry = known.get(name)
            if entry is None or (entry.size, entry.mtime_ns) != (stat.st_size, stat.st_mtime_ns):
                try:
                    data = path.read_bytes()
                except OSError:
                    continue
                # Sized by what was read: a file appended to meanwhile is read again next time.
                entry = _Entry(len(data), stat.st_mtime_ns, scan_session(name, data))
                if len(data) != stat.st_size:
                    entry.mtime_ns = -1
                self.rebuilt += 1
            fresh[name] = entry
        if self.rebuilt or fresh.keys() != known.keys() or self.file.upgrading:
            self._save(fresh)
        return [fresh[name].usage for name in sorted(fresh)]

    def _files(self) -> list[Path]:
        if not self.sessions_dir.is_dir():
            return []
        found = []
        for entry in os.scandir(self.sessions_dir):
            if not entry.name.endswith(_SUFFIX):
                continue
            try:
                validate_session_name(entry.name[: -len(_SUFFIX)])
            except SessionNameError:
                continue
            found.append(Path(entry.path))
        return found


def index_for(data_dir: Path) -> UsageIndex:
    return UsageIndex(Path(data_dir) / "sessions")
