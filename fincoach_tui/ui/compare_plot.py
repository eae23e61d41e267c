"""The chart's "compare" mode: every strategy's cumulative cost, drawn and keyed.

Split from the widget so it stays small; `style(component)` is the widget's own lookup of
its component classes ("line", "wall", "s0".."s5"), so the theme still decides the colours.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, cast

from rich.text import Text

from fincoach_tui.ui import format as fmt
from fincoach_tui.ui.chart_axis import NiceTicks, y_ticks
from fincoach_tui.ui.chart_series import CompareSeries, Line, dashes, turn_ticks

if TYPE_CHECKING:  # textual-plot pulls numpy: imported where a chart is drawn
    from textual_plot import AxisFormatter, PlotWidget

PALETTE = 6  # cost-chart--s0 .. s5: one colour per strategy, in STRATEGIES order
RIGHT_PAD = 0.03  # of the turns shown
ORDER = ("other", "active", "actual")  # drawn in this order: the last drawn is on top

Style = Callable[[str], str]


def line_style(line: Line, index: int, style: Style) -> str:
    if line.role == "actual":
        return style("line")
    base = style(f"s{index % PALETTE}")
    return f"{base} bold" if line.role == "active" else f"{base} dim"


def y_formatter(unit: str, rows: int) -> AxisFormatter:
    """The y axis's labels for `unit` ("tokens" or "cost") on `rows` rows. NiceTicks has
    the three methods the plot calls without subclassing textual-plot's AxisFormatter, so
    that chart_axis (its numbers, tested without drawing) does not import numpy."""
    return cast("AxisFormatter", NiceTicks(unit, rows))


def draw_compare(
    plot: PlotWidget, c: CompareSeries, style: Style, *, last_turn: int, rows: int
) -> None:
    from textual_plot import HiResMode

    for i in sorted(range(len(c.lines)), key=lambda i: ORDER.index(c.lines[i].role)):
        line = c.lines[i]
        ink = line_style(line, i, style)
        plot.plot(line.xs, line.ys, line_style=ink, hires_mode=HiResMode.BRAILLE, label=line.label)
        for xs, ys in dashes(line.projected_x, line.projected_y):
            plot.plot(xs, ys, line_style=ink, hires_mode=HiResMode.BRAILLE)
    for x, name in c.markers:
        plot.add_v_line(x, line_style=style("switch"), label=name)
    if c.wall is not None and c.wall <= c.horizon:
        plot.add_v_line(c.wall, line_style=style("wall"), label="buffer: context window full")
    plot.set_ylabel("USD" if c.unit == "cost" else "tokens")
    plot.set_xlabel("turn")
    ticks = y_ticks(c.top, rows, whole=c.unit == "tokens")
    plot.set_y_formatter(y_formatter(c.unit, rows))
    plot.set_yticks(ticks)
    last = max(c.horizon, last_turn)
    plot.set_xticks(turn_ticks(last))
    plot.set_xlimits(0, last * (1 + RIGHT_PAD))
    plot.set_ylimits(0, ticks[-1])


def compare_caption(c: CompareSeries, style: Style) -> Text:
    """Totals for the active strategy and the path taken; the others by name (their totals
    are in the panel's summary lines), so the key fits two lines."""
    text = Text()
    for i, line in enumerate(c.lines):
        text.append("━ " if line.role != "other" else "─ ", style=line_style(line, i, style))
        if line.role == "other":
            text.append(f"{line.name}  ")
            continue
        total = fmt.usd(line.total) if c.unit == "cost" else fmt.tokens(int(line.total))
        name = "you" if line.role == "actual" else line.name
        text.append(f"{name} {'≈' if line.estimated else ''}{total}  ", style="bold")
    if any(line.projected_x for line in c.lines):
        text.append(f"╌ to t{c.horizon}  ")
    if c.wall is not None and c.context_window:
        text.append("│", style=style("wall"))
        text.append(f" buffer full at t{c.wall}")
    return text
