"""Keys typed while `fincoach` starts arrive as typed: each line ended with Enter is a
message of its own, sent in order once the coach is ready, each after the reply to the one
before; the unfinished last line waits in the composer; nothing lost and nothing sent
twice; the terminal is left as it was found."""

from __future__ import annotations

import dataclasses
import threading

import pytest

from fincoach_tui.settings import paths
from fincoach_tui.ui import startup  # where the loader builds the engine
from fincoach_tui.ui.chat import MessageBox
from fincoach_tui.ui.typed_ahead import TypedAhead
from tests.app_harness import (
    activity,
    fault_app,
    make_app,
    saved_session,
    server_config,
    wait_until,
    workers_done,
)
from tests.processes import FINCOACH, OnTerminal, poll_until


def typed(*reads: bytes) -> str:
    ahead = TypedAhead()
    for data in reads:
        ahead.feed(data)
    return ahead.text


def test_a_character_split_across_reads_is_decoded_whole():
    rupee = "₹".encode()
    assert typed(b"My rent is " + rupee[:1], rupee[1:2], rupee[2:] + b"20k\n") == (
        "My rent is ₹20k\n"
    )


def test_carriage_return_and_line_feed_together_are_one_enter():
    assert typed(b"a\r\nb\r", b"\nc\rd\ne\r\r") == "a\nb\nc\nd\ne\n\n"


def test_control_bytes_and_key_sequences_are_dropped():
    # Tab, Ctrl+A, an arrow (CSI), F1 (SS3), Alt+x, a C1 code; Backspace erases.
    assert typed(b"a\tb\x01c\x1b[Ad\x1b[1;5Ce\x1bOPf\x1bxg\xc2\x85h", b"ij\x7f\x08k") == "abcdefghk"


def test_an_escape_sequence_split_across_reads_is_still_dropped():
    assert typed(b"a\x1b", b"[", b"B", b"b") == "ab"


def session_messages(name: str) -> list[tuple[str, str]]:
    """Session `name` of the program run on a terminal (the test's own data dir)."""
    state, _ = saved_session(paths.data_dir(), name)
    return [(m.role, m.content) for m in state.transcript.messages]


def answered(name: str, turns: int) -> bool:
    """Session `name` holds `turns` questions, each answered (and nothing more)."""
    try:
        roles = [role for role, _ in session_messages(name)]
    except (OSError, ValueError):  # not written yet, or mid-write
        return False
    return roles == ["user", "assistant"] * turns


def exchanges(requests) -> list[list[tuple[str, str]]]:
    """What each chat request the server received sent after the system message."""
    return [[(m["role"], m["content"]) for m in body["messages"][1:]] for body in requests]


def newest_messages(fake_openai) -> list[tuple[str, str]]:
    """The newest message (role, text) of each request the server received, in order."""
    return [said[-1] for said in exchanges(fake_openai.requests)]


IN_ORDER = [("user", "first"), ("user", "second"), ("user", "third")]


async def test_each_line_typed_ahead_is_a_message_of_its_own_in_order(tmp_path, fake_openai):
    """Three lines ended with Enter (and one of only spaces): three turns, each sent once
    the reply before it had ended, as a person waiting for each reply sends them. The line
    not ended with Enter is not sent: it is the composer's."""
    app = fault_app(tmp_path, fake_openai.base_url, session="lines")
    app.early_keys = "first\nsecond\n  \nthird\nnot finished"
    async with app.run_test() as pilot:
        await wait_until(pilot, lambda: app.live is not None and len(fake_openai.requests) == 3)
        await wait_until(pilot, lambda: app.live.state.transcript.completed_turns == 3)
        await workers_done(app)
        await pilot.pause()
        assert app.composer.text == "not finished"
        assert app.notices == []
    first = [("user", "first")]
    second = [*first, ("assistant", "Noted: first"), ("user", "second")]
    third = [*second, ("assistant", "Noted: second"), ("user", "third")]
    assert exchanges(fake_openai.requests) == [first, second, third]
    state, problems = saved_session(tmp_path, "lines")
    assert problems == []
    assert [(m.role, m.content) for m in state.transcript.messages] == [
        *third,
        ("assistant", "Noted: third"),
    ]


