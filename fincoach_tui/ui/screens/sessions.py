"""The sessions screen: list, open, start new, rename, delete (with confirmation)."""

from __future__ import annotations

from datetime import datetime

from rich.cells import cell_len
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.screen import ModalScreen
from textual.widgets import Button, DataTable, Input, Static

from fincoach_tui.service.sessions import NotDone, Sessions, check_name
from fincoach_tui.ui.fit_columns import column_widths, columns_that_fit, room_for, shorten
from fincoach_tui.ui.format import usd

HEADERS = ("name", "turns", "strategy", "tokens", "cost", "last used")
DROP_ORDER = (5, 2, 3)  # narrow first loses "last used", then "strategy", then "tokens"
# The cells each column is given when deciding which columns fit: the dialog's width
# decides, not the names listed, so a column does not come and go as sessions are added or
# renamed. A name gets 24 cells at least (longer ones are shortened), turns up to 99,999,
# tokens up to 9,999,999, a cost as "$0.000068".
DECIDING_WIDTHS = (24, 5, 8, 9, 9, 16)
OPEN = " (open)"


def _name_in(shown: str, room: int) -> str:
    """A name in the table's name column, shortened with an ellipsis to `room` cells; the
    open session's mark is kept whole, the name shortened before it."""
    if shown.endswith(OPEN) and cell_len(shown) > room:
        return shorten(shown.removesuffix(OPEN), room - cell_len(OPEN)) + OPEN
    return shorten(shown, room)


