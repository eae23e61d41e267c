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

    # Enter was pressed while the coach was starting: the text waits to be sent, and what
    # is typed next is another message, so it starts on a line of its own (one send).
    _new_line_due = False
    # Set by the app until its coach is ready. Keys are handled before the message Enter
    # posts, so the line is marked due here, at the key, not when the app hears of it.
    coach_starting = False

    def __init__(self, **kwargs) -> None:
        kwargs.setdefault("placeholder", PLACEHOLDER)
        super().__init__(soft_wrap=True, show_line_numbers=False, tab_behavior="focus", **kwargs)

    def new_line_before_more(self) -> None:
        self._new_line_due = True

    def type_text(self, text: str) -> None:
        """Insert text as typing does: after a waiting message, on a line of its own."""
        if text:
            self._start_new_line_if_due()
            self.insert(text)

    def _start_new_line_if_due(self) -> None:
        if self._new_line_due:
            self._new_line_due = False
            if self.text.strip():  # not if it was sent meanwhile
                self.insert("\n")

    async def _on_key(self, event: events.Key) -> None:
        if event.is_printable:
            self._start_new_line_if_due()
        if event.key in NEW_LINE_KEYS:
            event.stop()
            event.prevent_default()
            self.insert("\n")
            return
        if event.key == "enter":
            event.stop()
            event.prevent_default()
            self.post_message(self.Submitted(self, self.text))
            if self.coach_starting and self.text.strip():
                self.new_line_before_more()
            return
        await super()._on_key(event)
