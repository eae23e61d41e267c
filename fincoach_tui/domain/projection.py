"""Where each strategy's bill is heading: the conversation continued at its average turn. Pure.

The projection does not guess a formula per strategy: it appends synthetic turns of the
session's average size (a user message of the average user size, a reply of the rest)
and lets every strategy's own `build()` walk on from where it stands, summary state and
all. So `buffer` grows by one average turn per turn, `window` stays flat, and `summary`
keeps folding (its future folds estimated at the cap, as for turns that never happened).

Long horizons are sampled: each request built costs a pass over the whole (projected)
history, so at most MAX_STEPS are built per strategy, fewer for a long session (a budget
of MESSAGE_BUDGET messages walked), and the cumulative between samples is the trapezoid
of the per-turn values. The wall is the first turn whose request would not fit the
context window.

Two steps: `walk_ahead` builds the requests (the costly part), `anchored` prices them and
continues each strategy's curve from the turn the conversation is at, which may be a few
turns past the walk's start (see costs.CostComparison).
"""

from __future__ import annotations

from collections.abc import Generator, Sequence
from dataclasses import dataclass

from fincoach_tui.domain.conversation import Message
from fincoach_tui.domain.counterfactual import (
    CounterfactualLedger,
    Curve,
    Overhead,
    Step,
    price_steps,
    strategy_label,
)
from fincoach_tui.domain.memory.base import MemoryView
from fincoach_tui.domain.planner import SessionAverages, wall_turn
from fincoach_tui.domain.pricing import Price

MAX_STEPS = 24
MIN_STEPS = 6
MESSAGE_BUDGET = 8_000


@dataclass(frozen=True)
class Projection:
    name: str
    turns: tuple[int, ...]  # sampled future turns, ascending
    prompt_tokens: tuple[int, ...]  # the chat request at each sampled turn
    cumulative_cost: tuple[float, ...]  # continuing from the curve's total so far
    cumulative_tokens: tuple[float, ...]
    wall: int | None  # first turn whose request exceeds the context window; None: never / unknown


def horizon_for(turns: int) -> int:
    """How far the chart looks ahead: twice the session so far, at least ten more turns."""
    return max(2 * turns, turns + 10)


@dataclass(frozen=True)
class Ahead:
    """Each strategy's requests at sampled future turns, walked on from turn `done`: the
    costly part of a projection (a request built per sample). It changes little from one
    turn to the next, so the app keeps one and anchors it to each new turn (`anchored`)."""

    done: int  # the completed turns it was walked from
    horizon: int
    steps: dict[str, tuple[Step, ...]]  # by strategy name: one step per sampled turn
    labels: dict[str, str]


