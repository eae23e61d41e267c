"""Keeps every strategy's cost on this session, and the cost of the draft, current.

A widget with nothing to draw: it is a Textual component so that its walk is a Textual
worker (`@work`) and what it finds is posted as Textual messages (`CostsCompared`,
`DraftQuoted`, ui/comparison_messages.py) that the app shows where they belong; it looks no
widget up. The numbers come from `CostComparison` (beside the coach: it counts through the
coach's cached counter); this only decides when to ask. One `CostComparison` lives as long
as the session is on screen and keeps every strategy's walk: after a turn only that turn is
walked, and only another session starts from nothing (the whole session, in slices). Either
runs on the event loop in slices of a few ms, one run at a time: a recompute asked for
meanwhile is folded into a single next run. The quote for the draft is cheap (one request
built) and waits for typing to pause.
"""

from __future__ import annotations

import asyncio
import time
from collections.abc import Callable
from typing import TYPE_CHECKING

from textual import work
from textual.widget import Widget

from fincoach_tui.service.cost_comparison import (
    CostComparison,
    Superseded,
    comparison_strategies,
)
from fincoach_tui.ui import format as fmt
from fincoach_tui.ui.comparison_messages import CostsCompared, DraftQuoted

if TYPE_CHECKING:
    from textual.timer import Timer

    from fincoach_tui.domain.planner import PlanInputs
    from fincoach_tui.service.coach import Coach

QUOTE_DELAY_S = 0.3
SLICE_S = 0.005  # longest the comparison holds the event loop before a keypress may run


class LiveComparison(Widget):
    """The cost comparison of the session the app says is on screen (`follow`)."""

    DEFAULT_CSS = "LiveComparison { display: none; }"

    def __init__(
        self, params_for: Callable[[str], dict[str, int]], *, id: str | None = None
    ) -> None:
        super().__init__(id=id)
        self._params_for = params_for  # a strategy's configured parameters, as they are now
        self._coach: Coach | None = None
        self._context_window: int | None = None
        self._comparison: CostComparison | None = None
        self._quote_timer: Timer | None = None
        self._computing: CostComparison | None = None  # whose snapshot a worker is computing
        self._again = False  # a recompute came while it was
        self._shown = asyncio.Event()  # set once the screen shows what it is computing for
        self._walked = False  # this session's first snapshot was posted
        self.last_quote = ""  # the quote last posted ("" when none)

    def follow(self, coach: Coach | None, *, context_window: int | None = None) -> None:
        """The session on screen is `coach`'s (None: none). Leaving one stops its walk."""
        if coach is not self._coach and self._quote_timer is not None:
            self._quote_timer.stop()  # a quote of the draft for the session left
            self._quote_timer, self.last_quote = None, ""
        self._coach, self._context_window = coach, context_window
        if self._comparison is not None and self._comparison.coach is not coach:
            self._comparison.close()  # its snapshot, if one is under way, is not wanted now
            self._comparison = None

    def current(self) -> CostComparison | None:
        """The comparison of the session on screen (a new one when the session changed)."""
        if self._coach is None:
            return None
        if self._comparison is None:
            self._comparison = CostComparison(self._coach)
            self._walked = False
        return self._comparison

    def _strategies(self, comparison: CostComparison):
        return comparison_strategies(comparison.coach.strategy, self._params_for)

    # ---- every strategy ------------------------------------------------------------
    def recompute(self) -> None:
        """Walk what the session gained since the last run, once the screen shows it."""
        comparison = self.current()
        if comparison is None:
            return
        if self._computing is comparison:
            self._again = True  # the run under way picks the newest state up once more
            return
        self._computing, self._again = comparison, False
        self._shown = asyncio.Event()
        self.app.call_after_refresh(self._shown.set)
        self._compare()

    # Exclusive: a run still under way for a session that was left is cancelled, not
    # waited for (one for this session is never started twice: it picks the recompute up).
    # No arguments: a finished worker keeps its method's arguments, and a comparison kept
    # there would keep a session that was left from being collected.
    @work(exclusive=True, group="comparison", exit_on_error=False)
    async def _compare(self) -> None:
        """Walk and price on the event loop, handing it back every SLICE_S, from the moment
        the screen shows the turn or session this follows.

        Not a thread: a thread holding the interpreter for whole slices makes the event
        loop wait for it after every poll, so opening a long session took seconds longer
        while the walk ran beside it. Here the interface runs between two slices, and no
        lock is needed around the coach's state."""
        comparison, shown = self._computing, self._shown
        if comparison is None:
            return
        try:
            await shown.wait()
            while True:
                snapshot = None
                try:
                    handed_back = time.perf_counter()
                    steps = comparison.snapshot_steps(
                        self._strategies(comparison), context_window=self._context_window
                    )
                    for snapshot in steps:  # noqa: B007 - the last step is kept
                        if time.perf_counter() - handed_back > SLICE_S:
                            await asyncio.sleep(0)
                            handed_back = time.perf_counter()
                except Superseded:
                    return
                except Exception as exc:  # noqa: BLE001 - the chat goes on without the comparison
                    self.notify(
                        f"cost comparison unavailable: {exc}", severity="warning", markup=False
                    )
                    snapshot = None
                on_screen = comparison is self._comparison
                if snapshot is not None and on_screen:
                    # The session's first walk done: all of it is in memory now.
                    self.post_message(CostsCompared(snapshot, first=not self._walked))
                    self._walked = True
                if self._computing is not comparison:  # another session's run owns the flags
                    return
                again, self._again = self._again and on_screen, False
                if not again:
                    self._computing = None
                    return
        finally:
            if self._computing is comparison:  # ended early (a cancellation): the next may start
                self._computing = None

    def plan_inputs(self) -> PlanInputs | None:
        comparison = self.current()
        if comparison is None:
            return None
        return comparison.plan_inputs(self._strategies(comparison))

    # ---- the draft's cost, before sending ------------------------------------------
    def draft_changed(self, text: str) -> None:
        if self._quote_timer is not None:
            self._quote_timer.stop()
        self._quote_timer = self.set_timer(QUOTE_DELAY_S, lambda: self.quote(text))

    def quote(self, text: str) -> str:
        """Post what sending `text` now would cost; "" if nothing to say."""
        comparison = self.current()
        line = ""
        if comparison is not None and not comparison.coach.busy and text.strip():
            quote = comparison.quote(text)
            line = (
                f"next: {len(quote.request.sent)} msgs · ≈{fmt.tokens(quote.prompt_tokens)} tok in"
                f" + ≈{fmt.tokens(quote.completion_tokens)} out · ≈{fmt.usd(quote.cost)}"
                f" · {quote.request.context.strategy}"
            )
        self.last_quote = line
        self.post_message(DraftQuoted(line))
        return line
