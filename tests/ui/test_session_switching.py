"""Sessions in the app: switching leaves nothing of the old session behind (the chart's
axes, the draft's cost quote, a question handed back, Ctrl+R's message, and nothing of it
in memory, frozen or not); Ctrl+N starts on
the strategy saved in config now; the session on screen can be renamed, and a name that
is taken or not allowed is refused in one line with nothing lost."""

from __future__ import annotations

import gc
import weakref

from textual.command import CommandList
from textual.widgets import Input

from fincoach_tui.domain.session_state import replay
from fincoach_tui.settings.config import load_config
from fincoach_tui.store.sessions import SessionStore
from fincoach_tui.ui import heap
from fincoach_tui.ui.cost_chart import NO_TURNS
from fincoach_tui.ui.message_box import MessageBox
from fincoach_tui.ui.screens.rename import RenameScreen
from tests.app_harness import (
    SIZE,
    make_app,
    running,
    say,
    server_settings,
    started,
    wait_until,
    workers_done,
)


def plot_of(app):
    return app.side.query_one("#chart").query_one("#plot")


async def test_switching_session_leaves_nothing_of_the_old_one(tmp_path, fake_openai):
    app = make_app(tmp_path, "first", settings=server_settings(fake_openai.base_url))
    async with app.run_test(size=SIZE) as pilot:
        await started(app, pilot)
        fake_openai.script(text="Noted.", prompt_tokens=150, completion_tokens=3)
        await say(app, pilot, "My salary is ₹1,20,000.")
        fake_openai.error(401, "Invalid API key", code="invalid_api_key")
        await say(app, pilot, "And my rent is ₹25,000.")
        assert app.composer.text == "And my rent is ₹25,000."  # handed back
        assert app.turns.failed_text == "And my rent is ₹25,000."
        app.comparison.quote(app.composer.text)
        await pilot.pause()
        assert app.composer.border_subtitle.startswith("next: 4 msgs · ≈")
        plot = plot_of(app)
        assert plot.spec.x_limits is not None and plot.spec.x_ticks

        await pilot.press("ctrl+n")
        await workers_done(app)
        await pilot.pause()
        assert app.live.name != "first" and len(app.live.state.transcript) == 0
        assert app.composer.text == "" and app.composer.border_subtitle == ""
        assert app.turns.failed_text is None
        chart = app.side.query_one("#chart")
        assert chart.series.turns == [] and str(chart.caption()) == ""
        assert plot.spec == NO_TURNS  # a sentence where the old session's axes were
        assert app.side.query_one("#meter").figures == {"context_window": 128000}
        app.notices.clear()
        await pilot.press("ctrl+r")  # the old session's question is not sent here
        await pilot.pause()
        assert app.notices == [("", "nothing to retry")]
        assert len(app.live.state.transcript) == 0


async def test_the_session_left_is_freed_not_kept_frozen_with_the_next(tmp_path):
    """Once the session switched to is settled (read, walked, frozen: ui/heap.py), nothing
    of the session left is alive: not its file, its coach, its state, its comparison's
    walk, nor the chat's boxes that showed it. (They were frozen with the next session's read,
    while the screen still showed them, and stayed, garbage, until that one was left.)"""
    gc.unfreeze()
    said = ["My salary is ₹1,20,000.", "My rent is ₹25,000. How much can I save?"]
    async with running(tmp_path, session="first", said=said) as (app, pilot):
        await wait_until(pilot, lambda: heap.thresholds_raised())  # the first one settled
        left = app.live
        watched = {
            "session": weakref.ref(left),
            "file": weakref.ref(left.file),
            "coach": weakref.ref(left.coach),
            "state": weakref.ref(left.state),
            "texts recorded": weakref.ref(left.state.refs),
            "comparison": weakref.ref(app.comparison.current()),
        }
        boxes = [weakref.ref(box) for box in app.chat.query(MessageBox)]
        assert len(boxes) == 4
        del left
        await pilot.press("ctrl+n")
        await workers_done(app)
        await wait_until(pilot, lambda: heap.thresholds_raised())  # the new one settled
        assert app.live.name != "first" and gc.get_freeze_count() > 0
        gc.collect()
        assert [what for what, ref in watched.items() if ref() is not None] == []
        assert [ref for ref in boxes if ref() is not None] == []
    gc.unfreeze()


