"""OpenAIChat through the real `openai` SDK against the fake server in tests/fake_openai.py."""

from __future__ import annotations

import time

import pytest

from fincoach_tui.domain.records import Usage
from fincoach_tui.llm.base import Completion, LLMError, TextDelta, UsageReported
from fincoach_tui.llm.openai_chat import OpenAIChat
from fincoach_tui.llm.providers import ProviderSettings
from tests.fake_openai import closed_port_url

MESSAGES = [
    {"role": "system", "content": "You are a careful personal-finance coach."},
    {"role": "user", "content": "How big should my emergency fund be?"},
]
API_KEY = "sk-test-0123456789abcdefWXYZ"


def estimate(messages, text):
    # Deliberately not marked estimated: OpenAIChat must mark it.
    return Usage(prompt_tokens=111, completion_tokens=len(text.split()))


@pytest.fixture
async def make_chat():
    """Builds OpenAIChat clients and closes their connection pools after the test."""
    made: list[OpenAIChat] = []

    def make(base_url, *, name="custom", timeout=5.0, **kw):
        settings = ProviderSettings(name, base_url, "fake-model", API_KEY, "FAKE_KEY")
        made.append(OpenAIChat(settings, estimate_usage=estimate, timeout=timeout, **kw))
        return made[-1]

    yield make
    for chat in made:
        await chat.aclose()


async def collect(chat, messages=MESSAGES, *, model="fake-model", **kw):
    return [event async for event in chat.stream(messages, model=model, **kw)]


async def fail(chat, **kw) -> LLMError:
    with pytest.raises(LLMError) as err:
        await collect(chat, **kw)
    return err.value


async def test_streams_deltas_in_order_then_one_completion(fake_openai, make_chat):
    text = "Aim for three to six months of essential expenses, kept in cash."
    fake_openai.script(text=text, chunks=4, prompt_tokens=42, completion_tokens=13)
    chat = make_chat(fake_openai.base_url)
    assert chat.provider == "custom" and chat.simulated is False

    events = await collect(chat)

    *deltas, reported, final = events
    assert len(deltas) == 4 and all(isinstance(d, TextDelta) for d in deltas)
    # The usage as soon as the server sent it: a reply stopped now is billed, not estimated.
    assert reported == UsageReported(Usage(prompt_tokens=42, completion_tokens=13))
    assert "".join(d.text for d in deltas) == text
    assert isinstance(final, Completion)
    assert final.text == text
    assert final.finish_reason == "stop"
    assert final.usage == Usage(prompt_tokens=42, completion_tokens=13)


async def test_server_receives_exactly_what_was_sent(fake_openai, make_chat):
    chat = make_chat(fake_openai.base_url, extra_body={"reasoning_effort": "low"})
    await collect(chat, model="other-model", max_tokens=64)
    await collect(chat)

    first, second = fake_openai.requests
    assert first["messages"] == MESSAGES
    assert first["model"] == "other-model"
    assert first["stream"] is True
    assert first["stream_options"] == {"include_usage": True}
    assert first["max_tokens"] == 64
    assert first["reasoning_effort"] == "low"
    assert "max_tokens" not in second  # only sent when asked for
    assert fake_openai.request_headers[0]["authorization"] == f"Bearer {API_KEY}"


async def test_default_reply_and_usage_are_deterministic(fake_openai, make_chat):
    chat = make_chat(fake_openai.base_url)
    final = (await collect(chat))[-1]
    assert final.text == "Noted: How big should my emergency fund be?"
    # 3 + (4 + 6 words) + (4 + 7 words), see tests/fake_openai.py
    assert final.usage == Usage(prompt_tokens=24, completion_tokens=8)


async def test_cached_and_reasoning_tokens(fake_openai, make_chat):
    fake_openai.script(
        text="Yes.",
        prompt_tokens=2048,
        completion_tokens=300,
        cached_tokens=1024,
        reasoning_tokens=290,
    )
    final = (await collect(make_chat(fake_openai.base_url)))[-1]
    assert final.usage == Usage(
        prompt_tokens=2048, completion_tokens=300, cached_tokens=1024, reasoning_tokens=290
    )
    assert final.usage.estimated is False and final.usage.provider_cost is None


async def test_groq_usage_under_x_groq(fake_openai, make_chat):
    fake_openai.script(
        text="Pay the 24% card first.",
        usage_in="x_groq",
        prompt_tokens=80,
        completion_tokens=9,
        cached_tokens=64,
    )
    final = (await collect(make_chat(fake_openai.base_url, name="groq")))[-1]
    assert final.text == "Pay the 24% card first."
    assert final.usage == Usage(prompt_tokens=80, completion_tokens=9, cached_tokens=64)


async def test_no_usage_falls_back_to_a_marked_estimate(fake_openai, make_chat):
    fake_openai.script(text="one two three", usage_in=None)
    final = (await collect(make_chat(fake_openai.base_url)))[-1]
    assert final.usage == Usage(prompt_tokens=111, completion_tokens=3, estimated=True)


