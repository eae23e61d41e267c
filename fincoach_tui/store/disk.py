"""Bytes to disk, all or nothing, private to the user.

Every write FinCoach makes to a file it owns goes through `write_all`, so a test can make
the disk "full" in one place (`disk.os_write`) and every caller meets the same ENOSPC.
Unbuffered on purpose: a buffered file that failed to write keeps the bytes in its buffer
and lands them on a later flush or close, long after the user was told they were lost.
"""

from __future__ import annotations

import contextlib
import errno
import os
import stat
import tempfile
from collections.abc import Iterable
from pathlib import Path

# The one system call that writes; tests replace it to simulate a full disk.
os_write = os.write


def write_all(fd: int, data: bytes) -> None:
    """Write every byte of `data` to `fd` (looping over short writes); OSError on failure."""
    view = memoryview(data)
    while view:
        written = os_write(fd, view)
        if written <= 0:  # a zero-length write would loop forever: call it a full disk
            raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))
        view = view[written:]


def describe(exc: OSError) -> str:
    """`no space left on device` rather than `[Errno 28] No space left on device: '/x'`."""
    return (exc.strerror or str(exc) or type(exc).__name__).lower()


def write_private(path: Path, content: str | bytes | Iterable[str | bytes]) -> None:
    """Write `content` to `path` readable by the user only (0600), atomically: a failure
    (a full disk) leaves no half file and any earlier file at `path` as it was. `content`
    may be pieces (a streamed export): written as they come, about a megabyte at a time."""
    path = Path(path)
    pieces = [content] if isinstance(content, str | bytes) else content
    if _not_a_file(path):
        # A device, a pipe or a terminal (`-o /dev/stdout`, `-o /dev/null`): written into.
        # Replaced by a file, as a file is, it would be gone (root can replace /dev/null).
        fd = os.open(path, os.O_WRONLY)
        try:
            for piece in pieces:
                write_all(fd, piece.encode("utf-8") if isinstance(piece, str) else piece)
        finally:
            os.close(fd)
        return
    fd, tmp = tempfile.mkstemp(dir=path.parent, prefix=f".{path.name}.", suffix=".tmp")
    try:
        try:
            os.fchmod(fd, 0o600)
            pending: list[bytes] = []
            size = 0
            for piece in pieces:
                data = piece.encode("utf-8") if isinstance(piece, str) else piece
                pending.append(data)
                size += len(data)
                if size >= _CHUNK:
                    write_all(fd, b"".join(pending))
                    pending, size = [], 0
            write_all(fd, b"".join(pending))
            os.fsync(fd)
        finally:
            os.close(fd)
        os.replace(tmp, path)
        fsync_dir(path.parent)
    except BaseException:
        with contextlib.suppress(FileNotFoundError):
            os.unlink(tmp)
        raise


_CHUNK = 1 << 20


def _not_a_file(path: Path) -> bool:
    """`path` is there and is neither a regular file nor a directory (nor a link to one)."""
    try:
        mode = os.stat(path).st_mode
    except OSError:
        return False  # not there (or not reachable): the atomic write says why, if it fails
    return not (stat.S_ISREG(mode) or stat.S_ISDIR(mode))


def fsync_dir(directory: Path) -> None:
    """Make a new or replaced file's directory entry durable too (best effort)."""
    with contextlib.suppress(OSError):
        fd = os.open(directory, os.O_RDONLY)
        try:
            os.fsync(fd)
        finally:
            os.close(fd)
