"""Run every benchmark and print the figures against the targets (Markdown).

    python benchmarks/run_all.py            # the full run (several minutes on 2 cores)
    python benchmarks/run_all.py --quick    # fewer runs and a 200-turn session, to try it out
    python benchmarks/run_all.py --usage-sessions 100   # a short `fincoach usage` run
    python benchmarks/run_all.py --recognise-rounds 0   # without the recogniser's benchmark

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


def long_report(storage: dict, long: dict) -> str:
    """Issue 17's targets: storage, launch, first frame, one sitting, memory, after opening."""
    rows = []
    by_turns = {row["turns"]: row for row in storage["rows"]}
    if 300 in by_turns:
        row = by_turns[300]
        rows.append(("300 `buffer` turns: session file", f"**{row['file_bytes'] / 1e6:.2f} MB**",
                     "< 1.5 MB", verdict(row["file_bytes"] < 1.5e6)))  # fmt: skip
        if "expanded_export_bytes" in row:
            rows.append(("300 `buffer` turns: JSON export (by reference / `--expand`)",
                         f"{row['export_bytes'] / 1e6:.2f} MB / {row['expanded_export_bytes'] / 1e6:.2f} MB",
                         "< 3 MB", verdict(row["export_bytes"] < 3e6)))  # fmt: skip
    per_turn = [row["bytes_per_turn"] for row in storage["rows"]]
    rows.append(("Bytes per turn, " + " → ".join(f"{r['turns']:,}" for r in storage["rows"]) + " turns",
                 " → ".join(f"{b:,}" for b in per_turn), "flat",
                 verdict(max(per_turn) <= 1.1 * min(per_turn))))  # fmt: skip
    made = {int(n): b / int(n) for n, b in long["file_bytes"].items()}
    rows.append(("Bytes per turn, generated sessions: " + " → ".join(f"{n:,}" for n in sorted(made)) + " turns",
                 " → ".join(f"{made[n]:,.0f}" for n in sorted(made)), "flat",
                 verdict(max(made.values()) <= 1.1 * min(made.values()))))  # fmt: skip
    history, ready = long["history_ms"], long["ready_ms"]
    empty = history["0"] if "0" in history else history[0]
    for n in sorted((int(k) for k in history), key=int):
        if n == 0:
            continue
        got = history[str(n)] if str(n) in history else history[n]
        limit = 1.5 if n <= 1000 else 2.0
        rows.append((f"Launch to history on screen, {n:,} turns / empty session",
                     f"{got:.0f} / {empty:.0f} ms = **{got / empty:.2f}x** (session ready: "
                     f"{(ready[str(n)] if str(n) in ready else ready[n]):.0f} ms)",
                     f"≤ {limit}x", verdict(got / empty <= limit)))  # fmt: skip
    frames = long["first_frame_ms"]
    for label in ("empty", "big"):
        ratio = frames[label] / frames["minimal"]
        what = (
            "empty session" if label == "empty" else f"{long['first_frame_turns']:,}-turn session"
        )
        rows.append((f"First frame, {what} / minimal Textual app",
                     f"{frames[label]:.0f} / {frames['minimal']:.0f} ms = **{ratio:.2f}x**",
                     "≤ 1.3x", verdict(ratio <= 1.3)))  # fmt: skip
    sit = long["sitting"]
    last = sit["last"]
    t10, tn = sit["turn_10_cpu_ms"], sit[f"turn_{last}_cpu_ms"]
    floor = sit[f"minimal_turn_{last}_cpu_ms"]
    rows.append((f"One sitting: CPU of turn {last} / turn 10 (rendering and comparison included)",
                 f"{tn:.0f} / {t10:.0f} ms = **{tn / t10:.2f}x** ({sit['mounted_after']} messages mounted)",
                 "≤ 1.2x", verdict(tn / t10 <= 1.2)))  # fmt: skip
    rows.append((f"One sitting: turn {last} / a minimal Textual chat's turn {last}, same mounts",
                 f"{tn:.0f} / {floor:.0f} ms = **{tn / floor:.2f}x**", "≤ 2x",
                 verdict(tn / floor <= 2)))  # fmt: skip
    rows.append((f"Peak RSS, {long['rss']['turns']:,}-turn session open (ready)",
                 f"**{long['rss']['peak_rss_mb_ready']:.0f} MB**", "< 200 MB",
                 verdict(long["rss"]["peak_rss_mb_ready"] < 200)))  # fmt: skip
    after = long["after_open"]
    for label, what in (("first", "first opening"), ("again", "opened again")):
        cpu = after[label]["cpu_ready_to_compared_s"]
        rows.append((f"CPU after opening a {after['turns']:,}-turn session until every "
                     f"strategy's cost is shown ({what}; in a worker thread)",
                     f"**{cpu:.1f} s** (wall {after[label]['ready_to_compared_s']:.1f} s, "
                     f"peak RSS {after[label]['peak_rss_mb']:.0f} MB)", "< 2 s",
                     verdict(cpu < 2)))  # fmt: skip
    return "\n".join(["| measure | measured | target | |", "|---|---|---|---|",
                      *(f"| {a} | {b} | {c} | {d} |" for a, b, c, d in rows)])  # fmt: skip


