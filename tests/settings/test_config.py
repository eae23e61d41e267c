"""config.toml: round trip, one-line errors, key refusal, strictness and atomic saves."""

from __future__ import annotations

import os
import stat
import subprocess
import sys
from pathlib import Path

import pytest

from fincoach_tui.settings import paths
from fincoach_tui.settings.config import (
    Config,
    ConfigError,
    load_config,
    save_config,
    update_config,
)

REPO = Path(__file__).resolve().parents[2]

FULL = """\
provider = "groq"          # openai | groq | openrouter | ollama | offline
model = "openai/gpt-oss-120b"
base_url = "http://localhost:8000/v1"   # any OpenAI-compatible server
api_key_env = "MY_KEY_VAR" # the NAME of an env var; keys are never stored here
theme = "fincoach-dark"
max_tokens = 1024
[strategy]
name = "window"
[strategy.window]
k = 8
[summarizer]
model = "gpt-4o-mini"
[offline]
reply_tokens = 80
priced_as = "gpt-4o-mini"
[prices."my-model"]
input = 0.5
cached_input = 0.25
output = 1.5
context_window = 32768
"""


def write(tmp_path: Path, text: str) -> Path:
    path = tmp_path / "config.toml"
    path.write_text(text, encoding="utf-8")
    return path


def error_for(tmp_path: Path, text: str) -> str:
    with pytest.raises(ConfigError) as info:
        load_config(write(tmp_path, text))
    message = str(info.value)
    assert "\n" not in message and "Traceback" not in message
    assert str(tmp_path / "config.toml") in message
    return message


def test_missing_file_gives_defaults(tmp_path):
    config = load_config(tmp_path / "nope.toml")
    assert config == Config()
    assert config.theme == "fincoach-dark" and config.strategy == "buffer"
    assert config.params_for("window") == {"k": 6}
    assert config.params_for("summary") == {"tail_turns": 3, "batch_turns": 4, "cap_tokens": 300}
    assert config.offline_reply_tokens == 80 and config.offline_priced_as == "gpt-4o-mini"


def test_defaults_are_not_shared_between_instances():
    a, b = Config(), Config()
    a.strategy_params["window"]["k"] = 99
    assert b.strategy_params["window"]["k"] == 6


def test_full_layout_loads(tmp_path):
    config = load_config(write(tmp_path, FULL))
    assert config.provider == "groq"
    assert config.model == "openai/gpt-oss-120b"
    assert config.base_url == "http://localhost:8000/v1"
    assert config.api_key_env == "MY_KEY_VAR"
    assert config.max_tokens == 1024
    assert config.strategy == "window" and config.params_for() == {"k": 8}
    assert config.params_for("budget") == {"budget_tokens": 1500}  # defaults kept
    assert config.summarizer_model == "gpt-4o-mini"
    assert config.prices == {
        "my-model": {"input": 0.5, "cached_input": 0.25, "output": 1.5, "context_window": 32768}
    }


def test_round_trip(tmp_path):
    config = load_config(write(tmp_path, FULL))
    out = tmp_path / "out" / "config.toml"
    save_config(config, out)
    assert load_config(out) == config


def test_save_writes_only_non_defaults_plus_theme_and_strategy(tmp_path):
    path = tmp_path / "config.toml"
    save_config(Config(), path)
    assert path.read_text() == 'theme = "fincoach-dark"\n\n[strategy]\nname = "buffer"\n'
    config = Config(strategy="summary")
    config.strategy_params["summary"]["tail_turns"] = 5
    save_config(config, path)
    text = path.read_text()
    assert "tail_turns = 5" in text and "batch_turns" not in text and "[offline]" not in text
    assert load_config(path) == config


def test_save_is_atomic_private_and_creates_directory(tmp_path, monkeypatch):
    path = tmp_path / "conf" / "nested" / "config.toml"
    save_config(Config(theme="a"), path)
    assert stat.S_IMODE(path.stat().st_mode) == 0o600
    assert stat.S_IMODE(path.parent.stat().st_mode) == 0o700
    replaced = []
    real_replace = os.replace
    monkeypatch.setattr(os, "replace", lambda a, b: (replaced.append((a, b)), real_replace(a, b)))
    save_config(Config(theme="b"), path)
    ((src, dst),) = replaced
    assert Path(dst) == path and Path(src).parent == path.parent  # same filesystem
    assert sorted(p.name for p in path.parent.iterdir()) == ["config.toml"]  # no temp left
    assert load_config(path).theme == "b"


