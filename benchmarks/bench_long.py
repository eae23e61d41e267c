"""Long sessions (issue 17's targets), as ratios measured in the same run.

Sessions of `buffer` turns are written straight into a throwaway data directory
(session_gen.py: seconds, not hours of played turns). Then:

- launch: the real `fincoach --session NAME` under a pseudo-terminal (120x40), timed from
  fork until the start-up hook (ui/bench_hook.py) writes a moment: `history` (the
  session's newest messages on screen; for an empty session, its empty chat), `ready`
  (read and replayed, a turn may be sent) and `compared` (every strategy's cost shown),
  for 0, 1,000 and 10,000 turns; the process is ended at the moment wanted. The hook also
  gives the process's CPU time and peak RSS at each moment. History and ready are given
  in wall and CPU seconds, each as a ratio to the empty session's in the same runs, with
  the load average before and after (the machine may be shared: CPU time is steadier).
- first frame: `fincoach` on an empty and on the 10,000-turn session against a minimal
  Textual app, each until its first frame's text is on the terminal.
- one sitting: a fresh process runs the app headless (Textual's run_test, offline coach,
  no streaming delay) and plays 205 turns in one sitting; each turn's CPU (process time,
  every thread: rendering and the comparison worker included) from submitting it until
  the app is idle again. Turn 10 and turn 200 are the medians of turns 8-12 and 198-202.
  The same turns in a minimal Textual chat doing the same mounts (question and reply,
  the oldest unmounted beyond the chat's bound) in the same process.

    python benchmarks/bench_long.py [--runs 5] [--sizes 0,1000,10000] [--sitting 205]
                                    [--parts launch]   (launch figures only)
                                    [--against /path/to/other/checkout[,...]]

`--against` (launch figures only) launches other checkouts of FinCoach too (each a
directory with `fincoach_tui/` in it, e.g. the commit before a change, unpacked), on the
same session files: each run takes every size with every checkout in turn, so the load of
a shared machine falls on them alike; each checkout's figures are given as above, with
their ratios to the first checkout's (`vs_first`).
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import shutil
import subprocess
import sys
import time
from pathlib import Path

from bench_common import (
    PtyProgram,
    checkout_env,
    checkouts,
    emit,
    isolated_env,
    median,
    ms,
    scratch_dir,
    use_env,
)

HERE = Path(__file__).resolve().parent
MINIMAL = ([sys.executable, str(HERE / "minimal_app.py")], b"minimal app ready")


def generate(env: dict[str, str], sessions: Path, sizes: list[int]) -> dict[int, int]:
    """Write `turns-N` for each size (0: no file; the app creates it), in child processes."""
    written = {}
    for n in sizes:
        done = subprocess.run(
            [sys.executable, str(HERE / "session_gen.py"), str(sessions / f"turns-{n}.jsonl"),
             str(n)], env=env, capture_output=True, text=True,
        )  # fmt: skip
        if done.returncode:
            raise SystemExit(done.stderr[-3000:])
        written[n] = json.loads(done.stdout.strip().splitlines()[-1])["bytes"]
    return written


def launch(
    env: dict[str, str], root: Path, name: str, until: str, *, quit_after: bool = False
) -> dict[str, dict]:
    """Start fincoach on `name`, end it at moment `until` (or, `quit_after`, quit it then
    with Ctrl+Q, as a user would: the session is closed and its walk kept); every moment
    written, each with seconds since fork, CPU seconds and peak RSS."""
    timings = root / "timings.jsonl"
    timings.unlink(missing_ok=True)
    run_env = {**env, "FINCOACH_BENCH_TIMINGS": str(timings)}
    if not quit_after:
        run_env["FINCOACH_BENCH_EXIT"] = until
    started = time.time()
    program = PtyProgram([sys.executable, "-m", "fincoach_tui", "--session", name], run_env)
    deadline = time.perf_counter() + 900
    try:
        while time.perf_counter() < deadline:
            program.drain(0.05)
            if timings.exists() and f'"{until}"' in timings.read_text():
                break
        else:
            raise TimeoutError(f"{name}: {until} never came; {bytes(program.output[-300:])!r}")
    finally:
        program.stop(graceful=b"\x11" if quit_after else None)
    moments = {}
    for line in timings.read_text().splitlines():
        mark = json.loads(line)
        moments[mark["moment"]] = {
            "s": mark["t"] - started,
            "cpu_s": mark["cpu_s"],
            "peak_rss_mb": mark["peak_rss_mb"],
        }
    return moments


def load_average() -> list[float]:
    """The machine's 1, 5 and 15 minute load averages: how shared it was while measuring."""
    return [round(x, 2) for x in os.getloadavg()]


LAUNCH_FIGURES = ("history_s", "ready_s", "history_cpu_s", "ready_cpu_s")


