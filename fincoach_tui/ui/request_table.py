"""The request inspector's table: a DataTable whose marker row (the rows of a long request
that are not listed) answers a single click, as a link would, and which says when a person
scrolls it to its top (where the marker is), to list more there.

A DataTable's first click on a row only moves its cursor there, and a second selects it;
the marker says "click to show more", so one click has to do it.
"""

from __future__ import annotations

from textual import events
from textual.coordinate import Coordinate
from textual.message import Message
from textual.widgets import DataTable
from textual.widgets.data_table import RowKey

MARKER_KEY = "earlier"  # the marker row's key; a message's row key is its number


class RequestTable(DataTable):
    class EarlierWanted(Message):
        """The marker was clicked: list more of the rows it stands for."""

    class TopReached(Message):
        """The table was scrolled to its top (by the wheel, the scrollbar, keys)."""

    _held = 0  # refills under way: the top they scroll to is not a person's scrolling

    def hold_top(self) -> None:
        """The table is being filled again: clearing it puts the cursor on its first row,
        and scrolls there two refreshes later (the cursor's watcher, then a deferred
        scroll). Reaching the top until then is not reported."""
        self._held += 1
        self.call_after_refresh(self.call_after_refresh, self._release_top)

    def _release_top(self) -> None:
        self._held -= 1

    @property
    def top_held(self) -> bool:
        return self._held > 0

    def watch_scroll_y(self, old_value: float, new_value: float) -> None:
        super().watch_scroll_y(old_value, new_value)
        if new_value <= 0 < old_value and not self._held and self.has_marker:
            self.post_message(self.TopReached())

    def on_mouse_scroll_up(self, event: events.MouseScrollUp) -> None:
        # The wheel turned up at the top (where the table cannot scroll): more, too.
        if self.scroll_y <= 0 and not self._held and self.has_marker:
            self.post_message(self.TopReached())

    @property
    def has_marker(self) -> bool:
        return RowKey(MARKER_KEY) in self.rows

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
