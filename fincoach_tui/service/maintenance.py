"""Maintenance the memory strategies need before a request is built: a summary fold,
fact extraction, and embedding new messages for recall.

Each is a model call of its own, run before the request so the request can use it,
recorded as a `CallRecord` (kind "summary" / "extract" / "embed") with its own tokens and
cost, and saved as events that name the message ids they cover. A failure is a note,
never a lost turn: the turn goes on with what the store already holds.

Kept apart from the coach so coach.py stays the turn loop. It sees only `Maintainer`
(service/maintainer.py): what it reads and where it records, never the coach itself. A
pass reads only the messages that are new since the last one (`MaintenanceProgress`):
everything before is known done, so the work per turn does not grow with the session.
"""

from __future__ import annotations

from collections.abc import AsyncIterator

from fincoach_tui.domain.context import Context
from fincoach_tui.domain.conversation import Message
from fincoach_tui.domain.fact_extraction import (
    EXTRACT_BATCH_TOKENS,
    EXTRACT_MAX_TOKENS,
    MAX_EXTRACTIONS_PER_TURN,
    PAUSE_AFTER_REJECTIONS,
    ExtractPlan,
    is_paused,
)
from fincoach_tui.domain.memory import ExtractsFacts, Recalls, Strategy
from fincoach_tui.domain.plurals import plural, turn_span
from fincoach_tui.domain.records import Usage
from fincoach_tui.domain.session_events import (
    EmbeddingsEvent,
    ExtractionResumedEvent,
    facts_event,
)
from fincoach_tui.llm.base import Completion, LLMError
from fincoach_tui.service.events import (
    ExtractFinished,
    ExtractStarted,
    IndexFinished,
    MaintenanceEvent,
    RequestReady,
)
from fincoach_tui.service.maintainer import Maintainer, context_message, unsaved_reason

# The batch's tokens (EXTRACT_BATCH_TOKENS) stay within a model's context window less its
# answer and the instructions around the batch.
_EXTRACT_PROMPT_ROOM = 1000
JSON_MODE = {"type": "json_object"}


def prime_maintenance(maintainer: Maintainer) -> None:
    """Move the marks over what is already done in a session being opened, so that its
    first turn, like every later one, reads only what is new."""
    transcript = maintainer.state.transcript
    messages, done = transcript.messages, 2 * transcript.completed_turns
    _uncovered(maintainer, messages[:done])
    if maintainer.embedder is not None:
        progress = maintainer.progress
        progress.indexed_model = maintainer.embedder.model
        progress.indexed = _embedded_upto(maintainer, messages, progress.indexed, done)


