"""Prices from genai-prices (bundled data): the figures FinCoach uses, pinned, per provider.

A new genai-prices release may change a figure: then these tests say which, and the
README's price list is checked again before the pin moves.
"""

from __future__ import annotations

import json
import subprocess
import sys
from datetime import UTC, datetime

import pytest

from fincoach_tui.domain.pricing import call_cost, price_label
from fincoach_tui.domain.records import Usage
from fincoach_tui.llm.prices import library_quote, library_version, price_table
from fincoach_tui.llm.providers import PRESETS
from tests.processes import child_env

NOON = datetime(2026, 12, 1, 12, 0, tzinfo=UTC)
OPENAI = PRESETS["openai"].base_url
GROQ = PRESETS["groq"].base_url
OPENROUTER = PRESETS["openrouter"].base_url

# (model, base URL): input, cached input, output per 1M tokens, context window, provider.
README_MODELS = {
    ("gpt-4o", OPENAI): (2.50, 1.25, 10.00, 128_000, "OpenAI"),
    ("gpt-4o-mini", OPENAI): (0.15, 0.075, 0.60, 128_000, "OpenAI"),
    ("gpt-4.1", OPENAI): (2.00, 0.50, 8.00, 1_000_000, "OpenAI"),
    ("gpt-4.1-mini", OPENAI): (0.40, 0.10, 1.60, 1_000_000, "OpenAI"),
    ("gpt-5", OPENAI): (1.25, 0.125, 10.00, 400_000, "OpenAI"),
    ("gpt-5-mini", OPENAI): (0.25, 0.025, 2.00, 400_000, "OpenAI"),
    ("text-embedding-3-small", OPENAI): (0.02, 0.02, 0.0, 8_192, "OpenAI"),
    ("openai/gpt-oss-120b", GROQ): (0.15, 0.075, 0.60, 131_072, "Groq"),
    ("openai/gpt-oss-20b", GROQ): (0.075, 0.0375, 0.30, 131_072, "Groq"),
    # Outside the seven models FinCoach used to ship a price for.
    ("anthropic/claude-sonnet-4.5", OPENROUTER): (3.00, 0.30, 15.00, 1_000_000, "OpenRouter"),
    ("google/gemini-2.5-flash", OPENROUTER): (0.30, 0.03, 2.50, 1_048_576, "OpenRouter"),
    ("openai/gpt-4o-mini", OPENROUTER): (0.15, 0.075, 0.60, 128_000, "OpenRouter"),
    ("openai/gpt-oss-120b", OPENROUTER): (0.10, 0.10, 0.50, None, "OpenRouter"),
}


def test_the_pinned_library_is_the_one_installed():
    assert library_version() == "0.2.3"


@pytest.mark.parametrize(("model", "url"), list(README_MODELS))
def test_figures_at_the_provider_behind_the_base_url(model, url):
    quote = library_quote(model, base_url=url, at=NOON)
    assert quote is not None
    p = quote.price
    assert (p.input, p.cached_input, p.output, p.context_window, quote.provider) == README_MODELS[
        (model, url)
    ]
    assert p.reasoning_output is None  # reasoning tokens are output tokens at these providers
    assert p.source == f"genai-prices 0.2.3 · {quote.provider}"
    assert not p.from_config


def test_dates_where_the_library_records_one():
    mini = library_quote("gpt-4o-mini", base_url=OPENAI, at=NOON).price
    assert price_label(mini) == "genai-prices 0.2.3 · OpenAI · 2026-10-14"
    # OpenRouter's gpt-oss-120b price took effect on 2026-11-03.
    oss = library_quote("openai/gpt-oss-120b", base_url=OPENROUTER, at=NOON).price
    assert oss.as_of == "2026-11-03"
    groq = library_quote("openai/gpt-oss-20b", base_url=GROQ, at=NOON).price
    assert price_label(groq) == "genai-prices 0.2.3 · Groq · undated"


