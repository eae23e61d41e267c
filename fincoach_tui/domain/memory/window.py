"""window: send the last K earlier messages (seed 003's sliding window)."""

from __future__ import annotations

from dataclasses import dataclass

from fincoach_tui.domain.context import Context
from fincoach_tui.domain.memory.base import MemoryView, assemble, positive_int
from fincoach_tui.domain.plurals import plural


@dataclass(frozen=True)
class WindowStrategy:
    """K counts earlier messages; the new user message is always sent on top of them.

    The window holds whole exchanges: where the last K messages would open on a reply, its
    question comes too, so an odd K sends one message more (k=1: the last question and its
    answer, which is what a window of one is for) and the request never opens with the
    model's own words. Only a reply whose question is not in the history (none before it)
    is left out instead.
    """

    k: int = 6
    name = "window"

    def __post_init__(self) -> None:
        positive_int("k", self.k)

    def params(self) -> dict[str, int]:
        return {"k": self.k}

    def build(self, view: MemoryView) -> Context:
        history = view.history
        start = max(0, len(history) - self.k)
        if 0 < start < len(history) and history[start].role == "assistant":
            if history[start - 1].role == "user":
                start -= 1  # the reply's question comes with it
        kept = list(history[start:])
        dropped = bool(kept) and kept[0].role == "assistant"
        if dropped:
            kept = kept[1:]
        return assemble(view, kept, strategy=self.name, note=window_note(len(kept), dropped))


def window_note(sent: int, dropped: bool) -> str:
    """What the window sent, counted (not K: fewer messages may exist, an odd K takes the
    question of its first reply too, and a reply with no question before it is not sent)."""
    said = f"last {plural(sent, 'message')}" if sent else "no earlier message"
    return f"{said} (a reply without its question left out)" if dropped else said
