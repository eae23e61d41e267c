"""Stopping a streamed reply the moment the person asks, not when the next piece arrives.

A model can pause for seconds between pieces; waiting for the next one before looking at
the stop request would make Esc feel ignored. So each piece is awaited against the stop
request, and when the stop wins the stream is closed at once (for a provider, its HTTP
response: nothing more is generated for us, or billed beyond what was).
"""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import AsyncGenerator, AsyncIterator
from typing import TypeVar

T = TypeVar("T")


async def until_stopped(stream: AsyncIterator[T], stop: asyncio.Event) -> AsyncIterator[T]:
    """The items of `stream` until it ends or `stop` is set, whichever comes first; the
    stream is closed either way. An item that arrives together with the stop is kept."""
    stopped = asyncio.ensure_future(stop.wait())
    step: asyncio.Future[T] | None = None
    try:
        while True:
            step = asyncio.ensure_future(anext(stream))
            await asyncio.wait({step, stopped}, return_when=asyncio.FIRST_COMPLETED)
            if not step.done():
                step.cancel()
                await asyncio.wait({step})  # the stream's clean-up (closing the response)
                return
            try:
                item = step.result()
            except StopAsyncIteration:
                return
            yield item
            if stop.is_set():
                return
    finally:
        stopped.cancel()
        if step is not None and not step.done():
            # Cancelled while a piece was awaited (the app quitting mid-reply): that wait
            # goes too, closing the response, rather than running on unowned and, when
            # the server drops the connection, logging "Task exception was never
            # retrieved" with a traceback over the shell.
            step.cancel()
            step.add_done_callback(_retrieve)
            await asyncio.wait({step})
        if isinstance(stream, AsyncGenerator):
            with contextlib.suppress(Exception):
                await stream.aclose()


def _retrieve(task: asyncio.Future) -> None:
    """Mark a finished task's outcome as seen: nothing is logged for it."""
    if not task.cancelled():
        task.exception()
