"""What a turn reports, event by event, to whoever drives it (the TUI, the line chat, tests).

Kept apart from the coach so that readers of the events need not read the turn loop. One
module for every event a turn yields: its own, and the maintenance ones (a fold, a fact
extraction, embedding for recall) run before its request.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from fincoach_tui.domain.context import Context
from fincoach_tui.domain.conversation import Message
from fincoach_tui.domain.fact_store import Fact
from fincoach_tui.domain.ledger import MeasuredSent
from fincoach_tui.domain.memory import Summary
from fincoach_tui.domain.records import CallRecord, SentMessage
from fincoach_tui.llm.base import LLMError


class TurnRefused(ValueError):
    """The turn was not started, and nothing of it is in the session.

    `kind` says why: "empty", "busy" (a turn is already under way), "too_long" (the
    request would not fit the model's context window) or "not_saved" (the question could
    not be written: a full disk, an API key in the text). `resendable` is False when
    sending the same text again can only be refused again (a key in it)."""

    def __init__(self, kind: str, reason: str, *, resendable: bool = True) -> None:
        super().__init__(reason)
        self.kind = kind
        self.reason = reason
        self.resendable = resendable


@dataclass(frozen=True)
class QuestionRecorded:
    """The question is in the session file: a crash from here on hands it back on resume.
    Always a turn's first event; front ends show the question from it."""

    question: Message


@dataclass(frozen=True)
class FoldStarted:
    first_turn: int
    last_turn: int


@dataclass(frozen=True)
class FoldFinished:
    summary: Summary | None
    record: CallRecord | None
    error: LLMError | None = None
    # Why the summary could not be saved (a full disk), "" when it was: its turns stay
    # verbatim; how many turns the next fold waits, and whether that was said already.
    unsaved: str = ""
    waits: int = 0
    said_before: bool = False


@dataclass(frozen=True)
class RequestReady:
    context: Context
    # As the coach measured them (domain.ledger.MeasuredSent): with each part's tokens.
    sent: tuple[SentMessage, ...]
    counted_tokens: int
    predicted_prompt_tokens: int

    @property
    def parts(self) -> Mapping[str, int] | None:
        """Each part's tokens (domain/ledger.py's PARTS), as the coach measured the request:
        its context ledger's figures, read without reading its messages again (None: a
        request put together by hand, never measured)."""
        return self.sent.parts if isinstance(self.sent, MeasuredSent) else None


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
    # False when sending the same text again can only fail again (it holds an API key).
    resendable: bool = True


# ---- maintenance, run before the request so the request can use it ------------------------
@dataclass(frozen=True)
class ExtractStarted:
    reason: str  # "batch" | "remember"
    first_turn: int
    last_turn: int


@dataclass(frozen=True)
class ExtractFinished:
    added: tuple[Fact, ...]
    record: CallRecord | None
    rejected: str = ""  # why the answer was refused; the store is unchanged
    error: LLMError | None = None
    # This refusal paused batch extraction (PAUSE_AFTER_REJECTIONS in a row) until a
    # "remember ..." is accepted or the user resumes it (memory screen).
    paused: bool = False
    # Why the facts read could not be saved (a full disk), "" when they were; how many turns
    # the next extraction waits, and whether the failures before this one were said already.
    unsaved: str = ""
    waits: int = 0
    said_before: bool = False


@dataclass(frozen=True)
class IndexFinished:
    count: int  # messages embedded
    record: CallRecord | None
    error: LLMError | None = None
    # Why the vectors could not be saved (a full disk), as for FoldFinished.
    unsaved: str = ""
    waits: int = 0
    said_before: bool = False


MaintenanceEvent = FoldStarted | FoldFinished | ExtractStarted | ExtractFinished | IndexFinished

TurnEvent = (
    QuestionRecorded
    | MaintenanceEvent
    | RequestReady
    | ReplyDelta
    | Retrying
    | TurnFinished
    | TurnFailed
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
