"""`fincoach usage` over many sessions: cold (no usage index), warm (nothing changed) and
after one session changed; and `fincoach sessions` listing them all.

One 100-turn `summary` session is written exactly as FinCoach writes one (the real coach
and the offline model, bench_common.generate_session: chat records and the folds'
maintenance records), then copied `--sessions` times into a throwaway data directory,
each copy's message times shifted so the sessions spread over about three months.
The report is timed in this process (service/usage.report: reading the index, checking
every file's size and mtime, reading the changed ones, folding) and as the whole command
in a fresh process (`python -m fincoach_tui usage --monthly`, the interpreter included).

    python benchmarks/bench_usage.py [--sessions 1000] [--turns 100]
"""

from __future__ import annotations

import argparse
import re
import subprocess
import sys
import time
from pathlib import Path

from bench_common import (
    REPO,
    emit,
    generate_session,
    isolated_env,
    machine,
    median,
    ms,
    scratch_dir,
    use_env,
)

_TS = re.compile(rb'"ts":([0-9.]+)')
DAY = 86_400.0


def copies(template: bytes, sessions_dir: Path, count: int) -> int:
    """`count` copies of the template session, the i-th moved i·(90/count) days back."""
    sessions_dir.mkdir(parents=True, exist_ok=True)
    total = 0
    for i in range(count):
        shift = i * 90 * DAY / count
        data = _TS.sub(lambda m, s=shift: b'"ts":%r' % (float(m[1]) - s), template)  # type: ignore[misc]
        (sessions_dir / f"s{i:04d}.jsonl").write_bytes(data)
        total += len(data)
    return total


def timed(repeats: int = 5) -> list[float]:
    from fincoach_tui.service.usage import report

    took = []
    for _ in range(repeats):
        started = time.perf_counter()
        report("monthly")
        took.append(time.perf_counter() - started)
    return took


def command_seconds(env: dict[str, str], *command: str) -> float:
    started = time.perf_counter()
    subprocess.run(
        [sys.executable, "-m", "fincoach_tui", *(command or ("usage", "--monthly"))],
        cwd=REPO,
        env=env,
        check=True,
        capture_output=True,
    )
    return time.perf_counter() - started


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sessions", type=int, default=1000)
    parser.add_argument("--turns", type=int, default=100)
    args = parser.parse_args()
    root = scratch_dir("fincoach-bench-usage-")
    env = isolated_env(root)
    use_env(env)
    from fincoach_tui.service.usage import report, usage_index
    from fincoach_tui.settings import paths

    template = root / "template.jsonl"
    written = generate_session(template, args.turns, strategy="summary")
    size = copies(template.read_bytes(), paths.sessions_dir(), args.sessions)

    index = usage_index()
    started = time.perf_counter()
    cold_report = report("monthly")
    cold = time.perf_counter() - started
    warm = timed()
    # One session changed (a turn appended): only it is read again.
    changed = paths.sessions_dir() / "s0000.jsonl"
    changed.write_bytes(changed.read_bytes() + changed.read_bytes().splitlines(keepends=True)[-1])
    started = time.perf_counter()
    index.sessions()
    one_changed = time.perf_counter() - started
    command = median([command_seconds(env) for _ in range(3)])
    # The sessions listing: its first run reads each file's kept summary (written beside
    # it by this run's coach for the template, copied with it, or rebuilt once when
    # missing), then every run after that.
    listing_first = command_seconds(env, "sessions")
    listing = median([command_seconds(env, "sessions") for _ in range(3)])
    emit(
        {
            "benchmark": "usage",
            "machine": machine(),
            "sessions": args.sessions,
            "turns_per_session": args.turns,
            "calls": cold_report.total.calls,
            "session_file_bytes": written["bytes"],
            "all_sessions_mb": round(size / 1e6, 1),
            "index_kb": round(index.path.stat().st_size / 1e3, 1),
            "cold_ms": ms(cold),
            "warm_ms_median": ms(median(warm)),
            "one_changed_ms": ms(one_changed),
            "reread_after_one_change": index.rebuilt,
            "command_warm_s_median": round(command, 3),
            "sessions_listing_first_s": round(listing_first, 3),
            "sessions_listing_s_median": round(listing, 3),
        }
    )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
