"""What every strategy would have sent, and cost, on the conversation actually had. Pure.

For each completed turn t and each strategy, the strategy's own `build()` is run on the
transcript as it stood at t (history before t, the user message of t), so the request is
exactly what that strategy would have sent: no second implementation of any strategy.
Its content tokens come from the caller's cached counter; the template overhead and the
price are applied when a report is made, so a newly learned overhead re-prices the past.

Honest about what is known:
- a turn whose real request was identical keeps its real bill (cache discount included);
- any other turn is predicted (content + overhead), priced without a cache discount,
  with the real reply's completion tokens (the reply is the transcript's, whoever sent it);
- summary-based strategies (those with `fold_plan`) use the real summary when one covering
  the same turns exists, and its real fold's bill; otherwise a summary at its cap is
  assumed, its fold estimated at cap tokens out, and the turn is marked `estimated`;
- the fact store is replayed as it stood at each turn (the session's fact events up to
  that turn's request), so a fact learned at turn 5 is not in turn 3's request; recall
  scores the earlier turns only. Maintenance calls other than summary folds (fact extraction,
  embeddings) are not estimated, and recall vectors are the session's, wherever stored.

Incremental: each strategy keeps its steps, so a new turn costs one `build()` per strategy;
recall reads a BM25 index of the widest recall window walked (a question added per turn, the
one leaving the window forgotten) rather than tokenizing the whole history again, and the
fact store moves forward with the turns being walked (fact_replay.py). What the session really sent is read as records come (real_calls.py), and
a built request is measured by request_measure.py.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field, replace
from types import MappingProxyType
from typing import Any

from fincoach_tui.domain.buffer_sums import WalkerSums, buffer_step
from fincoach_tui.domain.context import Context, ContextMessage, system_message
from fincoach_tui.domain.conversation import Message
from fincoach_tui.domain.covered_ids import extended
from fincoach_tui.domain.curves import (  # noqa: F401 - the report's types, re-exported
    ActualPath,
    CounterfactualReport,
    Curve,
    FoldStep,
    Overhead,
    PricedSteps,
    Step,
    price_steps,
    request_shape,
    strategy_label,
    unbilled,
)
from fincoach_tui.domain.fact_replay import FactReplay
from fincoach_tui.domain.memory import Folds, Recalls, SessionMemo
from fincoach_tui.domain.memory.base import MemoryView, Summary
from fincoach_tui.domain.memory.buffer import BufferStrategy
from fincoach_tui.domain.pricing import Price
from fincoach_tui.domain.real_calls import RealCalls
from fincoach_tui.domain.recall import BM25Index, LexicalRetriever, VectorRetriever, held_questions
from fincoach_tui.domain.records import UNLISTED_IDS, CallRecord
from fincoach_tui.domain.request_measure import has_summary, measure, same_request
from fincoach_tui.domain.session_events import FactEvent
from fincoach_tui.domain.session_state import SessionState, StrategySwitch
from fincoach_tui.domain.upkeep import UpkeepMarks, active_key, real_upkeep, upkeep_estimate


def strategy_key(strategy: Any) -> tuple:
    """A strategy and its parameters: two with the same key send the same requests."""
    return (strategy.name, tuple(sorted(strategy.params().items())))


@dataclass
class Walker:
    """One strategy walking the conversation turn by turn, with its own summary state."""

    strategy: Any
    steps: list[Step] = field(default_factory=list)
    summary: Summary | None = None
    summary_estimated: bool = False
    error: str = ""
    priced: PricedSteps = field(default_factory=PricedSteps)  # the steps' prices, kept
    # buffer's running sums over the history it last sent (see buffer_sums.py)
    running: WalkerSums | None = None
    marks: UpkeepMarks = UpkeepMarks()  # where its next estimated maintenance starts


class CounterfactualLedger:
    """Per-strategy steps over one session; `update` extends them, `report` prices them."""

    def __init__(
        self,
        count_context: Callable[[ContextMessage], int],
        count_text: Callable[[str], int],
        *,
        embeds: bool = False,
    ) -> None:
        self._count_context = count_context
        self._count_text = count_text
        # Whether the session has an embeddings model: a strategy that recalls then embeds
        # its new messages, and its estimate does too.
        self.embeds = embeds
        self._walkers: dict[tuple, Walker] = {}
        self._calls = RealCalls()  # what the session really sent, by turn (real_calls.py)
        # Recall's index: the questions of the turns walked so far, each tokenized once, back
        # to the widest recall window of the strategies walked (`_reach`).
        self._index = BM25Index()
        self._reach = 0
        self._lexical = LexicalRetriever(self._index, in_turn_order=True)
        self._vector: tuple[VectorRetriever, VectorRetriever] | None = None  # session's, ours
        self._known: dict[str, int] = {}  # content tokens of transcript messages, by id
        self._system: tuple[str, int] | None = None  # a bare system prompt and its tokens
        # The fact store as it stood at the turn being walked, replayed from the session's log.
        self._facts = FactReplay()
        self._actual = ActualPath()  # the path really taken, read as records come
        self._folding: dict[type, bool] = {}  # whether a strategy's class keeps a summary

    # ---- what has been walked (read-only views, for reports and checks) --------------
    @property
    def walkers(self) -> Mapping[tuple, Walker]:
        """Each strategy's walk so far, by strategy key ((name, params))."""
        return MappingProxyType(self._walkers)

    @property
    def indexed_questions(self) -> int:
        """How many questions recall's index holds: those of the widest recall window walked."""
        return len(self._index)

    # ---- stepping ------------------------------------------------------------------
    def update(
        self,
        state: SessionState,
        strategies: Iterable[Any],
        template: MemoryView,
        limit: int | None = None,
    ) -> bool:
        """Bring every strategy up to the last completed turn, or `limit` turns nearer to it;
        True when they are there. `template` carries the system prompt, the counter and any
        extra state a strategy reads; history, new message, summary and fact store are
        replaced per turn."""
        self._calls.absorb(state)
        strategies = list(strategies)
        windows = [s.recall_window for s in strategies if isinstance(s, Recalls) and s.uses_recall]
        self._reach = max(windows, default=0)  # the widest window of those that recall
        messages = state.transcript.messages
        turns = len(messages) // 2
        if turns and turns not in self._calls.chat:
            turns -= 1  # its reply is in but its record not yet: a step is never redone, so wait
        walkers = []
        for strategy in strategies:
            walker = self._walkers.setdefault(strategy_key(strategy), Walker(strategy))
            if len(walker.steps) > turns:  # not this conversation any more: start over
                walker = self._walkers[strategy_key(strategy)] = Walker(strategy)
            if not walker.error and len(walker.steps) < turns:
                walkers.append(walker)
        if not walkers:
            self._index_questions(messages, turns)  # a kept walk: recall's index for what follows
            return True
        log: Sequence[tuple[int, FactEvent]] | None = state.fact_log
        if not log and template.facts is not None and template.facts.facts:
            log = None  # a store not filled from the session's events: it is used as it is
        first = min(len(w.steps) for w in walkers) + 1
        last = turns if limit is None else min(turns, first + limit - 1)
        # Turn by turn, every strategy that still lacks the turn: the fact store and the
        # index move forward once per turn, whatever the number of strategies.
        for t in range(first, last + 1):
            self._index_questions(messages, t - 1)
            view = template if log is None else replace(template, facts=self._facts.at(t, log))
            record = self._calls.chat.get(t)
            completion = record.usage.completion_tokens if record else 0
            # One copy for every strategy (a strategy reads a tuple: `step` takes it as is).
            history = tuple(messages[: 2 * (t - 1)])
            for walker in walkers:
                if walker.error or len(walker.steps) != t - 1:
                    continue
                new = messages[2 * (t - 1)]
                try:
                    step = self.step(walker, view, history, new, completion, record)
                    upkeep = self._upkeep_of(walker, view, history, new, state.switches)
                    if upkeep:
                        step = replace(step, upkeep=upkeep)
                except Exception as exc:  # noqa: BLE001 - a strategy needing state we lack
                    walker.error = f"{type(exc).__name__}: {exc}"
                    continue
                walker.steps.append(step)
        if last < turns:
            return False
        # Every turn walked: the index takes the last question too, so that the projection's
        # walk ahead (which builds on the whole history) reads it from there.
        self._index_questions(messages, turns)
        return True

    def _index_questions(self, messages: Sequence[Message], turns: int) -> None:
        """Recall's candidates are earlier questions: index those of turns 1..`turns`, back
        to the widest window recalled from (older ones forgotten; anew for an earlier turn)."""
        since = max(0, turns - self._reach)
        self._lexical.index = self._index = held_questions(self._index, messages, since, turns)

    def _retriever(self, retriever: Any) -> Any:
        """The session's retriever, with BM25 read from the ledger's index."""
        if retriever is None or isinstance(retriever, LexicalRetriever):
            return self._lexical
        if isinstance(retriever, VectorRetriever):
            if self._vector is None or self._vector[0] is not retriever:  # kept: its norms
                self._vector = (retriever, retriever.with_fallback(self._lexical))
            return self._vector[1]
        return retriever

    def step(
        self,
        walker: Walker,
        template: MemoryView,
        history: Sequence[Message],
        new: Message,
        completion: int,
        record: CallRecord | None = None,
        sizes: Mapping[str, int] | None = None,
    ) -> Step:
        """What `walker`'s strategy sends for `new`; `sizes` overrides counts by message id
        (the projection's synthetic turns have a size but no text)."""
        if type(walker.strategy) is BufferStrategy:  # everything so far: sums, not a request
            step, walker.running = buffer_step(
                walker.running,
                history,
                new,
                completion,
                record,
                sizes,
                self._known,
                self._count_context,
                self._system_tokens(template.system_prompt),
            )
            return step
        history = tuple(history)
        fold = self._maybe_fold(walker, history, sizes, template.memo)
        count = (
            template.count
            if not sizes
            else (lambda m: sizes[m.id] if m.id in sizes else template.count(m))
        )
        # A step is measured, never shown: what its request leaves out is listed if ever read.
        view = replace(
            template,
            history=history,
            new=new,
            summary=walker.summary,
            count=count,
            retriever=self._retriever(template.retriever),
            ids=UNLISTED_IDS,
        )
        context: Context = walker.strategy.build(view)
        content, roles = measure(context.messages, sizes, self._known, self._count_context)
        estimated = walker.summary_estimated and has_summary(context)
        if estimated:
            content += walker.summary.tokens  # type: ignore[union-attr]
        same = record is not None and not estimated and same_request(context, content, record)
        return Step(new.turn, content, roles, completion, estimated, record if same else None, fold)

    def _system_tokens(self, prompt: str) -> int:
        """Content tokens of the system message with no sections (buffer's), kept by prompt."""
        cached = self._system
        if cached is None or cached[0] is not prompt and cached[0] != prompt:
            cached = self._system = (prompt, self._count_context(system_message(prompt)))
        return cached[1]

    def _maybe_fold(
        self, walker: Walker, history: tuple[Message, ...], sizes, memo: SessionMemo
    ) -> FoldStep | None:
        strategy = walker.strategy
        folds = self._folding.get(type(strategy))
        if folds is None:  # a protocol's isinstance inspects the class: once per class
            folds = self._folding[type(strategy)] = isinstance(strategy, Folds)
        plan = strategy.fold_plan(history, walker.summary, memo) if folds else None
        if plan is None:
            return None
        real = self._calls.summaries.get(plan.last_turn)
        if real is not None and real[1] is not None:
            walker.summary, walker.summary_estimated = real[0], False
            fold_record = real[1]
            return FoldStep(
                fold_record.counted_tokens,
                request_shape(m.role for m in fold_record.sent),
                fold_record.usage.completion_tokens,
                fold_record,
            )
        # Never run: at its cap, and the cap no more than what the summary replaces.
        plan = plan.bounded(
            lambda m: sizes[m.id] if sizes and m.id in sizes else self._count_message(m)
        )
        request = plan.request()
        missing = plan.previous.tokens if plan.previous and walker.summary_estimated else 0
        content = missing + sum(self._count_text(m["content"]) for m in request)
        content += sum(sizes.get(i, 0) for i in plan.message_ids) if sizes else 0
        roles = request_shape(m["role"] for m in request)
        if real is not None:  # the summary is real but its call was not recorded
            walker.summary, walker.summary_estimated = real[0], False
        else:
            covered = extended(plan.previous.covers_ids if plan.previous else (), plan.message_ids)
            walker.summary = Summary("", plan.last_turn, covered, plan.cap_tokens)
            walker.summary_estimated = True
        return FoldStep(content, roles, plan.cap_tokens)

    def _count_message(self, message: Message) -> int:
        """A transcript message's content tokens, counted once (kept by id)."""
        tokens = self._known.get(message.id)
        if tokens is None:
            tokens = self._known[message.id] = self._count_context(
                ContextMessage(message.role, message.content, "verbatim", (message.id,))
            )
        return tokens

    def _upkeep_of(
        self,
        walker: Walker,
        view: MemoryView,
        history: Sequence[Message],
        new: Message,
        switches: Sequence[StrategySwitch],
    ) -> tuple[FoldStep, ...]:
        """The extractions and embedding calls `walker`'s strategy runs before `new`'s
        request: the real ones on a turn it really ran, else estimated."""
        strategy = walker.strategy
        if strategy_key(strategy) == active_key(switches, new.turn):
            records = self._calls.upkeep.get(new.turn, ())
            walker.marks = walker.marks.after_real(history, view.facts, records)
            return real_upkeep(records, strategy.name)
        calls, walker.marks = upkeep_estimate(
            strategy,
            history,
            new,
            view.facts,
            self._count_message,
            self._count_text,
            walker.marks,
            embeds=self.embeds,
        )
        return calls

    def adopt(self, walker: Walker) -> None:
        """Take over a walk kept from an earlier opening of this session (walk_state.py)."""
        self._walkers[strategy_key(walker.strategy)] = walker

    def fork(self, strategy: Any) -> Walker | None:
        """A copy of a strategy's walk so far (summary state included), to walk on from."""
        walker = self._walkers.get(strategy_key(strategy))
        if walker is None or walker.error:
            return None
        return Walker(
            walker.strategy,
            list(walker.steps),
            walker.summary,
            walker.summary_estimated,
            running=walker.running,
            marks=walker.marks,
        )

    # ---- pricing -------------------------------------------------------------------
    def report(
        self,
        state: SessionState,
        strategies: Sequence[Any],
        overhead: Overhead,
        price: Price | None,
        fold_price: Price | None = None,
        embed_price: Price | None = None,
    ) -> CounterfactualReport:
        """Every strategy's walk priced all in: chat, folds, extractions and embeddings at
        `price`, `fold_price` (the maintenance model's) and `embed_price`."""
        curves = []
        prices = (price, fold_price, embed_price)
        for strategy in strategies:
            walker = self._walkers.get(strategy_key(strategy))
            label = strategy_label(strategy)
            curve = (
                walker.priced.curve(walker.steps, strategy.name, label, overhead, *prices)
                if walker
                else price_steps([], strategy.name, label, overhead, *prices)
            )
            curves.append(replace(curve, error=walker.error if walker else ""))
        switches = [s.name for s in state.switches]
        path = tuple(n for i, n in enumerate(switches) if i == 0 or switches[i - 1] != n)
        active = switches[-1] if switches else ""
        return CounterfactualReport(tuple(curves), self._actual.curve(state.records), active, path)


def curves_as_if(
    ledger: CounterfactualLedger,
    strategies: Sequence[Any],
    overhead: Overhead,
    price: Price | None,
    embed_price: Price | None = None,
) -> tuple[Curve, ...]:
    """Every strategy's walk as if every call had gone to another model: no real bill
    kept, each call its content plus `overhead` at `price` (embeddings at `embed_price`)."""
    curves = []
    for strategy in strategies:
        walker = ledger.walkers.get(strategy_key(strategy))
        steps = [unbilled(s) for s in walker.steps] if walker and not walker.error else []
        label = strategy_label(strategy)
        curve = price_steps(steps, strategy.name, label, overhead, price, price, embed_price)
        curves.append(replace(curve, error=walker.error if walker else ""))
    return tuple(curves)
