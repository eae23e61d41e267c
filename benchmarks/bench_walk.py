"""The every-strategy comparison on long sessions, in CPU time (process time: every thread),
measured in one process so that the figures are compared within the same run.

For each size (1,000 and 5,000 `buffer` turns, written by session_gen.py):

- cold: the session opened with no walk kept beside it; every strategy is walked over every
  turn and priced (what opening a session for the first time costs, in the app's worker).
- warm: the session opened again after the first opening was left (the walk kept in
  `NAME.walk.json`): the walk is read back, and only the projection's walk ahead is done.
- per turn: one more turn's step, every strategy, at turn 10 and at the last turn, from
  the walk as it stood a turn before (the median of a few repeats), and what each
  strategy's step took: the mean over the 4 turns up to it, so that a turn on which a
  summary is folded (one in 4) is not compared with one on which none is.
- ratios, within the same run: warm over cold, and each strategy's step at the last turn
  over its step at turn 10.

`--questions distinct` asks a different question at every generated turn (common finance
words, a middle band, one or two rare words of 3,000, now and then one asked
again word for word) instead of the demo's five in turn: the session recall's classes cannot
fold, where a question's common words are in most of the session's questions.

Every strategy is walked by default; `--skip NAME[,NAME]` leaves some out of the cold and
warm walks and measures each of them alone in the per-turn rows (a fresh walk of it at
the last turn). `facts` is walked too: it reads each note of the
session once, as they leave the tail, in an index kept with the walk (notes_index.py).

`--steps-at 10,1000,10000` measures only a turn's step, at each of those turns of one
session as long as the last (no cold or warm opening): a walk up to each of them, then
each step timed as `per turn` above (`--repeats` samples, 9 by default; `--span` turns up to
each, 4 by default: a longer span evens out what one question costs), the turns' samples
taken in turn, so a step's growth with the session's length is seen in one run
whatever the load does meanwhile; `--only NAME[,NAME]` walks only those
strategies (`--only hybrid --questions distinct`: recall's hard case), and
`--recall-window N[,N]` walks hybrid with each of those windows in turn (`recall_window`:
the newest turns its recall reads), in the same run.

    python benchmarks/bench_walk.py [--sizes 1000,5000] [--skip facts] [--questions distinct]
    python benchmarks/bench_walk.py --steps-at 10,1000,10000 --only hybrid --questions distinct
    python benchmarks/bench_walk.py --steps-at 10,2000,10000 --only hybrid --questions distinct \
        --recall-window 500,1000,2000
"""

from __future__ import annotations

import argparse
import dataclasses
import gc
import json
import os
import random
import shutil
import statistics
import sys
import time
from pathlib import Path

from bench_common import emit, isolated_env, scratch_dir, use_env

HERE = Path(__file__).resolve().parent
REPEATS = 5


def _cpu() -> float:
    return time.process_time()


def open_compared(store, engine, strategies_of, name: str) -> tuple[float, object, object]:
    """Open `name`, compare every strategy as the app's worker does; (CPU seconds, live
    session, comparison). The opening itself (read, replay) is not counted."""
    from fincoach_tui.service.cost_comparison import CostComparison
    from fincoach_tui.service.runtime import open_session

    live = open_session(engine, store.open(name))
    comparison = CostComparison(live.coach, live.walk_cache())
    strategies = strategies_of(live.coach)
    gc.collect()
    before = _cpu()
    comparison.snapshot(strategies, context_window=None)
    return _cpu() - before, live, comparison


WINDOW = 4  # a fold cycle of summary's default batch: one turn in 4 folds


def per_turn(live, strategies, turn: int) -> dict[str, float]:
    """CPU of one turn's step for each strategy, walked from the turn before (a ledger walked
    that far first, not counted): `steps_at` at that turn alone, the median of REPEATS at
    each of the WINDOW turns up to `turn`, their mean, in milliseconds."""
    return steps_at(live, strategies, [turn], REPEATS)[str(turn)]


COMMON = ("monthly", "salary", "invest", "save", "plan", "tax", "loan", "rent")
MIDDLE = (
    "fd sip mutual fund emergency insurance term health gold equity debt ppf nps elss "
    "retirement child education home car credit card bonus gratuity hra epf budget"
).split()


def distinct_question(turn: int) -> str:
    """A question of its own for `turn`: 1-3 common words, 0-2 of the middle band, 1-2
    rare ones (of 3,000), the turn's number; one in seven asks an earlier
    turn's question again, word for word (recall's ties)."""
    rng = random.Random(turn)
    if turn > 20 and rng.random() < 1 / 7:
        return distinct_question(rng.randrange(11, turn))
    said = rng.sample(COMMON, rng.randint(1, 3)) + rng.sample(MIDDLE, rng.randint(0, 2))
    said += [f"plan{rng.randrange(3000)}x" for _ in range(rng.randint(1, 2))]
    rng.shuffle(said)
    return f"What about {' '.join(said)}? (turn {turn})"


