"""One turn end to end: strategy -> request -> model -> records -> events, with the offline coach."""

from __future__ import annotations

import itertools
import json
from collections.abc import AsyncIterator

import pytest

from fincoach_tui.domain.memory import StrategyError, make_strategy
from fincoach_tui.domain.persona import FINCOACH_SYSTEM_PROMPT, SIMULATED_TURNS
from fincoach_tui.domain.session_events import SessionEvent
from fincoach_tui.domain.session_state import SessionState, replay
from fincoach_tui.domain.tokens import OPENAI_CHAT_OVERHEAD
from fincoach_tui.llm.base import LLMError, TextDelta
from fincoach_tui.llm.offline import OfflineCoach
from fincoach_tui.service.events import (
    FoldFinished,
    FoldStarted,
    QuestionRecorded,
    ReplyDelta,
    RequestReady,
    Retrying,
    TurnFailed,
    TurnFinished,
    TurnRefused,
)
from tests.memory_helpers import MODEL, offline_coach

# OpenAI's list price for gpt-4o-mini, USD per 1M tokens (input, output).
INPUT, OUTPUT = 0.15, 0.60


class Recording:
    """A ChatModel that remembers every request, then answers with the offline coach
    (or, for a scripted call, raises / streams what the script says)."""

    provider = "offline"
    simulated = True

    def __init__(self, inner: OfflineCoach, script=()) -> None:
        self.inner = inner
        self.script = list(script)  # one entry per call; None: let the offline coach answer
        self.calls: list[list[dict[str, str]]] = []

    async def stream(self, messages, *, model, max_tokens=None) -> AsyncIterator:
        self.calls.append([dict(m) for m in messages])
        action = self.script.pop(0) if self.script else None
        if isinstance(action, LLMError):
            raise action
        if isinstance(action, tuple):  # ("cut", [pieces], error or None)
            _, pieces, error = action
            for piece in pieces:
                yield TextDelta(piece)
            if error is not None:
                raise error
            return  # the stream just ends: no final usage
        async for event in self.inner.stream(messages, model=model, max_tokens=max_tokens):
            yield event


class Harness:
    def __init__(self, counter, strategy="buffer", params=None, script=()):
        self.events: list[dict] = []
        self.waits: list[float] = []
        self.state = SessionState()
        self.llm = Recording(OfflineCoach(counter.count, OPENAI_CHAT_OVERHEAD), script)
        ticks = itertools.count(1_700_000_000.0, 0.25)

        async def sleep(seconds: float) -> None:
            self.waits.append(seconds)

        self.coach = offline_coach(
            self.state,
            self.events,
            self.llm,
            counter,
            make_strategy(strategy, params),
            clock=lambda: next(ticks),
            sleep=sleep,
        )

    async def turn(self, text: str) -> list:
        return [event async for event in self.coach.turn(text)]


def finished(events) -> TurnFinished:
    (done,) = [e for e in events if isinstance(e, TurnFinished)]
    return done


def chat_cost(usage) -> float:
    return (usage.prompt_tokens * INPUT + usage.completion_tokens * OUTPUT) / 1e6


@pytest.mark.parametrize(
    ("strategy", "params"),
    [
        ("buffer", None),
        ("window", {"k": 4}),
        ("budget", {"budget_tokens": 400}),
        ("summary", {"tail_turns": 2, "batch_turns": 2}),
    ],
)
async def test_each_record_is_exactly_what_the_model_received(counter, encoding, strategy, params):
    h = Harness(counter, strategy, params)
    for turn, text in enumerate(SIMULATED_TURNS, start=1):
        events = await h.turn(text)
        record = finished(events).record
        received = h.llm.calls[-1]

        assert [(s.role, s.content) for s in record.sent] == [
            (m["role"], m["content"]) for m in received
        ]
        assert received[-1] == {"role": "user", "content": text}
        assert (record.kind, record.turn, record.strategy, record.model) == (
            "chat",
            turn,
            strategy,
            MODEL,
        )
        # Counted tokens, recounted independently of the coach's cache.
        assert record.counted_tokens == sum(s.tokens for s in record.sent)
        assert [s.tokens for s in record.sent] == [
            len(encoding.encode_ordinary(s.content)) for s in record.sent
        ]
        # gpt-4o-mini's template: 3 tokens per message plus the role, 3 to prime the reply.
        assert record.usage.prompt_tokens == record.counted_tokens + 4 * len(record.sent) + 3
        assert record.predicted_prompt_tokens == record.usage.prompt_tokens
        assert record.cost_usd == pytest.approx(chat_cost(record.usage), rel=1e-12)
        assert record.simulated is True
        assert record.reply_id == h.state.transcript.messages[-1].id


