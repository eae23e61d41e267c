"""A `ChatModel` for any OpenAI-compatible server (OpenAI, Groq, OpenRouter, Ollama, vLLM...).

`openai` is imported on first use, not at module import: it is slow to import and the
app's first frame must not wait for it.
"""

from __future__ import annotations

import dataclasses
from collections.abc import AsyncIterator, Callable, Mapping
from typing import TYPE_CHECKING, Any

from fincoach_tui.domain.records import Usage
from fincoach_tui.llm.base import (
    ChatMessages,
    Completion,
    LLMError,
    StreamEvent,
    TextDelta,
    UsageReported,
)
from fincoach_tui.llm.openai_errors import short_detail, to_llm_error
from fincoach_tui.llm.providers import ProviderSettings, mask_key

if TYPE_CHECKING:
    from openai import AsyncOpenAI

# to_llm_error lives in llm/openai_errors.py; named here too, where callers found it.
__all__ = ["KeyMasker", "OpenAIChat", "to_llm_error", "usage_from_chunk"]


class OpenAIChat:
    """Streams chat completions through `openai.AsyncOpenAI`, failures as `LLMError`."""

    simulated = False

    def __init__(
        self,
        settings: ProviderSettings,
        *,
        estimate_usage: Callable[[ChatMessages, str], Usage],
        timeout: float = 60.0,
        max_retries: int = 0,
        extra_body: dict[str, Any] | None = None,
    ) -> None:
        if not settings.base_url:
            raise ValueError(f"provider {settings.name!r} has no server to talk to")
        self.settings = settings
        self.provider = settings.name
        self._estimate_usage = estimate_usage
        self._timeout = timeout
        # The coach owns retries: SDK retries would hide failures and double latency.
        self._max_retries = max_retries
        self._extra_body = dict(extra_body) if extra_body else None
        self._client: AsyncOpenAI | None = None

    def __repr__(self) -> str:
        return f"OpenAIChat({self.settings!r})"

    @property
    def client(self) -> AsyncOpenAI:
        if self._client is None:
            import openai

            self._client = openai.AsyncOpenAI(
                # Always explicit: a None key would make the SDK read OPENAI_API_KEY
                # and send it to whatever server base_url points at.
                api_key=self.settings.api_key or "not-needed",
                base_url=self.settings.base_url,
                timeout=self._timeout,
                max_retries=self._max_retries,
            )
        return self._client

    async def aclose(self) -> None:
        if self._client is not None:
            await self._client.close()
            self._client = None

    @property
    def json_mode(self) -> bool:
        """Whether `stream` may be asked for JSON mode (`response_format`) on this server."""
        return self.settings.json_mode

    async def stream(
        self,
        messages: ChatMessages,
        *,
        model: str,
        max_tokens: int | None = None,
        response_format: dict[str, Any] | None = None,
    ) -> AsyncIterator[StreamEvent]:
        kwargs: dict[str, Any] = {
            "model": model,
            "messages": messages,
            "stream": True,
            "stream_options": {"include_usage": True},
        }
        if max_tokens is not None:
            kwargs["max_tokens"] = max_tokens
        if response_format is not None:
            kwargs["response_format"] = response_format
        if self._extra_body:
            kwargs["extra_body"] = self._extra_body

        try:
            response = await self.client.chat.completions.create(**kwargs)
        except Exception as exc:
            raise self._error(exc, model) from None

        parts: list[str] = []
        usage: Usage | None = None
        finish_reason: str | None = None
        chunks = 0
        masker = KeyMasker(self.settings.api_key)  # a model may echo the key: never shown
        try:
            async for chunk in response:
                chunks += 1
                reported = usage_from_chunk(chunk)
                if reported is not None and reported != usage:
                    usage = reported
                    yield UsageReported(usage)  # billed as reported even if stopped now
                for choice in chunk.choices or ():
                    if choice.finish_reason:
                        finish_reason = choice.finish_reason
                    text = getattr(choice.delta, "content", None) if choice.delta else None
                    text = masker.feed(text) if text else None
                    if text:
                        parts.append(text)
                        yield TextDelta(text)
        except Exception as exc:
            if parts:
                partial = "".join(parts)
                raise LLMError(
                    "stream_cut",
                    f"The reply from {self.provider} was cut off after "
                    f"{len(partial)} characters ({short_detail(exc, self.settings.api_key)}).",
                    partial_text=partial,
                    status=getattr(exc, "status_code", None),
                ) from None
            raise self._error(exc, model) from None
        finally:
            await response.close()

        rest = masker.flush()
        if rest:
            parts.append(rest)
            yield TextDelta(rest)
        text = "".join(parts)
        if not text.strip():  # never an answer: the turn fails and the question comes back
            raise self._empty(response, chunks, finish_reason, max_tokens)
        if usage is None:
            usage = self._estimate_usage(messages, text)
            if not usage.estimated:
                usage = dataclasses.replace(usage, estimated=True)
        yield Completion(text, usage, finish_reason)

    def _empty(
        self, response: Any, chunks: int, finish_reason: str | None, max_tokens: int | None
    ) -> LLMError:
        """Why a 200 carried no reply: not a completion stream at all (an HTML page from a
        proxy), a token limit spent before any visible text, or plainly nothing."""
        where = f"{self.provider} at {self.settings.base_url}"
        if chunks == 0:
            headers = getattr(getattr(response, "response", None), "headers", None) or {}
            kind = str(headers.get("content-type", "")).split(";")[0].strip() or "an empty body"
            detail = f"answered with {kind}, not a chat completion"
        elif finish_reason == "length":
            limit = f" ({max_tokens:,} tokens)" if max_tokens else ""
            detail = f"the model reached its token limit{limit} before writing any reply"
        else:
            detail = "the reply was empty"
        return LLMError("bad_response", f"{where}: {detail}.", detail=detail)

    def _error(self, exc: BaseException, model: str) -> LLMError:
        return to_llm_error(
            exc,
            provider=self.provider,
            model=model,
            key_env=self.settings.key_env,
            api_key=self.settings.api_key,
            base_url=self.settings.base_url,
        )


