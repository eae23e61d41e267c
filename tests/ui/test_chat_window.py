"""The chat keeps a bounded window of messages mounted through a long sitting, and brings
earlier ones back, with their exact text, when the user scrolls up or asks for them."""

from __future__ import annotations

from textual.widgets import Button

from fincoach_tui.ui.chat import BOUND, PAGE, MessageBox
from tests.app_harness import SIZE, make_app, say, started, wait_until

TURNS = 60


def shown(app) -> list[tuple[str, str]]:
    return [(box.role, box.text) for box in app.chat.query(MessageBox)]


def transcript(app) -> list[tuple[str, str]]:
    return [(m.role, m.content) for m in app.live.state.transcript.messages]


async def test_a_long_sitting_keeps_the_window_bounded_and_scrolling_up_brings_it_back(
    tmp_path,
):
    app = make_app(tmp_path, strategy="window")
    async with app.run_test(size=SIZE) as pilot:
        await started(app, pilot)
        for turn in range(1, TURNS + 1):
            await say(app, pilot, f"My SIP is {turn},000 a month (turn {turn})")
            assert app.chat.mounted_messages == min(2 * turn, BOUND)
        messages = transcript(app)
        assert len(messages) == 2 * TURNS
        # The newest BOUND messages are mounted, in order, exactly as said.
        assert shown(app) == messages[-BOUND:]
        assert app.chat.first_mounted == 2 * TURNS - BOUND

        # Scrolled to the top: the page before comes back, and again, until all are there.
        while app.chat.first_mounted:
            wanted = max(0, app.chat.first_mounted - PAGE)
            # The last page keeps the view on the message that was at the top: scrolled
            # there after a refresh. Scrolling home before that would not move the view.
            await wait_until(pilot, lambda: app.chat.scroll_y > 0)
            app.chat.scroll_home(animate=False)
            await wait_until(pilot, lambda w=wanted: app.chat.first_mounted == w)
            await pilot.pause()
            assert shown(app) == messages[app.chat.first_mounted :]
        assert shown(app) == messages
        assert not app.chat.query("#earlier")  # nothing left to load

        # The next turn trims the window back to its bound.
        await say(app, pilot, "And my rent is 25k.")
        assert app.chat.mounted_messages == BOUND
        assert shown(app) == transcript(app)[-BOUND:]


async def test_the_load_earlier_button_is_relabelled_in_place_as_turns_come_in(tmp_path):
    # One button over the window, its count changed as turns push messages out of it:
    # not a button unmounted and mounted again each turn (a layout and a mount a turn).
    app = make_app(tmp_path, strategy="window")
    async with app.run_test(size=SIZE) as pilot:
        await started(app, pilot)
        for turn in range(1, BOUND // 2 + 2):
            await say(app, pilot, f"My SIP is {turn},000 a month (turn {turn})")
        button = app.chat.query_one("#earlier", Button)
        assert str(button.label) == "↑ load earlier messages (2 not shown)"
        assert app.chat.children[0] is button
        await say(app, pilot, "And my rent is 25k.")
        assert app.chat.query_one("#earlier", Button) is button
        assert str(button.label) == "↑ load earlier messages (4 not shown)"
        assert app.chat.children[0] is button


async def test_home_in_the_chat_loads_the_page_before_a_resumed_sessions_newest(tmp_path):
    app = make_app(tmp_path, strategy="window")
    async with app.run_test(size=SIZE) as pilot:
        await started(app, pilot)
        for turn in range(1, PAGE + 5):  # more than two pages of messages
            await say(app, pilot, f"Question {turn}")
    resumed = make_app(tmp_path)
    async with resumed.run_test(size=SIZE) as pilot:
        await started(resumed, pilot)
        messages = transcript(resumed)
        assert shown(resumed) == messages[-PAGE:]
        resumed.chat.focus()
        await pilot.press("home")
        await wait_until(pilot, lambda: resumed.chat.first_mounted == len(messages) - 2 * PAGE)
        assert shown(resumed) == messages[-2 * PAGE :]


async def test_a_chat_that_fitted_follows_the_newest_when_the_terminal_shrinks(tmp_path):
    """Two turns fit a 120x40 chat; at 60x20 they overflow it, and the view is on the
    newest reply (the bottom), not on the first question with the newest cut off."""
    app = make_app(tmp_path, strategy="window")
    async with app.run_test(size=SIZE) as pilot:
        await started(app, pilot)
        await say(app, pilot, "My SIP is 5,000 a month.")
        await say(app, pilot, "And my rent is 25k.")
        assert app.chat.max_scroll_y == 0  # it fits: nothing to scroll
        await pilot.resize_terminal(60, 20)
        await wait_until(pilot, lambda: app.chat.max_scroll_y > 0)
        await wait_until(pilot, lambda: app.chat.scroll_y == app.chat.max_scroll_y)
        assert app.chat.scroll_y == app.chat.max_scroll_y > 0