async def test_buffer_turn_one_matches_the_notebook(counter):
    h = Harness(counter)
    record = finished(await h.turn(SIMULATED_TURNS[0])).record
    assert record.counted_tokens == 149  # seed 001's table, turn 1
    assert record.usage.prompt_tokens == 149 + 11


async def test_buffer_sends_the_whole_transcript(counter):
    h = Harness(counter)
    for text in SIMULATED_TURNS[:4]:
        await h.turn(text)
    transcript = [(m.role, m.content) for m in h.state.transcript.messages]
    assert [(m["role"], m["content"]) for m in h.llm.calls[-1][1:]] == transcript[:-1]
    assert len(h.state.transcript) == 8
    assert h.state.transcript.completed_turns == 4


async def test_replaying_the_events_rebuilds_the_session(counter):
    h = Harness(counter, "summary", {"tail_turns": 2, "batch_turns": 2})
    for text in SIMULATED_TURNS[:6]:
        await h.turn(text)
    h.coach.switch_strategy("window", {"k": 2})
    await h.turn(SIMULATED_TURNS[6])

    # Through JSON, as the session file stores them.
    state, problems = replay([json.loads(json.dumps(e)) for e in h.events])
    assert problems == []
    assert state.transcript.messages == h.state.transcript.messages
    assert state.records == h.state.records
    assert state.summaries == h.state.summaries
    assert state.switches == h.state.switches
    assert state.strategy.name == "window" and state.strategy.params == {"k": 2}
    assert state.total_cost == pytest.approx(h.state.total_cost, rel=1e-12)


async def test_switching_to_buffer_sends_everything_next_turn(counter):
    h = Harness(counter, "window", {"k": 2})
    for text in SIMULATED_TURNS[:4]:
        await h.turn(text)
    # Window: system + the previous turn + the question.
    assert len(h.llm.calls[-1]) == 1 + 2 + 1

    h.coach.switch_strategy("buffer")
    preview = h.coach.preview(SIMULATED_TURNS[4])
    record = finished(await h.turn(SIMULATED_TURNS[4])).record

    expected = [{"role": "system", "content": FINCOACH_SYSTEM_PROMPT}] + [
        {"role": m.role, "content": m.content} for m in h.state.transcript.messages[:-1]
    ]
    assert h.llm.calls[-1] == expected
    assert len(expected) == 1 + 9
    assert record.strategy == "buffer" and record.omitted_ids == ()
    assert [(s.name, s.params, s.turn) for s in h.state.switches] == [
        ("window", {"k": 2}, 1),
        ("buffer", {}, 5),
    ]
    assert [s.content for s in preview.sent] == [m["content"] for m in expected]


