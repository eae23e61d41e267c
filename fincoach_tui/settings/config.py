"""FinCoach's settings in `config.toml`: read with tomllib, written with tomli_w.

Strict on purpose: an unknown key is almost always a typo, and a typo that is
silently ignored is a setting that silently does nothing. Every error is one line
naming the file and the dotted key. API keys are refused outright: the config
only ever names the environment variable that holds the key.
"""

from __future__ import annotations

from fincoach_tui.settings.config_read import load_config
from fincoach_tui.settings.config_schema import (
    BUDGET_KEYS,
    DEFAULT_MAX_TOKENS,
    DEFAULT_STRATEGY_PARAMS,
    KNOWN_STRATEGY_PARAMS,
    MAX_BUDGET_USD,
    MAX_PRICE,
    PRICE_KEYS,
    VALID_PROVIDERS,
    VALID_STRATEGIES,
    Config,
    ConfigError,
)
from fincoach_tui.settings.config_write import save_config, update_config

# The settings (config_schema.py), reading (config_read.py) and writing (config_write.py)
# are one module's worth of names to the rest of the package.
__all__ = [
    "BUDGET_KEYS",
    "DEFAULT_MAX_TOKENS",
    "DEFAULT_STRATEGY_PARAMS",
    "KNOWN_STRATEGY_PARAMS",
    "MAX_BUDGET_USD",
    "MAX_PRICE",
    "PRICE_KEYS",
    "VALID_PROVIDERS",
    "VALID_STRATEGIES",
    "Config",
    "ConfigError",
    "load_config",
    "save_config",
    "update_config",
]
