"""Typing in the app: keys reach the composer wherever focus is, Esc and Ctrl+C stop a
streaming reply (kept, marked stopped, billed or estimated as the server reported), new
lines by every key terminals send for them, Enter before the coach is ready, and the
person's own messages shown exactly as typed."""

from __future__ import annotations

import threading

import pytest
from rich.markdown import Markdown
from rich.text import Text
from textual import events
from textual.widgets import DataTable, Static

from fincoach_tui.ui import startup as app_module  # where the loader builds the engine
from fincoach_tui.ui.chat import ChatView, MessageBox
from fincoach_tui.ui.composer import PLACEHOLDER, Composer
from fincoach_tui.ui.cost_chart import CostChart
from tests.app_harness import (
    SIZE,
    activity,
    fault_app,
    make_app,
    saved_session,
    say,
    started,
    wait_until,
    workers_done,
)

PIECES = ["Keep six months ", "of expenses aside. ", "Then invest ", "the rest monthly."]
QUESTION = "How much should I keep aside?"


@pytest.mark.parametrize("key", ["escape", "ctrl+c"])
async def test_esc_or_ctrl_c_stops_a_streaming_reply_and_keeps_it(key, tmp_path, fake_openai):
    fake_openai.script(text="".join(PIECES), chunks=PIECES, hold_after=2, prompt_tokens=999)
    app = fault_app(tmp_path, fake_openai.base_url, session="stop")
    async with app.run_test(size=SIZE) as pilot:
        await started(app, pilot)
        app.composer.text = QUESTION
        await pilot.press("enter")
        kept = "".join(PIECES[:2])
        await wait_until(pilot, lambda: any(b.text == kept for b in app.query(MessageBox)))
        await pilot.press(key)
        await workers_done(app)
        await wait_until(pilot, lambda: "done" in activity(app))
        record = app.live.state.chat_records[-1]
        reply = app.chat.query(MessageBox).last()
        assert reply.text == kept and reply.who.endswith("· stopped") and "estimated" in reply.who
        assert activity(app) == "turn 1 done (stopped)"
        assert app.composer.text == ""  # answered (partly): nothing handed back
        sent = [{"role": m.role, "content": m.content} for m in record.sent]
        assert record.note == "stopped"
        assert record.usage == app.live.coach.estimate_usage(sent, kept)  # server said nothing
        assert app.is_running  # Ctrl+C stopped the reply, not the app

    # What the session file holds, and what a resumed app shows.
    state, problems = saved_session(tmp_path, "stop")
    assert problems == []
    assert [(m.role, m.content) for m in state.transcript.messages] == [
        ("user", QUESTION),
        ("assistant", kept),
    ]
    (saved,) = state.chat_records
    assert (saved.note, saved.usage.estimated, saved.usage.prompt_tokens) == (
        "stopped",
        True,
        record.usage.prompt_tokens,
    )
    assert saved.usage.prompt_tokens != 999
    resumed = fault_app(tmp_path, fake_openai.base_url, session="stop")
    async with resumed.run_test(size=SIZE) as pilot:
        await started(resumed, pilot)
        assert [b.text for b in resumed.chat.query(MessageBox)] == [QUESTION, kept]
        assert resumed.composer.text == ""  # not an unanswered question


