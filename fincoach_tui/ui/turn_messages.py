"""The messages a turn posts to the app (ui/turns.py runs the turn; the app's `@on`
handlers show them). Apart from the runner so the app can name them in its handlers
without importing the coach before its first frame."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from textual.message import Message

if TYPE_CHECKING:
    from fincoach_tui.domain.conversation import Message as ChatMessage
    from fincoach_tui.llm.base import LLMError
    from fincoach_tui.service.events import RequestReady, TurnFinished


class TurnUpdate(Message):
    """Something a turn did that the screen shows. Posted to the app by the turn worker."""


@dataclass
class QuestionShown(TurnUpdate):
    """The question is saved: show it, and under it the reply's box, waiting."""

    question: ChatMessage


@dataclass
class ReplyText(TurnUpdate):
    text: str  # the next piece of the reply, several fragments gathered at most a frame


@dataclass
class RequestShown(TurnUpdate):
    """The request is built: it is exactly what is sent next."""

    request: RequestReady


@dataclass
class TurnProgress(TurnUpdate):
    """One line for the activity line; `notice`: also shown as a notification."""

    line: str
    error: bool = False
    notice: bool = False


@dataclass
class ReplyFinished(TurnUpdate):
    event: TurnFinished


@dataclass
class ReplyFailed(TurnUpdate):
    """The turn was not answered; `question` goes back into the composer."""

    error: LLMError
    question: str
    resendable: bool = True


@dataclass
class TurnEnded(TurnUpdate):
    """The turn is over, answered or not: the session's numbers are current."""
