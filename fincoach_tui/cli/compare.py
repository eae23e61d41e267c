"""`fincoach compare NAME [--format text|json] [--models M,M@PROVIDER]`: every strategy's
cost on a saved session, all in (chat + maintenance), and what was paid; with --models,
the same requests priced on other models, and which model and strategy were cheapest."""

from __future__ import annotations

import json

from fincoach_tui.domain.plurals import plural
from fincoach_tui.service.session_compare import SessionComparison, StrategyFigures
from fincoach_tui.ui import format as fmt


def as_json(result: SessionComparison) -> str:
    return json.dumps(result.to_json(), indent=2, ensure_ascii=False)


def _turn(value: int | None, projected: bool) -> str:
    return "—" if value is None else f"{'≈' if projected else ''}t{value}"


def _cost(value: float | None, estimated: bool = False) -> str:
    return ("≈" if estimated and value is not None else "") + fmt.usd(value)


def _row(s: StrategyFigures, active: bool) -> str:
    if s.error:
        return f"{s.name:<8}  not comparable here: {s.error}"
    mark = "*" if active else " "
    cheaper = (
        "—"
        if s.name == "buffer"
        else f"{_turn(s.cheaper_per_turn, s.per_turn_projected)}/"
        f"{_turn(s.cheaper_in_total, s.in_total_projected)}"
    )
    return (
        f"{s.name:<8}{mark} {_cost(s.cost_usd, s.estimated):>11} {_cost(s.chat_usd):>11} "
        f"{_cost(s.maintenance_usd, s.estimated):>11} {fmt.tokens(s.input_tokens):>10}  {cheaper}"
    )


def as_text(result: SessionComparison) -> str:
    path = " → ".join(result.path) or "-"
    paid = _cost(result.paid_usd, result.paid_estimated)
    lines = [
        f"{result.name}: {plural(result.turns, 'turn')} on {result.model} "
        f"({path}); you paid {paid}"
        + (" (estimated: the server sent no usage)" if result.paid_estimated else ""),
        "",
        f"{'strategy':<9} {'all in':>11} {'chat':>11} {'upkeep':>11} {'input tok':>10}  "
        "cheaper than buffer from (per turn/in total)",
    ]
    active = result.path[-1] if result.path else ""
    lines += [_row(s, s.name == active) for s in result.strategies]
    notes = ["*: in use now; upkeep: summary folds, fact extractions and embeddings"]
    if any(s.estimated for s in result.strategies):
        notes.append("≈: with folds or extractions it never ran, estimated; ≈t: projected")
    if not result.priced:
        notes.append("no price: the model has none; set one in config.toml [prices]")
    lines += ["", *notes]
    if result.models:
        lines += ["", _models_header(result), *(_model_row(m, result) for m in result.models)]
        if result.cheapest is not None:
            model, strategy, cost = result.cheapest
            lines += ["", f"cheapest: {strategy} on {model}, {fmt.usd(cost)}"]
        lines.append(
            "≈: counted with another tokenizer than the model's; other models are priced "
            "without cache discounts, with their own chat template"
        )
    return "\n".join(lines)


def _models_header(result: SessionComparison) -> str:
    names = "".join(f" {s.name:>10}" for s in result.strategies if not s.error)
    return f"{'model':<28} {'your requests':>13}{names}"


def _model_row(model, result: SessionComparison) -> str:
    requests = model.requests
    cells = "".join(
        f" {_cost(model.strategies.get(s.name), requests.estimated):>10}"
        for s in result.strategies
        if not s.error
    )
    return f"{model.spec:<28} {_cost(requests.cost_usd, requests.estimated):>13}{cells}"