def test_failed_save_leaves_old_file_and_no_temp(tmp_path, monkeypatch):
    path = tmp_path / "config.toml"
    save_config(Config(theme="old"), path)

    def boom(*_args):
        raise OSError("disk full")

    monkeypatch.setattr(os, "replace", boom)
    with pytest.raises(OSError):
        save_config(Config(theme="new"), path)
    assert load_config(path).theme == "old"
    assert [p.name for p in tmp_path.iterdir()] == ["config.toml"]


def test_save_refuses_values_load_would_reject(tmp_path):
    with pytest.raises(ConfigError, match="strategy.name must be one of"):
        save_config(Config(strategy="bogus"), tmp_path / "config.toml")
    assert not (tmp_path / "config.toml").exists()


def test_update_config(tmp_path, monkeypatch):
    monkeypatch.setenv("FINCOACH_CONFIG_DIR", str(tmp_path / "cfg"))
    path = paths.config_path()
    assert path == tmp_path / "cfg" / "config.toml"
    path.parent.mkdir()
    path.write_text(FULL, encoding="utf-8")
    updated = update_config(path, theme="fincoach-light", strategy="budget")
    assert updated.theme == "fincoach-light" and updated.strategy == "budget"
    again = load_config(path)
    assert again == updated and again.provider == "groq" and again.params_for("window") == {"k": 8}


# --- malformed TOML -----------------------------------------------------------------------


@pytest.mark.parametrize(
    "text, line",
    [('provider = "groq"\nmodel = \n', 2), ('a = "unterminated', 1), ("x=1\n\n[strategy\n", 3)],
)
def test_malformed_toml_names_file_line_and_column(tmp_path, text, line):
    message = error_for(tmp_path, text)
    assert f"invalid TOML at line {line}, column " in message


def test_malformed_toml_cli_style_output_has_no_traceback(tmp_path):
    """What a CLI printing str(error) would show: one line, no traceback."""
    path = write(tmp_path, "theme = \n")
    code = (
        "import sys; from pathlib import Path\n"
        "from fincoach_tui.settings.config import load_config, ConfigError\n"
        "try: load_config(Path(sys.argv[1]))\n"
        "except ConfigError as e: print(e, file=sys.stderr); sys.exit(2)\n"
    )
    env = dict(os.environ, PYTHONPATH=str(REPO))
    done = subprocess.run(
        [sys.executable, "-c", code, str(path)], capture_output=True, text=True, env=env
    )
    assert done.returncode == 2
    assert done.stderr.count("\n") == 1 and "Traceback" not in done.stderr
    assert "config.toml" in done.stderr and "line 1" in done.stderr


def test_non_utf8_file(tmp_path):
    path = tmp_path / "config.toml"
    path.write_bytes(b'theme = "\xff"\n')
    with pytest.raises(ConfigError, match="not valid UTF-8"):
        load_config(path)


# --- bad values -----------------------------------------------------------------------------


@pytest.mark.parametrize(
    "text, expected",
    [
        ('[strategy.window]\nk = "six"', 'strategy.window.k must be a positive integer, got "six"'),
        ("[strategy.window]\nk = 0", "strategy.window.k must be a positive integer, got 0"),
        ("[strategy.window]\nk = 2.5", "strategy.window.k must be a positive integer, got 2.5"),
        ("[strategy.window]\nk = true", "strategy.window.k must be a positive integer, got true"),
        ("[strategy.summary]\ncap_tokens = -1", "strategy.summary.cap_tokens must be a positive"),
        ("[strategy.hybrid]\nrecall_k = 0", "strategy.hybrid.recall_k must be a positive"),
        ("max_tokens = 0", "max_tokens must be a positive integer, got 0"),
        (
            '[offline]\nreply_tokens = "80"',
            'offline.reply_tokens must be a positive integer, got "80"',
        ),
        ("[offline]\npriced_as = 3", "offline.priced_as must be a non-empty string, got 3"),
        ('theme = ""', 'theme must be a non-empty string, got ""'),
        ("model = 4", "model must be a non-empty string, got 4"),
        ('base_url = "localhost:8000"', "base_url must be an http:// or https:// URL with a host"),
        ("strategy = 5", "strategy must be a table"),
        ('summarizer = "gpt-4o-mini"', "summarizer must be a table"),
        # An unknown name lists the valid ones.
        (
            '[strategy]\nname = "windowed"',
            "strategy.name must be one of buffer, window, budget, summary, hybrid, facts, "
            'got "windowed"',
        ),
        (
            'provider = "anthropic"',
            'provider must be one of openai, groq, openrouter, ollama, offline, got "anthropic"',
        ),
    ],
)
def test_bad_values(tmp_path, text, expected):
    assert expected in error_for(tmp_path, text)


