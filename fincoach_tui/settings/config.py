"""FinCoach's settings in `config.toml`: read with tomllib, written with tomli_w.

Strict on purpose: an unknown key is almost always a typo, and a typo that is
silently ignored is a setting that silently does nothing. Every error is one line
naming the file and the dotted key. API keys are refused outright: the config
only ever names the environment variable that holds the key.
"""

from __future__ import annotations

import contextlib
import copy
import dataclasses
import difflib
import json
import math
import os
import re
import tempfile
import tomllib
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import tomli_w

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
_ENV_NAME_RE = re.compile(r"[A-Za-z_][A-Za-z0-9_]*")
_TOP_KEYS = ("provider", "model", "base_url", "api_key_env", "theme", "max_tokens",
             "strategy", "summarizer", "embeddings", "compare", "offline", "prices",
             "budget", "receipts")  # fmt: skip
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


# --- reading -------------------------------------------------------------------------


def _show(value: Any) -> str:
    text = json.dumps(value, ensure_ascii=False, default=str)
    return text if len(text) <= 60 else text[:57] + "..."


def _check_keys(table: dict, valid: tuple[str, ...], where: str, file: Path) -> None:
    for key in table:
        if key not in valid:
            close = difflib.get_close_matches(key, valid, n=1)
            hint = f" (did you mean '{close[0]}'?)" if close else ""
            raise ConfigError(
                f"{file}: unknown key '{where}{key}'{hint}; valid keys: {', '.join(valid)}"
            )


def _refuse_api_keys(table: dict, where: str, file: Path) -> None:
    """Any `api_key` / `*_key` (except api_key_env) anywhere: the value is never echoed."""
    for key, value in table.items():
        low = key.lower()
        if low != "api_key_env" and (low == "api_key" or low.endswith("_key")):
            raise ConfigError(
                f"{file}: '{where}{key}' looks like an API key; FinCoach never stores keys in "
                "its config. Put the key in an environment variable and set "
                'api_key_env = "THAT_VARIABLE_NAME"'
            )
        if not isinstance(value, dict):
            continue
        if where + key == "prices":  # model ids are free-form (and may end in _key)
            for model, entry in value.items():
                if isinstance(entry, dict):
                    _refuse_api_keys(entry, f'prices."{model}".', file)
        else:
            _refuse_api_keys(value, f"{where}{key}.", file)


class _Reader:
    """Typed getters that raise a ConfigError naming the file and the dotted key."""

    def __init__(self, file: Path) -> None:
        self.file = file

    def fail(self, key: str, expected: str, value: Any) -> ConfigError:
        return ConfigError(f"{self.file}: {key} must be {expected}, got {_show(value)}")

    def text(self, key: str, value: Any) -> str:
        if not isinstance(value, str) or not value.strip():
            raise self.fail(key, "a non-empty string", value)
        return value

    def positive_int(self, key: str, value: Any) -> int:
        if isinstance(value, bool) or not isinstance(value, int) or value <= 0:
            raise self.fail(key, "a positive integer", value)
        return value

    def choice(self, key: str, value: Any, valid: tuple[str, ...]) -> str:
        if value not in valid:
            raise self.fail(key, "one of " + ", ".join(valid), value)
        return value

    def table(self, key: str, value: Any) -> dict:
        if not isinstance(value, dict):
            raise self.fail(key, f"a table ([{key}])", value)
        return value


def _parse_toml(path: Path) -> dict[str, Any]:
    try:
        raw = path.read_bytes()
    except FileNotFoundError:
        return {}
    except OSError as exc:
        raise ConfigError(f"{path}: cannot read the config file ({exc.strerror})") from None
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError:
        raise ConfigError(f"{path}: not valid UTF-8 text") from None
    try:
        return tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        raise ConfigError(f"{path}: {_describe_toml_error(exc, text)}") from None


def _describe_toml_error(exc: tomllib.TOMLDecodeError, text: str) -> str:
    """'invalid TOML at line L, column C: what' -- always with a position."""
    # Python 3.14 has .msg/.lineno/.colno; 3.11-3.13 only put them in the message.
    message = getattr(exc, "msg", None) or str(exc)
    line, col = getattr(exc, "lineno", None), getattr(exc, "colno", None)
    found = re.search(r"\s*\(at line (\d+), column (\d+)\)$", message)
    if found:
        message, line, col = message[: found.start()], line or int(found[1]), col or int(found[2])
    elif found := re.search(r"\s*\(at end of document\)$", message):
        message = message[: found.start()]
        lines = text.split("\n")
        line, col = line or len(lines), col or len(lines[-1]) + 1
    message = " ".join(message.split())  # one line, whatever the parser said
    where = f"line {line}, column {col}" if line else "an unknown position"
    return f"invalid TOML at {where}: {message}"


