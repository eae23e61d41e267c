"""A `ChatModel` for any OpenAI-compatible server (OpenAI, Groq, OpenRouter, Ollama, vLLM...).

`openai` is imported on first use, not at module import: it is slow to import and the
app's first frame must not wait for it.
"""

from __future__ import annotations

import dataclasses
import email.utils
import time
from collections.abc import AsyncIterator, Callable, Mapping
from typing import TYPE_CHECKING, Any

from fincoach_tui.domain.records import Usage
from fincoach_tui.llm.base import ChatMessages, Completion, LLMError, StreamEvent, TextDelta
from fincoach_tui.llm.providers import ProviderSettings, mask_key

if TYPE_CHECKING:
    from openai import AsyncOpenAI

__all__ = ["OpenAIChat", "to_llm_error", "usage_from_chunk"]

_MAX_DETAIL = 200


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
        try:
            async for chunk in response:
                usage = usage_from_chunk(chunk) or usage
                for choice in chunk.choices or ():
                    if choice.finish_reason:
                        finish_reason = choice.finish_reason
                    text = getattr(choice.delta, "content", None) if choice.delta else None
                    if text:
                        parts.append(text)
                        yield TextDelta(text)
        except Exception as exc:
            if parts:
                partial = "".join(parts)
                raise LLMError(
                    "stream_cut",
                    f"The reply from {self.provider} was cut off after "
                    f"{len(partial)} characters ({_short(exc, self.settings.api_key)}).",
                    partial_text=partial,
                    status=getattr(exc, "status_code", None),
                ) from None
            raise self._error(exc, model) from None
        finally:
            await response.close()

        text = "".join(parts)
        if usage is None:
            usage = self._estimate_usage(messages, text)
            if not usage.estimated:
                usage = dataclasses.replace(usage, estimated=True)
        yield Completion(text, usage, finish_reason)

    def _error(self, exc: BaseException, model: str) -> LLMError:
        return to_llm_error(
            exc,
            provider=self.provider,
            model=model,
            key_env=self.settings.key_env,
            api_key=self.settings.api_key,
        )


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


# --- errors ------------------------------------------------------------------------


def _short(exc: BaseException, api_key: str | None = None) -> str:
    """The server's own one-line message, without the SDK's 'Error code: ...' dump."""
    body = getattr(exc, "body", None)
    message = body.get("message") if isinstance(body, Mapping) else None
    if not isinstance(message, str) or not message.strip():
        message = getattr(exc, "message", None) or str(exc) or type(exc).__name__
    line = " ".join(str(message).split())
    if api_key and len(api_key) >= 8:  # some servers echo the key back
        line = line.replace(api_key, mask_key(api_key))
    return line if len(line) <= _MAX_DETAIL else line[: _MAX_DETAIL - 1] + "…"


def _retry_after(exc: BaseException) -> float | None:
    headers = getattr(getattr(exc, "response", None), "headers", None)
    if headers is None:
        return None
    ms = headers.get("retry-after-ms")
    try:
        if ms is not None:
            return max(0.0, float(ms) / 1000)
    except ValueError:
        pass
    value = headers.get("retry-after")
    if not value:
        return None
    try:
        return max(0.0, float(value))
    except ValueError:
        pass
    try:  # the HTTP-date form
        return max(0.0, email.utils.parsedate_to_datetime(value).timestamp() - time.time())
    except (TypeError, ValueError):
        return None


def _is_context_length(code: str, text: str) -> bool:
    return (
        code == "context_length_exceeded"
        or "context length" in text
        or "maximum context" in text
        or "context_length" in text
    )


def _is_missing_model(code: str, text: str) -> bool:
    if code == "model_not_found":
        return True
    return "model" in text and ("not exist" in text or "not found" in text)


def _mro_names(exc: BaseException) -> set[str]:
    # Transport errors come from httpx or httpx2 depending on the SDK version; names match.
    return {cls.__name__ for cls in type(exc).__mro__}


def to_llm_error(
    exc: BaseException,
    *,
    provider: str,
    model: str,
    key_env: str | None = None,
    api_key: str | None = None,
) -> LLMError:
    """Classify any failure of a call into the one-line `LLMError` the UI explains."""
    if isinstance(exc, LLMError):
        return exc
    import openai

    detail = _short(exc, api_key)
    status = getattr(exc, "status_code", None)
    code = str(getattr(exc, "code", None) or "").lower()
    text = detail.lower()

    names = _mro_names(exc)
    if isinstance(exc, openai.APITimeoutError) or names & {"TimeoutException", "TimeoutError"}:
        return LLMError("timeout", f"{provider} did not answer in time.")
    if isinstance(exc, openai.APIConnectionError) or names & {"TransportError", "ConnectionError"}:
        return LLMError("connection", f"Could not reach {provider}: {detail}")
    if not isinstance(status, int):
        if isinstance(exc, openai.APIError) and _is_context_length(code, text):
            return LLMError("context_length", f"The conversation is too long for {model}: {detail}")
        return LLMError("server", f"{provider} failed: {detail}")

    if status in (401, 403):
        key = f" from ${key_env}" if key_env else ""
        return LLMError("auth", f"{provider} refused the API key{key}: {detail}", status=status)
    if status == 400 and _is_context_length(code, text):
        return LLMError(
            "context_length", f"The conversation is too long for {model}: {detail}", status=status
        )
    if status == 404 or (status == 400 and _is_missing_model(code, text)):
        return LLMError("not_found", f"{provider} has no model {model!r}: {detail}", status=status)
    if status == 429:
        return LLMError(
            "rate_limit",
            f"{provider} is rate limiting: {detail}",
            retry_after=_retry_after(exc),
            status=status,
        )
    if status >= 500:
        return LLMError("server", f"{provider} failed ({status}): {detail}", status=status)
    return LLMError(
        "bad_request", f"{provider} rejected the request ({status}): {detail}", status=status
    )
