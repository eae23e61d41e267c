"""A disk that fills up on command, for every platform: FinCoach writes its files through
`fincoach_tui.store.disk.os_write`, so replacing that one function makes every write meet
ENOSPC the way a full disk does (a short write first, then the error). `DiskFullFor` fails
only the writes of one memory (facts, a summary, recall vectors), and `turns_until_room`
talks through it."""

from __future__ import annotations

import contextlib
import errno
import os
import shutil
import subprocess
from collections.abc import Callable, Iterator, Sequence
from pathlib import Path
from typing import Any

import pytest

from fincoach_tui.service.events import TurnEvent, TurnFinished
from fincoach_tui.service.runtime import LiveSession
from fincoach_tui.store import disk


class FullDisk:
    """After `fill()`, the next write stores `room` bytes at most, then writes fail with
    ENOSPC until `free()`. `fill(when=b"...")` waits for a write holding those bytes."""

    def __init__(self, monkeypatch: pytest.MonkeyPatch, room: int = 7) -> None:
        self.full = False
        self.room = room
        self.failures = 0
        self._left = room
        self._when: bytes | None = None
        monkeypatch.setattr(disk, "os_write", self._write)

    def fill(self, when: bytes | None = None) -> None:
        self._when = when
        self.full, self._left = when is None, self.room

    def free(self) -> None:
        self.full, self._when = False, None

    def _write(self, fd: int, data) -> int:
        if self._when is not None and self._when in bytes(data):
            self.full, self._when = True, None
        if not self.full:
            return os.write(fd, data)
        if self._left > 0:  # the last free bytes: a short write, as the kernel does
            written = os.write(fd, bytes(data[: self._left]))
            self._left -= written
            return written
        self.failures += 1
        raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))


@pytest.fixture
def full_disk(monkeypatch) -> FullDisk:
    return FullDisk(monkeypatch)


def _mount_tmpfs(target: Path, size: str) -> str | None:
    """Mount a tmpfs of `size` on `target`; the reason it cannot be done, or None."""
    if os.geteuid() != 0:
        return "a size-limited filesystem needs root (mount -t tmpfs)"
    if shutil.which("mount") is None:
        return "no mount command here"
    done = subprocess.run(
        ["mount", "-t", "tmpfs", "-o", f"size={size},mode=0700", "tmpfs", str(target)],
        capture_output=True,
        text=True,
        check=False,
    )
    return None if done.returncode == 0 else f"cannot mount a tmpfs: {done.stderr.strip()}"


@pytest.fixture
def tiny_filesystem(tmp_path) -> Iterator[Path]:
    """A real 64 KiB filesystem (tmpfs; root only), skipped with the reason elsewhere."""
    target = tmp_path / "tiny"
    target.mkdir()
    reason = _mount_tmpfs(target, "64k")
    if reason:
        pytest.skip(reason)
    try:
        yield target
    finally:
        with contextlib.suppress(OSError):
            subprocess.run(["umount", str(target)], check=False, capture_output=True)


def fill_up(directory: Path) -> Path:
    """Write a filler file until the filesystem is full; return it (delete it to free)."""
    filler = directory / "filler"
    fd = os.open(filler, os.O_WRONLY | os.O_CREAT, 0o600)
    try:
        while True:
            try:
                os.write(fd, b"\0" * 4096)
            except OSError as exc:
                assert exc.errno == errno.ENOSPC
                break
    finally:
        os.close(fd)
    return filler


class DiskFullFor:
    """Every write holding events of `kind` ("facts", "summary", "embeddings") fails as a
    full disk does, until `full` is set False; the rest land: a memory that cannot be
    saved while the turns are."""

    def __init__(self, monkeypatch: pytest.MonkeyPatch, kind: str) -> None:
        self.marker = f'"type":"{kind}"'.encode()
        self.full = True
        self.failures = 0
        monkeypatch.setattr(disk, "os_write", self._write)

    def _write(self, fd: int, data) -> int:
        if self.full and self.marker in bytes(data):
            self.failures += 1
            raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))
        return os.write(fd, data)


# Turns with something for every memory to keep: figures to extract, fold and recall.
SAID_WHILE_FULL = [
    f"My rent went up to ₹{20 + n},000 this month, and I saved ₹{n},000." for n in range(1, 21)
]


async def turns_until_room(
    live: LiveSession, said: Sequence[str], full: DiskFullFor, room_on: int
) -> list[list[TurnEvent]]:
    """Each of `said` sent as a turn (numbered from 1), `full`'s writes failing until turn
    `room_on`: each turn's events. Every turn finishes: an unsaved memory costs no turn."""
    turns = []
    for turn, text in enumerate(said, start=1):
        if turn == room_on:
            full.full = False  # room again
        events = [event async for event in live.coach.turn(text)]
        assert isinstance(events[-1], TurnFinished)
        turns.append(events)
    return turns


def unsaved_warnings(
    turns: list[list[TurnEvent]], describe: Callable[[Any], tuple[str, bool]]
) -> list[str]:
    """The warning lines `describe` gives of the turns' maintenance that was not saved."""
    return [
        line
        for events in turns
        for event in events
        if getattr(event, "unsaved", "")
        for line, warning in [describe(event)]
        if warning
    ]


def turns_with(turns: list[list[TurnEvent]], kind: type) -> list[int]:
    """The turns (numbered from 1) with an event of `kind` among their events."""
    return [
        n for n, events in enumerate(turns, start=1) if any(isinstance(e, kind) for e in events)
    ]
