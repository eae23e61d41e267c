"""Every strategy's cost on this conversation, in words: the panel's few sentences.

"buffer would have cost $0.0123 so far; you paid $0.0041 (window)", what caching saved,
the template overhead in use, from which turn the bounded strategies are cheaper, and
when buffer would outgrow the context window. The text is a pure function of a
ComparisonSnapshot (`summary_lines`); the widget only shows it.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from rich.text import Text
from textual.app import ComposeResult
from textual.widget import Widget

from fincoach_tui.ui import format as fmt
from fincoach_tui.ui.line import Line

if TYPE_CHECKING:
    from fincoach_tui.service.cost_comparison import ComparisonSnapshot

LINES = ("compare", "totals", "models", "cache", "template", "crossover", "wall")
EMPTY = "After the first turn: what every strategy would have cost on this conversation."


def _money(snapshot: ComparisonSnapshot, value: float) -> str:
    return fmt.usd(value) if snapshot.priced else f"{fmt.tokens(int(value))} tok"


def summary_lines(snapshot: ComparisonSnapshot) -> dict[str, str]:
    report = snapshot.report
    actual = report.actual
    if not actual.turns:
        return {}
    total = (lambda c: c.total_cost) if snapshot.priced else (lambda c: c.total_tokens)
    lines: dict[str, str] = {}
    path = " → ".join(report.path) or report.active
    paid = _money(snapshot, total(actual))
    base = report.baseline()
    if base is not None:
        mark = "≈" if base.estimated else ""
        verb = "cost" if snapshot.priced else "sent"
        lines["compare"] = (
            f"{base.name} would have {verb} {mark}{_money(snapshot, total(base))} so far; "
            f"you paid {paid} ({path})"
        )
    else:
        lines["compare"] = f"you paid {paid} ({path})"
    shown = [c for c in report.curves if not c.error and c.turns]
    lines["totals"] = " · ".join(
        f"{c.name} {'≈' if c.estimated else ''}{_money(snapshot, total(c))}" for c in shown
    ) + ("  (≈: with estimated folds and extractions)" if any(c.estimated for c in shown) else "")
    if snapshot.models:
        lines["models"] = models_line(snapshot)
    prompts = snapshot.prompt_tokens  # kept as the calls came, not summed here
    if snapshot.cached_tokens and not snapshot.priced:
        lines["cache"] = (
            f"caching: {fmt.tokens(snapshot.cached_tokens)} cached tokens "
            f"({fmt.percent(snapshot.cached_tokens, prompts)} of prompt tokens); no price"
        )
    elif snapshot.cached_tokens:
        lines["cache"] = (
            f"caching saved {fmt.usd(snapshot.cache_saved)} on "
            f"{fmt.tokens(snapshot.cached_tokens)} cached tokens "
            f"({fmt.percent(snapshot.cached_tokens, prompts)} of prompt tokens)"
        )
    else:
        lines["cache"] = "caching: no prompt tokens were cached so far"
    lines["template"] = f"template: {snapshot.overhead}"
    crossings = snapshot.crossings()
    if crossings:

        def turn(value, projected):
            return "—" if value is None else f"{'≈' if projected else ''}t{value}"

        lines["crossover"] = "cheaper than buffer (per turn / in total): " + " · ".join(
            f"{c.strategy} {turn(c.per_turn, c.per_turn_projected)}/{turn(c.cumulative, c.cumulative_projected)}"
            for c in crossings
        )
    window = snapshot.context_window
    wall = snapshot.wall("buffer")
    if window and wall is not None:
        done = actual.turns[-1]
        lines["wall"] = (
            f"buffer's request outgrows the {fmt.tokens(window)}-token window at turn {wall}"
            + ("" if wall > done else " (already)")
        )
    elif window:
        lines["wall"] = f"buffer stays within the {fmt.tokens(window)}-token window"
    return lines


def models_line(snapshot: ComparisonSnapshot) -> str:
    """Your requests on each other model ([compare] models), and the cheapest model and
    strategy of all: "on other models: gpt-4o ≈$0.011 · ... · cheapest: window on ..."."""
    parts = []
    for row in snapshot.models:
        cost = row.requests.cost_usd
        mark = "≈" if row.requests.estimated and cost is not None else ""
        parts.append(f"{row.spec} {mark}{fmt.usd(cost)}")
    line = "your requests on other models: " + " · ".join(parts)
    if snapshot.cheapest is not None:
        model, strategy, cost = snapshot.cheapest
        line += f"; cheapest: {strategy} on {model}, {fmt.usd(cost)}"
    return line


class CostsSummary(Widget):
    """A few lines under the meter; empty until the first turn has been answered."""

    DEFAULT_CSS = """
    CostsSummary {
        height: auto;
        border-top: hkey $panel;
        border-title-color: $text-muted;
        Static { height: auto; color: $text-muted; }
        #compare { color: $foreground; text-style: bold; }
    }
    """

    def __init__(
        self, *, name: str | None = None, id: str | None = None, classes: str | None = None
    ) -> None:
        super().__init__(name=name, id=id, classes=classes)
        self.border_title = "Every strategy · Ctrl+L plans"
        self.lines: dict[str, str] = {}

    def compose(self) -> ComposeResult:
        for line in LINES:
            yield Line(id=line)

    def on_mount(self) -> None:
        self._paint()

    def show(self, snapshot: ComparisonSnapshot | None) -> None:
        self.lines = summary_lines(snapshot) if snapshot is not None else {}
        self._paint()

    def on_show(self) -> None:
        self._paint()  # what came while its tab was hidden

    def _paint(self) -> None:
        # Lines that wrap lay the whole screen out again when they change: while the tab is
        # hidden (most of the time) that is work for nobody; it is done when the tab shows.
        if not self.is_mounted or not self.region:
            return
        for line in LINES:
            text = self.lines.get(line, EMPTY if line == "compare" and not self.lines else "")
            widget = self.query_one(f"#{line}", Line)
            widget.show(Text(text))  # lines wrap: they lay the screen out again when changed
            widget.display = bool(text)
