"""Learned chat-template overheads, kept per (base URL, model) in one small JSON file.

`<data dir>/overheads.json`:

    {"format": 1,
     "entries": {"https://api.groq.com/openai/v1 openai/gpt-oss-120b":
                   {"base_url": "...", "model": "...",
                    "observations": [{"roles": {"system": 1, "user": 2, "assistant": 1}, "gap": 84}, ...]}}}

The observations are stored rather than the fitted numbers, so a later run refits on
them together with its own. Learning is an optimisation, never a reason to fail: an
unreadable or malformed file is treated as empty (and replaced on the next save).
"""

from __future__ import annotations

import contextlib
import json
import os
import tempfile
from pathlib import Path
from typing import Any

from fincoach_tui.domain.overhead_fit import Observation

FORMAT = 1
FILENAME = "overheads.json"
OFFLINE_URL = "offline"  # the offline coach has no base URL; it still has a template


def entry_key(base_url: str | None, model: str) -> str:
    return f"{(base_url or OFFLINE_URL).rstrip('/')} {model}"


class OverheadStore:
    def __init__(self, path: Path) -> None:
        self.path = Path(path)

    def load(self, base_url: str | None, model: str) -> list[Observation]:
        entry = self._read().get(entry_key(base_url, model), {})
        observations = []
        for item in entry.get("observations", ()) if isinstance(entry, dict) else ():
            try:
                observations.append(Observation.from_dict(item))
            except (KeyError, TypeError, ValueError, AttributeError):
                continue  # one bad row does not cost the others
        return observations

    def save(self, base_url: str | None, model: str, observations: list[Observation]) -> None:
        """Replace this (base URL, model)'s observations; other entries are kept as read."""
        entries = self._read()
        entries[entry_key(base_url, model)] = {
            "base_url": base_url or OFFLINE_URL,
            "model": model,
            "observations": [o.to_dict() for o in observations],
        }
        self._write({"format": FORMAT, "entries": entries})

    def _read(self) -> dict[str, Any]:
        try:
            data = json.loads(self.path.read_text(encoding="utf-8"))
        except (OSError, ValueError):
            return {}
        entries = data.get("entries") if isinstance(data, dict) else None
        return dict(entries) if isinstance(entries, dict) else {}

    def _write(self, document: dict[str, Any]) -> None:
        # Temp file + os.replace: a crash mid-write leaves the old file, never half a file.
        self.path.parent.mkdir(parents=True, exist_ok=True, mode=0o700)
        fd, tmp = tempfile.mkstemp(
            dir=self.path.parent, prefix=f".{self.path.name}.", suffix=".tmp"
        )
        try:
            with os.fdopen(fd, "w", encoding="utf-8") as handle:
                json.dump(document, handle, indent=1)
                handle.flush()
                os.fsync(handle.fileno())
            os.replace(tmp, self.path)
        except BaseException:
            with contextlib.suppress(FileNotFoundError):
                os.unlink(tmp)
            raise