def test_strategy_string_shorthand(tmp_path):
    assert load_config(write(tmp_path, 'strategy = "facts"')).strategy == "facts"


@pytest.mark.parametrize(
    "entry, key",
    [
        ("input = -0.5", "input"),
        ('output = "1.5"', "output"),
        ("cached_input = nan", "cached_input"),
        ("output = inf", "output"),
        ("input = true", "input"),
    ],
)
def test_price_overrides_must_be_non_negative_numbers(tmp_path, entry, key):
    message = error_for(tmp_path, f'[prices."m"]\n{entry}')
    assert f'prices."m".{key} must be a non-negative number' in message


def test_price_override_zero_and_ints_are_fine(tmp_path):
    config = load_config(write(tmp_path, '[prices."local"]\ninput = 0\noutput = 0\n'))
    assert config.prices == {"local": {"input": 0, "output": 0}}


def test_price_context_window_must_be_positive_int(tmp_path):
    assert "context_window must be a positive integer" in error_for(
        tmp_path, '[prices."m"]\ncontext_window = 1.5'
    )


# --- keys are never stored --------------------------------------------------------------------


@pytest.mark.parametrize(
    "text, key",
    [
        ('api_key = "sk-secret-123456"', "api_key"),
        ('openai_key = "sk-secret-123456"', "openai_key"),
        ('GROQ_API_KEY = "sk-secret-123456"', "GROQ_API_KEY"),
        ('[summarizer]\napi_key = "sk-secret-123456"', "summarizer.api_key"),
        ('[prices."m"]\nsecret_key = "sk-secret-123456"', 'prices."m".secret_key'),
    ],
)
def test_api_keys_are_refused_without_echoing_them(tmp_path, text, key):
    message = error_for(tmp_path, text)
    assert f"'{key}' looks like an API key" in message
    assert "environment variable" in message and "api_key_env" in message
    assert "sk-secret" not in message


def test_api_key_env_must_be_a_variable_name_not_a_key(tmp_path):
    message = error_for(tmp_path, 'api_key_env = "sk-proj-abc123"')
    assert "api_key_env must be the NAME of an environment variable" in message
    assert "sk-proj" not in message


def test_model_ids_ending_in_key_are_fine(tmp_path):
    assert "turkey_key" in load_config(write(tmp_path, '[prices."turkey_key"]\ninput = 1')).prices


# --- strictness ----------------------------------------------------------------------------------


def test_unknown_top_level_key_is_named_with_valid_keys(tmp_path):
    message = error_for(tmp_path, 'providr = "groq"')
    assert "unknown key 'providr'" in message and "did you mean 'provider'" in message
    assert "valid keys: provider, model, base_url, api_key_env, theme, max_tokens" in message


@pytest.mark.parametrize(
    "text, key",
    [
        ("[strategy.window]\nn = 3", "strategy.window.n"),
        ("[strategy]\nnmae = 'window'", "strategy.nmae"),
        ("[strategy.buffer]\nk = 3", "strategy.buffer.k"),
        ("[offline]\nreply = 3", "offline.reply"),
        ("[summarizer]\nmodle = 'x'", "summarizer.modle"),
        ('[prices."m"]\ninputs = 1', 'prices."m".inputs'),
    ],
)
def test_unknown_nested_keys(tmp_path, text, key):
    assert f"unknown key '{key}'" in error_for(tmp_path, text)


def test_the_configs_strategy_defaults_are_the_strategies_own():
    # The config names the strategies and their defaults without importing them (the
    # first frame must not pay for the strategies): the two lists must not drift apart.
    from dataclasses import asdict

    from fincoach_tui.domain.memory import STRATEGIES
    from fincoach_tui.settings.config import DEFAULT_STRATEGY_PARAMS, VALID_STRATEGIES

    assert VALID_STRATEGIES == tuple(STRATEGIES)
    for name, params in DEFAULT_STRATEGY_PARAMS.items():
        assert asdict(STRATEGIES[name]()) == params, name
