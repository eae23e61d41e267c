"""Pricing the conversation on the `[compare] models` runs in the comparison's worker
thread: while it is held, the event loop goes on (keys are typed into the composer), and
once it is let go the panel gets the models' figures."""

from __future__ import annotations

import asyncio
import threading

import fincoach_tui.ui.live_comparison as live_comparison
from fincoach_tui.settings.config import Config
from tests.app_harness import make_app, wait_until


async def test_held_model_pricing_never_holds_the_event_loop(tmp_path, monkeypatch):
    entered, gate = threading.Event(), threading.Event()
    threads: list[threading.Thread] = []
    priced: list[tuple] = []
    real = live_comparison.on_models

    def held(*args, **kwargs):
        threads.append(threading.current_thread())
        entered.set()
        assert gate.wait(30), "the test never let the pricing go"
        rows = real(*args, **kwargs)
        priced.append(rows)
        return rows

    monkeypatch.setattr(live_comparison, "on_models", held)
    app = make_app(tmp_path, config=Config(compare_models=["gpt-4o"]))
    async with app.run_test(size=(120, 40)) as pilot:
        # Not `started`: it waits for every worker, and the comparison that follows the
        # session's opening prices the held model too.
        await wait_until(pilot, lambda: app.live is not None or app.exit_message)
        assert app.live is not None, app.exit_message
        app.composer.text = "My rent is 25000."
        app.composer.focus()
        await pilot.press("enter")  # not `say`: it waits for every worker, this one held
        # The pricing has begun, and is held, in a thread other than the loop's.
        assert await asyncio.to_thread(entered.wait, 30)
        assert threads and all(t is not threading.main_thread() for t in threads)
        await pilot.press("o", "k")  # the loop handles keys meanwhile
        await wait_until(pilot, lambda: app.composer.text == "ok")
        assert not priced  # still held
        gate.set()
        await wait_until(pilot, lambda: bool(priced))
        rows, _cheapest = priced[-1]
        assert [row.spec for row in rows] == ["gpt-4o"]
