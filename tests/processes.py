"""Real `fincoach` processes for end-to-end tests: spawn, read output as it arrives, kill."""

from __future__ import annotations

import fcntl
import os
import pty
import select
import signal
import struct
import subprocess
import sys
import termios
import threading
import time

# `python -m fincoach_tui` is the `fincoach` console script without the script wrapper.
FINCOACH = [sys.executable, "-m", "fincoach_tui"]


def child_env(extra: dict[str, str] | None = None) -> dict[str, str]:
    """The test's environment: the autouse fixture pointed FINCOACH_DATA_DIR, _CONFIG_DIR and
    TIKTOKEN_CACHE_DIR at temporary directories and removed every key; children inherit it."""
    return {**os.environ, **(extra or {})}


def run_fincoach(*args: str, stdin: str = "", env: dict[str, str] | None = None,
                 timeout: float = 60) -> subprocess.CompletedProcess:  # fmt: skip
    """Run `fincoach ARGS` to completion with `stdin` as its input."""
    return subprocess.run(
        [*FINCOACH, *args], input=stdin, capture_output=True, text=True,
        env=child_env(env), timeout=timeout,
    )  # fmt: skip


class Fincoach:
    """A `fincoach --plain` child process whose output is read as it arrives."""

    def __init__(self, session: str, *extra: str, env: dict[str, str] | None = None) -> None:
        argv = [*FINCOACH, "--plain", "--session", session, *extra]
        self.proc = subprocess.Popen(
            argv, stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
            env=child_env(env),
        )  # fmt: skip
        self.out = bytearray()
        self._eof = False
        self._changed = threading.Condition()
        self._reader = threading.Thread(target=self._pump, daemon=True)
        self._reader.start()

    def _pump(self) -> None:
        fd = self.proc.stdout.fileno()
        while True:
            data = os.read(fd, 65536)
            with self._changed:
                if not data:
                    self._eof = True
                else:
                    self.out += data
                self._changed.notify_all()
            if not data:
                return

    @property
    def text(self) -> str:
        with self._changed:
            return self.out.decode("utf-8", errors="replace")

    def wait_for(self, condition, what: str) -> None:
        """Block until condition(output bytes) holds; fail (never hang) if the process ends first."""
        with self._changed:
            self._changed.wait_for(lambda: condition(bytes(self.out)) or self._eof, timeout=60)
            if condition(bytes(self.out)):
                return
        self.proc.kill()
        self.proc.wait()
        raise AssertionError(
            f"waited for {what}; output: {self.text[-800:]!r}; stderr: "
            f"{self.proc.stderr.read().decode(errors='replace')[-800:]!r}"
        )

    def started(self) -> bool:
        """Wait until the session is open (banner: True) or the process ended (False)."""
        with self._changed:
            self._changed.wait_for(lambda: b"/quit to end\n" in self.out or self._eof, timeout=60)
            return b"/quit to end\n" in self.out

    def turns_done(self) -> int:
        return bytes(self.out).count(b"\n[turn ")

    def send(self, line: str) -> int:
        """Write one line; returns how much output there was before it."""
        mark = len(self.out)
        try:
            self.proc.stdin.write(line.encode() + b"\n")
            self.proc.stdin.flush()
        except BrokenPipeError:  # already dead: that is a kill point like any other
            pass
        return mark

    def kill(self) -> None:
        self.proc.send_signal(signal.SIGKILL)
        self.proc.wait()
        self._reader.join(timeout=10)
        self.proc.stdin.close()
        self.proc.stdout.close()
        self.proc.stderr.close()

    def finish(self) -> int:
        self.send("/quit")
        code = self.proc.wait(timeout=60)
        self._reader.join(timeout=10)
        stderr = self.proc.stderr.read().decode(errors="replace")
        for stream in (self.proc.stdin, self.proc.stdout, self.proc.stderr):
            stream.close()
        assert stderr == "", stderr
        return code


class OnTerminal:
    """A child whose stdin, stdout and stderr are a pseudo-terminal of `size` (rows,
    columns), as a person's terminal is (Textual draws on stderr). What it draws is read
    as it comes (a terminal nobody reads fills up and stops it), and kept. `typed` reaches
    the terminal before the child starts: keys typed at once, by a person who launches it
    and types straight away."""

    def __init__(self, argv: list[str], *, env: dict[str, str] | None = None,
                 size: tuple[int, int] = (40, 120), typed: bytes = b"") -> None:  # fmt: skip
        self.main, self.child_side = pty.openpty()
        fcntl.ioctl(self.child_side, termios.TIOCSWINSZ, struct.pack("HHHH", *size, 0, 0))
        self.attributes_before = self.attributes()
        if typed:
            os.write(self.main, typed)
        side = self.child_side
        self.proc = subprocess.Popen(argv, stdin=side, stdout=side, stderr=side, env=child_env(env))
        self.drawn = bytearray()
        self._stop = threading.Event()
        self._reader = threading.Thread(target=self._read, daemon=True)
        self._reader.start()

    def _read(self) -> None:
        while not self._stop.is_set():
            if select.select([self.main], [], [], 0.05)[0]:
                try:
                    self.drawn += os.read(self.main, 65536)
                except OSError:  # EIO: nothing left to read
                    return

    def attributes(self) -> list:
        """The terminal's attributes (termios), as the child leaves them."""
        return termios.tcgetattr(self.child_side)

    def type(self, keys: bytes) -> None:
        os.write(self.main, keys)

    def wait(self, timeout: float = 60) -> int:
        """The child's exit code; the test fails, with the end of what it drew, if it does
        not end in time."""
        try:
            return self.proc.wait(timeout=timeout)
        except subprocess.TimeoutExpired:
            self.proc.kill()
            raise AssertionError(f"still running; it drew: {self.tail()!r}") from None

    def tail(self) -> str:
        """The end of what it drew: a failing test's message (a traceback is there)."""
        return bytes(self.drawn[-2000:]).decode(errors="replace")

    def close(self) -> None:
        if self.proc.poll() is None:
            self.proc.kill()
            self.proc.wait()
        self._stop.set()
        self._reader.join(timeout=10)
        os.close(self.main)
        os.close(self.child_side)

    def __enter__(self) -> OnTerminal:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()


def poll_until(condition, timeout: float = 60.0) -> None:
    """Block this thread, polling, until a condition another thread makes true holds (here:
    the fake server's request log). Not the app harness's async `wait_until`, which waits
    inside a running app."""
    deadline = time.monotonic() + timeout
    while not condition():
        assert time.monotonic() < deadline, "condition never became true"
        time.sleep(0.005)