async def test_summary_folds_in_batches_and_bills_them(counter, encoding):
    h = Harness(counter, "summary", {"tail_turns": 2, "batch_turns": 2})
    folds = {}
    for turn, text in enumerate(SIMULATED_TURNS, start=1):
        events = await h.turn(text)
        started = [e for e in events if isinstance(e, FoldStarted)]
        if started:
            folds[turn] = (started[0].first_turn, started[0].last_turn)
            done = next(e for e in events if isinstance(e, FoldFinished))
            assert done.error is None and done.summary.last_turn == started[0].last_turn
            # The fold happens before the request is built.
            kinds = [type(e) for e in events]
            assert kinds.index(FoldFinished) < kinds.index(RequestReady)

    # A fold is due once two turns have left the two-turn tail: before turns 5, 7, 9.
    assert folds == {5: (1, 2), 7: (3, 4), 9: (5, 6)}
    summaries = [r for r in h.state.records if r.kind == "summary"]
    assert [(r.turn, r.note) for r in summaries] == [
        (5, "folded turns 1-2"),
        (7, "folded turns 3-4"),
        (9, "folded turns 5-6"),
    ]
    assert [s.last_turn for s in h.state.summaries] == [2, 4, 6]
    assert h.state.summaries[-1].covers_ids == tuple(f"m{i}" for i in range(1, 13))

    for record in summaries:
        assert record.usage.prompt_tokens == record.counted_tokens + 4 * len(record.sent) + 3
        assert record.counted_tokens == sum(
            len(encoding.encode_ordinary(s.content)) for s in record.sent
        )
        assert record.cost_usd == pytest.approx(chat_cost(record.usage), rel=1e-12)
    chats = h.state.chat_records
    assert len(chats) == 10
    assert h.state.total_cost == pytest.approx(
        sum(chat_cost(r.usage) for r in chats) + sum(chat_cost(r.usage) for r in summaries),
        rel=1e-12,
    )

    # Turn 10: the summary of turns 1-6 in the system message, turns 7-9 verbatim.
    last = chats[-1]
    assert "\n\n## Conversation summary (turns 1-6)\n[simulated summary]" in last.sent[0].content
    assert [s.role for s in last.sent] == ["system"] + ["user", "assistant"] * 3 + ["user"]
    assert last.sent[1].content == SIMULATED_TURNS[6]
    assert last.omitted_ids == tuple(f"m{i}" for i in range(1, 13))
    # The salary of turn 1 is still known through the summary.
    assert "salary ₹1,20,000" in h.state.transcript.messages[-1].content


async def test_empty_message_is_refused_before_anything_is_recorded(counter):
    h = Harness(counter)
    before = list(h.events)
    for text in ("", "   \n\t"):
        with pytest.raises(ValueError, match="empty message"):
            await h.turn(text)
    assert h.events == before
    assert len(h.state.transcript) == 0 and h.state.records == [] and h.llm.calls == []


async def test_a_failed_turn_hands_the_question_back(counter):
    h = Harness(counter, script=[LLMError("auth", "Invalid API key", status=401)])
    question = SIMULATED_TURNS[0]
    events = await h.turn(question)

    failed = events[-1]
    assert isinstance(failed, TurnFailed)
    assert failed.question == question and failed.error.kind == "auth"
    assert len(h.state.transcript) == 0 and h.state.transcript.pending is None
    assert h.state.records == []
    assert [e["type"] for e in h.events] == ["strategy", "message", "withdrawn"]

    # The next turn works, and the failed question is not sent again behind its back.
    record = finished(await h.turn(SIMULATED_TURNS[1])).record
    assert [m["content"] for m in h.llm.calls[-1]] == [FINCOACH_SYSTEM_PROMPT, SIMULATED_TURNS[1]]
    assert [(m.role, m.turn) for m in h.state.transcript.messages] == [
        ("user", 1),
        ("assistant", 1),
    ]
    assert record.turn == 1
    state, problems = replay(h.events)
    assert problems == [] and state.transcript.messages == h.state.transcript.messages


async def test_rate_limits_are_retried(counter):
    limited = LLMError("rate_limit", "Slow down", retry_after=0, status=429)
    h = Harness(counter, script=[limited, limited])
    events = await h.turn(SIMULATED_TURNS[0])

    retries = [e for e in events if isinstance(e, Retrying)]
    assert [(r.attempt, r.wait_s, r.error.kind) for r in retries] == [
        (1, 0, "rate_limit"),
        (2, 0, "rate_limit"),
    ]
    assert h.waits == [0, 0]
    assert isinstance(events[-1], TurnFinished)
    assert len(h.llm.calls) == 3
    assert len(h.state.records) == 1  # the refused attempts are not billed


