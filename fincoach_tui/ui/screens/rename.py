"""Rename the session on screen: one field, checked as it is submitted.

The check (a valid name, not taken) is the application's (`Sessions.check_new_name`); a
refused name is said in one line and the dialog stays open with what was typed.
"""

from __future__ import annotations

from collections.abc import Callable

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.screen import ModalScreen
from textual.widgets import Button, Input, Static

from fincoach_tui.service.sessions import NotDone


class RenameScreen(ModalScreen[str | None]):
    """Dismisses with the checked new name, or None."""

    DEFAULT_CSS = """
    RenameScreen { align: center middle; }
    RenameScreen > Vertical {
        width: 64; max-width: 100%; height: auto; max-height: 100%; padding: 1 2;
        background: $surface; border: thick $primary;
    }
    RenameScreen .title { text-style: bold; }
    RenameScreen Input { margin: 1 0 0 0; }
    RenameScreen #error { color: $error; height: auto; }
    RenameScreen .buttons { height: 3; align-horizontal: right; }
    """
    BINDINGS = [Binding("escape", "cancel", "Cancel")]

    def __init__(self, current: str, check: Callable[[str], str]) -> None:
        super().__init__()
        self.current = current
        self._check = check  # the new name, checked; raises NotDone

    def compose(self) -> ComposeResult:
        with Vertical():
            yield Static(f"Rename the session {self.current}", classes="title", markup=False)
            yield Static("letters, digits, . _ - · Enter renames · Esc cancels", markup=False)
            yield Input(self.current, id="name")
            yield Static("", id="error", markup=False)
            with Horizontal(classes="buttons"):
                yield Button("Rename", id="rename", variant="primary")
                yield Button("Cancel", id="cancel")

    def on_mount(self) -> None:
        self.query_one(Input).focus()

    @property
    def error(self) -> str:
        return str(self.query_one("#error", Static).content)

    def submit(self) -> None:
        try:
            self.dismiss(self._check(self.query_one(Input).value))
        except NotDone as exc:
            self.query_one("#error", Static).update(str(exc))

    def on_input_submitted(self, event: Input.Submitted) -> None:
        event.stop()
        self.submit()

    def on_button_pressed(self, event: Button.Pressed) -> None:
        if event.button.id == "rename":
            self.submit()
        else:
            self.action_cancel()

    def action_cancel(self) -> None:
        self.dismiss(None)
