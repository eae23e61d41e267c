"""Counts in words: "1 message", "2 messages", "turn 3", "turns 3-5". The one way the app,
the command line and the records write a number of things, so no line says "1 messages"."""

from __future__ import annotations

__all__ = ["plural", "turn_span"]


def plural(count: int, one: str, many: str | None = None) -> str:
    """`count` and its noun, singular for exactly one: plural(1, "fact") == "1 fact",
    plural(1200, "token") == "1,200 tokens"; `many` for a noun not made with "s"
    (plural(2, "reply", "replies"))."""
    noun = one if count == 1 else (many if many is not None else one + "s")
    return f"{count:,} {noun}"


def turn_span(first: int, last: int) -> str:
    """The turns from `first` to `last`: "turn 3" for one, "turns 3-5" for more."""
    return f"turn {first}" if first == last else f"turns {first}-{last}"
