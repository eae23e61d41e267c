"""The test helper that waits for the app's state: generous, and clear when it gives up."""

from __future__ import annotations

import pytest

from tests.app_harness import WAIT_TIMEOUT_S, wait_until


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
