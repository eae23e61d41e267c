"""Upkeep the memory strategies need before a request is built: a summary fold, fact
extraction, and embedding new messages for recall.

Each is a model call of its own, run before the request so the request can use it,
recorded as a `CallRecord` (kind "summary" / "extract" / "embed") with its own tokens and
cost, and saved as events that name the message ids they cover. A failure is a note,
never a lost turn: the turn goes on with what the store already holds.

This is the coach's maintenance for memory, kept in its own module so coach.py stays the
turn loop: each call is accounted through `Coach.account`. A pass reads only the messages
that are new since the last one (`UpkeepProgress`): everything before is known done, so
the work per turn does not grow with the session.
"""

from __future__ import annotations

from collections.abc import AsyncIterator, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from fincoach_tui.domain.context import Context, ContextMessage
from fincoach_tui.domain.conversation import Message
from fincoach_tui.domain.fact_extraction import PAUSE_AFTER_REJECTIONS, ExtractPlan, is_paused
from fincoach_tui.domain.fact_store import Fact, extraction_resumed_event, facts_event
from fincoach_tui.domain.memory.summary import FoldPlan
from fincoach_tui.domain.recall import (
    BM25Index,
    LexicalRetriever,
    Retriever,
    VectorRetriever,
    embeddings_event,
)
from fincoach_tui.domain.records import CallRecord, Usage
from fincoach_tui.domain.session_state import summary_event
from fincoach_tui.llm.base import Completion, LLMError
from fincoach_tui.service.events import FoldFinished, RequestReady

if TYPE_CHECKING:
    from fincoach_tui.service.coach import Coach

EXTRACT_MAX_TOKENS = 1024
MAX_EXTRACTIONS_PER_TURN = 6  # a catch-up over a long history is finished on later turns
# The most message tokens one extraction call reads: a bigger batch goes in several calls.
# Within a model's context window less its answer and the instructions around the batch.
EXTRACT_BATCH_TOKENS = 4000
_EXTRACT_PROMPT_ROOM = 1000
JSON_MODE = {"type": "json_object"}


@dataclass(frozen=True)
class ExtractStarted:
    reason: str  # "batch" | "remember"
    first_turn: int
    last_turn: int


@dataclass(frozen=True)
class ExtractFinished:
    added: tuple[Fact, ...]
    record: CallRecord | None
    rejected: str = ""  # why the answer was refused; the store is unchanged
    error: LLMError | None = None
    # This refusal paused batch extraction (PAUSE_AFTER_REJECTIONS in a row) until a
    # "remember ..." is accepted or the user resumes it (memory screen).
    paused: bool = False


@dataclass(frozen=True)
class IndexFinished:
    count: int  # messages embedded
    record: CallRecord | None
    error: LLMError | None = None


UpkeepEvent = ExtractStarted | ExtractFinished | IndexFinished


@dataclass
class UpkeepProgress:
    """How far the passes got, per coach. Both marks only ever cover completed messages
    (a question can still be withdrawn and its place taken by another), and both hold for
    good: the fact store's covered ids, the embeddings and the deleted facts only grow."""

    covered: int = 0  # history[:covered] has all been read by an accepted extraction
    indexed: int = 0  # messages[:indexed] are embedded for `indexed_model`, or never will be
    indexed_model: str | None = None
    # Models whose server refused JSON mode: asked without it from then on.
    no_json_mode: set[str] = field(default_factory=set)
    # The most message tokens an extraction reads at once; halved when a batch was too long.
    batch_tokens: int | None = None


def prime_upkeep(coach: Coach) -> None:
    """Move the marks over what is already done in a session being opened, so that its
    first turn, like every later one, reads only what is new."""
    transcript = coach.state.transcript
    messages, done = transcript.messages, 2 * transcript.completed_turns
    _uncovered(coach, messages[:done])
    if coach.embedder is not None:
        progress = coach.upkeep
        progress.indexed_model = coach.embedder.model
        progress.indexed = _embedded_upto(coach, messages, progress.indexed, done)


