"""The composer keeps its editing keys: Ctrl+A / Ctrl+E move to the start / end of the line
while it has the focus, and the app's actions sit on keys that take nothing from typing
(export is F2, in the footer, the help screen and the palette)."""

from __future__ import annotations

from textual.binding import Binding

from fincoach_tui.settings import paths
from fincoach_tui.ui.app import FinCoachApp
from fincoach_tui.ui.composer import Composer
from fincoach_tui.ui.key_list import app_bindings, key_for
from fincoach_tui.ui.screens.help import HelpScreen
from tests.app_harness import SIZE, make_app, started

# The app's keys that a text area binds too, on purpose: Ctrl+Y opens the memory dialog
# (the composer's "redo" is lost, documented with the key), and Ctrl+C stops a streaming
# reply and otherwise skips itself, so the composer still copies.
SHARED_ON_PURPOSE = {"ctrl+y", "ctrl+c"}


def keys_of(bindings: list[Binding]) -> set[str]:
    return {key.strip() for binding in bindings for key in binding.key.split(",")}


def test_no_app_key_takes_an_editing_key_from_the_composer():
    editing = keys_of(list(Binding.make_bindings(Composer.BINDINGS)))
    assert {"ctrl+a", "ctrl+e", "home", "end"} <= editing
    assert keys_of(app_bindings(FinCoachApp)) & editing == SHARED_ON_PURPOSE
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
