"""Usage across every session in the app: a bar per day, week or month, the same table as
`fincoach usage`, and the budget, which can be set here.

Reading the usage goes through the index (service/usage.py) in a worker thread: a cold
index over many sessions takes seconds, a warm one milliseconds. Keys d, w and m switch
the period; Esc closes. Usable at 80x24: everything but the budget row scrolls.
"""

from __future__ import annotations

from collections.abc import Callable

from rich.text import Text
from textual import on, work
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.screen import ModalScreen
from textual.widgets import Button, Checkbox, Input, Label, Static

from fincoach_tui.domain.spend_budget import Budget
from fincoach_tui.domain.usage import Period, UsageReport, UsageTotals
from fincoach_tui.ui import format as fmt
from fincoach_tui.ui.chart_axis import LABEL_WIDTH, ROWS_APART, tick_labels, y_ticks
from fincoach_tui.ui.usage_table import cost_text, usage_lines

CHART_ROWS = 8  # the newest periods: a day's bar per row at 80x24 leaves room for the rest
_NAMES = {"daily": "per day", "weekly": "per week", "monthly": "per month"}

# How the screen reads usage, and saves a budget (an error line, or "" when saved).
Loader = Callable[[Period], UsageReport]
BudgetSaver = Callable[[Budget], str]


def chart_lines(report: UsageReport, width: int, rows: int = CHART_ROWS) -> list[Text]:
    """One bar per period, newest last: cost where there is one, else tokens. The bars are
    drawn against the side panel's chart axis (ui/chart_axis.py): round 1-2-5 ticks with a
    little headroom, labelled as that chart labels them, on a scale row above the bars."""
    periods = report.per_period()[-rows:]
    if not periods:
        return [Text("No usage recorded yet.", style="italic")]
    by_cost = any(t.cost_usd for _, t in periods)

    def size(t: UsageTotals) -> float:
        return t.cost_usd if by_cost else float(t.total_tokens)

    labels = [(p, f" {cost_text(t)} · {fmt.tokens(t.total_tokens)} tok") for p, t in periods]
    left = max(len(p) for p, _ in labels)
    room = max(4, width - left - max(len(v) for _, v in labels) - 2)
    ticks = y_ticks(max(size(t) for _, t in periods), _axis_rows(room), whole=not by_cost)
    top = ticks[-1]
    out = [Text(" " * (left + 1) + _scale(ticks, "cost" if by_cost else "tokens", room), "dim")]
    for (period, value), (_, totals) in zip(labels, periods, strict=True):
        line = Text(period.ljust(left) + " ", style="dim")
        cells = round(size(totals) / top * room)
        line.append("█" * cells or "▏", style="bold")
        line.append(value)
        out.append(line)
    return out


