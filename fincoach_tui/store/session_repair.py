"""What opening a session file may have to change in it: bytes it cannot read set aside,
an older format rewritten as the current one. Never a byte lost: whatever is cut or
rewritten is copied beside the session first (`NAME.jsonl.damaged-<time>`,
`NAME.jsonl.format<N>-backup`), and an upgrade's backup is removed only once the
upgraded file is written and durable, and only if it holds nothing the upgrade left out.
"""

from __future__ import annotations

import json
import os
import re
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from fincoach_tui.store import disk, migrations
from fincoach_tui.store.session_parse import ParsedFile


def is_aside_of(path: Path, name: str) -> bool:
    """Whether the file `name` is one this module writes beside the session at `path`:
    bytes set aside (`aside_path`) or an upgrade's original (`rewrite_upgraded`). Another
    session's files never match: each of them ends in its own session's suffix."""
    stem = re.escape(path.name)
    return (
        re.fullmatch(rf"{stem}\.(damaged-\d{{8}}T\d{{6}}Z(-\d+)?|format\d+-backup)", name)
        is not None
    )


def aside_path(path: Path, label: str) -> Path:
    """`NAME.jsonl.<label>-<UTC time>` beside `path`, never an existing file."""
    stamp = datetime.now(UTC).strftime("%Y%m%dT%H%M%SZ")
    candidate = path.with_name(f"{path.name}.{label}-{stamp}")
    number = 1
    while candidate.exists():
        number += 1
        candidate = path.with_name(f"{path.name}.{label}-{stamp}-{number}")
    return candidate


def set_aside(path: Path, name: str, fd: int, start: int) -> str:
    """Bytes from `start` on, which we did not write and cannot read: copied beside the
    session, then cut from it (through `fd`, open for writing). The note for the user."""
    aside = aside_path(path, "damaged")
    with open(path, "rb") as stream:
        stream.seek(start)
        damaged = stream.read()
    disk.write_private(aside, damaged)
    os.ftruncate(fd, start)
    os.fsync(fd)
    what = "all of it" if start == 0 else f"{len(damaged):,} bytes at the end"
    return f"{name}: could not read {what}; copied to {aside.name} and left out"


@dataclass
class Upgrade:
    """An older file rewritten in the current format; its original kept as `backup`."""

    events: list[dict[str, Any]]  # as a reopen reads them
    old: int
    steps: list[str]
    backup: Path


def rewrite_upgraded(path: Path, parsed: ParsedFile) -> Upgrade:
    """Rewrite the older format's file at `path` (its events read into `parsed`, which
    lets go of them) as the current one, the original copied to a backup first."""
    old = parsed.format
    events, steps = migrations.upgrade(parsed.events, old)
    parsed.events = []
    backup = path.with_name(f"{path.name}.format{old}-backup")
    disk.write_private(backup, path.read_bytes())
    lines = [json.dumps(e, ensure_ascii=False, separators=(",", ":")) for e in events]
    disk.write_private(path, "".join(line + "\n" for line in lines))
    return Upgrade([json.loads(line) for line in lines], old, steps, backup)


def finish_upgrade(name: str, upgrade: Upgrade, unreadable_lines: int) -> str:
    """Remove the backup unless the original held lines the upgrade could not read (they
    are not in the upgraded file); the note for the user."""
    current = migrations.current_format()
    if unreadable_lines:
        return (
            f"{name}: upgraded from format {upgrade.old} to {current}; the original, with "
            f"its unreadable lines, is kept as {upgrade.backup.name}"
        )
    upgrade.backup.unlink()
    return f"{name}: upgraded from format {upgrade.old} to {current} ({', '.join(upgrade.steps)})"
