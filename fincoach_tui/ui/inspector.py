""" "This request": the exact messages a turn sent, in order, and where each came from.

The widget renders a CallRecord (or a RequestReady still in flight) and nothing else: it
never counts tokens, so a section inside the system message shows no count of its own.
Every text a model or a user wrote is rendered as `rich.text.Text`, never as markup.
A long request's table lists its first rows, a marker, and its newest rows (row_window.py),
kept in step with each new request (inspector_listing.py), and only the rows it lists are
built (inspector_rows.RequestRows); the figures around the
table (the omitted line, the ledger, the meter) are the whole request's. Enter or a click
on the marker, or scrolling the table to its top, lists the next page of earlier rows.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING

from rich.style import Style
from rich.text import Text
from textual.app import ComposeResult
from textual.containers import VerticalScroll
from textual.coordinate import Coordinate
from textual.widget import Widget
from textual.widgets import DataTable

from fincoach_tui.domain.context import PROVENANCES
from fincoach_tui.domain.records import CallRecord, SentMessage
from fincoach_tui.ui import format as fmt
from fincoach_tui.ui.inspector_listing import RowListing
from fincoach_tui.ui.inspector_rows import (
    TOKENS_COLUMN,
    InspectorRow,
    RequestRows,
    omitted_line,
)
from fincoach_tui.ui.line import Line
from fincoach_tui.ui.request_table import MARKER_KEY, RequestTable
from fincoach_tui.ui.row_window import RowWindow

if TYPE_CHECKING:
    from fincoach_tui.domain.ledger import Ledger
    from fincoach_tui.service.events import RequestReady

# What the app hands the inspector to draw a request's context ledger: (sent, prompt
# tokens, model, estimated) -> the ledger (counted by the session's counter, not here).
LedgerSource = Callable[[Sequence[SentMessage], int, str | None, bool], "Ledger | None"]

# "#" (5: a 10,000-turn buffer request has 20,001 messages), role, provenance, tokens (31),
# a cell padding of 2 on 5 columns, the scrollbar (2)
NUMBER_COLUMN = 5
FIXED_COLUMNS_WIDTH = 43


class RequestInspector(Widget):
    """The messages of one request; select a row to read that message in full."""

    COMPONENT_CLASSES = {f"inspector--{p}" for p in PROVENANCES} | {"inspector--earlier"}

    DEFAULT_CSS = """
    RequestInspector {
        height: 1fr;
        border-top: hkey $panel;
        border-title-color: $text-muted;
        & > .inspector--system { color: $text-muted; }
        & > .inspector--verbatim { color: $foreground; }
        & > .inspector--summary { color: $warning; text-style: bold; }
        & > .inspector--recalled { color: $accent; text-style: italic; }
        & > .inspector--fact { color: $success; }
        & > .inspector--new { color: $primary; text-style: bold; }
        & > .inspector--earlier { color: $text-muted; text-style: italic; }
        DataTable { height: 3fr; min-height: 5; }
        #omitted { height: auto; color: $text-muted; }
        #ledger { height: auto; color: $text-muted; text-wrap: nowrap; }
        #content-scroll { height: 2fr; min-height: 3; background: $surface; padding: 0 1; }
        #content { width: 1fr; }
    }
    """

    def __init__(
        self, *, name: str | None = None, id: str | None = None, classes: str | None = None
    ) -> None:
        super().__init__(name=name, id=id, classes=classes)
        self._listing = RowListing(self._style)  # the rows, and which the table lists
        self._omitted = ""
        self._title = "This request"
        # the record on screen, and its title
        self._shown: tuple[CallRecord | None, str] | None = None
        # The context ledger under the table (set by the app once a session is live).
        self.ledger_source: LedgerSource | None = None
        self.ledger_text = ""

    def compose(self) -> ComposeResult:
        # What was left out comes first, under the title: at 80x24 the panel shows the
        # meter and the chart above the tabs, and a line under the table was a scroll away.
        yield Line(id="omitted", markup=False)
        yield RequestTable(cursor_type="row", zebra_stripes=False, id="messages")
        yield Line(id="ledger", markup=False)
        with VerticalScroll(id="content-scroll"):
            yield Line(Text("Select a message to read it in full."), id="content")

    def on_mount(self) -> None:
        table = self.query_one(RequestTable)
        table.add_column("#", key="number", width=NUMBER_COLUMN)
        table.add_column("role", key="role", width=9)
        table.add_column("provenance", key="provenance", width=10)
        table.add_column(Text("tokens", justify="right"), key="tokens", width=TOKENS_COLUMN)
        table.add_column("preview", key="preview")
        # Provenance colours come from the theme: rebuild the cells when it changes.
        self.app.theme_changed_signal.subscribe(self, self._theme_changed)
        self._render_rows()

    def on_unmount(self) -> None:
        self.app.theme_changed_signal.unsubscribe(self)

    def _theme_changed(self, _theme: object) -> None:
        self.call_after_refresh(self._render_rows, True)

    # ---- public ------------------------------------------------------------------------
    def show(
        self, record: CallRecord | None, *, pending: RequestReady | None = None, title: str = ""
    ) -> None:
        """Show what `record` sent; `pending` (a request built, not yet answered) wins."""
        if pending is None and record is not None and self._shown == (record, title):
            return  # already on screen: rebuilding the table costs a re-layout
        self._shown = (record, title) if pending is None else None
        drawn = self._listing.rows
        if pending is not None:
            from fincoach_tui.service.record_extra import context_extra

            self._listing.rows = RequestRows(
                pending.sent, context_extra(pending.context), pending.counted_tokens
            )
            context = pending.context
            self._omitted = omitted_line(len(context.omitted_ids), context.strategy, context.note)
            self._title = title or "This request · waiting for the reply"
        elif record is not None:
            self._listing.rows = RequestRows(record.sent, record.extra, record.counted_tokens)
            note = " · ".join(n for n in (record.extra.get("context_note", ""), record.note) if n)
            self._omitted = omitted_line(len(record.omitted_ids), record.strategy, note)
            self._title = title or f"This request · turn {record.turn}"
        else:
            self._listing.rows = RequestRows(())
            self._omitted = "Nothing sent yet."
            self._title = title or "This request"
        self.ledger_text = self._ledger(record, pending)
        if not self.is_mounted:
            return
        self.query_one("#ledger", Line).show(Text(self.ledger_text), layout=True)
        rows = self._listing.rows
        if rows and rows == drawn:
            # The turn's record sent what its request in flight showed: only the words
            # around the table change, and rebuilding it would lay the screen out again.
            # The rows drawn stay: the request's own messages, which the next request is
            # compared with at once, where the record's are read back from the session's.
            self._listing.rows = drawn
            self._paint_labels()
        else:
            self._render_rows(drawn=drawn)

    def _ledger(self, record: CallRecord | None, pending: RequestReady | None) -> str:
        from fincoach_tui.ui.ledger_view import ledger_lines

        source = self.ledger_source
        if source is None:
            return ""
        if pending is not None:
            ledger = source(pending.sent, pending.predicted_prompt_tokens, None, True)
        elif record is not None:
            estimated = record.usage.estimated and not record.simulated
            ledger = source(record.sent, record.usage.prompt_tokens, record.model, estimated)
        else:
            return ""
        return "\n".join(ledger_lines(ledger)) if ledger is not None else ""

    @property
    def rows(self) -> Sequence[InspectorRow]:
        """Every row of the request (each built when read)."""
        return self._listing.rows

    @property
    def omitted_text(self) -> str:
        return self._omitted

    @property
    def window(self) -> RowWindow:
        """Which of the request's rows the table lists."""
        return self._listing.window

    def show_earlier(self) -> None:
        """List the next page of the rows the marker stands for; the cursor stays on the
        marker while it has more (Enter again), else on the first row it brought back."""
        if not self._listing.window.hidden:
            return
        table = self.query_one(RequestTable)
        window = self._listing.earlier(table)
        self._move_to(window.marker_at if window.marker_at is not None else window.head)
        table.settle()

    def show_earlier_in_place(self) -> None:
        """Scrolled to the top: list the next page where the marker was, the rows on screen
        staying where they are (the page comes in above them, to scroll on up to) and the
        cursor on its row. With the cursor on the first rows or the marker, the top stays
        in view instead, so the cursor does."""
        old = self._listing.window
        if not old.hidden:
            return
        table = self.query_one(RequestTable)
        cursor, top = table.cursor_row, round(table.scroll_y)
        window = self._listing.earlier(table)
        shift = len(window.listed) - len(old.listed)  # the rows that came, less the marker
        if cursor <= old.head:  # the first rows, or the marker: they keep their place
            cursor = min(cursor, len(window.listed) - 1)
        else:
            cursor, top = cursor + shift, top + shift
        table.move_cursor(row=cursor, animate=False, scroll=False)
        self._show_row(cursor)
        table.settle(y=top)  # after the cursor's own scrolling, which comes after a refresh

    # ---- rendering ---------------------------------------------------------------------
    def _style(self, provenance: str) -> Style:
        """A provenance's colour from the theme ("earlier": the marker's)."""
        if provenance not in PROVENANCES and provenance != "earlier":
            return Style()
        return fmt.ink(self.get_component_rich_style(f"inspector--{provenance}"))

    def _render_rows(
        self, keep_cursor: bool = False, drawn: Sequence[InspectorRow] | None = None
    ) -> None:
        """Fill the table with the rows of the window (inspector_listing.py: only the rows
        that changed or came, when the new ones begin with those `drawn`). `keep_cursor`:
        the same rows again (a resize, a new theme)."""
        table = self.query_one(RequestTable)
        kept_cursor = table.cursor_row  # before the table is filled again
        cursor = self._listing.list(table, self._current_preview_width(), keep_cursor, drawn)
        if cursor is None:
            cursor = kept_cursor
        self._paint_labels()
        if self._listing.rows:
            self._move_to(cursor if 0 <= cursor < table.row_count else table.row_count - 1)
        else:
            self.query_one("#content", Line).show(Text("Send a message to see the request."))
        table.settle()  # if it was filled again

    def _move_to(self, index: int) -> None:
        self.query_one(RequestTable).move_cursor(row=index, animate=False)
        self._show_row(index)

    def _show_row(self, index: int) -> None:
        """Show the table row `index` in the content area: a message, or what the marker
        stands for."""
        table = self.query_one(RequestTable)
        if not 0 <= index < table.row_count:
            return
        if table.is_marker(index):
            marker = self._listing.marker_of(self._listing.window)
            self.query_one("#content", Line).show(Text(marker.explained))
            return
        self._show_content(table.coordinate_to_cell_key(Coordinate(index, 0)).row_key.value)

    def _paint_labels(self) -> None:
        self.border_title = self._title
        # Wrapped, never cut (a window's note says why a reply was left out); laid out
        # again only when it needs another number of rows.
        line = self.query_one("#omitted", Line)
        text = Text(self._omitted)
        rows = len(text.wrap(self.app.console, max(1, line.size.width or self.size.width or 80)))
        line.show(text, layout=rows != (line.size.height or 1))

    def _current_preview_width(self) -> int:
        width = self.size.width or 80
        return max(12, width - FIXED_COLUMNS_WIDTH)

    def on_resize(self) -> None:
        listing = self._listing
        if listing.rows and self._current_preview_width() != listing.preview_width:
            self._render_rows(keep_cursor=True)

    def _show_content(self, key: str | None) -> None:
        row = self._listing.rows.by_key(key or "")
        if row is None:
            return
        # The same text again (the request in flight, then its record) is not laid out again.
        self.query_one("#content", Line).show(Text(row.full_text))
        self.query_one("#content-scroll", VerticalScroll).scroll_home(animate=False)

    def on_data_table_row_highlighted(self, event: DataTable.RowHighlighted) -> None:
        event.stop()
        # The row under the cursor now, not the event's: rebuilding the table highlights
        # row 0 and then the newest row, and showing the first in between would lay the
        # screen out twice for nothing.
        self._show_row(self.query_one(RequestTable).cursor_row)

    def on_data_table_row_selected(self, event: DataTable.RowSelected) -> None:
        event.stop()
        if event.row_key.value == MARKER_KEY:
            self.show_earlier()
        else:
            self._show_content(event.row_key.value)

    def on_request_table_earlier_wanted(self, event: RequestTable.EarlierWanted) -> None:
        event.stop()
        self.show_earlier()

    def on_request_table_top_reached(self, event: RequestTable.TopReached) -> None:
        event.stop()
        table = self.query_one(RequestTable)
        # Still at the top when this is handled, and not while a page is being listed.
        if table.scroll_y == 0 and not table.settling:
            self.show_earlier_in_place()
