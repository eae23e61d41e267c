"""Provider resolution rules and key masking (pure: no network, no real environment)."""

from __future__ import annotations

import pytest

from fincoach_tui.llm.providers import (
    PRESETS,
    ProviderError,
    ProviderSettings,
    mask_key,
    resolve_provider,
)

KEY = "sk-proj-SECRETsecretSECRET1234abcd"


def resolve(environ=None, **kw):
    args = {"provider": None, "model": None, "base_url": None, "api_key_env": None}
    args.update(kw)
    return resolve_provider(environ=environ or {}, **args)


def test_presets_table():
    assert list(PRESETS) == ["openai", "groq", "openrouter", "ollama", "offline"]
    assert PRESETS["openai"].embeddings_model == "text-embedding-3-small"
    assert PRESETS["groq"].default_model == "openai/gpt-oss-120b"
    assert PRESETS["offline"].base_url is None and PRESETS["offline"].key_env is None


def test_no_keys_means_offline():
    s = resolve()
    assert (s.name, s.base_url, s.model, s.api_key) == ("offline", None, "gpt-4o-mini", None)
    assert s.simulated


@pytest.mark.parametrize(
    ("env", "expected"),
    [
        ({"OPENAI_API_KEY": "a", "GROQ_API_KEY": "b", "OPENROUTER_API_KEY": "c"}, "openai"),
        ({"GROQ_API_KEY": "b", "OPENROUTER_API_KEY": "c"}, "groq"),
        ({"OPENROUTER_API_KEY": "c"}, "openrouter"),
        ({"OPENAI_API_KEY": "  ", "OPENROUTER_API_KEY": "c"}, "openrouter"),  # blank is unset
    ],
)
def test_auto_detect_order(env, expected):
    s = resolve(env)
    assert s.name == expected
    assert s.api_key == env[s.key_env]
    assert s.base_url == PRESETS[expected].base_url
    assert s.model == PRESETS[expected].default_model
    assert not s.simulated


def test_explicit_provider_wins_over_detected_keys():
    s = resolve({"OPENAI_API_KEY": "a", "GROQ_API_KEY": "g"}, provider="Groq", model="llama-3.3")
    assert (s.name, s.model, s.api_key, s.key_env) == ("groq", "llama-3.3", "g", "GROQ_API_KEY")


def test_missing_preset_key_names_the_variable():
    with pytest.raises(ProviderError) as err:
        resolve({"OPENAI_API_KEY": "a"}, provider="groq")
    message = str(err.value)
    assert message == (
        "GROQ_API_KEY is not set: export it, or choose another provider with --provider"
    )
    assert "\n" not in message


def test_api_key_env_overrides_preset_variable():
    s = resolve({"MY_GROQ": "g2", "GROQ_API_KEY": "g1"}, provider="groq", api_key_env="MY_GROQ")
    assert (s.api_key, s.key_env) == ("g2", "MY_GROQ")
    with pytest.raises(ProviderError, match="MY_GROQ is not set"):
        resolve({"GROQ_API_KEY": "g1"}, provider="groq", api_key_env="MY_GROQ")


def test_unknown_provider_lists_valid_names():
    with pytest.raises(ProviderError) as err:
        resolve(provider="anthropic")
    for name in ("openai", "groq", "openrouter", "ollama", "offline", "custom"):
        assert name in str(err.value)


def test_ollama_needs_no_key():
    s = resolve({}, provider="ollama")
    assert (s.base_url, s.model, s.api_key, s.key_env) == (
        "http://localhost:11434/v1",
        "llama3.2",
        "ollama",
        None,
    )


def test_base_url_alone_is_a_custom_server_with_a_placeholder_key():
    env = {"OPENAI_API_KEY": KEY}
    s = resolve(env, base_url="http://localhost:8000/v1/", model="Qwen/Qwen2.5-7B")
    assert (s.name, s.base_url) == ("custom", "http://localhost:8000/v1")
    assert s.model == "Qwen/Qwen2.5-7B"
    # Never the OpenAI key: it must not travel to a server the user merely pointed at.
    assert s.api_key == "not-needed" and s.key_env is None


def test_custom_key_from_api_key_env():
    s = resolve({"VLLM_KEY": "v"}, base_url="http://h/v1", model="m", api_key_env="VLLM_KEY")
    assert (s.api_key, s.key_env) == ("v", "VLLM_KEY")
    with pytest.raises(ProviderError, match="VLLM_KEY is not set"):
        resolve({}, base_url="http://h/v1", model="m", api_key_env="VLLM_KEY")


def test_custom_needs_a_model_and_a_url():
    with pytest.raises(ProviderError, match="--model"):
        resolve(base_url="http://h/v1")
    with pytest.raises(ProviderError, match="--base-url"):
        resolve(provider="custom", model="m")
    s = resolve(provider="custom", base_url="http://h/v1", model="m")
    assert s.name == "custom"


def test_preset_base_url_can_be_overridden():
    s = resolve({"OPENAI_API_KEY": "a"}, provider="openai", base_url="http://proxy/v1")
    assert (s.name, s.base_url, s.model) == ("openai", "http://proxy/v1", "gpt-4o-mini")


def test_offline_model_override_and_conflicts():
    assert resolve(provider="offline", model="gpt-4.1").model == "gpt-4.1"
    with pytest.raises(ProviderError):
        resolve(provider="offline", base_url="http://h/v1")
    with pytest.raises(ProviderError, match="--api-key-env"):
        resolve(api_key_env="X")


@pytest.mark.parametrize(
    ("key", "masked"),
    [
        (KEY, "sk-…abcd"),
        ("gsk_0123456789abcdefWXYZ", "gsk_…WXYZ"),
        ("0123456789abcdef9876", "…9876"),
        ("short", "…"),
        ("", "(none)"),
        (None, "(none)"),
    ],
)
def test_mask_key(key, masked):
    assert mask_key(key) == masked


def test_settings_text_never_contains_the_key():
    s = resolve({"OPENROUTER_API_KEY": KEY})
    for text in (repr(s), str(s), f"{s}", f"{s!r}", repr([s]), repr({"s": s})):
        assert KEY not in text
        assert "SECRET" not in text
    assert "sk-…abcd" in repr(s) and "OPENROUTER_API_KEY" in str(s)
    # Equality and the key itself still work.
    assert s == ProviderSettings(s.name, s.base_url, s.model, KEY, s.key_env)
    assert s.api_key == KEY


def test_offline_str():
    assert "offline" in str(resolve())
