"""The chart's "compare" mode: every strategy's cumulative cost, drawn and keyed.

Split from the widget so it stays small; `style(component)` is the widget's own lookup of
its component classes ("line", "wall", "s0".."s5"), so the theme still decides the colours.
"""

from __future__ import annotations

from collections.abc import Callable

from rich.text import Text

from fincoach_tui.ui import format as fmt
from fincoach_tui.ui.chart_plot import PlotLine, PlotSpec, VLine
from fincoach_tui.ui.chart_series import CompareSeries, Line, dashes, turn_ticks

PALETTE = 6  # cost-chart--s0 .. s5: one colour per strategy, in STRATEGIES order
RIGHT_PAD = 0.03  # of the turns shown
ORDER = ("other", "active", "actual")  # drawn in this order: the last drawn is on top

Style = Callable[[str], str]


def line_style(line: Line, index: int, style: Style) -> str:
    if line.role == "actual":
        return style("line")
    base = style(f"s{index % PALETTE}")
    return f"{base} bold" if line.role == "active" else f"{base} dim"


def compare_spec(c: CompareSeries, style: Style, *, last_turn: int) -> PlotSpec:
    """What the plot draws in the compare mode: the lines, the active and the actual last
    (on top), each with its dashed projection; the switches and the buffer's wall."""
    layers = []
    for i in sorted(range(len(c.lines)), key=lambda i: ORDER.index(c.lines[i].role)):
        line = c.lines[i]
        ink = line_style(line, i, style)
        layers.append(PlotLine(line.xs, line.ys, ink))
        layers.extend(
            PlotLine(xs, ys, ink) for xs, ys in dashes(line.projected_x, line.projected_y)
        )
    v_lines = [VLine(x, style("switch"), name) for x, name in c.markers]
    if c.wall is not None and c.wall <= c.horizon:
        v_lines.append(VLine(c.wall, style("wall"), "buffer: context window full"))
    last = max(c.horizon, last_turn)
    return PlotSpec(
        layers=layers,
        v_lines=v_lines,
        x_limits=(0, last * (1 + RIGHT_PAD)),
        x_ticks=turn_ticks(last),
        y_top=c.top,
        y_unit=c.unit,
        x_label="turn",
        y_label="USD" if c.unit == "cost" else "tokens",
    )


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
