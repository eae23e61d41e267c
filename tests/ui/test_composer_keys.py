"""The composer keeps its editing keys: Ctrl+A / Ctrl+E move to the start / end of the line
and Ctrl+Z / Ctrl+Y undo and redo while it has the focus, and the app's actions sit on keys
that take nothing from typing (export is F2, the memory dialog F3, in the footer, the help
screen and the palette)."""

from __future__ import annotations

from textual.binding import Binding

from fincoach_tui.settings import paths
from fincoach_tui.ui.app import FinCoachApp
from fincoach_tui.ui.composer import Composer
from fincoach_tui.ui.key_list import app_bindings, key_for
from fincoach_tui.ui.screens.help import HelpScreen
from tests.app_harness import SIZE, make_app, started

# The app's keys that a text area binds too, on purpose: Ctrl+Y opens the memory dialog
# only where nobody types (the composer's binding comes first: "redo"), and Ctrl+C stops a
# streaming reply and otherwise skips itself, so the composer still copies.
SHARED_ON_PURPOSE = {"ctrl+y", "ctrl+c"}


def keys_of(bindings: list[Binding]) -> set[str]:
    return {key.strip() for binding in bindings for key in binding.key.split(",")}


def test_no_app_key_takes_an_editing_key_from_the_composer():
    editing = keys_of(list(Binding.make_bindings(Composer.BINDINGS)))
    assert {"ctrl+a", "ctrl+e", "home", "end"} <= editing
    assert keys_of(app_bindings(FinCoachApp)) & editing == SHARED_ON_PURPOSE
    # A priority binding would come before the composer's own: only Ctrl+C, which skips
    # itself when there is no reply to stop.
    priority = [b for b in app_bindings(FinCoachApp) if b.priority]
    assert keys_of(priority) & editing == {"ctrl+c"}
    assert key_for(FinCoachApp, "memory") == "F3 / Ctrl+Y"
    assert key_for(FinCoachApp, "export") == "F2"


async def test_ctrl_a_and_ctrl_e_move_the_cursor_in_the_composer_and_f2_exports(tmp_path):
    app = make_app(tmp_path, "keys")
    async with app.run_test(size=SIZE) as pilot:
        await started(app, pilot)
        assert app.focused is app.composer
        await pilot.press(*"rent 25000")
        assert app.composer.cursor_location == (0, 10)
        await pilot.press("ctrl+a")
        assert app.composer.cursor_location == (0, 0)
        await pilot.press("ctrl+e")
        assert app.composer.cursor_location == (0, 10)
        await pilot.press("home", "M", "y", " ", "ctrl+e", "!")
        await pilot.pause()
        assert app.composer.text == "My rent 25000!"
        assert not (paths.data_dir() / "exports").exists()  # Ctrl+E exported nothing
        assert app.focused is app.composer
        await pilot.press("f2")  # the export, from the composer too
        await pilot.pause()
        (export,) = (paths.data_dir() / "exports").glob("keys-*.md")
        assert app.notices[-1][1] == f"exported to {export}"
        assert app.composer.text == "My rent 25000!"  # nothing typed was lost
        await pilot.press("f1")
        await pilot.pause()
        assert isinstance(app.screen, HelpScreen)
        assert "F2  Export: this session as Markdown" in app.screen.text
        # Ctrl+E is only the message box's, under "Typing a message".
        lines = [line for line in app.screen.text.splitlines() if "Ctrl+E" in line]
        assert lines == [
            "  Ctrl+A / Ctrl+E  start / end of the line, as Home / End (no app key takes them)"
        ]


async def test_ctrl_z_and_ctrl_y_undo_and_redo_in_the_composer_and_f3_opens_memory(tmp_path):
    from fincoach_tui.ui.screens.memory import MemoryScreen

    app = make_app(tmp_path, "redo")
    async with app.run_test(size=SIZE) as pilot:
        await started(app, pilot)
        assert app.focused is app.composer
        await pilot.press(*"rent 25000")
        await pilot.press("ctrl+z")
        await pilot.pause()
        assert app.composer.text == ""
        await pilot.press("ctrl+y")  # the composer's redo, not the memory dialog
        await pilot.pause()
        assert app.composer.text == "rent 25000"
        assert not isinstance(app.screen, MemoryScreen)
        await pilot.press("f3")  # the memory dialog, from the composer too
        await pilot.pause()
        assert isinstance(app.screen, MemoryScreen)
        await pilot.press("escape")
        await pilot.pause()
        assert app.composer.text == "rent 25000"  # nothing typed was lost
        app.chat.focus()  # where nobody types, Ctrl+Y still opens it
        await pilot.press("ctrl+y")
        await pilot.pause()
        assert isinstance(app.screen, MemoryScreen)
        await pilot.press("escape")
        await pilot.press("f1")
        await pilot.pause()
        assert isinstance(app.screen, HelpScreen)
        assert "F3  Memory: facts, summary, recall index" in app.screen.text
        assert "Ctrl+Z / Ctrl+Y  undo / redo in the message" in app.screen.text
        assert "Memory dialog (F3)" in app.screen.text
