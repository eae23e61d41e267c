"""The app as a person uses it, driven by Textual's Pilot against the offline coach and
the fake OpenAI server. Every assertion compares the screen's widgets with what was
actually sent or billed."""

from __future__ import annotations

import pytest
from textual.widgets import DataTable

from fincoach_tui.domain.persona import DEMO_TURNS
from fincoach_tui.store.sessions import SessionStore
from fincoach_tui.ui.chat import MessageBox
from tests.app_harness import SIZE, make_app, say, server_settings, started, workers_done


def sent_table(app) -> DataTable:
    return app.side.query_one("RequestInspector DataTable", DataTable)


async def test_offline_conversation_updates_panel_every_turn(tmp_path):
    app = make_app(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        await started(app, pilot)
        for turn, text in enumerate(DEMO_TURNS[:3], start=1):
            await say(app, pilot, text)
            records = app.live.state.chat_records
            assert len(records) == turn
            record = records[-1]
            assert len(record.sent) == 2 * turn  # buffer: system + history + new
            assert sent_table(app).row_count == len(record.sent)
            # The table built for the request in flight stays; the words around it are the record's.
            inspector = app.side.query_one("RequestInspector")
            assert inspector.border_title == f"This request · turn {turn}"
            assert str(inspector.query_one("#content").content) == text
            assert record.simulated
        # the chat shows both sides of every turn
        assert len(app.chat.query(MessageBox)) == 6
        assert "₹1,20,000" in app.chat.query(MessageBox).last().text


async def test_requests_match_what_the_server_received(tmp_path, fake_openai):
    fake_openai.script(
        text="Noted your salary.", prompt_tokens=170, completion_tokens=5, cached_tokens=0
    )
    fake_openai.script(
        text="Expenses noted.",
        prompt_tokens=260,
        completion_tokens=4,
        cached_tokens=128,
        reasoning_tokens=2,
    )
    app = make_app(tmp_path, settings=server_settings(fake_openai.base_url))
    async with app.run_test(size=SIZE) as pilot:
        await started(app, pilot)
        await say(app, pilot, DEMO_TURNS[0])
        await say(app, pilot, DEMO_TURNS[1])
        records = app.live.state.chat_records
        assert len(fake_openai.requests) == 2
        for request, record in zip(fake_openai.requests, records):
            assert request["messages"] == [
                {"role": m.role, "content": m.content} for m in record.sent
            ]
        assert records[1].usage.prompt_tokens == 260
        assert records[1].usage.cached_tokens == 128
        assert records[1].usage.reasoning_tokens == 2
        assert sent_table(app).row_count == 4
        assert app.chat.query(MessageBox).last().text == "Expenses noted."


async def test_switch_window_to_buffer_changes_the_next_request(tmp_path, fake_openai):
    app = make_app(tmp_path, settings=server_settings(fake_openai.base_url), strategy="window")
    async with app.run_test(size=SIZE) as pilot:
        await started(app, pilot)
        app.apply_strategy(("window", {"k": 2}))
        for text in DEMO_TURNS[:4]:
            await say(app, pilot, text)
        assert len(fake_openai.requests[-1]["messages"]) == 1 + 2 + 1
        app.apply_strategy(("buffer", {}))
        await say(app, pilot, DEMO_TURNS[4])
        assert len(fake_openai.requests[-1]["messages"]) == 1 + 8 + 1
        assert app.live.state.chat_records[-1].strategy == "buffer"


async def test_quit_and_resume_restores_everything(tmp_path):
    app = make_app(tmp_path, "chiru", strategy="window")
    async with app.run_test(size=SIZE) as pilot:
        await started(app, pilot)
        await say(app, pilot, DEMO_TURNS[0])
        await say(app, pilot, DEMO_TURNS[1])
        before_messages = app.live.state.transcript.messages
        before_records = app.live.state.records
        await pilot.press("ctrl+q")
    resumed = make_app(tmp_path, "chiru")
    async with resumed.run_test(size=SIZE) as pilot:
        await started(resumed, pilot)
        state = resumed.live.state
        assert state.transcript.messages == before_messages
        assert state.records == before_records
        assert resumed.live.coach.strategy.name == "window"
        assert len(resumed.chat.query(MessageBox)) == 4
        assert sent_table(resumed).row_count == len(before_records[-1].sent)


async def test_failed_turn_keeps_the_message_and_retry_sends_it(tmp_path, fake_openai):
    fake_openai.error(401, "Invalid API key", code="invalid_api_key")
    app = make_app(tmp_path, settings=server_settings(fake_openai.base_url))
    async with app.run_test(size=SIZE) as pilot:
        await started(app, pilot)
        await say(app, pilot, "My salary is ₹1,20,000.")
        assert app.composer.text == "My salary is ₹1,20,000."
        assert app.live.state.transcript.messages == ()
        fake_openai.script(text="Got it.", prompt_tokens=150, completion_tokens=3)
        app.composer.text = ""
        await pilot.press("ctrl+r")
        await pilot.pause()
        await workers_done(app)
        await pilot.pause()
        assert [m.content for m in app.live.state.transcript.messages] == [
            "My salary is ₹1,20,000.",
            "Got it.",
        ]


async def test_empty_message_is_not_sent(tmp_path):
    app = make_app(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        await started(app, pilot)
        await say(app, pilot, "   ")
        assert app.live.state.transcript.messages == ()
        assert app.live.state.records == []


async def test_second_window_on_a_session_is_refused(tmp_path):
    app = make_app(tmp_path, "shared")
    async with app.run_test(size=SIZE) as pilot:
        await started(app, pilot)
        from fincoach_tui.store.session_file import SessionLocked

        with pytest.raises(SessionLocked, match="open in another FinCoach window"):
            SessionStore(tmp_path / "sessions").open("shared")


async def test_ctrl_j_adds_a_line_and_enter_sends_both_lines(tmp_path):
    app = make_app(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        await started(app, pilot)
        app.composer.focus()
        await pilot.press(*"Salary", "ctrl+j", *"Rent")
        assert app.composer.text == "Salary\nRent"
        assert app.live.state.transcript.messages == ()
        await pilot.press("enter")
        await workers_done(app)
        await pilot.pause()
        assert app.live.state.transcript.messages[0].content == "Salary\nRent"
        assert app.composer.text == ""


async def test_a_paste_keeps_its_lines(tmp_path):
    from textual import events

    app = make_app(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        await started(app, pilot)
        app.composer.focus()
        app.post_message(
            events.Paste("line one\nline two\nline three")
        )  # as a terminal delivers it
        await pilot.pause()
        assert app.composer.text == "line one\nline two\nline three"


async def test_replies_are_drawn_as_markdown(tmp_path, fake_openai):
    reply = "**Keep** ₹3,60,000 aside:\n\n- rent first\n- then the SIP\n\n| item | amount |\n|---|---|\n| rent | 25,000 |"
    fake_openai.script(text=reply, chunks=6)
    app = make_app(tmp_path, settings=server_settings(fake_openai.base_url))
    async with app.run_test(size=SIZE) as pilot:
        await started(app, pilot)
        await say(app, pilot, "How do I split my salary?")
        box = app.chat.query(MessageBox).last()
        assert box.text == reply == app.live.state.transcript.messages[-1].content
        lines = [
            line.text
            for line in box.query_one(".body").render_lines(
                box.query_one(".body").region.reset_offset
            )
        ]
        screen = "\n".join(lines)
        assert "**" not in screen and "Keep ₹3,60,000 aside:" in screen  # bold, not asterisks
        assert "• rent first" in screen and "• then the SIP" in screen
        row = next(line for line in lines if "25,000" in line)
        assert "rent" in row and "|" not in row  # a drawn table, not the pipes typed
