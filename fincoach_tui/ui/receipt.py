"""The receipt under each reply: `↑ 519 (35 template) · ↓ 92 · $0.00013 · session $0.0021`.

Tokens up (billed prompt, of which the chat template added so many), tokens down, what
the reply's call cost, and what the session has cost so far (maintenance calls included).
Our estimates carry "≈"; a call without a price says "no price", a session total missing
some prices ends in "+?". Formatting only: the figures are the records'. The line
belongs to its reply's box (ui/chat.py's `Receipt`; ui/reply_dress.py dresses a reply).
"""

from __future__ import annotations

from collections.abc import Sequence

from fincoach_tui.domain.records import CallRecord
from fincoach_tui.ui import format as fmt


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
