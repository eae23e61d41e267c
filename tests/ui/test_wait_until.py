"""The test helpers that wait for the app: for its state (generous, and clear when it gives
up) and for its workers (a replaced exclusive worker counts as done)."""

from __future__ import annotations

import asyncio

import pytest
from textual.app import App
from textual.worker import Worker, WorkerCancelled, WorkerFailed, WorkerState

from tests.app_harness import WAIT_TIMEOUT_S, wait_until, workers_done


class Pilot:
    """Stands in for Textual's pilot: each pause lets the clock the helper reads move on."""

    def __init__(self) -> None:
        self.pauses = 0

    async def pause(self, delay: float | None = None) -> None:
        self.pauses += 1


async def test_it_returns_as_soon_as_the_condition_holds():
    pilot = Pilot()
    answers = iter([False, False, True])
    await wait_until(pilot, lambda: next(answers))
    assert pilot.pauses == 2


async def test_it_allows_thirty_seconds_and_names_the_condition_it_gave_up_on(monkeypatch):
    assert WAIT_TIMEOUT_S == 30.0
    now = [0.0]

    def clock() -> float:
        now[0] += 1.0  # each look at the clock: one second later
        return now[0]

    monkeypatch.setattr("tests.app_harness.time.monotonic", clock)
    pilot = Pilot()
    with pytest.raises(
        AssertionError, match=r"waited 30 s .* test_wait_until.py:\d+ is still false"
    ):
        await wait_until(pilot, lambda: False)
    assert pilot.pauses == 29  # polled until the 30 s were spent, not one poll more


class Queued(App[None]):
    """Two exclusive workers in one group, as two queued turns start two comparisons: the
    second replaces (cancels) the first. Each waits for the test to let it finish."""

    def __init__(self) -> None:
        super().__init__()
        self.go = asyncio.Event()
        self.finished: list[str] = []

    async def _work(self, name: str, fail: bool = False) -> None:
        await self.go.wait()
        if fail:
            raise ValueError(f"{name} failed")
        self.finished.append(name)

    def start(self, name: str, fail: bool = False) -> Worker[None]:
        return self.run_worker(
            self._work(name, fail), group="comparison", exclusive=True, exit_on_error=False
        )


async def test_a_worker_replaced_by_a_newer_exclusive_one_counts_as_done():
    app = Queued()
    async with app.run_test() as pilot:
        first = app.start("first")
        await pilot.pause()  # the first is under way when the second replaces it
        second = app.start("second")
        app.go.set()
        await workers_done(app)
        assert (first.state, second.state) == (WorkerState.CANCELLED, WorkerState.SUCCESS)
        assert app.finished == ["second"]

        # Textual's own wait raises for the cancelled one: the race `workers_done` closes.
        app.go.clear()
        app.start("third")
        await pilot.pause()
        app.start("fourth")
        app.go.set()
        with pytest.raises(WorkerCancelled):
            await app.workers.wait_for_complete()


async def test_a_worker_that_fails_is_raised():
    app = Queued()
    async with app.run_test():
        app.start("broken", fail=True)
        app.go.set()
        with pytest.raises(WorkerFailed, match="broken failed"):
            await workers_done(app)
