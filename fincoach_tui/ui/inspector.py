""" "This request": the exact messages a turn sent, in order, and where each came from.

The widget renders a CallRecord (or a RequestReady still in flight) and nothing else: it
never counts tokens, so a section inside the system message shows no count of its own.
Every text a model or a user wrote is rendered as `rich.text.Text`, never as markup.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

from rich.style import Style
from rich.text import Text
from textual.app import ComposeResult
from textual.containers import VerticalScroll
from textual.widget import Widget
from textual.widgets import DataTable

from fincoach_tui.domain.context import PROVENANCES, Section
from fincoach_tui.domain.records import CallRecord, SentMessage
from fincoach_tui.ui import format as fmt
from fincoach_tui.ui.line import Line

if TYPE_CHECKING:
    from fincoach_tui.domain.ledger import Ledger
    from fincoach_tui.service.events import RequestReady

# What the app hands the inspector to draw a request's context ledger: (sent, prompt
# tokens, model, estimated) -> the ledger (counted by the session's counter, not here).
LedgerSource = Callable[[Sequence[SentMessage], int, str | None, bool], "Ledger | None"]

# "#", role, provenance, tokens (29), a cell padding of 2 on 5 columns, the scrollbar (2)
FIXED_COLUMNS_WIDTH = 41


@dataclass(frozen=True)
class InspectorRow:
    """One table row: a sent message, or a section of the system message under it."""

    key: str
    number: str  # "3" for a message, "" for a section
    role: str
    provenance: str
    tokens: int | None  # None for a section: it was counted as part of its message
    summary_line: str  # what the preview column shows, before cutting to width
    full_text: str  # what the content area shows when the row is selected


def rows_for(sent: Sequence[SentMessage]) -> list[InspectorRow]:
    """Table rows for a request: each message, and under the system message the sections
    its record carries (the prompt is the message's own row)."""
    rows: list[InspectorRow] = []
    for index, message in enumerate(sent):
        number = str(index + 1)
        head, sections = message.content, tuple[Section, ...]()
        if message.sections:
            sections = _memory_sections(tuple(message.sections))
            if len(sections) < len(message.sections):
                head = message.sections[0].text
        rows.append(
            InspectorRow(
                number,
                number,
                message.role,
                message.provenance,
                message.tokens,
                head,
                message.content,
            )
        )
        for sub, section in enumerate(sections, start=1):
            rows.append(
                InspectorRow(
                    f"{number}.{sub}",
                    "",
                    "",
                    section.provenance,
                    None,
                    f"└ {section.label}: {section.text}",
                    f"## {section.label}\n{section.text}",
                )
            )
    return rows


def with_memory_rows(rows: list[InspectorRow], extra: dict) -> list[InspectorRow]:
    """Under the recalled section, one row per recalled turn with its score; then one row
    per conflict a current fact won. Read from the record's `extra`, never recomputed."""
    recall, conflicts = extra.get("recall") or [], extra.get("conflicts") or []
    if not recall and not conflicts:
        return rows
    at = next((i for i, r in enumerate(rows) if r.provenance == "recalled" and not r.number), None)
    at = (
        next((i for i, r in enumerate(rows) if r.number and i > 0), len(rows))
        if at is None
        else at + 1
    )
    passages = {}  # "3" -> the passage of turn 3, shown when its row is selected
    if at > 0 and rows[at - 1].provenance == "recalled":
        body = rows[at - 1].full_text.partition("\n")[2]  # after "## label"
        for block in re.split(r"\n\n(?=\[Turn \d+, )", body):
            passages[block[len("[Turn ") :].split(",", 1)[0]] = block
    extra_rows = []
    for index, hit in enumerate(recall, start=1):
        line = (
            f"  · turn {hit['turn']} · score {hit['score']:.2f} ({hit['retriever']}) · "
            f"{', '.join(hit['ids'])}"
        )
        extra_rows.append(
            InspectorRow(
                f"recall.{index}",
                "",
                "",
                "recalled",
                None,
                line,
                passages.get(str(hit["turn"]), line),
            )
        )
    for index, c in enumerate(conflicts, start=1):
        if c.get("source") == "summary":
            old = f"the summary (turns 1-{c['recalled_turn']}) said {c['recalled_value']}"
        else:
            who = "the coach's reply at turn" if c.get("in_reply") else "turn"
            old = f"{who} {c['recalled_turn']} said {c['recalled_value']}"
        newer = (
            f"the summary says {c['fact_value']} (the newer value wins)"
            if c["fact_id"] == "summary"
            else f"fact {c['fact_id']} says {c['fact_value']} (the fact wins)"
        )
        line = f"⚠ conflict: {c['key']} — {old}; {newer}"
        extra_rows.append(InspectorRow(f"conflict.{index}", "", "", "fact", None, line, line))
    return rows[:at] + extra_rows + rows[at:]


def _memory_sections(sections: tuple[Section, ...]) -> tuple[Section, ...]:
    """A system message's sections after the prompt itself (which is the first)."""
    return sections[1:] if sections and sections[0].provenance == "system" else sections


def omitted_line(omitted: int, strategy: str, note: str) -> str:
    if omitted == 0:
        left_out = "nothing left out"
    elif omitted == 1:
        left_out = "1 earlier message not sent"
    else:
        left_out = f"{omitted:,} earlier messages not sent"
    return " · ".join(part for part in (left_out, strategy, note) if part)


class RequestInspector(Widget):
    """The messages of one request; select a row to read that message in full."""

    COMPONENT_CLASSES = {f"inspector--{p}" for p in PROVENANCES}

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
        self._rows: list[InspectorRow] = []
        self._full_text: dict[str, str] = {}
        self._omitted = ""
        self._title = "This request"
        self._preview_width = 0
        self._shown: tuple[CallRecord | None, str] | None = (
            None  # the record on screen, and its title
        )
        # The context ledger under the table (set by the app once a session is live).
        self.ledger_source: LedgerSource | None = None
        self.ledger_text = ""

    def compose(self) -> ComposeResult:
        yield DataTable(cursor_type="row", zebra_stripes=False, id="messages")
        yield Line(id="omitted", markup=False)
        yield Line(id="ledger", markup=False)
        with VerticalScroll(id="content-scroll"):
            yield Line(Text("Select a message to read it in full."), id="content")

    def on_mount(self) -> None:
        table = self.query_one(DataTable)
        table.add_column("#", key="number", width=3)
        table.add_column("role", key="role", width=9)
        table.add_column("provenance", key="provenance", width=10)
        table.add_column(Text("tokens", justify="right"), key="tokens", width=7)
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
            from fincoach_tui.service.maintenance import (
                context_extra,
            )  # the coach's: loaded by then

            self._rows = with_memory_rows(rows_for(pending.sent), context_extra(pending.context))
            context = pending.context
            self._omitted = omitted_line(len(context.omitted_ids), context.strategy, context.note)
            self._title = title or "This request · waiting for the reply"
        elif record is not None:
            self._rows = with_memory_rows(rows_for(record.sent), record.extra)
            note = " · ".join(n for n in (record.extra.get("context_note", ""), record.note) if n)
            self._omitted = omitted_line(len(record.omitted_ids), record.strategy, note)
            self._title = title or f"This request · turn {record.turn}"
        else:
            self._rows = []
            self._omitted = "Nothing sent yet."
            self._title = title or "This request"
        self._full_text = {row.key: row.full_text for row in self._rows}
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
    def rows(self) -> list[InspectorRow]:
        return list(self._rows)

    @property
    def omitted_text(self) -> str:
        return self._omitted

    # ---- rendering ---------------------------------------------------------------------
    def _style(self, provenance: str) -> Style:
        if provenance not in PROVENANCES:
            return Style()
        return fmt.ink(self.get_component_rich_style(f"inspector--{provenance}"))

    def _render_rows(
        self, keep_cursor: bool = False, drawn: list[InspectorRow] | None = None
    ) -> None:
        """Fill the table with the rows. `drawn`: the rows it holds now; when they begin
        the new ones (buffer resends the whole conversation: each request is the last one
        and two more messages), only the new rows are added, so a turn's cost does not grow
        with the session's length."""
        table = self.query_one(DataTable)
        cursor = table.cursor_row
        width = self._current_preview_width()
        kept = 0
        if (
            drawn
            and not keep_cursor
            and width == self._preview_width
            and table.row_count == len(drawn)
            and self._rows[: len(drawn)] == drawn
        ):
            kept = len(drawn)
        else:
            table.clear()
        self._preview_width = width
        for row in self._rows[kept:]:
            table.add_row(
                Text(row.number, justify="right"),
                Text(row.role),
                Text(row.provenance, style=self._style(row.provenance)),
                Text("" if row.tokens is None else fmt.tokens(row.tokens), justify="right"),
                Text(fmt.preview(row.summary_line, self._preview_width)),
                key=row.key,
            )
        self._paint_labels()
        if self._rows:
            # A new request starts on its newest message: what the user just typed.
            index = cursor if keep_cursor and 0 <= cursor < len(self._rows) else len(self._rows) - 1
            table.move_cursor(row=index, animate=False)
            self._show_content(self._rows[index].key)
        else:
            self.query_one("#content", Line).show(Text("Send a message to see the request."))

    def _paint_labels(self) -> None:
        self.border_title = self._title
        self.query_one("#omitted", Line).show(
            Text(self._omitted), layout=False
        )  # one row, cut to fit

    def _current_preview_width(self) -> int:
        width = self.size.width or 80
        return max(12, width - FIXED_COLUMNS_WIDTH)

    def on_resize(self) -> None:
        if self._rows and self._current_preview_width() != self._preview_width:
            self._render_rows(keep_cursor=True)

    def _show_content(self, key: str | None) -> None:
        text = self._full_text.get(key or "")
        if text is None:
            return
        # The same text again (the request in flight, then its record) is not laid out again.
        self.query_one("#content", Line).show(Text(text))
        self.query_one("#content-scroll", VerticalScroll).scroll_home(animate=False)

    def on_data_table_row_highlighted(self, event: DataTable.RowHighlighted) -> None:
        event.stop()
        # The row under the cursor now, not the event's: rebuilding the table highlights
        # row 0 and then the newest row, and showing the first in between would lay the
        # screen out twice for nothing.
        table = self.query_one(DataTable)
        if 0 <= table.cursor_row < table.row_count:
            self._show_content(self._rows[table.cursor_row].key)

    def on_data_table_row_selected(self, event: DataTable.RowSelected) -> None:
        event.stop()
        self._show_content(event.row_key.value)
