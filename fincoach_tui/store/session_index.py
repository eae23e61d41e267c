"""One index of the sessions directory: what the two listings keep per session file.

`index.json` in the sessions directory keeps, per session file, what each listing took
from it and the size and mtime (ns) it had then: its row of the sessions listing (part
"summaries", store/session_summary.py) and its usage per day, model and strategy (part
"usage", store/usage_index.py). An entry is used only while its file keeps that size and
mtime; usage days are local dates, so the usage part is dropped in another time zone.

The file is JSON lines: a header, then one line per part. A listing decodes only its own
part's line and writes the other back byte for byte, so keeping both in one file costs
neither listing any time. The file is a cache: a missing or damaged part is rebuilt, one
that cannot be written only costs reading the sessions again. Older versions kept the
parts in two files (`summaries.json` beside the sessions, `usage-index.json` in the data
directory); while there is no `index.json` they are read instead, and the first write of
`index.json` takes both across and removes them.
"""

from __future__ import annotations

import contextlib
import json
import time
from pathlib import Path
from typing import Any, Literal

from fincoach_tui.store import disk

__all__ = ["INDEX_NAME", "Part", "SessionIndexFile", "time_zone"]

INDEX_NAME = "index.json"
INDEX_VERSION = 2
Part = Literal["summaries", "usage"]
PARTS: tuple[Part, ...] = ("summaries", "usage")
# What older versions wrote (version 1 each), per part: read while there is no index.json.
LEGACY_VERSION = 1
_DAMAGED = (KeyError, TypeError, ValueError, AttributeError, RecursionError)


def time_zone() -> str:
    """What local days depend on: usage kept in another zone is taken again."""
    return f"{'/'.join(time.tzname)}|{time.timezone}|{time.altzone}"


class SessionIndexFile:
    """The index file of one sessions directory, read and written a part at a time."""

    def __init__(self, sessions_dir: Path) -> None:
        self.sessions_dir = Path(sessions_dir)
        self.path = self.sessions_dir / INDEX_NAME
        # The last `read` found no index.json but an older file: write it even if unchanged.
        self.upgrading = False

    def read(self, part: Part) -> dict[str, dict[str, Any]]:
        """The part's entries by session name ({} when missing, damaged or, for usage,
        kept in another time zone)."""
        self.upgrading = False
        try:
            lines = self.path.read_bytes().split(b"\n")
        except FileNotFoundError:
            legacy = self._legacy_path(part)
            self.upgrading = legacy.exists()
            return _table(_decode(legacy), part, version=LEGACY_VERSION, key="sessions")
        except OSError:
            return {}
        if _decode_line(lines, 0).get("version") != INDEX_VERSION:
            return {}
        return _table(_decode_line(lines, 1 + PARTS.index(part)), part, version=None, key=part)

    def write(self, part: Part, entries: dict[str, dict[str, Any]]) -> None:
        """Replace the part's entries, the other part kept as it is (best effort: a
        read-only directory keeps the listings working)."""
        if not self.sessions_dir.is_dir():
            return
        doc: dict[str, Any] = {part: dict(sorted(entries.items()))}
        if part == "usage":
            doc["tz"] = time_zone()
        lines = [json.dumps({"version": INDEX_VERSION}).encode()]
        for each in PARTS:
            line = _encode(doc) if each == part else self._kept_line(each)
            lines.append(line)
        try:
            disk.write_private(self.path, b"\n".join(lines) + b"\n")
        except OSError:
            return
        for each in PARTS:  # the one index replaces the older files
            with contextlib.suppress(OSError):
                self._legacy_path(each).unlink()

    def _kept_line(self, part: Part) -> bytes:
        """The part's line as it is in index.json, or taken across from its older file."""
        try:
            lines = self.path.read_bytes().split(b"\n")
        except FileNotFoundError:
            legacy = _decode(self._legacy_path(part))
            doc: dict[str, Any] = {part: _table(legacy, part, LEGACY_VERSION, "sessions")}
            if part == "usage":
                doc["tz"] = legacy.get("tz")
            return _encode(doc)
        except OSError:
            return b"{}"
        index = 1 + PARTS.index(part)
        if _decode_line(lines, 0).get("version") != INDEX_VERSION or index >= len(lines):
            return b"{}"
        return lines[index] or b"{}"

    def _legacy_path(self, part: Part) -> Path:
        if part == "summaries":
            return self.sessions_dir / "summaries.json"
        return self.sessions_dir.parent / "usage-index.json"


def _encode(doc: dict[str, Any]) -> bytes:
    return json.dumps(doc, ensure_ascii=False, separators=(",", ":")).encode()


def _decode(path: Path) -> dict[str, Any]:
    try:
        doc = json.loads(path.read_bytes())
    except (OSError, *_DAMAGED):
        return {}
    return doc if isinstance(doc, dict) else {}


def _decode_line(lines: list[bytes], index: int) -> dict[str, Any]:
    try:
        doc = json.loads(lines[index])
    except (IndexError, *_DAMAGED):
        return {}
    return doc if isinstance(doc, dict) else {}


def _table(doc: dict[str, Any], part: Part, version: int | None, key: str) -> dict[str, Any]:
    """The entries `doc` keeps under `key`: {} if it is another version, damaged, or (usage)
    taken in another time zone."""
    if version is not None and doc.get("version") != version:
        return {}
    if part == "usage" and doc.get("tz") != time_zone():
        return {}
    table = doc.get(key)
    if not isinstance(table, dict):
        return {}
    return {str(name): entry for name, entry in table.items() if isinstance(entry, dict)}
