"""Memory maintenance with a real model's API, through the openai SDK against the fake server:
JSON mode and its fallback, answers wrapped in prose, back-off and pause after refusals,
batches split to fit, folds that give back the same text, and summaries that lose figures."""

from __future__ import annotations

import itertools
import json

import pytest

from fincoach_tui.domain.conversation import Transcript
from fincoach_tui.domain.fact_extraction import EXTRACTOR_MARKER, ExtractPlan
from fincoach_tui.domain.fact_store import FactStore
from fincoach_tui.domain.memory import make_strategy
from fincoach_tui.domain.memory.summary import SUMMARIZER_MARKER, SummaryStrategy
from fincoach_tui.domain.persona import FINCOACH_SYSTEM_PROMPT
from fincoach_tui.domain.records import Usage
from fincoach_tui.domain.session_state import SessionState, replay
from fincoach_tui.domain.tokens import OPENAI_CHAT_OVERHEAD
from fincoach_tui.llm.openai_chat import OpenAIChat
from fincoach_tui.llm.providers import ProviderSettings
from fincoach_tui.service import maintenance
from fincoach_tui.service.coach import Coach, ModelChoice
from fincoach_tui.service.maintenance import ExtractFinished, describe
from tests.fake_openai import Script
from tests.memory_helpers import START, shipped_prices

MODEL = "gpt-4o-mini"


def batch_of(body) -> list[dict]:
    """The messages an extraction request asks about."""
    content = body["messages"][1]["content"]
    return json.loads(content.split("Messages:\n", 1)[1])


def is_extraction(body) -> bool:
    return body["messages"][0]["content"].startswith(EXTRACTOR_MARKER)


def is_fold(body) -> bool:
    return body["messages"][0]["content"].startswith(SUMMARIZER_MARKER)


def facts_for(body) -> str:
    """A valid answer: one fact per user message of the batch."""
    facts = [
        {"key": f"note_{m['id']}", "value": m["text"][:40], "source_ids": [m["id"]]}
        for m in batch_of(body)
        if m["role"] == "user"
    ]
    return json.dumps({"facts": facts})


class RealHarness:
    def __init__(self, fake, counter, strategy="facts", params=None, provider="custom"):
        settings = ProviderSettings(provider, fake.base_url, MODEL, "sk-test-0123456789", None)
        self.llm = OpenAIChat(
            settings, estimate_usage=lambda m, t: Usage(1, 1, estimated=True), timeout=5
        )
        self.fake = fake
        self.events: list[dict] = []
        self.state = SessionState()
        ticks = itertools.count(START, 60.0)
        self.coach = Coach(
            state=self.state,
            sink=lambda event: self.events.append(event.to_dict()),
            llm=self.llm,
            choice=ModelChoice(provider, MODEL, OPENAI_CHAT_OVERHEAD),
            counter=counter,
            prices=shipped_prices(),
            system_prompt=FINCOACH_SYSTEM_PROMPT,
            strategy=make_strategy(strategy, params),
            clock=lambda: next(ticks),
        )

    async def turn(self, text: str) -> list:
        return [event async for event in self.coach.turn(text)]

    def extraction_requests(self) -> list[dict]:
        return [b for b in self.fake.requests if is_extraction(b)]


@pytest.fixture
async def harness(fake_openai, counter):
    made: list[RealHarness] = []

    def make(**kw) -> RealHarness:
        made.append(RealHarness(fake_openai, counter, **kw))
        return made[-1]

    yield make
    for h in made:
        await h.llm.aclose()


# ---- JSON mode ----------------------------------------------------------------------


async def test_extraction_asks_for_json_mode_and_chat_does_not(harness, fake_openai):
    fake_openai.responder = lambda body: (
        Script(text=facts_for(body)) if is_extraction(body) else None
    )
    h = harness()
    for text in ("My salary is ₹1,20,000.", "Rent is ₹25,000.", "Any tips?"):
        await h.turn(text)
    (extraction,) = h.extraction_requests()
    assert extraction["response_format"] == {"type": "json_object"}
    assert all("response_format" not in b for b in fake_openai.requests if not is_extraction(b))
    assert [f.key for f in h.state.facts.current()] == ["note_m1", "note_m3"]


async def test_groq_is_never_asked_for_json_mode(harness, fake_openai):
    # Groq's JSON mode does not stream: its preset says so.
    fake_openai.responder = lambda body: (
        Script(text=facts_for(body)) if is_extraction(body) else None
    )
    h = harness(provider="groq")
    for text in ("My salary is ₹1,20,000.", "Rent is ₹25,000.", "Any tips?"):
        await h.turn(text)
    (extraction,) = h.extraction_requests()
    assert "response_format" not in extraction


