"""A session as the fold of its event log. Pure.

The session file is an append-only list of events; this module turns events into state.
The coach builds an event, appends it to the file, then applies it here: live turns and a
resumed session go through the same code, so what you see after `--session NAME` is
exactly what you saw before quitting.

The events and their schema (format 2) are in domain/session_events.py.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import Any

from fincoach_tui.domain.conversation import Message, Transcript
from fincoach_tui.domain.fact_store import FactStore
from fincoach_tui.domain.memory.base import Summary
from fincoach_tui.domain.record_refs import RefTable
from fincoach_tui.domain.record_totals import RecordTotals
from fincoach_tui.domain.records import CallRecord
from fincoach_tui.domain.session_events import (
    EmbeddingsEvent,
    ExtractionResumedEvent,
    FactDeletedEvent,
    FactEditEvent,
    FactEvent,
    FactRestoredEvent,
    FactsEvent,
    HeaderEvent,
    MessageEvent,
    RecordEvent,
    SessionEvent,
    StrategyEvent,
    SummaryEvent,
    TextEvent,
    UnknownEvent,
    WithdrawnEvent,
    apply_fact_event,
    event_from_dict,
)
from fincoach_tui.domain.session_summary import SessionSummary


@dataclass(frozen=True)
class StrategySwitch:
    turn: int  # first turn sent with this strategy
    name: str
    params: dict[str, int]


@dataclass
class SessionState:
    transcript: Transcript = field(default_factory=Transcript)
    records: list[CallRecord] = field(default_factory=list)
    switches: list[StrategySwitch] = field(default_factory=list)
    summaries: list[Summary] = field(default_factory=list)
    facts: FactStore = field(default_factory=FactStore)
    embeddings: dict[str, dict[str, tuple[float, ...]]] = field(
        default_factory=dict
    )  # model -> id -> vector
    # Every fact event applied, with the first turn whose request could see it: the cost
    # comparison replays the store as it stood at each turn (domain/counterfactual.py).
    fact_log: list[tuple[int, FactEvent]] = field(default_factory=list)
    created: str = ""
    last_ts: float = 0.0
    # A question whose turn never got a reply (the process stopped mid-turn).
    interrupted: Message | None = None
    # What records refer to (messages by id, other texts by digest): records keep their
    # sent messages as references, so a long session costs its length, not its square.
    refs: RefTable = field(default_factory=RefTable, repr=False, compare=False)
    # The records' sums, folded once each as they come (domain/record_totals.py).
    _totals: RecordTotals = field(
        default_factory=RecordTotals, init=False, repr=False, compare=False
    )

    @property
    def summary(self) -> Summary | None:
        return self.summaries[-1] if self.summaries else None

    @property
    def strategy(self) -> StrategySwitch | None:
        return self.switches[-1] if self.switches else None

    @property
    def next_turn(self) -> int:
        """The turn of the next request (the turn under way counts as sent)."""
        return self.transcript.completed_turns + 1 + (self.transcript.pending is not None)

    def undoable_deletions(self) -> list[str]:
        """Facts deleted since the last request, newest last: their deletion can still be
        undone (no request has been built without them yet)."""
        turn, deleted = self.next_turn, []
        for at, event in self.fact_log:
            if at != turn:
                continue
            if isinstance(event, FactDeletedEvent):
                deleted.append(event.id)
            elif isinstance(event, FactRestoredEvent) and event.id in deleted:
                deleted.remove(event.id)
        return [i for i in deleted if (f := self.facts.get(i)) and f.deleted_at is not None]

    @property
    def chat_records(self) -> list[CallRecord]:
        return [r for r in self.records if r.kind == "chat"]

    @property
    def totals(self) -> RecordTotals:
        """The records' sums, as the sums over every record give them; folds only the
        records added since the last read."""
        return self._totals.follow(self.records)

    @property
    def total_cost(self) -> float | None:
        """Everything billed this session, maintenance calls included; None if any call is unpriced."""
        return self.totals.total_cost

    @property
    def estimated(self) -> bool:
        """Some figure is our estimate, not the provider's bill (a server that sent no usage)."""
        return self.totals.estimated

    @property
    def priced_cost(self) -> float:
        return self.totals.priced_cost

    @property
    def billed_prompt_tokens(self) -> int:
        return self.totals.prompt_tokens

    def apply(self, event: SessionEvent) -> None:
        match event:
            case HeaderEvent():
                self.created = event.created
            case MessageEvent(message=message):
                self.refs.add(message.id, message.role, message.content)
                if message.role == "user" and self.transcript.pending is not None:
                    # A question whose withdrawal could not be written (a full disk), asked
                    # again: the file then says what the live session did, withdraw it.
                    self.transcript.withdraw_pending()
                self.transcript.append(message)
                self.last_ts = max(self.last_ts, message.ts)
            case WithdrawnEvent():
                pending = self.transcript.pending
                if pending is not None and pending.id == event.id:
                    self.transcript.withdraw_pending()
            case RecordEvent():
                # A live record's sent messages are its request's own: read back by
                # reference, and known equal to them while newest (RefTable.read_back).
                self.records.append(CallRecord.from_dict(dict(event.record), self.refs))
            case TextEvent():
                self.refs.add_text(event.to_dict())
            case StrategyEvent():
                self.switches.append(StrategySwitch(event.turn, event.name, dict(event.params)))
            case SummaryEvent():
                self.summaries.append(event.summary)
            case (
                FactsEvent()
                | FactEditEvent()
                | FactDeletedEvent()
                | FactRestoredEvent()
                | ExtractionResumedEvent()
            ):
                apply_fact_event(self.facts, event)
                # An extraction names its turn; a correction counts from the next request.
                turn = self.next_turn
                self.fact_log.append((event.turn if isinstance(event, FactsEvent) else turn, event))
            case EmbeddingsEvent():
                self.embeddings.setdefault(event.model, {}).update(event.vectors)
            case UnknownEvent():
                pass  # from a newer minor version: skipped, never fatal


