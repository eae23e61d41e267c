"""The app's part that keeps typing from being lost, and that stops a reply.

- A printable key pressed while the chat, the side panel or the chart has focus goes to
  the composer, character and all, and the composer takes focus: a person who clicked
  the chart and goes on typing loses nothing. A key a focused widget binds (`m` on the
  chart, which shows focus with its coloured top border) is that widget's, as before.
- Esc brings focus back to the composer from anywhere on the main screen; while a reply
  streams, Esc (or Ctrl+C) stops it instead: what arrived is kept, marked "stopped".
- Enter before the coach is ready (the engine still loading) is not refused: the message
  waits in the composer and is sent as soon as the session is on screen; text typed after
  it is another message, on a line of its own in the one sent. Keys typed before the
  composer existed (even before the app had the terminal) reach it the same way.
"""

from __future__ import annotations

from textual import events
from textual.actions import SkipAction
from textual.widgets import Input, TextArea

from fincoach_tui.ui.composer import Composer
from fincoach_tui.ui.turn_handlers import TurnHandlers
from fincoach_tui.ui.typed_ahead import ENTER, messages_and_rest


class KeyRouting(TurnHandlers):
    """Printable keys to the composer, Esc home (or stop), Enter held until ready."""

    _send_when_ready = False
    # Typed before the composer existed (at launch, before the app had the terminal, and
    # while the first screen was built), "\n" for Enter: the composer gets it when it is.
    early_keys: str = ""

    def on_key(self, event: events.Key) -> None:
        # Reached by keys no focused widget took for itself (a text field takes its own).
        printable = event.is_printable and event.character is not None
        if not printable and event.key != "enter":
            return
        found = self.screen_stack[0].query(Composer) if self.screen_stack else None
        composer = found.first() if found else None
        if composer is None:
            self.early_keys += event.character if printable and event.character else ENTER
        elif not printable:
            return  # Enter with the composer there: the focused widget's
        elif self.screen is not self.screen_stack[0] or isinstance(self.focused, Input | TextArea):
            return  # a dialog's keys are the dialog's
        elif event.key in self.active_bindings:
            return  # bound by the focused widget (the chart's `m`): it acts, as it shows
        else:
            composer.focus()
            composer.type_text(event.character or "")
        event.stop()
        event.prevent_default()

    def take_early_keys(self) -> None:
        """The composer is mounted: what was typed before it is its text's start, and an
        Enter typed then sends it once the coach is ready, as Enter pressed now would.
        Text typed after that Enter joins the waiting message on a line of its own."""
        ended, rest = messages_and_rest(self.early_keys)
        self.early_keys = ""
        for message in ended:
            self.composer.type_text(message)
            if self.composer.text.strip():
                self.submit(self.composer.text)
        self.composer.type_text(rest)

    def action_escape(self) -> None:
        """Stop the reply that is streaming; otherwise, back to the composer."""
        if self._stop_turn():
            return
        self.composer.focus()

    def action_stop_reply(self) -> None:
        """Ctrl+C: stop the streaming reply; with none, Ctrl+C is what it was (copy)."""
        if not self._stop_turn():
            raise SkipAction()

    def _stop_turn(self) -> bool:
        # The runner exists once a turn has run: asking for it sooner would import the
        # coach on the event loop, for a key that has nothing to stop.
        runner = self.__dict__.get("turns")
        return runner is not None and runner.stop()

    def submit(self, text: str) -> None:
        if self.live is None and text.strip():
            # Still loading: the message stays in the composer and goes once ready.
            self._send_when_ready = True
            self.composer.new_line_before_more()  # typed next: another message, its own line
            self.activity.say("starting: your message is sent as soon as the coach is ready")
            return
        super().submit(text)

    def send_when_ready(self) -> None:
        """The session is on screen: send what Enter asked for while it was loading."""
        if self._send_when_ready and self.live is not None:
            self._send_when_ready = False
            if self.composer.text.strip():
                self.submit(self.composer.text)
