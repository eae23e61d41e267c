"""`fincoach prices MODEL [--provider P]`: the price FinCoach would use, where it comes
from and its date, or why there is none."""

from __future__ import annotations

from datetime import datetime

from fincoach_tui.domain.pricing import Price
from fincoach_tui.llm.prices import library_quote, library_version, price_table
from fincoach_tui.llm.providers import CUSTOM, OFFLINE, PRESETS, ProviderError
from fincoach_tui.settings.config import Config


def where_priced(
    config: Config, provider: str | None, base_url: str | None
) -> tuple[str | None, str | None]:
    """(base URL, genai-prices provider id) to look the price up at.

    A base URL (the flag's, else the config's when no provider is named) decides the
    provider; a preset names its own URL; any other name is one of the library's providers
    ("deepseek", "anthropic", "google"...). Nothing at all: the library finds the
    provider from the model's name."""
    name = (provider or "").strip().lower() or None
    if base_url:
        return base_url, None
    if name is None:
        if config.base_url:
            return config.base_url, None
        name = config.provider
    if name is None or name == OFFLINE:
        return None, None
    if name == CUSTOM:
        raise ProviderError("--provider custom needs --base-url: the server decides the price")
    preset = PRESETS.get(name)
    return (preset.base_url, None) if preset else (None, name)


def _rate(value: float) -> str:
    """$0.15, $0.075, $10.00: every digit the source gave, at least cents."""
    whole, _, cents = f"{value:.6f}".rstrip("0").partition(".")
    return f"${whole}.{cents.ljust(2, '0')}"


def price_report(
    model: str,
    config: Config,
    *,
    provider: str | None = None,
    base_url: str | None = None,
    at: datetime | None = None,
) -> tuple[str, bool]:
    """The report's text, and whether the model has a price."""
    url, provider_id = where_priced(config, provider, base_url)
    price = price_table(config.prices, base_url=url, provider=provider_id, at=at).get(model)
    quote = library_quote(model, base_url=url, provider=provider_id, at=at)
    place = url or provider_id
    if price is None:
        at_place = f" at {place}" if place else ""
        return (
            f"{model}: no price (genai-prices {library_version()} has none for it{at_place}). "
            f'Set one in config.toml under [prices."{model}"]: input, cached_input and '
            "output in USD per 1M tokens.",
            False,
        )
    header = model + (f" at {quote.provider}" if quote else "") + (f" ({url})" if url else "")
    rows = _rows(price)
    if price.from_config:
        rows.append(("source", price.source))
        rows.append(("date", "your own figures"))
    else:
        page = f" ({quote.pricing_url})" if quote and quote.pricing_url else ""
        rows.append(("source", price.source + page))
        rows.append(("date", price.as_of or "not recorded by the source"))
    rows += [("note", note) for note in (quote.notes if quote else ())]
    return "\n".join([header, *(f"  {label:<15} {value}" for label, value in rows)]), True


def _rows(price: Price) -> list[tuple[str, str]]:
    per = " per 1M tokens"
    reasoning = (
        "billed as output"
        if price.reasoning_output is None
        else _rate(price.reasoning_output) + per
    )
    window = f"{price.context_window:,} tokens" if price.context_window else "unknown"
    return [
        ("input", _rate(price.input) + per),
        ("cached input", _rate(price.cached_input) + per),
        ("output", _rate(price.output) + per),
        ("reasoning", reasoning),
        ("context window", window),
    ]
