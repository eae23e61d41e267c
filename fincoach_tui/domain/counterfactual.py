"""What every strategy would have sent, and cost, on the conversation actually had. Pure.

For each completed turn t and each strategy, the strategy's own `build()` is run on the
transcript as it stood at t (history before t, the user message of t), so the request is
exactly what that strategy would have sent: no second implementation of any strategy.
Its content tokens come from the caller's cached counter; the template overhead and the
price are applied when a report is made, so a newly learned overhead re-prices the past.

Honest about what is known:
- a turn whose real request was identical keeps its real bill (cache discount included);
- any other turn is predicted (content + overhead), priced without a cache discount,
  with the real reply's completion tokens (the reply is the transcript's, whoever sent it);
- summary-based strategies (those with `fold_plan`) use the real summary when one covering
  the same turns exists, and its real fold's bill; otherwise a summary at its cap is
  assumed, its fold estimated at cap tokens out, and the turn is marked `estimated`;
- other derived state a strategy reads (the fact store, recall vectors) is as it is now,
  and upkeep calls other than summary folds (fact extraction) are not estimated.

Incremental: each strategy keeps its steps, so a new turn costs one `build()` per strategy.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field, replace
from typing import Any

from fincoach_tui.domain.context import Context, ContextMessage
from fincoach_tui.domain.conversation import Message
from fincoach_tui.domain.curves import (  # noqa: F401 - the report's types, re-exported
    CounterfactualReport,
    Curve,
    FoldStep,
    Overhead,
    Step,
    actual_curve,
    price_steps,
    strategy_label,
)
from fincoach_tui.domain.memory.base import MemoryView, Summary
from fincoach_tui.domain.pricing import Price
from fincoach_tui.domain.records import CallRecord
from fincoach_tui.domain.session_state import SessionState


def _key(strategy: Any) -> tuple:
    return (strategy.name, tuple(sorted(strategy.params().items())))


@dataclass
class Walker:
    """One strategy walking the conversation turn by turn, with its own summary state."""

    strategy: Any
    steps: list[Step] = field(default_factory=list)
    summary: Summary | None = None
    summary_estimated: bool = False
    error: str = ""


class CounterfactualLedger:
    """Per-strategy steps over one session; `update` extends them, `report` prices them."""

    def __init__(self, count_context: Callable[[ContextMessage], int], count_text: Callable[[str], int]) -> None:
        self._count_context = count_context
        self._count_text = count_text
        self._walkers: dict[tuple, Walker] = {}
        self._chat: dict[int, CallRecord] = {}  # turn -> its (last) chat call
        self._folds: list[CallRecord] = []  # summary calls, in order: one per real summary
        self._real: dict[int, tuple[Summary, CallRecord | None]] = {}  # last_turn -> summary
        self._records_seen = 0
        self._summaries_seen = 0

    # ---- stepping ------------------------------------------------------------------
    def update(self, state: SessionState, strategies: Iterable[Any], template: MemoryView) -> None:
        """Bring every strategy up to the last completed turn. `template` carries the
        system prompt, the counter and any extra state a strategy reads; history, new
        message and summary are replaced per turn."""
        self._absorb(state)
        messages = state.transcript.messages
        turns = len(messages) // 2
        if turns and turns not in self._chat:
            turns -= 1  # its reply is in but its record not yet: a step is never redone, so wait
        for strategy in strategies:
            walker = self._walkers.setdefault(_key(strategy), Walker(strategy))
            if len(walker.steps) > turns:  # not this conversation any more: start over
                walker = self._walkers[_key(strategy)] = Walker(strategy)
            while not walker.error and len(walker.steps) < turns:
                t = len(walker.steps) + 1
                record = self._chat.get(t)
                completion = record.usage.completion_tokens if record else 0
                try:
                    step = self.step(walker, template, messages[: 2 * (t - 1)], messages[2 * (t - 1)],
                                     completion, record)
                except Exception as exc:  # noqa: BLE001 - a strategy needing state we lack
                    walker.error = f"{type(exc).__name__}: {exc}"
                    break
                walker.steps.append(step)

    def step(
        self,
        walker: Walker,
        template: MemoryView,
        history: Sequence[Message],
        new: Message,
        completion: int,
        record: CallRecord | None = None,
        sizes: Mapping[str, int] | None = None,
    ) -> Step:
        """What `walker`'s strategy sends for `new`; `sizes` overrides counts by message id
        (the projection's synthetic turns have a size but no text)."""
        history = tuple(history)
        fold = self._maybe_fold(walker, history, sizes)
        count = template.count if not sizes else (lambda m: sizes[m.id] if m.id in sizes else template.count(m))
        view = replace(template, history=history, new=new, summary=walker.summary, count=count)
        context: Context = walker.strategy.build(view)
        content = sum(self._count(m, sizes) for m in context.messages)
        estimated = walker.summary_estimated and _has_summary(context)
        if estimated:
            content += walker.summary.tokens  # type: ignore[union-attr]
        roles = _shape(m.role for m in context.messages)
        same = record is not None and not estimated and _same_request(context, content, record)
        return Step(new.turn, content, roles, completion, estimated, record if same else None, fold)

    def _count(self, message: ContextMessage, sizes: Mapping[str, int] | None) -> int:
        if sizes and len(message.source_ids) == 1 and message.source_ids[0] in sizes:
            return sizes[message.source_ids[0]]
        return self._count_context(message)

    def _maybe_fold(self, walker: Walker, history: tuple[Message, ...], sizes) -> FoldStep | None:
        fold_plan = getattr(walker.strategy, "fold_plan", None)
        plan = fold_plan(history, walker.summary) if fold_plan else None
        if plan is None:
            return None
        real = self._real.get(plan.last_turn)
        if real is not None and real[1] is not None:
            walker.summary, walker.summary_estimated = real[0], False
            fold_record = real[1]
            return FoldStep(fold_record.counted_tokens, _shape(m.role for m in fold_record.sent),
                            fold_record.usage.completion_tokens, fold_record)
        request = plan.request()
        missing = plan.previous.tokens if plan.previous and walker.summary_estimated else 0
        content = missing + sum(self._count_text(m["content"]) for m in request)
        content += sum(sizes.get(i, 0) for i in plan.message_ids) if sizes else 0
        roles = _shape(m["role"] for m in request)
        if real is not None:  # the summary is real but its call was not recorded
            walker.summary, walker.summary_estimated = real[0], False
        else:
            covered = (plan.previous.covers_ids if plan.previous else ()) + plan.message_ids
            walker.summary = Summary("", plan.last_turn, covered, plan.cap_tokens)
            walker.summary_estimated = True
        return FoldStep(content, roles, plan.cap_tokens)

    def _absorb(self, state: SessionState) -> None:
        """Index the records and summaries added since the last update (both append-only)."""
        # Sliced once and counted from the slice: an event applied meanwhile is read next time.
        new_records = state.records[self._records_seen:]
        self._records_seen += len(new_records)
        for record in new_records:
            if record.kind == "chat":
                self._chat[record.turn] = record
            elif record.kind == "summary":
                self._folds.append(record)
        new_summaries = state.summaries[self._summaries_seen:]
        for index, summary in enumerate(new_summaries, start=self._summaries_seen):
            self._real[summary.last_turn] = (summary, self._folds[index] if index < len(self._folds) else None)
        self._summaries_seen += len(new_summaries)

    def fork(self, strategy: Any) -> Walker | None:
        """A copy of a strategy's walk so far (summary state included), to walk on from."""
        walker = self._walkers.get(_key(strategy))
        if walker is None or walker.error:
            return None
        return Walker(walker.strategy, list(walker.steps), walker.summary, walker.summary_estimated)

    # ---- pricing -------------------------------------------------------------------
    def report(
        self,
        state: SessionState,
        strategies: Sequence[Any],
        overhead: Overhead,
        price: Price | None,
        fold_price: Price | None = None,
    ) -> CounterfactualReport:
        curves = []
        for strategy in strategies:
            walker = self._walkers.get(_key(strategy))
            steps = walker.steps if walker else []
            curve = price_steps(steps, strategy.name, strategy_label(strategy), overhead, price, fold_price)
            curves.append(replace(curve, error=walker.error if walker else ""))
        switches = [s.name for s in state.switches]
        path = tuple(n for i, n in enumerate(switches) if i == 0 or switches[i - 1] != n)
        active = switches[-1] if switches else ""
        return CounterfactualReport(tuple(curves), actual_curve(state.records), active, path)


def _shape(roles: Iterable[str]) -> tuple[tuple[str, int], ...]:
    counts: dict[str, int] = {}
    for role in roles:
        counts[role] = counts.get(role, 0) + 1
    return tuple(sorted(counts.items()))


def _has_summary(context: Context) -> bool:
    return any(s.provenance == "summary" for s in context.messages[0].sections) if context.messages else False


def _same_request(context: Context, content: int, record: CallRecord) -> bool:
    """The real call sent these very messages (same roles, sources and size)."""
    return (
        content == record.counted_tokens
        and len(record.sent) == len(context.messages)
        and all(s.role == m.role and tuple(s.source_ids) == tuple(m.source_ids)
                for s, m in zip(record.sent, context.messages))
    )
