"""API faults as the user meets them: the app (Pilot) against the fake OpenAI server, through
the real openai SDK. Each fault is explained in one line, the question is never lost (it is
back in the composer; Ctrl+R sends it again), and nothing half-done reaches the session."""

from __future__ import annotations

import asyncio

from fincoach_tui.store import disk
from fincoach_tui.ui.chat import MessageBox
from tests.app_harness import (
    QUESTION,
    SIZE,
    activity,
    fault_app,
    retry,
    saved_session,
    send,
    started,
    workers_done,
)
from tests.fake_openai import closed_port_url


def saved_state(tmp_path):
    """The session the fault tests use, as saved (other fault tests read it too)."""
    return saved_session(tmp_path, "faults")[0]


def assert_nothing_lost(app, tmp_path, question: str = QUESTION, turns_before: int = 0) -> None:
    """The failed turn left no trace but a withdrawn question, and the text is back."""
    assert app.composer.text == question
    assert app.turns.failed_text == question
    state = app.live.state
    assert len(state.transcript) == 2 * turns_before and len(state.chat_records) == turns_before
    assert saved_state(tmp_path).transcript.messages == state.transcript.messages
    box = app.chat.query(MessageBox).last()
    assert box.has_class("-error") and "Not answered" in box.text
    assert "Ctrl+R retries" in activity(app)


STATUS_FAULTS = [
    (401, "Incorrect API key provided", "invalid_api_key", "refused the API key"),
    (404, "The model `gpt-9-turbo` does not exist", "model_not_found", "does not know this model"),
    (500, "The server had an error while processing your request", None, "server error"),
    (503, "The engine is currently overloaded", None, "server error"),
    (400, "[/b] Invalid [red]value[/red] for 'messages'", None, "rejected the request"),
]


async def test_each_error_status_is_explained_and_the_question_kept(tmp_path, fake_openai):
    """One app, every status in turn: explained, nothing lost, and Ctrl+R sends the same
    text once the fault has passed. The 400's text is taken literally, never as markup."""
    app = fault_app(tmp_path, fake_openai.base_url)
    async with app.run_test(size=SIZE) as pilot:
        await started(app, pilot)
        for turn, (status, message, code, explained) in enumerate(STATUS_FAULTS):
            question = f"{QUESTION} (try {turn + 1})"
            fake_openai.error(status, message, code=code)
            await send(app, pilot, question)
            title, notice = app.notices[-1]
            assert title == "The coach could not answer"
            assert explained in notice and message in notice, (status, notice)
            assert_nothing_lost(app, tmp_path, question, turns_before=turn)
            fake_openai.script(text=f"Answer {turn + 1}.")
            app.composer.text = ""
            await retry(app, pilot)
            assert [m.content for m in app.live.state.transcript.messages[-2:]] == [
                question, f"Answer {turn + 1}."]  # fmt: skip
            assert fake_openai.requests[-1]["messages"][-1]["content"] == question
            assert app.turns.failed_text is None
        assert saved_state(tmp_path).transcript.completed_turns == len(STATUS_FAULTS)


async def test_an_unknown_model_gets_a_clear_notice(tmp_path, fake_openai):
    fake_openai.error(404, "The model `gpt-9-turbo` does not exist or you do not have access to it.",
                      code="model_not_found")  # fmt: skip
    app = fault_app(tmp_path, fake_openai.base_url, model="gpt-9-turbo")
    async with app.run_test(size=SIZE) as pilot:
        await started(app, pilot)
        await send(app, pilot)
        _, notice = app.notices[-1]
        assert notice.startswith("the provider does not know this model; pick another with --model")
        assert "'gpt-9-turbo'" in notice
        assert fake_openai.requests[0]["model"] == "gpt-9-turbo"
        assert_nothing_lost(app, tmp_path)


