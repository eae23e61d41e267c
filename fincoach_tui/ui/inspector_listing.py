"""The inspector's table kept in step with the request it shows: which rows it lists (its
first rows, a marker, the newest ones: row_window.py), and the rows a new request changed
or added put in place of the old ones rather than the table filled again.

The widget (inspector.py) owns the table and the cursor and says when; this adds, drops
and updates the table's rows. A new request that begins with the rows drawn (buffer
resends the whole conversation: each request is the last one, its question no longer
new, and two more messages) costs the rows that changed or came, neither the request's
length nor the rows listed: a changed row keeps its place and has its changed cells set,
the rows dropped go in one removal, and the rows kept are compared by their messages.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from rich.style import Style
from rich.text import Text

from fincoach_tui.ui import format as fmt
from fincoach_tui.ui.inspector_rows import InspectorRow, Marker, RequestRows, head_length
from fincoach_tui.ui.request_table import MARKER_KEY, RequestTable
from fincoach_tui.ui.row_window import RowWindow

# The table's columns, by key, left to right (the widget adds them: inspector.py).
COLUMNS = ("number", "role", "provenance", "tokens", "preview")
# Listed rows a new request may change and still be appended to (buffer's last question
# is no longer new in the next request).
REPLACED_MOST = 4


class RowListing:
    """The rows of the request on screen, the window of them the table lists, and the
    marker standing for the others. `style(provenance)` is the widget's colour lookup."""

    def __init__(self, style: Callable[[str], Style]) -> None:
        self._style = style
        self.rows = RequestRows(())
        self.window = RowWindow(0, 0, 0)  # which rows the table lists
        self.preview_width = 0
        # The marker last drawn and its window: the next one counts only the rows between.
        self._marker: tuple[RowWindow, Marker] | None = None

    def list(
        self,
        table: RequestTable,
        width: int,
        keep_cursor: bool = False,
        drawn: Sequence[InspectorRow] | None = None,
    ) -> int | None:
        """List the rows' window in the table; the row the cursor goes to (None: it stays).
        `drawn`: the rows the table was showing, kept where the new ones begin with them.
        `keep_cursor`: the same rows again (a resize, a new theme)."""
        cursor = None
        if keep_cursor:
            window = self.window
        else:
            window = RowWindow.newest(head_length(self.rows), len(self.rows))
            cursor = len(window.listed) - 1  # a new request starts on its newest message
        kept = self._kept(table, drawn) if drawn and not keep_cursor else None
        if kept is None and not keep_cursor:
            self._marker = None  # another request: its hidden rows are counted afresh
        if drawn is not None and kept is not None and width == self.preview_width:
            self._extend(table, drawn, kept, window)
        else:
            self.preview_width = width
            self.fill(table, window)
        self.window = window
        return cursor

    def earlier(self, table: RequestTable) -> RowWindow:
        """List the next page of the rows the marker stands for; the window now listed."""
        window = self.window.earlier()
        self.fill(table, window)
        self.window = window
        return window

    def _kept(self, table: RequestTable, drawn: Sequence[InspectorRow]) -> int | None:
        """How many of the drawn rows the new rows begin with, when the table can keep
        them: the rows it lists up to there are unchanged and at most REPLACED_MOST listed
        rows after them changed. Only the listed rows are compared (their messages, in one
        pass: no row is built), so this does not grow with the request either."""
        old, rows = self.window, self.rows
        if len(drawn) != old.total or table.row_count != len(old.listed) or not old.total:
            return None
        if not isinstance(drawn, RequestRows) or not rows.same_rows(drawn, 0, old.head):
            return None
        same = max(old.start, old.total - REPLACED_MOST)
        if not rows.same_rows(drawn, old.start, same):
            return None
        while same < min(old.total, len(rows)) and rows[same] == drawn[same]:
            same += 1
        return same

    def fill(self, table: RequestTable, window: RowWindow) -> None:
        table.refill()  # its scrolling to the top is not a person's (the caller settles it)
        for index in window.listed:
            self._add(table, index, window)

    def _extend(
        self, table: RequestTable, drawn: Sequence[InspectorRow], kept: int, window: RowWindow
    ) -> None:
        """From the rows listed to `window` (or fill it when it cannot be done in place):
        the drawn rows after `kept` from the first that is another message on go; the
        changed rows before it (buffer's last question, no longer new) have the cells that
        changed updated; the new rows are appended, and the oldest listed ones go.
        So a turn costs the rows it changed, dropped and added, not the rows listed."""
        old, rows = self.window, self.rows
        same_key = kept  # the drawn rows up to here are the new rows' places in the table
        while same_key < min(old.total, len(rows)) and rows[same_key].key == drawn[same_key].key:
            same_key += 1
        base = RowWindow(old.head, old.start, same_key)  # once the other rows are gone
        dropped = base.dropped_for(window)
        if dropped is None:
            self.fill(table, window)
            return
        changed = [row.key for row in drawn[same_key : old.total]]
        if changed:
            table.remove_rows(changed)
        for index in range(max(kept, base.start + dropped), same_key):
            self._update(table, drawn[index], rows[index])
        if window.hidden:
            marker = self.marker_of(window)
            style = self._style("earlier")
            tokens = Text(marker.tokens_cell, justify="right", style=style)
            table.update_cell(MARKER_KEY, "tokens", tokens)
            table.update_cell(MARKER_KEY, "preview", self._marker_preview(marker))
        for index in range(base.appended_from(window), window.total):
            self._add(table, index, window)
        # The oldest listed rows go last, the rows they make room for in: the cursor (on
        # the newest row) stays in the table rather than moved back as they go.
        oldest = [row.key for row in drawn[base.start : base.start + dropped]]
        if oldest:
            table.remove_rows(oldest)

    def marker_of(self, window: RowWindow) -> Marker:
        """What the marker of `window` stands for, counted from the last marker drawn."""
        known = self._marker
        marker = known[1] if known and known[0] == window else Marker.of(self.rows, window, known)
        self._marker = (window, marker)
        return marker

    def _add(self, table: RequestTable, index: int | None, window: RowWindow) -> None:
        """Append row `index` of the request to the table (None: the marker)."""
        if index is None:
            marker, style = self.marker_of(window), self._style("earlier")
            table.add_row(
                Text("…", justify="right", style=style),
                Text(""),
                Text(""),
                Text(marker.tokens_cell, justify="right", style=style),
                self._marker_preview(marker),
                key=MARKER_KEY,
            )
            return
        row = self.rows[index]
        table.add_row(*self._cells_of(row), key=row.key)

    def _update(self, table: RequestTable, was: InspectorRow, row: InspectorRow) -> None:
        """Row `was` in the table shows `row` (the same message, changed): only the cells
        whose content changed are set; a cell wider than its column widens it, as when added."""
        for column, before, after in zip(COLUMNS, self._cells_of(was), self._cells_of(row)):
            if before.plain != after.plain or before.style != after.style:
                # (DataTable measures the whole column when told of a narrower cell)
                wider = after.cell_len > table.content_width(column)
                table.update_cell(row.key, column, after, update_width=wider)

    def _cells_of(self, row: InspectorRow) -> tuple[Text, ...]:
        """A row's cells, in the order of COLUMNS."""
        return (
            Text(row.number, justify="right"),
            Text(row.role),
            Text(row.provenance, style=self._style(row.provenance)),
            Text("" if row.tokens is None else fmt.tokens(row.tokens), justify="right"),
            Text(fmt.preview(row.summary_line, self.preview_width)),
        )

    def _marker_preview(self, marker: Marker) -> Text:
        return Text(fmt.preview(marker.preview, self.preview_width), style=self._style("earlier"))