async def test_an_empty_session_switched_to_from_a_full_pane_starts_at_the_top(tmp_path):
    """The chat of the session left overflowed its pane (anchored to the newest): the next
    session's hint is shown where a new session's is at launch, not under empty space."""
    async with running(tmp_path, (80, 24), session="first") as (app, pilot):
        at_launch = app.chat.query_one(".hint").region
        for turn in range(3):
            await say(app, pilot, f"My rent is ₹{25 + turn},000. How much can I save?")
        assert app.chat.max_scroll_y > 0 and app.chat.is_anchored
        await pilot.press("ctrl+n")
        await workers_done(app)
        await pilot.pause()
        assert app.live.name != "first"
        assert app.chat.query_one(".hint").region == at_launch
        assert app.chat.scroll_y == 0 and not app.chat.is_anchored
        await say(app, pilot, "My salary is ₹1,20,000.")
        assert app.chat.query(MessageBox).first().region.y == app.chat.region.y  # the top


async def test_a_draft_the_user_typed_stays_and_is_quoted_for_the_new_session(tmp_path):
    app = make_app(tmp_path, "first")
    async with app.run_test(size=SIZE) as pilot:
        await started(app, pilot)
        await say(app, pilot, "My salary is ₹1,20,000.")
        app.composer.text = "What about my FD?"
        await pilot.press("ctrl+n")
        await workers_done(app)
        await pilot.pause()
        assert app.composer.text == "What about my FD?"
        assert app.comparison.quote(app.composer.text).startswith("next: 2 msgs · ≈")


async def test_ctrl_n_starts_on_the_strategy_saved_in_config(tmp_path):
    app = make_app(tmp_path, "first")
    async with app.run_test(size=SIZE) as pilot:
        await started(app, pilot)
        assert app.live.coach.strategy.name == "buffer"
        await pilot.press("ctrl+t")  # window, saved in config.toml
        await pilot.pause()
        assert load_config(tmp_path / "config" / "config.toml").strategy == "window"
        await pilot.press("ctrl+n")
        await workers_done(app)
        await pilot.pause()
        assert app.live.name != "first"
        assert app.live.coach.strategy.name == "window"
        assert app.live.coach.strategy.params() == {"k": 6}


async def rename_dialog(app, pilot) -> RenameScreen:
    await pilot.press("ctrl+p")  # the command palette: "Rename this session…"
    await pilot.pause()
    await pilot.press(*("space" if c == " " else c for c in "rename this"))
    await wait_until(pilot, lambda: app.screen.query_one(CommandList).option_count == 1)
    await pilot.press("enter")
    await wait_until(pilot, lambda: isinstance(app.screen, RenameScreen))
    assert isinstance(app.screen, RenameScreen)
    return app.screen


async def submit(screen, pilot, name: str) -> None:
    screen.query_one(Input).value = name
    screen.query_one(Input).focus()
    await pilot.press("enter")
    await pilot.pause()