async def test_ctrl_c_with_no_reply_streaming_leaves_the_app_and_the_text(tmp_path):
    app = make_app(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        await started(app, pilot)
        app.composer.text = "draft"
        await pilot.press("ctrl+c")
        assert app.is_running and app.composer.text == "draft"


async def test_printable_keys_reach_the_composer_from_anywhere_on_the_main_screen(tmp_path):
    app = make_app(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        await started(app, pilot)
        await say(app, pilot, "My salary is ₹1,20,000.")
        composer = app.composer
        app.query_one(ChatView).focus()
        await pilot.press("h", "i", "space", "R")
        assert composer.text == "hi R" and app.focused is composer

        chart = app.query_one(CostChart)
        chart.focus()
        mode = chart.mode
        await pilot.press("m")  # the chart's own key while it shows focus: not typing
        assert chart.mode != mode and app.focused is chart and composer.text == "hi R"
        await pilot.press("exclamation_mark")
        assert composer.text == "hi R!" and app.focused is composer

        app.query_one(DataTable).focus()  # the request inspector's table
        await pilot.pause()
        # As a terminal delivers ₹ (Pilot's press() has no character for it).
        app.post_message(events.Key("indian_rupee_sign", "₹"))
        await pilot.pause()
        assert composer.text == "hi R!₹" and app.focused is composer


async def test_esc_brings_focus_back_to_the_composer(tmp_path):
    app = make_app(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        await started(app, pilot)
        for widget in (app.query_one(CostChart), app.query_one(ChatView)):
            widget.focus()
            await pilot.pause()
            await pilot.press("escape")
            assert app.focused is app.composer


async def test_enter_while_the_coach_is_loading_sends_once_it_is_ready(tmp_path, monkeypatch):
    """Each message Enter ends while the coach loads is a turn of its own, in order, as
    lines typed before the app started are; the unfinished one stays in the composer."""
    ready = threading.Event()
    build = app_module.build_engine

    def slow_build(*args, **kwargs):
        ready.wait(timeout=60)  # the engine loads only when the test says so
        return build(*args, **kwargs)

    monkeypatch.setattr(app_module, "build_engine", slow_build)
    app = make_app(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("h", "i")
        await pilot.press("enter")
        assert app.live is None and app.composer.text == ""
        assert activity(app) == "starting: your message is sent as soon as the coach is ready"
        await pilot.press(*"rent 20k", "enter", *"and")
        assert app.live is None and app.composer.text == "and"
        assert (
            activity(app) == "starting: your 2 messages are sent one by one once the coach is ready"
        )
        ready.set()
        await wait_until(pilot, lambda: app.live is not None)
        await wait_until(pilot, lambda: app.live.state.transcript.completed_turns == 2)
        await workers_done(app)
        said = [(m.role, m.content) for m in app.live.state.transcript.messages]
        assert [text for role, text in said if role == "user"] == ["hi", "rent 20k"]
        assert [role for role, _ in said] == ["user", "assistant"] * 2
        assert app.composer.text == "and"


async def test_new_line_keys_and_the_placeholder(tmp_path):
    app = make_app(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        await started(app, pilot)
        composer = app.query_one(Composer)
        assert composer.placeholder == PLACEHOLDER == "Enter to send · Ctrl+J new line"
        # shift+\r is how Textual reports xterm's modifyOtherKeys Shift+Enter, ESC[27;2;13~
        await pilot.press("a", "ctrl+j", "b", "alt+enter", "c", "shift+enter", "d", "shift+\r")
        await pilot.press("e")
        assert composer.text == "a\nb\nc\nd\ne"
        assert app.live.state.transcript.messages == ()  # none of them sent it


def test_the_terminal_sequences_for_new_lines_parse_as_new_line_keys():
    from textual._xterm_parser import XTermParser

    from fincoach_tui.ui.keys import NEW_LINE_KEYS

    def keys(sequence: str) -> list[str]:
        parser = XTermParser()
        return [e.key for e in [*parser.feed(sequence), *parser.feed("")]]

    assert keys("\x1b[27;2;13~") == ["shift+\r"]  # xterm modifyOtherKeys, tmux extended-keys
    assert keys("\x1b\r") == ["alt+enter"]  # legacy Alt+Enter: no longer a plain Enter
    assert keys("\x1b[13;2u") == ["shift+enter"] and keys("\x1b[13;3u") == ["alt+enter"]
    assert keys("\n") == ["ctrl+j"] and keys("\r") == ["enter"]
    assert {"shift+\r", "alt+enter", "shift+enter", "ctrl+j"} <= NEW_LINE_KEYS
    assert "enter" not in NEW_LINE_KEYS


async def test_own_messages_render_as_typed_and_replies_as_markdown(tmp_path):
    typed = "1. a\n2. b\n- c\n**not bold** and *not italic*\n\n3) spaced   out"
    app = make_app(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        await started(app, pilot)
        await say(app, pilot, typed)
        question, reply = app.chat.query(MessageBox)
        body = question.query_one(".body", Static).content
        assert isinstance(body, Text) and body.plain == typed
        assert isinstance(reply.query_one(".body", Static).content, Markdown)
        # On screen: the lines as typed, one under the other, the asterisks kept.
        rows = [
            "".join(seg.text for seg in strip) for strip in app.screen._compositor.render_strips()
        ]
        r = question.region
        shown = [row[r.x : r.right].lstrip(" █▐▌").rstrip() for row in rows[r.y : r.bottom]]
        assert shown == ["You · turn 1", *typed.split("\n")]


async def test_keys_typed_before_the_composer_exists_are_its_first_text(tmp_path):
    app = make_app(tmp_path)
    app.early_keys = "hi"  # as `on_key` keeps them while the first screen is built
    async with app.run_test(size=SIZE) as pilot:
        await started(app, pilot)
        assert app.composer.text == "hi" and app.focused is app.composer


async def test_a_change_of_the_message_box_that_arrives_after_the_app_closed_is_ignored(tmp_path):
    """A text-area change can be delivered after the screens are gone (a line handed back
    just before closing): it must not raise 'no screens on stack'."""
    from textual.widgets import TextArea

    app = make_app(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        await started(app, pilot)
        composer = app.composer
        assert app.comparison is not None
    assert not app.screen_stack
    app.on_text_area_changed(TextArea.Changed(composer))  # raised ScreenStackError before


async def test_a_turn_that_ends_after_the_app_closed_is_ignored(tmp_path):
    """A turn's end can be delivered after the screens are gone (the app quit while a reply
    was finishing): showing it must not raise 'no screens on stack'."""
    app = make_app(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        await started(app, pilot)
        await say(app, pilot, QUESTION)
    assert not app.screen_stack
    app.turn_ended()  # its end arrived once the screens were gone: raised ScreenStackError before
