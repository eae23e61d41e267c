"""Keeps every strategy's cost on this session, and the cost of the draft, current.

A widget with nothing to draw: it is a Textual component so that its walk is a Textual
worker (`@work`) and what it finds is posted as Textual messages (`CostsCompared`,
`DraftQuoted`, ui/comparison_messages.py) that the app shows where they belong; it looks no
widget up. The numbers come from `CostComparison` (beside the coach: it counts through the
coach's cached counter); this only decides when to ask. One `CostComparison` lives as long
as the session is on screen and keeps every strategy's walk: after a turn only that turn is
walked, and only another session starts from nothing (the whole session). Either runs in a
worker thread, one run at a time, never on the event loop: a recompute asked for meanwhile
is folded into a single next run. The quote for the draft is cheap (one request built) and
waits for typing to pause.
"""

from __future__ import annotations

import threading
from collections.abc import Callable
from dataclasses import replace
from typing import TYPE_CHECKING

from textual import work
from textual.widget import Widget

from fincoach_tui.service.cost_comparison import (
    CostComparison,
    Superseded,
    comparison_strategies,
)
from fincoach_tui.service.session_compare import on_models
from fincoach_tui.ui import format as fmt
from fincoach_tui.ui.comparison_messages import CostsCompared, DraftQuoted

if TYPE_CHECKING:
    from textual.timer import Timer

    from fincoach_tui.domain.planner import PlanInputs
    from fincoach_tui.service.coach import Coach
    from fincoach_tui.service.cost_comparison import WalkCache

QUOTE_DELAY_S = 0.3


