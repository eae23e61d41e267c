"""How a reply is dressed from its call's record: "· 92 tokens", "estimated", "stopped"
or "reply cut off" after its label, and its receipt line under it.

One function for both paths, so a reply looks the same when it has just streamed in, when
the session is opened again, and when its page is loaded with "load earlier".
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from fincoach_tui.domain.plurals import plural
from fincoach_tui.domain.records import CallRecord
from fincoach_tui.ui.message_box import Dress
from fincoach_tui.ui.receipt import receipt_line

if TYPE_CHECKING:
    from fincoach_tui.domain.conversation import Message


def reply_marks(record: CallRecord) -> tuple[str, ...]:
    marks = [plural(record.usage.completion_tokens, "token")]
    if record.usage.estimated and not record.simulated:
        marks.append("estimated")  # the server sent no usage: our count, marked
    if record.note:
        marks.append(record.note)  # "stopped", "reply cut off": what is shown is partial
    return tuple(marks)


def dress_of(record: CallRecord, so_far: Sequence[CallRecord], *, receipts: bool) -> Dress:
    """`so_far`: the session's records up to and including `record` (the receipt's
    session total)."""
    receipt = receipt_line(record, so_far) if receipts else ""
    return Dress(reply_marks(record), receipt, partial=bool(record.note))


class SessionDress:
    """Dresses a session's replies from its records, found by the reply's message id.

    `records` is the session's own list: it grows as turns come in, and the index follows
    it (only the records added since are read)."""

    def __init__(self, records: Sequence[CallRecord], *, receipts: bool) -> None:
        self.records = records
        self.receipts = receipts
        self._where: dict[str, int] = {}
        self._indexed = 0

    def __call__(self, message: Message) -> Dress | None:
        if message.role != "assistant":
            return None
        index = self.index_of(message.id)
        if index is None:
            return None
        return dress_of(self.records[index], self.records[: index + 1], receipts=self.receipts)

    def index_of(self, reply_id: str) -> int | None:
        records = self.records
        for i in range(self._indexed, len(records)):
            made = records[i].reply_id
            if records[i].kind == "chat" and made:
                self._where[made] = i
        self._indexed = len(records)
        return self._where.get(reply_id)

    def of_record(self, record: CallRecord) -> Dress:
        """A reply just finished: `record` is its call's (the state may hold a copy)."""
        index = self.index_of(record.reply_id) if record.reply_id else None
        so_far = self.records[: index + 1] if index is not None else [*self.records, record]
        return dress_of(record, so_far, receipts=self.receipts)