@pytest.mark.parametrize(
    ("unfinished", "composer"),
    [("", "second\nthird"), ("not finished", "second\nthird\nnot finished")],
    ids=["nothing-after", "an-unfinished-line-after"],
)
async def test_a_failed_reply_hands_the_lines_not_sent_back(
    unfinished, composer, tmp_path, fake_openai
):
    """The second line's reply fails: nothing more is sent, and the failed line and the
    one after it are back in the composer, in order, before the unfinished line."""
    fake_openai.script(text="One.")
    fake_openai.error(500, "The server had an error while processing your request")
    app = fault_app(tmp_path, fake_openai.base_url, session="failed")
    app.early_keys = "first\nsecond\nthird\n" + unfinished
    async with app.run_test() as pilot:
        await wait_until(pilot, lambda: app.live is not None and len(fake_openai.requests) == 2)
        await workers_done(app)
        await wait_until(pilot, lambda: app.composer.text == composer)
        assert app.turns.failed_text == "second"  # Ctrl+R sends it again, as after any failure
        assert app.notices[-1] == (
            "",
            "2 messages typed ahead not sent: back in the composer, Enter sends",
        )
    assert len(fake_openai.requests) == 2
    state, _ = saved_session(tmp_path, "failed")
    assert [(m.role, m.content) for m in state.transcript.messages] == [
        ("user", "first"),
        ("assistant", "One."),
    ]


async def test_a_line_refused_waits_in_the_composer_with_the_ones_after_it(tmp_path, fake_openai):
    """A hard budget refuses the second line, as it would refuse it typed live: it and the
    line after it are back in the composer, in order, ahead of the unfinished one."""
    fake_openai.script(text="Save a fifth.", prompt_tokens=173, completion_tokens=92)
    hard = dataclasses.replace(server_config(), budget_session_usd=0.0001, budget_hard=True)
    app = fault_app(tmp_path, fake_openai.base_url, session="refused", config=hard)
    app.early_keys = "How much should I save?\nAnd next month?\nthird\nnot finished"
    async with app.run_test() as pilot:
        await wait_until(pilot, lambda: app.live is not None and len(fake_openai.requests) == 1)
        await workers_done(app)
        await wait_until(pilot, lambda: app.composer.text != "not finished")
        assert app.composer.text == "And next month?\nthird\nnot finished"
        (title, line), handed_back = app.notices[-2:]
        assert title == "Over budget" and line.startswith("not sent: this message (≈$0.0000")
        assert handed_back == (
            "",
            "2 messages typed ahead not sent: back in the composer, Enter sends",
        )
        assert len(app.live.state.transcript.messages) == 2
        await pilot.pause()  # the composer's change reaches the app before it closes
    assert len(fake_openai.requests) == 1


async def test_stopping_a_reply_stops_the_lines_typed_ahead(tmp_path, fake_openai):
    """Esc while the first line's reply streams: the reply is kept (stopped), the second
    line is not sent but back in the composer, ahead of the unfinished one."""
    fake_openai.script(
        text="Keep six months aside.", chunks=["Keep six ", "months aside."], hold_after=1
    )
    app = fault_app(tmp_path, fake_openai.base_url, session="stopped")
    app.early_keys = "first\nsecond\nnot finished"
    async with app.run_test() as pilot:
        await wait_until(pilot, lambda: any(b.text == "Keep six " for b in app.query(MessageBox)))
        await pilot.press("escape")
        await workers_done(app)
        await wait_until(pilot, lambda: "done" in activity(app))
        await pilot.pause()
        assert app.composer.text == "second\nnot finished"
        assert app.notices[-1] == (
            "",
            "1 message typed ahead not sent: back in the composer, Enter sends",
        )
    assert len(fake_openai.requests) == 1
    state, _ = saved_session(tmp_path, "stopped")
    assert [(m.role, m.content) for m in state.transcript.messages] == [
        ("user", "first"),
        ("assistant", "Keep six "),
    ]


async def test_text_typed_ahead_without_enter_waits_in_the_composer(tmp_path):
    app = make_app(tmp_path, "unsent")
    app.early_keys = "My rent is 20k"
    async with app.run_test() as pilot:
        await wait_until(pilot, lambda: app.live is not None)
        await pilot.pause()
        assert app.composer.text == "My rent is 20k"
        assert app.live.state.transcript.messages == ()


@pytest.mark.parametrize("enter", [b"\n", b"\r"], ids=["line-feed", "carriage-return"])
def test_a_message_typed_at_launch_is_sent_once_and_the_terminal_restored(enter):
    """`fincoach` on a terminal, "My rent is 20k" and Enter typed before it even starts."""
    argv = [*FINCOACH, "--session", "typed", "--provider", "offline"]
    with OnTerminal(argv, size=(24, 80), typed=b"My rent is 20k" + enter) as child:
        poll_until(lambda: answered("typed", 1) or child.proc.poll() is not None)
        child.type(b"\x11")  # Ctrl+Q
        assert child.wait() == 0, child.tail()
        assert session_messages("typed")[0] == ("user", "My rent is 20k")
        assert [role for role, _ in session_messages("typed")] == ["user", "assistant"]
        assert child.attributes() == child.attributes_before


