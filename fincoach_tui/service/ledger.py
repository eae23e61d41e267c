"""The context ledger of a request on screen: its parts counted with the session's own
counter (the UI never counts a token itself) and priced at the model's input rate."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from fincoach_tui.domain.ledger import Ledger, context_ledger
from fincoach_tui.domain.records import SentMessage

if TYPE_CHECKING:
    from fincoach_tui.service.coach import Coach


def ledger_for(
    coach: Coach,
    sent: Sequence[SentMessage],
    prompt_tokens: int,
    *,
    model: str | None = None,
    estimated: bool = False,
    context_window: int | None = None,
) -> Ledger:
    return context_ledger(
        sent,
        coach.count_text,
        prompt_tokens=prompt_tokens,
        price=coach.prices.get(model or coach.choice.model),
        context_window=context_window,
        estimated=estimated,
    )