class KeyMasker:
    """Replaces the API key in streamed text with its masked form (`sk-…wxyz`), holding
    back a tail that could be the start of the key until the next piece shows it is not.
    Text cut off while held back is dropped: it may be part of the key."""

    def __init__(self, key: str | None) -> None:
        self._key = key if key and len(key) >= 8 else None
        self._mask = mask_key(key)
        self._held = ""

    def feed(self, text: str) -> str:
        if self._key is None:
            return text
        text = (self._held + text).replace(self._key, self._mask)
        keep = next(
            (n for n in range(min(len(self._key) - 1, len(text)), 0, -1)
             if self._key.startswith(text[-n:])),
            0,
        )  # fmt: skip
        self._held = text[len(text) - keep :]
        return text[: len(text) - keep]

    def flush(self) -> str:
        held, self._held = self._held, ""
        return held


# --- usage -------------------------------------------------------------------------


def _field(obj: Any, name: str) -> Any:
    """A field from a dict, an SDK model, or an SDK model's undeclared (extra) fields."""
    if obj is None:
        return None
    if isinstance(obj, Mapping):
        return obj.get(name)
    value = getattr(obj, name, None)
    if value is None:
        extra = getattr(obj, "model_extra", None)
        if isinstance(extra, Mapping):
            value = extra.get(name)
    return value


def _int(value: Any) -> int:
    return int(value) if isinstance(value, int | float) and not isinstance(value, bool) else 0


def usage_from_chunk(chunk: Any) -> Usage | None:
    """The usage a chunk carries: standard `usage`, or Groq's `x_groq.usage`; else None."""
    raw = _field(chunk, "usage")
    if raw is None:
        raw = _field(_field(chunk, "x_groq"), "usage")
    if raw is None:
        return None
    cost = _field(raw, "cost")  # OpenRouter's own USD figure
    return Usage(
        prompt_tokens=_int(_field(raw, "prompt_tokens")),
        completion_tokens=_int(_field(raw, "completion_tokens")),
        cached_tokens=_int(_field(_field(raw, "prompt_tokens_details"), "cached_tokens")),
        reasoning_tokens=_int(_field(_field(raw, "completion_tokens_details"), "reasoning_tokens")),
        provider_cost=float(cost)
        if isinstance(cost, int | float) and not isinstance(cost, bool)
        else None,
    )
