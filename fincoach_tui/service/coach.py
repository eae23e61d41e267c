"""One turn, end to end: question -> strategy -> request -> streamed reply -> records.

The coach owns the turn and its rules, once for every front end (the TUI and the line
chat are thin drivers of it): it refuses a turn (empty, a turn already under way, a
request too long for the model) before anything is sent, records the question before
anything else happens, builds the request once and sends the very request it showed,
keeps the in-flight flag, and takes the question back itself when a write fails.
Beyond that it owns the order of things and nothing else. What to send is the strategy's call
(domain), how to talk to a model is the ChatModel's (llm), where events go is the sink's
(store). Every change of state is an event: written through the sink first, then applied
to the in-memory session, so a resumed session replays exactly what happened here.
"""

from __future__ import annotations

import asyncio
import time
import weakref
from collections.abc import AsyncIterator, Awaitable, Callable
from dataclasses import dataclass, field, replace

from fincoach_tui.domain.conversation import Message
from fincoach_tui.domain.memory import SessionMemo, Strategy, StrategyError, make_strategy
from fincoach_tui.domain.overhead_fit import Observation, OverheadLearner
from fincoach_tui.domain.pricing import PriceTable
from fincoach_tui.domain.records import MessageIds, Usage
from fincoach_tui.domain.session_events import (
    SessionEvent,
    WithdrawnEvent,
    message_event,
    record_event,
    strategy_event,
)
from fincoach_tui.domain.session_state import SessionState
from fincoach_tui.domain.tokens import TokenCounter
from fincoach_tui.llm.base import ChatModel, LLMError
from fincoach_tui.llm.embeddings import Embedder
from fincoach_tui.service.call_accounting import ModelChoice, estimate_usage
from fincoach_tui.service.coach_requests import RequestBuilding
from fincoach_tui.service.coach_writes import SessionWrites
from fincoach_tui.service.events import (
    FoldStarted,
    QuestionRecorded,
    RequestReady,
    TurnEvent,
    TurnFailed,
    TurnFinished,
    TurnRefused,
    context_overflow,
)
from fincoach_tui.service.fold import fold, fold_waits
from fincoach_tui.service.maintainer import Maintainer
from fincoach_tui.service.maintenance import (
    prime_maintenance,
    resume_extraction,
    run_maintenance,
)
from fincoach_tui.service.record_extra import context_extra
from fincoach_tui.service.reply_stream import RATE_LIMIT_RETRIES, ReplyEnded, stream_reply
from fincoach_tui.service.server_counts import settle

# ModelChoice, RequestReady, estimate_usage and RATE_LIMIT_RETRIES live in the modules the
# turn is split into; they are named here too, where the front ends have always found them.
__all__ = [
    "RATE_LIMIT_RETRIES",
    "STOPPED_NOTE",
    "Coach",
    "ModelChoice",
    "RequestReady",
    "Turn",
    "TurnRefused",
    "estimate_usage",
]

STOPPED_NOTE = "stopped"  # a reply the person stopped: what arrived is kept, marked so