def distinct_questions(path: Path, after: int) -> None:
    """Give every user message after turn `after` of the session at `path` its own question."""
    lines = path.read_text(encoding="utf-8").splitlines()
    with path.open("w", encoding="utf-8") as out:
        for line in lines:
            event = json.loads(line)
            message = event.get("message") if event.get("type") == "message" else None
            if message and message["role"] == "user" and message["turn"] > after:
                message["content"] = distinct_question(message["turn"])
                line = json.dumps(event, ensure_ascii=False, separators=(",", ":"))
            out.write(line + "\n")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sizes", default="1000,5000")
    parser.add_argument("--skip", default="")
    parser.add_argument("--questions", choices=("demo", "distinct"), default="demo")
    parser.add_argument("--steps-at", default="", help="only a step's CPU, at these turns")
    parser.add_argument("--only", default="", help="walk only these strategies")
    parser.add_argument("--recall-window", default="", help="hybrid's windows, each walked")
    parser.add_argument("--repeats", type=int, default=9, help="--steps-at: samples a step")
    parser.add_argument(
        "--span", type=int, default=WINDOW, help="--steps-at: turns up to each, averaged"
    )
    args = parser.parse_args(argv)
    if args.steps_at:
        return steps_main(args)
    sizes = [int(n) for n in args.sizes.split(",")]
    skip = {s for s in args.skip.split(",") if s}
    root = scratch_dir("walk")
    env = isolated_env(root)
    use_env(env)
    sessions = root / "data" / "sessions"
    sessions.mkdir(parents=True)
    out: dict = {
        "benchmark": "walk",
        "skipped": sorted(skip),
        "sizes": sizes,
        "questions": args.questions,
        "load_at_start": [round(v, 2) for v in os.getloadavg()],
    }
    try:
        from session_gen import fast_session

        from fincoach_tui.service.cost_comparison import comparison_strategies
        from fincoach_tui.service.runtime import Overrides, build_engine, open_session, resolve
        from fincoach_tui.settings.config import Config
        from fincoach_tui.store.sessions import SessionStore

        config = Config()
        engine = build_engine(config, resolve(config, Overrides(), {}))
        store = SessionStore(sessions)

        def everything(coach):
            return comparison_strategies(coach.strategy, config.params_for)

        def strategies_of(coach):
            return [s for s in everything(coach) if s.name not in skip]

        for n in sizes:
            fast_session(sessions / f"turns-{n}.jsonl", n)
            if args.questions == "distinct":
                distinct_questions(sessions / f"turns-{n}.jsonl", 10)
            row: dict = {}
            for label in ("cold", "warm"):
                cpu, live, comparison = open_compared(store, engine, strategies_of, f"turns-{n}")
                row[f"{label}_cpu_s"] = round(cpu, 3)
                comparison.close()  # keeps the walk beside the session, as leaving it does
                live.close()
            live = open_session(engine, store.open(f"turns-{n}"))  # per turn: walks anew
            walked = strategies_of(live.coach)
            row["turn_10_ms"] = per_turn(live, walked, 10)
            row[f"turn_{n}_ms"] = per_turn(live, walked, n)
            for name in skip:  # measured alone: a fresh walk of it at the last turn
                alone = [s for s in everything(live.coach) if s.name == name]
                if alone:
                    row["turn_10_ms"].update(per_turn(live, alone, 10))
                    row[f"turn_{n}_ms"][name] = _alone_at(live, alone, n)
            live.close()
            row["ratios"] = {
                "warm_over_cold": round(row["warm_cpu_s"] / row["cold_cpu_s"], 3),
                **{
                    f"turn_{n}_over_turn_10_{name}": round(
                        ms / max(row["turn_10_ms"][name], 1e-6), 2
                    )
                    for name, ms in row[f"turn_{n}_ms"].items()
                },
            }
            out[str(n)] = row
    finally:
        shutil.rmtree(root, ignore_errors=True)
    out["load_at_end"] = [round(v, 2) for v in os.getloadavg()]
    emit(out)
    return 0


