"""Counting with the server's own tokenizer and template, and modelling it where we can't.

The fake server bills one token per word (not o200k) through a toy chat template:
3 + sum(4 + words) per request. With llama.cpp's endpoints switched on it also tokenizes
and renders that template on request, and reports its context window in /props.
"""

from __future__ import annotations

import pytest

from fincoach_tui.cli.plain_chat import accounting_line
from fincoach_tui.domain.overhead_fit import Observation, OverheadLearner
from fincoach_tui.domain.tokens import (
    COUNTED_AS_ESTIMATE,
    COUNTED_BY_SERVER,
    OPENAI_CHAT_OVERHEAD,
)
from fincoach_tui.llm.server_tokenizer import LLAMA_CPP, VLLM, forget_probes, server_root
from fincoach_tui.service.runtime import Overrides, build_engine, open_session, resolve
from fincoach_tui.settings.config import Config
from fincoach_tui.store.sessions import SessionStore
from tests.fake_openai import default_prompt_tokens, words

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
    assert errors == [-29, -8, 2, 2, 3, 0, -1, 0]  # shrinks as the ratio is learned
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


async def test_vllms_tokenize_counts_the_whole_chat_and_gives_the_window(fake_openai, tmp_path):
    fake_openai.vllm = True
    engine = _engine(fake_openai, model="Qwen/Qwen2.5-0.5B-Instruct")
    assert engine.counter.server.dialect == VLLM and engine.context_window == 32768
    live = open_session(engine, SessionStore(tmp_path).open("vllm"))
    records = await _chat(live, QUESTIONS[:3])
    live.close()
    assert [r.predicted_prompt_tokens - r.usage.prompt_tokens for r in records] == [0, 0, 0]


def test_ollamas_show_gives_the_context_window(fake_openai):
    fake_openai.ollama_context = 32000
    engine = _engine(fake_openai, model="qwen2.5:0.5b")
    assert engine.counter.server is None and engine.context_window == 32000


def test_a_configured_context_window_wins_over_the_servers(fake_openai):
    fake_openai.llama_cpp = True
    config = Config(prices={"smollm2-360m": {"input": 0.0, "output": 0.0, "context_window": 1000}})
    overrides = Overrides(provider="custom", base_url=fake_openai.base_url, model="smollm2-360m")
    engine = build_engine(config, resolve(config, overrides, {}), timeout=10)
    assert engine.context_window == 1000


async def test_the_plain_line_names_how_it_counted(fake_openai, tmp_path):
    engine = _engine(fake_openai)
    live = open_session(engine, SessionStore(tmp_path).open("plain"))
    records = await _chat(live, QUESTIONS[:4])
    line = accounting_line(records[-1], live.coach)
    live.close()
    tokenizer = engine.learner.current.tokenizer_part(records[-1].counted_tokens)
    gap = records[-1].template_gap
    assert "o200k estimate " in line and "tiktoken" not in line
    assert f"({tokenizer:+d} tokenizer, {gap - tokenizer:+d} template)" in line
    assert engine.split_gap(gap, records[-1].counted_tokens) == (tokenizer, gap - tokenizer)
    assert engine.count_note() == COUNTED_AS_ESTIMATE


async def test_a_server_without_usage_is_estimated_with_its_own_count(fake_openai, tmp_path):
    fake_openai.llama_cpp = True
    for _ in QUESTIONS[:2]:
        fake_openai.script(text="Keep three months aside.", usage_in=None)
    engine = _engine(fake_openai)
    live = open_session(engine, SessionStore(tmp_path).open("nousage"))
    records = await _chat(live, QUESTIONS[:2])
    line = accounting_line(records[-1], live.coach)
    live.close()
    for record in records:
        assert record.usage.estimated
        texts = [{"role": m.role, "content": m.content} for m in record.sent]
        assert record.usage.prompt_tokens == default_prompt_tokens({"messages": texts})
    assert f"server tokenizer {records[-1].counted_tokens} · billed ≈" in line
    assert engine.count_note() == COUNTED_BY_SERVER


def test_the_server_tokenizer_falls_back_to_the_local_count_when_it_stops_answering(
    fake_openai,
):
    fake_openai.llama_cpp = True
    engine = _engine(fake_openai)
    counter = engine.counter
    assert counter.count("one two three four") == 4  # the server's: one token per word
    fake_openai.llama_cpp = False  # the server is replaced by one without the endpoints
    assert counter.count_prompt([{"role": "user", "content": "hi"}]) is None
    assert counter.server is None and counter.label == COUNTED_AS_ESTIMATE
    assert counter.count_cached("m1", "one two three four") == 4  # o200k: 4 as it happens


def test_a_fit_that_stopped_predicting_is_not_saved_until_it_settles():
    learner = OverheadLearner(OPENAI_CHAT_OVERHEAD)
    for i in range(10):
        n = 2 + i % 5
        learner.observe(Observation.of(["user"] * n, 7 + 5 * n, counted=40))
    assert learner.take_for_saving() != []
    learner.observe(Observation.of(["user"] * 3, 90, counted=40))  # a new template: a miss
    assert learner.take_for_saving() == []
