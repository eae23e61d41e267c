"""Cost curves: a strategy's turns priced, and the path actually taken. Pure.

A `Step` is what one strategy would have sent on one turn (its size and shape, and the
real call when it sent exactly that); `price_steps` turns steps into a `Curve` with the
overhead and price known now, so a newly learned template overhead re-prices the past.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field, replace
from itertools import accumulate
from math import fsum
from typing import Any, Protocol

from fincoach_tui.domain.pricing import Price, call_cost
from fincoach_tui.domain.records import CallRecord, Usage


class Overhead(Protocol):
    """overhead_fit.LearnedOverhead: predicted template tokens from role counts."""

    def predict_counts(self, counts: Mapping[str, int], counted: int = 0) -> int: ...


@dataclass(frozen=True)
class FoldStep:
    """A maintenance call this strategy would have run before the turn's request: a summary
    fold, a fact extraction or an embedding call (`kind`, as records name them)."""

    content_tokens: int
    roles: tuple[tuple[str, int], ...]  # (role, count): a request's shape, whatever its length
    completion_tokens: int
    record: CallRecord | None = None  # the real call (the fold that made this very summary)
    kind: str = "summary"  # summary | extract | embed

    @property
    def estimated(self) -> bool:
        return self.record is None


# The maintenance model prices folds and extractions; embeddings have a price of their own
# and no chat template around their input.
EMBED = "embed"


@dataclass(frozen=True)
class Step:
    """One turn of one strategy: the request's size, and the real call if identical."""

    turn: int
    content_tokens: int
    roles: tuple[tuple[str, int], ...]
    completion_tokens: int
    estimated: bool = False  # a summary at its cap stood in for one never made
    actual: CallRecord | None = None
    fold: FoldStep | None = None
    upkeep: tuple[FoldStep, ...] = ()  # extractions and embeddings before the request

    @property
    def maintenance(self) -> tuple[FoldStep, ...]:
        """Every maintenance call of the turn, the fold first."""
        return ((self.fold,) if self.fold is not None else ()) + self.upkeep


@dataclass(frozen=True)
class Curve:
    """A strategy's (or the actual path's) input tokens and cost, turn by turn."""

    name: str
    label: str
    turns: tuple[int, ...] = ()
    prompt_tokens: tuple[int, ...] = ()  # the chat request of each turn
    input_tokens: tuple[int, ...] = ()  # plus the prompts of that turn's maintenance calls
    cost: tuple[float, ...] = ()  # USD of every call of the turn; an unpriced call counts 0
    unpriced: int = 0
    estimated: int = 0  # turns with an estimated fold or extraction (or a summary at its cap)
    predicted: int = 0  # turns whose bill is our prediction, not a real identical call
    error: str = ""  # why the strategy could not be evaluated here
    # Every call's cost on its own (the chat calls, then the maintenance calls), so the
    # total is the exactly rounded sum of the calls whatever their order: a strategy run
    # throughout totals exactly what was paid.
    chat_calls: tuple[float, ...] = ()
    upkeep_calls: tuple[float, ...] = ()
    # Running sums of `cost` and `input_tokens` kept by PricedSteps and ActualPath: a chart
    # reads the points it draws, not every turn. Empty: added up when asked (a `replace`
    # that changes `cost` or `input_tokens` must give these again, or ()).
    running_cost: tuple[float, ...] = field(default=(), compare=False, repr=False)
    running_tokens: tuple[int, ...] = field(default=(), compare=False, repr=False)

    @property
    def cumulative_cost(self) -> list[float]:
        return list(self.cumulative("cost"))

    @property
    def cumulative_tokens(self) -> list[int]:
        return list(self.cumulative("tokens"))

    def cumulative(self, unit: str) -> Sequence[Any]:
        """The running sum of the cost ("cost") or the input tokens, turn by turn."""
        values, running = (
            (self.cost, self.running_cost)
            if unit == "cost"
            else (self.input_tokens, self.running_tokens)
        )
        return running if len(running) == len(values) else tuple(accumulate(values))

    @property
    def total_cost(self) -> float:
        """All-in: chat and maintenance calls (unpriced ones count 0)."""
        if self.chat_calls or self.upkeep_calls:
            return fsum(self.chat_calls + self.upkeep_calls)
        return fsum(self.cost)

    @property
    def chat_cost(self) -> float:
        return fsum(self.chat_calls)

    @property
    def maintenance_cost(self) -> float:
        return fsum(self.upkeep_calls)

    @property
    def chat_tokens(self) -> int:
        return sum(self.prompt_tokens)

    @property
    def total_tokens(self) -> int:
        return sum(self.input_tokens)


