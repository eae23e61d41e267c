"""The key to the chart's bar modes, in words (the plot's own legend box would cover the
bars): what a bar and the line are, the line's scale, the strategy switches."""

from __future__ import annotations

from collections.abc import Callable

from rich.text import Text

from fincoach_tui.domain.plurals import plural
from fincoach_tui.ui import format as fmt
from fincoach_tui.ui.chart_series import ChartSeries, turns_per_bar

MAX_NAMED_SWITCHES = 3  # the caption names the latest few; the lines show them all


def bars_caption(s: ChartSeries, style: Callable[[str], str]) -> Text:
    """The caption of a series with turns, in "tokens" or "cost" mode; `style` gives a
    part's style by name ("bar", "maintenance", "line", "switch")."""
    tokens_mode = s.mode == "tokens"
    text = Text("no price: tokens only · " if s.no_price else "")
    text.append("█", style=style("bar"))
    text.append(" prompt tokens/turn " if tokens_mode else " cost/turn ")
    per = turns_per_bar(len(s.turns))
    if per > 1:
        text.append(f"(top of each {per}) ")
    if s.has_upkeep:
        text.append("█", style=style("maintenance"))
        text.append(" maintenance calls ")  # folds, extractions, embeddings: the glossary's word
    text.append("⠒", style=style("line"))
    text.append(" cumulative")
    if s.line_scale > 1:
        text.append(f" ÷{s.line_scale:,}")
    last = s.cumulative[-1]
    text.append(f" ({fmt.usd(last) if not tokens_mode else fmt.tokens(int(last))})")
    if s.markers:
        text.append("  │", style=style("switch"))
        shown = [f"t{x + 0.5:.0f} {name}" for x, name in s.markers[-MAX_NAMED_SWITCHES:]]
        hidden = len(s.markers) - len(shown)
        text.append((f" {hidden} more, " if hidden else " ") + ", ".join(shown))
    if s.unpriced and not tokens_mode:
        text.append(f"  (no price: {plural(s.unpriced, 'call')} counted as $0)")
    return text
