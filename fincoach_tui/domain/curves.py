"""Cost curves: a strategy's turns priced, and the path actually taken. Pure.

A `Step` is what one strategy would have sent on one turn (its size and shape, and the
real call when it sent exactly that); `price_steps` turns steps into a `Curve` with the
overhead and price known now, so a newly learned template overhead re-prices the past.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from itertools import accumulate
from typing import Any, Protocol

from fincoach_tui.domain.pricing import Price, call_cost
from fincoach_tui.domain.records import CallRecord, Usage


class Overhead(Protocol):
    """overhead_fit.LearnedOverhead: predicted template tokens from role counts."""

    def predict_counts(self, counts: Mapping[str, int]) -> int: ...


@dataclass(frozen=True)
class FoldStep:
    """A summary fold this strategy would have run before the turn's request."""

    content_tokens: int
    roles: tuple[tuple[str, int], ...]  # (role, count): a request's shape, whatever its length
    completion_tokens: int
    record: CallRecord | None = None  # the real fold that produced this very summary


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
    estimated: int = 0  # turns that assumed a summary at its cap
    predicted: int = 0  # turns whose bill is our prediction, not a real identical call
    error: str = ""  # why the strategy could not be evaluated here

    @property
    def cumulative_cost(self) -> list[float]:
        return list(accumulate(self.cost))

    @property
    def cumulative_tokens(self) -> list[int]:
        return list(accumulate(self.input_tokens))

    @property
    def total_cost(self) -> float:
        return sum(self.cost)

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
) -> Curve:
    return PricedSteps().curve(steps, name, label, overhead, price, fold_price)


class PricedSteps:
    """One strategy's steps priced, kept between reports: a report after a new turn prices
    that turn only. Everything is priced again when the overhead's predictions or a price
    change (a newly learned template re-prices the past), or when the steps are not the
    same list grown (the walk started over)."""

    def __init__(self) -> None:
        self._basis: tuple | None = None
        self._steps: Sequence[Step] | None = None
        self._last: Step | None = None  # the newest step priced
        self._columns: tuple[list, list, list, list] = (
            [],
            [],
            [],
            [],
        )  # turns, prompt, input, cost
        self._counts: list[int] = [0, 0, 0]  # unpriced, estimated, predicted

    def curve(
        self,
        steps: Sequence[Step],
        name: str,
        label: str,
        overhead: Overhead,
        price: Price | None,
        fold_price: Price | None = None,
    ) -> Curve:
        basis = (_prediction_basis(overhead), price, fold_price)
        done = len(self._columns[0])
        if (
            basis != self._basis
            or steps is not self._steps
            or done > len(steps)
            or (done and steps[done - 1] is not self._last)
        ):
            self._basis, self._steps = basis, steps
            self._columns, self._counts, done = ([], [], [], []), [0, 0, 0], 0
        turns, prompts, inputs, costs = self._columns
        for step in steps[done:]:
            turn, prompt, total_in, cost, step_estimated = _price_step(
                step, overhead, price, fold_price
            )
            turns.append(turn)
            prompts.append(prompt)
            inputs.append(total_in)
            costs.append(cost or 0.0)
            self._counts[0] += cost is None
            self._counts[1] += step_estimated
            self._counts[2] += step.actual is None
        self._last = steps[-1] if steps else None
        unpriced, estimated, predicted = self._counts
        return Curve(
            name,
            label,
            tuple(turns),
            tuple(prompts),
            tuple(inputs),
            tuple(costs),
            unpriced,
            estimated,
            predicted,
        )


def _prediction_basis(overhead: Overhead) -> Any:
    """What an overhead's predictions depend on: a learned one's prior and correction (its
    count of observations grows every call and changes no prediction); else itself."""
    prior, correction = getattr(overhead, "prior", None), getattr(overhead, "correction", None)
    return (prior, correction) if prior is not None and correction is not None else overhead


def _price_step(
    step: Step, overhead: Overhead, price: Price | None, fold_price: Price | None
) -> tuple[int, int, int, float | None, bool]:
    """(turn, chat prompt, input with its fold, cost or None if unpriced, estimated)."""
    prompt, cost = _bill(
        step.actual, step.content_tokens, step.roles, step.completion_tokens, overhead, price
    )
    total_in, total_cost = prompt, cost
    if step.fold is not None:
        f = step.fold
        fold_in, fold_cost = _bill(
            f.record, f.content_tokens, f.roles, f.completion_tokens, overhead, fold_price or price
        )
        total_in += fold_in
        total_cost = None if cost is None or fold_cost is None else cost + fold_cost
    estimated = step.estimated or bool(step.fold and step.fold.record is None)
    return step.turn, prompt, total_in, total_cost, estimated


def _bill(
    record: CallRecord | None,
    content: int,
    roles: tuple[tuple[str, int], ...],
    completion: int,
    overhead: Overhead,
    price: Price | None,
) -> tuple[int, float | None]:
    if record is not None:
        return record.usage.prompt_tokens, record.cost_usd
    prompt = content + overhead.predict_counts(dict(roles))
    return prompt, call_cost(Usage(prompt, completion), price)


class ActualPath:
    """The path really taken: every call's billed prompt and cost, grouped by turn. Kept
    between reports: records are append-only, so each report reads only the new ones (and
    starts over if the records it read were replaced)."""

    def __init__(self) -> None:
        self._start_over()

    def _start_over(self) -> None:
        self._read = 0
        self._last: CallRecord | None = None  # records[_read - 1]
        self._chat: dict[int, int] = {}
        self._inputs: dict[int, int] = {}
        self._costs: dict[int, float] = {}
        self._unpriced = 0

    def curve(self, records: Sequence[CallRecord]) -> Curve:
        if len(records) < self._read or (self._read and records[self._read - 1] is not self._last):
            self._start_over()
        chat, inputs, costs = self._chat, self._inputs, self._costs
        for r in records[self._read :]:
            if r.kind == "chat":
                chat[r.turn] = chat.get(r.turn, 0) + r.usage.prompt_tokens
            inputs[r.turn] = inputs.get(r.turn, 0) + r.usage.prompt_tokens
            costs[r.turn] = costs.get(r.turn, 0.0) + (r.cost_usd or 0.0)
            self._unpriced += r.cost_usd is None
        if len(records) > self._read:
            self._read, self._last = len(records), records[-1]
        turns = sorted(inputs)
        return Curve(
            "actual",
            "you",
            tuple(turns),
            tuple(chat.get(t, 0) for t in turns),
            tuple(inputs[t] for t in turns),
            tuple(costs[t] for t in turns),
            unpriced=self._unpriced,
        )
