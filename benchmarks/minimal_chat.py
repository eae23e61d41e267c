"""The baseline for the per-turn benchmark: the least a Textual chat does to show a turn.

A scrolling pane of messages (a one-line header and a body of Rich Markdown in one
Static each, like FinCoach's), with the same number already mounted as FinCoach's chat
keeps. Showing a turn mounts the question and the reply, unmounts the oldest beyond
`bound` (FinCoach's chat keeps the same window) and scrolls to the end; nothing is
counted, stored or charted. The time this takes until the screen is refreshed is
Textual's own floor for a turn on this machine, to which FinCoach's per-turn time is
compared in the same run.
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

    async def show_turn(self, question: str, reply: str, turn: int) -> None:
        chat = self.query_one("#chat")
        await chat.mount_all(
            [Box(f"You · turn {turn}", question), Box(f"Coach · turn {turn}", reply)]
        )
        boxes = list(chat.query(Box))
        if self.bound is not None and len(boxes) > self.bound:
            await chat.remove_children(boxes[: len(boxes) - self.bound])
        chat.scroll_end(animate=False)
