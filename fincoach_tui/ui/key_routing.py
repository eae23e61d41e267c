"""The app's part that keeps typing from being lost, and that stops a reply.

- A printable key pressed while the chat, the side panel or the chart has focus goes to
  the composer, character and all, and the composer takes focus: a person who clicked
  the chart and goes on typing loses nothing. A key a focused widget binds (`m` on the
  chart, which shows focus with its coloured top border) is that widget's, as before.
- Esc brings focus back to the composer from anywhere on the main screen; while a reply
  streams, Esc (or Ctrl+C) stops it instead: what arrived is kept, marked "stopped".
- Keys typed before the coach is ready (even before the app had the terminal, or in the
  composer while the engine loads) are sent as the person would have sent them had the
  coach been there: each message ended with Enter is a turn of its own, all in one queue,
  sent in the order typed, each once the reply to the one before has ended. Enter while
  any reply streams queues the message the same way: it is sent once that reply has
  ended (refusing it would leave its text in the composer, where what is typed next
  runs on from it, and the Enter would be lost). The unfinished last line is the
  composer's text. A message refused, a reply that failed or was stopped, or a switch
  to another session ends the sending: the messages not sent go back into the
  composer, in order, so nothing is lost.
"""

from __future__ import annotations

from textual import events, on
from textual.actions import SkipAction
from textual.widgets import Input, TextArea

from fincoach_tui.domain.plurals import plural
from fincoach_tui.ui.composer import Composer
from fincoach_tui.ui.turn_handlers import TurnHandlers
from fincoach_tui.ui.turn_messages import ReplyFailed, TurnEnded
from fincoach_tui.ui.typed_ahead import ENTER, messages_and_rest


class KeyRouting(TurnHandlers):
    """Printable keys to the composer, Esc home (or stop), Enter held until ready."""

    # Typed before the composer existed (at launch, before the app had the terminal, and
    # while the first screen was built), "\n" for Enter: the composer gets it when it is.
    early_keys: str = ""
    # Of those, and of the messages Enter sent while the coach loaded, the ones not sent
    # yet: one turn each, in the order typed.
    _typed_lines: tuple[str, ...] = ()
    _typed_turn: str | None = None  # the typed-ahead line whose turn is under way
    _typed_halt: str | None = None  # "stopped" or "failed": that turn ends the sending

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
        """The composer is mounted: each line typed before it and ended with Enter waits
        to be sent on its own once the coach is ready; the unfinished last line is the
        composer's text. (A line of nothing but spaces is not a message.)"""
        ended, rest = messages_and_rest(self.early_keys)
        self.early_keys = ""
        self._typed_lines = tuple(line for line in ended if line.strip())
        self.composer.type_text(rest)
        if self._typed_lines and self.live is None:
            self._say_waiting()
        self._send_typed_line()

    def _say_waiting(self) -> None:
        count = len(self._typed_lines)
        self.activity.say(
            "starting: your message is sent as soon as the coach is ready"
            if count == 1
            else f"starting: your {count} messages are sent one by one once the coach is ready"
        )

    def _send_typed_line(self) -> None:
        """The next line typed ahead, as a turn of its own, if the coach is free for it."""
        if not self._typed_lines or self.live is None or self.live.coach.busy:
            return
        line, self._typed_lines = self._typed_lines[0], self._typed_lines[1:]
        if self.start_turn(line):
            self._typed_turn = line
        else:  # refused, and said why: it waits in the composer with the ones after it
            self._hand_back_typed([line, *self._typed_lines])

    @on(ReplyFailed)
    def _typed_turn_failed(self) -> None:
        if self._typed_turn is not None or self._typed_lines:
            self._typed_halt = "failed"  # the messages queued behind it are not sent

    @on(TurnEnded)
    def _after_typed_turn(self) -> None:
        """A turn ended: the next line typed ahead goes (after this message's handlers);
        or, if the turn failed or was stopped, the lines not sent go back into the
        composer."""
        line, self._typed_turn = self._typed_turn, None
        halt, self._typed_halt = self._typed_halt, None
        if halt is not None:
            # Stopped: its reply was kept. A turn sent live that failed handed its own
            # question back already (ui/turn_handlers.py); the queued ones follow it.
            failed = [line] if halt == "failed" and line is not None else []
            self._hand_back_typed([*failed, *self._typed_lines])
        elif self._typed_lines:
            self.call_next(self._send_typed_line)

    def _hand_back_typed(self, unsent: list[str]) -> None:
        """Lines typed ahead that will not be sent one by one after all: into the
        composer, in order, each on a line of its own; after a question handed back (the
        first of them, if the turn that failed was theirs) and before any other text,
        which was typed after them."""
        self._typed_lines = ()
        if not unsent:
            return
        composer = self.composer
        question, held = self._split_handed_back()
        first = [question] if question and question != unsent[0] else []
        composer.text = "\n".join([*first, *unsent, *([held] if held.strip() else [])])
        count = len(unsent)
        self.notify(
            f"{plural(count, 'message')} typed ahead not sent: back in the composer, Enter sends",
            severity="warning",
            markup=False,
        )

    def _split_handed_back(self) -> tuple[str, str]:
        """The composer's text as the question the app handed back (or "") and the text
        after it, typed by the person."""
        question, held = self._handed_back, self.composer.text
        if question.strip() and held == question:
            return question, ""
        if question.strip() and held.startswith(question + "\n"):
            return question, held[len(question) + 1 :]
        return "", held

    def forget_session_input(self) -> None:
        question, held = self._split_handed_back()
        if question and held:  # the question is the session's, what follows the person's
            self.composer.text = held
        super().forget_session_input()
        if self.live is not None:  # leaving a session: its typed-ahead lines are not sent
            self._hand_back_typed([*self._typed_lines])

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
        if runner is None or not runner.stop():
            return False
        if self._typed_turn is not None or self._typed_lines:
            self._typed_halt = "stopped"  # stopping a reply stops what was queued after it
        return True

    def submit(self, text: str, *, typed: bool = False) -> None:
        queued = self._typed_lines or self._typed_turn is not None
        if text.strip() and (self.live is None or queued or self.live.coach.busy):
            # Still loading, messages typed ahead still going, or a reply streaming: this
            # one joins them, sent in its turn. What was typed after Enter stays (Enter in
            # the composer took the message out already).
            self._typed_lines = (*self._typed_lines, text)
            composer = self.composer
            if not typed:
                composer.text = composer.text.removeprefix(text)
            if self.live is None:
                self._say_waiting()
            else:
                replies = "replies" if len(self._typed_lines) > 1 else "reply"
                self.notify(f"queued: sent after the {replies} before it", markup=False)
            return
        super().submit(text, typed=typed)

    def send_when_ready(self) -> None:
        """The session is on screen: the messages typed before it go, one turn each."""
        self._send_typed_line()
