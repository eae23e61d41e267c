"""Each session's row of the sessions listing, kept so that listing does not replay them.

The sessions directory's index (store/session_index.py, part "summaries") holds, per
session file, its size and mtime (ns) and its summary (turns, strategy, tokens, cost,
last used: domain/session_state.py). A row whose file still has that size and mtime is
used as it is; any other session is replayed once and its row kept. The app writes the
row of a session it closes from the state it has in memory, so the next listing replays
nothing. The index is a cache: a damaged or missing one is rebuilt, and one that cannot
be written only costs the replay.
"""

from __future__ import annotations

import contextlib
from collections.abc import Callable, Sequence
from dataclasses import asdict
from pathlib import Path
from typing import Any

from fincoach_tui.domain.session_summary import SessionSummary
from fincoach_tui.store.session_index import INDEX_NAME, SessionIndexFile

_SUFFIX = ".jsonl"

__all__ = ["INDEX_NAME", "SummaryIndex", "remember_closed"]

Summarize = Callable[[str], SessionSummary]  # replays a session (it may raise)


def _stamp(path: Path) -> tuple[int, int]:
    info = path.stat()
    return info.st_size, info.st_mtime_ns


class SummaryIndex:
    """The rows of one sessions directory."""

    def __init__(self, sessions_dir: Path) -> None:
        self.root = Path(sessions_dir)
        self.file = SessionIndexFile(self.root)
        self.path = self.file.path

    def _load(self) -> dict[str, dict[str, Any]]:
        return self.file.read("summaries")

    def _save(self, entries: dict[str, dict[str, Any]]) -> None:
        self.file.write("summaries", entries)

    def rows(
        self, names: Sequence[str], summarize: Summarize
    ) -> list[tuple[str, SessionSummary | Exception]]:
        """Each session's summary (or why it could not be read), in the order given:
        kept rows where the file is unchanged, `summarize` for the others."""
        entries = self._load()
        changed = False
        rows: list[tuple[str, SessionSummary | Exception]] = []
        for name in names:
            path = self.root / f"{name}{_SUFFIX}"
            try:
                size, mtime = _stamp(path)
            except OSError as exc:  # deleted while we looked
                rows.append((name, exc))
                continue
            entry = entries.get(name)
            summary = _kept(entry, size, mtime)
            if summary is None:
                try:
                    summary = summarize(name)
                except Exception as exc:  # noqa: BLE001 - listed with the reason, not kept
                    rows.append((name, exc))
                    changed = entries.pop(name, None) is not None or changed
                    continue
                # Kept only if the file did not change while it was read.
                if _stamp_or_none(path) == (size, mtime):
                    entries[name] = _entry(summary, size, mtime)
                    changed = True
            rows.append((name, summary))
        gone = set(entries) - set(names)
        for name in gone:
            del entries[name]
        if changed or gone or self.file.upgrading:
            self._save(entries)
        return rows

    def remember(self, name: str, summary: SessionSummary) -> None:
        """The row of a session just closed, from the state the app had of it."""
        path = self.root / f"{name}{_SUFFIX}"
        stamp = _stamp_or_none(path)
        if stamp is None:
            return
        entries = self._load()
        entries[name] = _entry(summary, *stamp)
        self._save(entries)

    def forget(self, name: str) -> None:
        entries = self._load()
        if entries.pop(name, None) is not None:
            self._save(entries)


def _stamp_or_none(path: Path) -> tuple[int, int] | None:
    try:
        return _stamp(path)
    except OSError:
        return None


def _entry(summary: SessionSummary, size: int, mtime: int) -> dict[str, Any]:
    return {"size": size, "mtime_ns": mtime, "summary": asdict(summary)}


def _kept(entry: Any, size: int, mtime: int) -> SessionSummary | None:
    """The entry's summary if it was taken of the file as it is now."""
    if not isinstance(entry, dict) or (entry.get("size"), entry.get("mtime_ns")) != (size, mtime):
        return None
    try:
        return SessionSummary(**entry["summary"])
    except (KeyError, TypeError):
        return None


def remember_closed(path: Path, summary: SessionSummary) -> None:
    """`SummaryIndex.remember` for the session file at `path` (best effort: never raises)."""
    with contextlib.suppress(OSError, ValueError):
        SummaryIndex(path.parent).remember(summary.name, summary)
