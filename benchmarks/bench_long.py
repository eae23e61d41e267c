"""Long sessions (issue 17's targets), as ratios measured in the same run.

Sessions of `buffer` turns are written straight into a throwaway data directory
(session_gen.py: seconds, not hours of played turns). Then:

- launch: the real `fincoach --session NAME` under a pseudo-terminal (120x40), timed from
  fork until the start-up hook (ui/bench_hook.py) writes a moment: `history` (the
  session's newest messages on screen; for an empty session, its empty chat), `ready`
  (read and replayed, a turn may be sent) and `compared` (every strategy's cost shown),
  for 0, 1,000 and 10,000 turns; the process is ended at the moment wanted. The hook also
  gives the process's CPU time and peak RSS at each moment.
- first frame: `fincoach` on an empty and on the 10,000-turn session against a minimal
  Textual app, each until its first frame's text is on the terminal.
- one sitting: a fresh process runs the app headless (Textual's run_test, offline coach,
  no streaming delay) and plays 205 turns in one sitting; each turn's CPU (process time,
  every thread: rendering and the comparison worker included) from submitting it until
  the app is idle again. Turn 10 and turn 200 are the medians of turns 8-12 and 198-202.
  The same turns in a minimal Textual chat doing the same mounts (question and reply,
  the oldest unmounted beyond the chat's bound) in the same process.

    python benchmarks/bench_long.py [--runs 5] [--sizes 0,1000,10000] [--sitting 205]
"""

from __future__ import annotations

import argparse
import asyncio
import json
import shutil
import subprocess
import sys
import time
from pathlib import Path

from bench_common import PtyProgram, emit, isolated_env, median, ms, scratch_dir, use_env

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
    args = parser.parse_args(argv)
    if args.sitting_only:
        emit(asyncio.run(sitting(args.sitting_only)))
        return 0
    sizes = [int(n) for n in args.sizes.split(",")]
    root = scratch_dir("long")
    env = isolated_env(root)
    env["PYTHONPATH"] = str(HERE.parent)
    sessions = root / "data" / "sessions"
    sessions.mkdir(parents=True)
    out: dict = {"benchmark": "long", "runs": args.runs}
    try:
        wanted = sorted({*sizes, args.rss_turns, args.compare_turns} - {0})
        out["file_bytes"] = generate(env, sessions, wanted)
        names = {n: f"turns-{n}" for n in [*sizes, args.rss_turns, args.compare_turns]}
        for n in wanted:  # warm the file cache and bytecode; not counted
            launch(env, root, names[n], "history")
        history: dict[int, list[float]] = {n: [] for n in sizes}
        ready: dict[int, list[float]] = {n: [] for n in sizes}
        for _ in range(args.runs):  # sizes taken in turns: the machine's load weighs alike
            for n in sizes:
                history[n].append(launch(env, root, names[n], "history")["history"]["s"])
                if n == 0:
                    (sessions / f"{names[0]}.jsonl").unlink(missing_ok=True)
                moments = launch(env, root, names[n], "ready")
                ready[n].append(moments["ready"]["s"])
                if n == 0:
                    (sessions / f"{names[0]}.jsonl").unlink(missing_ok=True)
        out["history_ms"] = {n: ms(median(v)) for n, v in history.items()}
        out["ready_ms"] = {n: ms(median(v)) for n, v in ready.items()}
        out["history_all_ms"] = {n: [ms(x) for x in v] for n, v in history.items()}

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
    emit(out)
    return 0


if __name__ == "__main__":
    sys.path.insert(0, str(HERE))
    use_env(dict(__import__("os").environ))
    raise SystemExit(main())
