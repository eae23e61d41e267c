"""Keeps the panel's every-strategy numbers, and the cost of the message being typed, current.

Kept out of the App class like the turn runner. The numbers come from `CostComparison`
(beside the coach: it counts through the coach's cached counter); this only decides when
to ask. One `CostComparison` lives as long as the session is on screen and keeps every
strategy's walk: after a turn only that turn is walked, and only another session starts
from nothing (the whole session, in slices). Either runs on the event loop in slices of a
few ms, one run at a time: a refresh asked for meanwhile is folded into a single next run.
The quote for the draft is cheap (one request built), waits for typing to pause, and is
shown under the composer (its border subtitle), not in the activity line, where it would
cover an error the user still has to read.
"""

from __future__ import annotations

import asyncio
import time
from collections.abc import Callable, Coroutine
from typing import TYPE_CHECKING, Any, Protocol

from textual.css.query import NoMatches

from fincoach_tui.service.cost_comparison import (
    ComparisonSnapshot,
    CostComparison,
    Superseded,
    comparison_strategies,
)
from fincoach_tui.ui import format as fmt
from fincoach_tui.ui import heap
from fincoach_tui.ui.composer import Composer
from fincoach_tui.ui.side_panel import SidePanel

if TYPE_CHECKING:
    from textual.notifications import SeverityLevel
    from textual.screen import Screen
    from textual.timer import Timer

    from fincoach_tui.domain.planner import PlanInputs
    from fincoach_tui.service.runtime import Engine, LiveSession
    from fincoach_tui.service.sessions import Config

QUOTE_DELAY_S = 0.3
SLICE_S = 0.005  # longest the comparison holds the event loop before a keypress may run


class ComparisonHost(Protocol):
    """What the comparison reads from the app: the session on screen and its settings,
    and the few App calls it makes (the app, not imported here: it imports this module)."""

    live: LiveSession | None
    engine: Engine | None
    config: Config

    @property
    def screen_stack(self) -> list[Screen[Any]]: ...

    def call_after_refresh(self, callback: Callable[[], object]) -> bool: ...

    def run_worker(
        self,
        work: Coroutine[Any, Any, None],
        *,
        group: str = ...,
        exclusive: bool = ...,
        exit_on_error: bool = ...,
    ) -> object: ...

    def notify(
        self, message: str, *, severity: SeverityLevel = ..., markup: bool = ...
    ) -> None: ...

    def set_timer(self, delay: float, callback: Callable[[], object]) -> Timer: ...


class LiveComparison:
    def __init__(self, app: ComparisonHost) -> None:
        self.app = app
        self._comparison: CostComparison | None = None
        self._timer: Timer | None = None
        self._running: CostComparison | None = None  # whose snapshot a worker is computing
        self._again = False  # a refresh came while it was
        self._settled = False  # the heap settled since this session's first snapshot
        self.last_quote = ""  # the quote last shown under the composer ("" when none)

    def _main(self, widget: type):
        """A widget of the main screen, even while a dialog is on top; None while closing."""
        try:
            return self.app.screen_stack[0].query_one(widget)
        except (NoMatches, IndexError):
            return None

    def current(self) -> CostComparison | None:
        """The comparison of the session on screen (a new one when the session changed)."""
        live = self.app.live
        if live is None:
            self._comparison = None
        elif self._comparison is None or self._comparison.coach is not live.coach:
            if self._comparison is not None:
                self._comparison.close()  # its snapshot, if one is under way, is not wanted now
            self._comparison = CostComparison(live.coach)  # the panel forgot the last one's numbers
            self._settled = False
        return self._comparison

    # ---- every strategy ------------------------------------------------------------
    def refresh(self) -> None:
        comparison = self.current()
        if comparison is None or self.app.engine is None:
            return
        if self._running is comparison:
            self._again = True  # the run under way picks the newest state up once more
            return
        self._running, self._again = comparison, False
        shown = asyncio.Event()
        self.app.call_after_refresh(shown.set)
        # Exclusive: a run still under way for a session that was left is cancelled, not
        # waited for (one for this session is never cancelled: it picks the refresh up).
        self.app.run_worker(
            self._compute(comparison, shown),
            group="comparison",
            exclusive=True,
            exit_on_error=False,
        )

    async def _compute(self, comparison: CostComparison, shown: asyncio.Event) -> None:
        """Walk and price on the event loop, handing it back every SLICE_S, from the moment
        the screen shows the turn or session this follows.

        Not a thread: a thread holding the interpreter for whole slices makes the event
        loop wait for it after every poll, so opening a long session took seconds longer
        while the walk ran beside it. Here the interface runs between two slices, and no
        lock is needed around the coach's state."""
        app = self.app
        try:
            await shown.wait()
            while True:
                snapshot = None
                try:
                    strategies = comparison_strategies(
                        comparison.coach.strategy, app.config.params_for
                    )
                    window = app.engine.context_window if app.engine is not None else None
                    handed_back = time.perf_counter()
                    for snapshot in comparison.snapshot_steps(strategies, context_window=window):  # noqa: B007 - the last step is kept
                        if time.perf_counter() - handed_back > SLICE_S:
                            await asyncio.sleep(0)
                            handed_back = time.perf_counter()
                except Superseded:
                    return
                except Exception as exc:  # noqa: BLE001 - the chat goes on without the comparison
                    app.notify(
                        f"cost comparison unavailable: {exc}", severity="warning", markup=False
                    )
                    snapshot = None
                if not self._show(comparison, snapshot):
                    return
        finally:
            if (
                self._running is comparison
            ):  # ended early (an error, a cancellation): the next may start
                self._running = None

    def _show(self, comparison: CostComparison, snapshot: ComparisonSnapshot | None) -> bool:
        """Show `snapshot` if still the session on screen; True: compute again (a refresh
        came meanwhile)."""
        side = self._main(SidePanel)
        if snapshot is not None and comparison is self._comparison and side is not None:
            side.show_costs(snapshot)
            if not self._settled:  # the session's first walk is done: it is all in memory
                self._settled = True
                heap.settle_session()
        if self._running is not comparison:  # another session's run owns the flags now
            return False
        again, self._again = self._again and comparison is self._comparison, False
        if not again:
            self._running = None
        return again

    def plan_inputs(self) -> PlanInputs | None:
        comparison = self.current()
        if comparison is None:
            return None
        return comparison.plan_inputs(
            comparison_strategies(comparison.coach.strategy, self.app.config.params_for)
        )

    # ---- the draft's cost, before sending ------------------------------------------
    def draft_changed(self, text: str) -> None:
        if self._timer is not None:
            self._timer.stop()
        self._timer = self.app.set_timer(QUOTE_DELAY_S, lambda: self.quote(text))

    def quote(self, text: str) -> str:
        """Show under the composer what sending `text` now would cost; "" if nothing to say."""
        comparison = self.current()
        line = ""
        if comparison is not None and not comparison.coach.busy and text.strip():
            quote = comparison.quote(text)
            line = (
                f"next: {len(quote.request.sent)} msgs · ≈{fmt.tokens(quote.prompt_tokens)} tok in"
                f" + ≈{fmt.tokens(quote.completion_tokens)} out · ≈{fmt.usd(quote.cost)}"
                f" · {quote.request.context.strategy}"
            )
        composer = self._main(Composer)
        if composer is not None:
            self.last_quote = line
            composer.border_subtitle = line
        return line