def _axis_rows(cells: int) -> int:
    """The rows `y_ticks` needs to give as many ticks as `cells` columns hold labels of
    LABEL_WIDTH with a space between (the axis runs across here, not up)."""
    ticks = max(2, cells // (LABEL_WIDTH + 1))
    return (ticks - 1) * ROWS_APART + 1


def _scale(ticks: list[float], unit: str, cells: int) -> str:
    """The tick labels across `cells` columns, each where its value's bar would end (the
    last one ending there); a label that would touch the one before is left out."""
    top = ticks[-1]
    row = [" "] * cells
    free = 0  # the first column a label may start at
    for tick, label in zip(ticks, tick_labels(ticks, unit), strict=True):
        at = min(round(tick / top * cells), cells - len(label))
        if at < free or at < 0:
            continue
        row[at : at + len(label)] = label
        free = at + len(label) + 1
    return "".join(row).rstrip()


def parse_usd(text: str, what: str) -> float | None:
    """ "" -> None (no limit); a positive number of USD; else ValueError with one line."""
    text = text.strip().lstrip("$")
    if not text:
        return None
    try:
        value = float(text)
    except ValueError:
        raise ValueError(f"{what}: write a number of USD, like 5 or 0.50") from None
    if not 0 < value <= 1_000_000 or value != value:
        raise ValueError(f"{what}: must be above 0 (and at most 1,000,000)")
    return value


class UsageScreen(ModalScreen[None]):
    DEFAULT_CSS = """
    UsageScreen { align: center middle; }
    UsageScreen > Vertical {
        width: 110; max-width: 100%; height: 100%; max-height: 40; padding: 0 1;
        background: $surface; border: thick $primary;
    }
    UsageScreen #title { text-style: bold; height: 1; }
    UsageScreen #scroll { height: 1fr; }
    UsageScreen #chart, UsageScreen #table { height: auto; }
    UsageScreen #table { margin-top: 1; }
    UsageScreen #budget { height: 3; }
    UsageScreen #budget Label { padding: 1 1 0 0; }
    UsageScreen #budget Input { width: 12; }
    UsageScreen #budget Checkbox { border: none; padding: 1 0 0 0; }
    UsageScreen #status { height: 1; color: $text-muted; }
    UsageScreen #status.-error { color: $error; }
    """
    BINDINGS = [
        Binding("escape", "close", "Close"),
        Binding("d", "period('daily')", "Daily"),
        Binding("w", "period('weekly')", "Weekly"),
        Binding("m", "period('monthly')", "Monthly"),
    ]

    def __init__(self, load: Loader, budget: Budget, save_budget: BudgetSaver) -> None:
        super().__init__()
        self.load = load
        self.budget = budget
        self.save_budget = save_budget
        self.period: Period = "daily"
        self.report: UsageReport | None = None

    def compose(self) -> ComposeResult:
        with Vertical():
            yield Static("", id="title", markup=False)
            with VerticalScroll(id="scroll"):
                yield Static(Text("reading usage…", style="italic"), id="chart")
                yield Static("", id="table")
            with Horizontal(id="budget"):
                yield Label("month $")
                yield Input(_shown(self.budget.monthly_usd), id="monthly", placeholder="none")
                yield Label("session $")
                yield Input(_shown(self.budget.session_usd), id="session", placeholder="none")
                yield Checkbox("hard", self.budget.hard, id="hard")
                yield Button("Save", id="save", variant="primary")
            yield Static("", id="status", markup=False)

    def on_mount(self) -> None:
        self._title()
        self.refresh_usage()

    def _title(self) -> None:
        self.query_one("#title", Static).update(
            f"Usage, every session · {_NAMES[self.period]} · d/w/m period · Esc closes"
        )

    @work(thread=True, exclusive=True, group="usage")
    def refresh_usage(self) -> None:
        report = self.load(self.period)
        self.app.call_from_thread(self._show, report)

    def _show(self, report: UsageReport) -> None:
        self.report = report
        # The dialog's inner width less the scroll bar: lines are cut, never wrapped.
        width = max(40, (self.query_one(Vertical).content_size.width or 78) - 2)
        chart = Text("\n", no_wrap=True).join(chart_lines(report, width))
        chart.no_wrap, chart.overflow = True, "ellipsis"
        self.query_one("#chart", Static).update(chart)
        table = usage_lines(report, width) if report.lines else []
        self.query_one("#table", Static).update(
            Text("\n".join(_cut(line, width) for line in table), no_wrap=True)
        )

    def action_period(self, period: Period) -> None:
        if period != self.period:
            self.period = period
            self._title()
            self.refresh_usage()

    def action_close(self) -> None:
        self.dismiss(None)

    @on(Input.Submitted, "#monthly, #session")
    @on(Button.Pressed, "#save")
    def _save(self) -> None:
        """Save (or Enter in a budget field, as Enter applies the other dialogs' fields)."""
        status = self.query_one("#status", Static)
        try:
            budget = Budget(
                parse_usd(self.query_one("#monthly", Input).value, "month"),
                parse_usd(self.query_one("#session", Input).value, "session"),
                self.query_one("#hard", Checkbox).value,
            )
        except ValueError as exc:
            status.set_class(True, "-error")
            status.update(str(exc))
            return
        problem = self.save_budget(budget)
        status.set_class(bool(problem), "-error")
        status.update(problem or "budget saved")
        if not problem:
            self.budget = budget


def _cut(line: str, width: int) -> str:
    return line if len(line) <= width else line[: width - 1] + "…"


def _shown(value: float | None) -> str:
    return "" if value is None else f"{value:g}"
