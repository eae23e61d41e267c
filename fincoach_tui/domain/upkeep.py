"""Maintenance belongs to the strategy that caused it: the fact extractions and embedding
calls one strategy runs before a turn's request, for the cost comparison. Pure.

On a turn a strategy really ran they are the session's own records (`real_upkeep`); on any
other they are estimated from the same walk (`upkeep_estimate`): the requests its
maintenance would have built, with an assumed answer. Summary folds are the walk's own
(domain/counterfactual.py), since a fold changes what is sent next. An incremental walk
calls these per turn and prices the result with `curves.price_step`.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from typing import Any

from fincoach_tui.domain.conversation import Message
from fincoach_tui.domain.curves import EMBED, FoldStep, request_shape
from fincoach_tui.domain.fact_extraction import EXTRACT_BATCH_TOKENS, MAX_EXTRACTIONS_PER_TURN
from fincoach_tui.domain.fact_store import FactStore
from fincoach_tui.domain.memory import ExtractsFacts, Recalls
from fincoach_tui.domain.records import CallRecord
from fincoach_tui.domain.session_state import StrategySwitch


@dataclass(frozen=True)
class UpkeepMarks:
    """How many transcript messages (from the start, in order) one strategy's extractions
    have read and its embeddings cover: where its next estimated maintenance starts."""

    extracted_to: int = 0
    embedded_to: int = 0

    def after_real(
        self,
        history: Sequence[Message],
        facts: FactStore | None,
        records: Iterable[CallRecord],
    ) -> UpkeepMarks:
        """The marks once the strategy really ran a turn: past what the session's fact
        store covers, and past the question if it embedded."""
        extracted = self.extracted_to
        covered = facts.covered_ids if facts is not None else set()
        while extracted < len(history) and history[extracted].id in covered:
            extracted += 1
        embedded = len(history) + 1 if any(r.kind == EMBED for r in records) else self.embedded_to
        return UpkeepMarks(extracted, embedded)


def active_key(switches: Sequence[StrategySwitch], turn: int) -> tuple | None:
    """The strategy that sent turn `turn`, as (name, sorted parameters): the shape of
    `counterfactual.strategy_key`."""
    for switch in reversed(switches):
        if switch.turn <= turn:
            return (switch.name, tuple(sorted(switch.params.items())))
    return None


def real_upkeep(records: Iterable[CallRecord], strategy: str) -> tuple[FoldStep, ...]:
    """The turn's extraction and embedding records that `strategy` ran, as steps."""
    return tuple(
        FoldStep(
            r.counted_tokens,
            request_shape(m.role for m in r.sent),
            r.usage.completion_tokens,
            r,
            r.kind,
        )
        for r in records
        if r.strategy == strategy and r.kind != "chat"
    )


def upkeep_estimate(
    strategy: Any,
    history: Sequence[Message],
    new: Message,
    facts: FactStore | None,
    count_message: Callable[[Message], int],
    count_text: Callable[[str], int],
    marks: UpkeepMarks,
    *,
    embeds: bool,
) -> tuple[tuple[FoldStep, ...], UpkeepMarks]:
    """The extractions and embedding calls `strategy` would have run before `new`'s
    request had it been in use, none of them real, and the marks after them: each
    extraction's request as the coach builds it (a batch cut to EXTRACT_BATCH_TOKENS, at
    most MAX_EXTRACTIONS_PER_TURN calls) with an assumed answer
    (`ExtractPlan.expected_answer_tokens`); one embedding call over the user messages not
    embedded yet, the question included, when the session has an embeddings model."""
    calls: list[FoldStep] = []
    extracted, embedded = marks.extracted_to, marks.embedded_to
    store = facts if facts is not None else FactStore()
    if isinstance(strategy, ExtractsFacts):
        plan = strategy.extract_plan(tuple(history[extracted:]), new, store)
        while plan is not None and len(calls) < MAX_EXTRACTIONS_PER_TURN:
            part = plan.limited(count_message, EXTRACT_BATCH_TOKENS)
            request = part.request()
            content = sum(count_text(m["content"]) for m in request)
            roles = request_shape(m["role"] for m in request)
            calls.append(FoldStep(content, roles, part.expected_answer_tokens(), None, "extract"))
            extracted = _after(history, new, extracted, part.messages[-1])
            plan = plan.after(part, store)
    if embeds and isinstance(strategy, Recalls) and strategy.uses_recall:
        todo = [m for m in history[embedded:] if m.role == "user"]
        content = sum(count_message(m) for m in todo) + count_message(new)
        calls.append(FoldStep(content, (), 0, None, EMBED))
        embedded = len(history) + 1
    return tuple(calls), UpkeepMarks(extracted, embedded)


def _after(history: Sequence[Message], new: Message, start: int, last: Message) -> int:
    """How many transcript messages come up to and including `last` (`new` or one of the
    history's from `start` on)."""
    if last.id == new.id:
        return len(history) + 1
    for index in range(start, len(history)):
        if history[index].id == last.id:
            return index + 1
    return start
