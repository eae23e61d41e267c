"""Writing `config.toml`: only what differs from the defaults, atomically, mode 0600."""

from __future__ import annotations

import contextlib
import dataclasses
import os
import tempfile
from pathlib import Path
from typing import Any

import tomli_w

from fincoach_tui.settings.config_read import config_from_dict, load_config
from fincoach_tui.settings.config_schema import Config, ConfigError

__all__ = ["save_config", "update_config"]


def _config_to_dict(config: Config) -> dict[str, Any]:
    """Only what differs from the defaults, plus theme and strategy (always written)."""
    default = Config()
    doc: dict[str, Any] = {}
    for key in ("provider", "model", "base_url", "api_key_env"):
        if getattr(config, key) is not None:
            doc[key] = getattr(config, key)
    doc["theme"] = config.theme
    if config.max_tokens != default.max_tokens:
        doc["max_tokens"] = config.max_tokens
    strategy: dict[str, Any] = {"name": config.strategy}
    for name, params in sorted(config.strategy_params.items()):
        base = default.strategy_params.get(name, {})
        changed = {k: v for k, v in params.items() if base.get(k) != v}
        if changed:
            strategy[name] = changed
    doc["strategy"] = strategy
    if config.summarizer_model is not None:
        doc["summarizer"] = {"model": config.summarizer_model}
    if config.embeddings_model is not None:
        doc["embeddings"] = {"model": config.embeddings_model}
    if config.compare_models:
        doc["compare"] = {"models": list(config.compare_models)}
    offline: dict[str, Any] = {}
    if config.offline_reply_tokens != default.offline_reply_tokens:
        offline["reply_tokens"] = config.offline_reply_tokens
    if config.offline_priced_as != default.offline_priced_as:
        offline["priced_as"] = config.offline_priced_as
    if offline:
        doc["offline"] = offline
    if config.prices:
        doc["prices"] = {model: dict(entry) for model, entry in config.prices.items()}
    budget: dict[str, Any] = {}
    for key in ("monthly_usd", "session_usd"):
        if getattr(config, f"budget_{key}") is not None:
            budget[key] = getattr(config, f"budget_{key}")
    if config.budget_hard:
        budget["hard"] = True
    if budget:
        doc["budget"] = budget
    if not config.receipts:
        doc["receipts"] = False
    return doc


def save_config(config: Config, path: Path) -> None:
    """Write atomically (temp file + os.replace), mode 0600. Comments are not preserved.

    The document is validated exactly as `load_config` would read it, so the app can
    never write a config it would then refuse to start with.
    """
    path = Path(path)
    doc = _config_to_dict(config)
    problems = config_from_dict(doc, path).problems  # raises ConfigError on bad values
    if problems:
        raise ConfigError(problems[0])
    path.parent.mkdir(parents=True, exist_ok=True, mode=0o700)
    fd, tmp = tempfile.mkstemp(dir=path.parent, prefix=f".{path.name}.", suffix=".tmp")
    try:
        with os.fdopen(fd, "wb") as handle:
            os.fchmod(handle.fileno(), 0o600)
            tomli_w.dump(doc, handle)
            handle.flush()
            os.fsync(handle.fileno())
        os.replace(tmp, path)  # readers see the old file or the new one, never half
    except BaseException:
        with contextlib.suppress(FileNotFoundError):
            os.unlink(tmp)
        raise


def update_config(path: Path, **changes: Any) -> Config:
    """Load, change some fields (e.g. theme="...", strategy="window"), save; return it."""
    config = dataclasses.replace(load_config(path), **changes)
    save_config(config, path)
    return config
