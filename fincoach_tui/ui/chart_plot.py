"""What the cost chart's plot shows (a `PlotSpec`), and its picture at a size. Pure.

The picture is textual-plot's layout, cell for cell: a row for the y axis's name on top,
ten columns of y tick labels on the left, the plot framed by a heavy box with tick marks
on it, and three rows below (the x tick labels, a blank row, the x axis's name). Inside
the frame, in the order given: cumulative lines in braille dots, bars in half blocks;
then the frame, the vertical markers, the ticks and the names over them.

A spec with a `note` and nothing to plot is drawn as the note alone, centred: axes from
0 to 1 would measure nothing, and say less than a sentence does.
"""

from __future__ import annotations

import textwrap
from collections.abc import Sequence
from dataclasses import dataclass, field
from math import ceil, floor, log10

from textual._box_drawing import BOX_CHARACTERS, combine_quads

from fincoach_tui.ui.chart_axis import tick_labels, y_ticks
from fincoach_tui.ui.chart_raster import (
    BRAILLE,
    CENTER,
    HALFBLOCK,
    QUAD_OF,
    RIGHT,
    Raster,
)

MARGIN_LEFT = 10
MARGIN_TOP = 1
MARGIN_BOTTOM = 3
# The ticks of an axis with nothing on it (0 to 1): textual-plot's own, at a step of 0.2.
EMPTY_TICKS = [i * 0.2 for i in range(6)]


@dataclass(frozen=True)
class PlotLine:
    """A polyline in braille dots."""

    xs: Sequence[float]
    ys: Sequence[float]
    style: str


@dataclass(frozen=True)
class PlotBars:
    """Bars from 0 up to each height, `width` wide (in x units) and centred on each x."""

    xs: Sequence[float]
    heights: Sequence[float]
    width: float
    styles: Sequence[str]  # one per bar


@dataclass(frozen=True)
class VLine:
    x: float
    style: str
    label: str


@dataclass(frozen=True)
class PlotSpec:
    """Everything the plot draws. The default is the empty plot: axes from 0 to 1; with a
    `note`, the note instead (see the module's doc)."""

    layers: Sequence[PlotLine | PlotBars] = ()  # drawn in order: the later wins a cell
    v_lines: Sequence[VLine] = ()
    x_limits: tuple[float, float] | None = None
    x_ticks: Sequence[int] | None = None
    y_top: float | None = None  # the y axis is `chart_axis.y_ticks(y_top, rows)`
    y_unit: str = "tokens"  # "tokens" or "cost": whole ticks, and how they read
    x_label: str = ""
    y_label: str = ""
    note: tuple[str, ...] = ()  # a heading, then lines that say more, each wrapped to fit


@dataclass(frozen=True)
class PlotStyles:
    """The frame's, the tick labels' and the axis names' styles (style strings)."""

    axis: str = ""
    tick: str = ""
    label: str = ""
    note: str = ""  # a note's lines after its heading (the heading is a `label`)


@dataclass
class Picture:
    """The plot's parts at one size; `rows()` are what each screen line shows."""

    width: int
    height: int
    top: Raster
    left: Raster
    plot: Raster
    bottom: Raster
    limits: tuple[float, float, float, float] = field(default=(0.0, 1.0, 0.0, 1.0))
    whole: Raster | None = None  # a note's picture: every line of it, and no plot

    def row(self, y: int) -> list[tuple[Raster, int]]:
        """The parts (raster, its row) that screen line `y` shows, left to right."""
        if self.whole is not None:
            return [(self.whole, y)]
        inner = self.height - MARGIN_TOP - MARGIN_BOTTOM
        if y < MARGIN_TOP:
            return [(self.top, y)]
        if y < MARGIN_TOP + inner:
            return [(self.left, y - MARGIN_TOP), (self.plot, y - MARGIN_TOP)]
        return [(self.bottom, y - MARGIN_TOP - inner)]

    def x_at(self, column: int) -> float:
        """The x value under a column of the plot (its middle), the frame included."""
        x_min, x_max, _, _ = self.limits
        return linear(column + 0.5, 1, self.plot.width - 1, x_min, x_max)

    def column_of(self, x: float) -> int:
        x_min, x_max, _, _ = self.limits
        return floor(linear(x, x_min, x_max, 1, self.plot.width - 1))


def linear(x: float, a: float, b: float, a2: float, b2: float) -> float:
    """x in [a, b] mapped to [a2, b2] (the plot library's own arithmetic, in its order)."""
    return a2 + (x - a) * (b2 - a2) / (b - a)


def numeric_labels(ticks: Sequence[float]) -> list[str]:
    """Tick labels with the decimals their step needs (textual-plot's numeric axis)."""
    if not ticks:
        return []
    power = floor(log10(ticks[1] - ticks[0])) if len(ticks) >= 2 else 0
    decimals = -min(0, power)
    return [f"{tick:.{decimals}f}" for tick in ticks]


