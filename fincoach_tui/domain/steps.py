"""What one strategy would have sent on one turn, and that turn priced. Pure.

A `Step` is one turn of one strategy: its request's size and shape, its maintenance calls
(a summary fold, a fact extraction, an embedding), and the real call when it sent exactly
that. `price_step` prices it all in with the template overhead and prices known now;
curves.py adds priced steps up into a strategy's curve.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, replace
from math import fsum
from typing import Protocol

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


def request_shape(roles: Iterable[str]) -> tuple[tuple[str, int], ...]:
    """A request's (role, count) pairs, sorted: its shape whatever its length."""
    counts: dict[str, int] = {}
    for role in roles:
        counts[role] = counts.get(role, 0) + 1
    return tuple(sorted(counts.items()))


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