def steps_at(
    live, strategies, turns: list[int], repeats: int, span: int = WINDOW
) -> dict[str, dict[str, float]]:
    """Each strategy's step (ms of CPU: at each of the `span` turns up to a turn, the median
    of `repeats`; their mean) at each of `turns`. Each turn has its own walk up to it (not
    counted), and the samples of every turn are taken in turn, round after round, so that a
    change of the machine's load while they are taken falls on all of them alike."""
    from fincoach_tui.domain.conversation import Message
    from fincoach_tui.domain.counterfactual import CounterfactualLedger, Walker

    coach = live.coach
    state = coach.state
    template = coach.view(Message("template", "user", "", 0.0, 0))
    messages = state.transcript.messages
    chat = {r.turn: r for r in state.records if r.kind == "chat"}
    ledgers = {}
    for turn in turns:
        ledgers[turn] = CounterfactualLedger(coach.count_context, coach.count_text)
        if turn > span:
            ledgers[turn].update(state, strategies, template, limit=turn - span)
    samples: dict[int, dict[str, list[float]]] = {
        t: {s.name: [] for s in strategies} for t in turns
    }
    for k in range(span):
        times: dict[tuple[int, str], list[float]] = {}
        for _ in range(repeats):
            for turn in turns:
                at = turn - span + 1 + k
                if at < 1:
                    continue
                ledger = ledgers[turn]
                history, new = tuple(messages[: 2 * (at - 1)]), messages[2 * (at - 1)]
                for strategy in strategies:
                    walker = ledger.fork(strategy) or Walker(strategy)
                    before = _cpu()
                    ledger.step(walker, template, history, new, 0, chat.get(at))
                    times.setdefault((turn, strategy.name), []).append(_cpu() - before)
        for (turn, name), values in times.items():
            samples[turn][name].append(statistics.median(values))
        for turn in turns:
            if turn - span + 1 + k >= 1:
                ledgers[turn].update(state, strategies, template, limit=1)
    return {
        str(t): {n: round(statistics.mean(v) * 1000, 3) for n, v in by_name.items()}
        for t, by_name in samples.items()
    }


def steps_main(args: argparse.Namespace) -> int:
    """`--steps-at`: a step's CPU at each turn asked, in one session as long as the last."""
    turns = sorted(int(n) for n in args.steps_at.split(","))
    only = {s for s in args.only.split(",") if s}
    root = scratch_dir("walk")
    use_env(isolated_env(root))
    sessions = root / "data" / "sessions"
    sessions.mkdir(parents=True)
    n = turns[-1]
    out: dict = {
        "benchmark": "walk-steps",
        "turns": turns,
        "only": sorted(only),
        "questions": args.questions,
        "load_at_start": [round(v, 2) for v in os.getloadavg()],
    }
    try:
        from session_gen import fast_session

        from fincoach_tui.service.cost_comparison import comparison_strategies
        from fincoach_tui.service.runtime import Overrides, build_engine, open_session, resolve
        from fincoach_tui.settings.config import Config
        from fincoach_tui.store.sessions import SessionStore

        config = Config()
        engine = build_engine(config, resolve(config, Overrides(), {}))
        store = SessionStore(sessions)
        fast_session(sessions / f"turns-{n}.jsonl", n)
        if args.questions == "distinct":
            distinct_questions(sessions / f"turns-{n}.jsonl", 10)
        live = open_session(engine, store.open(f"turns-{n}"))
        walked = [
            s
            for s in comparison_strategies(live.coach.strategy, config.params_for)
            if not only or s.name in only
        ]
        windows = [int(w) for w in args.recall_window.split(",") if w]
        for window in windows or [None]:
            label = "step_ms" if window is None else f"step_ms_window_{window}"
            chosen = [
                dataclasses.replace(s, recall_window=window)
                if window is not None and s.name == "hybrid"
                else s
                for s in walked
            ]
            out[label] = steps_at(live, chosen, turns, args.repeats, args.span)
            base = out[label][str(turns[0])]
            out[label.replace("step_ms", "ratios")] = {
                f"turn_{t}_over_turn_{turns[0]}_{name}": round(ms / max(base[name], 1e-6), 2)
                for t in turns[1:]
                for name, ms in out[label][str(t)].items()
            }
        live.close()
    finally:
        shutil.rmtree(root, ignore_errors=True)
    out["load_at_end"] = [round(v, 2) for v in os.getloadavg()]
    emit(out)
    return 0


def _alone_at(live, strategies, turn: int) -> float:
    """One strategy's step at `turn` from a fresh walk (for one that keeps no state between
    turns but its upkeep marks, as `facts`): median of REPEATS, in milliseconds."""
    from fincoach_tui.domain.conversation import Message
    from fincoach_tui.domain.counterfactual import CounterfactualLedger, Walker

    coach = live.coach
    messages = coach.state.transcript.messages
    template = coach.view(Message("template", "user", "", 0.0, 0))
    ledger = CounterfactualLedger(coach.count_context, coach.count_text)
    history, new = messages[: 2 * (turn - 1)], messages[2 * (turn - 1)]
    samples = []
    for _ in range(REPEATS):
        before = _cpu()
        ledger.step(Walker(strategies[0]), template, history, new, 0)
        samples.append(_cpu() - before)
    return round(statistics.median(samples) * 1000, 3)


if __name__ == "__main__":
    sys.path.insert(0, str(HERE))
    use_env(dict(os.environ))
    raise SystemExit(main())
