"""What the cost chart plots, in data units: pure functions of records and cost snapshots.

Kept apart from the widget (and from textual-plot, which pulls numpy) so the numbers on
the chart can be tested without drawing anything.
"""

from __future__ import annotations

import bisect
from collections.abc import Iterator, Sequence
from dataclasses import dataclass, field, replace
from typing import TYPE_CHECKING

from fincoach_tui.domain.records import CallRecord
from fincoach_tui.ui.chart_columns import PeakIndex, SeriesColumns

if TYPE_CHECKING:
    from fincoach_tui.domain.session_state import StrategySwitch
    from fincoach_tui.service.cost_comparison import ComparisonSnapshot

NICE_STEPS = (1, 2, 5)
DASHES = 12  # dashes per projected stretch: enough to read as dashed at any width
MAX_BARS = 100  # more than a side panel has cells across; see `Bars`
MAX_LINE_POINTS = 200  # two braille dots per cell across a wide panel


@dataclass(frozen=True)
class ChartSeries:
    """Per-turn bars and the cumulative line of the session actually had."""

    mode: str
    turns: list[int] = field(default_factory=list)
    chat: list[float] = field(default_factory=list)  # the chat call of each turn
    total: list[float] = field(default_factory=list)  # chat + maintenance of each turn
    cumulative: list[float] = field(default_factory=list)  # running sum of `total`
    markers: list[tuple[float, str]] = field(default_factory=list)  # (x, strategy name)
    unpriced: int = 0  # calls with no known price, counted as $0
    no_price: bool = False  # cost asked for, but no call has a price: these are tokens
    line_scale: int = 1  # the cumulative line is drawn divided by this
    # Kept with the columns (chart_columns.py), so a frame reads none of the lists whole;
    # a series made from bare lists works them out from the lists.
    peaks: PeakIndex | None = field(default=None, compare=False, repr=False)
    top_total: float | None = field(default=None, compare=False)
    upkept: bool | None = field(default=None, compare=False)

    def peak(self, start: int, stop: int) -> int:
        """The first of turns [start, stop) (indices) with the highest total."""
        if self.peaks is not None:
            return self.peaks.argmax(start, stop)
        return max(range(start, stop), key=self.total.__getitem__)

    @property
    def top(self) -> float:
        """The highest turn's total."""
        return self.top_total if self.top_total is not None else max(self.total, default=0.0)

    @property
    def has_upkeep(self) -> bool:
        """Whether maintenance calls show on any bar (some turn's total is not its chat)."""
        return self.upkept if self.upkept is not None else self.total != self.chat

    def value_of(self, turn: int) -> float | None:
        index = bisect.bisect_left(self.turns, turn)
        if index < len(self.turns) and self.turns[index] == turn:
            return self.total[index]
        return None


def nice_numbers() -> Iterator[int]:
    """1, 2, 5, 10, 20, 50, 100, ..."""
    magnitude = 1
    while True:
        for step in NICE_STEPS:
            yield step * magnitude
        magnitude *= 10


def line_scale(cumulative: Sequence[float], per_turn: Sequence[float]) -> int:
    """The smallest round divisor that brings the cumulative line down to the bars' height."""
    return scale_for(max(cumulative, default=0), max(per_turn, default=0))


def scale_for(top_line: float, top_bar: float) -> int:
    """`line_scale` from the line's and the bars' highest values."""
    if top_bar <= 0 or top_line <= top_bar:
        return 1
    return next(factor for factor in nice_numbers() if top_line / factor <= top_bar)


def build_series(
    records: Sequence[CallRecord], switches: Sequence[StrategySwitch], mode: str
) -> ChartSeries:
    columns = SeriesColumns()
    columns.read(records)
    return series_of(columns, switch_markers(switches), mode)


def series_of(columns: SeriesColumns, markers: list[tuple[float, str]], mode: str) -> ChartSeries:
    """The series of the records `columns` has read, in `mode` ("tokens" or "cost"): its
    lists are the columns' own (not copied), current until the columns read again."""
    if mode == "cost" and columns.records and columns.unpriced == columns.records:
        # Plotting $0 on a $0-$1 axis would say "free"; the tokens are what is known.
        return replace(series_of(columns, markers, "tokens"), no_price=True)
    c = columns.cost if mode == "cost" else columns.tokens
    return ChartSeries(
        mode=mode,
        turns=columns.turns,
        chat=c.chat,
        total=c.total,
        cumulative=c.cumulative,
        markers=markers,
        unpriced=columns.unpriced,
        line_scale=scale_for(c.cumulative_top, c.top),
        peaks=c.peaks,
        top_total=c.top,
        upkept=c.upkept,
    )


@dataclass(frozen=True)
class Bars:
    """What the bar modes draw: one bar per turn, or per run of `per` turns when the
    session has more turns than the chart has room for.

    A bar thinner than a cell is invisible work: drawing 1,000 of them made each repaint of
    a long session's chart cost ten times a short one's. A run's bar is its highest turn,
    so a spike is never averaged away; the cumulative line is sampled at each run's end,
    which loses nothing a line that only rises could show."""

    xs: list[float]  # the middle of each run, in turns
    chat: list[float]
    total: list[float]
    chosen: list[bool]  # the run holding the selected turn
    line_xs: list[float]
    line_ys: list[float]
    per: int  # turns per bar


