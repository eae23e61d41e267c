"""The summary fold: turns folded into the running summary by a model call of its own,
run before the request (service/coach.py) and accounted like any maintenance call."""

from __future__ import annotations

from fincoach_tui.domain.context import Context
from fincoach_tui.domain.memory.summary import FoldPlan
from fincoach_tui.domain.plurals import plural, turn_span
from fincoach_tui.domain.session_events import SummaryEvent
from fincoach_tui.llm.base import Completion, LLMError
from fincoach_tui.service.events import FoldFinished
from fincoach_tui.service.maintainer import Maintainer, context_message, unsaved_reason


def fold_waits(maintainer: Maintainer, turn: int) -> bool:
    """The last fold could not be saved and the wait after it is not over at `turn`: the
    turns stay verbatim meanwhile (1, 2, 4 … turns: a full disk does not bill a fold
    every turn)."""
    return maintainer.progress.fold_unsaved.waiting(turn)


async def fold(maintainer: Maintainer, plan: FoldPlan, strategy: str = "summary") -> FoldFinished:
    """Fold turns into the summary with a model call of its own, accounted like a turn.

    The summary may be no larger than what it replaces (`FoldPlan.bounded`). A failed fold
    is not fatal: the turns stay verbatim and the next turn tries again (after a wait, if
    the summary could not be saved). A fold that gives back the previous text is billed
    once, as the call it was; it claims the turns only if they held nothing the text
    lacks, else they are folded again with the next batch.
    """
    plan = plan.bounded(maintainer.count_message)
    messages = plan.request()
    note = f"folding {turn_span(plan.first_turn, plan.last_turn)}"
    # Labelled with the strategy that folds (summary, hybrid): its cost is that strategy's.
    context = Context(strategy, tuple(context_message(m) for m in messages), (), note)
    request = await maintainer.measured(context)
    started = maintainer.clock()
    text, usage = "", None
    try:
        async for event in maintainer.llm.stream(
            messages, model=maintainer.model, max_tokens=plan.cap_tokens * 2
        ):
            if isinstance(event, Completion):
                text, usage = event.text, event.usage
    except LLMError as error:
        return FoldFinished(None, None, error)
    if usage is None:
        usage = maintainer.ledger.estimate_usage(messages, text)
    summary = plan.result(text, maintainer.counter.count)
    turns = turn_span(plan.first_turn, plan.last_turn)
    if summary.unchanged and summary.last_turn < plan.last_turn:
        outcome = f"summary unchanged, {turns} not claimed (folded again with the next batch)"
    elif summary.unchanged:
        outcome = f"summary unchanged ({turns} added nothing to it)"
    else:
        outcome = f"folded {turns}"
    if summary.dropped:
        outcome += f"; {summary.warning()}"
    unsaved = maintainer.progress.fold_unsaved
    try:
        record = maintainer.ledger.account(
            "summary",
            request,
            usage,
            started,
            model=maintainer.model,
            note=outcome,
            events=[SummaryEvent(summary)],
        )  # billed and kept together
    except OSError as exc:  # a full disk: the turns stay verbatim, folded again later
        waits, said_before = unsaved.failed(maintainer.next_turn)
        return FoldFinished(
            None, None, unsaved=unsaved_reason(exc), waits=waits, said_before=said_before
        )
    unsaved.saved()
    return FoldFinished(summary, record)


def describe_fold(event: FoldFinished) -> tuple[str, bool]:
    """The line for a fold whose summary could not be saved (`event.unsaved`), and whether
    it is a warning (shown, not just said): once while the disk stays full."""
    return (
        f"summary could not be saved ({event.unsaved}): those turns stay verbatim; "
        f"summarizing waits {plural(event.waits, 'turn')}",
        not event.said_before,
    )
