"""A slow server tokenizer never holds the event loop: counts it owes are made locally for
now and asked for in a worker thread, and the turn's record still has the server's exact
count. The fake server's tokenizer endpoints wait on an event the test releases."""

from __future__ import annotations

import asyncio

import pytest

from fincoach_tui.llm.server_tokenizer import forget_probes
from fincoach_tui.service.events import TurnFinished
from fincoach_tui.service.runtime import open_session
from fincoach_tui.store.sessions import SessionStore
from tests.llm.test_server_tokenizer import QUESTIONS, _engine


@pytest.fixture(autouse=True)
def _fresh_probes():
    forget_probes()
    yield
    forget_probes()


async def test_a_held_tokenizer_never_holds_the_event_loop(fake_openai, tmp_path):
    fake_openai.llama_cpp = True
    engine = _engine(fake_openai)  # probed while the server answers at once
    live = open_session(engine, SessionStore(tmp_path).open("slow"))
    counter = live.coach.counter
    gate = fake_openai.hold_tokenizer()

    # On the event loop: the request is built and measured without asking the server.
    turn = live.coach.begin(QUESTIONS[0])
    assert not fake_openai.tokenizer_waiting.is_set()  # nothing was asked of it
    assert counter.server is not None and counter.pending  # owed, not dropped by a timeout

    ticks = 0

    async def tick() -> None:
        nonlocal ticks
        while True:
            ticks += 1
            await asyncio.sleep(0)

    events: list = []

    async def drive() -> None:
        async for event in turn.events():
            events.append(event)

    ticker = asyncio.create_task(tick())
    driving = asyncio.create_task(drive())
    # The turn is now waiting for the held server, in a worker thread.
    assert await asyncio.to_thread(fake_openai.tokenizer_waiting.wait, 30)
    before = ticks
    for _ in range(3):
        await asyncio.sleep(0)
    assert ticks > before and not driving.done()  # the loop runs while the server is held
    gate.set()
    await driving
    ticker.cancel()
    live.close()

    finished = events[-1]
    assert isinstance(finished, TurnFinished)
    record = finished.record
    assert counter.server is not None  # the server was waited for, not given up on
    assert record.predicted_prompt_tokens == record.usage.prompt_tokens  # still exact


async def test_with_no_usage_the_estimate_is_the_servers_own_count(fake_openai, tmp_path):
    from tests.fake_openai import default_prompt_tokens

    fake_openai.llama_cpp = True
    engine = _engine(fake_openai)
    live = open_session(engine, SessionStore(tmp_path).open("no-usage"))
    fake_openai.script(text="Keep six months aside.", usage_in=None)
    records = []
    async for event in live.coach.turn(QUESTIONS[0]):
        if isinstance(event, TurnFinished):
            records.append(event.record)
    live.close()
    usage = records[0].usage
    # What the server would have billed: its template over the request, counted by it.
    assert usage.estimated and usage.prompt_tokens == default_prompt_tokens(fake_openai.requests[0])
