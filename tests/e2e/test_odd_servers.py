"""Servers that answer oddly: a 200 that is an HTML page, invalid JSON, or an empty reply is
a failed turn (the question handed back, retry works), never an answer with an empty reply;
errors are recognised by meaning (llama.cpp's context overflow), name the URL tried, and
the app's notice never says the same thing twice."""

from __future__ import annotations

import pytest

from fincoach_tui.domain.records import Usage
from fincoach_tui.llm.base import LLMError
from fincoach_tui.llm.openai_chat import OpenAIChat
from fincoach_tui.llm.providers import ProviderSettings
from fincoach_tui.ui.errors import explain
from tests.app_harness import QUESTION, SIZE, fault_app, retry, send, started
from tests.e2e.test_faults import assert_nothing_lost, saved_state
from tests.fake_openai import closed_port_url

ODD_ANSWERS = {
    "html": (lambda f: f.html(), "answered with text/html, not a chat completion"),
    "invalid json": (lambda f: f.invalid_json(), "not valid JSON"),
    "empty": (lambda f: f.script(text=""), "the reply was empty"),
    "no choices": (
        lambda f: f.script(raw='{"id": "x", "choices": []}', content_type="application/json"),
        "answered with application/json, not a chat completion",
    ),
}


@pytest.mark.parametrize("odd", list(ODD_ANSWERS))
async def test_an_unusable_200_is_a_failed_turn_and_retry_works(tmp_path, fake_openai, odd):
    queue, said = ODD_ANSWERS[odd]
    app = fault_app(tmp_path, fake_openai.base_url)
    async with app.run_test(size=SIZE) as pilot:
        await started(app, pilot)
        queue(fake_openai)
        await send(app, pilot)
        title, notice = app.notices[-1]
        assert title == "The coach could not answer"
        assert notice.startswith("the provider's answer was not a usable reply; retry")
        assert said in notice
        assert_nothing_lost(app, tmp_path)
        fake_openai.script(text="Save ₹30,000 a month.")
        app.composer.text = ""
        await retry(app, pilot)
        assert [m.content for m in app.live.state.transcript.messages] == [
            QUESTION,
            "Save ₹30,000 a month.",
        ]
    state = saved_state(tmp_path)
    assert len(state.chat_records) == 1
    assert all(m.content for m in state.transcript.messages)


def chat_on(base_url: str) -> OpenAIChat:
    settings = ProviderSettings("custom", base_url, "local-model", "not-needed", None)
    return OpenAIChat(settings, estimate_usage=lambda m, t: Usage(1, 1), timeout=5)


async def failure(chat: OpenAIChat) -> LLMError:
    with pytest.raises(LLMError) as info:
        async for _ in chat.stream([{"role": "user", "content": "hi"}], model="local-model"):
            pass
    await chat.aclose()
    return info.value


LLAMA_CPP = "the request exceeds the available context size, try increasing it"


@pytest.mark.parametrize("status", [400, 500])
async def test_llama_cpp_context_overflow_is_a_context_overflow(fake_openai, status):
    fake_openai.error(
        status,
        LLAMA_CPP,
        type="exceed_context_size_error",
        code=status,
        n_prompt_tokens=5000,
        n_ctx=4096,
    )
    error = await failure(chat_on(fake_openai.base_url))
    assert error.kind == "context_length"
    openai_style = LLMError("context_length", "x", detail="y")
    assert explain(error).split(" (")[0] == explain(openai_style).split(" (")[0]
    assert explain(error).endswith(f"({LLAMA_CPP})")


async def test_a_connection_error_names_the_url_tried_once():
    url = closed_port_url()
    error = await failure(chat_on(url))
    assert error.kind == "connection"
    assert url in error.message
    notice = explain(error)
    assert notice.startswith("cannot reach the provider; check the network or the base URL (")
    assert notice.count(url) == 1
    assert "could not reach" not in notice.lower().split("(", 1)[1]  # said once, not twice


@pytest.mark.parametrize(
    "status, message, code, notice",
    [
        (
            401,
            "Incorrect API key provided",
            "invalid_api_key",
            "the provider refused the API key; check the key variable, or run with --provider "
            "offline (Incorrect API key provided)",
        ),
        (
            429,
            "Rate limit reached",
            "rate_limit_exceeded",
            "the provider is rate-limiting; wait a moment and retry (Rate limit reached)",
        ),
        (
            500,
            "The server had an error",
            None,
            "the provider had a server error; retry in a moment (The server had an error)",
        ),
    ],
)
async def test_notices_add_only_the_servers_words_to_the_advice(
    fake_openai, status, message, code, notice
):
    fake_openai.error(status, message, code=code)
    assert explain(await failure(chat_on(fake_openai.base_url))) == notice
