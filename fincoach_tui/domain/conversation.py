"""The conversation: messages and the append-only transcript. Pure.

Strategies read the transcript and never change it. A message is never edited or
removed; a user message whose turn failed is *withdrawn* (the event is kept in the log
and its text handed back to the input box), so the transcript always alternates
user / assistant and a retry is simply sending it again.
"""

from __future__ import annotations

import sys
from dataclasses import asdict, dataclass
from typing import Any

ROLES = ("user", "assistant")


@dataclass(frozen=True, slots=True, weakref_slot=True)  # slots: a session holds thousands
class Message:
    id: str
    role: str  # "user" | "assistant"  (the system prompt is not part of the transcript)
    content: str
    ts: float  # seconds since the epoch
    turn: int  # 1-based; a user message and the reply to it share a turn

    def to_dict(self) -> dict[str, Any]:
        return asdict(self)

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> Message:
        return cls(
            # Interned: records name the same ids (reply_id, references), one copy for all.
            id=sys.intern(str(data["id"])),
            role=sys.intern(str(data["role"])),
            content=str(data["content"]),
            ts=float(data["ts"]),
            turn=int(data["turn"]),
        )


class TranscriptError(ValueError):
    pass


class Transcript:
    """Every message of the session, in order. Append-only."""

    def __init__(self) -> None:
        self._messages: list[Message] = []
        self._issued = 0  # ids are never reused, even after a withdrawal
        # `messages` as a tuple, made once per change: a turn reads it several times, and
        # the same tuple lets readers tell in O(1) that the history has not changed.
        self._frozen: tuple[Message, ...] | None = ()

    def __len__(self) -> int:
        return len(self._messages)

    @property
    def messages(self) -> tuple[Message, ...]:
        if self._frozen is None:
            self._frozen = tuple(self._messages)
        return self._frozen

    @property
    def completed_turns(self) -> int:
        """Turns that have both a question and a reply."""
        return len(self._messages) // 2

    @property
    def pending(self) -> Message | None:
        """The newest user message, if it has no reply yet."""
        if self._messages and self._messages[-1].role == "user":
            return self._messages[-1]
        return None

    def before(self, new: Message) -> tuple[Message, ...]:
        """The messages without `new` (the question of the turn under way, if recorded)."""
        messages = self.messages
        if messages and messages[-1].id == new.id:  # the usual case: a slice, not a scan
            return messages[:-1]
        if all(m.id != new.id for m in messages[-2:]):
            # Not recorded (a preview, the comparison's template): the transcript only
            # grows at its end, so a question under way is among its newest messages.
            return messages
        return tuple(m for m in messages if m.id != new.id)

    def next_id(self) -> str:
        return f"m{self._issued + 1}"

    def append(self, message: Message) -> Message:
        expected = "assistant" if self.pending else "user"
        if message.role != expected:
            raise TranscriptError(f"expected a {expected} message, got {message.role}")
        if any(m.id == message.id for m in self._messages[-2:]):
            raise TranscriptError(f"duplicate message id {message.id}")
        self._messages.append(message)
        self._frozen = None
        self._issued = max(self._issued, _id_number(message.id))
        return message

    def add(self, role: str, content: str, ts: float) -> Message:
        turn = self.completed_turns + 1
        return self.append(Message(self.next_id(), role, content, ts, turn))

    def withdraw_pending(self) -> Message:
        """Take back the unanswered user message (its turn failed)."""
        pending = self.pending
        if pending is None:
            raise TranscriptError("no unanswered message to withdraw")
        self._messages.pop()
        self._frozen = None
        return pending


def _id_number(message_id: str) -> int:
    digits = message_id.lstrip("m")
    return int(digits) if digits.isdigit() else 0
