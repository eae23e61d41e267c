"""Prices from genai-prices, the maintained price library, behind the domain's PriceTable.

Order of precedence, highest first: the user's `[prices."model"]` in config.toml; the
cost the provider itself reports for a call (OpenRouter's `usage.cost`, applied per call
by `call_cost`); genai-prices' price for the model *at the provider behind the base URL*;
else no price. The provider is told by the base URL, never guessed from the model name:
`gpt-oss-20b` on a custom server is not priced at Groq's rate (no provider, no price).
Only with no base URL at all (the offline coach, `fincoach prices` without --provider)
does the library pick the provider from the model name, and the source says which.

genai-prices ships its data in the wheel (`genai_prices/data.py`); it fetches newer data
only if an `UpdatePrices` is started, which FinCoach never does, so prices need no
network. Importing it takes about 0.4 s (it brings pydantic and an HTTP client), so it is
imported on the first lookup, which the app makes in its loader thread.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass
from datetime import UTC, datetime
from decimal import Decimal
from functools import partial
from typing import TYPE_CHECKING, Any

from fincoach_tui.domain.pricing import Price, PriceTable
from fincoach_tui.domain.tokens import bare_model

if TYPE_CHECKING:
    from genai_prices import types as gp

LIBRARY = "genai-prices"
# "checked against ... on 2026-08-25", "verified on 2026-10-12", "as of 2026-10-14"
_CHECKED = re.compile(r"(?:checked|verified|as of)\D{0,80}?(\d{4}-\d{2}-\d{2})", re.IGNORECASE)


@dataclass(frozen=True)
class Quote:
    """A library price with what the one-line label leaves out (for `fincoach prices`)."""

    price: Price
    provider: str  # the provider's name in the library ("OpenAI", "Groq", "OpenRouter")
    pricing_url: str
    notes: tuple[str, ...] = ()  # what the flat price does not capture


def library_version() -> str:
    import genai_prices

    return str(genai_prices.__version__)


def library_quote(
    model: str,
    *,
    base_url: str | None = None,
    provider: str | None = None,
    at: datetime | None = None,
) -> Quote | None:
    """genai-prices' price of `model` at the provider behind `base_url` (or with the
    library's provider id `provider`), as it stands at `at` (default: now); None if the
    library does not know the provider or the model there."""
    from genai_prices import data_snapshot

    snapshot = data_snapshot.get_snapshot()
    when = at or datetime.now(UTC)
    refs = dict.fromkeys([model, bare_model(model)])  # "openai/gpt-4o-mini" on OpenAI's URL
    for ref in refs:
        try:
            found, info = snapshot.find_provider_model(ref, None, provider, base_url)
        except LookupError:
            continue
        return _quote(found, info, when)
    return None


def library_price(model: str, **where: Any) -> Price | None:
    quote = library_quote(model, **where)
    return quote.price if quote else None


def price_table(
    overrides: Mapping[str, Mapping[str, Any]],
    *,
    base_url: str | None = None,
    provider: str | None = None,
    at: datetime | None = None,
) -> PriceTable:
    """The table a session prices its calls with: config.toml's overrides over the library."""
    source = partial(library_price, base_url=base_url, provider=provider, at=at)
    return PriceTable([source], overrides)


# --- from the library's records to a flat Price ------------------------------------------


def _rate(value: Any) -> float | None:
    """USD per 1M tokens; a tiered price by its base (first) tier."""
    if value is None:
        return None
    return float(value if isinstance(value, Decimal) else value.base)


def _quote(provider: gp.Provider, info: gp.ModelInfo, when: datetime) -> Quote | None:
    from genai_prices import types as gp

    rates = info.get_prices(when)
    input_rate, output_rate = _rate(rates.input_mtok), _rate(rates.output_mtok)
    if input_rate is None and output_rate is None:
        return None  # listed without a token price (e.g. included in a subscription)
    # A rate the library leaves out is not charged (embeddings have no output rate).
    input_rate = input_rate or 0.0
    cached = _rate(rates.cache_read_mtok)
    active = _active_condition(info, when)
    dates = [d for text in (info.price_comments, provider.price_comments) for d in _checked(text)]
    if active is not None and isinstance(active.constraint, gp.StartDateConstraint):
        dates.append(active.constraint.start_date.isoformat())
    as_of = max((d for d in dates if d <= when.date().isoformat()), default="")
    notes = []
    if any(isinstance(v, gp.TieredPrices) for v in rates.__dict__.values()):
        notes.append("long-context tiers are not applied: the base tier's rates are used")
    conditions = info.prices if isinstance(info.prices, list) else []
    if any(isinstance(c.constraint, gp.TimeOfDateConstraint) for c in conditions):
        notes.append(f"the price varies by time of day; this is the one at {when:%H:%M} UTC")
    if rates.cache_write_mtok is not None:
        notes.append(f"cache writes (${_rate(rates.cache_write_mtok):g} per 1M) are not counted")
    price = Price(
        input=input_rate,
        cached_input=input_rate if cached is None else cached,
        output=output_rate or 0.0,
        context_window=info.context_window,
        source=f"{LIBRARY} {library_version()} · {provider.name}",
        as_of=as_of,
        reasoning_output=_rate(rates.output_reasoning_mtok),
    )
    return Quote(price, provider.name, (provider.pricing_urls or [""])[0], tuple(notes))


def _active_condition(info: gp.ModelInfo, when: datetime) -> gp.ConditionalPrice | None:
    """The conditional price the library uses at `when` (its own rule: the last active)."""
    if not isinstance(info.prices, list) or not info.prices:
        return None
    for conditional in reversed(info.prices):
        if conditional.constraint is None or conditional.constraint.active(when):
            return conditional
    return info.prices[0]


def _checked(text: str | None) -> list[str]:
    return _CHECKED.findall(text or "")
