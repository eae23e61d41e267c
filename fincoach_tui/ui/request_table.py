"""The request inspector's table: a DataTable whose marker row (the rows of a long request
that are not listed) answers a single click, as a link would.

A DataTable's first click on a row only moves its cursor there, and a second selects it;
the marker says "click to show more", so one click has to do it.
"""

from __future__ import annotations

from textual import events
from textual.coordinate import Coordinate
from textual.message import Message
from textual.widgets import DataTable

MARKER_KEY = "earlier"  # the marker row's key; a message's row key is its number


class RequestTable(DataTable):
    class EarlierWanted(Message):
        """The marker was clicked: list more of the rows it stands for."""

    def is_marker(self, row: int) -> bool:
        if not 0 <= row < self.row_count:
            return False
        return self.coordinate_to_cell_key(Coordinate(row, 0)).row_key.value == MARKER_KEY

    def on_click(self, event: events.Click) -> None:
        # Runs before the DataTable's own handler moves the cursor, which selects the row
        # (RowSelected, handled as Enter is) only when the click is on the cell the cursor
        # is on already: any other click on the marker asks for more here.
        row, column = event.style.meta.get("row"), event.style.meta.get("column")
        if not isinstance(row, int) or not isinstance(column, int) or not self.is_marker(row):
            return
        if Coordinate(row, column) != self.cursor_coordinate:
            self.post_message(self.EarlierWanted())
