"""The session over time: what each turn sent (or cost), and what every strategy would have.

Three modes. "tokens" plots billed prompt tokens per turn with the cumulative prompt
tokens; "cost" plots USD per turn with the cumulative cost. Summary (maintenance) calls
are stacked on the turn they ran in, so the cumulative line is the whole bill. A vertical
line marks each turn where the strategy changed. "compare" (once the app has computed a
cost snapshot) draws every strategy's cumulative cost on this conversation, the active
one highlighted and the path actually taken as its own line, each continued as a dashed
projection at the session's average turn, with the turn at which `buffer` would outgrow
the context window marked.

The plot has a single y axis. The cumulative total outgrows any single turn quickly,
so in the bar modes the line is drawn divided by a round factor (shown in the caption,
"÷10") to keep the bars readable; the axis itself stays true for the bars. The line is
drawn first and the bars over it: where they meet, the bar wins, so the line can never
hide a turn's bar (it shows in the gaps between bars and above them). A second axis was
the other way, but the plot has none, and a toggle would hide the curve that shows
what memory costs over the session. The y ticks are `chart_axis.y_ticks`: round, evenly
spaced, two rows apart, ending above the tallest bar; the x axis spans at least
MIN_TURNS_SHOWN turns, so the first turn is one slim bar, not a block filling the plot.

The numbers plotted are built in `chart_series` (pure); what the plot shows is a
`chart_plot.PlotSpec`, drawn by `chart_view.ChartPlot` a screen line at a time: a turn's
new plot is drawn once, whatever the number of bars, and costs no layout.
"""

from __future__ import annotations

import bisect
from typing import TYPE_CHECKING

from rich.text import Text
from textual import events
from textual.app import ComposeResult
from textual.binding import Binding
from textual.message import Message
from textual.reactive import reactive
from textual.visual import visualize
from textual.widget import Widget

from fincoach_tui.domain.records import CallRecord
from fincoach_tui.ui import format as fmt
from fincoach_tui.ui.chart_caption import MAX_NAMED_SWITCHES, bars_caption  # noqa: F401
from fincoach_tui.ui.chart_columns import SeriesColumns
from fincoach_tui.ui.chart_plot import PlotBars, PlotLine, PlotSpec, VLine
from fincoach_tui.ui.chart_series import (  # noqa: F401 - re-exported: the chart's numbers
    ChartSeries,
    CompareSeries,
    bars,
    build_compare,
    build_series,
    line_scale,
    nice_numbers,
    series_of,
    switch_markers,
    turn_ticks,
    turns_per_bar,
)
from fincoach_tui.ui.chart_view import ChartPlot
from fincoach_tui.ui.compare_plot import PALETTE, compare_caption, compare_spec
from fincoach_tui.ui.line import Line

if TYPE_CHECKING:
    from fincoach_tui.domain.session_state import StrategySwitch
    from fincoach_tui.service.cost_comparison import ComparisonSnapshot

MODES = ("tokens", "cost", "compare")
MAX_SPACED_BARS = 60
RIGHT_PAD = 0.03  # of the turns shown
MIN_TURNS_SHOWN = 8  # the x axis's least span: one turn is a bar among room for more
CAPTION_ROWS = 2  # the caption's most rows (its max-height)
# A session with no turns: a sentence, not axes from 0 to 1 that measure nothing.
NO_TURNS = PlotSpec(note=("No turns yet", "Each turn's tokens and cost will be charted here."))


