"""The baseline for the per-turn benchmark: the least a Textual chat does to show a turn.

A scrolling pane of messages (a one-line header and a body of Rich Markdown in one
Static each, like FinCoach's), with the same number already mounted as FinCoach's chat
keeps. A turn is shown the way FinCoach shows one, with the same widgets mounted and
unmounted: the question's box (header, body) and the reply's (header, a waiting
indicator, body, a hidden receipt line) are mounted together, the oldest boxes beyond
`bound` unmounted (FinCoach's chat keeps the same window) with a button over them saying
how many are not shown, and the view follows the newest; then the reply streams in, the
indicator removed with its first text, its body updated with the same texts FinCoach's
box showed (the benchmark replays them), and ends with its receipt shown. Nothing is
counted, stored or charted. Its CPU per turn is Textual's own floor for that on this
machine, to which FinCoach's is compared in the same run.
"""

from __future__ import annotations

from rich.markdown import Markdown
from textual.app import App, ComposeResult
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.widgets import Button, Footer, LoadingIndicator, Static


class Box(Vertical):
    DEFAULT_CSS = """
    Box { height: auto; margin: 0 1 1 1; padding: 0 1; }
    Box > .who { height: 1; }
    Box > .body { height: auto; }
    Box > LoadingIndicator { height: 1; width: 8; }
    Box > .receipt { height: auto; }
    """

    def __init__(self, who: str, text: str, *, reply: bool = False) -> None:
        super().__init__()
        self.who, self.text = who, text
        self.reply = reply  # waiting for its text, with a receipt line to come
        self.waiting = reply

    def compose(self) -> ComposeResult:
        yield Static(self.who, markup=False, classes="who")
        if self.waiting:
            yield LoadingIndicator()
        yield Static(Markdown(self.text), classes="body")
        if self.reply:
            receipt = Static("", markup=False, classes="receipt")
            receipt.display = False
            yield receipt


class MinimalChat(App):
    CSS = """
    #chat { width: 2fr; } #side { width: 1fr; }
    #chat > #earlier { width: 100%; margin: 0 1 1 1; }
    """

    def __init__(self, bound: int | None = None) -> None:
        super().__init__()
        self.bound = bound  # messages kept mounted; None: every one
        self.unmounted = 0  # boxes unmounted beyond the bound

    def compose(self) -> ComposeResult:
        with Horizontal():
            yield VerticalScroll(id="chat")
            yield Static(id="side")
        yield Footer()

    async def begin_turn(self, question: str, turn: int) -> Box:
        """The question and the reply's (empty) box; returns the reply's."""
        chat = self.query_one("#chat", VerticalScroll)
        reply = Box(f"Coach · turn {turn}", "", reply=True)
        boxes = list(chat.query(Box))
        excess = len(boxes) + 2 - self.bound if self.bound is not None else 0
        # The oldest go as the new ones come, one layout for both (as FinCoach's chat does).
        removed = chat.remove_children(boxes[:excess]) if excess > 0 else None
        await chat.mount_all([Box(f"You · turn {turn}", question), reply])
        if removed is not None:
            await removed
            self.unmounted += excess
            await self._earlier(chat)
        chat.anchor()  # the newest stays in view as the reply grows
        chat.scroll_end(animate=False)
        return reply

    async def _earlier(self, chat: VerticalScroll) -> None:
        """The button over the oldest box: its label changed in place, as FinCoach's is."""
        label = f"↑ load earlier messages ({self.unmounted} not shown)"
        shown = chat.query("#earlier")
        if shown:
            shown.first(Button).label = label
        else:
            await chat.mount(Button(label, id="earlier"), before=0)

    def stream(self, box: Box, text: str) -> None:
        """The reply so far (the whole of it, parsed again: as FinCoach's box does)."""
        if box.waiting:
            box.waiting = False
            box.query(LoadingIndicator).remove()
        if text != box.text:
            box.text = text
            box.query_one(".body", Static).update(Markdown(text))

    def finish(self, box: Box, receipt: str) -> None:
        """The reply has ended: its receipt line shows under it."""
        self.stream(box, box.text)
        line = box.query_one(".receipt", Static)
        line.update(receipt)
        line.display = True

    async def show_turn(self, question: str, reply: str, turn: int) -> None:
        """A whole turn at once (no streaming)."""
        box = await self.begin_turn(question, turn)
        self.stream(box, reply)
        self.finish(box, receipt(turn, reply))


def receipt(turn: int, reply: str) -> str:
    """A receipt line as long as FinCoach's ("1,234 in · 92 out · $0.0004 · 0.8s")."""
    return f"{1000 + 7 * turn:,} in · {len(reply) // 4} out · $0.{turn:04d} · 0.8s"
