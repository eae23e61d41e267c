"""Embeddings for recall, from the provider's /v1/embeddings endpoint (openai SDK).

The model is the one config.toml names (`[embeddings] model`), on whatever server the
chat goes to (a custom server's /v1/embeddings too); else the preset's own, on the
preset's own server only (OpenAI: text-embedding-3-small). With neither, and for the
offline coach, recall uses the local BM25 retriever instead.
`openai` is imported on first use, as for chat, so start-up never waits for it.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Protocol

from fincoach_tui.llm.base import LLMError
from fincoach_tui.llm.openai_errors import to_llm_error
from fincoach_tui.llm.providers import PRESETS, ProviderSettings

if TYPE_CHECKING:
    from openai import AsyncOpenAI

BATCH = 256  # inputs per request: well under the API's limit, small enough to retry


@dataclass(frozen=True)
class Embedded:
    vectors: tuple[tuple[float, ...], ...]  # one per input, in order
    prompt_tokens: int  # as billed; 0 if the server did not say
    model: str = ""  # the model the server says made them; "" if it did not say


class Embedder(Protocol):
    model: str

    async def embed(self, texts: Sequence[str]) -> Embedded: ...


def embeddings_model(settings: ProviderSettings, configured: str | None = None) -> str | None:
    """The embeddings model to use: the configured one on any server, else the preset's
    own on the preset's own server (another server behind a preset's name is not OpenAI);
    never for the offline coach."""
    if settings.simulated or not settings.base_url:
        return None
    if configured:
        return configured
    preset = PRESETS.get(settings.name)
    if preset is None or preset.base_url != settings.base_url:
        return None
    return preset.embeddings_model


class OpenAIEmbeddings:
    """Embeds texts through `openai.AsyncOpenAI.embeddings.create`; failures as `LLMError`."""

    def __init__(self, settings: ProviderSettings, model: str, *, timeout: float = 60.0) -> None:
        if not settings.base_url:
            raise ValueError(f"provider {settings.name!r} has no server to talk to")
        self.settings = settings
        self.model = model
        self._timeout = timeout
        self._client: AsyncOpenAI | None = None

    @property
    def client(self) -> AsyncOpenAI:
        if self._client is None:
            import openai

            self._client = openai.AsyncOpenAI(
                api_key=self.settings.api_key or "not-needed",  # never fall back to the env
                base_url=self.settings.base_url,
                timeout=self._timeout,
                max_retries=0,
            )
        return self._client

    async def aclose(self) -> None:
        if self._client is not None:
            await self._client.close()
            self._client = None

    async def embed(self, texts: Sequence[str]) -> Embedded:
        vectors: list[tuple[float, ...]] = []
        tokens = 0
        made_by = ""
        for start in range(0, len(texts), BATCH):
            chunk = [t if t.strip() else " " for t in texts[start : start + BATCH]]  # "" is refused
            try:
                response: Any = await self.client.embeddings.create(model=self.model, input=chunk)
            except Exception as exc:
                raise to_llm_error(
                    exc,
                    provider=self.settings.name,
                    model=self.model,
                    key_env=self.settings.key_env,
                    api_key=self.settings.api_key,
                    base_url=self.settings.base_url,
                ) from None
            data = sorted(response.data, key=lambda item: item.index)
            if len(data) != len(chunk):
                raise LLMError(
                    "server",
                    f"{self.settings.name} returned {len(data)} embeddings for {len(chunk)} texts",
                )
            vectors.extend(tuple(float(x) for x in item.embedding) for item in data)
            usage = getattr(response, "usage", None)
            tokens += int(getattr(usage, "prompt_tokens", 0) or 0)
            made_by = str(getattr(response, "model", "") or "") or made_by
        return Embedded(tuple(vectors), tokens, made_by)
