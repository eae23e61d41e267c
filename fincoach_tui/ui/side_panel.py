"""The side panel: this turn's numbers, the session chart, the turn list, the request.

It holds no figures of its own: it picks which CallRecord each widget shows. A new turn
adds one option to the turn list (turn_list.py: a long session lists its newest turns) and
re-plots the chart; nothing else is rebuilt, so a 1,000-turn session costs the same per
turn as a 10-turn one, bar the chart's arrays.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import VerticalScroll
from textual.widgets import OptionList, TabbedContent, TabPane

from fincoach_tui.domain.records import CallRecord
from fincoach_tui.ui.cost_chart import CostChart
from fincoach_tui.ui.costs_summary import CostsSummary
from fincoach_tui.ui.inspector import RequestInspector
from fincoach_tui.ui.meter import TokenMeter
from fincoach_tui.ui.turn_list import TurnList

if TYPE_CHECKING:
    from fincoach_tui.domain.session_state import SessionState
    from fincoach_tui.service.cost_comparison import ComparisonSnapshot
    from fincoach_tui.service.events import RequestReady


class SidePanel(VerticalScroll, can_focus=False):
    """Meter and chart on top; below them, tabs for the request, the turns and the strategy
    comparison (all three at once need twice a terminal's height). On a short terminal the
    tabs keep a readable height and the panel scrolls instead: the request stays reachable.
    It takes focus only when it fills the screen (narrow terminals, app.action_toggle_panel)."""

    # Shown whole, the panel is taller than a small terminal: the request and what it left
    # out are a page or two down. Textual's scroll keys, named so the help lists them.
    BINDINGS = [
        Binding("escape", "close_full", "Back to chat"),
        Binding("pagedown", "page_down", "Scroll down: the request, what was not sent", show=False),
        Binding("pageup", "page_up", "Scroll up", show=False),
        Binding("end", "scroll_end", "Scroll to the end", show=False),
        Binding("home", "scroll_home", "Scroll to the top", show=False),
    ]

    DEFAULT_CSS = """
    SidePanel {
        #chart { height: 14; }
        TabbedContent { height: 1fr; min-height: 12; }
        TabPane { padding: 0; }
        #turns { height: 1fr; border: none; padding: 0; }
        #costs-scroll { height: 1fr; }
    }
    """

    def __init__(
        self, *, name: str | None = None, id: str | None = None, classes: str | None = None
    ) -> None:
        super().__init__(name=name, id=id, classes=classes)
        self._state: SessionState | None = None
        self._context_window: int | None = None
        self._chat: dict[int, CallRecord] = {}  # turn -> chat record
        self._summarized: dict[int, list[str]] = {}  # turn -> kinds of maintenance calls run
        self._newest: int | None = None  # the highest turn in self._chat, kept as records come
        self._records_seen = 0
        self.shown_turn: int | None = None  # None: nothing, or the request in flight
        self._costs: ComparisonSnapshot | None = None  # every strategy's cost, when the app has it

    def compose(self) -> ComposeResult:
        yield TokenMeter(id="meter")
        yield CostChart(id="chart")
        with TabbedContent(id="tabs"):
            with TabPane("This request", id="tab-request"):
                yield RequestInspector(id="inspector")
            with TabPane("Turns", id="tab-turns"):
                yield TurnList(id="turns")
            with TabPane("Every strategy", id="tab-costs"):
                with VerticalScroll(id="costs-scroll"):
                    yield CostsSummary(id="costs")

    # ---- public ------------------------------------------------------------------------
    def update_session(self, state: SessionState, *, context_window: int | None) -> None:
        """Bring everything up to the session's newest turn."""
        self._context_window = context_window
        if state is not self._state or len(state.records) < self._records_seen:
            self._reset(state)
        self._absorb_new_records(state)
        newest = self._newest
        self.query_one(CostChart).show(state.records, state.switches, newest)
        self._show(newest)

    @property
    def shown_costs(self) -> ComparisonSnapshot | None:
        """The comparison the panel shows now (None until the app has one)."""
        return self._costs

    def show_costs(self, snapshot: ComparisonSnapshot | None) -> None:
        """Every strategy's cost on this conversation: the summary lines, the chart's
        compare mode, and the meter's prediction-error trend and cache discount."""
        self._costs = snapshot
        self.query_one(CostsSummary).show(snapshot)
        self.query_one(CostChart).show_costs(snapshot)
        if self.shown_turn is not None:
            self._show_meter(
                self.shown_turn
            )  # the request shown is the same: only the meter gains lines

    def show_turn(self, turn: int) -> None:
        """Show an earlier (or the newest) turn's request in the inspector and the meter."""
        if turn not in self._chat:
            return
        self.query_one(CostChart).select(turn)
        self._show(turn)

    def toggle_chart_mode(self) -> None:
        """Tokens <-> cost on the chart."""
        self.query_one(CostChart).action_toggle_mode()

    def show_pending(self, request: RequestReady) -> None:
        """The request in flight: what is being sent, before the bill comes back."""
        turn = self._state.transcript.completed_turns + 1 if self._state else None
        self.shown_turn = None
        self.query_one(TokenMeter).show_pending(request, self._context_window, turn=turn)
        title = f"This request · turn {turn} · waiting for the reply" if turn else ""
        self.query_one(RequestInspector).show(None, pending=request, title=title)

    # ---- internals ---------------------------------------------------------------------
    def _reset(self, state: SessionState) -> None:
        self._state = state
        self._chat.clear()
        self._summarized.clear()
        self._newest = None
        self._records_seen = 0
        self.query_one(TurnList).forget()
        if self._costs is not None:  # the last session's numbers are not this one's
            self.show_costs(None)

    def _absorb_new_records(self, state: SessionState) -> None:
        """Index only the records added since the last update: the log is append-only."""
        new = state.records[self._records_seen :]
        self._records_seen = len(state.records)
        turns = self.query_one(TurnList)
        for record in new:
            if record.kind != "chat":
                # maintenance (fold, extraction, embedding) runs before its turn's reply
                self._summarized.setdefault(record.turn, []).append(record.kind)
                continue
            self._chat[record.turn] = record
            if self._newest is None or record.turn > self._newest:
                self._newest = record.turn
            if not turns.knows(record.turn):
                turns.add_turn(record, tuple(self._summarized.get(record.turn, ())))
        turns.list_new()  # the options of the turns listed are made now

    def _show(self, turn: int | None) -> None:
        self.shown_turn = turn
        record = self._show_meter(turn)
        self.query_one(RequestInspector).show(record)
        turns = self.query_one(TurnList)
        index = turns.index_of(turn) if turn is not None else None
        if index is not None and turns.highlighted != index:
            # Moves the list's cursor. Nothing listens for the highlight the panel makes
            # itself: unposted, it is not handled by the list and six containers each turn.
            with turns.prevent(OptionList.OptionHighlighted):
                turns.highlighted = index  # posts no OptionSelected either

    def _show_meter(self, turn: int | None) -> CallRecord | None:
        record = self._chat.get(turn) if turn is not None else None
        costs = self._costs
        # The numbers arrive after the turn is on screen: until they cover it, none are shown.
        covered = (
            costs.report.actual.turns[-1] if costs is not None and costs.report.actual.turns else 0
        )
        if record is not None and costs is not None and record.turn <= covered:
            self.query_one(TokenMeter).show(
                record,
                self._context_window,
                errors=costs.errors,
                saved=costs.saved_on(record.turn),
                session_saved=costs.cache_saved,
            )
        else:
            self.query_one(TokenMeter).show(record, self._context_window)
        return record

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "close_full":  # Esc means something else while the chat is beside
            return self.screen.has_class("-narrow") and self.screen.has_class("-panel-full")
        return True

    async def action_close_full(self) -> None:
        await self.app.run_action("toggle_panel")  # the app's: it knows the layout

    def on_cost_chart_turn_selected(self, event: CostChart.TurnSelected) -> None:
        event.stop()
        self.show_turn(event.turn)

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        event.stop()
        if event.option.id is not None:
            self.show_turn(int(event.option.id))
            self.query_one(TabbedContent).active = "tab-request"