def draw(spec: PlotSpec, width: int, height: int, styles: PlotStyles) -> Picture:
    """The picture of `spec` on `width` x `height` cells."""
    if spec.note and not spec.layers:
        return draw_note(spec.note, width, height, styles)
    w = max(0, width - MARGIN_LEFT)
    h = max(0, height - MARGIN_TOP - MARGIN_BOTTOM)
    plot = Raster(w, h)
    picture = Picture(
        width,
        height,
        Raster(width, MARGIN_TOP),
        Raster(MARGIN_LEFT, h),
        plot,
        Raster(width, MARGIN_BOTTOM),
    )
    if not w or not h:
        return picture
    x_min, x_max = spec.x_limits if spec.x_limits is not None else (0.0, 1.0)
    if spec.y_top is None:
        y_ticks_, y_labels = EMPTY_TICKS, numeric_labels(EMPTY_TICKS)
        y_min, y_max = 0.0, 1.0
    else:
        y_ticks_ = y_ticks(spec.y_top, h, whole=spec.y_unit != "cost")
        y_labels = tick_labels(y_ticks_, spec.y_unit)
        y_min, y_max = 0, y_ticks_[-1]
    picture.limits = (x_min, x_max, y_min, y_max)

    def cell(x: float, y: float) -> tuple[int, int]:
        return floor(linear(x, x_min, x_max, 1, w - 1)), ceil(linear(y, y_min, y_max, h - 2, 0))

    # `linear` onto the frame's inside in sub-cell units, its spans worked out once.
    across, span_x, down, span_y = w - 2, x_max - x_min, 1 - (h - 1), y_max - y_min

    def hires(x: float, y: float) -> tuple[float, float]:
        return 1 + (x - x_min) * across / span_x, (h - 1) + (y - y_min) * down / span_y

    for layer in spec.layers:
        if isinstance(layer, PlotLine):
            points = [hires(x, y) for x, y in zip(layer.xs, layer.ys)]
            segments = [(*a, *b) for a, b in zip(points, points[1:])]
            plot.hires_lines(segments, BRAILLE, layer.style)
            continue
        half = layer.width / 2
        for x, top, style in zip(layer.xs, layer.heights, layer.styles):
            x0, y0 = hires(x - half, top)
            x1, y1 = hires(x + half, 0.0)
            plot.fill_hires(x0, y0, x1, y1, HALFBLOCK, style)
    plot.box(0, 0, w - 1, h - 1, 2, styles.axis)
    for v in spec.v_lines:
        x, _ = cell(v.x, 0)
        plot.line(x, 1, x, h - 2, "│", v.style)
        plot.set(x, 0, BOX_CHARACTERS[(0, 2, 2, 2)], styles.axis)
        plot.set(x, h - 1, BOX_CHARACTERS[(2, 2, 0, 2)], styles.axis)
    x_ticks = spec.x_ticks if spec.x_ticks is not None else EMPTY_TICKS
    for tick, label in zip(x_ticks, numeric_labels(x_ticks)):
        if tick < x_min or tick > x_max:
            continue
        align = CENTER
        x, _ = cell(tick, 0.0)
        if tick == x_min:
            x -= 1
        elif tick == x_max:
            align = RIGHT
        for y, quad in ((0, (2, 0, 0, 0)), (h - 1, (0, 0, 2, 0))):
            mark(plot, x, y, quad, styles.axis)
        picture.bottom.text(x + MARGIN_LEFT, 0, label, styles.tick, align)
    for tick, label in zip(y_ticks_, (label[: MARGIN_LEFT - 1] for label in y_labels)):
        if tick < y_min or tick > y_max:
            continue
        _, y = cell(0.0, tick)
        if tick == y_min:
            y += 1
        for x, quad in ((0, (0, 0, 0, 2)), (w - 1, (0, 2, 0, 0))):
            mark(plot, x, y, quad, styles.axis)
        picture.left.text(MARGIN_LEFT - 2, y, label, styles.tick, RIGHT)
    picture.bottom.text(w // 2 + MARGIN_LEFT, 2, spec.x_label, styles.label, CENTER)
    picture.top.text(MARGIN_LEFT - 2, 0, spec.y_label, styles.label, CENTER)
    return picture


def mark(plot: Raster, x: int, y: int, quad: tuple[int, int, int, int], style: str) -> None:
    """A tick mark joined to the frame's line under it."""
    under = QUAD_OF.get(plot.char(x, y))
    if under is None:
        raise ValueError(f"a tick mark on {plot.char(x, y)!r}, not on the frame")
    plot.set(x, y, BOX_CHARACTERS[combine_quads(under, quad)], style)


def draw_note(note: Sequence[str], width: int, height: int, styles: PlotStyles) -> Picture:
    """`note`'s lines wrapped to `width` and centred both ways; what does not fit the
    height is cut from the end, so the heading is always shown."""
    whole = Raster(width, height)
    lines = [
        (piece, styles.label if index == 0 else styles.note)
        for index, line in enumerate(note)
        for piece in (textwrap.wrap(line, width) if width > 0 else [])
    ][:height]
    top = (height - len(lines)) // 2
    for row, (text, style) in enumerate(lines):
        whole.text((width - len(text)) // 2, top + row, text, style)
    empty = Raster(0, 0)
    return Picture(width, height, empty, empty, empty, empty, whole=whole)
