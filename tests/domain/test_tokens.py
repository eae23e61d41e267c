"""Content-token counts and chat-template overhead, checked against seed 001's figures."""

from __future__ import annotations

import pytest

from fincoach_tui.domain.persona import DEMO_TURNS, FINCOACH_SYSTEM_PROMPT, SIMULATED_TURNS
from fincoach_tui.domain.tokens import (
    HARMONY_OVERHEAD,
    OPENAI_CHAT_OVERHEAD,
    TokenCounter,
    bare_model,
    encoding_for_model,
    overhead_for_model,
)

# ---- content tokens (o200k_base, encode_ordinary) -----------------------------------


def test_system_prompt_is_132_tokens(counter):
    # Seed 001: "System prompt: 132 tokens on every call".
    assert counter.count(FINCOACH_SYSTEM_PROMPT) == 132


def test_first_demo_message_is_19_tokens(counter):
    assert DEMO_TURNS[0] == "Hi! I'm Chiru. My monthly take-home salary is ₹1,20,000."
    assert counter.count(DEMO_TURNS[0]) == 19
    # Seed 001, live run turn 1: "tiktoken: 151" = system prompt + this message.
    assert counter.count(FINCOACH_SYSTEM_PROMPT) + counter.count(DEMO_TURNS[0]) == 151


def test_simulated_turns_match_the_notebook_table(counter):
    # The "Msg tokens" column of seed 001's growth table.
    assert [counter.count(t) for t in SIMULATED_TURNS] == [17, 9, 16, 9, 10, 12, 15, 11, 11, 14]


def test_special_token_text_counts_as_ordinary_text(encoding, counter):
    text = "<|endoftext|>"
    # The strict encoder refuses it: it would be a control token, not user text.
    with pytest.raises(ValueError):
        encoding.encode(text)
    assert counter.count(text) == 7
    tokens = encoding.encode_ordinary(text)
    assert encoding.eot_token not in tokens
    assert encoding.decode(tokens) == text


# ---- which encoding for which model -------------------------------------------------


@pytest.mark.parametrize(
    "model", ["gpt-4o", "gpt-4o-mini", "gpt-4.1-mini", "gpt-5-mini", "openai/gpt-oss-120b"]
)
def test_o200k_models(model):
    assert encoding_for_model(model) == "o200k_base"


@pytest.mark.parametrize("model", ["gpt-4", "gpt-3.5-turbo", "openai/gpt-4"])
def test_cl100k_models(model):
    assert encoding_for_model(model) == "cl100k_base"


@pytest.mark.parametrize(
    ("model", "bare"),
    [
        ("openai/gpt-oss-120b", "gpt-oss-120b"),
        ("openrouter/openai/gpt-4o-mini", "gpt-4o-mini"),
        ("GPT-4o", "gpt-4o"),
        ("gpt-4o-mini", "gpt-4o-mini"),
    ],
)
def test_bare_model_strips_routing_prefixes(model, bare):
    assert bare_model(model) == bare


# ---- counting cache -----------------------------------------------------------------


def test_count_cached_never_reencodes_a_key():
    calls: list[str] = []

    def encode(text: str) -> list[int]:
        calls.append(text)
        return list(range(len(text.split())))

    counter = TokenCounter(encode, "words")
    assert counter.count_cached("m1", "one two three") == 3
    assert counter.count_cached("m1", "one two three") == 3
    assert counter.count_cached("m2", "four five") == 2
    assert counter.encoded_texts == 2
    assert calls == ["one two three", "four five"]


def test_count_cached_tells_apart_the_same_id_in_another_session():
    # One counter serves every session the app opens, and every session numbers its
    # messages m1, m2, …: the id alone must not bring back another session's count.
    counter = TokenCounter(lambda text: text.split(), "words")
    assert counter.count_cached("m1", "one two three") == 3
    assert counter.count_cached("m1", "a different first message here") == 5
    assert counter.count_cached("m1", "one two three") == 3
    assert counter.encoded_texts == 2


def test_derived_texts_are_counted_once_and_not_kept():
    # A system prompt with its sections is made anew for each request and each strategy
    # compared: the counter remembers its count, not the text.
    import sys

    counter = TokenCounter(lambda text: text.split(), "words")
    text = " ".join(["section"] * 500) + " (turn 7)"
    before = sys.getrefcount(text)
    assert counter.count_derived(text) == 502
    assert counter.count_derived(" ".join(["section"] * 500) + " (turn 7)") == 502  # equal text
    assert counter.count_derived(text + " more") == 503
    assert counter.encoded_texts == 2
    assert sys.getrefcount(text) == before  # no reference to it was kept


def test_count_cached_with_real_encoder(counter):
    for _ in range(3):
        assert counter.count_cached("system", FINCOACH_SYSTEM_PROMPT) == 132
    assert counter.encoded_texts == 1


# ---- template overhead --------------------------------------------------------------


def test_openai_overhead_for_system_and_user():
    # Seed 001: gpt-4o billed 162 for 151 content tokens at turn 1.
    assert OPENAI_CHAT_OVERHEAD.predict(["system", "user"]) == 162 - 151 == 11


def test_openai_overhead_per_message():
    roles = ["system", "user", "assistant", "user"]
    assert OPENAI_CHAT_OVERHEAD.predict(roles) == 3 + 4 * len(roles)


def test_harmony_overhead_turn_one():
    # Seed 001 on gpt-oss-120b: 225 billed for 151 counted at turn 1.
    assert HARMONY_OVERHEAD.predict(["system", "user"]) == 225 - 151 == 74


def test_harmony_overhead_grows_by_ten_per_turn():
    # "It is 74 tokens at turn 1 and grows by 10 per turn, 5 for each added message."
    for turn in range(1, 6):
        roles = ["system", "user"] + ["assistant", "user"] * (turn - 1)
        assert HARMONY_OVERHEAD.predict(roles) == 74 + 10 * (turn - 1)


def test_overhead_for_model():
    assert overhead_for_model("openai/gpt-oss-120b") is HARMONY_OVERHEAD
    assert overhead_for_model("gpt-oss-20b") is HARMONY_OVERHEAD
    assert overhead_for_model("gpt-4o") is OPENAI_CHAT_OVERHEAD
