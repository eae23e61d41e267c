"""Run every benchmark and print the figures against the targets (Markdown).

    python benchmarks/run_all.py            # the full run (about 2 minutes on 2 cores)
    python benchmarks/run_all.py --quick    # fewer runs and a 200-turn session, to try it out

Each benchmark runs in its own process (so their memory and imports do not mix) and
prints one JSON line; this script collects them. Figures are medians over several runs;
ratios are taken between figures measured in the same run. Nothing touches the real
user directories: every run uses a throwaway FINCOACH_DATA_DIR / FINCOACH_CONFIG_DIR.
"""

from __future__ import annotations

import argparse
import json
import subprocess
import sys
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))

from bench_common import machine  # noqa: E402


def run(script: str, *args: str) -> dict:
    started = time.perf_counter()
    done = subprocess.run([sys.executable, str(HERE / script), *args], capture_output=True,
                          text=True, cwd=HERE)  # fmt: skip
    if done.returncode != 0:
        raise SystemExit(f"{script} failed:\n{done.stdout[-2000:]}\n{done.stderr[-4000:]}")
    result = json.loads(done.stdout.strip().splitlines()[-1])
    result["took_s"] = round(time.perf_counter() - started, 1)
    print(f"  {script}: {result['took_s']} s", file=sys.stderr)
    return result


def verdict(ok: bool) -> str:
    return "met" if ok else "**missed**"


def verdicts(*parts: tuple[str, bool]) -> str:
    """One verdict per part of a two-part target ("flat: met · < 15 ms: **missed**")."""
    return " · ".join(f"{name}: {verdict(ok)}" for name, ok in parts)


def report(first: dict, session: dict, rss: dict, info: dict) -> str:
    n = session["open"]["turns"]
    t10, tn = session["turn_10"], session[f"turn_{n}"]
    floor = session["minimal_chat_turn"]
    rows = [
        (
            "First frame, `fincoach` / minimal Textual app",
            f"{first['fincoach_ms']:.0f} ms / {first['minimal_ms']:.0f} ms = **{first['ratio']:.2f}x**",
            "≤ 1.3x",
            verdict(first["ratio"] <= 1.3),
        ),
        (
            f"Open a {n:,}-turn session (read, replay, chat's first page, panel) until on screen",
            f"**{session['open']['ms']:.0f} ms** (read {session['open']['parse_ms']:.0f} ms, "
            f"replay + coach {session['open']['replay_and_coach_ms']:.0f} ms; "
            f"{session['open']['file_mb']} MB file, {session['open']['messages_mounted']} messages mounted); "
            f"every strategy's cost follows in {session['open']['background_compare_ms']:,.0f} ms",
            "< 1 s",
            verdict(session["open"]["ms"] < 1000),
        ),
        (
            "Per-turn local overhead, everything (counting, coach, write + fsync, rendering, the "
            f"every-strategy comparison): turn 10 → turn {n:,}",
            f"{t10['local_ms']:.0f} ms → **{tn['local_ms']:.0f} ms** ({session['per_turn_ratio']:.2f}x; "
            f"event-loop CPU {t10['local_cpu_ms']:.0f} → {tn['local_cpu_ms']:.0f} ms, "
            f"{session['per_turn_local_cpu_ratio']:.2f}x); reply on screen after {t10['shown_ms']:.0f} → "
            f"{tn['shown_ms']:.0f} ms",
            "≤ 1.2x and < 15 ms",
            verdicts(("flat", session["per_turn_ratio"] <= 1.2), ("< 15 ms", tn["local_ms"] < 15)),
        ),
        (
            "The same turn in a minimal Textual chat (mount question and reply, scroll, repaint): "
            "Textual's own floor on this machine",
            f"{floor['ms']:.0f} ms (CPU {floor['cpu_ms']:.0f} ms; on screen after {floor['shown_ms']:.0f} ms); "
            f"FinCoach at turn {n:,} = **{session['per_turn_over_minimal']:.2f}x** the floor",
            "—",
            "reported",
        ),
        (
            f"Per-turn local overhead, core only (strategy, counting, coach, write + fsync): "
            f"turn 10 → turn {n:,}",
            f"{t10['core_ms']:.1f} ms → **{tn['core_ms']:.1f} ms** ({session['per_turn_core_ratio']:.2f}x; "
            f"CPU {t10['core_cpu_ms']:.1f} → {tn['core_cpu_ms']:.1f} ms)",
            "≤ 1.2x and < 15 ms",
            verdicts(
                ("flat", session["per_turn_core_ratio"] <= 1.2), ("< 15 ms", tn["core_ms"] < 15)
            ),
        ),
        (
            f"Strategy switch at turn {n:,} (event, config, panel, screen)",
            f"**{session['strategy_switch']['ms']:.0f} ms**",
            "—",
            "reported",
        ),
        (
            f"Peak RSS, real `fincoach` on the {n:,}-turn session, two turns and a switch",
            (
                f"**{rss['peak_rss_mb']:.0f} MB**"
                if rss["peak_rss_mb"] is not None
                else "not measured: the app did not quit when asked"
            )
            + f" (headless benchmark process: {session['peak_rss_mb']:.0f} MB)",
            "< 200 MB",
            verdict(rss["peak_rss_mb"] is not None and rss["peak_rss_mb"] < 200),
        ),
    ]
    lines = [
        f"Machine: {info['cpus']} cores, {info['cpu']}, {info['memory']}; {info['os']}; "
        f"Python {info['python']}, Textual {info['textual']}. Session strategy: "
        f"{session['strategy']}; medians of {session['samples']} samples "
        f"({first['runs']} runs for the first frame).",
        "",
        "| measure | measured | target | |",
        "|---|---|---|---|",
        *(f"| {a} | {b} | {c} | {d} |" for a, b, c, d in rows),
        "",
        f"Model time excluded from the per-turn figures (offline coach): turn 10 "
        f"{t10['model_ms']:.1f} ms, turn {n:,} {tn['model_ms']:.1f} ms. Of the per-turn figure, "
        f"what follows the reply on screen (the panel's figures, the every-strategy comparison "
        f"and their redraw): {t10['background_ms']:.0f} ms → {tn['background_ms']:.0f} ms.",
    ]
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="fewer runs, a 200-turn session")
    parser.add_argument("--turns", type=int, default=None)
    parser.add_argument("--json", type=Path, help="also write the raw results here")
    args = parser.parse_args(argv)
    turns = args.turns or (200 if args.quick else 1000)
    samples, runs = ("3", "3") if args.quick else ("9", "21")
    print("running benchmarks…", file=sys.stderr)
    first = run("bench_first_frame.py", "--runs", runs)
    session = run("bench_session.py", "--turns", str(turns), "--samples", samples)
    rss = run("bench_rss.py", "--turns", str(turns))
    info = machine()
    if args.json:
        args.json.write_text(json.dumps({"machine": info, "first_frame": first,
                                         "session": session, "rss": rss}, indent=2) + "\n")  # fmt: skip
    print(report(first, session, rss, info))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
