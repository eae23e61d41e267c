"""A long session in the app: open it, take turns at turn 10 and at turn 1,000, switch strategy.

The app runs headless (Textual's run_test, 120x40) on the offline coach with no streaming
delay. Sessions are generated with the real coach and event constructors (see
bench_common.generate_session). What is timed:

- open: switching the running app to the N-turn session: lock and read the file, replay it,
  build the coach, mount the chat's newest page and refresh the side panel, until that frame
  is on the terminal (see `Frames`). Also timed alone: reading + parsing, and replay + coach.
  What follows (every strategy's cost, computed on the event loop in slices) is timed apart.
- per-turn local overhead: from submitting a message, minus the time spent inside the model
  (the offline coach's own generator), until the reply is on the terminal ("shown") and
  until the app is idle again ("local": everything the turn costs, the every-strategy
  comparison that follows it included). What is left is strategy, counting, persistence
  (write + fsync), the coach's bookkeeping, the comparison and rendering. Measured on fresh
  copies of a 9-turn and an (N-1)-turn session, so every sample is exactly turn 10 or turn N,
  the two taken in turns (10, N, 10, N, ...) so that the machine's load weighs on both alike.
  The same turn in a minimal Textual chat (`minimal_chat.py`) is timed too: Textual's floor.
- session switch: from a 9-turn session to another, to and from the N-turn one, until
  shown and until idle, and the full collections' share (switch_costs.py).
- strategy switch: `_apply_strategy` at turn N (event written, config saved, panel refreshed)
  until the next frame is on the terminal.

    python benchmarks/bench_session.py [--turns 1000] [--strategy window] [--samples 9]
                                       [--only switch]
"""

from __future__ import annotations

import argparse
import asyncio
import os
import shutil
import time
from pathlib import Path

from bench_common import (
    emit,
    generate_in_subprocess,
    isolated_env,
    median,
    ms,
    peak_rss_mb,
    scratch_dir,
    use_env,
)
from switch_costs import switch_costs

SIZE = (120, 40)


class TimedModel:
    """Wraps the model so its own time can be subtracted.

    The whole reply is produced first (timed: that is the model), then replayed as the same
    events without yielding to the event loop in between: otherwise the interface's own
    work, which runs whenever the model awaits, would be booked as model time."""

    def __init__(self, inner) -> None:
        import types

        from fincoach_tui.llm import offline

        async def no_wait(_seconds: float) -> None:
            return None  # returns at once, never yields to the event loop

        # The offline coach awaits asyncio.sleep(0) between words, which lets the event
        # loop run the interface inside the model's time; here it does not.
        offline.asyncio = types.SimpleNamespace(sleep=no_wait)
        self.inner = inner
        self.provider = inner.provider
        self.simulated = inner.simulated
        self.spent = 0.0  # wall seconds inside the model
        self.spent_cpu = 0.0  # CPU seconds inside the model (this thread)

    def __getattr__(self, name):
        return getattr(self.inner, name)

    async def stream(self, messages, **kwargs):
        started, cpu = time.perf_counter(), time.thread_time()
        events = [event async for event in self.inner.stream(messages, **kwargs)]
        self.spent += time.perf_counter() - started
        self.spent_cpu += time.thread_time() - cpu
        for event in events:
            yield event


async def workers_done(app, group: str | None = None) -> None:
    """Wait for the workers of `group` (all if None) to finish."""
    while True:
        pending = [
            w for w in app.workers if not w.is_finished and (group is None or w.group == group)
        ]
        if not pending:
            return
        for worker in pending:
            await worker.wait()


async def settle(app, pilot, group: str | None = None) -> None:
    """Wait for the workers of `group` (all if None), then for the app to be idle."""
    await workers_done(app, group)
    await pilot.pause()


