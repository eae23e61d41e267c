"""Counting with the server's own tokenizer and template, and modelling it where we can't.

The fake server bills one token per word (not o200k) through a toy chat template:
3 + sum(4 + words) per request. With llama.cpp's endpoints switched on it also tokenizes
and renders that template on request, and reports its context window in /props.
"""

from __future__ import annotations

import pytest

from fincoach_tui.domain.overhead_fit import Observation, OverheadLearner
from fincoach_tui.domain.tokens import (
    COUNTED_AS_ESTIMATE,
    COUNTED_BY_SERVER,
    OPENAI_CHAT_OVERHEAD,
)
from fincoach_tui.llm.server_tokenizer import LLAMA_CPP, forget_probes, server_root
from fincoach_tui.service.runtime import Overrides, build_engine, open_session, resolve
from fincoach_tui.settings.config import Config
from fincoach_tui.store.sessions import SessionStore

from .fake_openai import words

QUESTIONS = [
    "My salary is 90000 a month and rent is 25000.",
    "How much should I keep as an emergency fund?",
    "I also pay 8000 for a car loan every month until next year.",
    "Should I invest in index funds or pay the loan off early?",
    "What if my rent goes up by ten percent next year?",
    "Summarise my monthly budget in three lines please.",
    "And how long until I have six months of expenses saved?",
    "Thanks, one more: is a credit card with cashback worth it?",
]


@pytest.fixture(autouse=True)
def _fresh_probes():
    forget_probes()
    yield
    forget_probes()


def _engine(fake, model: str = "smollm2-360m"):
    config = Config()
    overrides = Overrides(provider="custom", base_url=fake.base_url, model=model)
    return build_engine(config, resolve(config, overrides, {}), timeout=10)


async def _chat(live, questions):
    records = []
    for question in questions:
        async for event in live.coach.turn(question):
            record = getattr(event, "record", None)
            if record is not None:
                records.append(record)
    return records


def test_the_server_root_is_the_base_url_without_v1():
    assert server_root("http://127.0.0.1:8080/v1") == "http://127.0.0.1:8080"
    assert server_root("http://127.0.0.1:8080/v1/") == "http://127.0.0.1:8080"
    assert server_root("http://h:1/llm") == "http://h:1/llm"


async def test_a_server_with_tokenize_and_apply_template_is_counted_exactly(fake_openai, tmp_path):
    fake_openai.llama_cpp = True
    fake_openai.n_ctx = 4096
    engine = _engine(fake_openai)
    assert engine.counter.server is not None and engine.counter.server.dialect == LLAMA_CPP
    assert engine.counter.label == COUNTED_BY_SERVER
    assert engine.context_window == 4096  # from /props: no price entry has one
    live = open_session(engine, SessionStore(tmp_path).open("exact"))
    assert live.coach.context_window == 4096
    records = await _chat(live, QUESTIONS[:4])
    live.close()
    for record in records:
        billed = record.usage.prompt_tokens
        assert record.predicted_prompt_tokens == billed  # counted = billed, exactly
        assert record.counted_tokens == sum(words(m.content) for m in record.sent)
        assert record.template_gap == 3 + 4 * len(record.sent)  # the template, and only it
    assert [r.usage.prompt_tokens for r in records][0] == 3 + 4 * 2 + sum(
        words(m.content) for m in records[0].sent
    )
    # Each message is tokenized once: the next turn's request reuses the earlier counts.
    tokenized = [b["content"] for p, b in fake_openai.native_requests if p == "/tokenize"]
    assert tokenized.count(QUESTIONS[0]) == 1


async def test_a_different_tokenizer_without_endpoints_is_an_estimate_that_learns_its_ratio(
    fake_openai, tmp_path
):
    engine = _engine(fake_openai)
    assert engine.counter.server is None
    assert engine.counter.label == COUNTED_AS_ESTIMATE
    assert engine.learner.ratio and engine.context_window is None
    live = open_session(engine, SessionStore(tmp_path).open("estimate"))
    records = await _chat(live, QUESTIONS)
    live.close()
    errors = [r.usage.prompt_tokens - r.predicted_prompt_tokens for r in records]
    assert errors == [-29, -8, 2, -6, 3, 2, 0, 0]  # shrinks as the ratio is learned
    fit = engine.learner.current
    assert "tokenizer ×" in fit.describe()  # the tokenizer part is named apart
    assert fit.ratio() != 1


async def test_without_a_tokenizer_endpoint_the_context_window_still_comes_from_props(
    fake_openai,
):
    fake_openai.llama_cpp = True
    fake_openai.n_ctx = 2048
    engine = _engine(fake_openai, model="some-model")
    assert engine.context_window == 2048


def test_a_template_change_behind_the_same_url_is_refitted_within_a_few_calls():
    learner = OverheadLearner(OPENAI_CHAT_OVERHEAD)

    def call(n_messages: int, fixed: int, per_message: int) -> int:
        roles = ["system"] + ["user", "assistant"] * (n_messages // 2)
        roles = roles[:n_messages]
        observation = Observation.of(roles, fixed + per_message * n_messages, counted=50)
        error = observation.gap - learner.predict(roles, counted=50)
        learner.observe(observation)
        return error

    before = [call(2 + i % 9, 7, 5) for i in range(40)]
    assert before[:2] != [0, 0] and before[2:] == [0] * 38
    after = [call(2 + i % 9, 20, 9) for i in range(8)]
    # Three misses in a row, then a fit from those three alone: exact again.
    assert [e != 0 for e in after[:3]] == [True, True, True]
    assert after[3:] == [0] * 5
    assert learner.refits == 1


def test_an_implausible_saved_fit_is_not_learned_from_or_saved_again():
    # A negative per-message template: a tokenizer gap mistaken for template.
    saved = [
        Observation.of(["system", "user"], 120, counted=10),
        Observation.of(["system", "user", "assistant", "user"], 110, counted=300),
        Observation.of(["system", "user", "assistant", "user", "assistant", "user"], 100, 900),
    ]
    learner = OverheadLearner(OPENAI_CHAT_OVERHEAD, saved)
    assert learner.observations == [] and not learner.current.learned
