"""Memory strategies: read-only views `transcript + state -> Context`.

Each strategy is a small frozen dataclass of its parameters with a `build(view)` method.
Switching strategy is replacing that object; the transcript is untouched, so nothing is
ever lost by a switch.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import fields
from typing import TYPE_CHECKING, Any, Protocol, runtime_checkable

from fincoach_tui.domain.context import Context
from fincoach_tui.domain.memory.base import MemoryView, Summary
from fincoach_tui.domain.memory.budget import BudgetStrategy
from fincoach_tui.domain.memory.buffer import BufferStrategy
from fincoach_tui.domain.memory.facts import FactsStrategy
from fincoach_tui.domain.memory.hybrid import HybridStrategy
from fincoach_tui.domain.memory.session_memo import SessionMemo
from fincoach_tui.domain.memory.summary import FoldPlan, SummaryStrategy
from fincoach_tui.domain.memory.window import WindowStrategy

if TYPE_CHECKING:
    from fincoach_tui.domain.conversation import Message
    from fincoach_tui.domain.fact_extraction import ExtractPlan
    from fincoach_tui.domain.fact_store import FactStore


class Strategy(Protocol):
    name: str

    def params(self) -> dict[str, int]: ...

    def build(self, view: MemoryView) -> Context: ...


# What some strategies can do beyond `build`: the coach asks with isinstance, never getattr.
@runtime_checkable
class Folds(Protocol):
    """Keeps a running summary: old turns are folded into it before a request."""

    def fold_plan(
        self,
        history: tuple[Message, ...],
        summary: Summary | None,
        memo: SessionMemo | None = None,
    ) -> FoldPlan | None: ...


@runtime_checkable
class ExtractsFacts(Protocol):
    """Sends facts extracted from the conversation: extraction runs before a request."""

    def extract_plan(
        self, history: tuple[Message, ...], new: Message, store: FactStore
    ) -> ExtractPlan | None: ...


@runtime_checkable
class Recalls(Protocol):
    """Recalls earlier turns by similarity, from its newest `recall_window` turns: new
    messages are embedded when it can."""

    uses_recall: bool
    recall_window: int


STRATEGIES: dict[str, type] = {
    "buffer": BufferStrategy,
    "window": WindowStrategy,
    "budget": BudgetStrategy,
    "summary": SummaryStrategy,
    "hybrid": HybridStrategy,
    "facts": FactsStrategy,
}

DESCRIPTIONS = {
    "buffer": "every earlier message, every turn",
    "window": "the last K earlier messages, in whole exchanges (k=1: the last exchange)",
    "budget": "the newest whole turns that fit a token budget",
    "summary": "a running summary + the last N turns verbatim",
    "hybrid": "summary + recalled earlier turns + the tail, each within a token budget",
    "facts": "the current facts of an extracted fact store + the last N turns",
}


class StrategyError(ValueError):
    pass


def make_strategy(name: str, params: Mapping[str, Any] | None = None) -> Strategy:
    """Build a strategy by name; unknown names and bad parameters get one clear line."""
    cls = STRATEGIES.get(name)
    if cls is None:
        raise StrategyError(f"unknown strategy {name!r}; choose one of: {', '.join(STRATEGIES)}")
    try:
        return cls(**dict(params or {}))
    except TypeError as exc:
        valid = ", ".join(f.name for f in fields(cls)) or "none"
        raise StrategyError(f"{name}: unknown parameter ({exc}); parameters: {valid}") from None
    except ValueError as exc:
        raise StrategyError(f"{name}: {exc}") from None


def next_strategy(name: str) -> str:
    """The strategy after `name`, for the one-key cycle."""
    names = list(STRATEGIES)
    return names[(names.index(name) + 1) % len(names)] if name in names else names[0]


__all__ = [
    "STRATEGIES",
    "DESCRIPTIONS",
    "Strategy",
    "Folds",
    "ExtractsFacts",
    "Recalls",
    "StrategyError",
    "MemoryView",
    "Summary",
    "SessionMemo",
    "FoldPlan",
    "make_strategy",
    "next_strategy",
]
