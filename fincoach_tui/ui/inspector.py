""" "This request": the exact messages a turn sent, in order, and where each came from.

The widget renders a CallRecord (or a RequestReady still in flight) and nothing else: it
never counts tokens, so a section inside the system message shows no count of its own.
Every text a model or a user wrote is rendered as `rich.text.Text`, never as markup.
A long request's table lists its first rows, a marker, and its newest rows (row_window.py),
and only the rows it lists are built (inspector_rows.RequestRows); the figures around the
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
from fincoach_tui.ui.inspector_rows import (
    TOKENS_COLUMN,
    InspectorRow,
    Marker,
    RequestRows,
    head_length,
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

# Listed rows a new request may change and still be appended to (buffer's last question
# is no longer new in the next request).
REPLACED_MOST = 4

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
        #omitted { height: 1; color: $text-muted; text-wrap: nowrap; text-overflow: ellipsis; }
        #ledger { height: auto; color: $text-muted; text-wrap: nowrap; }
        #content-scroll { height: 2fr; min-height: 3; background: $surface; padding: 0 1; }
        #content { width: 1fr; }
    }
    """

    def __init__(
        self, *, name: str | None = None, id: str | None = None, classes: str | None = None
    ) -> None:
        super().__init__(name=name, id=id, classes=classes)
        self._rows = RequestRows(())
        self._omitted = ""
        self._title = "This request"
        self._preview_width = 0
        self._window = RowWindow(0, 0, 0)  # which rows the table lists
        # The marker last drawn and its window: the next one counts only the rows between.
        self._marker: tuple[RowWindow, Marker] | None = None
        # the record on screen, and its title
        self._shown: tuple[CallRecord | None, str] | None = None
        # The context ledger under the table (set by the app once a session is live).
        self.ledger_source: LedgerSource | None = None
        self.ledger_text = ""

    def compose(self) -> ComposeResult:
        yield RequestTable(cursor_type="row", zebra_stripes=False, id="messages")
        yield Line(id="omitted", markup=False)
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
        drawn = self._rows
        if pending is not None:
            from fincoach_tui.service.record_extra import context_extra

            self._rows = RequestRows(pending.sent, context_extra(pending.context))
            context = pending.context
            self._omitted = omitted_line(len(context.omitted_ids), context.strategy, context.note)
            self._title = title or "This request · waiting for the reply"
        elif record is not None:
            self._rows = RequestRows(record.sent, record.extra)
            note = " · ".join(n for n in (record.extra.get("context_note", ""), record.note) if n)
            self._omitted = omitted_line(len(record.omitted_ids), record.strategy, note)
            self._title = title or f"This request · turn {record.turn}"
        else:
            self._rows = RequestRows(())
            self._omitted = "Nothing sent yet."
            self._title = title or "This request"
        self.ledger_text = self._ledger(record, pending)
        if not self.is_mounted:
            return
        self.query_one("#ledger", Line).show(Text(self.ledger_text), layout=True)
        if self._rows and self._rows == drawn:
            # The turn's record sent what its request in flight showed: only the words
            # around the table change, and rebuilding it would lay the screen out again.
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
        return self._rows

    @property
    def omitted_text(self) -> str:
        return self._omitted

    @property
    def window(self) -> RowWindow:
        """Which of the request's rows the table lists."""
        return self._window

    def show_earlier(self) -> None:
        """List the next page of the rows the marker stands for; the cursor stays on the
        marker while it has more (Enter again), else on the first row it brought back."""
        if not self._window.hidden:
            return
        window = self._window.earlier()
        table = self.query_one(RequestTable)
        self._fill(table, window)
        self._window = window
        self._move_to(window.marker_at if window.marker_at is not None else window.head)
        table.settle()

    def show_earlier_in_place(self) -> None:
        """Scrolled to the top: list the next page where the marker was, the rows on screen
        staying where they are (the page comes in above them, to scroll on up to) and the
        cursor on its row. With the cursor on the first rows or the marker, the top stays
        in view instead, so the cursor does."""
        old = self._window
        if not old.hidden:
            return
        table = self.query_one(RequestTable)
        cursor, top = table.cursor_row, round(table.scroll_y)
        window = old.earlier()
        self._fill(table, window)
        self._window = window
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
        """Fill the table with the rows of the window. `drawn`: the rows the table was
        showing; when they begin the new ones (buffer resends the whole conversation: each
        request is the last one, its question no longer new, and two more messages), only
        the rows that changed or came are added and as many of the oldest listed ones
        dropped, so a turn's cost does not grow with the session's length. `keep_cursor`:
        the same rows again (a resize, a new theme)."""
        table = self.query_one(RequestTable)
        cursor = table.cursor_row
        width = self._current_preview_width()
        if keep_cursor:
            window = self._window
        else:
            window = RowWindow.newest(head_length(self._rows), len(self._rows))
            cursor = len(window.listed) - 1  # a new request starts on its newest message
        kept = self._kept(drawn) if drawn and not keep_cursor else None
        if kept is None and not keep_cursor:
            self._marker = None  # another request: its hidden rows are counted afresh
        if drawn is not None and kept is not None and width == self._preview_width:
            self._extend(table, drawn, kept, window)
        else:
            self._preview_width = width
            self._fill(table, window)
        self._window = window
        self._paint_labels()
        if self._rows:
            self._move_to(cursor if 0 <= cursor < table.row_count else table.row_count - 1)
        else:
            self.query_one("#content", Line).show(Text("Send a message to see the request."))
        table.settle()  # if it was filled again

    def _kept(self, drawn: Sequence[InspectorRow]) -> int | None:
        """How many of the drawn rows the new rows begin with, when the table can keep
        them: the rows it lists up to there are unchanged and at most REPLACED_MOST listed
        rows after them changed. Only the listed rows are compared, so this does not grow
        with the request either."""
        old, rows = self._window, self._rows
        table = self.query_one(RequestTable)
        if len(drawn) != old.total or table.row_count != len(old.listed) or not old.total:
            return None
        if rows[: old.head] != drawn[: old.head]:
            return None
        same = old.start
        while same < min(old.total, len(rows)) and rows[same] == drawn[same]:
            same += 1
        return same if old.total - same <= REPLACED_MOST else None

    def _fill(self, table: RequestTable, window: RowWindow) -> None:
        table.refill()  # its scrolling to the top is not a person's (the caller settles it)
        for index in window.listed:
            self._add(table, index, window)

    def _extend(
        self, table: RequestTable, drawn: Sequence[InspectorRow], kept: int, window: RowWindow
    ) -> None:
        """From the rows listed to `window` (or fill it when it cannot be done in place):
        drop the drawn rows after `kept`, then the oldest listed ones, append the new."""
        old = self._window
        base = RowWindow(old.head, old.start, kept)  # once the changed rows are gone
        dropped = base.dropped_for(window)
        if dropped is None:
            self._fill(table, window)
            return
        for row in [*drawn[kept : old.total], *drawn[base.start : base.start + dropped]]:
            table.remove_row(row.key)
        if window.hidden:
            marker = self._marker_of(window)
            style = self._style("earlier")
            tokens = Text(marker.tokens_cell, justify="right", style=style)
            table.update_cell(MARKER_KEY, "tokens", tokens)
            table.update_cell(MARKER_KEY, "preview", self._marker_preview(marker))
        for index in range(base.appended_from(window), window.total):
            self._add(table, index, window)

    def _marker_of(self, window: RowWindow) -> Marker:
        """What the marker of `window` stands for, counted from the last marker drawn."""
        known = self._marker
        marker = known[1] if known and known[0] == window else Marker.of(self._rows, window, known)
        self._marker = (window, marker)
        return marker

    def _add(self, table: DataTable, index: int | None, window: RowWindow) -> None:
        """Append row `index` of the request to the table (None: the marker)."""
        if index is None:
            marker, style = self._marker_of(window), self._style("earlier")
            table.add_row(
                Text("…", justify="right", style=style),
                Text(""),
                Text(""),
                Text(marker.tokens_cell, justify="right", style=style),
                self._marker_preview(marker),
                key=MARKER_KEY,
            )
            return
        row = self._rows[index]
        table.add_row(
            Text(row.number, justify="right"),
            Text(row.role),
            Text(row.provenance, style=self._style(row.provenance)),
            Text("" if row.tokens is None else fmt.tokens(row.tokens), justify="right"),
            Text(fmt.preview(row.summary_line, self._preview_width)),
            key=row.key,
        )

    def _marker_preview(self, marker: Marker) -> Text:
        return Text(fmt.preview(marker.preview, self._preview_width), style=self._style("earlier"))

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
            self.query_one("#content", Line).show(Text(self._marker_of(self._window).explained))
            return
        self._show_content(table.coordinate_to_cell_key(Coordinate(index, 0)).row_key.value)

    def _paint_labels(self) -> None:
        self.border_title = self._title
        # one row, cut to fit
        self.query_one("#omitted", Line).show(Text(self._omitted), layout=False)

    def _current_preview_width(self) -> int:
        width = self.size.width or 80
        return max(12, width - FIXED_COLUMNS_WIDTH)

    def on_resize(self) -> None:
        if self._rows and self._current_preview_width() != self._preview_width:
            self._render_rows(keep_cursor=True)

    def _show_content(self, key: str | None) -> None:
        row = self._rows.by_key(key or "")
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
