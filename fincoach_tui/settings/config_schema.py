"""What `config.toml` holds: the settings, their defaults and the limits a value must keep.

Reading it is settings/config_read.py, writing it settings/config_write.py; everything is
also named in settings/config.py, where the rest of the package imports it from.
"""

from __future__ import annotations

import copy
from dataclasses import dataclass, field

VALID_PROVIDERS = ("openai", "groq", "openrouter", "ollama", "offline")
VALID_STRATEGIES = ("buffer", "window", "budget", "summary", "hybrid", "facts")
DEFAULT_STRATEGY_PARAMS: dict[str, dict[str, int]] = {
    "window": {"k": 6},
    "budget": {"budget_tokens": 1500},
    "summary": {"tail_turns": 3, "batch_turns": 4, "cap_tokens": 300},
    # Seed 004's 1,000 summary / 1,000 recall / 2,400 recent, halved (a 3-turn tail, not 6).
    "hybrid": {
        "tail_turns": 3,
        "batch_turns": 4,
        "recall_k": 3,
        "summary_tokens": 500,
        "recall_tokens": 500,
        "tail_tokens": 1200,
        "facts_tokens": 250,
        # Recall reads the newest 1,500 turns; older ones are the summary's.
        "recall_window": 1500,
    },
    "facts": {"tail_turns": 3, "extract_every": 2, "facts_tokens": 250},
}
# Parameter names we know per strategy; a strategy absent here accepts any name
# (its module defines them), as long as the value is a positive integer.
KNOWN_STRATEGY_PARAMS = {"buffer": (), **{k: tuple(v) for k, v in DEFAULT_STRATEGY_PARAMS.items()}}
DEFAULT_MAX_TOKENS = 1024
PRICE_KEYS = ("input", "cached_input", "output", "context_window")
# USD per 1M tokens. The dearest models cost a few hundred; a bigger number is a typo, and
# 1e308 would make every cost shown infinite.
MAX_PRICE = 100_000
BUDGET_KEYS = ("monthly_usd", "session_usd", "hard")
# A budget above this is a typo (and 1e308 would make every percentage 0).
MAX_BUDGET_USD = 1_000_000


class ConfigError(Exception):
    """A one-line, user-facing description of what is wrong with the config."""


@dataclass
class Config:
    provider: str | None = None
    model: str | None = None
    base_url: str | None = None
    api_key_env: str | None = None
    theme: str = "fincoach-dark"
    strategy: str = "buffer"
    strategy_params: dict[str, dict[str, int]] = field(
        default_factory=lambda: copy.deepcopy(DEFAULT_STRATEGY_PARAMS)
    )
    summarizer_model: str | None = None
    # [embeddings] model: hybrid's recall embeds with it, on the chat's server.
    embeddings_model: str | None = None
    # [compare] models: other models the comparison prices the conversation on
    # ("gpt-4o", "openai/gpt-oss-120b@groq").
    compare_models: list[str] = field(default_factory=list)
    offline_reply_tokens: int = 80
    offline_priced_as: str = "gpt-4o-mini"
    prices: dict[str, dict[str, float | int | str]] = field(default_factory=dict)
    # The longest reply a chat request may ask for: a model must not fill its context (and
    # the bill) with one answer. Folds and extractions set their own, smaller, limits.
    max_tokens: int = DEFAULT_MAX_TOKENS
    # [budget]: USD a calendar month (every session) and one session may cost; None: no
    # limit. Crossing one warns; `hard` refuses the send instead.
    budget_monthly_usd: float | None = None
    budget_session_usd: float | None = None
    budget_hard: bool = False
    # A receipt line under each reply: tokens up and down, its cost, the session's so far.
    receipts: bool = True
    # What was wrong in the file but not worth refusing to start for (a bad budget): one
    # line each, the setting left at its default.
    problems: list[str] = field(default_factory=list, compare=False)

    def params_for(self, strategy: str | None = None) -> dict[str, int]:
        """The parameters of `strategy` (default: the selected one), defaults included."""
        return dict(self.strategy_params.get(strategy or self.strategy, {}))
