"""What a chat record keeps of the strategy's choices beyond the messages it sent (its
`extra`): read back by the request inspector, never recomputed."""

from __future__ import annotations

from typing import Any

from fincoach_tui.domain.context import Context


def context_extra(context: Context) -> dict[str, Any]:
    """What a chat record keeps of the strategy's choices beyond the messages: the recalled
    turns with their scores, conflicts the facts won, and the strategy's note."""
    extra: dict[str, Any] = {}
    if context.note:
        extra["context_note"] = context.note
    if context.recalled:
        extra["recall"] = [
            {"turn": h.turn, "ids": list(h.ids), "score": h.score, "retriever": h.retriever}
            for h in context.recalled
        ]
    if context.conflicts:
        extra["conflicts"] = [
            {
                "key": c.key,
                "recalled_turn": c.recalled_turn,
                "recalled_value": c.recalled_value,
                "fact_value": c.fact_value,
                "fact_id": c.fact_id,
                "in_reply": c.in_reply,
                "source": c.source,
            }
            for c in context.conflicts
        ]
    return extra
