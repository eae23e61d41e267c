"""Price overrides in config.toml: a partial override is valid (a missing rate means "no
price", never $0 or a crash), and an absurd rate is refused at load, naming the key."""

from __future__ import annotations

import pytest

from fincoach_tui.domain.pricing import call_cost
from fincoach_tui.domain.records import Usage
from fincoach_tui.service.runtime import price_table
from fincoach_tui.settings.config import ConfigError, load_config

USAGE = Usage(prompt_tokens=1_000_000, completion_tokens=1_000_000)


def config_with(tmp_path, text):
    path = tmp_path / "config.toml"
    path.write_text(text, encoding="utf-8")
    return load_config(path)


def test_only_an_input_rate_for_an_unknown_model_is_no_price(tmp_path):
    table = price_table(config_with(tmp_path, '[prices."my-local-model"]\ninput = 1\n'))
    assert call_cost(USAGE, table.get("my-local-model")) is None


def test_only_a_context_window_is_valid_and_no_price(tmp_path):
    config = config_with(tmp_path, '[prices."my-local-model"]\ncontext_window = 4096\n')
    assert call_cost(USAGE, price_table(config).get("my-local-model")) is None


def test_a_partial_override_of_a_priced_model_keeps_its_other_rates(tmp_path):
    known = price_table(config_with(tmp_path, "")).get("gpt-4o-mini")
    table = price_table(config_with(tmp_path, '[prices."gpt-4o-mini"]\ncontext_window = 4096\n'))
    price = table.get("gpt-4o-mini")
    assert (price.input, price.output, price.context_window) == (known.input, known.output, 4096)


@pytest.mark.parametrize(
    "value, expected",
    [
        ("1e308", "at most 100,000 (USD per 1M tokens), got 1e+308"),
        ("100001", "at most 100,000 (USD per 1M tokens), got 100001"),
        ("-1", "a non-negative number (USD per 1M tokens), got -1"),
        ("inf", "a non-negative number (USD per 1M tokens), got Infinity"),
        ("nan", "a non-negative number (USD per 1M tokens), got NaN"),
    ],
)
def test_an_absurd_rate_is_refused_naming_the_key(tmp_path, value, expected):
    with pytest.raises(ConfigError) as info:
        config_with(tmp_path, f'[prices."m"]\noutput = {value}\n')
    assert str(info.value).endswith(f'prices."m".output must be {expected}')