async def test_rate_limit_waits_back_off_and_are_capped(counter):
    no_hint = LLMError("rate_limit", "Slow down")
    h = Harness(counter, script=[no_hint, LLMError("rate_limit", "later", retry_after=600)])
    await h.turn(SIMULATED_TURNS[0])
    assert h.waits == [1.0, 20.0]  # 2**0 with no Retry-After; 600 s capped at 20 s


async def test_rate_limit_gives_up_after_two_retries(counter):
    limited = LLMError("rate_limit", "Slow down", retry_after=0)
    h = Harness(counter, script=[limited, limited, limited])
    events = await h.turn(SIMULATED_TURNS[0])
    assert isinstance(events[-1], TurnFailed)
    assert len(h.llm.calls) == 3 and h.waits == [0, 0]
    assert len(h.state.transcript) == 0


@pytest.mark.parametrize(
    "cut",
    [
        ("cut", ["Save ", "20% ", "first"], LLMError("stream_cut", "connection dropped")),
        (
            "cut",
            ["Save ", "20% "],
            LLMError("stream_cut", "dropped", partial_text="Save 20% first"),
        ),
        ("cut", ["Save ", "20% ", "first"], None),  # the stream ends with no usage at all
    ],
)
async def test_a_cut_reply_is_kept_and_estimated(counter, encoding, cut):
    h = Harness(counter, script=[cut])
    events = await h.turn(SIMULATED_TURNS[0])

    done = finished(events)
    assert done.reply.content == "Save 20% first"
    assert h.state.transcript.messages[-1].content == "Save 20% first"
    usage = done.record.usage
    assert usage.estimated is True
    assert done.record.note == "reply cut off"
    assert usage.prompt_tokens == 149 + 11  # seed 001's turn-1 content + gpt-4o's template
    assert usage.completion_tokens == len(encoding.encode_ordinary("Save 20% first"))
    assert [e.text for e in events if isinstance(e, ReplyDelta)] == cut[1]


async def test_a_cut_with_nothing_received_fails_the_turn(counter):
    h = Harness(counter, script=[("cut", [], LLMError("stream_cut", "dropped"))])
    events = await h.turn(SIMULATED_TURNS[0])
    assert isinstance(events[-1], TurnFailed)
    assert len(h.state.transcript) == 0


async def test_preview_matches_the_next_request_and_records_nothing(counter):
    h = Harness(counter, "window", {"k": 2})
    for text in SIMULATED_TURNS[:3]:
        await h.turn(text)
    events_before, calls_before = list(h.events), len(h.llm.calls)

    preview = h.coach.preview(SIMULATED_TURNS[3])
    assert h.events == events_before and len(h.llm.calls) == calls_before
    assert len(h.state.transcript) == 6

    request = next(e for e in await h.turn(SIMULATED_TURNS[3]) if isinstance(e, RequestReady))
    assert [(s.role, s.content, s.provenance, s.tokens) for s in preview.sent] == [
        (s.role, s.content, s.provenance, s.tokens) for s in request.sent
    ]
    assert (preview.counted_tokens, preview.predicted_prompt_tokens) == (
        request.counted_tokens,
        request.predicted_prompt_tokens,
    )
    assert preview.context.omitted_ids == request.context.omitted_ids


async def test_preview_counts_each_draft_afresh(counter, encoding):
    h = Harness(counter)
    h.coach.preview("Hi")
    longer = "Can you give me a complete monthly budget breakdown based on my salary?"
    preview = h.coach.preview(longer)
    assert preview.sent[-1].tokens == len(encoding.encode_ordinary(longer)) == 14