class SessionsScreen(ModalScreen[str | None]):
    """Dismisses with the name of the session to open, or None."""

    DEFAULT_CSS = """
    SessionsScreen { align: center middle; }
    SessionsScreen > Vertical {
        width: 90%; max-width: 110; height: 80%; padding: 1 2;
        background: $surface; border: thick $primary;
    }
    SessionsScreen.-narrow > Vertical { width: 100%; height: 100%; padding: 0 1; }
    SessionsScreen .title { text-style: bold; }
    SessionsScreen DataTable { height: 1fr; margin: 1 0; }
    SessionsScreen #prompt { display: none; }
    SessionsScreen #prompt.-visible { display: block; }
    SessionsScreen #message { color: $warning; height: auto; }
    SessionsScreen .buttons { height: 3; dock: bottom; }
    """
    BINDINGS = [
        Binding("escape", "close", "Close"),
        Binding("n", "new", "New"),
        Binding("r", "rename", "Rename"),
        Binding("d", "delete", "Delete"),
    ]

    def __init__(self, sessions: Sessions, current: str | None, *, classes: str = "") -> None:
        super().__init__(classes=classes)
        self.sessions = sessions
        self.current = current
        self._pending: str | None = None  # "new" | "rename" | "delete"
        self._filled_for = 0  # the table width the table was last filled for

    def compose(self) -> ComposeResult:
        with Vertical():
            yield Static(
                "Sessions  (Enter open · n new · r rename · d delete · Esc close)", classes="title"
            )
            yield DataTable(id="sessions", cursor_type="row", zebra_stripes=True)
            yield Input(id="prompt")
            yield Static("", id="message", markup=False)  # it echoes what was typed
            with Horizontal(classes="buttons"):
                yield Button("Open", id="open", variant="primary")
                yield Button("New", id="new")
                yield Button("Rename", id="rename")
                yield Button("Delete", id="delete", variant="error")

    def on_mount(self) -> None:
        self.reload()
        self.query_one(DataTable).focus()

    def on_resize(self) -> None:
        if self._table_width() != self._filled_for:
            self.reload()  # the columns that fit may have changed

    def _table_width(self) -> int:
        """The cells the table has across: laid out, its own; on mount, the dialog's
        width from the CSS above (90% up to 110, minus border and padding)."""
        width = self.query_one(DataTable).size.width
        if width:
            return width
        screen = self.app.size.width
        return screen - 4 if self.has_class("-narrow") else min(screen * 9 // 10, 110) - 6

    def reload(self) -> None:
        table = self.query_one(DataTable)
        rows: list[tuple[str, tuple[object, ...]]] = []
        for listed in self.sessions.listing():
            name, row = listed.name, listed.summary
            if row is None:  # e.g. a newer format: listed; opening it says why
                rows.append((name, (name, "?", "-", "-", "-", "cannot read")))
                continue
            used = (
                datetime.fromtimestamp(row.last_used).strftime("%Y-%m-%d %H:%M")
                if row.last_used
                else "-"
            )
            shown = f"{name}{OPEN}" if name == self.current else name
            listed_cells = (shown, row.turns, row.strategy, f"{row.billed_tokens:,}")
            rows.append((name, (*listed_cells, usd(row.cost_usd), used)))
        self._filled_for = self._table_width()
        keep = columns_that_fit(DECIDING_WIDTHS, self._filled_for, DROP_ORDER)
        widths = column_widths(HEADERS, [cells for _, cells in rows])
        name_room = room_for(widths, keep, self._filled_for, 0)  # a long name: shortened
        cursor = table.cursor_row
        table.clear(columns=True)
        table.add_columns(*(HEADERS[i] for i in keep))
        for name, cells in rows:
            table.add_row(
                _name_in(str(cells[0]), name_room), *(cells[i] for i in keep[1:]), key=name
            )
        if 0 < cursor < table.row_count:
            table.move_cursor(row=cursor, animate=False)

    @property
    def selected(self) -> str | None:
        table = self.query_one(DataTable)
        if table.row_count == 0:
            return None
        return table.coordinate_to_cell_key(table.cursor_coordinate).row_key.value

    def say(self, text: str) -> None:
        self.query_one("#message", Static).update(text)

    def _ask(self, action: str, placeholder: str, value: str = "") -> None:
        self._pending = action
        prompt = self.query_one("#prompt", Input)
        prompt.placeholder = placeholder
        prompt.value = value
        prompt.add_class("-visible")
        prompt.focus()

    def on_data_table_row_selected(self, event: DataTable.RowSelected) -> None:
        self.dismiss(event.row_key.value)

    def on_button_pressed(self, event: Button.Pressed) -> None:
        {
            "open": self.action_open,
            "new": self.action_new,
            "rename": self.action_rename,
            "delete": self.action_delete,
        }[event.button.id or "open"]()

    def action_open(self) -> None:
        if self.selected:
            self.dismiss(self.selected)

    def action_new(self) -> None:
        self._ask("new", "name of the new session (letters, digits, . _ -)")

    def action_rename(self) -> None:
        if self.selected is None:
            return
        if self.selected == self.current:
            # The open session is closed, renamed and opened again: the app's own dialog.
            self.dismiss(None)
            self.app.call_later(self.app.run_action, "rename_session")
            return
        self._ask("rename", f"new name for {self.selected}", self.selected)

    def action_delete(self) -> None:
        if self.selected is None:
            return
        if self.selected == self.current:
            self.say("this session is open: switch to another one before deleting it")
            return
        self._ask("delete", f"type {self.selected} to delete it for good")

    def action_close(self) -> None:
        if self._pending:
            self._end_prompt()
        else:
            self.dismiss(None)

    def _end_prompt(self) -> None:
        self._pending = None
        self.query_one("#prompt", Input).remove_class("-visible")
        self.query_one(DataTable).focus()

    def on_input_submitted(self, event: Input.Submitted) -> None:
        value, action, target = event.value.strip(), self._pending, self.selected
        self._end_prompt()
        try:
            if action == "new":
                self.dismiss(check_name(value))
            elif action == "rename" and target:
                self.sessions.rename(target, value)
                self.say(f"renamed {target} to {value}")
            elif action == "delete" and target:
                if value != target:
                    self.say("not deleted: the name did not match")
                    return
                self.sessions.delete(target)
                self.say(f"deleted {target}")
        except NotDone as exc:
            self.say(str(exc))
        self.reload()
