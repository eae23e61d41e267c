"""Sending one request and streaming its reply: retries, stopping, and how it ended.

This is the talking-to-the-model half of a turn (service/coach.py keeps the recording
half): a rate limit is waited out and retried, a stop closes the stream at once, and the
stream ends with one `ReplyEnded` saying how, so the coach records exactly one outcome.
"""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator, Awaitable, Callable
from dataclasses import dataclass
from typing import Literal

from fincoach_tui.domain.records import Usage
from fincoach_tui.llm.base import (
    ChatModel,
    Completion,
    LLMError,
    TextDelta,
    UsageReported,
    cut_off_note,
)
from fincoach_tui.service.events import ReplyDelta, Retrying
from fincoach_tui.service.stopping import until_stopped

__all__ = ["MAX_RETRY_WAIT_S", "RATE_LIMIT_RETRIES", "ReplyEnded", "stream_reply"]

RATE_LIMIT_RETRIES = 2  # after the first attempt; waits honour Retry-After, capped below
MAX_RETRY_WAIT_S = 20.0


@dataclass(frozen=True)
class ReplyEnded:
    """How a reply ended.

    - "complete": the model finished; `usage` is what it billed, `note` says if the token
      limit cut it off.
    - "cut": the stream broke after some text (`text`); no usage came with it.
    - "stopped": the person stopped it; `text` is what arrived (maybe nothing), `usage`
      what the server had reported by then, if anything.
    - "failed": nothing to keep; `error` says why.
    """

    how: Literal["complete", "cut", "stopped", "failed"]
    text: str = ""
    usage: Usage | None = None
    note: str = ""
    error: LLMError | None = None


async def stream_reply(
    llm: ChatModel,
    messages: list[dict[str, str]],
    *,
    model: str,
    max_tokens: int | None,
    stop: asyncio.Event,
    sleep: Callable[[float], Awaitable[None]],
) -> AsyncIterator[ReplyDelta | Retrying | ReplyEnded]:
    """The reply's pieces, any retries, then one `ReplyEnded` (always the last event)."""
    for attempt in range(RATE_LIMIT_RETRIES + 1):
        reply_text = ""
        reported: Usage | None = None  # what the server said the call used, if it has
        try:
            stream = llm.stream(messages, model=model, max_tokens=max_tokens)
            async for event in until_stopped(stream, stop):
                if isinstance(event, TextDelta):
                    reply_text += event.text
                    yield ReplyDelta(event.text)
                elif isinstance(event, UsageReported):
                    reported = event.usage
                elif isinstance(event, Completion):
                    note = cut_off_note(event, max_tokens)
                    yield ReplyEnded("complete", event.text, event.usage, note)
                    return
            if stop.is_set():
                yield ReplyEnded("stopped", reply_text, reported)
                return
            raise LLMError(
                "stream_cut",
                "the reply ended without a final usage chunk",
                partial_text=reply_text,
            )
        except LLMError as error:
            partial = error.partial_text or reply_text
            if error.kind == "stream_cut" and partial:
                yield ReplyEnded("cut", partial)
                return
            if error.kind == "rate_limit" and attempt < RATE_LIMIT_RETRIES and not stop.is_set():
                wait = min(
                    error.retry_after if error.retry_after is not None else 2.0**attempt,
                    MAX_RETRY_WAIT_S,
                )
                yield Retrying(attempt + 1, wait, error)
                await _sleep_unless(sleep(wait), stop)
                continue
            yield ReplyEnded("failed", error=error)
            return


async def _sleep_unless(sleep: Awaitable[None], stop: asyncio.Event) -> None:
    """Wait out a rate limit, or less if the person stops the turn meanwhile."""
    waiting = asyncio.ensure_future(sleep)
    stopped = asyncio.ensure_future(stop.wait())
    try:
        await asyncio.wait({waiting, stopped}, return_when=asyncio.FIRST_COMPLETED)
    finally:
        waiting.cancel()
        stopped.cancel()