@dataclass(frozen=True)
class CounterfactualReport:
    curves: tuple[Curve, ...]  # every strategy, in the order given
    actual: Curve  # what was really sent and billed, switches and all
    active: str  # the strategy in force now
    path: tuple[str, ...]  # the strategies used, in order

    def curve(self, name: str) -> Curve | None:
        return next((c for c in self.curves if c.name == name), None)

    def baseline(self) -> Curve | None:
        """The strategy to compare the bill with: buffer, unless buffer is what you use."""
        usable = [c for c in self.curves if not c.error and c.turns]
        if self.active != "buffer" and (buffer := self.curve("buffer")) in usable:
            return buffer
        others = [c for c in usable if c.name != self.active]
        return min(others, key=lambda c: c.total_cost or c.total_tokens, default=None)


def request_shape(roles: Iterable[str]) -> tuple[tuple[str, int], ...]:
    """A request's (role, count) pairs, sorted: its shape whatever its length."""
    counts: dict[str, int] = {}
    for role in roles:
        counts[role] = counts.get(role, 0) + 1
    return tuple(sorted(counts.items()))


def strategy_label(strategy: Any) -> str:
    params = " ".join(f"{k}={v}" for k, v in strategy.params().items())
    return f"{strategy.name} {params}".strip()


def unbilled(step: Step) -> Step:
    """`step` with no real call in it: every call predicted from its content, as if sent to
    another model (whose bill the session's records cannot give)."""
    if step.actual is None and all(call.record is None for call in step.maintenance):
        return step
    return replace(
        step,
        actual=None,
        fold=replace(step.fold, record=None) if step.fold is not None else None,
        upkeep=tuple(replace(call, record=None) for call in step.upkeep),
    )


def price_steps(
    steps: Sequence[Step],
    name: str,
    label: str,
    overhead: Overhead,
    price: Price | None,
    fold_price: Price | None = None,
    embed_price: Price | None = None,
) -> Curve:
    return PricedSteps().curve(steps, name, label, overhead, price, fold_price, embed_price)


@dataclass(frozen=True)
class PricedStep:
    """One turn of one strategy, all in: its chat call and its maintenance calls priced."""

    turn: int
    prompt_tokens: int  # the chat request
    input_tokens: int  # plus the prompts of the turn's maintenance calls
    chat_cost: float | None  # None: unpriced
    upkeep_costs: tuple[float | None, ...]  # each maintenance call, the fold first
    estimated: bool  # a fold or extraction estimated, or a summary at its cap assumed

    @property
    def cost(self) -> float | None:
        """The turn's calls together; None if any is unpriced."""
        costs = (self.chat_cost, *self.upkeep_costs)
        return None if any(c is None for c in costs) else fsum(c or 0.0 for c in costs)


def price_step(
    step: Step,
    overhead: Overhead,
    price: Price | None,
    fold_price: Price | None = None,
    embed_price: Price | None = None,
) -> PricedStep:
    """A step priced all in: a real call keeps its bill; an estimated one is its content
    plus the template (none for embeddings) at the maintenance model's (or the embedding
    model's) price. Pure: an incremental walk prices its new steps with this."""
    prompt, cost = _bill(
        step.actual, step.content_tokens, step.roles, step.completion_tokens, overhead, price
    )
    total_in = prompt
    upkeep = []
    for call in step.maintenance:
        embed = call.kind == EMBED
        call_in, call_cost_usd = _bill(
            call.record,
            call.content_tokens,
            call.roles,
            call.completion_tokens,
            None if embed else overhead,
            embed_price if embed else (fold_price or price),
        )
        total_in += call_in
        upkeep.append(call_cost_usd)
    estimated = step.estimated or any(call.estimated for call in step.maintenance)
    return PricedStep(step.turn, prompt, total_in, cost, tuple(upkeep), estimated)


class PricedSteps:
    """One strategy's steps priced, kept between reports: a report after a new turn prices
    that turn only. Everything is priced again when the overhead's predictions or a price
    change (a newly learned template re-prices the past), or when the steps are not the
    same list grown (the walk started over)."""

    def __init__(self) -> None:
        self._basis: tuple | None = None
        self._steps: Sequence[Step] | None = None
        self._last: Step | None = None  # the newest step priced
        self._start_over()

    def _start_over(self) -> None:
        # turns, prompt, input, cost, chat calls, maintenance calls, running cost, running input
        self._columns: tuple[list, ...] = tuple([] for _ in range(8))
        self._counts: list[int] = [0, 0, 0]  # unpriced, estimated, predicted

    def curve(
        self,
        steps: Sequence[Step],
        name: str,
        label: str,
        overhead: Overhead,
        price: Price | None,
        fold_price: Price | None = None,
        embed_price: Price | None = None,
    ) -> Curve:
        basis = (_prediction_basis(overhead), price, fold_price, embed_price)
        done = len(self._columns[0])
        if (
            basis != self._basis
            or steps is not self._steps
            or done > len(steps)
            or (done and steps[done - 1] is not self._last)
        ):
            self._basis, self._steps = basis, steps
            self._start_over()
            done = 0
        turns, prompts, inputs, costs, chats, upkeeps, run_cost, run_tokens = self._columns
        for step in steps[done:]:
            priced = price_step(step, overhead, price, fold_price, embed_price)
            cost = priced.cost
            turns.append(priced.turn)
            prompts.append(priced.prompt_tokens)
            inputs.append(priced.input_tokens)
            costs.append(cost or 0.0)
            chats.append(priced.chat_cost or 0.0)
            upkeeps.extend(c or 0.0 for c in priced.upkeep_costs)
            _run_on(run_cost, costs[-1])
            _run_on(run_tokens, inputs[-1])
            self._counts[0] += cost is None
            self._counts[1] += priced.estimated
            self._counts[2] += step.actual is None
        self._last = steps[-1] if steps else None
        return _built(name, label, self._columns, *self._counts)


