"""Peak memory of a real `fincoach` process on a long session.

Generates an (N-1)-turn session, starts `fincoach --session long` under a pseudo-terminal
(120x40), waits until the session is on screen and its every-strategy comparison has had
time to finish, takes two turns by typing them (turn N and
N+1, offline coach), switches strategy, quits with Ctrl+Q and reads the process's peak
resident set size from wait4().

    python benchmarks/bench_rss.py [--turns 1000]
"""

from __future__ import annotations

import argparse
import shutil
import sys

from bench_common import PtyProgram, emit, generate_in_subprocess, isolated_env, scratch_dir


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--turns", type=int, default=1000)
    parser.add_argument("--strategy", default="window")
    args = parser.parse_args(argv)
    root = scratch_dir("rss")
    env = isolated_env(root)
    n = args.turns
    try:
        generate_in_subprocess(root / "data" / "sessions" / "long.jsonl", n - 1, args.strategy, env)
        app = PtyProgram([sys.executable, "-m", "fincoach_tui", "--session", "long"], env)
        try:
            app.wait_for(b"ready", timeout=120)
            app.drain(8.0)  # every strategy's cost is computed after the session is on screen
            for turn in (n, n + 1):
                app.send(f"My SIP is 5,000 a month (turn {turn})".encode())
                app.drain(0.2)
                app.send(b"\r")
                app.wait_for(f"turn {turn} done".encode(), timeout=120)
            app.send(b"\x14")  # Ctrl+T: the next strategy, at turn N+1
            app.drain(1.0)
        except BaseException:
            app.stop()
            raise
        rss = app.stop(graceful=b"\x11")  # Ctrl+Q
    finally:
        shutil.rmtree(root, ignore_errors=True)
    emit({"benchmark": "rss", "turns": n, "strategy": args.strategy,
          "peak_rss_mb": None if rss is None else round(rss, 1)})  # fmt: skip
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