def turns_per_bar(turns: int, most: int = MAX_BARS) -> int:
    return max(1, -(-turns // most))  # ceil(turns / most)


def bars(series: ChartSeries, selected: int | None, most: int = MAX_BARS) -> Bars:
    n = len(series.turns)
    per = turns_per_bar(n, most)
    xs, chat, total, chosen, line_xs, line_ys = [], [], [], [], [], []
    for start in range(0, n, per):
        stop = min(start + per, n)
        first, last = series.turns[start], series.turns[stop - 1]
        top = series.peak(start, stop)
        xs.append((first + last) / 2)
        chat.append(series.chat[top])
        total.append(series.total[top])
        chosen.append(selected is not None and first <= selected <= last)
        line_xs.append(float(last))
        line_ys.append(series.cumulative[stop - 1])
    if per > 1 and n:  # the line starts where the first bar does, not at its run's end
        line_xs.insert(0, float(series.turns[0]))
        line_ys.insert(0, series.cumulative[0])
    return Bars(xs, chat, total, chosen, line_xs, line_ys, per)


def thin(
    xs: Sequence[float], ys: Sequence[float], most: int = MAX_LINE_POINTS
) -> tuple[list[float], list[float]]:
    """At most `most` points of a polyline, first and last kept: a braille line has two
    dots per cell, so more points than that only cost time to draw."""
    keep = thinned(len(xs), most)
    return [xs[i] for i in keep], [ys[i] for i in keep]


def thinned(count: int, most: int = MAX_LINE_POINTS) -> Sequence[int]:
    """Which of `count` points `thin` keeps: found without reading any of them."""
    if count <= most:
        return range(count)
    step = -(-count // most)
    keep = list(range(0, count, step))
    if keep[-1] != count - 1:
        keep.append(count - 1)
    return keep


def switch_markers(switches: Sequence[StrategySwitch]) -> list[tuple[float, str]]:
    # Several switches before one turn: only the last one was ever sent.
    switched = {s.turn: s.name for s in switches if s.turn > 1}
    return [(turn - 0.5, name) for turn, name in sorted(switched.items())]


def turn_ticks(last_turn: int, most: int = 8) -> list[int]:
    """Whole-turn ticks at a round step: the library's own would land on 1.5 turns."""
    step = next(n for n in nice_numbers() if last_turn // n < most)
    return list(range(step, last_turn + 1, step))


# ---- every strategy at once -----------------------------------------------------------


@dataclass(frozen=True)
class Line:
    """One cumulative curve; `role` picks its style: active, other, or actual (the path taken)."""

    name: str
    label: str
    xs: list[float]
    ys: list[float]
    role: str
    total: float
    estimated: bool = False  # some turns assumed a summary at its cap
    projected_x: list[float] = field(default_factory=list)  # dashed, from the last real turn on
    projected_y: list[float] = field(default_factory=list)


@dataclass(frozen=True)
class CompareSeries:
    unit: str  # "cost" (USD) or "tokens" when the model has no price
    lines: list[Line] = field(default_factory=list)  # strategies first, the actual path last
    horizon: int = 0
    wall: int | None = None  # the turn buffer's request would outgrow the context window
    context_window: int | None = None
    markers: list[tuple[float, str]] = field(default_factory=list)

    @property
    def top(self) -> float:
        return max((y for line in self.lines for y in (*line.ys, *line.projected_y)), default=0.0)


def build_compare(
    snapshot: ComparisonSnapshot, switches: Sequence[StrategySwitch]
) -> CompareSeries:
    """Cumulative cost (or input tokens, unpriced) of every strategy, each from turn 0."""
    unit = "cost" if snapshot.priced else "tokens"
    report = snapshot.report
    lines = []
    for curve in (*report.curves, report.actual):
        if curve.error or not curve.turns:
            continue
        # The running sums the curve was built with: only the points drawn are read.
        ys = curve.cumulative(unit)
        role = (
            "actual"
            if curve is report.actual
            else ("active" if curve.name == report.active else "other")
        )
        projection = snapshot.projections.get(curve.name) if role != "actual" else None
        px: list[float] = []
        py: list[float] = []
        if projection is not None:
            px = [curve.turns[-1], *projection.turns]
            ahead = projection.cumulative_cost if unit == "cost" else projection.cumulative_tokens
            py = [ys[-1], *ahead]
        keep = thinned(len(curve.turns) + 1)  # the line starts at (0, 0)
        xs = [float(curve.turns[i - 1]) if i else 0.0 for i in keep]
        line_ys = [ys[i - 1] if i else 0.0 for i in keep]
        lines.append(
            Line(
                curve.name,
                curve.label,
                xs,
                line_ys,
                role,
                float(ys[-1]),
                curve.estimated > 0,
                px,
                py,
            )
        )
    wall = snapshot.wall("buffer")
    return CompareSeries(
        unit, lines, snapshot.horizon, wall, snapshot.context_window, switch_markers(switches)
    )


def dashes(
    xs: Sequence[float], ys: Sequence[float], count: int = DASHES
) -> list[tuple[list[float], list[float]]]:
    """A polyline cut into `count` dashes (every other piece): textual-plot draws no dashes."""
    if len(xs) < 2:
        return []
    start, end = xs[0], xs[-1]
    if end <= start:
        return []
    piece = (end - start) / (2 * count)
    out = []
    for k in range(count):
        a, b = start + 2 * k * piece, start + (2 * k + 1) * piece
        out.append(([a, b], [_at(xs, ys, a), _at(xs, ys, b)]))
    return out


def _at(xs: Sequence[float], ys: Sequence[float], x: float) -> float:
    """The polyline's value at x (linear between its points)."""
    index = min(max(bisect.bisect_right(xs, x), 1), len(xs) - 1)
    x0, x1, y0, y1 = xs[index - 1], xs[index], ys[index - 1], ys[index]
    return y0 if x1 == x0 else y0 + (y1 - y0) * (x - x0) / (x1 - x0)
