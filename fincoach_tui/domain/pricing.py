"""Prices and the cost of a call. Pure: the table is built from plain dicts.

An unknown model has no price: we show its tokens and "no price", never a guessed number.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from fincoach_tui.domain.records import Usage
from fincoach_tui.domain.tokens import bare_model

PER_MILLION = 1_000_000


@dataclass(frozen=True)
class Price:
    """USD per 1M tokens, and the model's context window in tokens.

    A rate of None is "no price" (a config override may give only a context window, or
    only the input rate): a call whose cost needs it is shown as "no price", never $0."""

    input: float | None
    cached_input: float | None
    output: float | None
    context_window: int | None = None
    source: str = ""
    as_of: str = ""

    @classmethod
    def from_mapping(cls, data: Mapping[str, Any]) -> Price:
        input_rate = _rate(data, "input")
        cached = _rate(data, "cached_input")
        return cls(
            input=input_rate,
            # A provider without a cache discount bills cached tokens at the input rate.
            cached_input=input_rate if cached is None else cached,
            output=_rate(data, "output"),
            context_window=int(data["context_window"]) if data.get("context_window") else None,
            source=str(data.get("source", "")),
            as_of=str(data.get("as_of", "")),
        )

    @property
    def priced(self) -> bool:
        return None not in (self.input, self.cached_input, self.output)


def _rate(data: Mapping[str, Any], key: str) -> float | None:
    value = data.get(key)
    return None if value is None else float(value)


def call_cost(usage: Usage, price: Price | None) -> float | None:
    """Cost in USD of one call; None when there is no price.

    cached_tokens are part of prompt_tokens (billed at the cached rate instead of the input
    rate) and reasoning_tokens are part of completion_tokens (already billed as output):
    neither is ever added on top. A provider-reported cost (OpenRouter) wins.
    """
    if usage.provider_cost is not None:
        return usage.provider_cost
    if price is None or not price.priced:
        return None
    assert price.input is not None and price.cached_input is not None and price.output is not None
    uncached = usage.prompt_tokens - usage.cached_tokens
    return (
        uncached * price.input
        + usage.cached_tokens * price.cached_input
        + usage.completion_tokens * price.output
    ) / PER_MILLION


def cache_savings(usage: Usage, price: Price | None) -> float:
    """What the cache discount took off a call: its cached tokens at the input rate minus
    the cached rate. 0 with no price, or when the provider reported the cost itself."""
    if price is None or not price.priced or usage.provider_cost is not None:
        return 0.0
    assert price.input is not None and price.cached_input is not None
    return usage.cached_tokens * (price.input - price.cached_input) / PER_MILLION


class PriceTable:
    """Shipped prices overlaid with the user's overrides, looked up by model id."""

    def __init__(self, prices: Mapping[str, Price]) -> None:
        self._prices = dict(prices)

    @classmethod
    def from_tables(
        cls, shipped: Mapping[str, Mapping[str, Any]], overrides: Mapping[str, Mapping[str, Any]]
    ) -> PriceTable:
        merged = {model: Price.from_mapping(row) for model, row in shipped.items()}
        for model, row in overrides.items():
            base = merged.get(model)
            fields = {**base.__dict__, **row} if base else dict(row)
            merged[model] = Price.from_mapping(fields)
        return cls(merged)

    def models(self) -> list[str]:
        return sorted(self._prices)

    def get(self, model: str) -> Price | None:
        """Exact id first ("openai/gpt-oss-120b"), then the bare name ("gpt-4o-mini")."""
        if model in self._prices:
            return self._prices[model]
        bare = bare_model(model)
        if bare in self._prices:
            return self._prices[bare]
        for known, price in self._prices.items():
            if bare_model(known) == bare:
                return price
        return None