def test_lines_typed_at_launch_are_sent_one_by_one_and_the_unfinished_one_waits():
    """`fincoach` on a terminal, two lines and the start of a third typed before it even
    starts: two turns, in order; the third line is sent only once the person finishes it
    with Enter (so it was waiting in the composer, and was not sent before)."""
    argv = [*FINCOACH, "--session", "lines", "--provider", "offline"]
    with OnTerminal(argv, size=(24, 80), typed=b"first\rsecond\rthi") as child:
        poll_until(lambda: answered("lines", 2) or child.proc.poll() is not None)
        child.type(b"rd\r")
        poll_until(lambda: answered("lines", 3) or child.proc.poll() is not None)
        child.type(b"\x11")  # Ctrl+Q
        assert child.wait() == 0, child.tail()
        said = [text for role, text in session_messages("lines") if role == "user"]
        assert said == ["first", "second", "third"]
        assert child.attributes() == child.attributes_before


async def test_a_message_sent_while_loading_goes_after_the_lines_typed_before_it(
    tmp_path, monkeypatch, fake_openai
):
    """Two lines typed at launch, then the third finished in the composer and sent with
    Enter while the coach still loads: three turns, in the order they were typed."""
    ready = threading.Event()
    build = startup.build_engine

    def slow_build(*args, **kwargs):
        ready.wait(timeout=60)  # the engine loads only when the test says so
        return build(*args, **kwargs)

    monkeypatch.setattr(startup, "build_engine", slow_build)
    app = fault_app(tmp_path, fake_openai.base_url, session="loading")
    app.early_keys = "first\nsecond\nthi"
    async with app.run_test() as pilot:
        await pilot.pause()
        assert app.composer.text == "thi"
        assert (
            activity(app) == "starting: your 2 messages are sent one by one once the coach is ready"
        )
        await pilot.press("r", "d", "enter")
        assert app.live is None and app.composer.text == ""  # in the queue, after the two
        assert (
            activity(app) == "starting: your 3 messages are sent one by one once the coach is ready"
        )
        ready.set()
        await wait_until(pilot, lambda: app.live is not None and len(fake_openai.requests) == 3)
        await wait_until(pilot, lambda: app.live.state.transcript.completed_turns == 3)
        await workers_done(app)
        await pilot.pause()
        assert app.composer.text == ""
    assert newest_messages(fake_openai) == IN_ORDER


async def test_a_message_sent_while_the_lines_typed_ahead_go_waits_its_turn(tmp_path, fake_openai):
    """Enter in the composer while the first of two lines typed ahead is being answered:
    not refused as a reply is streaming, but queued after the second line."""
    fake_openai.script(text="One and more.", chunks=["One ", "and more."], hold_after=1)
    app = fault_app(tmp_path, fake_openai.base_url, session="queued")
    app.early_keys = "first\nsecond\n"
    async with app.run_test() as pilot:
        await wait_until(pilot, lambda: fake_openai.held.is_set())
        await pilot.press(*"third", "enter")
        assert app.composer.text == ""
        assert app.notices[-1] == ("", "queued: sent after the replies before it")
        fake_openai.release.set()
        await wait_until(pilot, lambda: app.live.state.transcript.completed_turns == 3)
        await workers_done(app)
    assert newest_messages(fake_openai) == IN_ORDER


async def test_enter_while_a_reply_streams_queues_the_message(tmp_path, fake_openai):
    """Two messages sent with Enter while the first reply still streams, and more typed
    after them: each is a turn of its own, sent in order once the reply before it has
    ended; the text typed after the last Enter stays in the composer. (Refused, the first
    stayed in the composer and the next ran on from it, its Enter lost.)"""
    fake_openai.script(text="One and more.", chunks=["One ", "and more."], hold_after=1)
    app = fault_app(tmp_path, fake_openai.base_url, session="streaming")
    async with app.run_test() as pilot:
        await wait_until(pilot, lambda: app.live is not None)
        app.composer.focus()
        await pilot.press(*"first", "enter")
        await wait_until(pilot, lambda: fake_openai.held.is_set())
        await pilot.press(*"second", "enter", *"third", "enter", *"unsent")
        assert app.composer.text == "unsent"
        assert app.notices[-2:] == [
            ("", "queued: sent after the reply before it"),
            ("", "queued: sent after the replies before it"),
        ]
        fake_openai.release.set()
        await wait_until(pilot, lambda: app.live.state.transcript.completed_turns == 3)
        await workers_done(app)
        assert app.composer.text == "unsent"
    assert newest_messages(fake_openai) == IN_ORDER