class Frames:
    """When the app put each frame on its terminal. Headless, Textual still composes every
    frame in full and only then finds no terminal to write it to: the time it hands a frame
    over is when a user would see it."""

    def __init__(self, app) -> None:
        self.times: list[float] = []
        display = app._display

        def timed(screen, renderable) -> None:
            if renderable is not None:
                self.times.append(time.perf_counter())
            display(screen, renderable)

        app._display = timed

    async def first_after(self, moment: float) -> float:
        while not (self.times and self.times[-1] >= moment):
            await asyncio.sleep(0.0005)
        return next(t for t in self.times if t >= moment)


FRAMES: dict = {}  # app -> its Frames


def copy_to_disk(source: Path, target: Path) -> None:
    """Copy a session and flush the copy: otherwise the timed turn's first fsync would also
    write the whole copy (4 MB at 1,000 turns), which a session saved earlier never costs.
    `os.sync` too: the file system's journal may still be committing the copy's blocks,
    and the turn's fsync would wait for that."""
    shutil.copyfile(source, target)
    with open(target, "rb+") as copy:
        os.fsync(copy.fileno())
    os.sync()


async def switch_to(app, pilot, name: str) -> tuple[float, float]:
    """Open session `name`: seconds until its first frame is on the terminal, and seconds
    from then until the app is idle (every strategy's cost, computed on the event loop in
    slices, the interface taking its turn between them)."""
    started = time.perf_counter()
    app.switch_to(name)
    await workers_done(app, "open")
    shown = await FRAMES[app].first_after(time.perf_counter())
    elapsed = shown - started
    await settle(app, pilot)
    assert app.live is not None and app.live.name == name, app.exit_message
    return elapsed, time.perf_counter() - shown


async def one_turn(app, pilot, model: TimedModel, text: str) -> dict[str, float]:
    """One turn, model time subtracted: until its reply is on the terminal ("shown"), and
    until the app is idle again ("local": everything the turn costs, the comparison of
    every strategy included, which runs on the event loop after the turn is shown)."""
    before, before_cpu = model.spent, model.spent_cpu
    started, cpu = time.perf_counter(), time.thread_time()
    app.turns.submit(text)
    await workers_done(app, "turn")
    shown = await FRAMES[app].first_after(time.perf_counter())
    await settle(app, pilot)
    wall, cpu = time.perf_counter() - started, time.thread_time() - cpu
    model_wall, model_cpu = model.spent - before, model.spent_cpu - before_cpu
    return {"local": wall - model_wall, "local_cpu": cpu - model_cpu, "model": model_wall,
            "shown": shown - started - model_wall, "background": wall - (shown - started)}  # fmt: skip


async def core_turn(engine, store, source: str, name: str, text: str) -> dict[str, float]:
    """The same turn without the interface: strategy, counting, the coach's bookkeeping and
    persistence (write + fsync) on a fresh copy of `source`; model time subtracted."""
    from fincoach_tui.service.runtime import open_session

    copy_to_disk(store.path_for(source), store.path_for(name))
    live = open_session(engine, store.open(name))
    model = engine.llm
    before, before_cpu = model.spent, model.spent_cpu
    try:
        started, cpu = time.perf_counter(), time.thread_time()
        async for _ in live.coach.turn(text):
            pass
        wall, cpu = time.perf_counter() - started, time.thread_time() - cpu
    finally:
        live.close()
        store.delete(name)
    return {"core": wall - (model.spent - before), "core_cpu": cpu - (model.spent_cpu - before_cpu)}


