"""What the every-strategy comparison gives the panel for one moment of a session: the
curves, their projections, what caching saved. Built by cost_comparison.CostComparison;
read on the event loop by the widgets, so its totals are kept as the calls come rather
than summed over every call of the session each time they are read.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from fincoach_tui.domain.counterfactual import CounterfactualReport
from fincoach_tui.domain.planner import SessionAverages
from fincoach_tui.domain.projection import Crossing, Projection, crossing


@dataclass(frozen=True)
class CacheTurn:
    turn: int
    kind: str  # chat | summary
    cached_tokens: int
    prompt_tokens: int
    saved_usd: float


@dataclass(frozen=True)
class ComparisonSnapshot:
    report: CounterfactualReport
    projections: dict[str, Projection]
    horizon: int
    context_window: int | None
    averages: SessionAverages
    errors: tuple[tuple[int, int], ...]  # (turn, billed - predicted prompt tokens)
    overhead: str  # the template overhead in use, in words
    cache: tuple[CacheTurn, ...]  # every call of the session, in order
    priced: bool  # False: the model has no price, so curves are in tokens
    # The conversation on other models ([compare] models): session_compare.ModelFigures,
    # and the cheapest (model, strategy, cost) of all; empty unless asked for.
    models: tuple[Any, ...] = ()
    cheapest: tuple[str, str, float] | None = None
    # Summed in the comparison's worker as calls come (read on the event loop, each time the
    # meter is shown: not summed over every call of the session there): what caching saved
    # and how many tokens it cached in all, and what it saved on each turn's chat calls.
    cache_totals: tuple[float, int] | None = None
    saved_by_turn: Mapping[int, float] | None = None
    cache_prompts: int | None = None  # the prompt tokens of every call, summed the same way

    @property
    def cache_saved(self) -> float:
        if self.cache_totals is not None:
            return self.cache_totals[0]
        return sum(c.saved_usd for c in self.cache)

    @property
    def cached_tokens(self) -> int:
        if self.cache_totals is not None:
            return self.cache_totals[1]
        return sum(c.cached_tokens for c in self.cache)

    @property
    def prompt_tokens(self) -> int:
        """The prompt tokens of every call of the session (what the cached share is of)."""
        if self.cache_prompts is not None:
            return self.cache_prompts
        return sum(c.prompt_tokens for c in self.cache)

    def wall(self, name: str = "buffer") -> int | None:
        projection = self.projections.get(name)
        return projection.wall if projection else None

    def saved_on(self, turn: int) -> float:
        """What caching took off the chat call of `turn`."""
        if self.saved_by_turn is not None:
            return self.saved_by_turn.get(turn, 0.0)
        return sum(c.saved_usd for c in self.cache if c.turn == turn and c.kind == "chat")

    def crossings(self, baseline: str = "buffer") -> list[Crossing]:
        """For every other strategy: from which turn it is cheaper than `baseline`, all in
        (in dollars when the model has a price, else in input tokens)."""
        base = self.report.curve(baseline)
        if base is None or base.error:
            return []
        return [
            crossing(
                c,
                base,
                self.projections.get(c.name),
                self.projections.get(baseline),
                by_cost=self.priced,
            )
            for c in self.report.curves
            if c.name != baseline and not c.error and c.turns
        ]