def _config_from_dict(data: dict[str, Any], file: Path) -> Config:
    _refuse_api_keys(data, "", file)
    _check_keys(data, _TOP_KEYS, "", file)
    r, cfg = _Reader(file), Config()
    if "provider" in data:
        cfg.provider = r.choice("provider", data["provider"], VALID_PROVIDERS)
    for key in ("model", "theme"):
        if key in data:
            setattr(cfg, key, r.text(key, data[key]))
    if "base_url" in data:
        url = r.text("base_url", data["base_url"])
        if not url.startswith(("http://", "https://")):
            raise r.fail("base_url", "a URL starting with http:// or https://", url)
        cfg.base_url = url
    if "api_key_env" in data:
        name = data["api_key_env"]
        if not isinstance(name, str) or not _ENV_NAME_RE.fullmatch(name):
            # Not echoed: if this is not a variable name it may well be the key itself.
            raise ConfigError(
                f"{file}: api_key_env must be the NAME of an environment variable "
                "(like GROQ_API_KEY), not the key itself"
            )
        cfg.api_key_env = name
    if "max_tokens" in data:
        cfg.max_tokens = r.positive_int("max_tokens", data["max_tokens"])
    if "strategy" in data:
        _read_strategy(r, data["strategy"], cfg)
    if "summarizer" in data:
        table = r.table("summarizer", data["summarizer"])
        _check_keys(table, ("model",), "summarizer.", file)
        if "model" in table:
            cfg.summarizer_model = r.text("summarizer.model", table["model"])
    if "embeddings" in data:
        table = r.table("embeddings", data["embeddings"])
        _check_keys(table, ("model",), "embeddings.", file)
        if "model" in table:
            cfg.embeddings_model = r.text("embeddings.model", table["model"])
    if "compare" in data:
        table = r.table("compare", data["compare"])
        _check_keys(table, ("models",), "compare.", file)
        models = table.get("models", [])
        if not isinstance(models, list):
            raise r.fail("compare.models", "a list of model names", models)
        cfg.compare_models = [r.text("compare.models", m) for m in models]
    if "offline" in data:
        table = r.table("offline", data["offline"])
        _check_keys(table, ("reply_tokens", "priced_as"), "offline.", file)
        if "reply_tokens" in table:
            cfg.offline_reply_tokens = r.positive_int("offline.reply_tokens", table["reply_tokens"])
        if "priced_as" in table:
            cfg.offline_priced_as = r.text("offline.priced_as", table["priced_as"])
    if "prices" in data:
        cfg.prices = _read_prices(r, r.table("prices", data["prices"]))
    if "budget" in data:
        _read_budget(r, data["budget"], cfg)
    if "receipts" in data:
        if isinstance(data["receipts"], bool):
            cfg.receipts = data["receipts"]
        else:
            cfg.problems.append(f"{r.fail('receipts', 'true or false', data['receipts'])}; "
                                "receipts stay on")  # fmt: skip
    return cfg


def _read_budget(r: _Reader, value: Any, cfg: Config) -> None:
    """A bad budget value is one line in `cfg.problems` and no limit: the chat still
    starts (a budget is a guard rail, never a reason to refuse to run)."""
    if not isinstance(value, dict):
        cfg.problems.append(f"{r.fail('budget', 'a table ([budget])', value)}; no budget set")
        return
    for key, val in value.items():
        if key not in BUDGET_KEYS:
            close = difflib.get_close_matches(key, BUDGET_KEYS, n=1)
            hint = f" (did you mean '{close[0]}'?)" if close else ""
            cfg.problems.append(
                f"{r.file}: unknown key 'budget.{key}'{hint}; valid keys: {', '.join(BUDGET_KEYS)}"
            )
        elif key == "hard":
            if isinstance(val, bool):
                cfg.budget_hard = val
            else:
                cfg.problems.append(f"{r.fail('budget.hard', 'true or false', val)}; not hard")
        elif (
            isinstance(val, bool) or not isinstance(val, int | float)
            or not math.isfinite(val) or not 0 < val <= MAX_BUDGET_USD
        ):  # fmt: skip
            cfg.problems.append(
                f"{r.fail(f'budget.{key}', f'a number of USD above 0 (at most {MAX_BUDGET_USD:,})', val)}"
                "; no limit set"
            )
        else:
            setattr(cfg, f"budget_{key}", float(val))


def _read_strategy(r: _Reader, value: Any, cfg: Config) -> None:
    table = {"name": value} if isinstance(value, str) else r.table("strategy", value)
    _check_keys(table, ("name", *VALID_STRATEGIES), "strategy.", r.file)
    if "name" in table:
        cfg.strategy = r.choice("strategy.name", table["name"], VALID_STRATEGIES)
    for strategy in VALID_STRATEGIES:
        if strategy not in table:
            continue
        params = r.table(f"strategy.{strategy}", table[strategy])
        known = KNOWN_STRATEGY_PARAMS.get(strategy)
        if known is not None:
            _check_keys(params, known, f"strategy.{strategy}.", r.file)
        merged = cfg.strategy_params.setdefault(strategy, {})
        for key, val in params.items():
            merged[key] = r.positive_int(f"strategy.{strategy}.{key}", val)


def _read_prices(r: _Reader, prices: dict) -> dict[str, dict[str, float | int | str]]:
    out: dict[str, dict[str, float | int | str]] = {}
    for model, entry in prices.items():
        where = f'prices."{model}"'
        entry = r.table(where, entry)
        _check_keys(entry, PRICE_KEYS, where + ".", r.file)
        for key, val in entry.items():
            if key == "context_window":
                r.positive_int(f"{where}.{key}", val)
            elif (
                isinstance(val, bool) or not isinstance(val, int | float)
                or not math.isfinite(val) or val < 0
            ):  # fmt: skip
                raise r.fail(f"{where}.{key}", "a non-negative number (USD per 1M tokens)", val)
            elif val > MAX_PRICE:
                raise r.fail(f"{where}.{key}", f"at most {MAX_PRICE:,} (USD per 1M tokens)", val)
        out[model] = dict(entry)
    return out


def load_config(path: Path) -> Config:
    """Read `path`; a missing file means all defaults. Raises ConfigError (one line)."""
    path = Path(path)
    return _config_from_dict(_parse_toml(path), path)


# --- writing -------------------------------------------------------------------------


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
    problems = _config_from_dict(doc, path).problems  # raises ConfigError on bad values
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