def usage_report(usage: dict) -> str:
    """`fincoach usage` over many sessions: the index read cold, warm and after one change."""
    n = usage["sessions"]
    rows = [
        (f"`fincoach usage` over {n:,} sessions, no index yet (in process)",
         f"{usage['cold_ms']:.0f} ms", "", ""),
        (f"`fincoach usage` over {n:,} sessions, index kept (in process, median)",
         f"{usage['warm_ms_median']:.0f} ms", "", ""),
        ("... after one session changed: sessions read again",
         f"{usage['reread_after_one_change']}", "1", verdict(usage["reread_after_one_change"] == 1)),
        ("`python -m fincoach_tui usage --monthly`, index kept (median)",
         f"{usage['command_warm_s_median']:.2f} s", "", ""),
    ]  # fmt: skip
    lines = ["| figure | measured | target | verdict |", "|---|---:|---|---|"]
    lines += [f"| {a} | {b} | {c} | {d} |" for a, b, c, d in rows]
    return "\n".join(lines)


def sitting_report(sit: dict) -> str:
    """Issue 17's one-sitting target, from bench_sitting.py (one process, one run)."""
    last = sit["last"]
    t10, tn = sit["turn_10"]["cpu_ms"], sit["turn_last"]["cpu_ms"]
    m10, mn = sit["minimal_turn_10"]["cpu_ms"], sit["minimal_turn_last"]["cpu_ms"]
    frames = (sit["turn_10"]["frames"], sit["turn_last"]["frames"])
    layouts = (sit["turn_10"]["layouts"], sit["turn_last"]["layouts"])
    rows = [
        (f"One sitting of {sit['turns']} turns: CPU of turn {last} / turn 10 (rendering, "
         "panel and comparison included)",
         f"{tn:.0f} / {t10:.0f} ms = **{sit['growth']:.2f}x** ({sit['mounted_after']} "
         f"messages mounted; frames per turn {frames[0]} → {frames[1]}, layouts "
         f"{layouts[0]} → {layouts[1]}; the chart's event-loop CPU {sit['chart_ms_10']:.1f} → "
         f"{sit['chart_ms_last']:.1f} ms)", "≤ 1.2x", verdict(sit["growth"] <= 1.2)),
        (f"One sitting: turn {last} / a minimal Textual chat's turn {last}, same mounts, "
         "same texts, same run",
         f"{tn:.0f} / {mn:.0f} ms = **{sit['over_minimal_last']:.2f}x** (turn 10: "
         f"{t10:.0f} / {m10:.0f} ms = {sit['over_minimal_10']:.2f}x; the minimal chat's "
         f"growth {sit['minimal_growth']:.2f}x)", "≤ 2x", verdict(sit["over_minimal_last"] <= 2)),
    ]  # fmt: skip
    load = " / ".join(f"{x:.1f}" for x in sit["load_avg"])
    return "\n".join([f"Load average at the end of the run: {load}.", "",
                      "| measure | measured | target | |", "|---|---|---|---|",
                      *(f"| {a} | {b} | {c} | {d} |" for a, b, c, d in rows)])  # fmt: skip


def walk_report(walk: dict) -> str:
    """The comparison's walk (bench_walk.py): CPU to compare every strategy on opening a
    session, cold and with its walk kept, and a turn's step at turn 10 and at the last."""
    rows = []
    skipped = f" (without {', '.join(walk['skipped'])})" if walk["skipped"] else ""
    for n in walk["sizes"]:
        row = walk[str(n)]
        rows.append((f"CPU comparing every strategy{skipped} after opening {n:,} turns: "
                     "no walk kept / walk kept", f"{row['cold_cpu_s']:.2f} s / "
                     f"**{row['warm_cpu_s']:.2f} s**", "< 2 s (kept)",
                     verdict(row["warm_cpu_s"] < 2)))  # fmt: skip
    n = walk["sizes"][-1]
    first, last = walk[str(n)]["turn_10_ms"], walk[str(n)][f"turn_{n}_ms"]
    steps = ", ".join(f"{k} {first[k]:.1f} → {last[k]:.1f}" for k in last if k in first)
    rows.append((f"A turn's comparison step, turn 10 → turn {n:,} (ms of CPU per strategy)",
                 steps, "flat", verdict(all(last[k] <= 2 * first[k] + 1 for k in last
                                            if k in first))))  # fmt: skip
    return "\n".join(["| Measure | Figure | Target | Verdict |", "|---|---|---|---|",
                      *(f"| {a} | {b} | {c} | {d} |" for a, b, c, d in rows)])  # fmt: skip