def launch_figures(
    env: dict[str, str],
    root: Path,
    sessions: Path,
    names: dict[int, str],
    sizes: list[int],
    runs: int,
    codes: list[Path],
) -> dict:
    """From launch to history on screen and to ready, for each size, as ratios to the empty
    session measured in the same runs (sizes taken in turns, so the machine's load weighs on
    them alike). Wall seconds since fork, and the process's CPU seconds (every thread), the
    steadier figure on a shared machine; the peak RSS at ready. `codes`: the checkouts,
    this one first (`bench_common.checkouts`); each takes each size in turn, and
    `against` holds the others' figures."""
    taken: dict[Path, dict[int, list[dict]]] = {c: {n: [] for n in sizes} for c in codes}
    for _ in range(runs):
        for n in sizes:
            for code in codes:
                moments = launch(checkout_env(env, code), root, names[n], "ready")
                taken[code][n].append({
                    "history_s": moments["history"]["s"], "ready_s": moments["ready"]["s"],
                    "history_cpu_s": moments["history"]["cpu_s"],
                    "ready_cpu_s": moments["ready"]["cpu_s"],
                    "peak_rss_mb": moments["ready"]["peak_rss_mb"],
                })  # fmt: skip
                if n == 0:  # the app creates the empty session: start each run without it
                    (sessions / f"{names[0]}.jsonl").unlink(missing_ok=True)
    results = {code: _launch_rows(taken[code], sizes) for code in codes}
    figures = results[codes[0]]
    if len(codes) > 1:
        figures["against"] = {str(code): results[code] for code in codes[1:]}
        for code in codes[1:]:
            for n in sizes:
                row, first = results[code][n], figures[n]
                keys = [*LAUNCH_FIGURES, *(k for k in row if k.endswith("_x_empty"))]
                row["vs_first"] = {k: round(row[k] / first[k], 2) for k in keys}
    return figures


def _launch_rows(taken: dict[int, list[dict]], sizes: list[int]) -> dict:
    """Each size's medians, and its ratios to the empty session's (same runs)."""
    figures: dict = {}
    for n, samples in taken.items():
        figures[n] = {
            key: round(median([s[key] for s in samples]), 3 if key.endswith("_s") else 1)
            for key in samples[0]
        }
    empty = figures.get(0)
    if empty:
        for n in sizes:
            row = figures[n]
            for key in LAUNCH_FIGURES:
                row[key.replace("_s", "_x_empty")] = round(row[key] / empty[key], 2)
            row["ready_after_history_s"] = round(row["ready_s"] - row["history_s"], 2)
    return figures


def first_frame(env: dict[str, str], name: str | None) -> float:
    argv, marker = MINIMAL
    if name is not None:
        argv, marker = [sys.executable, "-m", "fincoach_tui", "--session", name], b"loading the"
    program = PtyProgram(argv, env)
    try:
        return program.wait_for(marker, timeout=120)
    finally:
        program.stop()


# --- one sitting (run in its own process) ---------------------------------------------
async def sitting(turns: int) -> dict:
    from minimal_chat import Box, MinimalChat

    from fincoach_tui.llm.providers import resolve_provider
    from fincoach_tui.settings import paths
    from fincoach_tui.settings.config import Config
    from fincoach_tui.store.sessions import SessionStore
    from fincoach_tui.ui.app import FinCoachApp
    from fincoach_tui.ui.chat import BOUND

    store = SessionStore(paths.sessions_dir())
    settings = resolve_provider(provider="offline", model=None, base_url=None,
                                api_key_env=None, environ={})  # fmt: skip
    app = FinCoachApp(config=Config(), settings=settings, store=store, file=store.open("sit"),
                      config_path=paths.config_path(), offline_chunk_delay=0.0)  # fmt: skip
    cpu: list[float] = []
    texts: list[tuple[str, str]] = []
    async with app.run_test(size=(120, 40)) as pilot:
        while app.live is None:
            await app.workers.wait_for_complete()
            await pilot.pause()
        for turn in range(1, turns + 1):
            before = time.process_time()
            app.submit(f"My SIP is {turn},000 a month and my rent 25k. (turn {turn})")
            await app.workers.wait_for_complete()  # the turn, then the comparison's thread
            await pilot.pause()
            await app.workers.wait_for_complete()
            await pilot.pause()
            cpu.append(time.process_time() - before)
        mounted = app.chat.mounted_messages
        messages = app.live.state.transcript.messages
        texts = [(q.content, a.content) for q, a in zip(messages[0::2], messages[1::2])]

    minimal = MinimalChat()
    floor: list[float] = []
    async with minimal.run_test(size=(120, 40)) as pilot:
        chat = minimal.query_one("#chat")
        for turn, (question, reply) in enumerate(texts, start=1):
            before = time.process_time()
            await minimal.show_turn(question, reply, turn)
            boxes = list(chat.query(Box))
            if len(boxes) > BOUND:  # the same window as FinCoach's chat
                await chat.remove_children(boxes[: len(boxes) - BOUND])
            await pilot.pause()
            floor.append(time.process_time() - before)

    def at(series: list[float], turn: int) -> float:
        return median(series[turn - 3 : turn + 2])  # turns turn-2 .. turn+2

    last = min(200, turns - 2)
    return {
        "turns": turns,
        "mounted_after": mounted,
        "turn_10_cpu_ms": ms(at(cpu, 10)),
        f"turn_{last}_cpu_ms": ms(at(cpu, last)),
        "minimal_turn_10_cpu_ms": ms(at(floor, 10)),
        f"minimal_turn_{last}_cpu_ms": ms(at(floor, last)),
        "last": last,
    }