async def minimal_chat_turns(messages, samples: int) -> dict[str, float]:
    """Textual's own floor for showing a turn: `minimal_chat.MinimalChat` with the chat's
    page of `messages` already mounted, then `samples` turns (question and reply from the
    same messages), each timed until the screen has been refreshed."""
    from minimal_chat import MinimalChat

    from fincoach_tui.ui.chat import PAGE

    app = MinimalChat()
    frames = Frames(app)
    walls, cpus, shown = [], [], []
    async with app.run_test(size=SIZE) as pilot:
        texts = [m.content for m in messages]
        pairs = list(zip(texts[0::2], texts[1::2]))  # (question, reply) of each turn
        for i, (question, reply) in enumerate(pairs[-PAGE // 2 :]):
            await app.show_turn(question, reply, i)
        await pilot.pause()
        pairs = pairs[-samples:]
        for i, (question, reply) in enumerate(pairs):
            started, cpu = time.perf_counter(), time.thread_time()
            await app.show_turn(question, reply, 1000 + i)
            frame = await frames.first_after(time.perf_counter())
            await pilot.pause()
            if i:  # the first turn warms caches; not counted
                walls.append(time.perf_counter() - started)
                cpus.append(time.thread_time() - cpu)
                shown.append(frame - started)
    return {"ms": ms(median(walls)), "cpu_ms": ms(median(cpus)), "shown_ms": ms(median(shown))}


async def run(args, sessions: Path) -> dict:
    from fincoach_tui.llm.providers import resolve_provider
    from fincoach_tui.service.runtime import open_session
    from fincoach_tui.settings.config import Config
    from fincoach_tui.store.session_file import SessionFile
    from fincoach_tui.store.sessions import SessionStore
    from fincoach_tui.ui.app import FinCoachApp
    from fincoach_tui.ui.chat import MessageBox

    store = SessionStore(sessions)
    settings = resolve_provider(provider="offline", model=None, base_url=None,
                                api_key_env=None, environ={})  # fmt: skip
    app = FinCoachApp(config=Config(), settings=settings, store=store, file=store.open("start"),
                      config_path=sessions.parent.parent / "config" / "config.toml",
                      offline_chunk_delay=0.0)  # fmt: skip
    FRAMES[app] = Frames(app)
    n = args.turns
    out: dict = {}
    async with app.run_test(size=SIZE) as pilot:
        while app.live is None:
            await settle(app, pilot)
            assert not app.exit_message, app.exit_message
        model = TimedModel(app.engine.llm)
        app.engine.llm = model

        # --- opening the N-turn session ---------------------------------------------
        opens, background = [], []
        for _ in range(args.samples):
            shown, after = await switch_to(app, pilot, "long")
            opens.append(shown)
            background.append(after)
            assert app.live.state.transcript.completed_turns == n
            mounted = len(app.chat.query(MessageBox))
            await switch_to(app, pilot, "start")
        parse, rebuild = [], []
        for _ in range(args.samples):
            started = time.perf_counter()
            file = SessionFile.open(store.path_for("long"))
            parsed = time.perf_counter()
            live = open_session(app.engine, file)
            rebuilt = time.perf_counter()
            messages = live.state.transcript.messages  # the minimal chat shows the same texts
            live.close()
            parse.append(parsed - started)
            rebuild.append(rebuilt - parsed)
        out["open"] = {"turns": n, "ms": ms(median(opens)), "parse_ms": ms(median(parse)),
                       "replay_and_coach_ms": ms(median(rebuild)), "messages_mounted": mounted,
                       "background_compare_ms": ms(median(background)),
                       "file_mb": round(store.path_for("long").stat().st_size / 1e6, 2)}  # fmt: skip

        # --- switching sessions, with and without the N-turn one ---------------------
        out["switch"] = await switch_costs(app, pilot, switch_to, args.samples)
        if args.only == "switch":
            return out

        # --- one turn, at turn 10 and at turn N --------------------------------------
        # Interleaved, like the core below: the machine's load drifts over both alike.
        labels = {"turn_10": "short", f"turn_{n}": "long-1"}
        turns: dict[str, list[dict[str, float]]] = {label: [] for label in labels}
        expected: dict[str, int] = {}
        for i in range(args.samples + 1):
            for label, source in labels.items():
                name = f"{label}-{i}"
                copy_to_disk(store.path_for(source), store.path_for(name))
                await switch_to(app, pilot, name)
                expected[label] = app.live.coach.next_turn
                sample = await one_turn(
                    app, pilot, model, f"My SIP is ₹{5 + i},000 a month. ({name})"
                )
                assert app.live.state.transcript.completed_turns == expected[label]
                if i:  # the first sample warms caches; not counted
                    turns[label].append(sample)
                await switch_to(app, pilot, "start")
                store.delete(name)
        for label, samples in turns.items():
            out[label] = {"turn": expected[label], **{
                f"{key}_ms": ms(median([s[key] for s in samples]))
                for key in ("local", "local_cpu", "shown", "model", "background")
            }, "local_all_ms": [ms(s["local"]) for s in samples]}  # fmt: skip
        # The core alone, turn 10 and turn N interleaved (the machine's load drifts over
        # both alike), three times as many samples: each is a few ms.
        core: dict[str, list[dict[str, float]]] = {"turn_10": [], f"turn_{n}": []}
        for i in range(3 * args.samples + 1):
            for label, source in (("turn_10", "short"), (f"turn_{n}", "long-1")):
                sample = await core_turn(
                    app.engine, store, source, f"core-{i}", f"My SIP is ₹{5 + i},000."
                )
                if i:  # the first sample warms caches; not counted
                    core[label].append(sample)
        for label, samples in core.items():
            out[label].update(
                {f"{key}_ms": ms(median([s[key] for s in samples])) for key in ("core", "core_cpu")}
            )
        out["per_turn_ratio"] = round(out[f"turn_{n}"]["local_ms"] / out["turn_10"]["local_ms"], 2)
        for key in ("local_cpu", "shown", "core", "core_cpu"):
            out[f"per_turn_{key}_ratio"] = round(
                out[f"turn_{n}"][f"{key}_ms"] / out["turn_10"][f"{key}_ms"], 2
            )

        # --- switching strategy at turn N --------------------------------------------
        await switch_to(app, pilot, "long")
        cycle = [("buffer", {}), ("window", {"k": 6}), ("budget", {"budget_tokens": 1500}),
                 ("summary", {"tail_turns": 3, "batch_turns": 4, "cap_tokens": 300})]  # fmt: skip
        switches = []
        for i in range(args.samples + 1):
            choice = cycle[i % len(cycle)]
            started = time.perf_counter()
            app._apply_strategy(choice)
            shown = await FRAMES[app].first_after(time.perf_counter())
            if i:
                switches.append(shown - started)
            await settle(app, pilot)
            assert app.live.coach.strategy.name == choice[0]
        out["strategy_switch"] = {"turns": n, "ms": ms(median(switches)),
                                  "all_ms": [ms(v) for v in switches]}  # fmt: skip
        await switch_to(app, pilot, "start")
    out["peak_rss_mb"] = peak_rss_mb()
    out["minimal_chat_turn"] = await minimal_chat_turns(messages, args.samples + 1)
    out["per_turn_over_minimal"] = round(
        out[f"turn_{n}"]["local_ms"] / out["minimal_chat_turn"]["ms"], 2
    )
    return out


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--turns", type=int, default=1000)
    parser.add_argument("--strategy", default="window", help="strategy the long session used")
    parser.add_argument("--samples", type=int, default=9)
    parser.add_argument("--only", choices=("all", "switch"), default="all",
                        help="switch: opening and switching only, no turns")  # fmt: skip
    args = parser.parse_args(argv)
    root = scratch_dir("session")
    env = isolated_env(root)
    sessions = root / "data" / "sessions"
    generated = {
        "long": generate_in_subprocess(sessions / "long.jsonl", args.turns, args.strategy, env),
        "long-1": generate_in_subprocess(
            sessions / "long-1.jsonl", args.turns - 1, args.strategy, env
        ),
        "short": generate_in_subprocess(sessions / "short.jsonl", 9, args.strategy, env),
    }
    use_env(env)
    try:
        result = asyncio.run(run(args, sessions))
    finally:
        shutil.rmtree(root, ignore_errors=True)
    result.update(benchmark="session", strategy=args.strategy, samples=args.samples,
                  generate_s=round(generated["long"]["seconds"], 1))  # fmt: skip
    emit(result)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
