"""Maintenance calls are labelled with the strategy that ran them, and embeddings with
the model that made them, priced from that server's price entry (no price if none); hybrid
embeds on a custom server when an embeddings model is configured."""

from __future__ import annotations

import math

from fincoach_tui.llm.embeddings import embeddings_model
from fincoach_tui.llm.providers import ProviderSettings
from tests.fake_sessions import MODEL, PRICES, QUESTIONS, config, make_session

LOADED = "nomic-embed-text-v1.5.Q8_0.gguf"  # what a llama.cpp server says it embedded with


async def test_hybrid_embeds_on_the_custom_server_labelled_and_priced_as_its_model(fake_openai):
    fake_openai.embeddings_answered_by = LOADED
    cfg = config(embeddings_model="toy-embed")
    cfg.prices = {**PRICES, LOADED: {"input": 0.02, "output": 0.0}}
    state = await make_session(fake_openai, "embeds", "hybrid", QUESTIONS, cfg=cfg)
    # The exact request the server received for the first turn: the question, with the
    # configured model, as the openai SDK sends it.
    assert fake_openai.embedding_requests[0] == {
        "model": "toy-embed",
        "input": [QUESTIONS[0]],
        "encoding_format": "base64",
    }
    assert [r["input"] for r in fake_openai.embedding_requests] == [[q] for q in QUESTIONS]
    embeds = [r for r in state.records if r.kind == "embed"]
    assert len(embeds) == len(QUESTIONS)
    for record, question in zip(embeds, QUESTIONS, strict=True):
        tokens = len(question.split())  # the fake server bills a token a word
        assert (record.model, record.strategy, record.usage.prompt_tokens) == (
            LOADED,
            "hybrid",
            tokens,
        )
        assert record.cost_usd == tokens * 0.02 / 1e6
    assert set(state.embeddings) == {"toy-embed"}  # vectors filed under the model asked for
    folds = [r for r in state.records if r.kind == "summary"]
    assert folds and all(r.strategy == "hybrid" for r in folds)  # not "summary"


async def test_embeddings_with_no_price_entry_have_no_price(fake_openai):
    fake_openai.embeddings_answered_by = LOADED
    state = await make_session(
        fake_openai, "unpriced", "hybrid", QUESTIONS[:2], cfg=config(embeddings_model="toy-embed")
    )
    embeds = [r for r in state.records if r.kind == "embed"]
    assert embeds and all(r.cost_usd is None and r.model == LOADED for r in embeds)
    chats = [r for r in state.records if r.kind == "chat"]
    assert all(r.cost_usd is not None and r.model == MODEL for r in chats)


async def test_extractions_and_summary_folds_carry_their_strategy(fake_openai):
    facts = await make_session(fake_openai, "facts", "facts", QUESTIONS)
    assert {r.strategy for r in facts.records if r.kind == "extract"} == {"facts"}
    summary = await make_session(fake_openai, "summary", "summary", QUESTIONS)
    assert {r.strategy for r in summary.records if r.kind == "summary"} == {"summary"}
    assert math.fsum(r.cost_usd for r in summary.records) > 0


def test_which_embeddings_model_a_server_gets():
    openai = ProviderSettings("openai", "https://api.openai.com/v1", "gpt-4o", "sk-test")
    assert embeddings_model(openai) == "text-embedding-3-small"
    elsewhere = ProviderSettings("openai", "http://127.0.0.1:8080/v1", "gpt-4o", "x")
    assert embeddings_model(elsewhere) is None  # not OpenAI's server: not OpenAI's model
    assert embeddings_model(elsewhere, "toy-embed") == "toy-embed"
    custom = ProviderSettings("custom", "http://127.0.0.1:8080/v1", "m")
    assert embeddings_model(custom) is None and embeddings_model(custom, "e5") == "e5"
