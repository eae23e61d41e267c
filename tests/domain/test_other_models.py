"""Other models on your conversation: the session's own requests priced at another
model's prices and template, against figures worked out by hand."""

from __future__ import annotations

import pytest

from fincoach_tui.domain.other_models import (
    ModelSpec,
    ModelSpecError,
    parse_models,
    reprice,
    same_tokenizer,
)
from fincoach_tui.domain.pricing import Price
from fincoach_tui.domain.records import CallRecord, SentMessage, Usage
from fincoach_tui.domain.tokens import overhead_for_model
from fincoach_tui.llm.prices import price_table

# genai-prices 0.2.3, USD per 1M tokens (input, output), pinned here: a new release that
# changes them fails this test on purpose.
GPT_4O = (2.50, 10.00)
GPT_41_MINI = (0.40, 1.60)
GPT_OSS_120B_GROQ = (0.15, 0.60)


def record(kind: str, model: str, roles: list[str], counted: int, prompt: int, completion: int):
    sent = tuple(SentMessage(r, f"{r} text", "verbatim", counted // len(roles)) for r in roles)
    usage = Usage(prompt, completion, cached_tokens=64 if prompt > 64 else 0)
    return CallRecord(
        kind, 1, "facts", "custom", model, sent, (), counted, prompt, usage, 0.001, 0.1
    )


# A chat call (system, user, assistant, user: 100 content tokens, 20 out) and an extraction
# (system, user: 300 content tokens, 50 out), both made on a local model.
RECORDS = [
    record("chat", "toy-model", ["system", "user", "assistant", "user"], 100, 131, 20),
    record("extract", "toy-model", ["system", "user"], 300, 321, 50),
]


def test_the_library_prices_are_the_pinned_ones():
    for (model, provider), (inp, out) in {
        ("gpt-4o", None): GPT_4O,
        ("gpt-4.1-mini", None): GPT_41_MINI,
        ("openai/gpt-oss-120b", "groq"): GPT_OSS_120B_GROQ,
    }.items():
        price = price_table({}, provider=provider).get(model)
        assert price is not None and (price.input, price.output) == (inp, out)


def test_requests_priced_on_gpt_4o_with_openais_template():
    price = price_table({}).get("gpt-4o")
    got = reprice(RECORDS, "gpt-4o", price, overhead_for_model("gpt-4o"), counted_with="toy-model")
    # OpenAI's template: 3 + 4 per message.
    # chat:    100 + 3 + 4*4 = 119 in, 20 out -> (119*2.50 + 20*10.00)/1e6 = 0.0004975
    # extract: 300 + 3 + 4*2 = 311 in, 50 out -> (311*2.50 + 50*10.00)/1e6 = 0.0012775
    assert (got.prompt_tokens, got.completion_tokens) == (119 + 311, 20 + 50)
    assert got.cost_usd == pytest.approx(0.0004975 + 0.0012775, rel=1e-12)  # 0.001775
    assert got.estimated and not got.billed  # a local model's counts are not o200k's


def test_requests_priced_on_gpt_oss_at_groq_with_the_harmony_template():
    spec = parse_models("openai/gpt-oss-120b@groq")[0]
    price = price_table({}, provider=spec.provider).get(spec.model)
    got = reprice(RECORDS, spec.model, price, overhead_for_model(spec.model), counted_with="gpt-4o")
    # harmony: 63 + system 7, user 4, assistant 6.
    # chat:    100 + 63 + 7 + 4 + 6 + 4 = 184 in -> (184*0.15 + 20*0.60)/1e6 = 0.0000396
    # extract: 300 + 63 + 7 + 4      = 374 in -> (374*0.15 + 50*0.60)/1e6 = 0.0000861
    assert got.prompt_tokens == 184 + 374
    assert got.cost_usd == pytest.approx(0.0000396 + 0.0000861, rel=1e-12)
    assert got.estimated is False  # counted with o200k, as gpt-oss is


def test_the_sessions_own_model_keeps_its_bill_with_the_cache_discount():
    price = Price(input=1.0, cached_input=0.5, output=2.0)
    got = reprice(
        RECORDS, "toy-model", price, overhead_for_model("toy-model"), counted_with="toy-model"
    )
    # as billed: chat 131 in (64 cached), 20 out; extract 321 in (64 cached), 50 out
    # ((131-64)*1.0 + 64*0.5 + 20*2.0 + (321-64)*1.0 + 64*0.5 + 50*2.0)/1e6
    assert got.cost_usd == pytest.approx((67 + 32 + 40 + 257 + 32 + 100) / 1e6, rel=1e-12)
    assert got.billed and not got.estimated


def test_no_price_is_no_price():
    got = reprice(RECORDS, "nosuch", None, overhead_for_model("nosuch"), counted_with="gpt-4o")
    assert got.cost_usd is None


def test_model_lists_are_read_or_refused_in_one_line():
    assert parse_models(" gpt-4o, gpt-4.1-mini ,openai/gpt-oss-120b@Groq,gpt-4o") == [
        ModelSpec("gpt-4o"),
        ModelSpec("gpt-4.1-mini"),
        ModelSpec("openai/gpt-oss-120b", "groq"),
    ]
    for bad in ("", " , ", "gpt-4o@", "@groq"):
        with pytest.raises(ModelSpecError):
            parse_models(bad)
    assert same_tokenizer("gpt-4o", "gpt-4.1-mini") and not same_tokenizer("gpt-4o", "gpt-4")
    assert not same_tokenizer("llama-3.1-8b", "gpt-4o")
