"""A DataTable whose rows change at the cost of the rows changed, not of the rows it holds:
the inspector's table (request_table.py) is one, and each turn appends, drops and updates
a few of its 200-odd rows.

Textual's DataTable numbers every row again, one by one in Python, for each row
`remove_row` takes out, and makes its list of rows in order (`ordered_rows`: what drawing,
scrolling and each move of the cursor read) again after any change, reading every row. So
`remove_rows` takes several out at once, and the rows' places are counted from a base
(RowPlaces): a run of rows taken out (the inspector's oldest listed, under the prompt and
the marker) moves the base and re-places the few rows above it, not every row below (rows
apart are numbered again once); and the rows in order are kept as rows are added and
removed, made again only after a sort or a `remove_row`. Checked against DataTable's own
removals in tests/ui/test_inspector_table.py.
"""

from __future__ import annotations

from collections.abc import Collection, Iterable
from typing import Any, Self

from rich.segment import Segment
from rich.style import Style
from textual._two_way_dict import TwoWayDict
from textual.cache import LRUCache
from textual.color import Color
from textual.css.styles import RenderStyles
from textual.geometry import Region
from textual.strip import Strip
from textual.widgets import DataTable
from textual.widgets.data_table import CellKey, ColumnKey, Row, RowDoesNotExist, RowKey

# A cell's drawing: its lines of segments (DataTable's SegmentLines).
CellLines = list[list[Segment]]


class RowPlaces(TwoWayDict[RowKey, int]):
    """Row keys and their places (0 at the top), kept from a base: a run of rows taken out
    moves the base and the rows above the run, not every row below it."""

    def __init__(self, keys: Iterable[RowKey] = ()) -> None:
        super().__init__({})
        self._base = 0
        for place, key in enumerate(keys):
            self[key] = place

    def __setitem__(self, key: RowKey, value: int) -> None:
        super().__setitem__(key, value + self._base)

    def get(self, key: RowKey) -> int | None:
        kept = super().get(key)
        return None if kept is None else kept - self._base

    def get_key(self, value: int) -> RowKey | None:
        return super().get_key(value + self._base)

    def contains_value(self, value: int) -> bool:
        return super().contains_value(value + self._base)

    def take_out(self, start: int, count: int) -> None:
        """Take out the `count` rows from place `start`: the rows above them are kept
        `count` further from the base, which moves on by `count`, so the rows below keep
        what they hold and move up. Costs the rows above and the rows taken out."""
        base = self._base
        for place in range(base + start, base + start + count):
            del self[self._key_at(place)]
        for place in reversed(range(base, base + start)):  # the lowest first: no clash
            key = self._key_at(place)
            del self[key]
            super().__setitem__(key, place + count)
        self._base = base + count

    def _key_at(self, kept: int) -> RowKey:
        """The key kept at `kept` (a place counted with the base)."""
        key = super().get_key(kept)
        if key is None:
            raise RowDoesNotExist(f"No row at {kept - self._base}.")
        return key


class StylesAsDrawn(RenderStyles):
    """A component's styles with the Rich style they have when a table starts drawing
    (RenderStyles works it out again, through every ancestor, each time it is read)."""

    def __init__(self, styles: RenderStyles) -> None:
        node = styles.node
        assert node is not None
        super().__init__(node, styles.base, styles.inline)
        self._drawn = styles.rich_style

    @property
    def rich_style(self) -> Style:
        return self._drawn


