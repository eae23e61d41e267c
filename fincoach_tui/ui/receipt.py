"""The receipt under each reply: `↑ 519 (35 template) · ↓ 92 · $0.00013 · session $0.0021`.

Tokens up (billed prompt, of which the chat template added so many), tokens down, what
the reply's call cost, and what the session has cost so far (maintenance calls included).
Our estimates carry "≈"; a call without a price says "no price", a session total missing
some prices ends in "+?". Formatting only: the figures are the records'.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from textual.widgets import Static

from fincoach_tui.domain.records import CallRecord
from fincoach_tui.ui import format as fmt
from fincoach_tui.ui.chat import MessageBox

if TYPE_CHECKING:
    from fincoach_tui.domain.conversation import Message
    from fincoach_tui.ui.chat import ChatView


def session_cost_text(records: Sequence[CallRecord]) -> str:
    costs = [r.cost_usd for r in records]
    priced = [c for c in costs if c is not None]
    if costs and not priced:
        return "no price"
    estimated = any(r.usage.estimated and not r.simulated for r in records)
    text = ("≈" if estimated else "") + fmt.usd(sum(priced))
    return text + ("+?" if len(priced) < len(costs) else "")


def receipt_line(record: CallRecord, so_far: Sequence[CallRecord]) -> str:
    """`so_far`: the session's records up to and including `record`."""
    mark = "≈" if record.usage.estimated and not record.simulated else ""
    gap = record.template_gap
    up = f"↑ {mark}{fmt.tokens(record.usage.prompt_tokens)} ({fmt.tokens(gap)} template)"
    down = f"↓ {mark}{fmt.tokens(record.usage.completion_tokens)}"
    cost = "no price" if record.cost_usd is None else mark + fmt.usd(record.cost_usd)
    return f"{up} · {down} · {cost} · session {session_cost_text(so_far)}"


class Receipt(Static):
    """One muted line under a reply (two in a narrow chat pane: wrapped, never cut)."""

    DEFAULT_CSS = """
    Receipt { height: auto; color: $text-muted; }
    """

    def __init__(self, line: str) -> None:
        super().__init__(line, markup=False, classes="receipt")


async def add_history_receipts(
    chat: ChatView, messages: Sequence[Message], records: Sequence[CallRecord]
) -> None:
    """Receipts under the replies of a session just opened: the pane shows the newest page
    of the transcript, so its reply boxes are the newest replies, in order."""
    where = {r.reply_id: i for i, r in enumerate(records) if r.kind == "chat" and r.reply_id}
    boxes = [box for box in chat.query(MessageBox) if box.has_class("-assistant")]
    replies = [m for m in messages if m.role == "assistant"]
    for box, reply in zip(reversed(boxes), reversed(replies), strict=False):
        index = where.get(reply.id)
        if index is not None and not box.query(Receipt):
            await box.mount(Receipt(receipt_line(records[index], records[: index + 1])))
