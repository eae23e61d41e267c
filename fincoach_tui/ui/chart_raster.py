"""A grid of character cells with a style each, and the drawing the cost chart needs. Pure.

The chart was drawn by textual-plot onto textual-hires-canvas widgets: every cell set
asked the canvas widget to refresh, so a frame with a hundred bars cost a thousand
refreshes. These are the same algorithms on plain lists (the same cells come out: the
tests draw both ways and compare), with no widget behind them:

- points in sub-cell units ("hires": braille 2x4 dots a cell, half blocks 1x2), grouped
  by cell; each cell drawn gets the character of the points of that one call, replacing
  what was there (a later bar or line wins a cell outright, as before);
- lines clipped to the grid (Cohen-Sutherland), then Bresenham's on the sub-cell grid;
- filled rectangles: whole cells inside, half blocks along a fractional edge;
- a box of line characters, and text written left, centred or right of a column.
"""

from __future__ import annotations

from collections.abc import Iterable
from math import ceil, floor

from rich.style import Style
from textual._box_drawing import BOX_CHARACTERS

# Sub-cell sizes (across, down) and the character for each pattern of set points, in
# row-major order: (1, 0) is the upper half of a half-block cell.
BRAILLE = (2, 4)
HALFBLOCK = (1, 2)
HALF_BLOCKS = {(1, 0): "▀", (0, 1): "▄", (1, 1): "█"}
# Braille dots in row-major order (x, y) -> the bit of U+2800 + bits.
_BRAILLE_BITS = ((0x01, 0x08), (0x02, 0x10), (0x04, 0x20), (0x40, 0x80))
# A box character's quad (up, right, down, left); the first quad drawn with it.
QUAD_OF: dict[str, tuple[int, int, int, int]] = {}
for _quad, _char in BOX_CHARACTERS.items():
    QUAD_OF.setdefault(_char, _quad)

LEFT, CENTER, RIGHT = "left", "center", "right"
EPSILON = 1e-9  # keeps a rectangle's fractional edge out of the next cell


def hires_bit(size: tuple[int, int], x: int, y: int) -> int:
    """The bit of sub-cell point (x, y) of a cell in mode `size` (see `hires_char`)."""
    return (1 << y) if size == HALFBLOCK else _BRAILLE_BITS[y][x]


def hires_char(size: tuple[int, int], bits: int) -> str:
    """The character showing the points `bits` holds (`hires_bit`) in mode `size`."""
    if size == HALFBLOCK:
        return HALF_BLOCKS[(bits & 1, bits >> 1)]
    return chr(0x2800 + bits)


# Each mode's bits by sub-cell point, [y][x].
_BITS = {size: [[hires_bit(size, x, y) for x in range(size[0])] for y in range(size[1])]
         for size in (BRAILLE, HALFBLOCK)}  # fmt: skip