async def test_openrouter_cost_becomes_provider_cost(fake_openai, make_chat):
    fake_openai.script(text="Fine.", prompt_tokens=10, completion_tokens=2, cost=0.000123)
    final = (await collect(make_chat(fake_openai.base_url, name="openrouter")))[-1]
    assert final.usage.provider_cost == pytest.approx(0.000123)
    assert final.usage.prompt_tokens == 10


@pytest.mark.parametrize(
    ("status", "message", "code", "kind"),
    [
        (401, "Incorrect API key provided", "invalid_api_key", "auth"),
        (403, "Your key cannot use this model", None, "auth"),
        (404, "The model `fake-model` does not exist", "model_not_found", "not_found"),
        (400, "The model `fake-model` does not exist or you do not have access", None, "not_found"),
        (500, "The server had an error", None, "server"),
        (503, "Service unavailable", None, "server"),
        (
            400,
            "This model's maximum context length is 8192 tokens. However, you requested 9000.",
            "context_length_exceeded",
            "context_length",
        ),
        (400, "Please reduce the length: context length exceeded", None, "context_length"),
        (400, "'messages' must contain the word 'json'", "invalid_value", "bad_request"),
        (422, "Unprocessable", None, "bad_request"),
    ],
)
async def test_error_status_maps_to_kind(fake_openai, status, message, code, kind, make_chat):
    fake_openai.error(status, message, code=code)
    err = await fail(make_chat(fake_openai.base_url))
    assert err.kind == kind
    assert err.status == status
    assert message.split(".")[0] in err.message  # the server's words, not the SDK's dump
    assert "Error code" not in err.message and "Traceback" not in err.message
    assert err.partial_text == ""


async def test_rate_limit_carries_retry_after(fake_openai, make_chat):
    fake_openai.error(429, "Rate limit reached", code="rate_limit", headers={"Retry-After": "7"})
    fake_openai.error(429, "Rate limit reached", headers={"retry-after-ms": "1500"})
    fake_openai.error(429, "Rate limit reached")
    chat = make_chat(fake_openai.base_url)
    first, second, third = [await fail(chat) for _ in range(3)]
    assert (first.kind, first.status, first.retry_after) == ("rate_limit", 429, 7.0)
    assert second.retry_after == 1.5
    assert third.kind == "rate_limit" and third.retry_after is None
    assert len(fake_openai.requests) == 3  # no retries inside the SDK


async def test_auth_error_never_echoes_the_key(fake_openai, make_chat):
    fake_openai.error(401, f"Incorrect API key provided: {API_KEY}", code="invalid_api_key")
    err = await fail(make_chat(fake_openai.base_url))
    assert err.kind == "auth" and API_KEY not in err.message and "FAKE_KEY" in err.message


async def test_timeout_when_the_server_is_slower_than_the_client(fake_openai, make_chat):
    fake_openai.script(text="late", delay=3.0)
    started = time.monotonic()
    err = await fail(make_chat(fake_openai.base_url, timeout=0.3))
    assert err.kind == "timeout"
    assert time.monotonic() - started < 2.5


async def test_connection_refused(make_chat):
    err = await fail(make_chat(closed_port_url()))
    assert err.kind == "connection"
    assert err.status is None


async def test_stream_cut_keeps_the_partial_text(fake_openai, make_chat):
    text = "Build the fund first, then invest the rest."
    fake_openai.script(text=text, chunks=4, cut_after_chunks=2)
    chat = make_chat(fake_openai.base_url)
    received = []
    with pytest.raises(LLMError) as err:
        async for event in chat.stream(MESSAGES, model="fake-model"):
            assert isinstance(event, TextDelta)
            received.append(event.text)
    assert err.value.kind == "stream_cut"
    assert err.value.partial_text == "".join(received) == "Build the fund first, "
    assert "Traceback" not in err.value.message


async def test_cut_before_any_text_is_a_connection_error(fake_openai, make_chat):
    fake_openai.script(text="never arrives", cut_after_chunks=0)
    err = await fail(make_chat(fake_openai.base_url))
    assert err.kind == "connection" and err.partial_text == ""


async def test_client_recovers_after_a_failure(fake_openai, make_chat):
    fake_openai.error(500, "boom")
    fake_openai.script(text="Back again.")
    chat = make_chat(fake_openai.base_url)
    assert (await fail(chat)).kind == "server"
    assert (await collect(chat))[-1].text == "Back again."


def test_offline_settings_are_rejected():
    with pytest.raises(ValueError):
        OpenAIChat(ProviderSettings("offline", None, "gpt-4o-mini"), estimate_usage=estimate)


async def test_fake_embeddings_are_deterministic(fake_openai):
    import openai

    client = openai.AsyncOpenAI(api_key="x", base_url=fake_openai.base_url, max_retries=0)
    async with client:
        a = await client.embeddings.create(model="emb", input=["save money", "save money", "tax"])
        b = await client.embeddings.create(model="emb", input="save money", encoding_format="float")
    vecs = [d.embedding for d in a.data]
    assert len(vecs[0]) == 64 and vecs[0] == vecs[1] != vecs[2]
    assert b.data[0].embedding == pytest.approx(vecs[0], abs=1e-6)
    assert a.usage.prompt_tokens == 5
    assert len(fake_openai.embedding_requests) == 2
