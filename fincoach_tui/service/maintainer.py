"""What maintenance (service/maintenance.py) sees of a session: what it reads (the
session, the model, the counter, the clock), how far its passes got, and the `Ledger` it
records its calls through (the coach's accounting), never the coach itself."""

from __future__ import annotations

import os
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Protocol

from fincoach_tui.domain.context import Context, ContextMessage
from fincoach_tui.domain.conversation import Message
from fincoach_tui.domain.fact_extraction import backoff_turns
from fincoach_tui.domain.recall import Retriever
from fincoach_tui.domain.records import CallRecord, Usage
from fincoach_tui.domain.session_events import SessionEvent
from fincoach_tui.domain.session_state import SessionState
from fincoach_tui.domain.tokens import TokenCounter
from fincoach_tui.llm.base import ChatModel
from fincoach_tui.llm.embeddings import Embedder
from fincoach_tui.service.events import RequestReady
from fincoach_tui.service.recall_source import RecallSource
from fincoach_tui.service.server_counts import settle
from fincoach_tui.store.disk import describe as describe_disk


@dataclass
class Unsaved:
    """Calls of one kind (extraction, fold, embedding) in a row whose results could not be
    saved (a full disk), and the turn of the last: the next waits `every` × 1, 2, 4 …
    turns (`backoff_turns`, as after refused answers), so the model is not billed every
    turn for work that cannot be kept. In memory only: nothing of it could be written."""

    in_a_row: int = 0
    turn: int = 0

    def waiting(self, turn: int, every: int = 1) -> bool:
        """Whether the wait after the last failure is not over at `turn`."""
        return bool(self.in_a_row) and turn - self.turn < backoff_turns(self.in_a_row, every)

    def failed(self, turn: int, every: int = 1) -> tuple[int, bool]:
        """Count a failure at `turn`: the turns the next call waits, and whether the
        failures before it were said already (a warning is shown once while it lasts)."""
        said_before = self.in_a_row > 0
        self.in_a_row += 1
        self.turn = turn
        return backoff_turns(self.in_a_row, every), said_before

    def saved(self) -> None:
        self.in_a_row = 0


def unsaved_reason(exc: OSError) -> str:
    """Why a write failed, short: "no space left on device", not the file's whole story."""
    return os.strerror(exc.errno).lower() if exc.errno else describe_disk(exc)


@dataclass
class MaintenanceProgress:
    """How far the passes got, per session. Both marks only ever cover completed messages
    (a question can still be withdrawn and its place taken by another), and both hold for
    good: the fact store's covered ids, the embeddings and the deleted facts only grow."""

    covered: int = 0  # history[:covered] has all been read by an accepted extraction
    indexed: int = 0  # messages[:indexed] are embedded for `indexed_model`, or never will be
    indexed_model: str | None = None
    # Models whose server refused JSON mode: asked without it from then on.
    no_json_mode: set[str] = field(default_factory=set)
    # The most message tokens an extraction reads at once; halved when a batch was too long.
    batch_tokens: int | None = None
    # Extractions, folds and embeddings whose results could not be saved lately.
    facts_unsaved: Unsaved = field(default_factory=Unsaved)
    fold_unsaved: Unsaved = field(default_factory=Unsaved)
    index_unsaved: Unsaved = field(default_factory=Unsaved)


class Ledger(Protocol):
    """Where maintenance measures its requests and records what its calls cost."""

    @property
    def context_window(self) -> int | None: ...

    def record(self, event: SessionEvent) -> None:
        """Write one session event (durable first), then apply it."""
        ...

    def measure(self, context: Context) -> RequestReady: ...

    def estimate_usage(self, messages: list[dict[str, str]], reply: str) -> Usage: ...

    def account(
        self,
        kind: str,
        request: RequestReady,
        usage: Usage,
        started: float,
        *,
        model: str,
        note: str,
        events: Sequence[SessionEvent] = (),
    ) -> CallRecord: ...


@dataclass
class Maintainer:
    """Everything maintenance reads, and the ledger it records through."""

    state: SessionState
    llm: ChatModel
    model: str  # the model maintenance calls go to (the configured summarizer)
    counter: TokenCounter
    clock: Callable[[], float]
    ledger: Ledger
    embedder: Embedder | None = None
    progress: MaintenanceProgress = field(default_factory=lambda: MaintenanceProgress())
    recall: RecallSource = field(default_factory=lambda: RecallSource())

    @property
    def next_turn(self) -> int:
        return self.state.transcript.completed_turns + 1

    def count_message(self, message: Message) -> int:
        return self.counter.count_cached(message.id, message.content)

    def retriever(self) -> Retriever:
        return self.recall.retriever(self.state, self.embedder)

    async def measured(self, context: Context) -> RequestReady:
        """`context` measured, with the server's own counts where it counts (asked off the
        event loop: what was counted locally for now is measured again)."""
        request = self.ledger.measure(context)
        if await settle(self.counter):
            request = self.ledger.measure(context)
        return request


def context_message(message: dict[str, str]) -> ContextMessage:
    """A maintenance call's message as a request's (its system prompt, or new)."""
    return ContextMessage(
        message["role"], message["content"], "system" if message["role"] == "system" else "new"
    )
