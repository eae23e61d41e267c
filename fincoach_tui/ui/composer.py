"""The message input: Enter sends; Ctrl+J, Shift+Enter or Alt+Enter start a new line
(ui/keys.py: which terminals report which).

A TextArea rather than an Input so that multi-line paste keeps its lines.
"""

from __future__ import annotations

from textual import events
from textual.message import Message
from textual.widgets import TextArea

from fincoach_tui.ui.keys import NEW_LINE_KEYS, accept_legacy_alt_enter

PLACEHOLDER = "Enter to send · Ctrl+J new line"

accept_legacy_alt_enter()  # before the app reads its first key


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
        kwargs.setdefault("placeholder", PLACEHOLDER)
        super().__init__(soft_wrap=True, show_line_numbers=False, tab_behavior="focus", **kwargs)

    def type_text(self, text: str) -> None:
        """Insert text as typing does."""
        if text:
            self.insert(text)

    async def _on_key(self, event: events.Key) -> None:
        if event.key in NEW_LINE_KEYS:
            event.stop()
            event.prevent_default()
            self.insert("\n")
            return
        if event.key == "enter":
            event.stop()
            event.prevent_default()
            self.submit()
            return
        await super()._on_key(event)

    def submit(self) -> None:
        """Enter: post the message (Submitted), taken out of the composer now, not when
        the app handles it: keys typed before then are the next message's, and its Enter
        must not send this one again. (Only spaces: left, for the app to say why not.)"""
        text = self.text
        if text.strip():
            self.text = ""
        self.post_message(self.Submitted(self, text))

    def hand_back(self, text: str) -> None:
        """`text` in place of what is there, the cursor at its end: what is typed next
        follows it, never goes in front of it."""
        self.text = text
        self.move_cursor(self.document.end)

    def give_back(self, text: str) -> None:
        """A message Enter took out was not sent (refused): back in front of whatever was
        typed since, on a line of its own, the cursor at the end."""
        typed_since = self.text
        self.text = f"{text}\n{typed_since}" if typed_since and text.strip() else text + typed_since
        self.move_cursor(self.document.end)
