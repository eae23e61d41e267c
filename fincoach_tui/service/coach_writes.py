"""What the coach writes to the session: events (durable first), accounts, corrections.

Every change of state is an event, written through the sink before it is applied to the
in-memory session, so a resumed session replays exactly what happened. The coach
(service/coach.py) decides when; this part says how a write, a call's account and a
correction of the fact store are recorded.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from fincoach_tui.domain.conversation import Message
from fincoach_tui.domain.overhead_fit import Observation, OverheadLearner, learnable
from fincoach_tui.domain.pricing import PriceTable
from fincoach_tui.domain.records import CallRecord, Usage
from fincoach_tui.domain.session_events import (
    FactDeletedEvent,
    FactEditEvent,
    FactRestoredEvent,
    SessionEvent,
    WithdrawnEvent,
    record_event,
)
from fincoach_tui.domain.session_state import SessionState
from fincoach_tui.service.call_accounting import ModelChoice, call_record
from fincoach_tui.service.events import RequestReady

__all__ = ["SessionPosition", "SessionWrites"]


class SessionPosition:
    """The session a part of the coach works on, and where it stands."""

    state: SessionState

    @property
    def next_turn(self) -> int:
        """The turn the next question opens."""
        return self.state.transcript.completed_turns + 1


class SessionWrites(SessionPosition):
    """The writing part of the coach; the coach sets these attributes."""

    choice: ModelChoice
    prices: PriceTable
    learner: OverheadLearner
    clock: Callable[[], float]
    # Why the newest session write failed (a full disk), or None once one succeeds.
    unsaved: str | None
    _sink: Callable[[SessionEvent], None]
    # Events that must be saved together or not at all (a reply and its record) go
    # through `_sink_many` as one write when the sink offers it.
    _sink_many: Callable[[list[SessionEvent]], None] | None
    _on_learned: Callable[[list[Observation]], None] | None
    _emitted: int  # events written so far: tells whether a request is still current
    _in_flight: bool  # a turn has started and not ended

    def _emit(self, event: SessionEvent) -> None:
        self._written(self._sink, event)  # durable first: a crash after this loses nothing
        self.state.apply(event)
        self._emitted += 1

    def _written(self, write: Callable[[Any], None], what: Any) -> None:
        """Write through the sink, remembering whether the newest write reached the disk:
        a front end that quits after a failed write says so and exits non-zero."""
        try:
            write(what)
        except OSError as exc:  # a full disk, a read-only directory: the file is as before
            self.unsaved = str(exc)
            raise
        self.unsaved = None

    def record(self, event: SessionEvent) -> None:
        """Record one session event for maintenance (the `Ledger` it writes through)."""
        self._emit(event)

    def _emit_all(self, events: list[SessionEvent]) -> None:
        if self._sink_many is None:
            for event in events:
                self._emit(event)
            return
        self._written(self._sink_many, events)
        for event in events:
            self.state.apply(event)
        self._emitted += len(events)

    def abandon_turn(self) -> Message | None:
        """After a turn died of something other than the model (a failed write), take its
        question back so the transcript still alternates; return it (None if no turn was open)."""
        pending = self.state.transcript.pending
        if pending is None:
            return None
        try:
            self._emit(WithdrawnEvent(pending.id))
        except Exception:  # noqa: BLE001 - the file is failing: at least fix the state
            self.state.transcript.withdraw_pending()
        return pending

    # ---- the fact store: the user's corrections are events like any other ----------
    def edit_fact(self, fact_id: str, value: str) -> None:
        """Replace a current fact's value (the old one is kept, superseded). Raises ValueError."""
        fact = self.state.facts.get(fact_id)
        if fact is None or not fact.current or not value.strip():
            raise ValueError("only a current fact can be edited, and it needs a value")
        new_id = f"f{self.state.facts.next_number()}"
        self._emit(FactEditEvent(fact_id, new_id, value.strip(), self.clock()))

    def delete_fact(self, fact_id: str) -> None:
        """Never sent again, its messages never recalled; recorded in the session."""
        if self.state.facts.get(fact_id) is None:
            raise ValueError(f"no fact {fact_id!r}")
        self._emit(FactDeletedEvent(fact_id, self.clock()))

    def undo_deletion(self) -> str | None:
        """Bring back the fact deleted last, if no request has been built since (the
        deletion is undone by an event of its own: the file keeps both). Its id, or None."""
        undoable = self.state.undoable_deletions()
        if self._in_flight or not undoable:
            return None
        self._emit(FactRestoredEvent(undoable[-1], self.clock()))
        return undoable[-1]

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
    ) -> CallRecord:
        """Account a maintenance call (a fold, an extraction, an embedding) at this turn:
        its record and the `events` it produced in one write, so it is billed and remembered
        together or not at all, then learn the template from what it was billed."""
        record = self._record(kind, self.next_turn, request, usage, started, model=model, note=note)
        self._emit_all([record_event(record), *events])
        self._learn(record)
        return record

    def _record(
        self,
        kind: str,
        turn: int,
        request: RequestReady,
        usage: Usage,
        started: float,
        *,
        model: str | None = None,
        reply_id: str | None = None,
        note: str = "",
        extra: dict[str, Any] | None = None,
    ) -> CallRecord:
        return call_record(
            self.choice,
            self.prices,
            kind=kind,
            turn=turn,
            request=request,
            usage=usage,
            latency_s=self.clock() - started,
            model=model,
            reply_id=reply_id,
            note=note,
            extra=extra,
        )

    def _learn(self, record: CallRecord) -> None:
        """Fit the template overhead to what was just billed (our own estimates excluded)."""
        if not learnable(record, self.choice.model):
            return
        self.learner.observe(Observation.from_record(record))
        if self.learner.save_due:
            self.save_learned()

    def save_learned(self) -> None:
        """Hand the learner's observations to `on_learned` if some are not saved yet (turns
        do when the learner says so, the session on close)."""
        if self.learner.unsaved and self._on_learned is not None:
            self._on_learned(self.learner.take_for_saving())
