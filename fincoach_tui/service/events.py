"""What a turn reports, event by event, to whoever drives it (the TUI, the line chat, tests).

Kept apart from the coach so that readers of the events need not read the turn loop.
"""

from __future__ import annotations

from dataclasses import dataclass

from fincoach_tui.domain.context import Context
from fincoach_tui.domain.conversation import Message
from fincoach_tui.domain.memory import Summary
from fincoach_tui.domain.records import CallRecord, SentMessage
from fincoach_tui.llm.base import LLMError


@dataclass(frozen=True)
class FoldStarted:
    first_turn: int
    last_turn: int


@dataclass(frozen=True)
class FoldFinished:
    summary: Summary | None
    record: CallRecord | None
    error: LLMError | None = None


@dataclass(frozen=True)
class RequestReady:
    context: Context
    sent: tuple[SentMessage, ...]
    counted_tokens: int
    predicted_prompt_tokens: int


@dataclass(frozen=True)
class ReplyDelta:
    text: str


@dataclass(frozen=True)
class Retrying:
    attempt: int
    wait_s: float
    error: LLMError


@dataclass(frozen=True)
class TurnFinished:
    reply: Message
    record: CallRecord


@dataclass(frozen=True)
class TurnFailed:
    """The turn did not complete; `question` is handed back so nothing is lost."""

    error: LLMError
    question: str


TurnEvent = (
    FoldStarted | FoldFinished | RequestReady | ReplyDelta | Retrying | TurnFinished | TurnFailed
)


def context_overflow(request: RequestReady, window: int | None, model: str) -> str | None:
    """Why `request` cannot be sent to `model` (one line, with the counts), or None if it fits."""
    if window is None or request.predicted_prompt_tokens <= window:
        return None
    newest = request.sent[-1].tokens if request.sent else 0
    return (
        f"this request would need {request.predicted_prompt_tokens:,} tokens (your message "
        f"alone is {newest:,}) but {model}'s context window is {window:,}. Shorten the "
        "message, or switch to a bounded strategy (window, budget, summary)."
    )
