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