async def test_a_timeout_is_explained(tmp_path, fake_openai):
    fake_openai.script(text="too late", delay=30)  # the fixture's stop wakes it at once
    # Far below the scripted 30 s, yet long enough for the retry's answer on a busy machine
    # (at 0.5 s the retry itself timed out under load, failing the test now and then).
    app = fault_app(tmp_path, fake_openai.base_url, request_timeout=2.0)
    async with app.run_test(size=SIZE) as pilot:
        await started(app, pilot)
        await send(app, pilot)
        assert "did not answer in time" in app.notices[-1][1]
        assert_nothing_lost(app, tmp_path)
        fake_openai.script(text="On time now.")
        await retry(app, pilot)
        assert app.live.state.transcript.messages[-1].content == "On time now."


async def test_connection_refused_is_explained(tmp_path):
    app = fault_app(tmp_path, closed_port_url())
    async with app.run_test(size=SIZE) as pilot:
        await started(app, pilot)
        await send(app, pilot)
        _, notice = app.notices[-1]
        assert notice.startswith("cannot reach the provider; check the network or the base URL")
        assert_nothing_lost(app, tmp_path)


class HeldSleep:
    """The coach's retry wait, held by the test: no real sleeping, every wait visible."""

    def __init__(self) -> None:
        self.waits: list[float] = []
        self.waiting = asyncio.Event()
        self._go = asyncio.Event()

    async def __call__(self, seconds: float) -> None:
        self.waits.append(seconds)
        self.waiting.set()
        await self._go.wait()
        self._go.clear()

    async def next_wait(self) -> None:
        await asyncio.wait_for(self.waiting.wait(), timeout=30)
        self.waiting.clear()

    def release(self) -> None:
        self._go.set()


async def test_429_honours_retry_after_with_visible_bounded_retries(tmp_path, fake_openai):
    fake_openai.error(429, "Rate limit reached for requests", code="rate_limit_exceeded",
                      headers={"Retry-After": "7"})  # fmt: skip
    fake_openai.error(429, "Rate limit reached for requests", code="rate_limit_exceeded",
                      headers={"retry-after-ms": "1500"})  # fmt: skip
    fake_openai.script(text="Thanks for waiting: save ₹30,000.")
    sleep = HeldSleep()
    app = fault_app(tmp_path, fake_openai.base_url, retry_sleep=sleep)
    async with app.run_test(size=SIZE) as pilot:
        await started(app, pilot)
        app.composer.text = QUESTION
        await pilot.press("enter")
        await sleep.next_wait()
        await pilot.pause()
        assert activity(app) == "rate limited: retry 1 of 2 in 7s…"
        assert app.activity.has_class("-error")
        sleep.release()
        await sleep.next_wait()
        await pilot.pause()
        assert activity(app) == "rate limited: retry 2 of 2 in 2s…"  # 1.5 s, shown rounded
        sleep.release()
        await workers_done(app)
        await pilot.pause()
        assert sleep.waits == [7.0, 1.5]
        assert len(fake_openai.requests) == 3
        assert app.live.state.transcript.messages[-1].content == "Thanks for waiting: save ₹30,000."
        assert len(app.live.state.chat_records) == 1  # one turn, billed once


async def test_429_gives_up_after_the_bounded_retries_and_keeps_the_question(tmp_path, fake_openai):
    for _ in range(3):
        fake_openai.error(429, "Rate limit reached", code="rate_limit_exceeded")  # no Retry-After
    sleep = HeldSleep()
    app = fault_app(tmp_path, fake_openai.base_url, retry_sleep=sleep)
    async with app.run_test(size=SIZE) as pilot:
        await started(app, pilot)
        app.composer.text = QUESTION
        await pilot.press("enter")
        for _ in range(2):
            await sleep.next_wait()
            sleep.release()
        await workers_done(app)
        await pilot.pause()
        assert sleep.waits == [1.0, 2.0]  # exponential backoff when the server names no wait
        assert len(fake_openai.requests) == 3  # never more than the first try and two retries
        assert "rate-limiting" in app.notices[-1][1]
        assert_nothing_lost(app, tmp_path)


