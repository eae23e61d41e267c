"""The cost comparison's walk, kept beside its session as `NAME.walk.json`.

Written when the session is left (the app closes it), with the session file's size and
mtime then; read when the session is opened again, and used only if the file still has
that size and mtime, the same system prompt and tokenizer walked it, and the same code
(domain/walk_version.py: a walk kept by older code counts by older rules): any change
means the walk is taken from scratch, and the next save replaces the file (it is only
ever this cache's). A damaged, missing or stale one only costs the walk, and one that
cannot be written is not an error.
"""

from __future__ import annotations

import contextlib
import json
from pathlib import Path
from typing import Any

from fincoach_tui.domain.walk_version import WALK_VERSION
from fincoach_tui.store import disk

VERSION = 2  # 2: the facts notes index keeps statements the facts hold, and whether they do


def cache_path(session_path: Path) -> Path:
    return session_path.with_name(session_path.name.removesuffix(".jsonl") + ".walk.json")


def _stamp(path: Path) -> list[int] | None:
    try:
        info = path.stat()
    except OSError:
        return None
    return [info.st_size, info.st_mtime_ns]


class WalkCache:
    """The kept walk of one session file; `basis` names what else it depends on."""

    def __init__(self, session_path: Path, basis: str) -> None:
        self.session_path = Path(session_path)
        self.path = cache_path(self.session_path)
        self.basis = basis

    def load(self) -> Any | None:
        stamp = _stamp(self.session_path)
        try:
            data = json.loads(self.path.read_text(encoding="utf-8"))
        except (OSError, ValueError):
            return None
        if (
            not isinstance(data, dict)
            or data.get("version") != VERSION
            or data.get("walk_version") != WALK_VERSION
            or data.get("file") != stamp
            or data.get("basis") != self.basis
        ):
            return None
        return data.get("walk")

    def save(self, walk: Any) -> None:
        stamp = _stamp(self.session_path)
        if stamp is None:
            return
        text = json.dumps(
            {
                "version": VERSION,
                "walk_version": WALK_VERSION,
                "file": stamp,
                "basis": self.basis,
                "walk": walk,
            },
            separators=(",", ":"),
        )
        with contextlib.suppress(OSError, ValueError):
            disk.write_private(self.path, text)

    def discard(self) -> None:
        with contextlib.suppress(OSError):
            self.path.unlink()
