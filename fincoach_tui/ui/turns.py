"""Runs one turn in the app: from the submitted text to the finished reply on screen.

Kept out of the App class so the app stays an arrangement of parts. Everything here
reacts to the coach's events; nothing here counts a token or builds a request.
"""

from __future__ import annotations

import time
from typing import TYPE_CHECKING

from fincoach_tui.llm.base import LLMError
from fincoach_tui.service.coach import (
    RATE_LIMIT_RETRIES,
    FoldFinished,
    FoldStarted,
    ReplyDelta,
    RequestReady,
    Retrying,
    TurnFailed,
    TurnFinished,
    context_overflow,
)
from fincoach_tui.service.maintenance import (
    ExtractFinished,
    ExtractStarted,
    IndexFinished,
    describe,
)
from fincoach_tui.ui.errors import explain

if TYPE_CHECKING:
    from fincoach_tui.ui.app import FinCoachApp


class TurnRunner:
    def __init__(self, app: FinCoachApp) -> None:
        self.app = app
        self.busy = False
        self.failed_text: str | None = None  # what Ctrl+R sends again

    def submit(self, text: str) -> None:
        app = self.app
        if app.live is None:
            app.notify("still starting, one moment: your text is kept", severity="warning")
            return
        if self.busy:
            app.notify("the coach is still answering; your text is kept", severity="warning")
            return
        if not text.strip():
            app.notify("type a message first: an empty message is not sent", severity="warning")
            return
        coach = app.live.coach
        refusal = context_overflow(coach.preview(text), coach.context_window, coach.choice.model)
        if refusal:
            # Counted before sending: a paste too big for the model costs nothing.
            app.notify(
                f"{refusal} Ctrl+S picks a strategy. Nothing was sent.",
                title="Too long to send",
                severity="error",
                timeout=12,
                markup=False,
            )
            app.activity.say("not sent: the request would not fit the context window", error=True)
            return
        app.composer.text = ""
        self.busy = True
        app.run_worker(self._run(text), exclusive=True, group="turn")

    def retry(self) -> None:
        if self.failed_text is None:
            self.app.notify("nothing to retry")
            return
        text, self.failed_text = self.failed_text, None
        self.submit(text)

    async def _run(self, text: str) -> None:
        app = self.app
        live = app.live
        assert live is not None
        coach = live.coach
        reply_box = shown = None
        try:
            reply_box = await app.chat.begin_exchange(_draft_message(coach, text))
            app.activity.say("waiting for the first token…")
            shown = _Coalesced(app, reply_box)
            async for event in coach.turn(text):
                if isinstance(event, ReplyDelta):
                    await shown.add(event.text)
                    continue
                await shown.flush()  # everything streamed so far is on screen first
                if isinstance(event, RequestReady):
                    app.side.show_pending(event)
                    app.activity.say(
                        f"sent {len(event.sent)} messages · {event.counted_tokens:,} tokens counted · "
                        f"{event.predicted_prompt_tokens:,} predicted billed · waiting…"
                    )
                elif isinstance(event, FoldStarted):
                    app.activity.say(f"summarizing turns {event.first_turn}-{event.last_turn}…")
                elif isinstance(event, ExtractStarted | ExtractFinished | IndexFinished):
                    line, warning = describe(event)
                    if warning:  # a refused extraction is shown, never silently dropped
                        app.notify(line, severity="warning", markup=False, timeout=8)
                    app.activity.say(line)
                elif isinstance(event, FoldFinished) and event.error is not None:
                    app.notify(
                        f"summary not updated ({explain(event.error)}); those turns stay verbatim",
                        severity="warning",
                        markup=False,
                    )
                elif isinstance(event, Retrying):
                    app.activity.say(
                        f"rate limited: retry {event.attempt} of {RATE_LIMIT_RETRIES} in "
                        f"{event.wait_s:.0f}s…",
                        error=True,
                    )
                elif isinstance(event, TurnFinished):
                    await self._finished(event, reply_box)
                elif isinstance(event, TurnFailed):
                    await self._failed(event.error, event.question, reply_box)
        except LLMError as error:  # defensive: the coach normally reports these as events
            if shown is not None:
                await shown.flush()
            await self._failed(error, text, reply_box)
        except Exception as exc:  # noqa: BLE001 - a failed write (full disk, a key in the text)
            # must cost the user neither the app nor the message.
            coach.abandon_turn()
            if shown is not None:
                await shown.flush()
            await self._failed(LLMError("local", str(exc)), text, reply_box)
        finally:
            self.busy = False
            app.refresh_session()

    async def _finished(self, event: TurnFinished, reply_box) -> None:
        record = event.record
        marks = [f"{record.usage.completion_tokens} tokens"]
        if record.usage.estimated and not record.simulated:
            marks.append("estimated")  # the server sent no usage: our count, marked
        if record.note:
            marks.append(record.note)  # e.g. "reply cut off": what is shown is partial
        await reply_box.finish(event.reply.content, who=" · ".join([reply_box.who, *marks]))
        self.app.chat.scroll_end(animate=False)  # the finished reply may be taller than the stream
        if record.note:
            reply_box.set_class(True, "-partial")
        note = f" ({record.note})" if record.note else ""
        self.app.activity.say(f"turn {record.turn} done{note}", error=bool(record.note))

    async def _failed(self, error: LLMError, question: str, reply_box) -> None:
        app = self.app
        message = explain(error)
        if reply_box is not None:
            await reply_box.fail(f"Not answered: {message}")
        self.failed_text = question
        if not app.composer.text.strip():
            app.composer.text = question  # nothing is lost: the question is back in the input
        app.activity.say(f"{message} — Ctrl+R retries", error=True)
        # markup=False: the message quotes the server, and "[...]" there is text, not style.
        app.notify(
            message, title="The coach could not answer", severity="error", timeout=10, markup=False
        )


class _Coalesced:
    """Streams the reply into its box at most every FRAME_S seconds.

    A fast provider sends dozens of fragments a second; each one re-rendering the Markdown
    would make the interface, not the model, the slow part. The first fragment is shown at
    once; later ones are gathered and shown together, a frame later at most."""

    FRAME_S = 1 / 30

    def __init__(self, app, box) -> None:
        self._app = app
        self._box = box
        self._pending: list[str] = []
        self._shown_at = float("-inf")
        self._timer = None

    async def add(self, text: str) -> None:
        self._pending.append(text)
        wait = self._shown_at + self.FRAME_S - time.monotonic()
        if wait <= 0:
            await self.flush()
        elif self._timer is None:
            self._timer = self._app.set_timer(wait, self._due)

    async def _due(self) -> None:
        # The timer's own callback: stopping the timer here would cancel this very call.
        self._timer = None
        await self.flush()

    async def flush(self) -> None:
        if self._timer is not None:
            self._timer.stop()
            self._timer = None
        if self._pending:
            text = "".join(self._pending)
            self._pending.clear()
            self._shown_at = time.monotonic()
            await self._box.append(text)


def _draft_message(coach, text: str):
    from fincoach_tui.domain.conversation import Message

    return Message(coach.state.transcript.next_id(), "user", text, 0.0, coach.next_turn)
