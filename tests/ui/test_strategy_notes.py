"""What the inspector's line under the request says a strategy sent: the messages it
actually sent, and why the rest were left out, in the app as the person reads it."""

from __future__ import annotations

from textual.widgets import Input

from fincoach_tui.ui.inspector import RequestInspector
from fincoach_tui.ui.meter import TokenMeter
from fincoach_tui.ui.side_panel import SidePanel
from tests.app_harness import make_app, running, say, server_settings, started


async def choose_window(app, pilot, k: str) -> None:
    """The strategy dialog (Ctrl+S): buffer, then window, with `k` typed in."""
    await pilot.press("ctrl+s")
    await pilot.pause()
    await pilot.press("down", "enter")  # buffer, then window
    await pilot.pause()
    app.screen.query_one("#p-k", Input).value = k
    app.screen.action_apply()
    await pilot.pause()


async def test_a_window_of_one_sends_the_last_question_and_its_answer(tmp_path, fake_openai):
    """k=1 (set in the strategy dialog) keeps one exchange: the server gets the system
    prompt, the last question and its answer, and the new question, nothing older."""
    app = make_app(tmp_path, settings=server_settings(fake_openai.base_url))
    async with app.run_test(size=(100, 30)) as pilot:
        await started(app, pilot)
        await say(app, pilot, "My salary is 1,20,000 a month.")
        await say(app, pilot, "My rent is 25,000.")
        await choose_window(app, pilot, "1")
        await say(app, pilot, "Is my rent too high?")
        assert app.live.coach.strategy.params() == {"k": 1}
        sent = fake_openai.requests[-1]["messages"]
        assert [(m["role"], m["content"]) for m in sent[1:]] == [
            ("user", "My rent is 25,000."),
            ("assistant", "Noted: My rent is 25,000."),
            ("user", "Is my rent too high?"),
        ]
        assert sent[0]["role"] == "system" and len(sent) == 4
        assert app.query_one(RequestInspector).omitted_text == (
            "2 earlier messages not sent · window · last 2 messages"
        )


async def test_facts_the_turns_sent_already_say_are_not_called_over_budget(tmp_path):
    """Salary and rent, extracted, are said word for word in the three turns sent
    verbatim: the facts section leaves them out for that, with its budget barely used,
    and the note says so rather than "(budget)"."""
    said = [
        "My take-home salary is ₹1,20,000 a month.",
        "My rent is ₹25,000 a month.",
        "I have ₹3,00,000 in an FD.",
    ]
    async with running(tmp_path, (100, 30), said=said, strategy="facts") as (app, pilot):
        facts = app.live.state.facts.current()
        assert [(f.key, f.value) for f in facts] == [("salary", "₹1,20,000"), ("rent", "₹25,000")]
        assert app.live.state.chat_records[-1].extra["context_note"] == (
            "0 of 2 facts (2 said in the turns sent)"
        )
        assert app.query_one(RequestInspector).omitted_text == (
            "nothing left out · facts · 0 of 2 facts (2 said in the turns sent)"
        )


SAID = [
    "My salary is 1,20,000 a month.",
    "My rent is 25,000.",
    "I have 3 lakh in an FD.",
    "Should I start a SIP?",
]


def omitted_on_screen(app) -> str:
    """The "not sent" line as far as it is on screen ("" when it is scrolled out of view)."""
    line = app.query_one(RequestInspector).query_one("#omitted")
    shown = app.query_one(SidePanel).scrollable_content_region
    if not line.region or not shown.contains_region(line.region):
        return ""
    return str(line.content)


async def test_the_not_sent_line_is_one_page_down_at_80x24(tmp_path):
    """At 80x24 the panel fills the screen: the meter and the chart come first, and the
    line saying what was left out is one PageDown away, whole, above the request's rows."""
    async with running(tmp_path, (80, 24), said=SAID, strategy="window") as (app, pilot):
        await say(app, pilot, "What about an emergency fund?")
        expected = "2 earlier messages not sent · window · last 6 messages"
        assert app.query_one(RequestInspector).omitted_text == expected
        await pilot.press("ctrl+b")
        await pilot.pause()
        assert omitted_on_screen(app) == ""  # below the chart at first
        await pilot.press("pagedown")
        await pilot.pause()
        assert omitted_on_screen(app) == expected


async def test_the_not_sent_line_is_seen_beside_the_chat_at_120x40(tmp_path):
    """At 120x40 the panel is beside the chat and takes no keys: the line is in view under
    the request's title however many rows the request has."""
    async with running(tmp_path, (120, 40), said=SAID, strategy="window") as (app, pilot):
        await say(app, pilot, "What about an emergency fund?")
        assert omitted_on_screen(app) == "2 earlier messages not sent · window · last 6 messages"
        # The meter's rows are read whole beside the chat: the error trend keeps the newest
        # turns that fit the panel rather than being cut with "…".
        trend = str(app.query_one(TokenMeter).query_one("#trend").content)
        assert trend == "error      t2 0 · t3 0 · t4 0 · t5 0 (billed − predicted)"