async def test_a_server_that_rejects_json_mode_is_asked_again_without_and_never_again(
    harness, fake_openai
):
    fake_openai.reject_response_format = True
    fake_openai.responder = lambda body: (
        Script(text=facts_for(body)) if is_extraction(body) else None
    )
    h = harness()
    for text in ("My salary is ₹1,20,000.", "Rent is ₹25,000.", "Any tips?", "More?", "And?"):
        await h.turn(text)
    first, again, later = h.extraction_requests()
    assert first["response_format"] == {"type": "json_object"}  # refused with a 400
    assert "response_format" not in again and again["messages"] == first["messages"]
    assert "response_format" not in later  # remembered for this model
    assert MODEL in h.coach.maintenance.progress.no_json_mode
    assert len(h.state.facts.current()) == 4  # both answers accepted
    assert [r.kind for r in h.state.records].count("extract") == 2  # the refusal billed nothing


# ---- answers wrapped in words --------------------------------------------------------


def plan_for_two_messages() -> ExtractPlan:
    transcript = Transcript()
    transcript.add("user", "My salary is ₹1,20,000.", ts=START)
    transcript.add("assistant", "Noted.", ts=START + 1)
    return ExtractPlan(transcript.messages, (), "batch")


ANSWER = '{"facts": [{"key": "salary", "value": "₹1,20,000", "source_ids": ["m1"]}]}'


@pytest.mark.parametrize(
    "text",
    [
        ANSWER,
        f"```json\n{ANSWER}\n```",
        f"Here are the facts:\n```\n{ANSWER}\n```\nLet me know if you need more.",
        f"Sure! {ANSWER} That is all I found.",
        f'Notes {{"draft": true}} then the answer: {ANSWER}',
    ],
)
def test_a_json_object_in_prose_or_a_fence_is_accepted(text):
    result = plan_for_two_messages().parse(text, 1)
    assert result.rejected == ""
    assert [(f.key, f.value, f.source_ids) for f in result.facts] == [
        ("salary", "₹1,20,000", ("m1",))
    ]


def test_prose_without_a_json_object_is_refused_with_the_reason():
    result = plan_for_two_messages().parse("I could not find any facts, sorry.", 1)
    assert result.facts == () and result.rejected.startswith("bad JSON: ")


async def test_a_fenced_answer_from_the_server_fills_the_store(harness, fake_openai):
    fake_openai.responder = lambda body: (
        Script(text=f"Here you go:\n```json\n{facts_for(body)}\n```")
        if is_extraction(body)
        else None
    )
    h = harness()
    for text in ("My salary is ₹1,20,000.", "Rent is ₹25,000.", "Any tips?"):
        await h.turn(text)
    assert len(h.state.facts.current()) == 2 and h.state.facts.rejected_in_a_row == 0


# ---- refusals: back-off, pause, resume -------------------------------------------------


async def test_refusals_back_off_then_pause_until_remember(harness, fake_openai):
    answers = {"bad": True}
    fake_openai.responder = lambda body: (
        Script(text="I cannot do JSON." if answers["bad"] else facts_for(body))
        if is_extraction(body)
        else None
    )
    h = harness(params={"extract_every": 2})
    extracted_at: list[int] = []
    finished: list[ExtractFinished] = []
    for turn in range(1, 13):
        before = len(h.extraction_requests())
        events = await h.turn(f"Question number {turn} about budgeting?")
        finished += [e for e in events if isinstance(e, ExtractFinished)]
        if len(h.extraction_requests()) > before:
            extracted_at.append(turn)
    # Refused at turn 3; then 2 turns later (5); then 4 turns later (9); then paused.
    assert extracted_at == [3, 5, 9]
    assert [f.paused for f in finished] == [False, False, True]
    line, warning = describe(finished[-1])
    assert warning and "paused after 3 refused answers in a row" in line
    assert 'say "remember ..."' in line and "memory screen" in line
    # A "remember ..." is tried even while paused; accepted, it resumes the batches.
    answers["bad"] = False
    await h.turn("Remember: my rent is ₹25,000.")
    assert h.state.facts.rejected_in_a_row == 0
    assert h.extraction_requests()[-1]["messages"][1]["content"].count('"id"') == 25
    before = len(h.extraction_requests())
    await h.turn("Thanks.")
    await h.turn("One more thing?")
    assert len(h.extraction_requests()) == before + 1  # a batch again, every 2 turns


async def test_resume_from_the_memory_screen_is_recorded_in_the_session(harness, fake_openai):
    fake_openai.responder = lambda body: Script(text="nope") if is_extraction(body) else None
    h = harness(params={"extract_every": 1})
    for turn in range(1, 9):
        await h.turn(f"Question {turn}?")
    assert h.state.facts.rejected_in_a_row == 3
    assert h.coach.resume_extraction() is True
    assert h.coach.resume_extraction() is False  # not paused any more
    assert h.events[-1] == {"type": "extraction_resumed", "turn": 9}
    state, problems = replay(list(h.events))
    assert problems == [] and state.facts.rejected_in_a_row == 0
    before = len(h.extraction_requests())
    await h.turn("And now?")
    assert len(h.extraction_requests()) == before + 1


# ---- batches that do not fit -----------------------------------------------------------

LONG = "I spend on {n}: " + "groceries and travel and school fees " * 6


