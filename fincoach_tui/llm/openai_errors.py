"""Any failure of an OpenAI-compatible call, as the one-line `LLMError` the UI explains.

Classified by meaning (status, codes, error types and the wording of every server family
we know), not by one provider's wording; the server's own words are kept once, as
`detail`, with an echoed API key masked.
"""

from __future__ import annotations

import email.utils
import time
from collections.abc import Mapping

from fincoach_tui.llm.base import LLMError
from fincoach_tui.llm.providers import mask_key

__all__ = ["short_detail", "to_llm_error"]

_MAX_DETAIL = 200


def short_detail(exc: BaseException, api_key: str | None = None) -> str:
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


# A request too long for the model, as each server family says it: OpenAI's code,
# llama.cpp's error type, and the wording of those and of vLLM, Ollama, Groq, OpenRouter.
_CONTEXT_CODES = ("context_length_exceeded", "exceed_context_size_error")
_CONTEXT_WORDS = (
    "context length",
    "context_length",
    "maximum context",
    "context size",
    "context window",
    "too many tokens",
)


def _is_context_length(code: str, text: str, kind: str = "") -> bool:
    return (
        code in _CONTEXT_CODES or kind in _CONTEXT_CODES or any(w in text for w in _CONTEXT_WORDS)
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
    base_url: str | None = None,
) -> LLMError:
    """Classify any failure of a call into the one-line `LLMError` the UI explains.

    Classified by meaning (codes, error types and wording of every server family we know),
    not by one provider's wording; `detail` is the server's own words, once."""
    if isinstance(exc, LLMError):
        return exc
    import openai

    detail = short_detail(exc, api_key)
    status = getattr(exc, "status_code", None)
    code = str(getattr(exc, "code", None) or "").lower()
    kind = str(getattr(exc, "type", None) or "").lower()
    text = detail.lower()
    where = f" at {base_url}" if base_url else ""

    names = _mro_names(exc)
    if isinstance(exc, openai.APITimeoutError) or names & {"TimeoutException", "TimeoutError"}:
        return LLMError(
            "timeout", f"{provider}{where} did not answer in time.", detail=base_url or ""
        )
    if isinstance(exc, openai.APIConnectionError) or names & {"TransportError", "ConnectionError"}:
        return LLMError(
            "connection",
            f"Could not reach {provider}{where}: {detail}",
            detail=f"{base_url}: {detail}" if base_url else detail,
        )
    if isinstance(exc, ValueError):  # the body was not the JSON of a completion
        return LLMError(
            "bad_response",
            f"{provider}{where} sent something that is not a chat completion ({detail}).",
            detail=f"not valid JSON: {detail}",
        )
    if status in (401, 403):
        key = f" from ${key_env}" if key_env else ""
        return LLMError(
            "auth",
            f"{provider} refused the API key{key}: {detail}",
            status=status,
            detail=f"${key_env}: {detail}" if key_env else detail,
        )
    if status != 429 and (isinstance(exc, openai.APIError) or isinstance(status, int)):
        if _is_context_length(code, text, kind):
            return LLMError(
                "context_length",
                f"The conversation is too long for {model}: {detail}",
                status=status,
                detail=detail,
            )
    if not isinstance(status, int):
        return LLMError("server", f"{provider} failed: {detail}", detail=detail)
    if status == 404 or (status == 400 and _is_missing_model(code, text)):
        return LLMError(
            "not_found",
            f"{provider} has no model {model!r}: {detail}",
            status=status,
            detail=f"{model!r}: {detail}",
        )
    if status == 429:
        return LLMError(
            "rate_limit",
            f"{provider} is rate limiting: {detail}",
            retry_after=_retry_after(exc),
            status=status,
            detail=detail,
        )
    if status >= 500:
        return LLMError(
            "server", f"{provider} failed ({status}): {detail}", status=status, detail=detail
        )
    return LLMError(
        "bad_request",
        f"{provider} rejected the request ({status}): {detail}",
        status=status,
        detail=f"{status}: {detail}",
    )
