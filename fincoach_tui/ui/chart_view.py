"""The cost chart's plot on screen: one widget drawing a line at a time.

It replaced textual-plot's PlotWidget (a grid of four canvas widgets), whose every cell
set asked the canvas for a refresh: a hundred bars were a thousand refreshes a turn. Here
a turn's new plot is drawn once, as plain cells (chart_plot.py), when the next frame asks
for its first line; each screen line is one Strip of a few segments, kept until the plot,
the size or the theme changes, so a frame that only repaints the chart rebuilds nothing.
It has no children: a new plot asks for a repaint, never a layout.
"""

from __future__ import annotations

from rich.segment import Segment
from rich.style import Style
from textual.geometry import Offset
from textual.strip import Strip
from textual.widget import Widget

from fincoach_tui.ui.chart_plot import MARGIN_LEFT, MARGIN_TOP, Picture, PlotSpec, PlotStyles, draw
from fincoach_tui.ui.chart_raster import Raster, parsed


class ChartPlot(Widget):
    """Shows a `PlotSpec`; `show` a new one to change it."""

    COMPONENT_CLASSES = {"plot--axis", "plot--tick", "plot--label", "plot--note"}

    DEFAULT_CSS = """
    ChartPlot {
        & > .plot--axis { color: $secondary; }
        & > .plot--tick { color: $secondary; text-style: bold; }
        & > .plot--label { color: $primary; text-style: bold italic; }
        & > .plot--note { color: $text-muted; }
    }
    """

    def __init__(self, spec: PlotSpec | None = None, *, id: str | None = None) -> None:
        super().__init__(id=id)
        self.spec = spec if spec is not None else PlotSpec()
        self._picture: Picture | None = None
        self._strips: dict[int, Strip] = {}
        self._base = Style()
        self.pictures_drawn = 0  # how many times the plot was drawn whole
        self.lines_built = 0  # how many screen lines were made into strips
        self.lines_asked = 0  # how many screen lines frames asked for

    def show(self, spec: PlotSpec) -> None:
        if spec != self.spec:
            self.spec = spec
            self._forget()

    def notify_style_update(self) -> None:
        super().notify_style_update()
        self._forget()  # the theme's colours are in the cells

    def _forget(self) -> None:
        self._picture = None
        self._strips.clear()
        self.refresh()

    def picture(self) -> Picture:
        """The plot at the widget's size, drawn if it was not yet."""
        width, height = self.size
        found = self._picture
        if found is None or (found.width, found.height) != (width, height):
            found = self._picture = draw(self.spec, width, height, self._plot_styles())
            self._base = self.rich_style  # under every cell (costly to look up per line)
            self._strips.clear()
            self.pictures_drawn += 1
        return found

    def _plot_styles(self) -> PlotStyles:
        def of(name: str) -> str:
            return str(self.get_component_rich_style(name))

        tick, label = of("plot--tick"), of("plot--label")
        # Written as text, the library's labels went through markup: the same strings.
        return PlotStyles(
            of("plot--axis"), str(Style.parse(tick)), str(Style.parse(label)), of("plot--note")
        )

    def render_line(self, y: int) -> Strip:
        self.lines_asked += 1
        picture = self.picture()
        strip = self._strips.get(y)
        if strip is None:
            base = self._base
            if y >= picture.height:
                return Strip.blank(picture.width, base)
            segments: list[Segment] = []
            for raster, row in picture.row(y):
                segments.extend(line_segments(raster, row, base))
            strip = self._strips[y] = Strip(segments, picture.width)
            self.lines_built += 1
        return strip

    # ---- where things are ---------------------------------------------------------------
    def x_at(self, screen_x: int, screen_y: int) -> float | None:
        """The x value under a screen cell, if the cell is inside the plot's frame."""
        picture = self.picture()
        column = screen_x - self.region.x - MARGIN_LEFT
        row = screen_y - self.region.y - MARGIN_TOP
        if not (0 <= column < picture.plot.width and 0 <= row < picture.plot.height):
            return None
        return picture.x_at(column)

    def offset_of(self, x: float, row: int) -> Offset:
        """The widget offset of the plot's column for x value `x`, at the plot's `row`."""
        return Offset(MARGIN_LEFT + self.picture().column_of(x), MARGIN_TOP + row)

    @property
    def plot_rows(self) -> int:
        return self.picture().plot.height


def line_segments(raster: Raster, y: int, base: Style) -> list[Segment]:
    """Row y of `raster` as segments, one per run of a style, over the widget's style."""
    chars, styles = raster.chars[y], raster.styles[y]
    if all(char == " " for char in chars):
        return [Segment(" " * len(chars), base)] if chars else []
    segments: list[Segment] = []
    start = 0
    for end in range(1, len(chars) + 1):
        if end == len(chars) or styles[end] != styles[start]:
            style = base + parsed(styles[start]) if styles[start] else base
            segments.append(Segment("".join(chars[start:end]), style))
            start = end
    return segments