async def test_a_batch_too_big_for_one_call_is_split_over_several(
    harness, fake_openai, counter, monkeypatch
):
    monkeypatch.setattr(maintenance, "EXTRACT_BATCH_TOKENS", 120)
    fake_openai.responder = lambda body: (
        Script(text=facts_for(body)) if is_extraction(body) else None
    )
    h = harness(params={"extract_every": 4})
    for n in range(1, 6):
        await h.turn(LONG.format(n=n))
    batches = [batch_of(b) for b in h.extraction_requests()]
    sizes = [sum(counter.count(m["text"]) for m in batch) for batch in batches]
    assert len(batches) > 1
    # Each call within the cap (or one message alone), all in turn 5, every message once.
    assert all(size <= 120 or len(batch) == 1 for size, batch in zip(sizes, batches, strict=True))
    ids = [m["id"] for batch in batches for m in batch]
    assert ids == [f"m{i}" for i in range(1, 9)]
    assert {r.turn for r in h.state.records if r.kind == "extract"} == {5}


async def test_a_batch_the_model_calls_too_long_is_halved_not_sent_again_whole(
    harness, fake_openai, counter
):
    def respond(body):
        if not is_extraction(body):
            return None
        if len(batch_of(body)) > 2:
            return Script(
                status=400,
                error_message="This model's maximum context length is 300 tokens",
                error_code="context_length_exceeded",
            )
        return Script(text=facts_for(body))

    fake_openai.responder = respond
    h = harness(params={"extract_every": 4})
    for n in range(1, 6):
        await h.turn(LONG.format(n=n))
    lengths = [len(batch_of(b)) for b in h.extraction_requests()]
    assert lengths == [8, 4, 2, 2, 2, 2]  # each refusal halves the next batch
    covered = h.state.facts.covered_ids
    assert {f"m{i}" for i in range(1, 9)} <= covered


# ---- folds from a real model ------------------------------------------------------------


async def test_a_fold_that_gives_back_the_same_text_claims_nothing_new_and_waits(
    harness, fake_openai
):
    fake_openai.responder = lambda body: (
        Script(text="Facts: salary ₹1,20,000.") if is_fold(body) else None
    )
    h = harness(strategy="summary", params={"tail_turns": 1, "batch_turns": 2})
    said = [
        "My salary is ₹1,20,000.",
        "Thanks!",
        "My monthly expenses are ₹60,000.",
        "ok",
        "Tell me about PPF.",
        "And ELSS?",
        "Fine.",
    ]
    for text in said:
        await h.turn(text)
    folds = [r for r in h.state.records if r.kind == "summary"]
    # One call per batch (before turns 4, 6 and 8 would be due), never one per turn.
    assert [r.turn for r in folds] == [4, 6]
    assert folds[0].note == "folded turns 1-2"
    assert folds[1].note == (
        "summary unchanged, turns 3-4 not claimed (folded again with the next batch); "
        "warning: the summary lost expenses ₹60,000"
    )
    summary = h.state.summary
    assert (summary.last_turn, summary.read_to, summary.unchanged) == (2, 4, True)
    assert summary.covers_ids == ("m1", "m2", "m3", "m4")
    # Turns 3 and on are still sent verbatim: the expenses are in the last request.
    last = h.state.chat_records[-1]
    assert any("₹60,000" in m.content and m.provenance == "verbatim" for m in last.sent)
    # Saved and read back the same.
    state, _ = replay(list(h.events))
    assert state.summary == summary


async def test_a_summary_that_loses_figures_is_flagged_in_the_request_note(harness, fake_openai):
    fake_openai.responder = lambda body: (
        Script(text="The user asked general questions.") if is_fold(body) else None
    )
    h = harness(strategy="summary", params={"tail_turns": 1, "batch_turns": 2})
    for text in ("My salary is ₹1,20,000.", "Thanks!", "ok", "What next?"):
        await h.turn(text)
    summary = h.state.summary
    assert summary.dropped == ("salary ₹1,20,000",)
    fold = [r for r in h.state.records if r.kind == "summary"][0]
    assert fold.note == "folded turns 1-2; warning: the summary lost salary ₹1,20,000"
    note = h.state.chat_records[-1].extra["context_note"]
    assert note == "summary covers turns 1-2 · warning: the summary lost salary ₹1,20,000"


def test_a_fold_of_chatter_that_changes_nothing_claims_its_turns():
    transcript = Transcript()
    for n, text in enumerate(["My salary is ₹1,20,000.", "ok", "thanks", "fine", "bye"]):
        transcript.add("user", text, ts=float(2 * n))
        transcript.add("assistant", "Noted.", ts=float(2 * n + 1))
    history = transcript.messages
    strategy = SummaryStrategy(tail_turns=1, batch_turns=2, cap_tokens=50)
    first = strategy.fold_plan(history[:6], None)
    summary = first.result("Facts: salary ₹1,20,000.", lambda t: len(t.split()))
    second = strategy.fold_plan(history, summary)
    again = second.result(summary.text, lambda t: len(t.split()))
    assert again.unchanged and again.last_turn == 4 and again.read_to == 0
    assert again.covers_ids == tuple(f"m{i}" for i in range(1, 9))
    assert FactStore().rejected_in_a_row == 0