async def run_maintenance(
    maintainer: Maintainer, strategy: Strategy, question: Message
) -> AsyncIterator[MaintenanceEvent]:
    """Extract what is due, then embed what recall will need, for the turn of `question`."""
    if isinstance(strategy, ExtractsFacts) and not _saving_failed_lately(
        maintainer, strategy, question
    ):
        history = maintainer.state.transcript.before(question)
        rest: ExtractPlan | None = None  # what a split batch has still to read, this turn
        for _ in range(MAX_EXTRACTIONS_PER_TURN):
            # Only what no extraction has read yet: the plan leaves covered messages out anyway.
            whole = rest or strategy.extract_plan(
                _uncovered(maintainer, history), question, maintainer.state.facts
            )
            if whole is None:
                break
            plan = whole.limited(maintainer.count_message, batch_tokens(maintainer))
            rest = whole.after(plan, maintainer.state.facts)
            yield ExtractStarted(plan.reason, plan.first_turn, plan.last_turn)
            finished = await extract(maintainer, strategy, plan)
            yield finished
            if finished.error is not None and finished.error.kind == "context_length":
                if len(plan.messages) == 1:  # one message too long to read at all: passed over
                    maintainer.ledger.record(
                        facts_event(maintainer.next_turn, plan.message_ids, ())
                    )
                    continue
                # Too long for the model: the next call reads half (split, never retried whole).
                sent = sum(maintainer.count_message(m) for m in plan.messages)
                maintainer.progress.batch_tokens = max(1, sent // 2)
                rest = whole
                continue
            if finished.rejected or finished.error or finished.unsaved:
                break
    if (
        maintainer.embedder is not None
        and isinstance(strategy, Recalls)
        and strategy.uses_recall
        and not maintainer.progress.index_unsaved.waiting(question.turn)
    ):
        finished_index = await index(maintainer, strategy)
        if finished_index is not None:
            yield finished_index


def _extract_every(strategy: Strategy) -> int:
    return max(1, strategy.params().get("extract_every", 1))


def _saving_failed_lately(maintainer: Maintainer, strategy: Strategy, question: Message) -> bool:
    """The facts last read could not be saved, and the wait after that is not over: the
    same back-off as after refused answers (`backoff_turns`), so a full disk does not
    bill an extraction of the same batch every turn."""
    return maintainer.progress.facts_unsaved.waiting(question.turn, _extract_every(strategy))


def batch_tokens(maintainer: Maintainer) -> int:
    """The most message tokens one extraction call reads, for the maintenance model."""
    window = maintainer.ledger.context_window
    limit = EXTRACT_BATCH_TOKENS
    if window is not None:
        limit = min(limit, max(1, window - EXTRACT_MAX_TOKENS - _EXTRACT_PROMPT_ROOM))
    learned = maintainer.progress.batch_tokens
    return min(limit, learned) if learned is not None else limit


def resume_extraction(maintainer: Maintainer) -> bool:
    """Resume batch extraction paused by refusals (recorded in the session); False if it
    was not paused."""
    if not is_paused(maintainer.state.facts):
        return False
    # An event like any fact change, so a reopened session stays resumed.
    maintainer.ledger.record(ExtractionResumedEvent(maintainer.next_turn))
    return True


def _uncovered(maintainer: Maintainer, history: tuple[Message, ...]) -> tuple[Message, ...]:
    """`history` from its first message the fact store has not covered (advancing the mark),
    with the turn before it: the plan reads only what is not covered, and sends that turn
    as context for what the first new message refers to."""
    progress, covered = maintainer.progress, maintainer.state.facts.covered_ids
    start = min(progress.covered, len(history))
    while start < len(history) and history[start].id in covered:
        start += 1
    progress.covered = start
    return history[max(0, start - 2) :]


def _embedded_upto(
    maintainer: Maintainer, messages: tuple[Message, ...], start: int, stop: int
) -> int:
    """How far from `start` the messages need no embedding: replies, the already embedded,
    and those a deleted fact came from (never embedded from then on)."""
    assert maintainer.embedder is not None
    known = maintainer.state.embeddings.get(maintainer.embedder.model, {})
    skipped = maintainer.state.facts.deleted_source_ids()
    while start < stop and (
        messages[start].role != "user"
        or messages[start].id in known
        or messages[start].id in skipped
    ):
        start += 1
    return start


async def extract(maintainer: Maintainer, strategy: Strategy, plan: ExtractPlan) -> ExtractFinished:
    messages = plan.request()
    note = f"extracting {turn_span(plan.first_turn, plan.last_turn)} ({plan.reason})"
    context = Context(strategy.name, tuple(context_message(m) for m in messages), (), note)
    request = await maintainer.measured(context)
    started = maintainer.clock()
    try:
        text, usage = await _complete_json(maintainer, messages)
    except LLMError as error:
        return ExtractFinished((), None, error=error)  # nothing billed: tried again next turn
    if usage is None:
        usage = maintainer.ledger.estimate_usage(messages, text)
    store = maintainer.state.facts
    result = plan.parse(text, store.next_number())
    outcome = (
        f"rejected: {result.rejected}" if result.rejected else plural(len(result.facts), "fact")
    )
    event = facts_event(maintainer.next_turn, plan.message_ids, result.facts, result.rejected)
    progress = maintainer.progress
    try:
        record = maintainer.ledger.account(
            "extract",
            request,
            usage,
            started,
            model=maintainer.model,
            note=f"extracted {turn_span(plan.first_turn, plan.last_turn)}: {outcome}",
            events=[event],
        )  # billed and remembered together
    except OSError as exc:  # a full disk: the turn goes on with the facts already kept
        waits, said_before = progress.facts_unsaved.failed(
            maintainer.next_turn, _extract_every(strategy)
        )
        return ExtractFinished(
            (), None, unsaved=unsaved_reason(exc), waits=waits, said_before=said_before
        )
    progress.facts_unsaved.saved()
    added = tuple(f for f in result.facts if store.get(f.id) is not None)
    paused = bool(result.rejected) and store.rejected_in_a_row == PAUSE_AFTER_REJECTIONS
    return ExtractFinished(added, record, result.rejected, paused=paused)


async def _complete_json(
    maintainer: Maintainer, messages: list[dict[str, str]]
) -> tuple[str, Usage | None]:
    """The extraction call, in JSON mode where the server takes it. A server that rejects
    `response_format` (a 400 naming it) is asked again without, and never again with it
    for that model."""
    model = maintainer.model
    progress = maintainer.progress
    json_mode = getattr(maintainer.llm, "json_mode", False) and model not in progress.no_json_mode
    extra = {"response_format": JSON_MODE} if json_mode else {}
    text, usage = "", None
    try:
        async for event in maintainer.llm.stream(
            messages, model=model, max_tokens=EXTRACT_MAX_TOKENS, **extra
        ):
            if isinstance(event, Completion):
                text, usage = event.text, event.usage
    except LLMError as error:
        if not (extra and error.kind == "bad_request" and "response_format" in error.message):
            raise
        progress.no_json_mode.add(model)
        return await _complete_json(maintainer, messages)
    return text, usage


async def index(maintainer: Maintainer, strategy: Strategy) -> IndexFinished | None:
    """Embed every user message not embedded yet (the question included), in one call."""
    embedder = maintainer.embedder
    assert embedder is not None
    known = maintainer.state.embeddings.get(embedder.model, {})
    skipped = maintainer.state.facts.deleted_source_ids()
    progress, transcript = maintainer.progress, maintainer.state.transcript
    if progress.indexed_model != embedder.model:
        progress.indexed, progress.indexed_model = 0, embedder.model
    messages = transcript.messages
    todo = [
        m
        for m in messages[progress.indexed :]
        if m.role == "user" and m.id not in known and m.id not in skipped
    ]
    done = 2 * transcript.completed_turns  # the pending question may yet be withdrawn
    if not todo:
        progress.indexed = done
        return None
    started = maintainer.clock()
    try:
        embedded = await embedder.embed([m.content for m in todo])
    except LLMError as error:
        return IndexFinished(0, None, error)  # recall falls back to BM25 this turn
    counted = sum(maintainer.count_message(m) for m in todo)
    usage = Usage(embedded.prompt_tokens or counted, 0, estimated=not embedded.prompt_tokens)
    # Labelled, and priced, as the model the server says made them (a local server answers
    # with the model it has loaded); the vectors stay filed under the model asked for.
    made_by = embedded.model or embedder.model
    context = Context(strategy.name, (), (), f"embedded {plural(len(todo), 'message')}")
    request = RequestReady(context, (), counted, counted)
    vectors = dict(zip((m.id for m in todo), embedded.vectors, strict=True))
    try:
        record = maintainer.ledger.account(
            "embed",
            request,
            usage,
            started,
            model=made_by,
            note=f"embedded {plural(len(todo), 'message')}",
            events=[EmbeddingsEvent.of(embedder.model, vectors)],
        )  # billed and kept together
    except OSError as exc:  # a full disk: recall goes on by keywords, embedded again later
        waits, said_before = progress.index_unsaved.failed(maintainer.next_turn)
        return IndexFinished(
            0, None, unsaved=unsaved_reason(exc), waits=waits, said_before=said_before
        )
    progress.index_unsaved.saved()
    progress.indexed = done
    return IndexFinished(len(todo), record)


def describe(event: ExtractStarted | ExtractFinished | IndexFinished) -> tuple[str, bool]:
    """One line for the person watching, and whether it is a warning (shown, not just said)."""
    if isinstance(event, ExtractStarted):
        why = "you asked to remember" if event.reason == "remember" else "batch"
        return (
            f"extracting facts from {turn_span(event.first_turn, event.last_turn)} ({why})…",
            False,
        )
    if isinstance(event, ExtractFinished):
        if event.unsaved:
            return (
                f"memory could not be saved ({event.unsaved}): the facts just read are not "
                f"kept; fact extraction waits {plural(event.waits, 'turn')}",
                not event.said_before,  # said once, not on every attempt while it lasts
            )
        if event.error is not None:
            return f"facts not updated: {event.error.message}; tried again next turn", True
        if event.rejected and event.paused:
            return (
                f"extraction output rejected ({event.rejected}); fact extraction paused after "
                f'{PAUSE_AFTER_REJECTIONS} refused answers in a row: say "remember ..." or '
                "resume it from the memory screen (F3, r)",
                True,
            )
        if event.rejected:
            return (
                f"extraction output rejected ({event.rejected}); the fact store is unchanged",
                True,
            )
        return f"fact store: {plural(len(event.added), 'new fact')}", False
    if event.unsaved:
        return (
            f"recall vectors could not be saved ({event.unsaved}): recalling by keywords; "
            f"embedding waits {plural(event.waits, 'turn')}",
            not event.said_before,
        )
    if event.error is not None:
        return f"recall index not updated ({event.error.message}); recalling by keywords", True
    return f"recall index: embedded {plural(event.count, 'message')}", False
