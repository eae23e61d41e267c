"""Real `fincoach` processes for end-to-end tests: spawn, read output as it arrives, kill."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
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


def wait_until(condition, timeout: float = 60.0) -> None:
    """Poll a condition another thread makes true (here: the fake server's request log)."""
    deadline = time.monotonic() + timeout
    while not condition():
        assert time.monotonic() < deadline, "condition never became true"
        time.sleep(0.005)
