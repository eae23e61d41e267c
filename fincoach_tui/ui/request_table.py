"""The request inspector's table: a DataTable whose marker row (the rows of a long request
that are not listed) answers a single click, as a link would, and which says when a person
scrolls it to its top (where the marker is), to list more there.

A DataTable's first click on a row only moves its cursor there, and a second selects it;
the marker says "click to show more", so one click has to do it.
Its rows change at the cost of the rows changed (inspector_table.py).
"""

from __future__ import annotations

from textual import events
from textual.coordinate import Coordinate
from textual.message import Message
from textual.widgets.data_table import RowKey

from fincoach_tui.ui.inspector_table import ListingTable

MARKER_KEY = "earlier"  # the marker row's key; a message's row key is its number


class RequestTable(ListingTable):
    class EarlierWanted(Message):
        """The marker was clicked: list more of the rows it stands for."""

    class TopReached(Message):
        """The table was scrolled to its top (by the wheel, the scrollbar, keys)."""

    # Refills whose own scrolling has not settled yet, and those of them not yet told to
    # settle: until then, reaching the top is the refill's doing, not a person's.
    _refilling = 0
    _unsettled = 0
    _quiet = 0  # inside a scroll the table makes itself

    def refill(self) -> None:
        """Empty the table to fill it again. Clearing scrolls it to its top at once, and
        the cursor the filler moves scrolls it after the next refresh (the rows' heights
        are known only then); neither is reported as reaching the top. Follow with
        `settle` once the rows are in and the cursor is placed."""
        self._refilling += 1
        self._unsettled += 1
        self._quiet += 1
        try:
            self.clear()
        finally:
            self._quiet -= 1

    def settle(self, y: float | None = None) -> None:
        """The refills since the last call are filled: after the next refresh, where the
        cursor's own scrolling (scheduled before this) has run, scroll to `y` if given,
        and from then on a top reached is a person's again, from the first frame that
        shows the new rows. Nothing to do without a refill or a `y`."""
        count, self._unsettled = self._unsettled, 0
        if count or y is not None:
            self.call_after_refresh(self._settled, count, y)

    def _settled(self, count: int, y: float | None) -> None:
        if y is not None:
            self._quiet += 1
            try:
                self.scroll_to(y=y, animate=False, immediate=True)
            finally:
                self._quiet -= 1
        self._refilling -= count

    @property
    def settling(self) -> bool:
        """A refill's scrolling is still to come: the table's position is not settled."""
        return self._refilling > 0

    def _person_at_top(self) -> bool:
        return not self._quiet and not self._refilling and self.has_marker

    def watch_scroll_y(self, old_value: float, new_value: float) -> None:
        super().watch_scroll_y(old_value, new_value)
        if new_value <= 0 < old_value and self._person_at_top():
            self.post_message(self.TopReached())

    def action_scroll_top(self) -> None:
        # Ctrl+Home again where the table is at its top already: more, as the wheel there.
        again = self.scroll_y <= 0 and self.cursor_row == 0
        super().action_scroll_top()
        if again and self._person_at_top():
            self.post_message(self.TopReached())

    def on_mouse_scroll_up(self, event: events.MouseScrollUp) -> None:
        # The wheel turned up at the top (where the table cannot scroll): more, too.
        if self.scroll_y <= 0 and self._person_at_top():
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