class LiveComparison(Widget):
    """The cost comparison of the session the app says is on screen (`follow`)."""

    DEFAULT_CSS = "LiveComparison { display: none; }"

    def __init__(
        self,
        params_for: Callable[[str], dict[str, int]],
        *,
        models: Callable[[], tuple[list[str], dict]] | None = None,
        id: str | None = None,
    ) -> None:
        super().__init__(id=id)
        self._params_for = params_for  # a strategy's configured parameters, as they are now
        # Other models to price the conversation on, and the price overrides, as they are now.
        self._models = models
        self._coach: Coach | None = None
        self._context_window: int | None = None
        self._comparison: CostComparison | None = None
        self._walk_cache: WalkCache | None = None  # the session's, for its comparison
        self._quote_timer: Timer | None = None
        self._computing: CostComparison | None = None  # whose snapshot a worker is computing
        self._again = False  # a recompute came while it was
        self._flags = threading.Lock()  # the two above: set here, read by the worker thread
        self._shown = threading.Event()  # set once the screen shows what it is computing for
        self._walked = False  # this session's first snapshot was posted
        self.last_quote = ""  # the quote last posted ("" when none)

    def follow(
        self,
        coach: Coach | None,
        *,
        context_window: int | None = None,
        walk_cache: WalkCache | None = None,
    ) -> None:
        """The session on screen is `coach`'s (None: none). Leaving one stops its walk and
        keeps it in `walk_cache` (where the session keeps it between openings)."""
        if coach is not self._coach and self._quote_timer is not None:
            self._quote_timer.stop()  # a quote of the draft for the session left
            self._quote_timer, self.last_quote = None, ""
        self._coach, self._context_window = coach, context_window
        if walk_cache is not None:
            self._walk_cache = walk_cache
        if self._comparison is not None and self._comparison.coach is not coach:
            self._comparison.close()  # its snapshot, if one is under way, is not wanted now
            self._comparison = None

    def current(self) -> CostComparison | None:
        """The comparison of the session on screen (a new one when the session changed)."""
        if self._coach is None:
            return None
        if self._comparison is None:
            self._comparison = CostComparison(self._coach, self._walk_cache)
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
        with self._flags:
            if self._computing is comparison:
                self._again = True  # the run under way picks the newest state up once more
                return
            self._computing, self._again = comparison, False
        self._shown = threading.Event()
        self.app.call_after_refresh(self._shown.set)
        self._compare()

    # Exclusive: a run still under way for a session that was left is not waited for (it
    # stops at its next step: the comparison was closed). No arguments: a finished worker
    # keeps its method's arguments, and a comparison kept there would keep a session that
    # was left from being collected.
    @work(thread=True, exclusive=True, group="comparison", exit_on_error=False)
    def _compare(self) -> None:
        """Walk and price in this worker's thread, from the moment the screen shows the
        turn or session this follows: a long session's first walk, or a turn's, never
        holds the event loop. The coach's state is only appended to while this reads it
        (a turn not finished yet is left for the next run), and the walk has its own memo."""
        comparison, shown = self._computing, self._shown
        if comparison is None:
            return
        try:
            shown.wait(timeout=5)  # a frame that never comes must not stop the comparison
            while True:
                snapshot = None
                # A local server's counts are asked for here, in this worker thread (the
                # counter defers them only on the event loop's thread).
                try:
                    snapshot = comparison.snapshot(
                        self._strategies(comparison), context_window=self._context_window
                    )
                except Superseded:
                    return
                except Exception as exc:  # noqa: BLE001 - the chat goes on without the comparison
                    self.app.call_from_thread(
                        self.notify,
                        f"cost comparison unavailable: {exc}",
                        severity="warning",
                        markup=False,
                    )
                    snapshot = None
                on_screen = comparison is self._comparison
                if snapshot is not None and on_screen:
                    snapshot = self._on_models(comparison, snapshot)
                    # The session's first walk done: all of it is in memory now.
                    self.post_message(CostsCompared(snapshot, first=not self._walked))
                    self._walked = True
                with self._flags:
                    if self._computing is not comparison:  # another session's run owns them
                        return
                    again, self._again = self._again and on_screen, False
                    if not again:
                        self._computing = None
                        return
        finally:
            with self._flags:
                if self._computing is comparison:  # ended early: the next may start
                    self._computing = None

    def _on_models(self, comparison: CostComparison, snapshot):
        """The snapshot with the conversation priced on the configured other models."""
        models, overrides = self._models() if self._models is not None else ([], {})
        if not models:
            return snapshot
        own = {
            c.name: c.total_cost
            for c in snapshot.report.curves
            if snapshot.priced and not c.error and not c.unpriced
        }
        rows, best = on_models(comparison, self._strategies(comparison), models, overrides, own)
        return replace(snapshot, models=rows, cheapest=best)

    def plan_inputs(self) -> PlanInputs | None:
        comparison = self.current()
        if comparison is None:
            return None
        return comparison.plan_inputs(self._strategies(comparison))

    # ---- the draft's cost, before sending ------------------------------------------
    def draft_changed(self, text: str) -> None:
        if self._quote_timer is not None:
            self._quote_timer.stop()

        def due() -> None:
            self._quote_timer = None
            self.quote(text)

        self._quote_timer = self.set_timer(QUOTE_DELAY_S, due)

    @property
    def quote_due(self) -> bool:
        """A quote of the draft is waiting for typing to pause."""
        return self._quote_timer is not None

    def draft_cleared(self) -> None:
        """The draft is empty and no quote is shown: what `quote("")` would leave, with no
        message to post (it would change nothing on screen)."""
        if self._quote_timer is not None:
            self._quote_timer.stop()  # a quote of an earlier draft is not wanted now
            self._quote_timer = None
        self.last_quote = ""

    def quote(self, text: str) -> str:
        """Post what sending `text` now would cost; "" if nothing to say."""
        comparison = self.current()
        line = ""
        if comparison is not None and not comparison.coach.busy and text.strip():
            quote = comparison.quote(text)
            # An unpriced model's cost is "no price", not an estimate of one ("≈no price").
            cost = "no price" if quote.cost is None else f"≈{fmt.usd(quote.cost)}"
            line = (
                f"next: {len(quote.request.sent)} msgs · ≈{fmt.tokens(quote.prompt_tokens)} tok in"
                f" + ≈{fmt.tokens(quote.completion_tokens)} out · {cost}"
                f" · {quote.request.context.strategy}"
            )
        self.last_quote = line
        self.post_message(DraftQuoted(line))
        return line