def _built(name: str, label: str, columns: Sequence[list], *counts: int) -> Curve:
    """A curve from its columns (turns, prompt, input, cost, chat calls, maintenance calls,
    running cost, running input) and counts (unpriced, estimated, predicted)."""
    turns, prompts, inputs, costs, chats, upkeeps, run_cost, run_tokens = map(tuple, columns)
    unpriced, estimated, predicted = counts
    return Curve(name, label, turns, prompts, inputs, costs, unpriced, estimated, predicted,
                 chat_calls=chats, upkeep_calls=upkeeps, running_cost=run_cost,
                 running_tokens=run_tokens)  # fmt: skip


def _prediction_basis(overhead: Overhead) -> Any:
    """What an overhead's predictions depend on: a learned one's prior and correction (its
    count of observations grows every call and changes no prediction); else itself."""
    prior, correction = getattr(overhead, "prior", None), getattr(overhead, "correction", None)
    return (prior, correction) if prior is not None and correction is not None else overhead


def _bill(
    record: CallRecord | None,
    content: int,
    roles: tuple[tuple[str, int], ...],
    completion: int,
    overhead: Overhead | None,
    price: Price | None,
) -> tuple[int, float | None]:
    if record is not None:
        return record.usage.prompt_tokens, record.cost_usd
    template = overhead.predict_counts(dict(roles), counted=content) if overhead else 0
    prompt = content + template
    return prompt, call_cost(Usage(prompt, completion), price)


class ActualPath:
    """The path really taken: every call's billed prompt and cost, grouped by turn. Kept
    between reports: records are append-only, so a report reads only the new ones and redoes
    their turns (the last, or new ones); it starts over if the records read were replaced."""

    def __init__(self) -> None:
        self._start_over()

    def _start_over(self) -> None:
        self._read = 0
        self._last: CallRecord | None = None  # records[_read - 1]
        self._chat: dict[int, int] = {}
        self._inputs: dict[int, int] = {}
        self._calls: dict[int, list[float]] = {}  # each turn's call costs, in order
        self._chat_calls: list[float] = []
        self._upkeep_calls: list[float] = []
        self._unpriced = 0
        # turns (sorted), chat prompt, input, cost, running cost, running input: per turn
        self._columns: tuple[list, ...] = tuple([] for _ in range(6))

    def curve(self, records: Sequence[CallRecord]) -> Curve:
        if len(records) < self._read or (self._read and records[self._read - 1] is not self._last):
            self._start_over()
        chat, inputs, calls = self._chat, self._inputs, self._calls
        touched: set[int] = set()
        for index in range(self._read, len(records)):
            r = records[index]
            cost = r.cost_usd or 0.0
            if r.kind == "chat":
                chat[r.turn] = chat.get(r.turn, 0) + r.usage.prompt_tokens
                self._chat_calls.append(cost)
            else:
                self._upkeep_calls.append(cost)
            inputs[r.turn] = inputs.get(r.turn, 0) + r.usage.prompt_tokens
            calls.setdefault(r.turn, []).append(cost)
            self._unpriced += r.cost_usd is None
            touched.add(r.turn)
            self._read, self._last = index + 1, r
        self._redo(touched)
        turns, chats, ins, costs, run_cost, run_tokens = self._columns
        each = [self._chat_calls, self._upkeep_calls]
        return _built("actual", "you", [turns, chats, ins, costs, *each, run_cost, run_tokens],
                      self._unpriced, 0, 0)  # fmt: skip

    def _redo(self, touched: set[int]) -> None:
        """The per-turn columns again for the turns `touched`: from the last one kept when
        they are the last turn or later ones (a turn's records come together), else all."""
        columns = self._columns
        if not touched:
            return
        if columns[0] and min(touched) < columns[0][-1]:
            for column in columns:
                column.clear()
            touched = set(self._inputs)
        elif columns[0] and columns[0][-1] in touched:
            for column in columns:
                column.pop()
        turns, chats, ins, costs, run_cost, run_tokens = columns
        for turn in sorted(touched):
            turns.append(turn)
            chats.append(self._chat.get(turn, 0))
            ins.append(self._inputs[turn])
            costs.append(fsum(self._calls[turn]))
            _run_on(run_cost, costs[-1])
            _run_on(run_tokens, ins[-1])


def _run_on(running: list, value: Any) -> None:
    """A running sum's next value: the last plus `value` (a left fold, as accumulate)."""
    running.append(running[-1] + value if running else value)