def run_sitting(env: dict[str, str], turns: int) -> dict:
    done = subprocess.run([sys.executable, str(Path(__file__).resolve()), "--sitting-only",
                           str(turns)], env=env, capture_output=True, text=True, cwd=HERE)  # fmt: skip
    if done.returncode:
        raise SystemExit(done.stderr[-3000:])
    return json.loads(done.stdout.strip().splitlines()[-1])


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--sizes", default="0,1000,10000")
    parser.add_argument("--rss-turns", type=int, default=10000)
    parser.add_argument("--compare-turns", type=int, default=5000)
    parser.add_argument("--sitting", type=int, default=205)
    parser.add_argument("--sitting-only", type=int, default=0, help=argparse.SUPPRESS)
    parser.add_argument("--against", default="", help="other checkouts (launch figures only)")
    parser.add_argument(
        "--parts", default="launch,first_frame,after_open,sitting",
        help="launch alone, or launch then the rest (first frame, after opening, one sitting)",
    )  # fmt: skip
    args = parser.parse_args(argv)
    if args.sitting_only:  # run by run_sitting; by hand too, still never in the user's dirs
        root = scratch_dir("long-sitting")
        use_env(isolated_env(root))
        try:
            emit(asyncio.run(sitting(args.sitting_only)))
        finally:
            shutil.rmtree(root, ignore_errors=True)
        return 0
    sizes = [int(n) for n in args.sizes.split(",")]
    codes = checkouts(parser, args.against)
    if len(codes) > 1 and args.parts != "launch":
        parser.error("--against measures the launch figures only: add --parts launch")
    root = scratch_dir("long")
    env = isolated_env(root)
    env["PYTHONPATH"] = str(HERE.parent)
    sessions = root / "data" / "sessions"
    sessions.mkdir(parents=True)
    parts = set(args.parts.split(","))
    out: dict = {"benchmark": "long", "runs": args.runs, "load_average_start": load_average()}
    try:
        others = {args.rss_turns, args.compare_turns} if parts - {"launch"} else set()
        wanted = sorted({*sizes, *others} - {0})
        out["file_bytes"] = generate(env, sessions, wanted)
        names = {n: f"turns-{n}" for n in [*sizes, args.rss_turns, args.compare_turns]}
        for n in wanted:  # warm the file cache and bytecode (each checkout's); not counted
            for code in codes:
                launch(checkout_env(env, code), root, names[n], "history")
        if "launch" in parts:
            out["launch"] = launch_figures(env, root, sessions, names, sizes, args.runs, codes)
        if "first_frame" not in parts:
            out["load_average_end"] = load_average()
            emit(out)
            return 0
        frames: dict[str, list[float]] = {"minimal": [], "empty": [], "big": []}
        for _ in range(args.runs):
            frames["minimal"].append(first_frame(env, None))
            frames["empty"].append(first_frame(env, "first-frame"))
            frames["big"].append(first_frame(env, names[args.rss_turns]))
        out["first_frame_ms"] = {k: ms(median(v)) for k, v in frames.items()}
        out["first_frame_turns"] = args.rss_turns

        # Opening the session the first time walks every turn of it; quitting keeps the
        # walk beside it, and the next opening reads it and walks nothing.
        name = names[args.compare_turns]
        out["after_open"] = {"turns": args.compare_turns}
        for label, quit_after in (("first", True), ("again", False)):
            moments = launch(env, root, name, "compared", quit_after=quit_after)
            ready, compared = moments["ready"], moments["compared"]
            out["after_open"][label] = {
                "ready_to_compared_s": round(compared["s"] - ready["s"], 2),
                "cpu_ready_to_compared_s": round(compared["cpu_s"] - ready["cpu_s"], 2),
                "peak_rss_mb": round(compared["peak_rss_mb"], 1),
            }
        big = launch(env, root, names[args.rss_turns], "ready")
        out["rss"] = {
            "turns": args.rss_turns,
            "peak_rss_mb_ready": round(big["ready"]["peak_rss_mb"], 1),
        }
        out["sitting"] = run_sitting(env, args.sitting)
    finally:
        shutil.rmtree(root, ignore_errors=True)
    out["load_average_end"] = load_average()
    emit(out)
    return 0


if __name__ == "__main__":
    sys.path.insert(0, str(HERE))
    use_env(dict(__import__("os").environ))
    raise SystemExit(main())
