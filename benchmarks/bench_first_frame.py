"""Time to first frame: `fincoach` against a minimal Textual app, measured the same way.

Each program is started under a pseudo-terminal (120x40) and timed from fork until its
first frame is on the terminal (a text only that frame draws: FinCoach's activity line
"starting: loading the tokenizer…", the minimal app's "minimal app ready"). Whole process:
interpreter start, imports, app start, first paint. Runs alternate between the two so
they share the machine's state; medians and the ratio of medians are reported.

    python benchmarks/bench_first_frame.py [--runs 9]
"""

from __future__ import annotations

import argparse
import shutil
import sys
from pathlib import Path

from bench_common import PtyProgram, emit, isolated_env, median, ms, scratch_dir

HERE = Path(__file__).resolve().parent
FINCOACH = ([sys.executable, "-m", "fincoach_tui", "--session", "first-frame"],
            b"loading the tokenizer")  # fmt: skip
MINIMAL = ([sys.executable, str(HERE / "minimal_app.py")], b"minimal app ready")


def time_once(program: tuple[list[str], bytes], env: dict[str, str]) -> float:
    argv, marker = program
    run = PtyProgram(argv, env)
    try:
        return run.wait_for(marker)
    finally:
        run.stop()


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=9)
    args = parser.parse_args(argv)
    root = scratch_dir("first-frame")
    env = isolated_env(root)
    env["PYTHONPATH"] = str(HERE.parent)
    fincoach, minimal = [], []
    try:
        for program in (FINCOACH, MINIMAL):  # warm the file cache and bytecode; not counted
            time_once(program, env)
        for _ in range(args.runs):
            fincoach.append(time_once(FINCOACH, env))
            minimal.append(time_once(MINIMAL, env))
    finally:
        shutil.rmtree(root, ignore_errors=True)
    ratios = [f / m for f, m in zip(fincoach, minimal)]
    emit(
        {
            "benchmark": "first_frame",
            "runs": args.runs,
            "fincoach_ms": ms(median(fincoach)),
            "minimal_ms": ms(median(minimal)),
            "ratio": round(median(fincoach) / median(minimal), 2),
            "ratio_of_pairs": round(median(ratios), 2),
            "fincoach_all_ms": [ms(v) for v in fincoach],
            "minimal_all_ms": [ms(v) for v in minimal],
        }
    )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
