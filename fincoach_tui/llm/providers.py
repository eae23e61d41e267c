"""Which OpenAI-compatible server to talk to, and with which key.

Pure: reads only the mapping it is given (never `os.environ` itself), so the rules
are testable and the app's first frame never waits on anything here.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field

__all__ = [
    "AUTO_ORDER",
    "CUSTOM",
    "OFFLINE",
    "PRESETS",
    "Preset",
    "ProviderError",
    "ProviderSettings",
    "mask_key",
    "resolve_provider",
]

CUSTOM = "custom"
OFFLINE = "offline"


@dataclass(frozen=True)
class Preset:
    name: str
    base_url: str | None
    key_env: str | None
    default_model: str
    embeddings_model: str | None = None
    # Whether extraction asks for JSON mode (response_format json_object). Groq's JSON mode
    # does not stream; other servers are tried, and a refusal is remembered per model.
    json_mode: bool = True


PRESETS: dict[str, Preset] = {
    p.name: p
    for p in (
        Preset(
            "openai",
            "https://api.openai.com/v1",
            "OPENAI_API_KEY",
            "gpt-4o-mini",
            "text-embedding-3-small",
        ),
        Preset(
            "groq",
            "https://api.groq.com/openai/v1",
            "GROQ_API_KEY",
            "openai/gpt-oss-120b",
            json_mode=False,
        ),
        Preset(
            "openrouter", "https://openrouter.ai/api/v1", "OPENROUTER_API_KEY", "openai/gpt-4o-mini"
        ),
        Preset("ollama", "http://localhost:11434/v1", None, "llama3.2"),
        # The simulator is priced as this model, so its numbers read like a real call's.
        Preset(OFFLINE, None, None, "gpt-4o-mini", json_mode=False),
    )
}

# With no --provider, the first of these whose key is exported wins: paid cloud keys
# are an explicit signal of intent, a running Ollama is not, so it is never guessed.
AUTO_ORDER = ("openai", "groq", "openrouter")

# Local servers (Ollama, vLLM, llama.cpp) accept any key, but the SDK insists on one,
# and an empty key would make it fall back to OPENAI_API_KEY and leak that key to them.
_PLACEHOLDER_KEYS = {"ollama": "ollama", CUSTOM: "not-needed"}


class ProviderError(ValueError):
    """A configuration the app cannot start with; the message is one line for the user."""


def mask_key(key: str | None) -> str:
    """`sk-proj-abc…wxyz` -> `sk-…wxyz`: enough to tell keys apart, never enough to use one."""
    if not key:
        return "(none)"
    if len(key) < 12:  # a short key shows too much of itself in four characters
        return "…"
    prefix = ""
    for sep in ("-", "_"):
        cut = key.find(sep)
        if 0 < cut <= 4:
            prefix = key[: cut + 1]
            break
    return f"{prefix}…{key[-4:]}"


@dataclass(frozen=True, repr=False)
class ProviderSettings:
    """Everything needed to open a client. Its repr/str never show the key."""

    name: str
    base_url: str | None
    model: str
    api_key: str | None = field(default=None, repr=False)
    key_env: str | None = None

    @property
    def simulated(self) -> bool:
        return self.name == OFFLINE

    @property
    def json_mode(self) -> bool:
        """Whether to ask this server for JSON mode (a custom server is tried)."""
        preset = PRESETS.get(self.name)
        return preset.json_mode if preset else True

    def __repr__(self) -> str:
        return (
            f"ProviderSettings(name={self.name!r}, base_url={self.base_url!r}, "
            f"model={self.model!r}, api_key={mask_key(self.api_key)!r}, "
            f"key_env={self.key_env!r})"
        )

    def __str__(self) -> str:
        if self.simulated:
            return f"offline simulator (priced as {self.model})"
        key = f"${self.key_env} {mask_key(self.api_key)}" if self.key_env else "no key"
        return f"{self.name} · {self.model} @ {self.base_url} ({key})"


def _read_key(env_name: str, environ: Mapping[str, str]) -> str:
    value = (environ.get(env_name) or "").strip()
    if not value:
        raise ProviderError(
            f"{env_name} is not set: export it, or choose another provider with --provider"
        )
    return value


def _custom(
    base_url: str, model: str | None, api_key_env: str | None, environ: Mapping[str, str]
) -> ProviderSettings:
    if not model:
        # There is no sensible default: each local server names its models differently.
        raise ProviderError(f"--base-url {base_url} needs --model (the name that server serves)")
    key = _read_key(api_key_env, environ) if api_key_env else _PLACEHOLDER_KEYS[CUSTOM]
    return ProviderSettings(CUSTOM, base_url.rstrip("/"), model, key, api_key_env)


def resolve_provider(
    *,
    provider: str | None,
    model: str | None,
    base_url: str | None,
    api_key_env: str | None,
    environ: Mapping[str, str],
) -> ProviderSettings:
    """Turn command-line choices plus the environment into settings, or a one-line error.

    An explicit provider wins; a base URL alone means a custom server; otherwise the
    first cloud preset with an exported key, else the offline simulator.
    """
    name = (provider or "").strip().lower() or None

    if name is None and base_url:
        return _custom(base_url, model, api_key_env, environ)

    if name is None:
        if api_key_env:
            raise ProviderError("--api-key-env needs --provider or --base-url: whose key is it?")
        name = next(
            (n for n in AUTO_ORDER if (environ.get(PRESETS[n].key_env or "") or "").strip()),
            OFFLINE,
        )

    if name == CUSTOM:
        if not base_url:
            raise ProviderError("--provider custom needs --base-url")
        return _custom(base_url, model, api_key_env, environ)

    preset = PRESETS.get(name)
    if preset is None:
        valid = ", ".join([*PRESETS, CUSTOM])
        raise ProviderError(f"unknown provider {provider!r}: choose one of {valid}")

    if preset.name == OFFLINE:
        if base_url:
            raise ProviderError("--provider offline talks to no server: drop --base-url")
        return ProviderSettings(OFFLINE, None, model or preset.default_model, None, None)

    key_env = api_key_env or preset.key_env
    if key_env:
        key: str | None = _read_key(key_env, environ)
    else:
        key = _PLACEHOLDER_KEYS.get(preset.name, "not-needed")
    url = (base_url or preset.base_url or "").rstrip("/")
    return ProviderSettings(preset.name, url, model or preset.default_model, key, key_env)