class Coach(RequestBuilding, SessionWrites):
    """A session's turns, and what they record (see the module docstring)."""

    def __init__(
        self,
        *,
        state: SessionState,
        sink: Callable[[SessionEvent], None],
        llm: ChatModel,
        choice: ModelChoice,
        counter: TokenCounter,
        prices: PriceTable,
        system_prompt: str,
        strategy: Strategy,
        summarizer_model: str | None = None,
        max_tokens: int | None = None,
        clock: Callable[[], float] = time.time,
        sleep: Callable[[float], Awaitable[None]] = asyncio.sleep,
        sink_many: Callable[[list[SessionEvent]], None] | None = None,
        learner: OverheadLearner | None = None,
        on_learned: Callable[[list[Observation]], None] | None = None,
        embedder: Embedder | None = None,
        server_context_window: int | None = None,
    ) -> None:
        self.state = state
        # What the server said its context window is: used when no price entry gives one.
        self.server_context_window = server_context_window
        # Recall uses the provider's embeddings when there is one (service/maintenance.py).
        self.embedder = embedder
        self._sink = sink
        # Events that must be saved together or not at all (a reply and its record) go
        # through `sink_many` as one write when the sink offers it.
        self._sink_many = sink_many
        # The template overhead, learned from what the provider bills (per base URL and
        # model); `on_learned` persists the observations so the next run starts learned
        # (when the learner says a save is due, and on close: `save_learned`).
        self.learner = learner or OverheadLearner(choice.overhead)
        self._on_learned = on_learned
        self.llm = llm
        self.choice = choice
        self.counter = counter
        self.prices = prices
        self.system_prompt = system_prompt
        self.summarizer_model = summarizer_model or choice.model
        self.max_tokens = max_tokens
        self.clock = (
            clock  # public: maintenance calls (service/maintenance.py) time themselves with it
        )
        self._sleep = sleep
        self.strategy = strategy
        self._in_flight = False  # a turn has started and not ended (see `busy`)
        # Why the newest session write failed (a full disk), or None once one succeeds.
        self.unsaved: str | None = None
        self._emitted = 0  # events written so far: tells whether a request is still current
        # What maintenance (folds, extraction, embeddings) reads and records through: the
        # session, the model, the counter, and this coach's accounting; nothing else of it.
        # It keeps how far each pass got, and recall's index and vectors, for the session.
        self.maintenance = Maintainer(
            state=state,
            llm=llm,
            model=self.summarizer_model,
            counter=counter,
            clock=clock,
            # By weak reference: a cycle would keep a left session alive until a full
            # collection, and an open one is frozen out of those (ui/heap.py).
            ledger=weakref.proxy(self),
            embedder=embedder,
        )
        prime_maintenance(self.maintenance)
        # The omitted ids of a bounded strategy, extended turn by turn (records.MessageIds);
        # primed here, with the session being opened, so no turn has the whole history to do.
        self._omitted_ids = MessageIds()
        self._omitted_ids.prime(state.transcript.messages)
        # What the strategies reuse from one request of this session to the next (the turn
        # numbers of its history, recall's conflicts): this session's alone, and gone with it.
        self.memo = SessionMemo()
        if state.strategy is None or (state.strategy.name, state.strategy.params) != (
            strategy.name,
            strategy.params(),
        ):
            self._emit(strategy_event(self.next_turn, strategy.name, strategy.params()))

    @property
    def busy(self) -> bool:
        """A turn is under way: another turn, or a strategy switch, is refused until it ends."""
        return self._in_flight

    def resume_extraction(self) -> bool:
        """Resume fact extraction paused after refusals; False if it was not paused."""
        return resume_extraction(self.maintenance)

    def switch_strategy(self, name: str, params: dict[str, int] | None = None) -> Strategy:
        """Use another strategy from the next request on. Raises StrategyError, also while
        a turn is under way: its request was built with the strategy it started with."""
        if self._in_flight:
            raise StrategyError("wait for the reply to finish, then switch")
        strategy = make_strategy(name, params)
        # Saved first: if the write fails (a full disk) the session keeps its old strategy.
        self._emit(strategy_event(self.next_turn, strategy.name, strategy.params()))
        self.strategy = strategy
        return strategy

    # ---- one turn ------------------------------------------------------------------
    def begin(self, text: str) -> Turn:
        """Start a turn: check it, record the question, build its request.

        Raises TurnRefused (nothing of the turn is then in the session) for an empty text,
        while another turn is under way, when the question cannot be written, and when the
        request would not fit the model's context window (counted here: a paste too big
        for the model costs nothing). Otherwise the question is in the session file when
        this returns, and the turn is under way until its `events()` end."""
        if self._in_flight:
            raise TurnRefused("busy", "the coach is still answering; your text is kept")
        if not text.strip():
            raise TurnRefused("empty", "type a message first: an empty message is not sent")
        window, question_id = self.context_window, self.state.transcript.next_id()
        # A byte-level tokenizer never makes more tokens than the text has bytes, so only a
        # text longer than the window is counted here, and under the id it is about to get:
        # the request below reuses that count instead of encoding the text again.
        if (
            window is not None
            and len(text.encode("utf-8")) > window
            and self.counter.count_cached(question_id, text) > window
        ):
            # It cannot fit whatever else is sent: refused before it is written at all.
            raise TurnRefused("too_long", self._overflow(self.preview(text)) or "")
        question = Message(question_id, "user", text, self.clock(), self.next_turn)
        try:
            self._emit(message_event(question))  # durable before anything else happens
        except Exception as exc:  # noqa: BLE001 - a full disk, a key in the text: one line
            resendable = not isinstance(exc, ValueError)  # a refused text stays refused
            raise TurnRefused("not_saved", str(exc), resendable=resendable) from exc
        self._in_flight = True
        try:
            request = self._request_for(question)
            refusal = self._overflow(request)
        except BaseException:
            self._end(abandon=True)
            raise
        if refusal is not None:
            self._end(abandon=True)
            raise TurnRefused("too_long", refusal)
        return Turn(self, question, request, self._emitted)

    def turn(self, text: str) -> AsyncIterator[TurnEvent]:
        """`begin(text).events()`: raises TurnRefused (a ValueError) before anything runs."""
        return self.begin(text).events()

    def _overflow(self, request: RequestReady) -> str | None:
        return context_overflow(request, self.context_window, self.choice.model)

    def _end(self, *, abandon: bool) -> None:
        if abandon:
            self.abandon_turn()
        self._in_flight = False

    async def _events(self, turn: Turn) -> AsyncIterator[TurnEvent]:
        question, text = turn.question, turn.question.content
        try:
            yield QuestionRecorded(question)
            # What `begin` counted locally for now (on the event loop), from the server.
            counted_locally = await settle(self.counter)
            plan = self._fold_plan()  # the question is not foldable
            folded = False
            if plan is not None and not fold_waits(self.maintenance, question.turn):
                yield FoldStarted(plan.first_turn, plan.last_turn)
                finished = await fold(self.maintenance, plan, self.strategy.name)
                folded = finished.summary is not None
                yield finished
            async for done in run_maintenance(self.maintenance, self.strategy, question):
                yield done  # fact extraction, recall vectors
            request = turn.request
            # Rebuilt when maintenance changed what is sent, or when a fold the request
            # showed done under a placeholder did not happen (failed, unsaved, waiting):
            # its turns go verbatim, never the placeholder.
            if self._emitted != turn.built_at or (plan is not None and not folded):
                request = self.measure(self.strategy.build(self.view(question)))
            if await settle(self.counter) or counted_locally:  # now with the server's counts
                request = self.measure(request.context)
            yield request
            async for event in self._answer(request, question, turn.stop_requested):
                if isinstance(event, TurnFinished | TurnFailed):
                    # Free before the last event is handed over: a driver may stop reading
                    # there, and a generator left unfinished runs its `finally` only later.
                    self._in_flight = False
                yield event
        except Exception as exc:  # noqa: BLE001 - a failed write (full disk, a key in a reply)
            # must cost the user neither the session nor the message: the question is taken
            # back, and handed to the front end to send again.
            self.abandon_turn()
            self._in_flight = False
            resendable = not isinstance(exc, ValueError)
            yield TurnFailed(LLMError("local", str(exc)), text, resendable=resendable)
        finally:
            self._in_flight = False

    async def _answer(
        self, request: RequestReady, question: Message, stop: asyncio.Event
    ) -> AsyncIterator[TurnEvent]:
        """Send `request` (retrying a rate limit) and stream the reply; the turn's end.
        Once `stop` is set the stream is closed and what arrived is kept (`_stopped`)."""
        started = self.clock()
        messages = request.context.as_chat()
        replies = stream_reply(
            self.llm,
            messages,
            model=self.choice.model,
            max_tokens=self.max_tokens,
            stop=stop,
            sleep=self._sleep,
        )
        async for event in replies:
            if not isinstance(event, ReplyEnded):
                yield event
            elif event.how == "complete" and event.usage is not None:
                yield self._finish(request, event.text, event.usage, started, note=event.note)
            elif event.how == "cut":
                usage = self.estimate_usage(messages, event.text)
                yield self._finish(request, event.text, usage, started, note="reply cut off")
            elif event.how == "stopped":
                yield self._stopped(request, question, event.text, event.usage, started)
            else:
                self._emit(WithdrawnEvent(question.id))
                yield TurnFailed(event.error or LLMError("local", "no reply"), question.content)

    def _stopped(
        self,
        request: RequestReady,
        question: Message,
        text: str,
        reported: Usage | None,
        started: float,
    ) -> TurnEvent:
        """The person stopped the reply: what arrived is the reply, marked "stopped", billed
        as the server reported it or, when it had not yet (the usual case), estimated.
        Stopped before any text: nothing to keep, and the question goes back to them."""
        if not text:
            self._emit(WithdrawnEvent(question.id))
            return TurnFailed(
                LLMError(
                    "stopped", "You stopped the reply before it began; nothing was kept.", detail=""
                ),
                question.content,
            )
        usage = reported or self.estimate_usage(request.context.as_chat(), text)
        return self._finish(request, text, usage, started, note=STOPPED_NOTE)

    def _finish(
        self, request: RequestReady, text: str, usage: Usage, started: float, note: str = ""
    ) -> TurnFinished:
        turn = self.next_turn
        if usage.estimated and self.counter.server is not None:
            # No usage from the server: the request's count is the server's own, asked off
            # the event loop before sending (the client's estimate could not wait for it).
            usage = replace(usage, prompt_tokens=request.predicted_prompt_tokens)
        reply = Message(self.state.transcript.next_id(), "assistant", text, self.clock(), turn)
        record = self._record(
            "chat",
            turn,
            request,
            usage,
            started,
            reply_id=reply.id,
            note=note,
            extra=context_extra(request.context),
        )
        # One write: a crash leaves the turn either answered and accounted, or unanswered.
        self._emit_all([message_event(reply), record_event(record)])
        self._learn(record)
        return TurnFinished(reply, record)


@dataclass(frozen=True)
class Turn:
    """A turn under way: its question is recorded, its request built (`Coach.begin`)."""

    coach: Coach
    question: Message
    request: RequestReady  # sent as is unless maintenance changes what the strategy sees
    built_at: int  # the coach's event count when `request` was built
    # Set by `stop()`: the reply streaming (or about to) ends there, what arrived kept.
    stop_requested: asyncio.Event = field(default_factory=asyncio.Event, compare=False)

    def stop(self) -> None:
        """Stop the reply: what has arrived is kept and recorded, marked "stopped"; the
        events end with that TurnFinished (TurnFailed, the question handed back, if no
        text had arrived). Maintenance already under way finishes first."""
        self.stop_requested.set()

    def events(self) -> AsyncIterator[TurnEvent]:
        """What happens, in order: QuestionRecorded, maintenance, RequestReady (the request
        that is then sent), the reply, and TurnFinished or TurnFailed. Drive it to its end:
        the coach is busy until then."""
        return self.coach._events(self)