class Raster:
    """`width` x `height` cells, each a character and a style string ("" for none)."""

    def __init__(self, width: int, height: int) -> None:
        self.width = max(0, width)
        self.height = max(0, height)
        self.chars = [[" "] * self.width for _ in range(self.height)]
        self.styles = [[""] * self.width for _ in range(self.height)]

    def set(self, x: int, y: int, char: str, style: str) -> None:
        if 0 <= x < self.width and 0 <= y < self.height:
            self.chars[y][x] = char
            self.styles[y][x] = style

    def char(self, x: int, y: int) -> str:
        return self.chars[y][x]

    # ---- sub-cell points ----------------------------------------------------------------
    def hires_points(
        self, points: Iterable[tuple[float, float]], size: tuple[int, int], style: str
    ) -> None:
        across, down = size
        bit = _BITS[size]
        width, height = self.width, self.height
        cells: dict[tuple[int, int], int] = {}
        for x, y in points:
            if not (0 <= x < width and 0 <= y < height):  # floor(x) in range, for x >= 0
                continue
            hx, hy = floor(x * across), floor(y * down)
            cell = (hx // across, hy // down)
            cells[cell] = cells.get(cell, 0) | bit[hy % down][hx % across]
        for (x, y), bits in cells.items():
            self.set(x, y, hires_char(size, bits), style)

    def hires_lines(
        self,
        segments: Iterable[tuple[float, float, float, float]],
        size: tuple[int, int],
        style: str,
    ) -> None:
        """Segments in cell units drawn on the sub-cell grid, all as one set of points."""
        across, down = size
        points: list[tuple[float, float]] = []
        for x0, y0, x1, y1 in segments:
            clipped = self.clip(float(x0), float(y0), float(x1), float(y1))
            if clipped is None:
                continue
            cx0, cy0, cx1, cy1 = clipped
            line = bresenham(
                floor(cx0 * across), floor(cy0 * down), floor(cx1 * across), floor(cy1 * down)
            )
            points.extend((x * (1.0 / across), y * (1.0 / down)) for x, y in line)
        if points:
            self.hires_points(points, size, style)

    def clip(
        self, x0: float, y0: float, x1: float, y1: float
    ) -> tuple[float, float, float, float] | None:
        """The part of a segment inside the grid (Cohen-Sutherland), or None."""
        top_x, top_y = self.width - 1, self.height - 1
        if 0 <= x0 <= top_x and 0 <= x1 <= top_x and 0 <= y0 <= top_y and 0 <= y1 <= top_y:
            return x0, y0, x1, y1  # inside: most segments

        def code(x: float, y: float) -> int:
            return (1 if x < 0 else 2 if x > top_x else 0) | (4 if y < 0 else 8 if y > top_y else 0)

        code0, code1 = code(x0, y0), code(x1, y1)
        while True:
            if not code0 and not code1:
                return x0, y0, x1, y1
            if code0 & code1:
                return None
            out = code0 or code1
            x: float
            y: float
            if out & 8:
                x, y = (x0 + (x1 - x0) * (top_y - y0) / (y1 - y0) if y1 != y0 else x0), top_y
            elif out & 4:
                x, y = (x0 + (x1 - x0) * (0 - y0) / (y1 - y0) if y1 != y0 else x0), 0
            elif out & 2:
                x, y = top_x, (y0 + (y1 - y0) * (top_x - x0) / (x1 - x0) if x1 != x0 else y0)
            else:
                x, y = 0, (y0 + (y1 - y0) * (0 - x0) / (x1 - x0) if x1 != x0 else y0)
            if out == code0:
                x0, y0, code0 = x, y, code(x, y)
            else:
                x1, y1, code1 = x, y, code(x, y)

    # ---- whole cells --------------------------------------------------------------------
    def line(self, x0: int, y0: int, x1: int, y1: int, char: str, style: str) -> None:
        clipped = self.clip(float(x0), float(y0), float(x1), float(y1))
        if clipped is not None:
            cx0, cy0, cx1, cy1 = (int(v) for v in clipped)
            for x, y in bresenham(cx0, cy0, cx1, cy1):
                self.set(x, y, char, style)

    def fill(self, x0: int, y0: int, x1: int, y1: int, char: str, style: str) -> None:
        """Cells x0..x1, y0..y1 (inclusive, clipped to the grid)."""
        left, right = max(min(x0, x1), 0), min(max(x0, x1), self.width - 1)
        top, bottom = max(min(y0, y1), 0), min(max(y0, y1), self.height - 1)
        if left > right or top > bottom:
            return
        chars, styles = [char] * (right - left + 1), [style] * (right - left + 1)
        for y in range(top, bottom + 1):
            self.chars[y][left : right + 1] = chars
            self.styles[y][left : right + 1] = styles

    def fill_hires(
        self, x0: float, y0: float, x1: float, y1: float, size: tuple[int, int], style: str
    ) -> None:
        """A filled rectangle in cell units: whole cells inside, sub-cell points on the
        cells its fractional edges cross (snapped to the sub-cell grid first)."""
        across, down = size
        xs, xe = sorted((x0, x1))
        ys, ye = sorted((y0, y1))
        if xs == xe and ys == ye:
            self.hires_points([(xs, ys)], size, style)
            return
        xs, xe = round(xs * across) / across, round(xe * across) / across
        ys, ye = round(ys * down) / down, round(ye * down) / down
        ixs, iys, ixe, iye = ceil(xs), ceil(ys), floor(xe), floor(ye)
        edge: list[tuple[float, float]] = []
        if ixs >= ixe or iys >= iye:  # no whole cell inside
            edge.extend(area(xs, ys, xe, ye, size))
        else:
            full = "█" if size == HALFBLOCK else "⣿"
            self.fill(ixs, iys, ixe - 1, iye - 1, full, style)
            if ys < iys:
                edge.extend(area(xs, ys, xe - EPSILON, iys - EPSILON, size))
            if ye > iye:
                edge.extend(area(xs, float(iye), xe - EPSILON, ye - EPSILON, size))
            if xs < ixs:
                edge.extend(area(xs, float(iys), ixs - EPSILON, iye - EPSILON, size))
            if xe > ixe:
                edge.extend(area(float(ixe), float(iys), xe - EPSILON, iye - EPSILON, size))
        if edge:
            self.hires_points(edge, size, style)

    def box(self, x0: int, y0: int, x1: int, y1: int, thickness: int, style: str) -> None:
        """A rectangle of line characters with corners at (x0, y0) and (x1, y1)."""
        t = thickness
        x0, x1 = sorted((x0, x1))
        y0, y1 = sorted((y0, y1))
        if x1 == x0 and y1 == y0:
            return
        box = BOX_CHARACTERS
        if y1 == y0:
            self.set(x0, y0, box[(0, t, 0, 0)], style)
            self.set(x1, y0, box[(0, 0, 0, t)], style)
            if x1 - x0 >= 2:
                self.line(x0 + 1, y0, x1 - 1, y1, box[(0, t, 0, t)], style)
            return
        if x1 == x0:
            self.set(x0, y0, box[(0, 0, t, 0)], style)
            self.set(x0, y1, box[(t, 0, 0, 0)], style)
            if y1 - y0 >= 2:
                self.line(x0, y0 + 1, x1, y1 - 1, box[(t, 0, t, 0)], style)
            return
        self.set(x0, y0, box[(0, t, t, 0)], style)
        self.set(x1, y0, box[(0, 0, t, t)], style)
        self.set(x1, y1, box[(t, 0, 0, t)], style)
        self.set(x0, y1, box[(t, t, 0, 0)], style)
        if x1 - x0 >= 2:
            for y in (y0, y1):
                self.line(x0 + 1, y, x1 - 1, y, box[(0, t, 0, t)], style)
        if y1 - y0 >= 2:
            for x in (x0, x1):
                self.line(x, y0 + 1, x, y1 - 1, box[(t, 0, t, 0)], style)

    def text(self, x: int, y: int, text: str, style: str, align: str = LEFT) -> None:
        """`text` in `style` at row y: from column x, centred on it, or ending at it."""
        if not text or not 0 <= y < self.height:
            return
        n = len(text)
        if align == RIGHT:
            x -= n - 1
        elif align == CENTER:
            half, odd = divmod(n, 2)
            x -= half - (0 if odd else 1)  # an even text sits one to the right
        if x <= -n or x >= self.width:
            return
        cut_left = max(0, -x)
        cut_right = max(0, x + n - self.width)
        shown = text[cut_left : n - cut_right]
        start = x + cut_left
        self.chars[y][start : start + len(shown)] = shown
        self.styles[y][start : start + len(shown)] = [style] * len(shown)


def area(
    x0: float, y0: float, x1: float, y1: float, size: tuple[int, int]
) -> list[tuple[float, float]]:
    """Points covering a rectangle in cell units, edges included, a sub-cell apart."""
    if x0 >= x1 or y0 >= y1:
        return []
    width, height = x1 - x0, y1 - y0
    x_steps = max(1, ceil(width * size[0]))
    y_steps = max(1, ceil(height * size[1]))
    return [
        (x0 + (j / x_steps) * width, y0 + (i / y_steps) * height)
        for i in range(y_steps + 1)
        for j in range(x_steps + 1)
    ]


def bresenham(x0: int, y0: int, x1: int, y1: int) -> list[tuple[int, int]]:
    """The cells of a line from (x0, y0) to (x1, y1), both ends included."""
    if x0 == x1 and y0 == y1:
        return [(x0, y0)]
    if y0 == y1:
        return [(x, y0) for x in range(min(x0, x1), max(x0, x1) + 1)]
    if x0 == x1:
        return [(x0, y) for y in range(min(y0, y1), max(y0, y1) + 1)]
    dx, sx = abs(x1 - x0), 1 if x0 < x1 else -1
    dy, sy = -abs(y1 - y0), 1 if y0 < y1 else -1
    error, most = dx + dy, max(abs(x1 - x0), abs(y1 - y0)) + 1
    x, y = x0, y0
    points = [(x, y)]
    while not (x == x1 and y == y1):
        e2 = 2 * error
        if e2 >= dy:
            if x == x1:
                break
            error += dy
            x += sx
        if e2 <= dx:
            if y == y1:
                break
            error += dx
            y += sy
        points.append((x, y))
        if len(points) > most:
            break
    return points


_parsed: dict[str, Style] = {}


def parsed(style: str) -> Style:
    """A style string as a Style, parsed once."""
    found = _parsed.get(style)
    if found is None:
        found = _parsed[style] = Style.parse(style)
    return found
