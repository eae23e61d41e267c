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
    steps: Sequence[Step], name: str, label: str, overhead: Overhead,
    price: Price | None, fold_price: Price | None = None,
) -> Curve:
    turns, prompts, inputs, costs = [], [], [], []
    unpriced = estimated = predicted = 0
    for step in steps:
        prompt, cost = _bill(step.actual, step.content_tokens, step.roles, step.completion_tokens,
                             overhead, price)
        total_in, total_cost = prompt, cost
        if step.fold is not None:
            f = step.fold
            fold_in, fold_cost = _bill(f.record, f.content_tokens, f.roles, f.completion_tokens,
                                       overhead, fold_price or price)
            total_in += fold_in
            total_cost = None if cost is None or fold_cost is None else cost + fold_cost
        turns.append(step.turn)
        prompts.append(prompt)
        inputs.append(total_in)
        costs.append(total_cost or 0.0)
        unpriced += total_cost is None
        estimated += step.estimated or bool(step.fold and step.fold.record is None)
        predicted += step.actual is None
    return Curve(name, label, tuple(turns), tuple(prompts), tuple(inputs), tuple(costs),
                 unpriced, estimated, predicted)


def _bill(record: CallRecord | None, content: int, roles: tuple[tuple[str, int], ...], completion: int,
          overhead: Overhead, price: Price | None) -> tuple[int, float | None]:
    if record is not None:
        return record.usage.prompt_tokens, record.cost_usd
    prompt = content + overhead.predict_counts(dict(roles))
    return prompt, call_cost(Usage(prompt, completion), price)


def actual_curve(records: Sequence[CallRecord]) -> Curve:
    """The path really taken: every call's billed prompt and cost, grouped by turn."""
    chat: dict[int, int] = {}
    inputs: dict[int, int] = {}
    costs: dict[int, float] = {}
    for r in records:
        if r.kind == "chat":
            chat[r.turn] = chat.get(r.turn, 0) + r.usage.prompt_tokens
        inputs[r.turn] = inputs.get(r.turn, 0) + r.usage.prompt_tokens
        costs[r.turn] = costs.get(r.turn, 0.0) + (r.cost_usd or 0.0)
    turns = sorted(inputs)
    return Curve(
        "actual", "you", tuple(turns), tuple(chat.get(t, 0) for t in turns),
        tuple(inputs[t] for t in turns), tuple(costs[t] for t in turns),
        unpriced=sum(r.cost_usd is None for r in records),
    )
