"""The crossover planner in the app: seed 002's per-turn arithmetic on this session's numbers.

The inputs start from the live session's measured averages (system prompt, tokens per
turn, the summary's tail and size) and seed 002's assumptions for the rest; every edit
re-plans at once. The arithmetic is `domain.planner`; this screen only lays it out.
"""

from __future__ import annotations

from dataclasses import fields, replace

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Grid, Horizontal, Vertical, VerticalScroll
from textual.screen import ModalScreen
from textual.widgets import Button, DataTable, Input, Label, Static

from fincoach_tui.domain.planner import BOUNDED, Plan, PlanInputs, make_plan
from fincoach_tui.ui.screens.plan_table import plan_table

LABELS = {
    "system_tokens": "system prompt (tokens)",
    "turn_tokens": "average turn: user + reply",
    "tail_turns": "turns kept verbatim",
    "summary_tokens": "summary cap (tokens)",
    "fact_tokens": "fact section (tokens)",
    "recall_tokens": "recall budget (tokens)",
    "turns": "turns in the session",
}


class PlannerScreen(ModalScreen[None]):
    DEFAULT_CSS = """
    PlannerScreen { align: center middle; }
    PlannerScreen > Vertical {
        width: 110; max-width: 100%; height: 90%; padding: 1 2;
        background: $surface; border: thick $primary;
    }
    /* Narrow: inputs in two columns, everything in one scroll (Tab scrolls to each
       input, the table's rows follow the results); Close stays docked at the bottom. */
    PlannerScreen.-narrow > Vertical { height: 100%; padding: 0 1; }
    PlannerScreen #body { height: 1fr; }
    PlannerScreen .title { text-style: bold; }
    PlannerScreen #source { color: $text-muted; margin-bottom: 1; }
    PlannerScreen Grid { grid-size: 4; grid-columns: 28 14 28 14; height: auto; grid-rows: 3; }
    PlannerScreen.-narrow Grid { grid-size: 2; grid-columns: 28 1fr; }
    PlannerScreen Grid Label { padding: 1 1 0 0; }
    PlannerScreen #error { color: $error; height: auto; }
    PlannerScreen #crossovers { height: auto; margin: 1 0; }
    PlannerScreen #cells { color: $text-muted; height: auto; }
    PlannerScreen DataTable { height: auto; }
    PlannerScreen .buttons { height: 3; align-horizontal: right; dock: bottom; }
    """
    BINDINGS = [Binding("escape", "close", "Close")]

    def __init__(self, inputs: PlanInputs | None = None, *, measured: str = "") -> None:
        super().__init__()
        self.start = inputs or PlanInputs()
        self.measured = measured  # where the defaults came from, in words
        self.plan: Plan = make_plan(self.start)

    def compose(self) -> ComposeResult:
        with Vertical():
            yield Static(
                "Crossover planner — when is a bounded strategy cheaper than buffer?",
                classes="title",
            )
            # Focusable: ↑/↓/PgUp/PgDn scroll to the results between the inputs and the table.
            with VerticalScroll(id="body"):
                yield Static(self.measured or "The planner's default sizes: edit any.", id="source")
                with Grid():
                    for f in fields(PlanInputs):
                        yield Label(LABELS[f.name])
                        yield Input(
                            str(getattr(self.start, f.name)), id=f"i-{f.name}", type="integer"
                        )
                yield Static("", id="error")
                yield Static("", id="crossovers")
                yield Static("", id="cells")
                yield DataTable(id="table", zebra_stripes=True, cursor_type="row")
            with Horizontal(classes="buttons"):
                yield Button("Close", id="close", variant="primary")

    def on_mount(self) -> None:
        self._render_plan()

    def on_input_changed(self, event: Input.Changed) -> None:
        values = {}
        for f in fields(PlanInputs):
            raw = self.query_one(f"#i-{f.name}", Input).value.strip()
            if not raw.isdigit():
                self.query_one("#error", Static).update(f"{LABELS[f.name]}: a whole number, please")
                return
            values[f.name] = int(raw)
        try:
            inputs = replace(self.start, **values)
        except ValueError as exc:
            self.query_one("#error", Static).update(str(exc))
            return
        self.query_one("#error", Static).update("")
        self.plan = make_plan(inputs)
        self._render_plan()

    def _render_plan(self) -> None:
        plan = self.plan
        lines = [
            f"{name:<10} {plan.inputs.flat_cost(name):>7,}/turn · "
            f"cheaper {plan.crossovers[name].when(', ')}"
            for name in BOUNDED
        ]
        lines.append(plan.totals_line(" tokens in total"))
        self.query_one("#crossovers", Static).update("\n".join(lines))
        self._render_table()

    def _table_width(self) -> int:
        """The table's cells across: laid out, its own; on mount, from the CSS above."""
        width = self.query_one("#table", DataTable).size.width
        if width:
            return width
        screen = self.app.size.width
        return min(screen, 110) - (4 if self.has_class("-narrow") else 6)

    def on_resize(self) -> None:
        self._render_table()  # the form of the table that fits may have changed

    def _render_table(self) -> None:
        what, headers, rows = plan_table(self.plan, self._table_width())
        self.query_one("#cells", Static).update(f"Each cell: {what}.")
        table = self.query_one("#table", DataTable)
        table.clear(columns=True)
        table.add_columns(*headers)
        for row in rows:
            table.add_row(*row)

    def on_button_pressed(self, event: Button.Pressed) -> None:
        self.dismiss(None)

    def action_close(self) -> None:
        self.dismiss(None)