async def test_the_session_on_screen_is_renamed_and_a_taken_or_bad_name_is_refused(tmp_path):
    store = SessionStore(tmp_path / "sessions")
    spare = make_app(tmp_path, "spare")
    async with spare.run_test(size=SIZE) as pilot:
        await started(spare, pilot)
        await say(spare, pilot, "Spare question.")
    spare_events = store.read_events("spare")

    app = make_app(tmp_path, "old")
    async with app.run_test(size=SIZE) as pilot:
        await started(app, pilot)
        await say(app, pilot, "My salary is ₹1,20,000.")
        before = [(m.role, m.content) for m in app.live.state.transcript.messages]
        app.composer.text = "a draft"

        screen = await rename_dialog(app, pilot)
        assert screen.query_one(Input).value == "old"
        await submit(screen, pilot, "spare")
        assert app.screen is screen
        assert screen.error == "a session named 'spare' already exists: choose another name"
        await submit(screen, pilot, "bad/name")
        assert app.screen is screen
        assert screen.error == "session names may not contain '/': 'bad/name'"
        await submit(screen, pilot, "old")
        assert screen.error == "the session is already called old"
        await pilot.press("escape")
        await pilot.pause()
        assert app.live.name == "old" and store.exists("old")

        screen = await rename_dialog(app, pilot)
        await submit(screen, pilot, "chiru")
        await workers_done(app)
        await pilot.pause()
        assert app.live.name == "chiru"
        assert str(app.query_one("#bar").content).startswith("chiru · ")
        assert store.exists("chiru") and not store.exists("old")
        assert not (tmp_path / "sessions" / "old.lock").exists()
        assert [(m.role, m.content) for m in app.live.state.transcript.messages] == before
        assert app.composer.text == "a draft"  # the same conversation: the draft stays
        assert ("", "renamed old to chiru") in app.notices
        await say(app, pilot, "And my rent is ₹25,000.")

    assert store.read_events("spare") == spare_events  # the taken name's file is untouched
    state, problems = replay(store.read_events("chiru"))
    assert problems == []
    assert [m.content for m in state.transcript.messages if m.role == "user"] == [
        "My salary is ₹1,20,000.",
        "And my rent is ₹25,000.",
    ]
    assert len(state.chat_records) == 2
    resumed = make_app(tmp_path, "chiru")
    async with resumed.run_test(size=SIZE) as pilot:
        await started(resumed, pilot)
        assert len(resumed.live.state.transcript) == 4


async def test_the_rename_and_confirm_dialogs_fit_80x24_and_work_by_keyboard(tmp_path):
    from textual.widgets import Button

    from fincoach_tui.ui.screens.confirm import ConfirmScreen

    app = make_app(tmp_path, "small")
    async with app.run_test(size=(80, 24)) as pilot:
        await started(app, pilot)
        screen = await rename_dialog(app, pilot)
        for widget in [screen.query_one(Input), *screen.query(Button)]:
            assert widget.region.right <= 80 and widget.region.bottom <= 24, widget
        assert screen.query_one(Input).has_focus
        await pilot.press("escape")
        await pilot.pause()
        answers = []
        app.push_screen(ConfirmScreen("Delete it?", yes="Delete"), answers.append)
        await pilot.pause()
        for button in app.screen.query(Button):
            assert button.region.right <= 80 and button.region.bottom <= 24
        await pilot.press("tab")  # Tab and Shift+Tab move between the two buttons
        await pilot.press("shift+tab")
        await pilot.press("enter")  # Cancel has the focus again
        await pilot.pause()
        app.push_screen(ConfirmScreen("Delete it?", yes="Delete"), answers.append)
        await pilot.pause()
        await pilot.press("y")
        await pilot.pause()
        assert answers == [False, True]


async def test_r_on_the_open_session_in_the_sessions_dialog_renames_it(tmp_path):
    from textual.widgets import DataTable

    from fincoach_tui.ui.screens.sessions import SessionsScreen

    app = make_app(tmp_path, "mine")
    async with app.run_test(size=SIZE) as pilot:
        await started(app, pilot)
        await say(app, pilot, "My salary is ₹1,20,000.")
        await pilot.press("ctrl+o")
        await pilot.pause()
        assert isinstance(app.screen, SessionsScreen)
        table = app.screen.query_one(DataTable)
        table.move_cursor(row=table.get_row_index("mine"))
        await pilot.press("r")
        await wait_until(pilot, lambda: isinstance(app.screen, RenameScreen))
        await submit(app.screen, pilot, "ours")
        await workers_done(app)
        await pilot.pause()
        assert app.live.name == "ours"
        assert [m.content for m in app.live.state.transcript.messages][0] == (
            "My salary is ₹1,20,000."
        )
        assert SessionStore(tmp_path / "sessions").names() == ["ours"]
