"""window: send the last K earlier messages (seed 003's sliding window)."""

from __future__ import annotations

from dataclasses import dataclass

from fincoach_tui.domain.context import Context
from fincoach_tui.domain.memory.base import MemoryView, assemble, positive_int
from fincoach_tui.domain.plurals import plural


@dataclass(frozen=True)
class WindowStrategy:
    """K counts earlier messages; the new user message is always sent on top of them.

    An odd K would start the window on an assistant reply, whose question is gone: that
    message is dropped too, so the request never opens with the model's own words.
    """

    k: int = 6
    name = "window"

    def __post_init__(self) -> None:
        positive_int("k", self.k)

    def params(self) -> dict[str, int]:
        return {"k": self.k}

    def build(self, view: MemoryView) -> Context:
        kept = list(view.history[-self.k :])
        dropped = bool(kept) and kept[0].role == "assistant"
        if dropped:
            kept = kept[1:]
        return assemble(view, kept, strategy=self.name, note=window_note(len(kept), dropped))


def window_note(sent: int, dropped: bool) -> str:
    """What the window sent, counted (not K: fewer messages may exist, and a reply whose
    question is outside the window is not sent; with k=1, nothing earlier is)."""
    said = f"last {plural(sent, 'message')}" if sent else "no earlier message"
    return f"{said} (a reply without its question left out)" if dropped else said
