"""The side panel's meter in one line, for terminals too narrow to show the panel beside
the chat: turn, messages sent, counted vs billed, cost, and the key that opens the panel.

It says what the panel's meter says (the same figures, already formatted there) and never
cuts a number: at 80 columns the line has room for five-digit counts and the cost.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from rich.text import Text
from textual.widgets import Static

from fincoach_tui.ui import format as fmt

PANEL_KEY = "Ctrl+B"
EMPTY = "Send a message to see what it costs"


def meter_summary(figures: Mapping[str, Any], lines: Mapping[str, str]) -> str:
    """ "Turn 3 · 6 msgs · counted 1,234 · billed 1,256 · $0.00041"; the request in flight
    shows "billed …"; before any turn, an invitation. Figures are the meter's own."""
    if not lines.get("header"):
        return EMPTY
    parts = [f"Turn {figures['turn']}" if figures.get("turn") is not None else "Next turn"]
    parts.append(f"{figures['sent']} msgs")
    parts.append(f"counted {fmt.tokens(figures['counted'])}")
    billed = figures.get("billed")
    parts.append(f"billed {fmt.tokens(billed)}" if billed is not None else "billed …")
    cost = lines.get("cost", "")
    if cost:
        parts.append(cost)
    return " · ".join(parts)


class MeterLine(Static):
    """One row under the chat: shown instead of the side panel below the width breakpoint."""

    DEFAULT_CSS = """
    MeterLine { height: 1; padding: 0 1; color: $text; text-wrap: nowrap; }
    """

    def show(self, figures: Mapping[str, Any], lines: Mapping[str, str]) -> None:
        text = Text(meter_summary(figures, lines), style="bold")
        text.append(f"  {PANEL_KEY} panel", style="dim")
        self.update(text, layout=False)  # one row, always: no re-layout
