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
from collections.abc import AsyncIterator, Awaitable, Callable, Sequence
from dataclasses import dataclass, field, replace
from typing import Any

from fincoach_tui.domain.context import Context, ContextMessage
from fincoach_tui.domain.conversation import Message
from fincoach_tui.domain.memory import (
    Folds,
    MemoryView,
    SessionMemo,
    Strategy,
    StrategyError,
    Summary,
    make_strategy,
)
from fincoach_tui.domain.memory.summary import FoldPlan
from fincoach_tui.domain.overhead_fit import (
    LearnedOverhead,
    Observation,
    OverheadLearner,
    learnable,
)
from fincoach_tui.domain.pricing import PriceTable, call_cost
from fincoach_tui.domain.records import CallRecord, MessageIds, SentMessage, Usage
from fincoach_tui.domain.session_events import (
    FactDeletedEvent,
    FactEditEvent,
    FactRestoredEvent,
    SessionEvent,
    WithdrawnEvent,
    message_event,
    record_event,
    strategy_event,
)
from fincoach_tui.domain.session_state import SessionState
from fincoach_tui.domain.tokens import TemplateOverhead, TokenCounter, digest
from fincoach_tui.llm.base import (
    ChatModel,
    Completion,
    LLMError,
    TextDelta,
    UsageReported,
    cut_off_note,
)
from fincoach_tui.llm.embeddings import Embedder
from fincoach_tui.service.events import (
    FoldStarted,
    QuestionRecorded,
    ReplyDelta,
    RequestReady,
    Retrying,
    TurnEvent,
    TurnFailed,
    TurnFinished,
    TurnRefused,
    context_overflow,
)
from fincoach_tui.service.maintenance import (
    Maintainer,
    context_extra,
    fold,
    prime_maintenance,
    resume_extraction,
    run_maintenance,
)
from fincoach_tui.service.server_counts import settle
from fincoach_tui.service.stopping import until_stopped

__all__ = ["STOPPED_NOTE", "Coach", "ModelChoice", "Turn", "TurnRefused", "estimate_usage"]

RATE_LIMIT_RETRIES = 2  # after the first attempt; waits honour Retry-After, capped below
MAX_RETRY_WAIT_S = 20.0
STOPPED_NOTE = "stopped"  # a reply the person stopped: what arrived is kept, marked so


@dataclass(frozen=True)
class ModelChoice:
    """The model a call goes to, and how it is counted and priced."""

    provider: str
    model: str  # sent to the provider; for the offline coach, the model it is priced as
    overhead: TemplateOverhead
    simulated: bool = False


