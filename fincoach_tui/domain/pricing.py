"""Prices and the cost of a call. Pure: prices are values, sources are functions.

An unknown model has no price: we show its tokens and "no price", never a guessed number.
Where a price comes from (the user's config.toml, a maintained price library) is an
adapter's business: the table only takes the user's overrides and a chain of sources.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from fincoach_tui.domain.records import Usage
from fincoach_tui.domain.tokens import bare_model

PER_MILLION = 1_000_000
OVERRIDE_SOURCE = "config.toml"

# A source of prices: model id -> its price, or None when the source does not know it.
PriceSource = Callable[[str], "Price | None"]


@dataclass(frozen=True)
class Price:
    """USD per 1M tokens, and the model's context window in tokens.

    `reasoning_output` is the rate of reasoning tokens where a provider bills them apart;
    None: they are output tokens like any other. `source` and `as_of` say where the
    figures come from and the date they were last checked ("" when not recorded);
    `from_config` marks the user's own figures, which win even over a provider's bill.
    """

    input: float
    cached_input: float
    output: float
    context_window: int | None = None
    source: str = ""
    as_of: str = ""
    reasoning_output: float | None = None
    from_config: bool = False

    @classmethod
    def from_mapping(cls, data: Mapping[str, Any]) -> Price:
        input_rate = float(data["input"])
        reasoning = data.get("reasoning_output")
        return cls(
            input=input_rate,
            # A provider without a cache discount bills cached tokens at the input rate.
            cached_input=float(data.get("cached_input", input_rate)),
            output=float(data["output"]),
            context_window=int(data["context_window"]) if data.get("context_window") else None,
            source=str(data.get("source", "")),
            as_of=str(data.get("as_of", "")),
            reasoning_output=float(reasoning) if reasoning is not None else None,
            from_config=bool(data.get("from_config", False)),
        )


def call_cost(usage: Usage, price: Price | None) -> float | None:
    """Cost in USD of one call; None when there is no price.

    cached_tokens are part of prompt_tokens (billed at the cached rate instead of the input
    rate) and reasoning_tokens are part of completion_tokens (billed as output, or at the
    reasoning rate where there is one): neither is ever added on top. A provider-reported
    cost (OpenRouter) wins over any price but the user's own.
    """
    if usage.provider_cost is not None and not (price and price.from_config):
        return usage.provider_cost
    if price is None:
        return None
    uncached = usage.prompt_tokens - usage.cached_tokens
    reasoning_rate = price.output if price.reasoning_output is None else price.reasoning_output
    return (
        uncached * price.input
        + usage.cached_tokens * price.cached_input
        + (usage.completion_tokens - usage.reasoning_tokens) * price.output
        + usage.reasoning_tokens * reasoning_rate
    ) / PER_MILLION


def cache_savings(usage: Usage, price: Price | None) -> float:
    """What the cache discount took off a call: its cached tokens at the input rate minus
    the cached rate. 0 with no price, or when the provider reported the cost itself."""
    if price is None or (usage.provider_cost is not None and not price.from_config):
        return 0.0
    return usage.cached_tokens * (price.input - price.cached_input) / PER_MILLION


def price_label(price: Price | None) -> str:
    """Where a price comes from and its date, in one short line ("no price" without one)."""
    if price is None:
        return "no price"
    if price.from_config:
        return price.source
    return f"{price.source or 'source unknown'} · {price.as_of or 'undated'}"


def _find(prices: Mapping[str, Any], model: str) -> Any:
    """Exact id first ("openai/gpt-oss-120b"), then the bare name ("gpt-4o-mini")."""
    if model in prices:
        return prices[model]
    bare = bare_model(model)
    if bare in prices:
        return prices[bare]
    for known, value in prices.items():
        if bare_model(known) == bare:
            return value
    return None


def _overlaid(base: Price | None, row: Mapping[str, Any]) -> Price | None:
    """The user's figures over the source's; None when neither gives an input and an
    output rate (a partial override of a model no source prices is no price)."""
    fields: dict[str, Any] = dict(base.__dict__) if base else {}
    fields.update({key: value for key, value in row.items() if value is not None})
    if "input" not in fields or "output" not in fields:
        return None
    fields["source"] = f"{OVERRIDE_SOURCE} over {base.source}" if base else OVERRIDE_SOURCE
    fields["as_of"] = ""
    fields["from_config"] = True
    return Price.from_mapping(fields)


class PriceTable:
    """The user's overrides over a chain of price sources, looked up by model id.

    The first source that knows a model gives its price; an override (from config.toml)
    is laid over that price, field by field. Answers are kept: a source is asked about
    each model once.
    """

    def __init__(
        self,
        sources: Sequence[PriceSource] = (),
        overrides: Mapping[str, Mapping[str, Any]] | None = None,
    ) -> None:
        self._sources = tuple(sources)
        self._overrides = {model: dict(row) for model, row in (overrides or {}).items()}
        self._known: dict[str, Price | None] = {}

    @classmethod
    def from_tables(
        cls, shipped: Mapping[str, Mapping[str, Any]], overrides: Mapping[str, Mapping[str, Any]]
    ) -> PriceTable:
        table = {model: Price.from_mapping(row) for model, row in shipped.items()}
        return cls([lambda model: _find(table, model)], overrides)

    def get(self, model: str) -> Price | None:
        if model not in self._known:
            base = next((p for p in (source(model) for source in self._sources) if p), None)
            row = _find(self._overrides, model)
            self._known[model] = base if row is None else _overlaid(base, row)
        return self._known[model]
