"""What FinCoach remembers about you: every fact (current and past), the running summary,
the recall index. Edit or delete a fact here: the change is an event in the session, so
it survives a restart, and a deleted fact is never sent or recalled again.

The screen renders the session state and calls the coach for changes; it counts nothing.
"""

from __future__ import annotations

from datetime import UTC, datetime
from typing import TYPE_CHECKING

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.screen import ModalScreen
from textual.widgets import Button, DataTable, Input, Static

from fincoach_tui.domain.fact_extraction import is_paused
from fincoach_tui.domain.fact_store import Fact
from fincoach_tui.domain.plurals import plural, turn_span
from fincoach_tui.ui.fit_columns import column_widths, columns_that_fit, room_for, shorten

HEADERS = ("id", "key", "value", "status", "from", "observed")
DROP_ORDER = (5, 4)  # narrow first loses when it was observed, then which turn said it
VALUE = 2  # a long value is shortened (Enter on its row, e, shows it whole in the editor)

if TYPE_CHECKING:
    from fincoach_tui.service.coach import Coach


def _when(ts: float | None) -> str:
    return datetime.fromtimestamp(ts, tz=UTC).strftime("%d %b %H:%M") if ts else ""


def fact_status(fact: Fact) -> str:
    if fact.deleted_at is not None:
        return f"deleted {_when(fact.deleted_at)}"
    if fact.superseded_by is not None:
        return f"superseded by {fact.superseded_by} {_when(fact.superseded_at)}"
    return "current (edited)" if fact.origin == "edited" else "current"


def index_line(coach: Coach) -> str:
    """How recall finds old turns in this session, and over how many messages."""
    state = coach.state
    skipped = state.facts.deleted_source_ids()
    users = [m for m in state.transcript.messages if m.role == "user" and m.id not in skipped]
    left_out = f" ({plural(len(skipped), 'message')} of deleted facts left out)" if skipped else ""
    if coach.embedder is not None:
        vectors = state.embeddings.get(coach.embedder.model, {})
        return (
            f"Recall index: {plural(len(vectors), 'vector')} ({coach.embedder.model}) for "
            f"{plural(len(users), 'user message')}{left_out}"
        )
    return f"Recall index: BM25 keywords over {plural(len(users), 'user message')}, no network{left_out}"


def summary_line(coach: Coach) -> str:
    summary = coach.state.summary
    if summary is None:
        return "Running summary: none yet (hybrid and summary fold old turns in batches)."
    return (
        f"Running summary: {turn_span(1, summary.last_turn)} "
        f"({plural(len(summary.covers_ids), 'message')}, {plural(summary.tokens, 'token')})"
        f"\n{summary.text}"
    )