async def test_preview_reflects_a_due_fold(counter):
    h = Harness(counter, "summary", {"tail_turns": 2, "batch_turns": 2})
    for text in SIMULATED_TURNS[:4]:
        await h.turn(text)
    preview = h.coach.preview(SIMULATED_TURNS[4])
    request = next(e for e in await h.turn(SIMULATED_TURNS[4]) if isinstance(e, RequestReady))
    assert len(preview.sent) == len(request.sent)


# --- the turn's rules, owned by the coach for every front end ---------------------------------


async def test_the_question_is_written_before_anything_else_happens(counter):
    """`begin` writes the question and builds the request before any model call or
    maintenance; the events start with QuestionRecorded and send the request built then."""
    h = Harness(counter)
    turn = h.coach.begin(SIMULATED_TURNS[0])
    assert [e["type"] for e in h.events] == ["strategy", "message"]
    assert h.events[-1]["message"]["content"] == SIMULATED_TURNS[0] and h.llm.calls == []
    assert h.coach.busy
    events = [event async for event in turn.events()]
    assert events[0] == QuestionRecorded(turn.question)
    (request,) = [e for e in events if isinstance(e, RequestReady)]
    assert request is turn.request  # built once: shown, then sent as it is
    assert h.llm.calls[-1] == request.context.as_chat()
    assert not h.coach.busy


async def test_a_turn_is_refused_while_another_is_under_way(counter):
    h = Harness(counter)
    turn = h.coach.begin(SIMULATED_TURNS[0])
    events_before = list(h.events)
    with pytest.raises(TurnRefused) as refused:
        h.coach.begin(SIMULATED_TURNS[1])
    assert refused.value.kind == "busy"
    with pytest.raises(StrategyError, match="wait for the reply to finish"):
        h.coach.switch_strategy("window", {"k": 2})
    assert h.events == events_before and h.coach.strategy.name == "buffer"
    [event async for event in turn.events()]
    assert h.coach.switch_strategy("window", {"k": 2}).name == "window"  # free again
    finished(await h.turn(SIMULATED_TURNS[1]))


async def test_a_request_too_long_for_the_window_is_refused_and_nothing_is_kept(counter):
    h = Harness(counter)
    window = h.coach.context_window
    assert window == 128_000
    # Fits alone, not with the system prompt and the template: written, then taken back.
    text = "lakh " * (window - counter.count(FINCOACH_SYSTEM_PROMPT) // 2)
    assert counter.count(text) <= window < h.coach.preview(text).predicted_prompt_tokens
    with pytest.raises(TurnRefused, match="context window is 128,000") as refused:
        h.coach.begin(text)
    assert refused.value.kind == "too_long" and not h.coach.busy
    assert [e["type"] for e in h.events] == ["strategy", "message", "withdrawn"]
    # Longer than the whole window alone: refused before it is written at all.
    with pytest.raises(TurnRefused, match="your message alone is"):
        h.coach.begin(text * 2)
    assert [e["type"] for e in h.events] == ["strategy", "message", "withdrawn"]
    assert len(h.state.transcript) == 0 and h.llm.calls == []


async def test_a_failed_write_abandons_the_turn_in_the_coach(counter):
    h = Harness(counter)
    writes = []

    def failing_sink(event: SessionEvent) -> None:
        writes.append(event.type)
        if event.type == "message" and writes.count("message") == 2:  # the reply: not saved
            raise OSError(28, "No space left on device")
        h.events.append(event.to_dict())

    h.coach._sink = failing_sink
    events = await h.turn(SIMULATED_TURNS[0])
    failed = events[-1]
    assert isinstance(failed, TurnFailed) and failed.error.kind == "local"
    assert "No space left on device" in failed.error.message and failed.resendable
    assert failed.question == SIMULATED_TURNS[0]
    assert len(h.state.transcript) == 0 and not h.coach.busy
    assert [e["type"] for e in h.events] == ["strategy", "message", "withdrawn"]
