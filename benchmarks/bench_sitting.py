"""One sitting: 200 turns played in one running app, turn 10 against turn 200 (issue 17).

A fresh process runs the app headless (Textual's run_test, 120x40) on the offline coach
and plays `--turns` turns in one sitting, never reopening the session. Each turn's cost is
the process's CPU time (every thread: the turn, rendering, the panel, the every-strategy
comparison's worker) from submitting it until the app is idle again. Then, in the same
process, a minimal Textual chat (minimal_chat.py) shows the very same texts turn by turn,
doing the same mounts (question and reply; the oldest unmounted beyond the chat's bound)
and refreshing the screen once per turn; its CPU per turn is Textual's own floor here.

Turn N is the median of turns N-2 .. N+2. Reported as ratios measured in the same run:
turn 200 / turn 10 for each side, and FinCoach's turn / the minimal chat's turn. Also per
turn: how many times the screen was composed (`Screen._compositor_refresh`) and laid out
(`Screen._refresh_layout`), the counts Textual's own devtools show as "refresh" / "layout".

Replies stream with no delay (`offline_chunk_delay=0`), so a turn is CPU only;
`--reply-tokens` sets the offline coach's reply length (both sides get the same text).

    python benchmarks/bench_sitting.py [--turns 205] [--reply-tokens 80]
"""

from __future__ import annotations

import argparse
import asyncio
import os
import shutil
import sys
import time
from pathlib import Path

from bench_common import emit, isolated_env, median, ms, scratch_dir, use_env

HERE = Path(__file__).resolve().parent
SIZE = (120, 40)


class Counts:
    """How often any screen is composed and laid out (class-level wrappers)."""

    def __init__(self) -> None:
        from textual.screen import Screen

        self.refreshes = 0
        self.layouts = 0
        refresh, layout = Screen._compositor_refresh, Screen._refresh_layout

        def counted_refresh(screen, *args, **kwargs):
            self.refreshes += 1
            return refresh(screen, *args, **kwargs)

        def counted_layout(screen, *args, **kwargs):
            if not kwargs.get("scroll") and not (len(args) > 1 and args[1]):
                self.layouts += 1  # a full reflow, not a scroll's
            return layout(screen, *args, **kwargs)

        Screen._compositor_refresh = counted_refresh  # type: ignore[method-assign]
        Screen._refresh_layout = counted_layout  # type: ignore[method-assign]

    def take(self) -> tuple[int, int]:
        taken = (self.refreshes, self.layouts)
        self.refreshes = self.layouts = 0
        return taken


async def idle(app, pilot) -> None:
    """The turn and everything it set off (the comparison's worker) done, screen settled."""
    for _ in range(3):
        await app.workers.wait_for_complete()
        await pilot.pause()


async def fincoach_sitting(turns: int, counts: Counts, reply_tokens: int | None) -> dict:
    from fincoach_tui.llm.providers import resolve_provider
    from fincoach_tui.settings import paths
    from fincoach_tui.settings.config import Config
    from fincoach_tui.store.sessions import SessionStore
    from fincoach_tui.ui.app import FinCoachApp

    store = SessionStore(paths.sessions_dir())
    settings = resolve_provider(provider="offline", model=None, base_url=None,
                                api_key_env=None, environ={})  # fmt: skip
    app = FinCoachApp(config=Config(), settings=settings, store=store, file=store.open("sit"),
                      config_path=paths.config_path(), offline_chunk_delay=0.0)  # fmt: skip
    cpu: list[float] = []
    refreshes: list[int] = []
    layouts: list[int] = []
    async with app.run_test(size=SIZE) as pilot:
        while app.live is None:
            assert not app.exit_message, app.exit_message
            await idle(app, pilot)
        await idle(app, pilot)
        if reply_tokens is not None:
            app.engine.llm.reply_tokens = reply_tokens
        for turn in range(1, turns + 1):
            counts.take()
            before = time.process_time()
            app.submit(f"My SIP is {turn},000 a month and my rent 25k. (turn {turn})")
            await idle(app, pilot)
            cpu.append(time.process_time() - before)
            r, lay = counts.take()
            refreshes.append(r)
            layouts.append(lay)
        messages = app.live.state.transcript.messages
        texts = [(q.content, a.content) for q, a in zip(messages[0::2], messages[1::2])]
        return {"cpu": cpu, "refreshes": refreshes, "layouts": layouts, "texts": texts,
                "mounted": app.chat.mounted_messages}  # fmt: skip


async def minimal_sitting(texts: list[tuple[str, str]], counts: Counts) -> dict:
    from minimal_chat import MinimalChat

    from fincoach_tui.ui.chat import BOUND

    app = MinimalChat(bound=BOUND)
    cpu: list[float] = []
    refreshes: list[int] = []
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        for turn, (question, reply) in enumerate(texts, start=1):
            counts.take()
            before = time.process_time()
            await app.show_turn(question, reply, turn)
            await pilot.pause()
            cpu.append(time.process_time() - before)
            refreshes.append(counts.take()[0])
    return {"cpu": cpu, "refreshes": refreshes}


def at(series: list[float], turn: int) -> float:
    return median(series[turn - 3 : turn + 2])  # turns turn-2 .. turn+2


async def sitting(turns: int, reply_tokens: int | None = None) -> dict:
    counts = Counts()
    app = await fincoach_sitting(turns, counts, reply_tokens)
    floor = await minimal_sitting(app["texts"], counts)
    last = min(200, turns - 2)
    t10, tn = at(app["cpu"], 10), at(app["cpu"], last)
    m10, mn = at(floor["cpu"], 10), at(floor["cpu"], last)
    return {
        "benchmark": "sitting",
        "turns": turns,
        "last": last,
        "mounted_after": app["mounted"],
        "load_avg": [round(x, 2) for x in os.getloadavg()],
        "turn_10_cpu_ms": ms(t10),
        "turn_last_cpu_ms": ms(tn),
        "minimal_turn_10_cpu_ms": ms(m10),
        "minimal_turn_last_cpu_ms": ms(mn),
        "growth": round(tn / t10, 2),  # FinCoach: turn `last` / turn 10
        "minimal_growth": round(mn / m10, 2),
        "over_minimal_10": round(t10 / m10, 2),
        "over_minimal_last": round(tn / mn, 2),
        "refreshes_per_turn": [
            median(app["refreshes"][7:12]),
            median(app["refreshes"][last - 3 : last + 2]),
        ],  # fmt: skip
        "layouts_per_turn": [
            median(app["layouts"][7:12]),
            median(app["layouts"][last - 3 : last + 2]),
        ],  # fmt: skip
        "minimal_refreshes_per_turn": median(floor["refreshes"]),
    }


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--turns", type=int, default=205)
    parser.add_argument("--reply-tokens", type=int, default=None, help="offline reply length")
    args = parser.parse_args(argv)
    if args.turns < 14:
        parser.error("--turns must be at least 14 (turn 10 is the median of turns 8-12)")
    root = scratch_dir("sitting")
    use_env(isolated_env(root))
    try:
        emit(asyncio.run(sitting(args.turns, args.reply_tokens)))
    finally:
        shutil.rmtree(root, ignore_errors=True)
    return 0


if __name__ == "__main__":
    sys.path.insert(0, str(HERE))
    raise SystemExit(main())
