"""Every strategy's cost on the live conversation, gathered for the panel. One per session.

Sits beside the coach rather than in the UI because it counts: through the coach's cached
counter, so a message is still encoded once however many strategies look at it. It only
composes the pure pieces (counterfactual ledger, projection, overhead learner, planner
averages, cache savings); the widgets render the snapshot it returns.
"""

from __future__ import annotations

from collections.abc import Callable, Generator, Iterator, Sequence
from dataclasses import dataclass, replace
from types import MappingProxyType

from fincoach_tui.domain.conversation import Message
from fincoach_tui.domain.counterfactual import (
    CounterfactualLedger,
    strategy_key,
)
from fincoach_tui.domain.memory import (
    STRATEGIES,
    SessionMemo,
    Strategy,
    StrategyError,
    make_strategy,
)
from fincoach_tui.domain.overhead_fit import prediction_errors
from fincoach_tui.domain.planner import (
    PlanInputs,
    RunningAverages,
    SessionAverages,
    inputs_from_session,
)
from fincoach_tui.domain.pricing import Price, cache_savings, call_cost
from fincoach_tui.domain.projection import (
    Ahead,
    anchored,
    horizon_for,
    walk_ahead,
)
from fincoach_tui.domain.records import Usage
from fincoach_tui.service.coach import Coach, RequestReady
from fincoach_tui.service.comparison_snapshot import (  # noqa: F401 - re-exported
    CacheTurn,
    ComparisonSnapshot,
)
from fincoach_tui.store.walk_cache import WalkCache


@dataclass(frozen=True)
class Quote:
    """What the next request would cost if sent now (before any summary fold it triggers)."""

    request: RequestReady
    completion_tokens: int  # expected: the session's average reply so far
    cost: float | None  # None: no price for the model

    @property
    def prompt_tokens(self) -> int:
        return self.request.predicted_prompt_tokens


def comparison_strategies(active: Strategy, params_for: Callable[[str], dict]) -> list[Strategy]:
    """Every registered strategy with the user's parameters; the active one as it is."""
    chosen = []
    for name in STRATEGIES:
        if name == active.name:
            chosen.append(active)
            continue
        try:
            chosen.append(make_strategy(name, params_for(name)))
        except StrategyError:
            chosen.append(make_strategy(name))  # a bad saved parameter: compare at defaults
    return chosen


# Strategy parameters that are the planner's sizes, wherever a strategy has them.
_PLAN_FIELDS = {"facts_tokens": "fact_tokens", "recall_tokens": "recall_tokens"}


# Turns walked between two moments the app may take its turn: opening a long session
# walks all its turns, and the screen must not wait for them.
SLICE_TURNS = 2


class Superseded(Exception):
    """The session was left while its snapshot was being computed: nobody wants it."""