async def test_stopping_a_reply_hands_back_the_messages_queued_behind_it(tmp_path, fake_openai):
    """Esc stops a reply that a message was queued behind: the reply is kept (stopped),
    the queued message is not sent but back in the composer."""
    fake_openai.script(
        text="Keep six months aside.", chunks=["Keep six ", "months aside."], hold_after=1
    )
    app = fault_app(tmp_path, fake_openai.base_url, session="stopped-live")
    async with app.run_test() as pilot:
        await wait_until(pilot, lambda: app.live is not None)
        app.composer.focus()
        await pilot.press(*"first", "enter")
        await wait_until(pilot, lambda: any(b.text == "Keep six " for b in app.query(MessageBox)))
        await pilot.press(*"second", "enter")
        await pilot.press("escape")
        await workers_done(app)
        await wait_until(pilot, lambda: app.composer.text == "second")
        assert app.notices[-1] == (
            "",
            "1 message typed ahead not sent: back in the composer, Enter sends",
        )
    assert len(fake_openai.requests) == 1
    state, _ = saved_session(tmp_path, "stopped-live")
    assert [(m.role, m.content) for m in state.transcript.messages] == [
        ("user", "first"),
        ("assistant", "Keep six "),
    ]


async def test_a_failed_reply_hands_back_its_question_and_the_ones_queued_after_it(
    tmp_path, fake_openai
):
    """The reply a message was queued behind fails: nothing more is sent; the failed
    question and then the queued one are back in the composer, in order."""
    fake_openai.script(status=500, error_message="The server had an error", delay=30)
    app = fault_app(tmp_path, fake_openai.base_url, session="failed-live")
    async with app.run_test() as pilot:
        await wait_until(pilot, lambda: app.live is not None)
        app.composer.focus()
        await pilot.press(*"first", "enter")
        await wait_until(pilot, lambda: len(fake_openai.requests) == 1)
        await pilot.press(*"second", "enter")
        assert app.composer.text == ""
        fake_openai.stop()  # ends the delayed answer now: the request fails
        await workers_done(app)
        await wait_until(pilot, lambda: app.composer.text == "first\nsecond")
        assert app.turns.failed_text == "first"
    assert len(fake_openai.requests) == 1


async def test_keys_typed_before_the_app_handles_an_enter_are_the_next_message(
    tmp_path, fake_openai
):
    """On a terminal, keys arrive faster than the app handles Enter: "second", Enter,
    "third", Enter reach the composer before the app reads the first Enter's message.
    Each message is what was typed before its own Enter: the second Enter sent
    "secondthird" (the composer still held "second"), and "third" was never a message."""
    fake_openai.script(text="One and more.", chunks=["One ", "and more."], hold_after=1)
    app = fault_app(tmp_path, fake_openai.base_url, session="fast")
    async with app.run_test() as pilot:
        await wait_until(pilot, lambda: app.live is not None)
        composer = app.composer
        composer.focus()
        await pilot.press(*"first", "enter")
        await wait_until(pilot, lambda: fake_openai.held.is_set())
        # Straight to the composer, with no await in between that would let the app run.
        for text in ("second", "third"):
            composer.insert(text)
            composer.submit()  # what Enter does
        composer.insert("unsent")
        await pilot.pause()
        assert composer.text == "unsent"
        fake_openai.release.set()
        await wait_until(pilot, lambda: app.live.state.transcript.completed_turns == 3)
        await workers_done(app)
    assert newest_messages(fake_openai) == IN_ORDER


async def test_a_message_refused_goes_back_in_front_of_what_was_typed_since(tmp_path):
    """Enter took the message out of the composer; refused (too long for the model), it
    is put back, ahead of the text typed after the Enter, on a line of its own."""
    app = make_app(tmp_path)
    async with app.run_test() as pilot:
        await wait_until(pilot, lambda: app.live is not None)
        composer = app.composer
        composer.focus()
        too_long = "rent " * 200_000
        composer.insert(too_long)
        composer.submit()  # what Enter does
        composer.insert("typed since")
        await pilot.pause()
        assert composer.text == f"{too_long}\ntyped since"
        assert app.live.state.transcript.messages == ()