class CostChart(Widget, can_focus=True):
    """Per-turn bars and a cumulative line; click a bar or use ←/→ to pick a turn."""

    class TurnSelected(Message):
        """The user picked a turn on the chart."""

        def __init__(self, chart: CostChart, turn: int) -> None:
            super().__init__()
            self.chart = chart
            self.turn = turn

        @property
        def control(self) -> CostChart:
            return self.chart

    BINDINGS = [
        Binding("left", "step(-1)", "Earlier turn", show=False),
        Binding("right", "step(1)", "Later turn", show=False),
        Binding("m", "toggle_mode", "Tokens/cost"),
    ]

    COMPONENT_CLASSES = {
        "cost-chart--bar",
        "cost-chart--maintenance",
        "cost-chart--selected",
        "cost-chart--line",
        "cost-chart--switch",
        "cost-chart--wall",
        *(f"cost-chart--s{i}" for i in range(PALETTE)),
    }

    DEFAULT_CSS = """
    CostChart {
        height: 16;
        border-top: hkey $panel;
        border-title-color: $text-muted;
        &:focus { border-top: hkey $primary; }
        & > .cost-chart--bar { color: $primary; }
        & > .cost-chart--maintenance { color: $warning; }
        & > .cost-chart--selected { color: $foreground; text-style: bold; }
        & > .cost-chart--line { color: $success; }
        & > .cost-chart--switch { color: $error; }
        & > .cost-chart--wall { color: $error; text-style: bold; }
        & > .cost-chart--s0 { color: $primary; }
        & > .cost-chart--s1 { color: $secondary; }
        & > .cost-chart--s2 { color: $warning; }
        & > .cost-chart--s3 { color: $accent; }
        & > .cost-chart--s4 { color: $error; }
        & > .cost-chart--s5 { color: $foreground; }
        #mode-bar { height: 1; color: $text-muted; }
        ChartPlot { height: 1fr; }
        #caption { height: auto; max-height: 2; color: $text-muted; }  /* CAPTION_ROWS */
    }
    """

    mode: reactive[str] = reactive("tokens")

    def __init__(
        self, *, name: str | None = None, id: str | None = None, classes: str | None = None
    ) -> None:
        super().__init__(name=name, id=id, classes=classes)
        self.border_title = "Over the session"
        # The session's records as read so far: a turn reads its own records only.
        self._columns = SeriesColumns()
        self._switches: list[StrategySwitch] = []
        self._markers: list[tuple[float, str]] = []  # of `_switches`
        self.selected_turn: int | None = None
        self.series = ChartSeries(mode="tokens")
        self._costs: ComparisonSnapshot | None = None
        self.compare: CompareSeries | None = None  # built when shown in the compare mode

    def compose(self) -> ComposeResult:
        yield Line(id="mode-bar")
        yield ChartPlot(NO_TURNS, id="plot")
        yield Line(id="caption")

    def on_mount(self) -> None:
        self.app.theme_changed_signal.subscribe(self, self._theme_changed)
        self.call_after_refresh(self._draw)  # the plot is mounted by then

    def on_unmount(self) -> None:
        self.app.theme_changed_signal.unsubscribe(self)

    def _theme_changed(self, _theme: object) -> None:
        self.call_after_refresh(self._draw)  # the plot's colours are baked into its datasets

    # ---- public ------------------------------------------------------------------------
    def show(
        self, records: list[CallRecord], switches: list[StrategySwitch], selected_turn: int | None
    ) -> None:
        """Plot a session: chat records and summary records, and the strategy switches.
        The records are append-only: those read before are not read again (another
        session's are read from the start)."""
        self._columns.read(records)
        if switches != self._switches:  # a few, one per change of strategy
            self._switches = list(switches)
            self._markers = switch_markers(switches)
        self.selected_turn = selected_turn
        self._rebuild()

    def show_costs(self, snapshot: ComparisonSnapshot | None) -> None:
        """Every strategy's cost on this conversation: what the "compare" mode draws."""
        had_costs = self._costs is not None
        self._costs = snapshot
        if snapshot is None and self.mode == "compare":
            self.mode = "tokens"  # nothing to compare (a new session): back to the bars
            return
        if snapshot is not None and self.mode == "compare":  # only the lines are new
            self.compare = build_compare(snapshot, self._switches)
            self._draw()
        else:  # the bars do not change; the compare lines are built when that mode is chosen
            self.compare = None
            if had_costs != (snapshot is not None) and self.is_mounted:
                self._paint_labels()  # the mode bar offers "compare" from now on

    @property
    def modes(self) -> tuple[str, ...]:
        return MODES if self._costs is not None else MODES[:2]

    def select(self, turn: int | None) -> None:
        """Highlight a turn without announcing it (the caller already knows)."""
        if turn != self.selected_turn:
            self.selected_turn = turn
            self._draw()

    def watch_mode(self) -> None:
        self._rebuild()

    def action_toggle_mode(self) -> None:
        modes = self.modes
        self.mode = (
            modes[(modes.index(self.mode) + 1) % len(modes)] if self.mode in modes else modes[0]
        )

    def action_step(self, delta: int) -> None:
        turns = self.series.turns
        if not turns:
            return
        if self.selected_turn is None:
            index = len(turns) - 1
        else:
            index = bisect.bisect_left(turns, self.selected_turn) + delta
        self._pick(turns[max(0, min(index, len(turns) - 1))])

    # ---- events ------------------------------------------------------------------------
    def on_click(self, event: events.Click) -> None:
        if event.widget is not None and event.widget.id == "mode-bar":
            self.action_toggle_mode()
            return
        turn = self._turn_at(event.screen_x, event.screen_y)
        if turn is not None:
            self._pick(turn)

    def _turn_at(self, screen_x: int, screen_y: int) -> int | None:
        """The turn whose bar is under a screen cell, if the cell is inside the plot."""
        turns = self.series.turns
        if not turns:
            return None
        x = self._plot().x_at(screen_x, screen_y)
        if x is None:
            return None
        index = bisect.bisect_left(turns, x)
        nearby = [turns[i] for i in (index - 1, index) if 0 <= i < len(turns)]
        return min(nearby, key=lambda t: abs(t - x))

    def _pick(self, turn: int) -> None:
        self.select(turn)
        self.post_message(self.TurnSelected(self, turn))

    # ---- drawing -----------------------------------------------------------------------
    def _rebuild(self) -> None:
        # The bars' series stays in tokens or cost: the compare mode's selection reads it.
        self.series = series_of(
            self._columns, self._markers, "cost" if self.mode == "cost" else "tokens"
        )
        costs = self._costs if self.mode == "compare" else None  # drawn only in that mode
        self.compare = build_compare(costs, self._switches) if costs is not None else None
        self._draw()

    def _plot(self) -> ChartPlot:
        return self.query_one("#plot", ChartPlot)

    def part_style(self, component: str) -> str:
        """The style string of a part of the chart ("bar", "line", "s0", ...): its
        component class's, so the theme decides it."""
        return str(fmt.ink(self.get_component_rich_style(f"cost-chart--{component}")))

    def _draw(self) -> None:
        if not self.is_mounted:
            return
        self._paint_labels()
        # Drawn when the next frame asks for the plot's lines: once, whatever the bars.
        self._plot().show(self._spec())

    def _spec(self) -> PlotSpec:
        s = self.series
        if not s.turns:
            return NO_TURNS  # nothing of the last session's axes stays
        if self.mode == "compare" and self.compare is not None:
            return compare_spec(self.compare, self.part_style, last_turn=s.turns[-1])
        bar, maintenance, selected = (
            self.part_style("bar"),
            self.part_style("maintenance"),
            self.part_style("selected"),
        )
        shown = bars(s, self.selected_turn)
        # Gaps between bars only while a bar is wider than a cell: with hundreds of bars
        # they alias into a comb, and a solid area reads better.
        width = (0.8 if len(shown.xs) <= MAX_SPACED_BARS else 1.0) * shown.per
        layers: list[PlotLine | PlotBars] = []
        if len(s.turns) > 1:  # first: the bars are drawn over it (see the module's doc)
            scale = s.line_scale
            layers.append(
                PlotLine(shown.line_xs, [c / scale for c in shown.line_ys], self.part_style("line"))
            )
        if s.has_upkeep:  # maintenance first, so the chat part is drawn over its base
            layers.append(PlotBars(shown.xs, shown.total, width, [maintenance] * len(shown.xs)))
        styles = [selected if c else bar for c in shown.chosen]
        layers.append(PlotBars(shown.xs, shown.chat, width, styles))
        # Room on the right for the last tick's label, which the plot would cut in half.
        last = max(shown.xs[-1], *(x for x, _ in s.markers)) if s.markers else shown.xs[-1]
        last = max(last, shown.xs[0] + MIN_TURNS_SHOWN - 1)
        return PlotSpec(
            layers=layers,
            v_lines=[VLine(x, self.part_style("switch"), name) for x, name in s.markers],
            x_limits=(shown.xs[0] - width / 2, last + width / 2 + RIGHT_PAD * len(s.turns)),
            x_ticks=turn_ticks(s.turns[-1]),
            y_top=s.top,
            y_unit=s.mode,
            x_label="turn",
            y_label="USD" if s.mode == "cost" else "tokens",
        )

    def _paint_labels(self) -> None:
        s = self.series
        tokens_mode = s.mode == "tokens"
        mode_bar = Text()
        for mode in self.modes:
            on = mode == self.mode
            mode_bar.append(f"{'◉' if on else '○'} {mode}", style="bold" if on else "")
            mode_bar.append("  ")
        mode_bar.append("(m)")
        value = s.value_of(self.selected_turn) if self.selected_turn is not None else None
        if value is not None:
            shown = fmt.usd(value) if not tokens_mode else f"{fmt.tokens(int(value))} tok"
            mode_bar.append(
                f"   turn {self.selected_turn}: {shown}", style=self.part_style("selected")
            )
        self.query_one("#mode-bar", Line).show(mode_bar, layout=False)  # one row
        caption, line = self.caption(), self.query_one("#caption", Line)
        # One or two rows: the panel is laid out again only when that changes, not each turn.
        line.show(caption, layout=caption_rows(line, caption) != line.size.height)

    def caption(self) -> Text:
        """The key to the chart, in words: the library's legend box would cover the bars."""
        s = self.series
        if not s.turns:
            return Text()  # the plot says it (NO_TURNS)
        if self.mode == "compare" and self.compare is not None:
            return compare_caption(self.compare, self.part_style)
        return bars_caption(s, self.part_style)


def caption_rows(line: Line, caption: Text) -> int:
    """The rows `caption` takes on `line` (CAPTION_ROWS at most), as its layout would
    measure them; -1 before it is laid out."""
    width = line.size.width
    if not width:
        return -1
    # As Textual measures a widget: its visual's height at a width, by the widget's styles.
    height = visualize(line, caption).get_height(line.styles, width)  # type: ignore[arg-type]
    return min(CAPTION_ROWS, height)
