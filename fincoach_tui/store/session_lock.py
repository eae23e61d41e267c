"""A session's lock: a sidecar `NAME.lock` held with `flock` while the session is open.

Why `flock` on a sidecar file: the OS releases the lock when the holder dies, so a killed
FinCoach never leaves a stale lock behind (POSIX only). The holder's pid is written in
it, for the message another window shows.
"""

from __future__ import annotations

import contextlib
import fcntl
import os
from collections.abc import Iterator
from pathlib import Path

from fincoach_tui.store.session_errors import SessionLocked
from fincoach_tui.store.session_names import lock_path_for, session_name_of


def _read_pid(lock_path: Path) -> int | None:
    try:
        return int(lock_path.read_text(encoding="ascii").strip())
    except (OSError, ValueError, UnicodeDecodeError):
        return None  # mid-write by the holder, or not ours: the message copes


def acquire_lock(lock_path: Path, name: str) -> int:
    """Take an exclusive non-blocking flock on `lock_path`; return the fd holding it.

    flock locks belong to the open file description, so a second open in the same
    process conflicts exactly like another process would.
    """
    for _ in range(5):
        fd = os.open(lock_path, os.O_RDWR | os.O_CREAT | os.O_CLOEXEC, 0o600)
        try:
            fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except BlockingIOError:
            os.close(fd)
            pid = _read_pid(lock_path)
            holder = f"pid {pid}" if pid is not None else "pid unknown"
            raise SessionLocked(
                f"session '{name}' is open in another FinCoach window ({holder})"
            ) from None
        except BaseException:
            os.close(fd)
            raise
        # delete/rename unlink the lock file while holding it; if we locked an
        # orphaned inode, somebody else may lock the new file: retry on the real one.
        try:
            same = os.fstat(fd).st_ino == os.stat(lock_path).st_ino
        except FileNotFoundError:
            same = False
        if same:
            os.ftruncate(fd, 0)
            os.pwrite(fd, f"{os.getpid()}\n".encode("ascii"), 0)
            return fd
        os.close(fd)
    raise SessionLocked(f"session '{name}' is being renamed or deleted; try again")


def release_lock(fd: int) -> None:
    with contextlib.suppress(OSError):
        fcntl.flock(fd, fcntl.LOCK_UN)
    os.close(fd)


@contextlib.contextmanager
def hold_lock(path: Path) -> Iterator[None]:
    """Hold the session's lock for a block (used by rename/delete); SessionLocked if busy."""
    fd = acquire_lock(lock_path_for(path), session_name_of(path))
    try:
        yield
    finally:
        release_lock(fd)
