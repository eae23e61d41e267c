"""Reading `config.toml`: strict, one line per mistake naming the file and the dotted key.

An unknown key is almost always a typo, and a typo silently ignored is a setting that
silently does nothing; API keys are refused outright (the config names the environment
variable that holds one).
"""

from __future__ import annotations

import difflib
import json
import math
import re
import tomllib
from pathlib import Path
from typing import Any

from fincoach_tui.settings.base_url import BASE_URL_SHAPE, base_url_problem
from fincoach_tui.settings.config_schema import (
    BUDGET_KEYS,
    KNOWN_STRATEGY_PARAMS,
    MAX_BUDGET_USD,
    MAX_PRICE,
    PRICE_KEYS,
    VALID_PROVIDERS,
    VALID_STRATEGIES,
    Config,
    ConfigError,
)

__all__ = ["config_from_dict", "load_config"]

_ENV_NAME_RE = re.compile(r"[A-Za-z_][A-Za-z0-9_]*")
_TOP_KEYS = ("provider", "model", "base_url", "api_key_env", "theme", "max_tokens",
             "strategy", "summarizer", "embeddings", "compare", "offline", "prices",
             "budget", "receipts")  # fmt: skip


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


def config_from_dict(data: dict[str, Any], file: Path) -> Config:
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
        if base_url_problem(url) is not None:
            raise r.fail("base_url", BASE_URL_SHAPE, url)
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
    return config_from_dict(_parse_toml(path), path)
