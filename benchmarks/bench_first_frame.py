"""Time to first frame: `fincoach` against a minimal Textual app, measured the same way.

Each program is started under a pseudo-terminal (120x40) and timed from fork until its
first frame is on the terminal (a text only that frame draws: FinCoach's activity line
"starting: loading the tokenizer…", the minimal app's "minimal app ready"). Whole process:
interpreter start, imports, app start, first paint. Runs alternate between the two so
they share the machine's state; medians and the ratio of medians are reported.

Both also write the CPU time their process had used at that frame (FINCOACH_BENCH_TIMINGS:
FinCoach's `ui/bench_hook.py`, the minimal app's same hook), measured from the same place,
the first callback after the first refresh. On a shared machine the wall clock includes
waiting for a core; the CPU time does not, so its ratio is the steadier of the two.

    python benchmarks/bench_first_frame.py [--runs 9]
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import sys
import time
from pathlib import Path

from bench_common import PtyProgram, emit, isolated_env, median, ms, scratch_dir

HERE = Path(__file__).resolve().parent
FINCOACH = ([sys.executable, "-m", "fincoach_tui", "--session", "first-frame"],
            b"loading the tokenizer")  # fmt: skip
MINIMAL = ([sys.executable, str(HERE / "minimal_app.py")], b"minimal app ready")


def first_frame_cpu(timings: Path, timeout: float = 10.0) -> float:
    """The CPU seconds the program had used at its first frame (written just after it)."""
    deadline = time.perf_counter() + timeout
    while time.perf_counter() < deadline:
        if timings.exists():
            for line in timings.read_text(encoding="utf-8").splitlines():
                mark = json.loads(line)
                if mark["moment"] == "first_frame":
                    return float(mark["cpu_s"])
        time.sleep(0.005)
    raise TimeoutError(f"no first_frame in {timings}")


def time_once(program: tuple[list[str], bytes], env: dict[str, str]) -> tuple[float, float]:
    """(wall seconds until the frame is on the terminal, CPU seconds used by then)."""
    argv, marker = program
    timings = Path(env["FINCOACH_BENCH_TIMINGS"])
    timings.unlink(missing_ok=True)
    run = PtyProgram(argv, env)
    try:
        wall = run.wait_for(marker)
        return wall, first_frame_cpu(timings)
    finally:
        run.stop()


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=9)
    args = parser.parse_args(argv)
    root = scratch_dir("first-frame")
    env = isolated_env(root)
    env["PYTHONPATH"] = str(HERE.parent)
    env["FINCOACH_BENCH_TIMINGS"] = str(root / "timings.jsonl")
    runs: dict[str, list[tuple[float, float]]] = {"fincoach": [], "minimal": []}
    load_before = os.getloadavg()[0]
    try:
        for program in (FINCOACH, MINIMAL):  # warm the file cache and bytecode; not counted
            time_once(program, env)
        for _ in range(args.runs):
            runs["fincoach"].append(time_once(FINCOACH, env))
            runs["minimal"].append(time_once(MINIMAL, env))
    finally:
        shutil.rmtree(root, ignore_errors=True)
    wall = {name: [w for w, _ in values] for name, values in runs.items()}
    cpu = {name: [c for _, c in values] for name, values in runs.items()}
    emit(
        {
            "benchmark": "first_frame",
            "runs": args.runs,
            "load": [round(load_before, 2), round(os.getloadavg()[0], 2)],
            "fincoach_ms": ms(median(wall["fincoach"])),
            "minimal_ms": ms(median(wall["minimal"])),
            "ratio": round(median(wall["fincoach"]) / median(wall["minimal"]), 2),
            "ratio_of_pairs": round(
                median([f / m for f, m in zip(wall["fincoach"], wall["minimal"])]), 2
            ),
            "fincoach_cpu_ms": ms(median(cpu["fincoach"])),
            "minimal_cpu_ms": ms(median(cpu["minimal"])),
            "cpu_ratio": round(median(cpu["fincoach"]) / median(cpu["minimal"]), 2),
            "fincoach_all_ms": [ms(v) for v in wall["fincoach"]],
            "minimal_all_ms": [ms(v) for v in wall["minimal"]],
        }
    )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
