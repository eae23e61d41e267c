"""Stopping a streaming reply (Turn.stop): what arrived is kept, marked "stopped", and billed
as the server reported it or estimated when it had not; the session file holds exactly
that, and a resumed session goes on from it. Through the real openai SDK to the fake
server, whose stream pauses where each test says (driven by events, never by delays)."""

from __future__ import annotations

import asyncio

from fincoach_tui.domain.records import Usage
from fincoach_tui.llm.base import UsageReported
from fincoach_tui.service.coach import STOPPED_NOTE
from fincoach_tui.service.events import ReplyDelta, TurnFailed, TurnFinished
from fincoach_tui.service.runtime import build_engine, open_session
from fincoach_tui.store.sessions import SessionStore
from tests.app_harness import server_config, server_settings

REPLY = "Keep six months of expenses aside. Then invest the rest monthly."
PIECES = ["Keep six months ", "of expenses aside. ", "Then invest ", "the rest monthly."]


def live_session(fake, root, name="stop"):
    engine = build_engine(server_config(), server_settings(fake.base_url))
    return engine, open_session(engine, SessionStore(root).open(name))


async def test_a_reply_stopped_midway_keeps_what_arrived_estimated(fake_openai, tmp_path):
    fake_openai.script(text=REPLY, chunks=PIECES, hold_after=2, prompt_tokens=999)
    engine, live = live_session(fake_openai, tmp_path)
    turn = live.coach.begin("How much should I keep aside?")
    shown, finished = "", None
    async for event in turn.events():
        if isinstance(event, ReplyDelta):
            shown += event.text
            if shown == "".join(PIECES[:2]):  # the server now holds the rest back
                turn.stop()
        elif isinstance(event, TurnFinished):
            finished = event
    assert finished is not None and not live.coach.busy
    record = finished.record
    assert finished.reply.content == "Keep six months of expenses aside. "
    assert record.note == STOPPED_NOTE == "stopped"
    # The server never said what the call used: our count plus the template, marked.
    chat = record.sent
    expected = live.coach.estimate_usage(
        [{"role": m.role, "content": m.content} for m in chat], finished.reply.content
    )
    assert record.usage == expected and record.usage.estimated
    assert record.usage.prompt_tokens != 999
    assert record.usage.completion_tokens == engine.counter.count(finished.reply.content)
    live.close()
    await engine.llm.aclose()

    # Resumed: the stopped reply is the conversation's answer, and is sent back as such.
    engine, live = live_session(fake_openai, tmp_path)
    transcript = live.state.transcript.messages
    assert [(m.role, m.content) for m in transcript] == [
        ("user", "How much should I keep aside?"),
        ("assistant", "Keep six months of expenses aside. "),
    ]
    (saved,) = live.state.chat_records
    assert (saved.note, saved.usage, saved.reply_id) == ("stopped", expected, transcript[1].id)
    assert live.state.interrupted is None  # answered (partly), not an unanswered question
    async for _ in live.coach.begin("And then?").events():
        pass
    assert fake_openai.requests[-1]["messages"][1:] == [
        {"role": "user", "content": "How much should I keep aside?"},
        {"role": "assistant", "content": "Keep six months of expenses aside. "},
        {"role": "user", "content": "And then?"},
    ]
    live.close()
    await engine.llm.aclose()


class StopOnUsage:
    """The provider's model, stopping the turn the moment the server reports usage: the
    stop and the usage arrive together, as when the person presses Esc just then."""

    def __init__(self, inner) -> None:
        self.inner = inner
        self.provider, self.simulated = inner.provider, inner.simulated
        self.turn = None

    async def stream(self, messages, *, model, max_tokens=None):
        async for event in self.inner.stream(messages, model=model, max_tokens=max_tokens):
            if isinstance(event, UsageReported):
                self.turn.stop()
            yield event


async def test_a_reply_stopped_after_the_server_reported_usage_is_billed(fake_openai, tmp_path):
    fake_openai.script(
        text=REPLY, chunks=PIECES, hold_after="usage", prompt_tokens=321, cached_tokens=64
    )
    engine, live = live_session(fake_openai, tmp_path)
    model = live.coach.llm = StopOnUsage(live.coach.llm)
    model.turn = turn = live.coach.begin("How much should I keep aside?")
    events = [event async for event in turn.events()]
    finished = events[-1]
    assert isinstance(finished, TurnFinished)
    assert finished.reply.content == REPLY
    assert finished.record.note == "stopped"
    assert finished.record.usage == Usage(
        prompt_tokens=321, completion_tokens=len(REPLY.split()), cached_tokens=64
    )  # the provider's own figures: billed, not estimated
    live.close()
    await engine.llm.aclose()


async def test_a_reply_stopped_before_any_text_hands_the_question_back(fake_openai, tmp_path):
    fake_openai.script(text=REPLY, chunks=PIECES, hold_after=0)
    engine, live = live_session(fake_openai, tmp_path)
    turn = live.coach.begin("How much should I keep aside?")
    loop = asyncio.get_running_loop()
    # Stopped the moment the request reaches the server: before any of the reply.
    fake_openai.on_request = lambda body: loop.call_soon_threadsafe(turn.stop)
    events = [event async for event in turn.events()]
    failed = events[-1]
    assert isinstance(failed, TurnFailed)
    assert failed.error.kind == "stopped" and failed.question == "How much should I keep aside?"
    assert live.state.transcript.messages == () and live.state.records == []
    assert not live.coach.busy
    live.close()
    await engine.llm.aclose()


async def test_a_reply_cancelled_while_a_piece_is_awaited_leaves_nothing_running():
    """The app quits mid-reply (the turn's worker cancelled while the next piece is
    awaited): the stream is closed, and nothing is left waiting on it to fail later,
    unowned ("Task exception was never retrieved" and a traceback over the shell)."""
    from fincoach_tui.service.stopping import until_stopped

    gate, closed, seen = asyncio.Event(), [], []

    async def stream():
        try:
            yield "Keep six "
            await gate.wait()  # the server holds the rest
            raise RuntimeError("cut off")  # the connection dropped
        finally:
            closed.append("closed")

    async def reply() -> None:
        async for piece in until_stopped(stream(), asyncio.Event()):
            seen.append(piece)

    loop = asyncio.get_running_loop()
    logged: list[dict] = []
    loop.set_exception_handler(lambda _loop, context: logged.append(context))
    worker = asyncio.ensure_future(reply())
    while not seen:
        await asyncio.sleep(0)
    worker.cancel()
    try:
        await worker
    except asyncio.CancelledError:
        pass
    assert (seen, closed) == (["Keep six "], ["closed"])
    gate.set()
    for _ in range(3):
        await asyncio.sleep(0)
    import gc

    gc.collect()  # an unretrieved failure is logged when its task is collected
    assert logged == []
