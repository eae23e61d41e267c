"""Peak memory of a real `fincoach` process on a long session.

Default (`--turns N`): generates an (N-1)-turn session by playing it, starts `fincoach
--session long` under a pseudo-terminal (120x40), waits until the session is on screen
and its every-strategy comparison has had time to finish, takes two turns by typing them
(turn N and N+1, offline coach), switches strategy, quits with Ctrl+Q and reads the
process's peak resident set size from wait4().

`--sizes 0,1000,10000`: the issue's target, as figures of one run. `buffer` sessions of
each size are written straight to disk (session_gen.py), and each is opened `--runs`
times, sizes taken in turns so the machine's load weighs on them alike: the peak RSS when
the session is ready (read, replayed, a turn may be sent; the start-up hook's moment,
ui/bench_hook.py). Medians, and each size minus the empty session's.

    python benchmarks/bench_rss.py [--turns 1000]
    python benchmarks/bench_rss.py --sizes 0,1000,10000 [--runs 3]
"""

from __future__ import annotations

import argparse
import os
import shutil
import sys
from pathlib import Path

from bench_common import (
    PtyProgram,
    emit,
    generate_in_subprocess,
    isolated_env,
    median,
    scratch_dir,
)

HERE = Path(__file__).resolve().parent


def _play_and_quit(app: PtyProgram, first_turn: int) -> float | None:
    """Two typed turns and a strategy switch on a session already on screen; Ctrl+Q; the
    process's peak RSS in MB."""
    try:
        for turn in (first_turn, first_turn + 1):
            app.send(f"My SIP is 5,000 a month (turn {turn})".encode())
            app.drain(0.2)
            app.send(b"\r")
            app.wait_for(f"turn {turn} done".encode(), timeout=300)
        app.send(b"\x14")  # Ctrl+T: the next strategy, at turn N+1
        app.drain(1.0)
    except BaseException:
        app.stop()
        raise
    return app.stop(graceful=b"\x11")  # Ctrl+Q


def played(turns: int, strategy: str) -> dict:
    root = scratch_dir("rss")
    env = isolated_env(root)
    try:
        generate_in_subprocess(root / "data" / "sessions" / "long.jsonl", turns - 1, strategy, env)
        app = PtyProgram([sys.executable, "-m", "fincoach_tui", "--session", "long"], env)
        try:
            app.wait_for(b"ready", timeout=120)
            app.drain(8.0)  # every strategy's cost is computed after the session is on screen
        except BaseException:
            app.stop()
            raise
        rss = _play_and_quit(app, turns)
    finally:
        shutil.rmtree(root, ignore_errors=True)
    return {"benchmark": "rss", "turns": turns, "strategy": strategy,
            "peak_rss_mb": None if rss is None else round(rss, 1)}  # fmt: skip


def sized(sizes: list[int], runs: int) -> dict:
    from bench_long import generate, launch

    root = scratch_dir("rss")
    env = isolated_env(root)
    env["PYTHONPATH"] = str(HERE.parent)
    sessions = root / "data" / "sessions"
    sessions.mkdir(parents=True)
    load_start = [round(x, 2) for x in os.getloadavg()]
    ready: dict[int, list[float]] = {n: [] for n in sizes}
    try:
        written = generate(env, sessions, [n for n in sizes if n])
        for n in sizes:  # warm the file cache and bytecode; not counted
            launch(env, root, f"turns-{n}", "history")
        for _ in range(runs):
            for n in sizes:
                name = f"turns-{n}"
                if not n:
                    (sessions / f"{name}.jsonl").unlink(missing_ok=True)
                ready[n].append(launch(env, root, name, "ready")["ready"]["peak_rss_mb"])
                if not n:
                    (sessions / f"{name}.jsonl").unlink(missing_ok=True)
    finally:
        shutil.rmtree(root, ignore_errors=True)
    figures: dict = {}
    empty_ready = median(ready[0]) if 0 in ready else None
    for n in sizes:
        row: dict = {"peak_rss_mb_ready": round(median(ready[n]), 1),
                     "ready_samples": [round(x, 1) for x in ready[n]]}  # fmt: skip
        if empty_ready is not None and n:
            row["ready_above_empty_mb"] = round(row["peak_rss_mb_ready"] - empty_ready, 1)
        if n:
            row["file_bytes"] = written[n]
        figures[n] = row
    return {
        "benchmark": "rss",
        "runs": runs,
        "sizes": figures,
        "load_average": [load_start, [round(x, 2) for x in os.getloadavg()]],
    }


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--turns", type=int, default=1000)
    parser.add_argument("--strategy", default="window")
    parser.add_argument("--sizes", default="", help="e.g. 0,1000,10000: generated buffer sessions")
    parser.add_argument("--runs", type=int, default=3)
    args = parser.parse_args(argv)
    if args.sizes:
        emit(sized([int(n) for n in args.sizes.split(",")], args.runs))
    else:
        emit(played(args.turns, args.strategy))
    return 0


if __name__ == "__main__":
    sys.path.insert(0, str(HERE))
    raise SystemExit(main())