class CostComparison:
    """Every strategy's cost on one session, kept: a new turn is walked once, then priced
    with the rest. Made again only for another session (the ledger is this one's).

    The projection's walk ahead is kept too, and walked again only once the session has
    grown by `rewalk_growth` (or the strategies' parameters or the horizon asked for
    changed): each walk builds requests over the whole history, so walking it every turn
    made a turn's cost grow with the session. In between it is re-anchored to the newest
    turn and priced again, which costs a few samples per strategy."""

    rewalk_growth = 0.05  # of the turns the walk started from: every 50 turns at 1,000

    def __init__(self, coach: Coach, walk_cache: WalkCache | None = None) -> None:
        self.coach = coach
        # Where the walk is kept between openings of the session (store/walk_cache.py):
        # read before the first walk, written when the session is left.
        self._walk_cache = walk_cache
        self._walk_read = walk_cache is None
        self._walking = False  # a snapshot is being computed
        self.ledger = CounterfactualLedger(
            coach.count_context, coach.count_text, embeds=coach.embedder is not None
        )
        self._closed = False
        self._cache: list[CacheTurn] = []  # every call's cache saving, in order
        self._cache_totals = (0.0, 0)  # saved, cached tokens: over self._cache
        self._cache_prompts = 0  # prompt tokens: over self._cache
        self._saved_by_turn: dict[int, float] = {}  # chat calls' savings, by turn
        self._errors: list[tuple[int, int]] = []  # (turn, billed - predicted) of its chat calls
        self._ahead: tuple[tuple, Ahead] | None = None  # (what it was walked for, the walk)
        self._averages = RunningAverages()
        self._memo = SessionMemo()  # the walk's own (see snapshot_steps)

    def close(self) -> None:
        """Stop a snapshot under way at its next slice (it raises Superseded), and keep
        the walk for the next opening of the session."""
        self._closed = True
        # Not while a walk is under way (in the worker's thread): a strategy may be halfway
        # through a turn, its summary moved on and its step not yet taken.
        if (
            self._walk_cache is not None
            and self._walk_read
            and not self._walking
            and self.coach.unsaved is None
        ):
            from fincoach_tui.domain.walk_state import dump_walk

            self._walk_cache.save(dump_walk(self.ledger, self.coach.state, self._memo))

    def _read_walk(self, strategies: Sequence[Strategy]) -> None:
        """The walk kept from the last opening, once, before anything is walked."""
        self._walk_read = True
        if self._walk_cache is None:
            return
        from fincoach_tui.domain.walk_state import restore_walk

        restore_walk(self.ledger, self.coach.state, self._walk_cache.load(), strategies, self._memo)

    @property
    def closed(self) -> bool:
        """True once `close` was called: the comparison of a session no longer open."""
        return self._closed

    def averages(self) -> SessionAverages:
        coach = self.coach
        return self._averages.measure(
            coach.system_prompt,
            coach.state.transcript.messages,
            coach.state.records,
            coach.count_message,
            coach.count_text,
        )

    def plan_inputs(
        self, strategies: Sequence[Strategy] = (), base: PlanInputs | None = None
    ) -> PlanInputs:
        """The planner's inputs: this conversation's measured sizes, and the sizes the
        compared strategies are set to (summary tail and cap, fact and recall budgets)."""
        known: dict[str, int] = {}
        for strategy in strategies:
            params = strategy.params()
            if strategy.name == "summary":
                real = self.coach.state.summary
                known["tail_turns"] = params["tail_turns"]
                known["summary_tokens"] = real.tokens if real else params["cap_tokens"]
            known.update(
                {
                    field: params[key]
                    for key, field in _PLAN_FIELDS.items()
                    if key in params and field not in known
                }
            )
        return inputs_from_session(self.averages(), base, **known)

    def snapshot(
        self,
        strategies: Sequence[Strategy],
        *,
        context_window: int | None,
        horizon: int | None = None,
    ) -> ComparisonSnapshot:
        """Every strategy's cost, walking whatever turns are new first."""
        self._walking = True
        try:
            steps = self.snapshot_steps(strategies, context_window=context_window, horizon=horizon)
            return next(snapshot for snapshot in steps if snapshot is not None)  # the last step
        finally:
            self._walking = False

    def snapshot_steps(
        self,
        strategies: Sequence[Strategy],
        *,
        context_window: int | None,
        horizon: int | None = None,
    ) -> Iterator[ComparisonSnapshot | None]:
        """The same snapshot a slice at a time: yields None after each SLICE_TURNS turns
        walked and after each strategy walked ahead, then the snapshot. The app runs it on
        the event loop and takes its turn between slices; stops (Superseded) once `close`
        was called."""
        coach = self.coach
        state = coach.state
        if not self._walk_read:
            self._read_walk(strategies)
        price = coach.prices.get(coach.choice.model)
        fold_price = coach.prices.get(coach.summarizer_model)
        embed_price = coach.prices.get(coach.embedder.model) if coach.embedder else None
        # Its own memo: the walk may run in a thread beside the live turn, and the memo's
        # incremental state is not made to be shared between two threads.
        template = replace(coach.view(Message("template", "user", "", 0.0, 0)), memo=self._memo)
        while True:
            while not self.ledger.update(state, strategies, template, limit=SLICE_TURNS):
                if self._closed:
                    raise Superseded
                yield None
            averages = self.averages()
            ahead = yield from self._walk_ahead(strategies, template, averages, horizon)
            if averages.turns == state.transcript.completed_turns:
                break  # no turn was answered between the slices: the walks are current
        yield self._finish(
            strategies, context_window, (price, fold_price, embed_price), averages, ahead
        )

    def _finish(
        self,
        strategies: Sequence[Strategy],
        context_window: int | None,
        prices: tuple[Price | None, Price | None, Price | None],
        averages: SessionAverages,
        ahead: Ahead,
    ) -> ComparisonSnapshot:
        coach = self.coach
        state = coach.state
        price, fold_price, _embed_price = prices
        report = self.ledger.report(state, strategies, coach.overhead, *prices)
        projections = anchored(
            ahead, report.curves, averages.turns, coach.overhead, price, context_window, fold_price
        )
        # Records are append-only and a session's prices fixed: each call's saving and
        # prediction error are kept, and only the new records read.
        new = state.records[len(self._cache) :]
        saved, cached = self._cache_totals
        prompts = self._cache_prompts
        for r in new:
            call = CacheTurn(
                r.turn,
                r.kind,
                r.usage.cached_tokens,
                r.usage.prompt_tokens,
                cache_savings(r.usage, coach.prices.get(r.model)),
            )
            self._cache.append(call)
            saved, cached = saved + call.saved_usd, cached + call.cached_tokens
            prompts += call.prompt_tokens
            if call.kind == "chat":
                self._saved_by_turn[call.turn] = (
                    self._saved_by_turn.get(call.turn, 0.0) + call.saved_usd
                )
        self._cache_totals, self._cache_prompts = (saved, cached), prompts
        self._errors.extend(prediction_errors(new))
        return ComparisonSnapshot(
            report,
            projections,
            ahead.horizon,
            context_window,
            averages,
            tuple(self._errors),
            coach.overhead.describe(),
            tuple(self._cache),
            priced=price is not None,
            cache_totals=self._cache_totals,
            saved_by_turn=MappingProxyType(dict(self._saved_by_turn)),
            cache_prompts=self._cache_prompts,
        )

    @property
    def ahead(self) -> Ahead | None:
        """The walk ahead the last snapshot's projections were anchored on."""
        return self._ahead[1] if self._ahead else None

    def _walk_ahead(
        self,
        strategies: Sequence[Strategy],
        template,
        averages: SessionAverages,
        horizon: int | None,
    ) -> Generator[None, None, Ahead]:
        """The kept walk ahead, or a new one when it is due (see the class's docstring),
        yielding between strategies."""
        done = averages.turns
        wanted = (tuple(strategy_key(s) for s in strategies), horizon)
        if self._ahead is not None:
            basis, ahead = self._ahead
            grown = done - ahead.done
            if (
                basis == wanted
                and 0 <= grown < max(1, ahead.done * self.rewalk_growth)
                and done < ahead.horizon
            ):
                return ahead
        ahead = yield from walk_ahead(
            self.ledger,
            self.coach.state.transcript.messages,
            strategies,
            template,
            averages,
            horizon or horizon_for(done),
        )
        if self._closed:  # a few slices at most were spent on it
            raise Superseded
        self._ahead = (wanted, ahead)
        return ahead

    def quote(self, text: str) -> Quote:
        request = self.coach.preview(text)
        completion = self.averages().completion_tokens
        price = self.coach.prices.get(self.coach.choice.model)
        return Quote(
            request,
            completion,
            call_cost(Usage(request.predicted_prompt_tokens, completion), price),
        )
