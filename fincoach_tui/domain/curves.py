"""Cost curves: a strategy's turns priced, and the path actually taken. Pure.

A `Step` (steps.py) is what one strategy would have sent on one turn; `price_steps` turns
steps into a `Curve` with the overhead and price known now, so a newly learned template
overhead re-prices the past. The curves are kept as turns come (PricedSteps, ActualPath):
a new turn prices and sums that turn only.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from itertools import accumulate
from math import fsum
from typing import Any

from fincoach_tui.domain.exact_sum import CallSums
from fincoach_tui.domain.pricing import Price
from fincoach_tui.domain.records import CallRecord
from fincoach_tui.domain.steps import (  # noqa: F401 - re-exported: the steps a curve prices
    EMBED,
    FoldStep,
    Overhead,
    PricedStep,
    Step,
    price_step,
    request_shape,
    unbilled,
)


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
    # fsum of the chat calls, of the maintenance calls, of both: kept by the same builders
    # as the calls came (exact_sum.py), so a total is not every call added up again.
    sums: tuple[float, float, float] | None = field(default=None, compare=False, repr=False)

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
        if not (self.chat_calls or self.upkeep_calls):
            return fsum(self.cost)
        return self.sums[2] if self.sums else fsum(self.chat_calls + self.upkeep_calls)

    @property
    def chat_cost(self) -> float:
        return self.sums[0] if self.sums else fsum(self.chat_calls)

    @property
    def maintenance_cost(self) -> float:
        return self.sums[1] if self.sums else fsum(self.upkeep_calls)

    @property
    def chat_tokens(self) -> int:
        return sum(self.prompt_tokens)

    @property
    def total_tokens(self) -> int:
        running = self.running_tokens
        return (
            running[-1]
            if running and len(running) == len(self.input_tokens)
            else sum(self.input_tokens)
        )


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


def strategy_label(strategy: Any) -> str:
    params = " ".join(f"{k}={v}" for k, v in strategy.params().items())
    return f"{strategy.name} {params}".strip()


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
        self._sums = CallSums()

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
            self._sums.add(chats[-1], True)
            for call in priced.upkeep_costs:
                self._sums.add(call or 0.0, False)
            _run_on(run_cost, costs[-1])
            _run_on(run_tokens, inputs[-1])
            self._counts[0] += cost is None
            self._counts[1] += priced.estimated
            self._counts[2] += step.actual is None
        self._last = steps[-1] if steps else None
        return _built(name, label, self._columns, self._sums, *self._counts)


def _built(name: str, label: str, columns: Sequence[list], sums: CallSums, *counts: int) -> Curve:
    """A curve from its columns (turns, prompt, input, cost, chat calls, maintenance calls,
    running cost, running input) and counts (unpriced, estimated, predicted)."""
    turns, prompts, inputs, costs, chats, upkeeps, run_cost, run_tokens = map(tuple, columns)
    unpriced, estimated, predicted = counts
    return Curve(name, label, turns, prompts, inputs, costs, unpriced, estimated, predicted,
                 chat_calls=chats, upkeep_calls=upkeeps, running_cost=run_cost,
                 running_tokens=run_tokens, sums=sums.values)  # fmt: skip


def _prediction_basis(overhead: Overhead) -> Any:
    """What an overhead's predictions depend on: a learned one's prior and correction (its
    count of observations grows every call and changes no prediction); else itself."""
    prior, correction = getattr(overhead, "prior", None), getattr(overhead, "correction", None)
    return (prior, correction) if prior is not None and correction is not None else overhead


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
        self._sums = CallSums()
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
            self._sums.add(cost, r.kind == "chat")
            touched.add(r.turn)
            self._read, self._last = index + 1, r
        self._redo(touched)
        turns, chats, ins, costs, run_cost, run_tokens = self._columns
        each = [self._chat_calls, self._upkeep_calls]
        columns = [turns, chats, ins, costs, *each, run_cost, run_tokens]
        return _built("actual", "you", columns, self._sums, self._unpriced, 0, 0)

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
