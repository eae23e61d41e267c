"""The cost of a call, and the price table it is looked up in (pure: sources are functions)."""

from __future__ import annotations

import pytest

from fincoach_tui.domain.pricing import Price, PriceTable, cache_savings, call_cost, price_label
from fincoach_tui.domain.records import Usage

# OpenAI's list price for gpt-4o-mini, USD per 1M tokens.
MINI = {"input": 0.15, "cached_input": 0.075, "output": 0.60, "context_window": 128000}
LISTED = {
    "gpt-4o-mini": Price.from_mapping(
        {**MINI, "source": "genai-prices 0.2.3 · OpenAI", "as_of": "2026-10-14"}
    ),
    "openai/gpt-oss-120b": Price.from_mapping(
        {"input": 0.15, "cached_input": 0.075, "output": 0.60, "source": "Groq"}
    ),
}


def listed(model: str) -> Price | None:
    return LISTED.get(model)


@pytest.fixture
def table() -> PriceTable:
    return PriceTable([listed])


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


def test_a_reasoning_rate_bills_the_reasoning_part_of_the_completion_at_it():
    price = Price.from_mapping({"input": 2.0, "output": 8.0, "reasoning_output": 3.0})
    usage = Usage(prompt_tokens=1000, completion_tokens=200, reasoning_tokens=150)
    # 1000 in at $2, 50 visible out at $8, 150 reasoning at $3: 0.002 + 0.0004 + 0.00045
    assert call_cost(usage, price) == pytest.approx(0.00285, rel=1e-12)


def test_no_cache_discount_bills_cached_tokens_at_input_rate():
    price = Price.from_mapping({"input": 1.0, "output": 2.0})
    assert price.cached_input == 1.0
    usage = Usage(prompt_tokens=100, completion_tokens=10, cached_tokens=60)
    assert call_cost(usage, price) == pytest.approx((100 * 1.0 + 10 * 2.0) / 1e6, rel=1e-12)


def test_unknown_model_has_no_price(table):
    assert table.get("llama3.2") is None
    assert call_cost(Usage(100, 10), table.get("llama3.2")) is None
    assert price_label(table.get("llama3.2")) == "no price"


def test_provider_cost_wins_over_a_listed_price():
    usage = Usage(
        prompt_tokens=1000, completion_tokens=200, cached_tokens=400, provider_cost=0.0123
    )
    assert call_cost(usage, Price.from_mapping(MINI)) == 0.0123
    assert call_cost(usage, None) == 0.0123
    assert cache_savings(usage, Price.from_mapping(MINI)) == 0.0


def test_the_users_own_price_wins_over_the_providers_cost():
    table = PriceTable([listed], {"gpt-4o-mini": {"input": 1.0, "output": 2.0}})
    mine = table.get("gpt-4o-mini")
    usage = Usage(prompt_tokens=1000, completion_tokens=100, provider_cost=0.5)
    # cached_input is not overridden: the listed 0.075 stays; no cached tokens here anyway.
    assert call_cost(usage, mine) == pytest.approx((1000 * 1.0 + 100 * 2.0) / 1e6, rel=1e-12)


def test_lookup_by_exact_id_and_prefix(table):
    mini = table.get("gpt-4o-mini")
    assert (mini.input, mini.cached_input, mini.output) == (0.15, 0.075, 0.60)
    assert table.get("openai/gpt-oss-120b") is LISTED["openai/gpt-oss-120b"]
    # A source answers for the ids it knows; the table does not guess by bare name.
    assert table.get("gpt-oss-120b") is None


def test_the_first_source_that_knows_a_model_prices_it_and_is_asked_once():
    asked: list[str] = []

    def counting(model: str) -> Price | None:
        asked.append(model)
        return None

    other = Price.from_mapping({"input": 9.0, "output": 9.0})
    table = PriceTable([counting, listed, lambda m: other])
    assert table.get("gpt-4o-mini") is LISTED["gpt-4o-mini"]
    assert table.get("gpt-4o-mini") is LISTED["gpt-4o-mini"]
    assert table.get("anything") is other
    assert asked == ["gpt-4o-mini", "anything"]


def test_overrides_merge_onto_listed_prices_and_add_models():
    overrides = {
        "gpt-4o-mini": {"input": 0.20},
        "my-local-model": {"input": 0.0, "output": 0.0, "context_window": 8192},
    }
    table = PriceTable([listed], overrides)

    mini = table.get("gpt-4o-mini")
    assert mini.input == 0.20
    # Fields the override does not name keep the source's values.
    assert (mini.cached_input, mini.output, mini.context_window) == (0.075, 0.60, 128000)
    assert mini.from_config
    assert price_label(mini) == "config.toml over genai-prices 0.2.3 · OpenAI"
    # OpenRouter routes gpt-4o-mini as "openai/gpt-4o-mini": a whole override applies to it.
    assert PriceTable([], {"gpt-4o-mini": MINI}).get("openai/gpt-4o-mini").input == 0.15
    local = table.get("my-local-model")
    assert (local.input, local.cached_input, local.output, local.context_window) == (
        0.0,
        0.0,
        0.0,
        8192,
    )
    assert price_label(local) == "config.toml"
    assert call_cost(Usage(1000, 100), local) == 0.0


def test_a_partial_override_of_a_model_no_source_prices_is_no_price():
    table = PriceTable(
        [listed],
        {
            "my-model": {"input": 0.5},
            "other": {"context_window": 4096},
            "unset": {"input": 0.5, "output": None},  # a rate left out, however it is said
            "gpt-4o-mini": {"input": 0.2, "output": None},
        },
    )
    assert table.get("my-model") is None
    assert table.get("other") is None
    assert table.get("unset") is None
    # Over a listed price, a rate left out keeps the listed one.
    assert (table.get("gpt-4o-mini").input, table.get("gpt-4o-mini").output) == (0.2, 0.60)


def test_price_label_gives_source_and_date():
    assert price_label(LISTED["gpt-4o-mini"]) == "genai-prices 0.2.3 · OpenAI · 2026-10-14"
    assert price_label(LISTED["openai/gpt-oss-120b"]) == "Groq · undated"


def test_from_tables_keeps_plain_dict_tables_working():
    table = PriceTable.from_tables({"gpt-4o-mini": MINI}, {"gpt-4o-mini": {"output": 1.0}})
    price = table.get("openai/gpt-4o-mini")
    assert (price.input, price.output) == (0.15, 1.0)