# What a damaged event can raise while being applied: a wrong shape (a list where a dict
# belongs: AttributeError, IndexError), a wrong type, a missing key, absurd nesting.
_DAMAGE = (KeyError, TypeError, ValueError, AttributeError, IndexError, RecursionError)


def _one_line(exc: BaseException) -> str:
    text = " ".join(str(exc).split()) or type(exc).__name__
    return text if len(text) <= 120 else text[:119] + "…"


class Replay:
    """A session rebuilt event by event, as its file is read (`feed` each event, in order,
    then `finish`): no list of the file's events is ever needed, only the state."""

    def __init__(self) -> None:
        self.state = SessionState()
        self.problems: list[str] = []
        self._number = 0

    def feed(self, event: dict[str, Any], line: int | None = None) -> None:
        """Apply one event; one that does not fit is skipped with a note naming its line
        in the file: `line` where the reader knows it, else the event's place (one event a
        line, the header's first), as the file's own damage notes count."""
        self._number += 1
        try:
            self.state.apply(event_from_dict(event))
        except _DAMAGE as exc:  # a hand-edited or damaged line: skipped, the rest opens
            kind = str(event.get("type", "?"))[:20] if isinstance(event, dict) else "?"
            where = self._number if line is None else line
            self.problems.append(f"skipped line {where} ({kind}): {_one_line(exc)}")

    def finish(self) -> tuple[SessionState, list[str]]:
        """The state and what was skipped, once every event is fed."""
        state, problems = self.state, self.problems
        if state.transcript.pending is not None:
            # The process stopped mid-turn: the question had no reply. Hand it back (where
            # it goes, and how it is sent, is the front end's to say: `interrupted`).
            pending = state.transcript.withdraw_pending()
            problems.append(f"turn {pending.turn} had no reply (interrupted)")
            state.interrupted = pending
        # The records' sums folded now, with the reading (the app reads a session in a
        # thread), rather than by the first redraw of the session bar on the event loop.
        state.totals  # noqa: B018 - read for its folding
        return state, problems


def replay(events: Iterable[dict[str, Any]]) -> tuple[SessionState, list[str]]:
    """Rebuild a session from its events; events that do not fit are skipped with a note."""
    rebuilt = Replay()
    for event in events:
        rebuilt.feed(event)
    return rebuilt.finish()


def summarize_session(name: str, events: Iterable[dict[str, Any]]) -> SessionSummary:
    state, _ = replay(events)
    return summary_of(name, state)


def summary_of(name: str, state: SessionState) -> SessionSummary:
    """The listing's row for a session already in memory (the one the app is closing)."""
    return SessionSummary(
        name=name,
        turns=state.transcript.completed_turns,
        strategy=state.strategy.name if state.strategy else "-",
        billed_tokens=state.billed_prompt_tokens
        + sum(r.usage.completion_tokens for r in state.records),
        cost_usd=state.total_cost,
        last_used=state.last_ts,
        estimated=state.estimated,
    )
