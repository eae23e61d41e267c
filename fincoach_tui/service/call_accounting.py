"""What a call cost and used: its record, and the usage estimated when a server gives none.

Every model call of a turn (the reply, a fold, an extraction, an embedding) is accounted
the same way, so the rule lives here once; the coach (service/coach.py) decides when.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from fincoach_tui.domain.overhead_fit import LearnedOverhead
from fincoach_tui.domain.pricing import PriceTable, call_cost
from fincoach_tui.domain.records import CallRecord, Usage
from fincoach_tui.domain.tokens import TemplateOverhead
from fincoach_tui.service.events import RequestReady

__all__ = ["ModelChoice", "call_record", "estimate_usage"]


@dataclass(frozen=True)
class ModelChoice:
    """The model a call goes to, and how it is counted and priced."""

    provider: str
    model: str  # sent to the provider; for the offline coach, the model it is priced as
    overhead: TemplateOverhead
    simulated: bool = False


def call_record(
    choice: ModelChoice,
    prices: PriceTable,
    *,
    kind: str,
    turn: int,
    request: RequestReady,
    usage: Usage,
    latency_s: float,
    model: str | None = None,
    reply_id: str | None = None,
    note: str = "",
    extra: dict[str, Any] | None = None,
) -> CallRecord:
    """The record of one call of `request` (to `model`, by default the chosen one)."""
    model = model or choice.model
    return CallRecord(
        kind=kind,
        turn=turn,
        strategy=request.context.strategy,
        provider=choice.provider,
        model=model,
        sent=request.sent,
        omitted_ids=request.context.omitted_ids,
        counted_tokens=request.counted_tokens,
        predicted_prompt_tokens=request.predicted_prompt_tokens,
        usage=usage,
        cost_usd=call_cost(usage, prices.get(model)),
        latency_s=round(latency_s, 3),
        simulated=choice.simulated,
        reply_id=reply_id,
        note=note,
        extra=extra or {},
    )


def estimate_usage(
    messages: list[dict[str, str]],
    reply: str,
    count_text: Callable[[str], int],
    overhead: TemplateOverhead | LearnedOverhead,
) -> Usage:
    """For servers that report no usage: our count plus the predicted template, marked."""
    content = sum(count_text(m["content"]) for m in messages)
    roles = [m["role"] for m in messages]
    extra = (
        overhead.predict(roles, counted=content)
        if isinstance(overhead, LearnedOverhead)
        else overhead.predict(roles)
    )
    prompt = content + extra
    return Usage(prompt, count_text(reply) if reply else 0, estimated=True)