class MemoryScreen(ModalScreen[None]):
    DEFAULT_CSS = """
    MemoryScreen { align: center middle; }
    MemoryScreen > Vertical {
        width: 96%; height: 90%; padding: 0 1;
        background: $surface; border: thick $primary;
    }
    MemoryScreen .title { text-style: bold; height: auto; margin-bottom: 1; }
    MemoryScreen.-narrow > Vertical { width: 100%; height: 100%; }
    MemoryScreen DataTable { height: 1fr; min-height: 4; }
    MemoryScreen #edit { margin-top: 1; }
    MemoryScreen #details { height: 1fr; min-height: 3; max-height: 10; border-top: hkey $panel; }
    MemoryScreen .buttons { height: 3; align-horizontal: right; dock: bottom; }
    """
    BINDINGS = [
        Binding("escape", "close", "Close"),
        Binding("e", "edit", "Edit"),
        Binding("d,delete", "delete", "Delete"),
        Binding("u", "undo_delete", "Undo delete"),
        Binding("r", "resume_extraction", "Resume extraction"),
    ]

    def __init__(self, coach: Coach) -> None:
        super().__init__()
        self.coach = coach

    def compose(self) -> ComposeResult:
        with Vertical():
            yield Static(
                "Memory — what FinCoach keeps about you (e edit · d delete · u undo · Esc close)",
                classes="title",
            )
            yield DataTable(cursor_type="row", id="facts")
            yield Input(
                placeholder="select a current fact and press e to correct it; Enter saves",
                id="edit",
            )
            with VerticalScroll(id="details"):
                yield Static(id="summary", markup=False)
                yield Static(id="index", markup=False)
                yield Static(id="notes", markup=False)
            with Horizontal(classes="buttons"):
                yield Button("Edit", id="edit-button")
                yield Button("Delete", id="delete-button", variant="error")
                yield Button("Close", id="close", variant="primary")

    def on_mount(self) -> None:
        self.refresh_view()
        self.query_one(DataTable).focus()

    def on_resize(self) -> None:
        self.refresh_view()  # the columns that fit may have changed

    def _table_width(self) -> int:
        """The table's cells across: laid out, its own; on mount, from the CSS above."""
        width = self.query_one(DataTable).size.width
        if width:
            return width
        screen = self.app.size.width
        return (screen if self.has_class("-narrow") else screen * 96 // 100) - 4

    # ---- rendering -------------------------------------------------------------------
    def refresh_view(self) -> None:
        table = self.query_one(DataTable)
        cursor = table.cursor_row
        messages = {m.id: m for m in self.coach.state.transcript.messages}
        # Current first (what is sent), then history, newest first within each.
        facts = sorted(self.coach.state.facts.facts, key=lambda f: (not f.current, -f.observed_at))
        rows = []
        for fact in facts:
            turns = sorted({messages[i].turn for i in fact.source_ids if i in messages})
            source = f"turn {', '.join(map(str, turns)) or '?'} ({', '.join(fact.source_ids)})"
            row = (fact.id, fact.key, fact.value, fact_status(fact), source)
            rows.append((fact, (*row, _when(fact.observed_at))))
        widths = column_widths(HEADERS, [cells for _, cells in rows])
        keep = columns_that_fit(widths, self._table_width(), DROP_ORDER)
        value_room = room_for(widths, keep, self._table_width(), VALUE)  # the rest: shortened
        table.clear(columns=True)
        for i in keep:
            table.add_column(HEADERS[i], key=HEADERS[i])
        for fact, cells in rows:
            style = "" if fact.current else "dim"
            shown = [shorten(cells[i], value_room) if i == VALUE else cells[i] for i in keep]
            table.add_row(*(Text(cell, style=style) for cell in shown), key=fact.id)
        if table.row_count:
            table.move_cursor(row=min(max(cursor, 0), table.row_count - 1), animate=False)
        self.query_one("#summary", Static).update(summary_line(self.coach))
        self.query_one("#index", Static).update(index_line(self.coach))
        notes = self.coach.state.facts.notes[-3:]
        paused = (
            'Extraction paused after refused answers in a row: press r to resume, or say "remember …".\n'
            if is_paused(self.coach.state.facts)
            else ""
        )
        self.query_one("#notes", Static).update(
            paused
            + "Extraction: "
            + (
                " · ".join(notes)
                if notes
                else "nothing extracted yet "
                '(facts extracts every few turns; "remember …" extracts at once)'
            )
        )

    @property
    def selected(self) -> Fact | None:
        table = self.query_one(DataTable)
        if not table.row_count:
            return None
        key = table.coordinate_to_cell_key(table.cursor_coordinate).row_key.value
        return self.coach.state.facts.get(str(key))

    # ---- actions ---------------------------------------------------------------------
    def _busy(self) -> bool:
        if self.coach.busy:
            self.notify("wait for the reply to finish, then change the memory", severity="warning")
            return True
        return False

    def action_edit(self) -> None:
        fact = self.selected
        if fact is None or not fact.current:
            self.notify("select a current fact to edit", severity="warning")
            return
        edit = self.query_one("#edit", Input)
        edit.value = fact.value
        edit.focus()

    def on_input_submitted(self, event: Input.Submitted) -> None:
        fact = self.selected
        if fact is None or self._busy():
            return
        try:
            self.coach.edit_fact(fact.id, event.value)
        except OSError as exc:  # not written (a full disk): the fact is as it was
            self._not_saved("not changed", exc)
            return
        except ValueError as exc:
            self.notify(str(exc), severity="warning", markup=False)
            return
        event.input.value = ""
        self.notify(
            f"{fact.key} is now {event.value.strip()!r}: the next request uses it", markup=False
        )
        self.refresh_view()
        self.query_one(DataTable).focus()

    def action_delete(self) -> None:
        fact = self.selected
        if fact is None or fact.deleted_at is not None or self._busy():
            return
        from fincoach_tui.ui.screens.confirm import ConfirmScreen

        question = (
            f"Delete {fact.key} = {fact.value} ({fact.id})? It is never sent or recalled "
            "again. Until your next message, u in this dialog undoes it."
        )
        self.app.push_screen(
            ConfirmScreen(question, yes="Delete"),
            lambda yes: self._delete(fact.id) if yes else None,
        )

    def _delete(self, fact_id: str) -> None:
        fact = self.coach.state.facts.get(fact_id)
        if fact is None or fact.deleted_at is not None or self._busy():
            return
        try:
            self.coach.delete_fact(fact.id)
        except OSError as exc:
            self._not_saved("not deleted", exc)
            return
        self.notify(
            f"deleted {fact.key} ({fact.id}): u undoes it until your next message", markup=False
        )
        self.refresh_view()

    def action_undo_delete(self) -> None:
        if self._busy():
            return
        try:
            restored = self.coach.undo_deletion()
        except OSError as exc:
            self._not_saved("not undone", exc)
            return
        fact = self.coach.state.facts.get(restored) if restored else None
        if fact is None:
            self.notify(
                "nothing to undo: a deletion can be undone only before your next message",
                severity="warning",
            )
            return
        self.notify(f"{fact.key} ({fact.id}) is back: the next request uses it", markup=False)
        self.refresh_view()

    def action_resume_extraction(self) -> None:
        if self._busy():
            return
        try:
            resumed = self.coach.resume_extraction()
        except OSError as exc:
            self._not_saved("not resumed", exc)
            return
        if resumed:
            self.notify("fact extraction resumed: the next batch is read on the next turn")
        else:
            self.notify("fact extraction is not paused", severity="warning")
        self.refresh_view()

    def _not_saved(self, what: str, exc: OSError) -> None:
        """A change not written to the session (a full disk, a read-only directory): one
        line naming the file; nothing of it was applied, and the screen stays."""
        self.notify(f"{what}: {exc}", severity="error", markup=False)

    def on_button_pressed(self, event: Button.Pressed) -> None:
        actions = {
            "edit-button": self.action_edit,
            "delete-button": self.action_delete,
            "close": self.action_close,
        }
        actions[event.button.id or "close"]()

    def action_close(self) -> None:
        self.dismiss(None)
