"""Session files on disk: bytes per turn as a `buffer` session grows, and export sizes.

One `buffer` session with the offline coach, written exactly as FinCoach writes one (the
real coach, records by reference, see bench_common.generate_session), measured as it
passes each checkpoint: the file's bytes per turn (flat: each record refers to what it
sent by id and by digest), the JSON export by reference (the default) and `--expand`
(every request in full, so it grows with the square of the session; measured up to 300
turns), and reading the file back (parse + replay) with its memory, in a fresh process.

    python benchmarks/bench_storage.py [--turns 100,300,1000] [--expand-upto 300]
"""

from __future__ import annotations

import argparse
import asyncio
import json
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from bench_common import REPO, _play, isolated_env, machine, use_env

READ_BACK = """
import json, resource, sys, time
sys.path.insert(0, {repo!r})
from fincoach_tui.domain.session_state import replay
from pathlib import Path
from fincoach_tui.store.session_file import load_events
started = time.perf_counter()
state, problems = replay(load_events(Path({path!r}))[0])
took = time.perf_counter() - started
assert not problems and len(state.chat_records) == {turns}, problems
print(json.dumps({{"read_s": round(took, 3),
                  "rss_mb": round(resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024, 1)}}))
"""


def export_size(name: str, state, *, expand: bool) -> tuple[int, float]:
    """Bytes of the JSON export (streamed, counted as it comes) and seconds to make it."""
    from fincoach_tui.service.export import json_chunks

    started = time.perf_counter()
    size = sum(len(chunk.encode("utf-8")) for chunk in json_chunks(name, state, expand=expand))
    return size, time.perf_counter() - started


def read_back(path: Path, turns: int) -> dict:
    code = READ_BACK.format(repo=str(REPO), path=str(path), turns=turns)
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True)
    if done.returncode != 0:
        raise SystemExit(done.stderr[-2000:])
    return json.loads(done.stdout)


def run(checkpoints: list[int], expand_upto: int, root: Path) -> dict:
    from fincoach_tui.domain.memory import make_strategy
    from fincoach_tui.domain.persona import DEMO_TURNS, FINCOACH_SYSTEM_PROMPT
    from fincoach_tui.domain.record_refs import RefTable
    from fincoach_tui.domain.session_state import SessionState
    from fincoach_tui.service.coach import Coach
    from fincoach_tui.service.runtime import Overrides, build_engine, resolve
    from fincoach_tui.settings.config import Config
    from fincoach_tui.store.migrations import current_format

    config = Config()
    # Priced as a model with a 1M-token window: on gpt-4o-mini's 128k, the offline coach's
    # `buffer` request outgrows the window before turn 1,000 and the coach refuses the turn.
    engine = build_engine(
        config, resolve(config, Overrides(provider="offline", model="gpt-4.1-mini"), {})
    )
    path = root / "buffer.jsonl"
    out = path.open("w", encoding="utf-8")
    refs = RefTable()

    def sink(event) -> None:
        event = event if isinstance(event, dict) else event.to_dict()
        for stored in refs.by_reference([event]):
            out.write(json.dumps(stored, ensure_ascii=False, separators=(",", ":")) + "\n")

    sink({"type": "header", "format": current_format(), "created": "2025-01-01T00:00:00+00:00"})
    state = SessionState()
    coach = Coach(
        state=state, sink=sink, llm=engine.llm, choice=engine.choice, counter=engine.counter,
        prices=engine.prices, system_prompt=FINCOACH_SYSTEM_PROMPT,
        strategy=make_strategy("buffer", config.params_for("buffer")),
    )  # fmt: skip
    rows = []
    done = 0
    for turns in checkpoints:
        started = time.perf_counter()
        asyncio.run(_play(coach, done + 1, turns, list(DEMO_TURNS)))
        out.flush()
        done = turns
        size = path.stat().st_size
        row = {
            "turns": turns,
            "file_bytes": size,
            "bytes_per_turn": round(size / turns),
            "play_s": round(time.perf_counter() - started, 1),
        }
        row["export_bytes"], seconds = export_size("buffer", state, expand=False)
        row["export_s"] = round(seconds, 2)
        if turns <= expand_upto:
            row["expanded_export_bytes"], seconds = export_size("buffer", state, expand=True)
            row["expanded_export_s"] = round(seconds, 2)
        row.update(read_back(path, turns))
        rows.append(row)
        print(json.dumps(row), file=sys.stderr)
    out.close()
    return {"benchmark": "storage", "strategy": "buffer", "rows": rows, "machine": machine()}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--turns", default="100,300,1000", help="checkpoints, comma-separated")
    parser.add_argument("--expand-upto", type=int, default=300, metavar="N")
    args = parser.parse_args(argv)
    checkpoints = sorted(int(n) for n in args.turns.split(","))
    with tempfile.TemporaryDirectory(prefix="fincoach-bench-") as tmp:
        use_env(isolated_env(Path(tmp)))
        result = run(checkpoints, args.expand_upto, Path(tmp))
    print(json.dumps(result))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