async def test_a_cut_stream_keeps_the_partial_reply_marked_and_estimated(tmp_path, fake_openai):
    script = fake_openai.script(text="Save twenty percent first. Then invest the rest in a SIP.",
                                chunks=4, cut_after_chunks=2)  # fmt: skip
    partial = "".join(script.pieces()[:2])
    assert partial == "Save twenty percent first. Then invest "
    app = fault_app(tmp_path, fake_openai.base_url)
    async with app.run_test(size=SIZE) as pilot:
        await started(app, pilot)
        await send(app, pilot)
        reply = app.live.state.transcript.messages[-1]
        assert reply.role == "assistant" and reply.content == partial
        record = app.live.state.chat_records[-1]
        assert record.note == "reply cut off" and record.usage.estimated
        assert record.usage.completion_tokens == app.live.coach.counter.count(reply.content)
        box = app.chat.query(MessageBox).last()
        assert box.text == partial
        assert "estimated" in box.who and "reply cut off" in box.who
        assert box.has_class("-partial")
        assert activity(app) == "turn 1 done (reply cut off)"
        assert app.composer.text == ""  # the question was answered, if only in part
        saved = saved_state(tmp_path).chat_records[-1]  # the marks survive a resume
        assert saved.note == "reply cut off" and saved.usage.estimated


async def test_context_length_exceeded_offers_a_bounded_strategy(tmp_path, fake_openai):
    fake_openai.script(text="Noted.")
    fake_openai.script(text="Noted again.")
    fake_openai.error(400, "This model's maximum context length is 128000 tokens. However, your "
                      "messages resulted in 131072 tokens.", code="context_length_exceeded")  # fmt: skip
    app = fault_app(tmp_path, fake_openai.base_url)
    async with app.run_test(size=SIZE) as pilot:
        await started(app, pilot)
        await send(app, pilot, "My salary is ₹1,20,000.")
        await send(app, pilot, "My rent is ₹25,000.")
        await send(app, pilot)
        _, notice = app.notices[-1]
        assert "longer than the model's context window" in notice
        assert "Switch to a bounded strategy (Ctrl+S to choose window, budget or summary" in notice
        assert "maximum context length is 128000 tokens" in notice
        # The key that sends it again is named once in the notice, once in the activity line.
        assert notice.count("Ctrl+R") == 1
        assert notice.endswith(
            "Your question is back in the composer: Enter or Ctrl+R sends it again."
        )
        assert activity(app).count("Ctrl+R") == 1
        assert app.composer.text == QUESTION
        assert app.live.state.transcript.completed_turns == 2
        # Take the offer: the next strategy (window) and send the same text again.
        await pilot.press("ctrl+t")
        await pilot.pause()
        assert app.live.coach.strategy.name == "window"
        app.live.coach.switch_strategy("window", {"k": 2})
        fake_openai.script(text="Fits now.")
        app.composer.text = ""
        await retry(app, pilot)
        sent = fake_openai.requests[-1]["messages"]
        assert len(sent) == 1 + 2 + 1 and sent[-1]["content"] == QUESTION
        assert app.live.state.transcript.messages[-1].content == "Fits now."


async def test_a_failed_write_costs_neither_the_app_nor_the_message(
    tmp_path, fake_openai, monkeypatch
):
    """Not the model's fault: the disk is full. The turn is undone, the text kept."""
    app = fault_app(tmp_path, fake_openai.base_url)
    async with app.run_test(size=SIZE) as pilot:
        await started(app, pilot)
        real_write = disk.os_write
        calls = []

        def full_disk(fd: int, data) -> int:
            calls.append(data)
            if len(calls) == 2:  # the question is saved, the reply is not
                raise OSError(28, "No space left on device")
            return real_write(fd, data)

        monkeypatch.setattr(disk, "os_write", full_disk)  # every file write goes through it
        await send(app, pilot)
        assert app.is_running
        assert "no space left on device" in app.notices[-1][1].lower()
        assert app.composer.text == QUESTION
        assert app.live.state.transcript.messages == ()
        assert saved_state(tmp_path).transcript.messages == ()  # the question was withdrawn
        await retry(app, pilot)
        assert [m.role for m in app.live.state.transcript.messages] == ["user", "assistant"]