def test_deepseek_chat_is_priced_at_the_time_of_day():
    peak = library_quote("deepseek-chat", provider="deepseek", at=NOON)
    assert (peak.price.input, peak.price.cached_input, peak.price.output) == (0.27, 0.07, 1.10)
    assert peak.price.context_window == 64_000
    off_peak = library_quote("deepseek-chat", provider="deepseek", at=NOON.replace(hour=20))
    assert (off_peak.price.input, off_peak.price.output) == (0.135, 0.55)
    assert "time of day" in off_peak.notes[0]
    # With no base URL the library finds DeepSeek from the model's name.
    assert library_quote("deepseek-chat", at=NOON).provider == "Deepseek"


def test_a_reasoning_rate_comes_from_the_same_source():
    quote = library_quote("perplexity/sonar-deep-research", base_url=OPENROUTER, at=NOON)
    p = quote.price
    assert (p.input, p.output, p.reasoning_output) == (2.0, 8.0, 3.0)
    usage = Usage(prompt_tokens=1000, completion_tokens=200, reasoning_tokens=150)
    assert call_cost(usage, p) == pytest.approx((1000 * 2 + 50 * 8 + 150 * 3) / 1e6, rel=1e-12)


def test_what_a_flat_price_leaves_out_is_said():
    quote = library_quote("anthropic/claude-sonnet-4.5", base_url=OPENROUTER, at=NOON)
    assert quote.notes == (
        "long-context tiers are not applied: the base tier's rates are used",
        "cache writes ($3.75 per 1M) are not counted",
    )


def test_unknown_model_has_no_price():
    assert library_quote("no-such-model", at=NOON) is None
    assert library_quote("no-such-model", base_url=OPENAI, at=NOON) is None
    assert price_table({}, base_url=OPENAI, at=NOON).get("no-such-model") is None


def test_a_model_name_alone_does_not_price_a_custom_server():
    custom = price_table({}, base_url="http://localhost:8000/v1", at=NOON)
    assert custom.get("gpt-oss-20b") is None
    assert custom.get("openai/gpt-oss-20b") is None
    assert custom.get("gpt-4o-mini") is None
    # Ollama's local server is no provider with a price list either.
    assert price_table({}, base_url=PRESETS["ollama"].base_url).get("llama3.2") is None
    # The same model at Groq's URL has Groq's price; configured, the custom server has one.
    assert price_table({}, base_url=GROQ, at=NOON).get("openai/gpt-oss-20b").input == 0.075
    mine = price_table(
        {"gpt-oss-20b": {"input": 0.01, "output": 0.02}}, base_url="http://localhost:8000/v1"
    ).get("gpt-oss-20b")
    assert (mine.input, mine.output, price_label(mine)) == (0.01, 0.02, "config.toml")


def test_overrides_win_and_lay_over_the_library():
    table = price_table({"gpt-4o-mini": {"output": 0.5}}, base_url=OPENAI, at=NOON)
    p = table.get("gpt-4o-mini")
    assert (p.input, p.cached_input, p.output, p.context_window) == (0.15, 0.075, 0.5, 128_000)
    assert price_label(p) == "config.toml over genai-prices 0.2.3 · OpenAI"


# The library imported and used with every socket refused: it must never need the network.
NO_NETWORK = """
import json, socket

def refuse(*args, **kwargs):
    raise OSError("network disabled in this test")

socket.socket.connect = refuse
socket.socket.connect_ex = refuse
socket.create_connection = refuse
socket.getaddrinfo = refuse

import sys
from fincoach_tui.llm.prices import library_quote

quote = library_quote("gpt-4o-mini", base_url="https://api.openai.com/v1")
print(json.dumps({"input": quote.price.input, "imported": "genai_prices" in sys.modules}))
"""


def test_prices_need_no_network():
    done = subprocess.run(
        [sys.executable, "-c", NO_NETWORK],
        capture_output=True,
        text=True,
        env=child_env(),
        timeout=60,
    )
    assert done.returncode == 0, done.stderr
    assert json.loads(done.stdout) == {"input": 0.15, "imported": True}
