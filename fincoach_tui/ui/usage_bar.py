"""The context-window bar under the token meter: how much of the window a prompt takes."""

from __future__ import annotations

from rich.text import Text
from textual.app import RenderResult
from textual.reactive import reactive
from textual.widget import Widget


class UsageBar(Widget):
    """A one-line bar: how much of the context window the prompt takes."""

    DEFAULT_CSS = """
    UsageBar { height: 1; width: 1fr; min-width: 8; color: $primary; }
    """

    fraction: reactive[float] = reactive(0.0)

    def render(self) -> RenderResult:
        width = self.content_size.width
        filled = round(min(max(self.fraction, 0.0), 1.0) * width)
        bar = Text("█" * filled)
        bar.append("░" * (width - filled), style="dim")
        return bar
