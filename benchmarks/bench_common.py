"""Shared by the benchmarks: throwaway user directories, generated sessions, a pty runner,
medians, a description of the machine, and other checkouts measured beside this one
(`--against`). Nothing here touches the real user's files."""

from __future__ import annotations

import argparse
import asyncio
import fcntl
import json
import os
import platform
import pty
import resource
import select
import signal
import statistics
import struct
import sys
import tempfile
import termios
import time
from dataclasses import dataclass
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
if str(REPO) not in sys.path:
    sys.path.insert(0, str(REPO))  # runnable from a checkout

COLUMNS, LINES = 120, 40


def isolated_env(root: Path) -> dict[str, str]:
    """Point FinCoach (this process and its children) at `root`; no API keys: offline coach."""
    root.mkdir(parents=True, exist_ok=True)
    env = {k: v for k, v in os.environ.items() if not k.endswith("_API_KEY")}
    # An installed program starts from compiled bytecode (pip compiles it); a shell that
    # forbids writing it would have every start compile FinCoach's modules again.
    env.pop("PYTHONDONTWRITEBYTECODE", None)
    env.update(
        PYTHONPYCACHEPREFIX=str(root / "pycache"),
        FINCOACH_DATA_DIR=str(root / "data"),
        FINCOACH_CONFIG_DIR=str(root / "config"),
        TIKTOKEN_CACHE_DIR=str(root / "tiktoken"),
        TERM="xterm-256color",
        COLUMNS=str(COLUMNS),
        LINES=str(LINES),
    )
    return env


def checkouts(parser: argparse.ArgumentParser, against: str) -> list[Path]:
    """This checkout, then each of `--against`'s (comma-separated directories with
    `fincoach_tui/` in them, e.g. the commit before a change, unpacked); a directory
    without it is a usage error. Each is measured by running its code (`checkout_env`),
    the runs taking every checkout in turn so a shared machine's load falls on them alike."""
    found = [REPO, *(Path(p).resolve() for p in against.split(",") if p)]
    for code in found[1:]:
        if not (code / "fincoach_tui").is_dir():
            parser.error(f"no fincoach_tui/ in {code}")
    return found


def checkout_env(env: dict[str, str], code: Path) -> dict[str, str]:
    """`env` for a process that runs checkout `code`'s FinCoach. PYTHONSAFEPATH: `-m` would
    put the working directory (a checkout, maybe another one) before PYTHONPATH, and a
    script its own directory; the code measured is PYTHONPATH's."""
    return {**env, "PYTHONPATH": str(code), "PYTHONSAFEPATH": "1"}


def use_env(env: dict[str, str]) -> None:
    os.environ.clear()
    os.environ.update(env)


def median(values: list[float]) -> float:
    return statistics.median(values)


def ms(seconds: float) -> float:
    return round(seconds * 1000, 2)


def peak_rss_mb() -> float:
    """This process's peak resident set size (Linux reports ru_maxrss in KiB)."""
    return round(resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024, 1)


def machine() -> dict[str, str]:
    model = "unknown CPU"
    try:
        for line in Path("/proc/cpuinfo").read_text().splitlines():
            if line.startswith("model name"):
                model = line.split(":", 1)[1].strip()
                break
    except OSError:
        pass
    mem = ""
    try:
        kib = int(Path("/proc/meminfo").read_text().split()[1])
        mem = f"{kib / 1024 / 1024:.1f} GiB RAM"
    except (OSError, ValueError, IndexError):
        pass
    import textual

    return {
        "cpus": str(os.cpu_count()),
        "cpu": model,
        "memory": mem,
        "python": platform.python_version(),
        "textual": getattr(textual, "__version__", "?"),
        "os": f"{platform.system()} {platform.release()}",
    }


# --- generated sessions -------------------------------------------------------------------


async def _play(coach, first: int, last: int, texts: list[str]) -> None:
    for turn in range(first, last + 1):
        async for _ in coach.turn(f"{texts[(turn - 1) % len(texts)]} (turn {turn})"):
            pass