def walk_ahead(
    ledger: CounterfactualLedger,
    messages: Sequence[Message],
    strategies: Sequence,
    template: MemoryView,
    averages: SessionAverages,
    horizon: int,
) -> Generator[None, None, Ahead]:
    """Walk every strategy ahead to `horizon`, yielding after each one (a walk is a few ms
    at 1,000 turns: the app takes its turn between two), and return the walk."""
    done = len(messages) // 2
    if done == 0 or horizon <= done:
        return Ahead(done, horizon, {}, {})
    samples = max(MIN_STEPS, min(MAX_STEPS, MESSAGE_BUDGET // (2 * horizon)))
    stride = max(1, -(-(horizon - done) // samples))
    sampled = list(range(done + stride, horizon + 1, stride))
    if sampled[-1] != horizon:
        sampled.append(horizon)
    synthetic, sizes = _synthetic_turns(done + 1, horizon, averages)
    history = tuple(messages[: 2 * done])
    steps, labels = {}, {}
    for strategy in strategies:
        walker = ledger.fork(strategy)
        if walker is None or not walker.steps:
            continue
        walked = []
        for t in sampled:
            offset = 2 * (t - done - 1)
            walked.append(
                ledger.step(
                    walker,
                    template,
                    history + tuple(synthetic[:offset]),
                    synthetic[offset],
                    averages.completion_tokens,
                    sizes=sizes,
                )
            )
        steps[strategy.name], labels[strategy.name] = tuple(walked), strategy_label(strategy)
        yield
    return Ahead(done, horizon, steps, labels)


def anchored(
    ahead: Ahead,
    curves: Sequence[Curve],
    done: int,
    overhead: Overhead,
    price: Price | None,
    context_window: int | None,
    fold_price: Price | None = None,
) -> dict[str, Projection]:
    """`ahead` priced now and continued from each curve as it stands at turn `done` (which
    may be a few turns past `ahead.done`): only samples after `done` are kept, and the
    running totals start from the curve's."""
    out = {}
    for curve in curves:
        steps = tuple(s for s in ahead.steps.get(curve.name, ()) if s.turn > done)
        if not steps or not curve.turns:
            continue
        priced = price_steps(
            steps, curve.name, ahead.labels[curve.name], overhead, price, fold_price
        )
        turns = tuple(s.turn for s in steps)
        out[curve.name] = Projection(
            curve.name,
            turns,
            priced.prompt_tokens,
            _trapezoid(done, curve.total_cost, curve.cost[-1], turns, priced.cost),
            _trapezoid(
                done, curve.total_tokens, curve.input_tokens[-1], turns, priced.input_tokens
            ),
            _wall(curve, priced, context_window),
        )
    return out


def _synthetic_turns(
    first: int, last: int, averages: SessionAverages
) -> tuple[list[Message], dict[str, int]]:
    messages, sizes = [], {}
    reply = max(averages.turn_tokens - averages.user_tokens, 0)
    for t in range(first, last + 1):
        for role, size in (("user", averages.user_tokens), ("assistant", reply)):
            message = Message(f"projected:{t}:{role}", role, "", 0.0, t)
            messages.append(message)
            sizes[message.id] = size
    return messages, sizes


def _trapezoid(
    done: int, total: float, last: float, turns: Sequence[int], values: Sequence[float]
) -> tuple[float, ...]:
    """Running totals at sampled turns, each gap filled by a straight line between samples."""
    out, previous_turn, previous_value = [], done, last
    for turn, value in zip(turns, values):
        gap = turn - previous_turn
        # turns previous+1 .. turn, linearly from previous_value to value: the sum of
        # previous + (value - previous) * k / gap over k = 1..gap, in closed form
        total += gap * previous_value + (value - previous_value) * (gap + 1) / 2
        out.append(total)
        previous_turn, previous_value = turn, value
    return tuple(out)


def _wall(curve: Curve, projected: Curve, window: int | None) -> int | None:
    if not window:
        return None
    for turn, prompt in zip(curve.turns, curve.prompt_tokens):
        if prompt > window:
            return turn
    points = list(
        zip(curve.turns[-1:] + projected.turns, curve.prompt_tokens[-1:] + projected.prompt_tokens)
    )
    for (t0, p0), (t1, p1) in zip(points, points[1:]):
        if p1 > window:
            return wall_turn(t0 + 1, p0 + (p1 - p0) / (t1 - t0), (p1 - p0) / (t1 - t0), window)
    prompts = [p for _, p in points]
    growing = len(points) >= 2 and all(a <= b for a, b in zip(prompts, prompts[1:]))
    if growing:  # beyond the horizon: only a curve that never drops is extended (not a sawtooth)
        (t0, p0), (t1, p1) = points[-2], points[-1]
        return wall_turn(t1 + 1, p1 + (p1 - p0) / (t1 - t0), (p1 - p0) / (t1 - t0), window)
    return None


@dataclass(frozen=True)
class Crossing:
    """Where a strategy gets cheaper than a baseline on this conversation (input tokens)."""

    strategy: str
    per_turn: int | None  # first turn whose request is smaller than the baseline's
    cumulative: int | None  # first turn by which it has sent less in total
    per_turn_projected: bool = False  # found only in the projection, not in turns that happened
    cumulative_projected: bool = False


def crossing(
    curve: Curve,
    baseline: Curve,
    ahead: Projection | None,
    behind: Projection | None,
    *,
    by_cost: bool = False,
) -> Crossing:
    """Seed 002's two crossovers, read off the real turns first, then the projection.
    `by_cost`: compared in dollars, all in (a strategy's maintenance counts against it,
    its answers too), else in input tokens; the projection's per-turn samples are in
    tokens either way."""
    each = (curve.cost, baseline.cost) if by_cost else (curve.input_tokens, baseline.input_tokens)
    so_far = (
        (curve.cumulative_cost, baseline.cumulative_cost)
        if by_cost
        else (curve.cumulative_tokens, baseline.cumulative_tokens)
    )
    per_turn = next((t for t, a, b in zip(curve.turns, *each) if a < b), None)
    cumulative = next((t for t, a, b in zip(curve.turns, *so_far) if a < b), None)
    per_projected = cumulative_projected = False
    if ahead is not None and behind is not None:
        samples = list(
            zip(
                ahead.turns,
                ahead.prompt_tokens,
                behind.prompt_tokens,
                ahead.cumulative_cost if by_cost else ahead.cumulative_tokens,
                behind.cumulative_cost if by_cost else behind.cumulative_tokens,
            )
        )
        if per_turn is None:
            per_turn = next((t for t, a, b, _, _ in samples if a < b), None)
            per_projected = per_turn is not None
        if cumulative is None:
            cumulative = next((t for t, _, _, a, b in samples if a < b), None)
            cumulative_projected = cumulative is not None
    return Crossing(curve.name, per_turn, cumulative, per_projected, cumulative_projected)
