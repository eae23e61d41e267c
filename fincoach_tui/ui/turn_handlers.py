"""The app's part that starts a turn and shows it from the messages its worker posts.

The coach owns the turn's rules; `TurnRunner` (ui/turns.py) runs a started turn and posts
what happens; the `@on` handlers here show each message where it belongs: the chat, the
activity line, the side panel, the composer.
"""

from __future__ import annotations

from functools import cached_property
from typing import TYPE_CHECKING

from textual import on

from fincoach_tui.ui import heap
from fincoach_tui.ui.app_base import FinCoachBase
from fincoach_tui.ui.composer import Composer
from fincoach_tui.ui.errors import explain, send_again_hint
from fincoach_tui.ui.turn_messages import (
    QuestionShown,
    ReplyFailed,
    ReplyFinished,
    ReplyText,
    RequestShown,
    TurnEnded,
    TurnProgress,
)

# The turn runner imports the coach: imported where used, after the first frame.
if TYPE_CHECKING:
    from fincoach_tui.llm.base import LLMError
    from fincoach_tui.service.events import TurnRefused
    from fincoach_tui.ui.message_box import MessageBox
    from fincoach_tui.ui.turns import TurnRunner


class TurnHandlers(FinCoachBase):
    """Enter and Ctrl+R start a turn; its messages are shown as they come."""

    _reply_box: MessageBox | None = None  # the reply of the turn under way
    _finished: ReplyFinished | None = None  # its end, shown when the turn ends

    @cached_property
    def after_workers(self) -> heap.AfterWorkers:
        return heap.AfterWorkers(self)

    @cached_property
    def turns(self) -> TurnRunner:
        from fincoach_tui.ui.turns import TurnRunner

        return TurnRunner(self.post_message)

    def forget_session_input(self) -> None:
        super().forget_session_input()
        self.turns.failed_text = None  # Ctrl+R must not send it to another session

    def offer_retry(self, question: str) -> None:
        self.turns.failed_text = question

    def on_composer_submitted(self, event: Composer.Submitted) -> None:
        self.submit(event.text, typed=True)

    def action_retry(self) -> None:
        text = self.turns.take_failed()
        if text is None:
            self.notify("nothing to retry")
            return
        self.submit(text)

    def submit(self, text: str, *, typed: bool = False) -> None:
        """Send `text`. `typed`: Enter in the composer, which took it out already; refused,
        it goes back there. Otherwise (Ctrl+R) the composer's copy of it goes once sent,
        and what the person typed after it stays."""
        if self.start_turn(text):
            if not typed:
                self._take_out_handed_back(text)
        elif typed and not self.composer.text.startswith(text):
            # (A refusal that hands the question back itself, as a failed write or a key
            # in the text does, has put it there already.)
            self.composer.give_back(text)

    def _take_out_handed_back(self, sent: str) -> None:
        """Ctrl+R sent `sent`: its copy the app handed back leaves the composer (first, or
        all of it); text the person typed is not theirs to lose."""
        composer, question = self.composer, self._handed_back
        if question == sent and composer.text.startswith(question + "\n"):
            composer.text = composer.text[len(question) + 1 :]
        elif composer.text.strip() == sent.strip():
            composer.text = ""
        self._handed_back = ""

    def start_turn(self, text: str) -> bool:
        """Start a turn with `text`: the coach checks it and writes the question at once,
        in this handler, before any widget is touched or any worker started. False if it
        was refused (said why; nothing of it is in the session)."""
        if self.live is None:
            self.notify("still starting, one moment: your text is kept", severity="warning")
            return False
        from fincoach_tui.service.events import TurnRefused

        if self.budget_refuses(text):  # a hard budget: nothing sent, the text stays
            return False
        try:
            turn = self.live.coach.begin(text)
        except TurnRefused as refused:
            self._refused(refused, text)
            return False
        # A coroutine, not a @work method: a finished worker keeps its method's arguments,
        # and the turn's would keep a session that was left from being collected.
        self.run_worker(self.turns.run(turn), exclusive=True, group="turn")
        return True

    def _refused(self, refused: TurnRefused, text: str) -> None:
        if refused.kind == "too_long":
            # Counted before sending: a paste too big for the model costs nothing.
            self.notify(
                f"{refused.reason} Ctrl+S picks a strategy. Nothing was sent.",
                title="Too long to send",
                severity="error",
                timeout=12,
                markup=False,
            )
            self.activity.say("not sent: the request would not fit the context window", error=True)
        elif refused.kind == "not_saved":
            from fincoach_tui.llm.base import LLMError

            self._not_answered(LLMError("local", refused.reason), text, refused.resendable)
        else:
            self.notify(refused.reason, severity="warning", markup=False)

    @on(QuestionShown)
    async def _show_question(self, message: QuestionShown) -> None:
        self._reply_box = await self.chat.begin_exchange(
            message.question, receipt=self.config.receipts
        )
        self.activity.say("waiting for the first token…")

    @on(ReplyText)
    def _show_reply_text(self, message: ReplyText) -> None:
        if self._reply_box is not None:
            self._reply_box.append(message.text)

    @on(RequestShown)
    def _show_request(self, message: RequestShown) -> None:
        request = message.request
        self.side.show_pending(request)
        self.activity.say(
            f"sent {len(request.sent)} messages · {request.counted_tokens:,} tokens counted · "
            f"{request.predicted_prompt_tokens:,} predicted billed · waiting…"
        )

    @on(TurnProgress)
    def _show_progress(self, message: TurnProgress) -> None:
        if message.notice:
            self.notify(message.line, severity="warning", markup=False, timeout=8)
        self.activity.say(message.line, error=message.error)

    @on(ReplyFinished)
    def _reply_finished(self, message: ReplyFinished) -> None:
        # Shown with the turn's end, which follows at once: the reply's last text, its
        # receipt and the panel's figures then reach the screen in one frame, not two.
        self._finished = message

    def _show_reply(self, message: ReplyFinished) -> None:
        """The reply's last text, its marks and receipt (nothing awaited)."""
        reply, record = message.event.reply, message.event.record
        box = self._reply_box
        if box is not None:
            dress = self.reply_dress()
            box.finish(reply.content, dress.of_record(record) if dress is not None else None)
            if not self.chat.is_anchored:
                self.chat.follow_newest()  # the finished reply may be taller
        note = f" ({record.note})" if record.note else ""
        self.activity.say(f"turn {record.turn} done{note}", error=bool(record.note))

    @on(ReplyFailed)
    def _show_failure(self, message: ReplyFailed) -> None:
        if self._reply_box is not None:
            self._reply_box.fail(f"Not answered: {explain(message.error)}")
        self._not_answered(message.error, message.question, message.resendable)

    def _not_answered(self, error: LLMError, question: str, resendable: bool) -> None:
        text = explain(error)
        if resendable:
            self.turns.failed_text = question
        in_composer = not self.composer.text.strip()
        if in_composer:
            self.composer.hand_back(question)  # nothing is lost: the question is back in the input
            self._handed_back = question
        self.activity.say(f"{text} — Ctrl+R retries" if resendable else text, error=True)
        hint = send_again_hint(in_composer=in_composer, resendable=resendable)
        if error.kind == "stopped":
            # The person's own doing: not an alarm, but where the question went and how
            # to send it again.
            if hint:
                self.notify(hint, timeout=8, markup=False)
            return
        # markup=False: the message quotes the server, and "[...]" there is text, not style.
        self.notify(
            f"{text}.\n{hint[0].upper()}{hint[1:]}." if hint else text,
            title="The coach could not answer",
            severity="error",
            timeout=10,
            markup=False,
        )

    @on(TurnEnded)
    def turn_ended(self) -> None:
        finished, self._finished = self._finished, None
        if not self.screen_stack:  # the app closed as the turn ended: nothing to show it on
            self._reply_box = None
            return
        with self.batch_update():  # one frame for the chat, the bar and the panel
            if finished is not None:
                self._show_reply(finished)
            self._reply_box = None
            self.refresh_session()
        # Once the turn's last frame is drawn and its workers (its own, the comparison's walk
        # it started) have ended: what it left is collected and the rest frozen (ui/heap.py),
        # so no full collection scans the sitting in the middle of a reply, and no worker
        # is frozen alive to be garbage a moment later.
        self.after_workers.call(heap.settle_turn)
