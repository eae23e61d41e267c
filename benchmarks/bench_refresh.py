"""Opening a long session: the event loop's time in `refresh_session` (the session bar, the
meter, the chart, the turn list and the inspector brought up to the session), as CPU time.

A `buffer` session of `--turns` turns is written straight to a throwaway data directory
(session_gen.py). Each run starts a fresh process that runs the app headless (Textual's
run_test, offline coach) on it and times the first `refresh_session` after the session is
read: everything the interface builds for it at once, while nothing else is drawn. The
same process then times one more `refresh_session` with nothing new (what a turn pays
besides its own record). With `--against`, other checkouts of FinCoach (each a directory
with `fincoach_tui/` in it, e.g. the commit before a change, unpacked) take each run in
turn with this one, on the same file, so a shared machine's load falls on them alike; the
figures are medians, with each checkout's ratio to the first.

    python benchmarks/bench_refresh.py [--runs 5] [--turns 10000] [--against DIR[,DIR]]
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import shutil
import statistics
import subprocess
import sys
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent


async def child(name: str) -> dict:
    """In a process whose PYTHONPATH is the checkout measured: the app on session `name`."""
    from fincoach_tui.llm.providers import resolve_provider
    from fincoach_tui.settings import paths
    from fincoach_tui.settings.config import Config
    from fincoach_tui.store.sessions import SessionStore
    from fincoach_tui.ui.app import FinCoachApp

    taken: list[float] = []
    original = FinCoachApp.refresh_session

    profile = os.environ.get("BENCH_REFRESH_PROFILE")  # a path: the first one's profile

    def timed(self: FinCoachApp) -> None:
        before = time.process_time()
        if profile and self.live is not None and not taken:
            import cProfile

            cProfile.runctx("original(self)", globals(), locals(), profile)
        else:
            original(self)
        if self.live is not None:
            taken.append(time.process_time() - before)

    FinCoachApp.refresh_session = timed  # type: ignore[method-assign]
    store = SessionStore(paths.sessions_dir())
    settings = resolve_provider(provider="offline", model=None, base_url=None,
                                api_key_env=None, environ={})  # fmt: skip
    app = FinCoachApp(config=Config(), settings=settings, store=store, file=store.open(name),
                      config_path=paths.config_path(), offline_chunk_delay=0.0)  # fmt: skip
    async with app.run_test(size=(120, 40)) as pilot:
        while not taken:
            await app.workers.wait_for_complete()
            await pilot.pause()
        first = taken[0]
        again = time.process_time()
        original(app)
        again = time.process_time() - again
        shown = app.side.query_one("#turns").option_count
        records = len(app.live.state.records) if app.live else 0
        app.exit()
    return {"first_ms": round(first * 1000, 1), "again_ms": round(again * 1000, 2),
            "turn_list_options": shown, "records": records}  # fmt: skip


def run_child(code: Path, env: dict[str, str], name: str) -> dict:
    from bench_common import checkout_env

    done = subprocess.run([sys.executable, str(HERE / "bench_refresh.py"), "--child", name],
                          env=checkout_env(env, code), capture_output=True, text=True)  # fmt: skip
    if done.returncode:
        raise SystemExit(done.stderr[-3000:])
    return json.loads(done.stdout.strip().splitlines()[-1])


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--turns", type=int, default=10000)
    parser.add_argument("--against", default="", help="other checkouts, measured in turn")
    parser.add_argument("--child", default="", help=argparse.SUPPRESS)
    args = parser.parse_args(argv)
    if args.child:  # run by run_child, in the scratch directories it was given
        print(json.dumps(asyncio.run(child(args.child))))
        return 0
    sys.path.insert(0, str(HERE))
    from bench_common import checkouts, emit, isolated_env, scratch_dir

    codes = checkouts(parser, args.against)
    root = scratch_dir("refresh")
    env = isolated_env(root)
    sessions = root / "data" / "sessions"
    sessions.mkdir(parents=True)
    name = f"turns-{args.turns}"
    out: dict = {"benchmark": "refresh", "turns": args.turns, "runs": args.runs,
                 "load_average_start": [round(x, 2) for x in os.getloadavg()]}  # fmt: skip
    try:
        subprocess.run([sys.executable, str(HERE / "session_gen.py"),
                        str(sessions / f"{name}.jsonl"), str(args.turns)],
                       env={**env, "PYTHONPATH": str(codes[0])}, check=True, capture_output=True)  # fmt: skip
        for code in codes:  # warm the file cache and each checkout's bytecode: not counted
            run_child(code, env, name)
        taken: dict[Path, list[dict]] = {code: [] for code in codes}
        for _ in range(args.runs):
            for code in codes:
                taken[code].append(run_child(code, env, name))
    finally:
        shutil.rmtree(root, ignore_errors=True)
    first = None
    for code in codes:
        row = {k: statistics.median(s[k] for s in taken[code]) for k in taken[code][0]}
        if first is None:
            first = row
        else:
            row["first_vs_first_checkout"] = round(row["first_ms"] / first["first_ms"], 2)
        out[str(code)] = row
    out["load_average_end"] = [round(x, 2) for x in os.getloadavg()]
    emit(out)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