def generate_session(path: Path, turns: int, strategy: str = "window") -> dict[str, float]:
    """Write a `turns`-turn session to `path` exactly as FinCoach writes one: the real coach,
    the real event constructors (domain/session_state.py), the offline model, one JSON line
    per event. Returns its size and how long the writing took."""
    from fincoach_tui.domain.memory import make_strategy
    from fincoach_tui.domain.persona import DEMO_TURNS, FINCOACH_SYSTEM_PROMPT
    from fincoach_tui.domain.record_refs import RefTable
    from fincoach_tui.domain.session_state import SessionState
    from fincoach_tui.service.coach import Coach
    from fincoach_tui.service.runtime import Overrides, build_engine, resolve
    from fincoach_tui.settings.config import Config
    from fincoach_tui.store.migrations import current_format

    config = Config()
    engine = build_engine(config, resolve(config, Overrides(provider="offline"), {}))
    lines: list[str] = []
    refs = RefTable()  # records by reference, as SessionFile writes them (without an fsync each)

    def sink(event) -> None:
        # The coach hands over event dataclasses (domain/session_events.py); the file holds dicts.
        event = event.to_dict() if hasattr(event, "to_dict") else event
        for stored in refs.by_reference([event]):
            line = json.dumps(stored, ensure_ascii=False, separators=(",", ":"), allow_nan=False)
            lines.append(line)

    header = {"type": "header", "format": current_format(), "created": "2025-01-01T00:00:00+00:00"}
    sink(header)
    coach = Coach(
        state=SessionState(), sink=sink, llm=engine.llm, choice=engine.choice,
        counter=engine.counter, prices=engine.prices, system_prompt=FINCOACH_SYSTEM_PROMPT,
        strategy=make_strategy(strategy, config.params_for(strategy)),
    )  # fmt: skip
    started = time.perf_counter()
    asyncio.run(_play(coach, 1, turns, list(DEMO_TURNS)))
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    return {"bytes": path.stat().st_size, "seconds": time.perf_counter() - started}


# --- a program under a pseudo-terminal ----------------------------------------------------


@dataclass
class PtyRun:
    first_output_s: float  # the terminal driver started
    marker_s: float  # the marker text was on screen: the first frame
    rss_mb: float | None = None  # peak RSS of the child, when it was waited for


class PtyProgram:
    """Run argv under a pty sized COLUMNS x LINES, read everything it draws."""

    def __init__(self, argv: list[str], env: dict[str, str]) -> None:
        self.started = time.perf_counter()
        self.pid, self.fd = pty.fork()
        if self.pid == 0:  # the child
            try:
                os.execvpe(argv[0], argv, env)
            finally:
                os._exit(127)
        fcntl.ioctl(self.fd, termios.TIOCSWINSZ, struct.pack("HHHH", LINES, COLUMNS, 0, 0))
        self.output = bytearray()
        self.first_output: float | None = None

    def wait_for(self, marker: bytes, timeout: float = 60.0) -> float:
        """Seconds from spawn until `marker` was drawn."""
        deadline = time.perf_counter() + timeout
        while marker not in self.output:
            left = deadline - time.perf_counter()
            if left <= 0:
                raise TimeoutError(
                    f"{marker!r} never appeared; last output {bytes(self.output[-300:])!r}"
                )
            ready, _, _ = select.select([self.fd], [], [], left)
            if not ready:
                continue
            try:
                data = os.read(self.fd, 1 << 16)
            except OSError:  # the child closed the terminal
                raise TimeoutError(f"the program ended before drawing {marker!r}") from None
            if self.first_output is None:
                self.first_output = time.perf_counter() - self.started
            self.output += data
        return time.perf_counter() - self.started

    def send(self, data: bytes) -> None:
        os.write(self.fd, data)

    def drain(self, seconds: float) -> None:
        """Keep reading (a full pty would block the program) for up to `seconds`."""
        deadline = time.perf_counter() + seconds
        while (left := deadline - time.perf_counter()) > 0:
            ready, _, _ = select.select([self.fd], [], [], left)
            if ready:
                try:
                    self.output += os.read(self.fd, 1 << 16)
                except OSError:
                    return

    def stop(self, *, graceful: bytes | None = None) -> float | None:
        """End the program (a key press, else SIGKILL); its peak RSS in MB if it exited."""
        rss = None
        if graceful is not None:
            self.send(graceful)
            deadline = time.perf_counter() + 30
            while time.perf_counter() < deadline:
                self.drain(0.05)
                pid, status, usage = os.wait4(self.pid, os.WNOHANG)
                if pid:
                    rss = usage.ru_maxrss / 1024
                    break
            else:
                os.kill(self.pid, signal.SIGKILL)
                os.wait4(self.pid, 0)
        else:
            os.kill(self.pid, signal.SIGKILL)
            os.wait4(self.pid, 0)
        os.close(self.fd)
        return rss


def emit(result: dict) -> None:
    """Benchmarks print one JSON object as their last line; run_all.py reads it."""
    print(json.dumps(result))


def scratch_dir(prefix: str) -> Path:
    return Path(tempfile.mkdtemp(prefix=f"fincoach-bench-{prefix}-"))


def main(argv: list[str]) -> int:
    """`python bench_common.py generate PATH TURNS STRATEGY`: write a session file (used by
    the benchmarks so that generating it does not count in their own memory)."""
    if len(argv) == 4 and argv[0] == "generate":
        info = generate_session(Path(argv[1]), int(argv[2]), argv[3])
        emit(info)
        return 0
    print(main.__doc__, file=sys.stderr)
    return 2


def generate_in_subprocess(path: Path, turns: int, strategy: str, env: dict[str, str]) -> dict:
    import subprocess

    done = subprocess.run(
        [sys.executable, str(Path(__file__).resolve()), "generate", str(path), str(turns), strategy],
        capture_output=True, text=True, env=env, check=True,
    )  # fmt: skip
    return json.loads(done.stdout.strip().splitlines()[-1])


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
