"""What the inspector's line under the request says a strategy sent: the messages it
actually sent, and why the rest were left out, in the app as the person reads it."""

from __future__ import annotations

from textual.widgets import Input

from fincoach_tui.ui.inspector import RequestInspector
from tests.app_harness import running, say


async def test_a_window_of_one_says_no_earlier_message_was_sent(tmp_path):
    """k=1 (set in the strategy dialog) holds only the last reply, and a reply is not sent
    without its question: the note says nothing earlier went, not "last 1 message"."""
    async with running(tmp_path, (100, 30), said=["My salary is 1,20,000 a month."]) as (
        app,
        pilot,
    ):
        await pilot.press("ctrl+s")
        await pilot.pause()
        await pilot.press("down", "enter")  # buffer, then window
        await pilot.pause()
        app.screen.query_one("#p-k", Input).value = "1"
        app.screen.action_apply()
        await pilot.pause()
        await say(app, pilot, "Is my rent of 25,000 too high?")
        assert app.live.coach.strategy.params() == {"k": 1}
        inspector = app.query_one(RequestInspector)
        assert inspector.omitted_text == (
            "2 earlier messages not sent · window · "
            "no earlier message (a reply without its question left out)"
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
