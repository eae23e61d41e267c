"""A DataTable whose rows change at the cost of the rows changed, not of the rows it holds:
the inspector's table (request_table.py) is one, and each turn appends, drops and updates
a few of its 200-odd rows.

Textual's DataTable numbers every row again, one by one in Python, for each row
`remove_row` takes out, and makes its list of rows in order (`ordered_rows`: what drawing,
scrolling and each move of the cursor read) again after any change, reading every row. So
`remove_rows` takes several out and numbers the rest once, and the rows in order are kept
as rows are added and removed, made again only after a sort or a `remove_row`.
"""

from __future__ import annotations

from collections.abc import Collection
from typing import Any, Self

from textual._two_way_dict import TwoWayDict
from textual.widgets import DataTable
from textual.widgets.data_table import CellKey, ColumnKey, Row, RowDoesNotExist, RowKey


class ListingTable(DataTable):
    # The rows top to bottom, kept as they come and go (None: to be read again).
    _in_order: list[Row] | None = None

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
        self._in_order = []
        return self

    def sort(self, *args: Any, **kwargs: Any) -> Self:
        super().sort(*args, **kwargs)
        self._in_order = None
        return self

    def remove_rows(self, keys: Collection[str]) -> None:
        """Remove the rows of `keys` as `remove_row` removes one, numbering the rows left
        once rather than once per row removed."""
        gone = set(keys)
        if not gone:
            return
        missing = sorted(key for key in gone if RowKey(key) not in self.rows)
        if missing:
            raise RowDoesNotExist(f"Row keys {missing!r} are not valid.")
        left = [row for row in self.ordered_rows if row.key.value not in gone]
        self._row_locations = TwoWayDict({row.key: index for index, row in enumerate(left)})
        self._in_order = left
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
