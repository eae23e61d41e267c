"""`fincoach compare`: the panel's comparison of a saved session, all in, for the command
line; and, with other models, the same requests priced on each of them.

Reads the session without writing to it (a session open in the app can be compared):
its events are replayed, a coach is put on them whose writes go nowhere, and the same
`CostComparison` the panel uses walks it. The figures are the panel's, to the dollar.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field, replace
from typing import TYPE_CHECKING, Any

from fincoach_tui.domain.counterfactual import curves_as_if
from fincoach_tui.domain.curves import Curve
from fincoach_tui.domain.other_models import ModelSpec, Repriced, cheapest, reprice
from fincoach_tui.domain.tokens import overhead_for_model
from fincoach_tui.service.cost_comparison import (
    ComparisonSnapshot,
    CostComparison,
    comparison_strategies,
)

if TYPE_CHECKING:
    from fincoach_tui.domain.pricing import Price, PriceTable
    from fincoach_tui.domain.session_state import SessionState
    from fincoach_tui.service.runtime import Engine


@dataclass(frozen=True)
class StrategyFigures:
    name: str
    label: str
    cost_usd: float | None  # all in; None when some call has no price
    chat_usd: float | None
    maintenance_usd: float | None
    input_tokens: int  # chat and maintenance prompts
    chat_input_tokens: int
    estimated: bool  # some fold or extraction is estimated (≈)
    estimated_turns: int
    predicted_turns: int  # turns whose chat bill is a prediction, not a real identical call
    cheaper_per_turn: int | None  # first turn cheaper than buffer
    cheaper_in_total: int | None  # first turn by which it cost less than buffer in total
    per_turn_projected: bool  # found only in the projection, not in turns that happened
    in_total_projected: bool
    error: str = ""

    def to_json(self) -> dict[str, Any]:
        return {
            "cost_usd": self.cost_usd,
            "chat_usd": self.chat_usd,
            "maintenance_usd": self.maintenance_usd,
            "estimated": self.estimated,
            "input_tokens": self.input_tokens,
            "chat_input_tokens": self.chat_input_tokens,
            "maintenance_input_tokens": self.input_tokens - self.chat_input_tokens,
            "estimated_turns": self.estimated_turns,
            "predicted_turns": self.predicted_turns,
            "cheaper_than_buffer": {
                "per_turn": self.cheaper_per_turn,
                "in_total": self.cheaper_in_total,
                "per_turn_projected": self.per_turn_projected,
                "in_total_projected": self.in_total_projected,
            },
            **({"error": self.error} if self.error else {}),
        }


@dataclass(frozen=True)
class ModelFigures:
    """The session on one model: its own requests, and every strategy's walk."""

    spec: str  # as asked: "gpt-4o", "openai/gpt-oss-120b@groq"
    requests: Repriced
    price_source: str  # where the price comes from ("" when none)
    strategies: dict[str, float | None]  # all in, every call predicted on this model

    def to_json(self) -> dict[str, Any]:
        return {
            "cost_usd": self.requests.cost_usd,
            "estimated": self.requests.estimated,
            "billed": self.requests.billed,
            "prompt_tokens": self.requests.prompt_tokens,
            "completion_tokens": self.requests.completion_tokens,
            "price_source": self.price_source or None,
            "strategies": dict(self.strategies),
        }


@dataclass(frozen=True)
class SessionComparison:
    name: str
    model: str
    turns: int
    path: tuple[str, ...]
    paid_usd: float | None
    paid_estimated: bool  # a server sent no usage: what was paid is our estimate
    priced: bool
    strategies: tuple[StrategyFigures, ...]
    models: tuple[ModelFigures, ...] = ()
    cheapest: tuple[str, str, float] | None = None  # (model, strategy, cost)
    notes: tuple[str, ...] = field(default=())

    def to_json(self) -> dict[str, Any]:
        data: dict[str, Any] = {
            "session": self.name,
            "model": self.model,
            "turns": self.turns,
            "path": list(self.path),
            "paid_usd": self.paid_usd,
            "paid_estimated": self.paid_estimated,
            "strategies": {s.name: s.to_json() for s in self.strategies},
        }
        if self.models:
            data["models"] = {m.spec: m.to_json() for m in self.models}
            data["cheapest"] = (
                None
                if self.cheapest is None
                else dict(zip(("model", "strategy", "cost_usd"), self.cheapest, strict=True))
            )
        return data


