"""The baseline for the per-turn benchmark: the least a Textual chat does to show a turn.

A scrolling pane of messages (a one-line header and a body of Rich Markdown in one
Static each, like FinCoach's), with the same number already mounted as FinCoach's chat
keeps. A turn is shown the way FinCoach shows one: the question and the reply's box are
mounted together, the oldest beyond `bound` unmounted (FinCoach's chat keeps the same
window) and the view follows the newest; then the reply streams in, its body updated
with the same texts FinCoach's box showed (the benchmark replays them), and ends. Nothing
is counted, stored or charted. Its CPU per turn is Textual's own floor for that on this
machine, to which FinCoach's is compared in the same run.
"""

from __future__ import annotations

from rich.markdown import Markdown
from textual.app import App, ComposeResult
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.widgets import Footer, Static


class Box(Vertical):
    DEFAULT_CSS = """
    Box { height: auto; margin: 0 1 1 1; padding: 0 1; }
    Box > .who { height: 1; }
    Box > .body { height: auto; }
    """

    def __init__(self, who: str, text: str) -> None:
        super().__init__()
        self.who, self.text = who, text

    def compose(self) -> ComposeResult:
        yield Static(self.who, markup=False, classes="who")
        yield Static(Markdown(self.text), classes="body")


class MinimalChat(App):
    CSS = "#chat { width: 2fr; } #side { width: 1fr; }"

    def __init__(self, bound: int | None = None) -> None:
        super().__init__()
        self.bound = bound  # messages kept mounted; None: every one

    def compose(self) -> ComposeResult:
        with Horizontal():
            yield VerticalScroll(id="chat")
            yield Static(id="side")
        yield Footer()

    async def begin_turn(self, question: str, turn: int) -> Box:
        """The question and the reply's (empty) box; returns the reply's."""
        chat = self.query_one("#chat", VerticalScroll)
        reply = Box(f"Coach · turn {turn}", "")
        await chat.mount_all([Box(f"You · turn {turn}", question), reply])
        boxes = list(chat.query(Box))
        if self.bound is not None and len(boxes) > self.bound:
            await chat.remove_children(boxes[: len(boxes) - self.bound])
        chat.anchor()  # the newest stays in view as the reply grows
        chat.scroll_end(animate=False)
        return reply

    def stream(self, box: Box, text: str) -> None:
        """The reply so far (the whole of it, parsed again: as FinCoach's box does)."""
        if text != box.text:
            box.text = text
            box.query_one(".body", Static).update(Markdown(text))

    async def show_turn(self, question: str, reply: str, turn: int) -> None:
        """A whole turn at once (no streaming)."""
        box = await self.begin_turn(question, turn)
        self.stream(box, reply)
