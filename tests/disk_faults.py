"""A disk that fills up on command, for every platform: FinCoach writes its files through
`fincoach_tui.store.disk.os_write`, so replacing that one function makes every write meet
ENOSPC the way a full disk does (a short write first, then the error)."""

from __future__ import annotations

import contextlib
import errno
import os
import shutil
import subprocess
from collections.abc import Iterator
from pathlib import Path

import pytest

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