async def run_upkeep(coach: Coach, question: Message) -> AsyncIterator[UpkeepEvent]:
    """Extract what is due, then embed what recall will need, for the turn of `question`."""
    extract_plan = getattr(coach.strategy, "extract_plan", None)
    history = coach.history_before(question) if extract_plan is not None else ()
    rest: ExtractPlan | None = None  # what a split batch has still to read, this turn
    for _ in range(MAX_EXTRACTIONS_PER_TURN if extract_plan else 0):
        # Only what no extraction has read yet: the plan leaves covered messages out anyway.
        whole = rest or extract_plan(_uncovered(coach, history), question, coach.state.facts)
        if whole is None:
            break
        plan = whole.limited(coach.count_message, batch_tokens(coach))
        rest = whole.after(plan, coach.state.facts)
        yield ExtractStarted(plan.reason, plan.first_turn, plan.last_turn)
        finished = await extract(coach, plan)
        yield finished
        if finished.error is not None and finished.error.kind == "context_length":
            if len(plan.messages) == 1:  # one message too long to read at all: passed over
                coach._emit(facts_event(coach.next_turn, plan.message_ids, ()))
                continue
            # Too long for the model: the next call reads half of it (split, never retried whole).
            sent = sum(coach.count_message(m) for m in plan.messages)
            coach.upkeep.batch_tokens = max(1, sent // 2)
            rest = whole
            continue
        if finished.rejected or finished.error:
            break
    if coach.embedder is not None and getattr(coach.strategy, "uses_recall", False):
        finished_index = await index(coach)
        if finished_index is not None:
            yield finished_index


def batch_tokens(coach: Coach) -> int:
    """The most message tokens one extraction call reads, for this coach's model."""
    window = coach.context_window
    limit = EXTRACT_BATCH_TOKENS
    if window is not None:
        limit = min(limit, max(1, window - EXTRACT_MAX_TOKENS - _EXTRACT_PROMPT_ROOM))
    learned = coach.upkeep.batch_tokens
    return min(limit, learned) if learned is not None else limit


def resume_extraction(coach: Coach) -> bool:
    """Resume batch extraction paused by refusals (recorded in the session); False if it
    was not paused."""
    if not is_paused(coach.state.facts):
        return False
    coach._emit(extraction_resumed_event(coach.next_turn))  # an event like any fact change
    return True


async def fold(coach: Coach, plan: FoldPlan) -> FoldFinished:
    """Fold turns into the summary with a model call of its own, accounted like a turn.

    The summary may be no larger than what it replaces (`FoldPlan.bounded`). A failed fold
    is not fatal: the turns stay verbatim and the next turn tries again. A fold that gives
    back the previous text is billed once, as the call it was; it claims the turns only if
    they held nothing the text lacks, else they are folded again with the next batch.
    """
    plan = plan.bounded(coach.count_message)
    messages = plan.request()
    note = f"folding turns {plan.first_turn}-{plan.last_turn}"
    request = coach.measure(
        Context("summary", tuple(_context_message(m) for m in messages), (), note)
    )
    started = coach.clock()
    text, usage = "", None
    try:
        async for event in coach.llm.stream(
            messages, model=coach.summarizer_model, max_tokens=plan.cap_tokens * 2
        ):
            if isinstance(event, Completion):
                text, usage = event.text, event.usage
    except LLMError as error:
        return FoldFinished(None, None, error)
    if usage is None:
        usage = coach.estimate_usage(messages, text)
    summary = plan.result(text, coach.counter.count)
    turns = f"turns {plan.first_turn}-{plan.last_turn}"
    if summary.unchanged and summary.last_turn < plan.last_turn:
        outcome = f"summary unchanged, {turns} not claimed (folded again with the next batch)"
    elif summary.unchanged:
        outcome = f"summary unchanged ({turns} added nothing to it)"
    else:
        outcome = f"folded {turns}"
    if summary.dropped:
        outcome += f"; {summary.warning()}"
    record = coach.account(
        "summary",
        request,
        usage,
        started,
        model=coach.summarizer_model,
        note=outcome,
        events=[summary_event(summary)],
    )
    return FoldFinished(summary, record)


def _uncovered(coach: Coach, history: tuple[Message, ...]) -> tuple[Message, ...]:
    """`history` from its first message the fact store has not covered (advancing the mark)."""
    progress, covered = coach.upkeep, coach.state.facts.covered_ids
    start = min(progress.covered, len(history))
    while start < len(history) and history[start].id in covered:
        start += 1
    progress.covered = start
    return history[start:]


def _embedded_upto(coach: Coach, messages: tuple[Message, ...], start: int, stop: int) -> int:
    """How far from `start` the messages need no embedding: replies, the already embedded,
    and those a deleted fact came from (never embedded from then on)."""
    assert coach.embedder is not None
    known = coach.state.embeddings.get(coach.embedder.model, {})
    skipped = coach.state.facts.deleted_source_ids()
    while start < stop and (
        messages[start].role != "user"
        or messages[start].id in known
        or messages[start].id in skipped
    ):
        start += 1
    return start


class RecallSource:
    """What recall scores earlier questions with, kept as long as the session is open.

    A BM25 index that takes in each candidate question the first time one is scored
    (without it the strategy would tokenize every earlier question, every request; only
    strategies that recall pay for it), and, once the session has vectors for the
    provider's embeddings model, one VectorRetriever over them: it keeps each vector's
    norm, and stored vectors never change. The scores are the same as BM25 or cosine
    computed afresh."""

    def __init__(self) -> None:
        self._lexical = _GrowingLexical(BM25Index())
        self._vector: VectorRetriever | None = None
        self._vectors: object = None  # the session's vectors it was made over

    @property
    def index(self) -> BM25Index:
        return self._lexical.index

    def retriever(self, coach: Coach) -> Retriever:
        embedder = coach.embedder
        vectors = coach.state.embeddings.get(embedder.model) if embedder is not None else None
        if not vectors:
            return self._lexical
        if self._vector is None or self._vectors is not vectors:  # another model's, or anew
            self._vector = VectorRetriever(embedder.model, vectors, fallback=self._lexical)
            self._vectors = vectors
        return self._vector


class _GrowingLexical(LexicalRetriever):
    """BM25 from an index that takes in the candidates it does not hold yet. Candidates
    are questions of completed turns, whose ids stand for one text for good."""

    def scores(self, query: Message, candidates: Sequence[Message]) -> tuple[str, dict[str, float]]:
        index = self.index
        for message in candidates:
            if message.id not in index:
                index.add(message.id, message.content)
        return super().scores(query, candidates)


async def extract(coach: Coach, plan: ExtractPlan) -> ExtractFinished:
    messages = plan.request()
    note = f"extracting turns {plan.first_turn}-{plan.last_turn} ({plan.reason})"
    context = Context(coach.strategy.name, tuple(_context_message(m) for m in messages), (), note)
    request = coach.measure(context)
    started = coach.clock()
    try:
        text, usage = await _complete_json(coach, messages)
    except LLMError as error:
        return ExtractFinished((), None, error=error)  # nothing billed: tried again next turn
    if usage is None:
        usage = coach.estimate_usage(messages, text)
    store = coach.state.facts
    result = plan.parse(text, store.next_number())
    outcome = f"rejected: {result.rejected}" if result.rejected else f"{len(result.facts)} facts"
    event = facts_event(coach.next_turn, plan.message_ids, result.facts, result.rejected)
    record = coach.account(
        "extract",
        request,
        usage,
        started,
        model=coach.summarizer_model,
        note=f"extracted turns {plan.first_turn}-{plan.last_turn}: {outcome}",
        events=[event],
    )  # billed and remembered together
    added = tuple(f for f in result.facts if store.get(f.id) is not None)
    paused = bool(result.rejected) and store.rejected_in_a_row == PAUSE_AFTER_REJECTIONS
    return ExtractFinished(added, record, result.rejected, paused=paused)


async def _complete_json(coach: Coach, messages: list[dict[str, str]]) -> tuple[str, Usage | None]:
    """The extraction call, in JSON mode where the server takes it. A server that rejects
    `response_format` (a 400 naming it) is asked again without, and never again with it
    for that model."""
    model = coach.summarizer_model
    progress = coach.upkeep
    json_mode = getattr(coach.llm, "json_mode", False) and model not in progress.no_json_mode
    extra = {"response_format": JSON_MODE} if json_mode else {}
    text, usage = "", None
    try:
        async for event in coach.llm.stream(
            messages, model=model, max_tokens=EXTRACT_MAX_TOKENS, **extra
        ):
            if isinstance(event, Completion):
                text, usage = event.text, event.usage
    except LLMError as error:
        if not (extra and error.kind == "bad_request" and "response_format" in error.message):
            raise
        progress.no_json_mode.add(model)
        return await _complete_json(coach, messages)
    return text, usage


async def index(coach: Coach) -> IndexFinished | None:
    """Embed every user message not embedded yet (the question included), in one call."""
    embedder = coach.embedder
    assert embedder is not None
    known = coach.state.embeddings.get(embedder.model, {})
    skipped = coach.state.facts.deleted_source_ids()
    progress, transcript = coach.upkeep, coach.state.transcript
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
    started = coach.clock()
    try:
        embedded = await embedder.embed([m.content for m in todo])
    except LLMError as error:
        return IndexFinished(0, None, error)  # recall falls back to BM25 this turn
    counted = sum(coach.count_message(m) for m in todo)
    usage = Usage(embedded.prompt_tokens or counted, 0, estimated=not embedded.prompt_tokens)
    context = Context(coach.strategy.name, (), (), f"embedded {len(todo)} messages")
    request = RequestReady(context, (), counted, counted)
    vectors = dict(zip((m.id for m in todo), embedded.vectors, strict=True))
    record = coach.account(
        "embed",
        request,
        usage,
        started,
        model=embedder.model,
        note=f"embedded {len(todo)} messages",
        events=[embeddings_event(embedder.model, vectors)],
    )
    progress.indexed = done
    return IndexFinished(len(todo), record)


def describe(event: UpkeepEvent) -> tuple[str, bool]:
    """One line for the person watching, and whether it is a warning (shown, not just said)."""
    if isinstance(event, ExtractStarted):
        why = "you asked to remember" if event.reason == "remember" else "batch"
        return f"extracting facts from turns {event.first_turn}-{event.last_turn} ({why})…", False
    if isinstance(event, ExtractFinished):
        if event.error is not None:
            return f"facts not updated: {event.error.message}; tried again next turn", True
        if event.rejected and event.paused:
            return (
                f"extraction output rejected ({event.rejected}); fact extraction paused after "
                f'{PAUSE_AFTER_REJECTIONS} refused answers in a row: say "remember ..." or '
                "resume it from the memory screen (Ctrl+Y, r)",
                True,
            )
        if event.rejected:
            return (
                f"extraction output rejected ({event.rejected}); the fact store is unchanged",
                True,
            )
        return f"fact store: {len(event.added)} new fact{'s' * (len(event.added) != 1)}", False
    if event.error is not None:
        return f"recall index not updated ({event.error.message}); recalling by keywords", True
    return f"recall index: embedded {event.count} message{'s' * (event.count != 1)}", False


def context_extra(context: Context) -> dict:
    """What a chat record keeps of the strategy's choices beyond the messages: the recalled
    turns with their scores, conflicts the facts won, and the strategy's note."""
    extra: dict = {}
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


def _context_message(message: dict[str, str]) -> ContextMessage:
    return ContextMessage(
        message["role"], message["content"], "system" if message["role"] == "system" else "new"
    )
