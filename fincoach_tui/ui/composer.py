"""The message input: Enter sends; Shift+Enter or Ctrl+J starts a new line.

A TextArea rather than an Input so that multi-line paste keeps its lines.
"""

from __future__ import annotations

from textual import events
from textual.message import Message
from textual.widgets import TextArea


class Composer(TextArea):
    DEFAULT_CSS = """
    Composer { height: auto; min-height: 3; max-height: 10; border: tall $primary 40%; }
    Composer:focus { border: tall $primary; }
    """

    class Submitted(Message):
        def __init__(self, composer: Composer, text: str) -> None:
            super().__init__()
            self.composer = composer
            self.text = text

    def __init__(self, **kwargs) -> None:
        super().__init__(soft_wrap=True, show_line_numbers=False, tab_behavior="focus", **kwargs)

    async def _on_key(self, event: events.Key) -> None:
        # Terminals send Ctrl+J as a line feed; kitty-protocol terminals report Shift+Enter.
        if event.key in ("shift+enter", "ctrl+j"):
            event.stop()
            event.prevent_default()
            self.insert("\n")
            return
        if event.key == "enter":
            event.stop()
            event.prevent_default()
            self.post_message(self.Submitted(self, self.text))
            return
        await super()._on_key(event)
