"""Runs one turn in the app: from the submitted text to the finished reply on screen.

Kept out of the App class so the app stays an arrangement of parts. Everything here
reacts to the coach's events; nothing here counts a token or builds a request.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from fincoach_tui.coach import (
    FoldFinished,
    FoldStarted,
    ReplyDelta,
    RequestReady,
    Retrying,
    TurnFailed,
    TurnFinished,
)
from fincoach_tui.llm.base import LLMError
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
        request = app.live.coach.preview(text)
        window = app.engine.context_window if app.engine else None
        if window is not None and request.predicted_prompt_tokens > window:
            app.notify(
                f"this request would need {request.predicted_prompt_tokens:,} tokens but the "
                f"model's context window is {window:,}. Shorten the message or switch to a "
                "bounded strategy (Ctrl+S). Nothing was sent.",
                severity="error", timeout=12,
            )
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
        reply_box = None
        try:
            await app.chat.add_message(_draft_message(coach, text))
            app.activity.say("waiting for the first token…")
            reply_box = await app.chat.begin_reply(coach.next_turn)
            async for event in coach.turn(text):
                if isinstance(event, ReplyDelta):
                    await reply_box.append(event.text)
                elif isinstance(event, RequestReady):
                    app.side.show_pending(event)
                    app.activity.say(
                        f"sent {len(event.sent)} messages · {event.counted_tokens:,} tokens counted · "
                        f"{event.predicted_prompt_tokens:,} predicted billed · waiting…"
                    )
                elif isinstance(event, FoldStarted):
                    app.activity.say(f"summarizing turns {event.first_turn}-{event.last_turn}…")
                elif isinstance(event, FoldFinished) and event.error is not None:
                    app.notify(
                        f"summary not updated ({explain(event.error)}); those turns stay verbatim",
                        severity="warning",
                    )
                elif isinstance(event, Retrying):
                    app.activity.say(
                        f"rate limited: retry {event.attempt} in {event.wait_s:.0f}s…", error=True
                    )
                elif isinstance(event, TurnFinished):
                    label = f"{reply_box.who} · {event.record.usage.completion_tokens} tokens"
                    await reply_box.finish(event.reply.content, who=label)
                    note = f" ({event.record.note})" if event.record.note else ""
                    app.activity.say(f"turn {event.record.turn} done{note}")
                elif isinstance(event, TurnFailed):
                    await self._failed(event.error, event.question, reply_box)
        except LLMError as error:  # defensive: the coach normally reports these as events
            await self._failed(error, text, reply_box)
        finally:
            self.busy = False
            app.refresh_session()

    async def _failed(self, error: LLMError, question: str, reply_box) -> None:
        app = self.app
        message = explain(error)
        if reply_box is not None:
            await reply_box.fail(f"Not answered: {message}")
        self.failed_text = question
        if not app.composer.text.strip():
            app.composer.text = question  # nothing is lost: the question is back in the input
        app.activity.say(f"{message} — Ctrl+R retries", error=True)
        app.notify(message, title="The coach could not answer", severity="error", timeout=10)


def _draft_message(coach, text: str):
    from fincoach_tui.domain.conversation import Message

    return Message(coach.state.transcript.next_id(), "user", text, 0.0, coach.next_turn)