def compare(
    name: str,
    state: SessionState,
    engine: Engine,
    *,
    models: Sequence[ModelSpec] = (),
    price_for: Any = None,
) -> SessionComparison:
    """The comparison of a replayed session on `engine`'s model; `models` priced with
    `price_for(spec) -> (Price | None, source)`."""
    from fincoach_tui.service.runtime import choose_strategy, make_coach

    coach = make_coach(
        engine,
        state,
        choose_strategy(state, engine.config, None),
        sink=_nowhere,
        sink_many=_nowhere,
    )
    comparison = CostComparison(coach)
    strategies = comparison_strategies(coach.strategy, engine.config.params_for)
    snapshot = comparison.snapshot(strategies, context_window=engine.context_window)
    report = snapshot.report
    priced = snapshot.priced and report.actual.unpriced == 0
    figures = tuple(_figures(c, snapshot) for c in report.curves)
    paid = report.actual.total_cost if priced else None
    result = SessionComparison(
        name,
        coach.choice.model,
        state.transcript.completed_turns,
        report.path,
        paid,
        state.estimated,
        priced,
        figures,
    )
    if not models:
        return result
    rows = [
        _on_model(spec, state, comparison, strategies, engine.prices, price_for, coach.choice.model)
        for spec in models
    ]
    options = [(row.spec, name, cost) for row in rows for name, cost in row.strategies.items()]
    options += [(coach.choice.model, f.name, f.cost_usd) for f in figures if not f.error]
    return replace(result, models=tuple(rows), cheapest=cheapest(options))


def model_prices(overrides: Any) -> Any:
    """`price_for(spec) -> (Price | None, where it comes from)`: config.toml's prices over
    genai-prices' at the spec's provider (or the one its name suggests)."""
    from fincoach_tui.domain.pricing import price_label
    from fincoach_tui.llm.prices import price_table

    def price_for(spec: ModelSpec) -> tuple[Price | None, str]:
        price = price_table(overrides, provider=spec.provider).get(spec.model)
        return price, price_label(price) if price is not None else ""

    return price_for


def on_models(
    comparison: CostComparison,
    strategies: Sequence[Any],
    models: Sequence[str],
    overrides: Any,
    own: dict[str, float | None] | None = None,
) -> tuple[tuple[ModelFigures, ...], tuple[str, str, float] | None]:
    """The live session on other models (the panel's line): each model's figures, and the
    cheapest (model, strategy, cost) among them and the session's own model. A name that
    is not MODEL or MODEL@PROVIDER is left out."""
    from fincoach_tui.domain.other_models import ModelSpecError, parse_models

    try:
        specs = parse_models(",".join(models))
    except ModelSpecError:
        return (), None
    coach = comparison.coach
    price_for = model_prices(overrides)
    rows = tuple(
        _on_model(
            s, coach.state, comparison, strategies, coach.prices, price_for, coach.choice.model
        )
        for s in specs
    )
    options = [(row.spec, name, cost) for row in rows for name, cost in row.strategies.items()]
    options += [(coach.choice.model, name, cost) for name, cost in (own or {}).items()]
    return rows, cheapest(options)


def _nowhere(_events: object) -> None:
    """A compared session is read, never written."""


def _figures(curve: Curve, snapshot: ComparisonSnapshot) -> StrategyFigures:
    priced = snapshot.priced and curve.unpriced == 0
    cross = next((c for c in snapshot.crossings() if c.strategy == curve.name), None)
    return StrategyFigures(
        curve.name,
        curve.label,
        curve.total_cost if priced else None,
        curve.chat_cost if priced else None,
        curve.maintenance_cost if priced else None,
        curve.total_tokens,
        curve.chat_tokens,
        curve.estimated > 0,
        curve.estimated,
        curve.predicted,
        cross.per_turn if cross else None,
        cross.cumulative if cross else None,
        bool(cross and cross.per_turn_projected),
        bool(cross and cross.cumulative_projected),
        curve.error,
    )


def _on_model(
    spec: ModelSpec,
    state: SessionState,
    comparison: CostComparison,
    strategies: Sequence[Any],
    prices: PriceTable,
    price_for: Any,
    session_model: str,
) -> ModelFigures:
    price: Price | None
    price, source = price_for(spec)
    overhead = overhead_for_model(spec.model)
    embedder = comparison.coach.embedder
    embed_price = prices.get(embedder.model) if embedder is not None else None
    requests = reprice(state.records, spec.model, price, overhead, counted_with=session_model)
    curves = curves_as_if(comparison.ledger, strategies, overhead, price, embed_price)
    costs = {
        c.name: (c.total_cost if price is not None and c.unpriced == 0 else None)
        for c in curves
        if not c.error
    }
    return ModelFigures(spec.name, requests, source, costs)
