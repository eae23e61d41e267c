"""The cost of a call, and the price table it is looked up in."""

from __future__ import annotations

import tomllib
from importlib import resources

import pytest

from fincoach_tui.domain.pricing import Price, PriceTable, call_cost
from fincoach_tui.domain.records import Usage

# OpenAI's list price for gpt-4o-mini, USD per 1M tokens.
MINI = {"input": 0.15, "cached_input": 0.075, "output": 0.60, "context_window": 128000}


def shipped() -> dict:
    data = resources.files("fincoach_tui").joinpath("data", "prices.toml").read_bytes()
    return tomllib.loads(data.decode())["models"]


@pytest.fixture
def table() -> PriceTable:
    return PriceTable.from_tables(shipped(), {})


def test_cost_with_cached_tokens():
    usage = Usage(prompt_tokens=1000, completion_tokens=200, cached_tokens=400)
    expected = (600 * 0.15 + 400 * 0.075 + 200 * 0.60) / 1e6
    assert call_cost(usage, Price.from_mapping(MINI)) == pytest.approx(expected, rel=1e-12)
    assert expected == pytest.approx(0.00024)


def test_reasoning_tokens_are_never_added_on_top():
    price = Price.from_mapping(MINI)
    plain = Usage(prompt_tokens=1000, completion_tokens=200, cached_tokens=400)
    reasoning = Usage(
        prompt_tokens=1000, completion_tokens=200, cached_tokens=400, reasoning_tokens=150
    )
    assert call_cost(reasoning, price) == call_cost(plain, price)


def test_no_cache_discount_bills_cached_tokens_at_input_rate():
    price = Price.from_mapping({"input": 1.0, "output": 2.0})
    assert price.cached_input == 1.0
    usage = Usage(prompt_tokens=100, completion_tokens=10, cached_tokens=60)
    assert call_cost(usage, price) == pytest.approx((100 * 1.0 + 10 * 2.0) / 1e6, rel=1e-12)


def test_unknown_model_has_no_price(table):
    assert table.get("llama3.2") is None
    assert call_cost(Usage(100, 10), table.get("llama3.2")) is None


def test_provider_cost_wins():
    usage = Usage(prompt_tokens=1000, completion_tokens=200, provider_cost=0.0123)
    assert call_cost(usage, Price.from_mapping(MINI)) == 0.0123
    assert call_cost(usage, None) == 0.0123


def test_lookup_by_exact_id_bare_name_and_prefix(table):
    mini = table.get("gpt-4o-mini")
    assert (mini.input, mini.cached_input, mini.output) == (0.15, 0.075, 0.60)
    # OpenRouter routes gpt-4o-mini as "openai/gpt-4o-mini".
    assert table.get("openai/gpt-4o-mini") is mini
    oss = table.get("openai/gpt-oss-120b")
    # Listed under Groq's "openai/" id, found by its bare name too.
    assert table.get("gpt-oss-120b") is oss
    assert table.get("openai/gpt-oss-20b") is not oss


def test_overrides_merge_onto_shipped_rows_and_add_models():
    overrides = {
        "gpt-4o-mini": {"input": 0.20},
        "my-local-model": {"input": 0.0, "output": 0.0, "context_window": 8192},
    }
    table = PriceTable.from_tables(shipped(), overrides)

    mini = table.get("gpt-4o-mini")
    assert mini.input == 0.20
    # Fields the override does not name keep their shipped values.
    assert (mini.cached_input, mini.output, mini.context_window) == (0.075, 0.60, 128000)
    assert mini.source == "https://openai.com/api/pricing/"
    local = table.get("my-local-model")
    assert (local.input, local.cached_input, local.output, local.context_window) == (
        0.0,
        0.0,
        0.0,
        8192,
    )
    assert "my-local-model" in table.models()
    assert call_cost(Usage(1000, 100), local) == 0.0


SHIPPED_MODELS = [
    "gpt-4o",
    "gpt-4o-mini",
    "gpt-4.1",
    "gpt-4.1-mini",
    "gpt-5-mini",
    "openai/gpt-oss-120b",
    "openai/gpt-oss-20b",
]


@pytest.mark.parametrize("model", SHIPPED_MODELS)
def test_shipped_table_rows_are_complete(model):
    row = shipped()[model]
    assert set(row) >= {"input", "cached_input", "output", "context_window", "source", "as_of"}
    assert row["cached_input"] <= row["input"] < row["output"]
    assert isinstance(row["context_window"], int) and row["context_window"] > 0
    assert row["source"].startswith("https://")
    assert len(row["as_of"]) == 10  # an ISO date


def test_shipped_table_loads_into_a_price_table(table):
    assert set(SHIPPED_MODELS) <= set(table.models())
    assert table.get("gpt-4o").context_window == 128000
