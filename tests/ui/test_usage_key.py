"""The usage screen's key takes nothing from the composer: Ctrl+U stays the composer's
"delete to line start", and Ctrl+F (bound by neither TextArea nor Input) opens the screen."""

from __future__ import annotations

from textual.binding import Binding
from textual.widgets import Input, TextArea

from fincoach_tui.ui.app import FinCoachApp
from fincoach_tui.ui.screens.usage import UsageScreen
from tests.app_harness import make_app, started, wait_until


def keys_of(widget: type) -> set[str]:
    found = set()
    for owner in widget.__mro__:
        for binding in Binding.make_bindings(owner.__dict__.get("BINDINGS", ())):
            found.add(binding.key)
    return found


def test_the_usage_key_is_no_text_fields_key():
    (usage,) = [b for b in Binding.make_bindings(FinCoachApp.BINDINGS) if b.action == "usage"]
    assert usage.key == "ctrl+f" and not usage.priority
    assert usage.key not in keys_of(TextArea) | keys_of(Input)


async def test_ctrl_u_in_the_composer_deletes_to_the_line_start(tmp_path):
    app = make_app(tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        await started(app, pilot)
        app.composer.focus()
        app.composer.text = "first line\nkeep this"
        app.composer.move_cursor((1, 4))
        await pilot.press("ctrl+u")
        await pilot.pause()
        assert app.composer.text == "first line\n this"
        assert not isinstance(app.screen, UsageScreen)
        await pilot.press("ctrl+f")
        await wait_until(pilot, lambda: isinstance(app.screen, UsageScreen))
