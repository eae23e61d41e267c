"""Drives one turn in the app: the coach's events, posted to the app as Textual messages.

The coach owns the turn's rules (service/coach.py: refusals, the question written first,
the request built once, the in-flight flag). This runs a started turn in a worker and
words what happens; it touches no widget. The app's `@on` handlers show each message
where it belongs: the chat, the activity line, the side panel, the composer.
"""

from __future__ import annotations

import asyncio
import contextvars
import time
from collections.abc import Callable, Coroutine
from typing import Any

from textual.message import Message

from fincoach_tui.domain.plurals import turn_span
from fincoach_tui.service.coach import RATE_LIMIT_RETRIES, Turn
from fincoach_tui.service.events import (
    ExtractFinished,
    ExtractStarted,
    FoldFinished,
    FoldStarted,
    IndexFinished,
    QuestionRecorded,
    ReplyDelta,
    RequestReady,
    Retrying,
    TurnFailed,
    TurnFinished,
)
from fincoach_tui.service.fold import describe_fold
from fincoach_tui.service.maintenance import describe
from fincoach_tui.ui.errors import explain
from fincoach_tui.ui.turn_messages import (
    QuestionShown,
    ReplyFailed,
    ReplyFinished,
    ReplyText,
    RequestShown,
    TurnEnded,
    TurnProgress,
    TurnUpdate,
)


class TurnRunner:
    """Runs started turns, posting `TurnUpdate`s through `post`; keeps what Ctrl+R resends."""

    def __init__(self, post: Callable[[Message], object]) -> None:
        self._post = post
        self.failed_text: str | None = None  # what Ctrl+R sends again
        self.current: Turn | None = None  # the turn under way, if any (what Esc stops)

    def take_failed(self) -> str | None:
        text, self.failed_text = self.failed_text, None
        return text

    def stop(self) -> bool:
        """Stop the turn under way (its reply is kept, marked stopped); False if none is."""
        if self.current is None or self.current.stop_requested.is_set():
            return False
        self.current.stop()
        return True

    def run(self, turn: Turn) -> Coroutine[Any, Any, None]:
        """The worker's body for `turn`: every event, worded and posted in order.

        Called where the worker is started (the app's handler): the reply's frame timer
        runs in that context, not in the worker's, which holds the worker. The event loop
        keeps a cancelled timer, with its context, until its time would have come, so the
        worker outlived its turn: frozen alive when the turn was settled, garbage after."""
        return self._run(turn, contextvars.copy_context())

    async def _run(self, turn: Turn, context: contextvars.Context) -> None:
        post = self._post
        shown = Coalesced(post, context)
        self.current = turn
        try:
            async for event in turn.events():
                if isinstance(event, ReplyDelta):
                    shown.add(event.text)
                    continue
                shown.flush()  # everything streamed so far goes first
                update = self._update_for(event)
                if update is not None:
                    post(update)
        finally:
            self.current = None
            shown.flush()
            post(TurnEnded())

    def _update_for(self, event: object) -> TurnUpdate | None:
        if isinstance(event, QuestionRecorded):
            return QuestionShown(event.question)
        if isinstance(event, RequestReady):
            return RequestShown(event)
        if isinstance(event, FoldStarted):
            return TurnProgress(f"summarizing {turn_span(event.first_turn, event.last_turn)}…")
        if isinstance(event, ExtractStarted | ExtractFinished | IndexFinished):
            line, warning = describe(event)
            return TurnProgress(line, notice=warning)  # a refusal is shown, never dropped
        if isinstance(event, FoldFinished) and event.unsaved:
            line, warning = describe_fold(event)
            return TurnProgress(line, notice=warning)  # said once while it lasts
        if isinstance(event, FoldFinished) and event.error is not None:
            why = explain(event.error)
            return TurnProgress(
                f"summary not updated ({why}); those turns stay verbatim", notice=True
            )
        if isinstance(event, Retrying):
            return TurnProgress(
                f"rate limited: retry {event.attempt} of {RATE_LIMIT_RETRIES} in "
                f"{event.wait_s:.0f}s…",
                error=True,
            )
        if isinstance(event, TurnFinished):
            self.failed_text = None
            return ReplyFinished(event)
        if isinstance(event, TurnFailed):
            self.failed_text = event.question if event.resendable else None
            return ReplyFailed(event.error, event.question, event.resendable)
        return None


class Coalesced:
    """Posts the reply's text at most every FRAME_S seconds.

    A fast provider sends dozens of fragments a second; each one re-rendering the Markdown
    would make the interface, not the model, the slow part. The first fragment is shown at
    once; later ones are gathered and shown together, a frame later at most."""

    FRAME_S = 1 / 30

    def __init__(self, post: Callable[[Message], object], context: contextvars.Context) -> None:
        self._post = post
        self._context = context  # what the timer runs in
        self._pending: list[str] = []
        self._shown_at = float("-inf")
        self._timer: asyncio.TimerHandle | None = None

    def add(self, text: str) -> None:
        self._pending.append(text)
        wait = self._shown_at + self.FRAME_S - time.monotonic()
        if wait <= 0:
            self.flush()
        elif self._timer is None:
            loop = asyncio.get_running_loop()
            self._timer = loop.call_later(wait, self.flush, context=self._context)

    def flush(self) -> None:
        if self._timer is not None:
            self._timer.cancel()
            self._timer = None
        if self._pending:
            text = "".join(self._pending)
            self._pending.clear()
            self._shown_at = time.monotonic()
            self._post(ReplyText(text))