class Coach:
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

    # ---- state ---------------------------------------------------------------------
    @property
    def next_turn(self) -> int:
        return self.state.transcript.completed_turns + 1

    @property
    def busy(self) -> bool:
        """A turn is under way: another turn, or a strategy switch, is refused until it ends."""
        return self._in_flight

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

    def resume_extraction(self) -> bool:
        """Resume fact extraction paused after refusals; False if it was not paused."""
        return resume_extraction(self.maintenance)

    def _emit_all(self, events: list[SessionEvent]) -> None:
        if self._sink_many is None:
            for event in events:
                self._emit(event)
            return
        self._written(self._sink_many, events)
        for event in events:
            self.state.apply(event)
        self._emitted += len(events)

    @property
    def context_window(self) -> int | None:
        price = self.prices.get(self.choice.model)
        configured = price.context_window if price else None
        return configured or self.server_context_window

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
        if self.busy or not undoable:
            return None
        self._emit(FactRestoredEvent(undoable[-1], self.clock()))
        return undoable[-1]

    # ---- counting ------------------------------------------------------------------
    def count_message(self, message: Message) -> int:
        return self.counter.count_cached(message.id, message.content)

    def count_text(self, text: str) -> int:
        # Derived texts (a system prompt with a summary section) have no id.
        return self.counter.count_derived(text)

    def history_before(self, new: Message) -> tuple[Message, ...]:
        """The transcript without `new` (the question of the turn under way, if recorded)."""
        return self.state.transcript.before(new)

    def view(self, new: Message) -> MemoryView:
        history = self.history_before(new)
        return MemoryView(
            self.system_prompt,
            history,
            new,
            self.count_message,
            self.state.summary,
            facts=self.state.facts,
            retriever=self.maintenance.retriever(),
            count_text=self.count_text,
            ids=self._omitted_ids,
            memo=self.memo,
        )

    def measure(self, context: Context) -> RequestReady:
        sent = tuple(
            SentMessage(
                m.role,
                m.content,
                m.provenance,
                self._count_context_message(m.content, m.provenance, m.source_ids),
                m.source_ids,
                m.sections,
            )
            for m in context.messages
        )
        counted = sum(m.tokens for m in sent)
        # The server's own count of the templated request when it can give one (exact), else
        # ours plus the learned template (and tokenizer ratio, for a non-OpenAI model).
        exact = self.counter.count_prompt([{"role": m.role, "content": m.content} for m in sent])
        predicted = (
            exact
            if exact is not None
            else counted + self.overhead.predict((m.role for m in sent), counted=counted)
        )
        return RequestReady(context, sent, counted, predicted)

    @property
    def overhead(self) -> LearnedOverhead:
        return self.learner.current

    def count_context(self, message: ContextMessage) -> int:
        """Content tokens of a message a strategy built (cached like every other count)."""
        return self._count_context_message(message.content, message.provenance, message.source_ids)

    def _count_context_message(self, content: str, provenance: str, ids: tuple[str, ...]) -> int:
        if provenance in ("verbatim", "new") and len(ids) == 1:
            return self.counter.count_cached(ids[0], content)
        return self.count_text(content)

    def preview(self, text: str) -> RequestReady:
        """What the next request would be if `text` were sent now (nothing is recorded).

        If a summary fold is due first, its turns are shown folded under a placeholder
        summary: the real one does not exist until the fold has run.
        """
        draft = Message(f"draft:{digest(text).hex()}", "user", text, self.clock(), self.next_turn)
        return self._request_for(draft)

    def _request_for(self, question: Message) -> RequestReady:
        """The request for `question` as things stand, a fold that is due shown done."""
        view = self.view(question)
        plan = self._fold_plan(view.history)
        if plan is not None:
            placeholder = (plan.previous.text + "\n" if plan.previous else "") + (
                f"(turns {plan.first_turn}-{plan.last_turn} are folded in before sending)"
            )
            summary = Summary(placeholder, plan.last_turn, (), self.counter.count(placeholder))
            view = replace(view, summary=summary)
        return self.measure(self.strategy.build(view))

    def estimate_usage(self, messages: list[dict[str, str]], reply: str) -> Usage:
        usage = estimate_usage(messages, reply, self.count_text, self.overhead)
        exact = self.counter.count_prompt(messages)
        return usage if exact is None else replace(usage, prompt_tokens=exact)

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
            if plan is not None:
                yield FoldStarted(plan.first_turn, plan.last_turn)
                yield await fold(self.maintenance, plan, self.strategy.name)
            async for done in run_maintenance(self.maintenance, self.strategy, question):
                yield done  # fact extraction, recall vectors
            request = turn.request
            if self._emitted != turn.built_at:  # maintenance changed what is sent: rebuild
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
        text = question.content
        started = self.clock()
        reply_text = ""
        for attempt in range(RATE_LIMIT_RETRIES + 1):
            reply_text = ""
            reported: Usage | None = None  # what the server said the call used, if it has
            try:
                stream = self.llm.stream(
                    request.context.as_chat(), model=self.choice.model, max_tokens=self.max_tokens
                )
                async for event in until_stopped(stream, stop):
                    if isinstance(event, TextDelta):
                        reply_text += event.text
                        yield ReplyDelta(event.text)
                    elif isinstance(event, UsageReported):
                        reported = event.usage
                    elif isinstance(event, Completion):
                        note = cut_off_note(event, self.max_tokens)
                        yield self._finish(request, event.text, event.usage, started, note=note)
                        return
                if stop.is_set():
                    yield self._stopped(request, question, reply_text, reported, started)
                    return
                raise LLMError(
                    "stream_cut",
                    "the reply ended without a final usage chunk",
                    partial_text=reply_text,
                )
            except LLMError as error:
                partial = error.partial_text or reply_text
                if error.kind == "stream_cut" and partial:
                    usage = self.estimate_usage(request.context.as_chat(), partial)
                    yield self._finish(request, partial, usage, started, note="reply cut off")
                    return
                if (
                    error.kind == "rate_limit"
                    and attempt < RATE_LIMIT_RETRIES
                    and not stop.is_set()
                ):
                    wait = min(
                        error.retry_after if error.retry_after is not None else 2.0**attempt,
                        MAX_RETRY_WAIT_S,
                    )
                    yield Retrying(attempt + 1, wait, error)
                    await _sleep_unless(self._sleep(wait), stop)
                    continue
                self._emit(WithdrawnEvent(question.id))
                yield TurnFailed(error, text)
                return

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
        model = model or self.choice.model
        return CallRecord(
            kind=kind,
            turn=turn,
            strategy=request.context.strategy,
            provider=self.choice.provider,
            model=model,
            sent=request.sent,
            omitted_ids=request.context.omitted_ids,
            counted_tokens=request.counted_tokens,
            predicted_prompt_tokens=request.predicted_prompt_tokens,
            usage=usage,
            cost_usd=call_cost(usage, self.prices.get(model)),
            latency_s=round(self.clock() - started, 3),
            simulated=self.choice.simulated,
            reply_id=reply_id,
            note=note,
            extra=extra or {},
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

    # ---- maintenance ---------------------------------------------------------------
    def _fold_plan(self, completed: tuple[Message, ...] | None = None) -> FoldPlan | None:
        """The fold due before the next request; `completed` defaults to the transcript but
        its pending question, copied only for a strategy that folds."""
        if not isinstance(self.strategy, Folds):
            return None
        if completed is None:
            completed = self.state.transcript.messages[:-1]
        return self.strategy.fold_plan(completed, self.state.summary, self.memo)


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


async def _sleep_unless(sleep: Awaitable[None], stop: asyncio.Event) -> None:
    """Wait out a rate limit, or less if the person stops the turn meanwhile."""
    waiting = asyncio.ensure_future(sleep)
    stopped = asyncio.ensure_future(stop.wait())
    try:
        await asyncio.wait({waiting, stopped}, return_when=asyncio.FIRST_COMPLETED)
    finally:
        waiting.cancel()
        stopped.cancel()


def estimate_usage(
    messages: list[dict[str, str]],
    reply: str,
    count_text: Callable[[str], int],
    overhead: TemplateOverhead | LearnedOverhead,
) -> Usage:
    """For servers that report no usage: our count plus the predicted template, marked."""
    content = sum(count_text(m["content"]) for m in messages)
    roles = [m["role"] for m in messages]
    extra = (
        overhead.predict(roles, counted=content)
        if isinstance(overhead, LearnedOverhead)
        else overhead.predict(roles)
    )
    prompt = content + extra
    return Usage(prompt, count_text(reply) if reply else 0, estimated=True)
