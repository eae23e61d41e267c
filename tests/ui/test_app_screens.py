"""Screens and settings in the app: strategy picker, sessions, themes, long sessions."""

from __future__ import annotations

import tomllib

from textual.widgets import Button, DataTable, Input, RadioSet

from fincoach_tui.domain.conversation import Message
from fincoach_tui.domain.persona import DEMO_TURNS
from fincoach_tui.domain.session_events import message_event, strategy_event
from fincoach_tui.settings import paths
from fincoach_tui.store.sessions import SessionStore
from fincoach_tui.ui.chat import PAGE, MessageBox
from fincoach_tui.ui.screens.sessions import SessionsScreen
from fincoach_tui.ui.screens.strategy import StrategyScreen
from tests.app_harness import (
    SIZE,
    make_app,
    saved_session,
    say,
    started,
    wait_until,
    workers_done,
)
from tests.processes import FINCOACH, OnTerminal, poll_until


async def test_strategy_picker_applies_strategy_and_parameters(tmp_path):
    app = make_app(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        await started(app, pilot)
        for text in DEMO_TURNS[:3]:
            await say(app, pilot, text)
        await pilot.press("ctrl+s")
        screen = app.screen
        assert isinstance(screen, StrategyScreen)
        radio = screen.query_one(RadioSet)
        window_button = next(b for b in radio.query("RadioButton") if b.name == "window")
        await pilot.click(window_button)
        await pilot.pause()
        screen.query_one("#p-k", Input).value = "2"
        await pilot.click("#apply")
        await pilot.pause()
        assert app.live.coach.strategy.params() == {"k": 2}
        await say(app, pilot, DEMO_TURNS[3])
        record = app.live.state.chat_records[-1]
        assert record.strategy == "window" and len(record.sent) == 4
        assert len(record.omitted_ids) == 4
        # the switch is in the session and in config.toml for next time
        assert app.live.state.switches[-1].name == "window"
        saved = tomllib.loads((tmp_path / "config" / "config.toml").read_text())
        assert saved["strategy"]["name"] == "window"
        assert saved["strategy"]["window"] == {"k": 2}


async def test_strategy_picker_labels_each_parameter_with_its_meaning(tmp_path):
    """One pair of brackets a label: "facts_tokens (facts budget in tokens)", not "(facts
    budget (tokens))"."""
    app = make_app(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        await started(app, pilot)
        await pilot.press("ctrl+s")
        screen = app.screen
        assert isinstance(screen, StrategyScreen)
        radio = screen.query_one(RadioSet)
        await pilot.click(next(b for b in radio.query("RadioButton") if b.name == "facts"))
        await pilot.pause()
        labels = [str(label.render()) for label in screen.query("#params Label")]
        assert labels == [
            "tail_turns (turns kept verbatim)",
            "extract_every (extract facts every N turns)",
            "facts_tokens (facts budget in tokens)",
        ]


async def test_strategy_picker_rejects_bad_parameters(tmp_path):
    app = make_app(tmp_path, strategy="window")
    async with app.run_test(size=SIZE) as pilot:
        await started(app, pilot)
        await pilot.press("ctrl+s")
        screen = app.screen
        screen.query_one("#p-k", Input).value = "0"
        await pilot.click("#apply")
        await pilot.pause()
        assert app.screen is screen  # still open, with the reason shown
        assert "positive whole number" in str(screen.query_one("#error").render())
        await pilot.press("escape")
        assert app.live.coach.strategy.params() == {"k": 6}


async def test_cycle_strategy_is_one_key(tmp_path):
    app = make_app(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        await started(app, pilot)
        seen = [app.live.coach.strategy.name]
        for _ in range(3):
            await pilot.press("ctrl+t")
            seen.append(app.live.coach.strategy.name)
        assert seen[:4] == ["buffer", "window", "budget", "summary"]


async def test_sessions_screen_opens_renames_and_deletes(tmp_path):
    store = SessionStore(tmp_path / "sessions")
    for name in ("old-one", "spare"):
        with store.open(name) as file:
            file.append(message_event(Message("m1", "user", f"hello from {name}", 1.0, 1)))
    app = make_app(tmp_path, "current")
    async with app.run_test(size=SIZE) as pilot:
        await started(app, pilot)
        await pilot.press("ctrl+o")
        screen = app.screen
        assert isinstance(screen, SessionsScreen)
        table = screen.query_one(DataTable)
        assert table.row_count == 3

        # delete needs the name typed back
        table.move_cursor(row=table.get_row_index("spare"))
        await pilot.press("d")
        screen.query_one("#prompt", Input).value = "wrong"
        await pilot.press("enter")
        assert store.exists("spare")
        await pilot.press("d")
        screen.query_one("#prompt", Input).value = "spare"
        await pilot.press("enter")
        assert not store.exists("spare")

        table.move_cursor(row=table.get_row_index("old-one"))
        await pilot.press("r")
        screen.query_one("#prompt", Input).value = "renamed"
        await pilot.press("enter")
        assert store.exists("renamed") and not store.exists("old-one")

        table.move_cursor(row=table.get_row_index("renamed"))
        await pilot.press("enter")
        await pilot.pause()
        await workers_done(app)
        await pilot.pause()
        assert app.live.name == "renamed"
        # an unanswered question (the process stopped mid-turn) comes back in the input
        assert app.composer.text == "hello from old-one"


async def test_theme_choice_is_saved_and_messages_are_drawn_again_in_it(tmp_path):
    app = make_app(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        await started(app, pilot)
        await say(app, pilot, DEMO_TURNS[0])
        assert app.theme == "fincoach-dark"

        def code_themes():  # the coach's replies: the person's own messages are plain text
            replies = app.chat.query(MessageBox).filter(".-assistant")
            return {box.query_one(".body").content.code_theme for box in replies}

        dark = code_themes()
        app.theme = "fincoach-light"
        await pilot.pause()
        saved = tomllib.loads((tmp_path / "config" / "config.toml").read_text())
        assert saved["theme"] == "fincoach-light"
        assert len(code_themes()) == 1 and code_themes() != dark  # every message, in the light one


async def test_a_long_session_mounts_one_page_and_loads_more_on_request(tmp_path):
    store = SessionStore(tmp_path / "sessions")
    with store.open("long") as file:
        file.append(strategy_event(1, "window", {"k": 6}))
        for turn in range(1, 1001):
            file.append(
                message_event(Message(f"m{2 * turn - 1}", "user", f"question {turn}", turn, turn))
            )
            file.append(
                message_event(Message(f"m{2 * turn}", "assistant", f"answer {turn}", turn, turn))
            )
    app = make_app(tmp_path, "long")
    async with app.run_test(size=SIZE) as pilot:
        await started(app, pilot)
        assert app.live.state.transcript.completed_turns == 1000
        assert app.chat.mounted_messages == PAGE
        assert app.chat.query(MessageBox).last().text == "answer 1000"
        # Scrolled to the top, the page before comes by itself ...
        app.chat.scroll_home(animate=False)
        await wait_until(pilot, lambda: app.chat.mounted_messages == 2 * PAGE)
        assert app.chat.query(MessageBox).first().text == f"question {1000 - PAGE + 1}"
        # ... and "load earlier" brings the one before that.
        app.chat.query_one("#earlier", Button).press()
        await wait_until(pilot, lambda: app.chat.mounted_messages == 3 * PAGE)
        assert app.chat.query(MessageBox).first().text == f"question {1000 - 3 * PAGE // 2 + 1}"


async def test_an_unnamed_session_left_empty_is_not_kept_and_one_kept_is_named_on_exit(tmp_path):
    """Not kept: no file of it is left, its walk kept on leaving included."""
    from fincoach_tui.settings.config import Config
    from fincoach_tui.ui.app import FinCoachApp
    from tests.app_harness import offline_settings

    store = SessionStore(tmp_path / "sessions")
    app = FinCoachApp(
        config=Config(),
        settings=offline_settings(),
        store=store,
        file=store.open("chat-unnamed"),
        auto_named=True,
        config_path=tmp_path / "config.toml",
        offline_chunk_delay=0.0,
    )
    async with app.run_test(size=SIZE) as pilot:
        await started(app, pilot)
        await pilot.press("ctrl+n")  # a second unnamed session, also left empty
        await pilot.pause()
        await workers_done(app)
        await pilot.pause()
        second = app.live.name
        assert second != "chat-unnamed" and not store.exists("chat-unnamed")
        # Nothing FinCoach wrote for it is left (its walk was kept when it was left).
        assert sorted(p.name for p in store.root.iterdir() if p.name.startswith("chat-")) == [
            f"{second}.jsonl",
            f"{second}.lock",
        ]
        assert app.left_unnamed is None  # nothing to resume there
        await say(app, pilot, "Keep me.")
    assert store.exists(second)
    assert app.left_unnamed == second  # the command line prints how to resume it


async def test_the_unnamed_session_to_resume_is_the_last_one_kept(tmp_path, capsys):
    """A chat FinCoach named, then Ctrl+N, and quit from the new one with nothing said in
    it: that one is not kept, and the line printed on exit names the chat that was (it
    named nothing: the session left last was not kept). One deleted meanwhile is not
    named."""
    from fincoach_tui.cli.commands import app_ended
    from fincoach_tui.settings.config import Config
    from fincoach_tui.ui.app import FinCoachApp
    from tests.app_harness import offline_settings

    store = SessionStore(tmp_path / "sessions")

    def unnamed_app(name: str) -> FinCoachApp:
        return FinCoachApp(
            config=Config(),
            settings=offline_settings(),
            store=store,
            file=store.open(name),
            auto_named=True,
            config_path=tmp_path / "config.toml",
            offline_chunk_delay=0.0,
        )

    app = unnamed_app("chat-kept")
    async with app.run_test(size=SIZE) as pilot:
        await started(app, pilot)
        await say(app, pilot, "Keep me.")
        await pilot.press("ctrl+n")
        await workers_done(app)
        await pilot.pause()
        assert app.live.name != "chat-kept"
    assert store.names() == ["chat-kept"]
    capsys.readouterr()
    assert app_ended(app) == 0
    assert capsys.readouterr().out == "to resume this chat: fincoach --session chat-kept\n"

    app = unnamed_app("chat-gone")
    async with app.run_test(size=SIZE) as pilot:
        await started(app, pilot)
        await say(app, pilot, "Delete me.")
        await pilot.press("ctrl+n")
        await workers_done(app)
        await pilot.pause()
        app.sessions.delete("chat-gone")  # as the sessions dialog does
    assert store.names() == ["chat-kept"]
    capsys.readouterr()
    assert app_ended(app) == 0
    assert capsys.readouterr().out == ""


def test_fincoach_says_how_to_resume_the_session_it_named_once_the_app_has_ended():
    """`fincoach` on a terminal with no --session, one message, Ctrl+Q: the last line on
    the terminal, after the app's screen is gone, names the session to resume."""
    store = SessionStore(paths.sessions_dir())

    def answered() -> bool:
        names = store.names()
        if len(names) != 1:
            return False
        try:
            state, _ = saved_session(paths.data_dir(), names[0])
        except (OSError, ValueError):  # mid-write
            return False
        return state.transcript.completed_turns == 1

    with OnTerminal([*FINCOACH, "--provider", "offline"], typed=b"My rent is 20k\r") as child:
        poll_until(lambda: answered() or child.proc.poll() is not None)
        child.type(b"\x11")  # Ctrl+Q
        assert child.wait() == 0, child.tail()
        (name,) = store.names()
        line = f"to resume this chat: fincoach --session {name}\r\n".encode()
        poll_until(lambda: bytes(child.drawn).endswith(line))
        assert bytes(child.drawn).count(b"to resume") == 1


def test_user_themes_are_loaded_and_broken_ones_reported(tmp_path):
    from fincoach_tui.ui.themes import discover_themes

    (tmp_path / "mine.toml").write_text('name = "ledger"\nprimary = "#336699"\ndark = false\n')
    (tmp_path / "broken.toml").write_text('name = "oops"\nprimary = \n')
    (tmp_path / "typo.toml").write_text('name = "typo"\nprimray = "#000000"\n')
    themes, problems = discover_themes(tmp_path)
    names = [t.name for t in themes]
    assert names[:2] == ["fincoach-dark", "fincoach-light"] and "ledger" in names
    assert "oops" not in names and "typo" not in names
    assert any("broken.toml" in p for p in problems)
    assert any("typo.toml" in p and "primray" in p for p in problems)