def refresh_report(result: dict) -> str:
    """The event loop's CPU in the first `refresh_session` after a long session is read
    (bench_refresh.py: fresh processes, the median of its runs)."""
    row = next(v for v in result.values() if isinstance(v, dict) and "first_ms" in v)
    load = " → ".join(f"{x:.1f}" for x in (*result["load_average_start"][:1],
                                           *result["load_average_end"][:1]))  # fmt: skip
    rows = [(f"Event loop CPU bringing the panel up to a {result['turns']:,}-turn session "
             f"(first refresh_session; median of {result['runs']}, load {load}) / a refresh "
             "with nothing new", f"**{row['first_ms']:.0f} ms** / {row['again_ms']:.1f} ms",
             "< 100 ms", verdict(row["first_ms"] < 100))]  # fmt: skip
    return "\n".join(["| Measure | Figure | Target | Verdict |", "|---|---|---|---|",
                      *(f"| {a} | {b} | {c} | {d} |" for a, b, c, d in rows)])  # fmt: skip


def recognise_report(result: dict) -> str:
    """The recogniser's CPU per user message (bench_recognise.py: this checkout alone, fresh
    processes, every cache emptied first; the median of its rounds)."""
    row = next(v for v in result.values() if isinstance(v, dict) and "per_message_ms" in v)
    load = " → ".join(f"{x:.1f}" for x in result["load"])
    rows = [
        (f"The recogniser's CPU per user message, over the dev corpora's {row['messages']:,} "
         f"messages (median of {result['repeat']} round(s); load {load})",
         f"**{row['per_message_ms']:.2f} ms** (read again as of another moment: "
         f"{row['reread_ms']:.2f} ms)", "no growth per message", "reported"),
        (f"... the longest message that is not a list ({row['longest_chars']} characters) / "
         f"a pasted {row['statement_lines']}-line statement, each read alone",
         f"{row['longest_ms']:.1f} ms / {row['statement_ms']:.1f} ms", "—", "reported"),
    ]  # fmt: skip
    return "\n".join(["| measure | measured | target | |", "|---|---|---|---|",
                      *(f"| {a} | {b} | {c} | {d} |" for a, b, c, d in rows)])  # fmt: skip


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="fewer runs, a 200-turn session")
    parser.add_argument("--turns", type=int, default=None)
    parser.add_argument("--json", type=Path, help="also write the raw results here")
    parser.add_argument("--usage-sessions", type=int, default=None,
                        help="sessions for the usage benchmark (default 1,000; 200 with --quick;"
                             " 0 skips it)")  # fmt: skip
    parser.add_argument("--recognise-rounds", type=int, default=None,
                        help="rounds of the recogniser benchmark (default 5; 1 with --quick;"
                             " 0 skips it)")  # fmt: skip
    args = parser.parse_args(argv)
    turns = args.turns or (200 if args.quick else 1000)
    samples, runs = ("3", "3") if args.quick else ("9", "21")
    print("running benchmarks…", file=sys.stderr)
    first = run("bench_first_frame.py", "--runs", runs)
    session = run("bench_session.py", "--turns", str(turns), "--samples", samples)
    rss = run("bench_rss.py", "--turns", str(turns))
    # Played through the coach: 10,000 buffer turns would take hours (each request is the
    # whole session); bench_long's generated sessions give the bytes per turn there.
    storage = run("bench_storage.py", "--turns", "100,300,1000")
    long = run("bench_long.py", *(["--runs", "2", "--sizes", "0,1000", "--rss-turns", "1000",
                                   "--compare-turns", "1000", "--sitting", "40"]
                                  if args.quick else ["--runs", "5"]))  # fmt: skip
    usage_sessions = args.usage_sessions
    if usage_sessions is None:
        usage_sessions = 200 if args.quick else 1000
    usage = (
        run("bench_usage.py", "--sessions", str(usage_sessions),
            *(["--turns", "30"] if args.quick else []))
        if usage_sessions > 0 else None
    )  # fmt: skip
    sitting = run("bench_sitting.py", "--turns", "40" if args.quick else "205")
    walk = run("bench_walk.py", *(["--sizes", "200,1000"] if args.quick else []))
    refresh = run("bench_refresh.py", *(["--runs", "2", "--turns", "1000"] if args.quick else []))
    rounds = args.recognise_rounds
    if rounds is None:
        rounds = 1 if args.quick else 5
    recognise = run("bench_recognise.py", "--repeat", str(rounds)) if rounds > 0 else None
    info = machine()
    if args.json:
        args.json.write_text(json.dumps({"machine": info, "first_frame": first,
                                         "session": session, "rss": rss, "storage": storage,
                                         "long": long, "usage": usage,
                                         "sitting": sitting, "walk": walk,
                                         "refresh": refresh,
                                         "recognise": recognise},
                                        indent=2) + "\n")  # fmt: skip
    print(report(first, session, rss, info))
    print()
    print("Long sessions (issue 17):")
    print()
    print(long_report(storage, long))
    if usage is not None:
        print()
        print("Usage across sessions:")
        print()
        print(usage_report(usage))
    print()
    print("One sitting (issue 17):")
    print()
    print(sitting_report(sitting))
    print()
    print(walk_report(walk))
    print()
    print(refresh_report(refresh))
    if recognise is not None:
        print()
        print("The offline recogniser:")
        print()
        print(recognise_report(recognise))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
