"""One message of the chat: who said it, its text (Markdown for the coach's, exactly as
typed for the person's) and, under a reply, its receipt; and what a message of this
sitting keeps once its box is unmounted (ui/chat.py keeps a bounded window mounted).

A message's Markdown is drawn by Rich inside one Static, not by Textual's Markdown
widget: that widget mounts a widget per block (paragraph, list item, table cell), and in
a bare Textual chat, showing a turn took three times as long with it. Rich renders the
same Markdown (headings, lists, tables, code, links) as lines.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from rich.cells import cell_len
from rich.text import Text
from textual.app import ComposeResult
from textual.containers import Vertical
from textual.widgets import LoadingIndicator, Static

from fincoach_tui.domain.inert_text import inert  # model output must not drive the terminal
from fincoach_tui.ui import heap

# Rich's Markdown (with markdown-it, ~40 ms) is imported when a message is first shown:
# the first frame has none. The app's loader thread usually imports it before that.
if TYPE_CHECKING:
    from rich.markdown import Markdown


def rendered(shown: str, *, dark: bool = True) -> Markdown:
    """Text already made inert, as Rich Markdown."""
    from rich.markdown import Markdown

    return Markdown(shown, code_theme="monokai" if dark else "default")


@dataclass(frozen=True)
class Dress:
    """What a reply shows besides its text, from its call's record: marks after its label
    ("92 tokens", "stopped"), the receipt line under it, whether it ended early."""

    marks: tuple[str, ...] = ()
    receipt: str = ""
    partial: bool = False


class Receipt(Static):
    """One muted line under a reply (two in a narrow chat pane: wrapped, never cut)."""

    DEFAULT_CSS = """
    Receipt { height: auto; color: $text-muted; }
    """

    def __init__(self, line: str) -> None:
        super().__init__(line, markup=False, classes="receipt")


class MessageBox(Vertical):
    """One message: who said it, then its text (Markdown for the coach's), then, for a
    reply, its receipt. The box owns its receipt: a box mounted again (scrolled back to, a
    page loaded earlier) shows the same one."""

    DEFAULT_CSS = """
    MessageBox { height: auto; margin: 0 1 1 1; padding: 0 1; }
    MessageBox.-user { border-left: thick $secondary; background: $boost; }
    MessageBox.-assistant { border-left: thick $primary; }
    MessageBox.-error { border-left: thick $error; }
    MessageBox > .who { color: $text-muted; text-style: bold; height: auto; }
    MessageBox > .body { height: auto; }
    MessageBox > LoadingIndicator { height: 1; width: 8; }
    """

    def __init__(
        self,
        who: str,
        text: str,
        role: str,
        *,
        waiting: bool = False,
        receipt: str = "",
        receipt_to_come: bool = False,
    ) -> None:
        super().__init__(classes=f"-{role}")
        self.role = role
        self.who = who
        self.text = text
        self.waiting = waiting
        self.receipt = receipt
        # A reply streaming in: its receipt's line is there from the start, hidden, so the
        # receipt shows with the reply's end without a widget mounted (and laid out) then.
        self._receipt_to_come = receipt_to_come
        self.shown = ""  # what the body shows: the text made inert (it must not drive the terminal)
        self._dark = True  # the theme it was drawn for: code blocks are coloured for dark or light
        # Its label and body once composed. Until then (a reply's text can reach a box whose
        # children are not composed yet) what changes is only kept: compose draws it.
        self._label: Static | None = None
        self._shown_body: Static | None = None

    def compose(self) -> ComposeResult:
        self._label = Static(self.who, classes="who", markup=False)
        yield self._label
        if self.waiting:
            yield LoadingIndicator()
        body = self._body(inert(self.text), self.app.current_theme.dark)
        self._shown_body = Static(body, classes="body")
        yield self._shown_body
        if self.receipt or self._receipt_to_come:
            receipt = Receipt(self.receipt)
            receipt.display = bool(self.receipt)
            yield receipt

    def _body(self, shown: str, dark: bool) -> Markdown | Text | str:
        self.shown, self._dark = shown, dark
        if not shown:
            return ""
        if self.role == "user":
            return Text(shown)  # as typed: Markdown would merge lines and renumber lists
        return rendered(shown, dark=dark)

    def redraw(self) -> None:
        """Draw the text again if it, or the theme's darkness, changed since last drawn
        (not composed yet: compose draws it)."""
        if self._shown_body is None:
            return
        shown, dark = inert(self.text), self.app.current_theme.dark
        if (shown, dark) != (self.shown, self._dark):
            self._shown_body.update(self._body(shown, dark))

    def append(self, fragment: str) -> None:
        """Stream a fragment in. The whole reply is parsed again each time: the turn runner
        hands fragments over at most 30 times a second, and a reply is a few kilobytes."""
        self._stop_waiting()
        self.text += fragment
        self.redraw()

    def finish(self, full_text: str, dress: Dress | None = None) -> None:
        """End the stream: the box shows exactly the reply, its label's marks, its receipt.
        Nothing here waits for a mount: the reply's last text, its receipt and the panel's
        figures of the same turn reach the screen in one frame."""
        self._stop_waiting()
        self.text = full_text
        if dress is not None:
            if dress.marks:
                self.who = " · ".join([self.who, *dress.marks])
                if self._label is not None:  # else compose shows it
                    # Wrapped, never cut: "stopped" or "reply cut off" at the end of a
                    # label wider than a narrow chat must stay readable. Laid out again
                    # only when the label no longer fits its one line.
                    width = self._label.content_region.width
                    self._label.update(self.who, layout=not 0 < cell_len(self.who) <= width)
            self.set_class(dress.partial, "-partial")
            self.set_receipt(dress.receipt)
        self.redraw()  # the stream usually showed it all already

    def set_receipt(self, line: str) -> None:
        if line == self.receipt:
            return
        self.receipt = line
        if self._label is None:
            return  # not composed yet: compose shows it
        shown = self.query(Receipt)
        if shown:
            shown.first().update(line)
            shown.first().display = bool(line)
        elif line:
            self.mount(Receipt(line))  # registered now, laid out with the next frame

    def fail(self, reason: str) -> None:
        self.finish(self.text + ("\n\n" if self.text else "") + f"*{reason}*")
        self.set_class(True, "-error")

    def _stop_waiting(self) -> None:
        if self.waiting:
            self.waiting = False
            indicators = list(self.query(LoadingIndicator))
            if not indicators:
                return  # not composed yet: compose shows none
            removed = self.remove_children(indicators)  # removed before the next frame

            async def let_go() -> None:
                await removed
                heap.let_go(indicators)  # freed now, not by a full collection

            self.call_next(let_go)


def label_for(role: str, turn: int, assistant: str) -> str:
    return f"You · turn {turn}" if role == "user" else f"{assistant} · turn {turn}"


@dataclass(frozen=True)
class Unmounted:
    """A message of this sitting no longer mounted, exactly as its box last showed it."""

    who: str
    text: str
    role: str
    classes: tuple[str, ...]  # -error, -partial: how it ended
    receipt: str = ""

    @classmethod
    def of(cls, box: MessageBox) -> Unmounted:
        marks = tuple(c for c in ("-error", "-partial") if box.has_class(c))
        return cls(box.who, box.text, box.role, marks, box.receipt)

    def box(self) -> MessageBox:
        box = MessageBox(self.who, self.text, self.role, receipt=self.receipt)
        box.add_class(*self.classes)
        return box
