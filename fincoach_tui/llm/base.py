"""The one interface the coach talks to, whatever answers: a provider or the offline model."""

from __future__ import annotations

from collections.abc import AsyncIterator
from dataclasses import dataclass
from typing import Protocol

from fincoach_tui.domain.plurals import plural
from fincoach_tui.domain.records import Usage

# A request as the OpenAI chat API takes it: [{"role": ..., "content": ...}, ...]
ChatMessages = list[dict[str, str]]


@dataclass(frozen=True)
class TextDelta:
    """A piece of the reply as it streams in."""

    text: str


@dataclass(frozen=True)
class UsageReported:
    """What the call used, as soon as the server says it (before the stream's end): a reply
    stopped after this is billed as reported, not estimated."""

    usage: Usage


@dataclass(frozen=True)
class Completion:
    """The end of a stream: the whole visible reply and what the call used."""

    text: str
    usage: Usage
    finish_reason: str | None = None


def cut_off_note(completion: Completion, max_tokens: int | None) -> str:
    """ "cut off at N tokens" for a reply the token limit ended (finish_reason "length"),
    shown with the reply and kept in its record and the export; "" for a whole reply."""
    if completion.finish_reason != "length":
        return ""
    tokens = completion.usage.completion_tokens or max_tokens
    return f"cut off at {plural(tokens, 'token')}" if tokens else "cut off by the token limit"


StreamEvent = TextDelta | UsageReported | Completion


class ChatModel(Protocol):
    """Streams one chat completion. Raises `LLMError` for every failure it can name."""

    provider: str  # preset name: openai, groq, openrouter, ollama, offline, custom
    simulated: bool  # True only for the offline model

    def stream(
        self, messages: ChatMessages, *, model: str, max_tokens: int | None = None
    ) -> AsyncIterator[StreamEvent]: ...


class LLMError(Exception):
    """A model call that failed, classified so the UI can explain it in one line.

    kind: auth | not_found | rate_limit | server | timeout | connection |
          context_length | bad_request | bad_response | stream_cut
    `message` is a whole sentence (what the line chat prints); `detail` is only what the
    server said and where (what the app adds, in brackets, to its own advice for the kind),
    so the app never says the same thing twice. `partial_text` keeps whatever streamed
    before a cut; `retry_after` is seconds.
    """

    def __init__(
        self,
        kind: str,
        message: str,
        *,
        retry_after: float | None = None,
        partial_text: str = "",
        status: int | None = None,
        detail: str | None = None,
    ) -> None:
        super().__init__(message)
        self.kind = kind
        self.message = message
        self.detail = message if detail is None else detail
        self.retry_after = retry_after
        self.partial_text = partial_text
        self.status = status