class ListingTable(DataTable):
    """A DataTable with `remove_rows`, its rows in order kept rather than made again, and
    its cells' drawings kept across changes (`_render_cell`)."""

    # The rows top to bottom, kept as they come and go (None: to be read again).
    _in_order: list[Row] | None = None
    # A cell's drawing by what it depends on: row, column, style, width, height, cursor and
    # hover; with the value it drew (the same object, or drawn again) and the row's place.
    _drawn_cells: LRUCache[tuple, tuple[Any, int, CellLines]] | None = None
    cells_drawn = 0  # cells drawn by Rich, not taken from `_drawn_cells` (tests count them)
    # The table's own style and background while its lines are drawn (None: not drawing).
    _drawing_styles: dict[Any, Any] | None = None

    def render_lines(self, crop: Region) -> list[Strip]:
        """Draw the lines in `crop`, reading the table's style and background once.

        DataTable reads `rich_style` for each line and `background_colors` for each row;
        each walks every ancestor's styles (the inspector's table is eight deep in the
        panel): a third of drawing the table. They cannot change while it draws."""
        self._drawing_styles = {}
        try:
            return super().render_lines(crop)
        finally:
            self._drawing_styles = None

    @property
    def rich_style(self) -> Style:
        kept = self._drawing_styles
        if kept is None:
            return super().rich_style
        if "rich_style" not in kept:
            kept["rich_style"] = super().rich_style
        return kept["rich_style"]

    def get_component_styles(self, *names: str) -> RenderStyles:
        kept = self._drawing_styles
        if kept is None:
            return super().get_component_styles(*names)
        if names not in kept:  # the header's and the rows' styles, read for each row
            kept[names] = StylesAsDrawn(super().get_component_styles(*names))
        return kept[names]

    @property
    def background_colors(self) -> tuple[Color, Color]:
        kept = self._drawing_styles
        if kept is None:
            return super().background_colors
        if "background_colors" not in kept:
            kept["background_colors"] = super().background_colors
        return kept["background_colors"]

    def _render_cell(
        self,
        row_index: int,
        column_index: int,
        base_style: Style,
        width: int,
        cursor: bool = False,
        hover: bool = False,
    ) -> CellLines:
        """A cell as DataTable draws it, drawn again only when what it shows changed.

        DataTable keys its drawings with a count of changes to the table, so each change
        (a turn's new rows) drew every cell on screen again through Rich, where most are
        the same cells a row or two higher. Kept here by row and column key instead, with
        the cell's value: a cell that only moved is reused, its segments given the row's
        new place (the `row` of their meta, which clicks read)."""
        if row_index < 0 or column_index < 0 or self.fixed_rows or self.fixed_columns:
            return super()._render_cell(row_index, column_index, base_style, width, cursor, hover)
        row_key = self._row_locations.get_key(row_index)
        column_key = self._column_locations.get_key(column_index)
        if row_key is None or column_key is None:
            return super()._render_cell(row_index, column_index, base_style, width, cursor, hover)
        value = self._data[row_key].get(column_key)
        key = (
            row_key,
            column_key,
            column_index,
            base_style,
            width,
            self.rows[row_key].height,
            cursor,
            hover,
            self._show_hover_cursor,
            self.show_cursor,
            self.cursor_foreground_priority,
            self.cursor_background_priority,
            self._pseudo_class_state,
        )
        if self._drawn_cells is None:
            self._drawn_cells = LRUCache(2000)
        kept = self._drawn_cells.get(key)
        if kept is not None and kept[0] is value:
            if kept[1] == row_index:
                return kept[2]
            meta = Style.from_meta({"row": row_index, "column": column_index})
            lines = [
                [
                    Segment(text, style + meta if style is not None else None, control)
                    for text, style, control in line
                ]
                for line in kept[2]
            ]
        else:
            self.cells_drawn += 1
            lines = super()._render_cell(row_index, column_index, base_style, width, cursor, hover)
        self._drawn_cells[key] = (value, row_index, lines)
        return lines

    @property
    def ordered_rows(self) -> list[Row]:
        """The rows as they appear on screen: kept, not read again after each change."""
        kept = self._in_order
        if kept is None or len(kept) != self.row_count:
            kept = self._in_order = list(super().ordered_rows)
        return kept

    def add_row(self, *cells: Any, **kwargs: Any) -> RowKey:
        key = super().add_row(*cells, **kwargs)
        if self._in_order is not None:
            self._in_order.append(self.rows[key])  # added at the bottom
        return key

    def remove_row(self, row_key: RowKey | str) -> None:
        super().remove_row(row_key)
        self._in_order = None

    def clear(self, columns: bool = False) -> Self:
        super().clear(columns)
        if self._drawn_cells is not None:
            self._drawn_cells.clear()
        self._row_locations = RowPlaces()
        self._in_order = []
        return self

    def sort(self, *args: Any, **kwargs: Any) -> Self:
        super().sort(*args, **kwargs)
        self._in_order = None
        return self

    def remove_rows(self, keys: Collection[str]) -> None:
        """Remove the rows of `keys` as `remove_row` removes one. A run of rows next to
        each other costs the rows above it and those removed; other rows are numbered
        again once, not once per row removed."""
        gone = set(keys)
        if not gone:
            return
        missing = sorted(key for key in gone if RowKey(key) not in self.rows)
        if missing:
            raise RowDoesNotExist(f"Row keys {missing!r} are not valid.")
        rows = self.ordered_rows
        places = self._row_locations
        start = min(self.get_row_index(key) for key in gone)
        stop = start + len(gone)
        if isinstance(places, RowPlaces) and all(r.key.value in gone for r in rows[start:stop]):
            places.take_out(start, len(gone))  # one run (the oldest listed): not renumbered
            left = rows[:start] + rows[stop:]
        else:
            left = [row for row in rows if row.key.value not in gone]
            places = RowPlaces(row.key for row in left)
        self._row_locations, self._in_order = places, left
        for value in gone:
            key = RowKey(value)
            self._updated_cells.difference_update(CellKey(key, column) for column in self.columns)
            self._new_rows.discard(key)
            del self.rows[key]
            del self._data[key]
        self._require_update_dimensions = True
        self.check_idle()
        # As remove_row: the cursor and hover kept in range, the rows drawn again.
        self.cursor_coordinate = self.cursor_coordinate
        self.hover_coordinate = self.hover_coordinate
        self._update_count += 1
        self.refresh(layout=True)

    def content_width(self, column: str) -> int:
        """The width of the widest cell in `column` (as the table measured them)."""
        return self.columns[ColumnKey(column)].content_width
