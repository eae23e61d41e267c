"""Pick a memory strategy and its parameters; the next request uses them."""

from __future__ import annotations

from dataclasses import fields

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.geometry import Size
from textual.screen import ModalScreen
from textual.widget import Widget
from textual.widgets import Button, Input, Label, RadioButton, RadioSet, Static

from fincoach_tui.domain.memory import (
    DESCRIPTIONS,
    STRATEGIES,
    Strategy,
    StrategyError,
    make_strategy,
)

# What each parameter means, in the words the picker shows.
PARAM_HELP = {
    "k": "earlier messages kept",
    "budget_tokens": "tokens of earlier turns",
    "tail_turns": "turns kept verbatim",
    "batch_turns": "turns folded at once",
    "cap_tokens": "summary cap in tokens",
    "recall_k": "earlier turns recalled",
    "summary_tokens": "summary budget in tokens",
    "recall_tokens": "recall budget in tokens",
    "tail_tokens": "verbatim tail budget in tokens",
    "facts_tokens": "facts budget in tokens",
    "recall_window": "newest turns recall reads",
    "extract_every": "extract facts every N turns",
}


class StrategyChoice(RadioButton):
    """A strategy and its description, wrapped onto as many lines as the dialog's width
    needs (a RadioButton is one line, cut with "…": at 80 columns the longer
    descriptions could not be read)."""

    DEFAULT_CSS = """
    StrategyChoice { height: auto; text-wrap: wrap; text-overflow: fold; }
    """

    def get_content_height(self, container: Size, viewport: Size, width: int) -> int:
        # A widget's own measure of its wrapped text (the toggle button's is always 1).
        return Widget.get_content_height(self, container, viewport, width)


class StrategyScreen(ModalScreen[tuple[str, dict[str, int]] | None]):
    DEFAULT_CSS = """
    StrategyScreen { align: center middle; }
    StrategyScreen > Vertical {
        width: 96; max-width: 100%; height: auto; max-height: 90%; padding: 1 2;
        background: $surface; border: thick $primary;
    }
    /* A short terminal: the choices and parameters scroll (Tab scrolls to each field);
       the buttons stay docked under them. */
    StrategyScreen.-narrow > Vertical { width: 100%; max-height: 100%; padding: 0 1; }
    StrategyScreen #body { height: auto; max-height: 100%; }
    StrategyScreen #params { height: auto; }
    StrategyScreen .title { text-style: bold; margin-bottom: 1; dock: top; }
    StrategyScreen RadioSet { width: 100%; margin-bottom: 1; }
    StrategyScreen .param { height: 3; }
    StrategyScreen .param Label { width: 30; padding: 1 1 0 0; }
    StrategyScreen .param Input { width: 1fr; }
    StrategyScreen #error { color: $error; height: auto; }
    StrategyScreen .buttons { height: 3; align-horizontal: right; dock: bottom; }
    """
    BINDINGS = [Binding("escape", "cancel", "Cancel")]

    def __init__(self, current: Strategy) -> None:
        super().__init__()
        self.current = current
        self.chosen = current.name

    def compose(self) -> ComposeResult:
        with Vertical():
            yield Static("Memory strategy — what is re-sent every turn", classes="title")
            with VerticalScroll(id="body", can_focus=False):
                with RadioSet(id="strategies"):
                    for name in STRATEGIES:
                        yield StrategyChoice(
                            f"{name}: {DESCRIPTIONS[name]}",
                            value=name == self.current.name,
                            name=name,
                        )
                yield Vertical(id="params")
                yield Static("", id="error")
            with Horizontal(classes="buttons"):
                yield Button("Cancel", id="cancel")
                yield Button("Apply", id="apply", variant="primary")

    async def on_mount(self) -> None:
        await self._show_params(self.current.name)

    async def _show_params(self, name: str) -> None:
        self.chosen = name
        box = self.query_one("#params", Vertical)
        await box.remove_children()
        values = self.current.params() if name == self.current.name else {}
        rows: list[Widget] = []
        for field in fields(STRATEGIES[name]):
            value = values.get(field.name, field.default)
            label = f"{field.name} ({PARAM_HELP.get(field.name, '')})"
            rows.append(
                Horizontal(
                    Label(label),
                    Input(str(value), id=f"p-{field.name}", type="integer"),
                    classes="param",
                )
            )
        if not rows:
            rows.append(Static("no parameters: every earlier message is sent"))
        await box.mount_all(rows)

    async def on_radio_set_changed(self, event: RadioSet.Changed) -> None:
        await self._show_params(event.pressed.name or "buffer")

    def on_button_pressed(self, event: Button.Pressed) -> None:
        if event.button.id == "cancel":
            self.dismiss(None)
        else:
            self.action_apply()

    def on_input_submitted(self) -> None:
        self.action_apply()

    def action_apply(self) -> None:
        params = {}
        for field in fields(STRATEGIES[self.chosen]):
            raw = self.query_one(f"#p-{field.name}", Input).value.strip()
            if not raw.isdigit():
                self.query_one("#error", Static).update(f"{field.name} must be a whole number")
                return
            params[field.name] = int(raw)
        try:
            make_strategy(self.chosen, params)
        except StrategyError as exc:
            self.query_one("#error", Static).update(str(exc))
            return
        self.dismiss((self.chosen, params))

    def action_cancel(self) -> None:
        self.dismiss(None)
