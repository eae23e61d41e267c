"""The sessions screen with hostile input: a name typed as Textual markup, and another
session whose file has a damaged record line."""

from __future__ import annotations

from textual.widgets import DataTable, Input, Static

from fincoach_tui.domain.conversation import Message
from fincoach_tui.domain.session_events import message_event
from fincoach_tui.store.sessions import SessionStore
from fincoach_tui.ui.screens.sessions import SessionsScreen
from tests.app_harness import SIZE, make_app, started


async def test_markup_as_a_name_and_a_damaged_neighbour(tmp_path):
    store = SessionStore(tmp_path / "sessions")
    with store.open("damaged") as file:
        file.append(message_event(Message("m1", "user", "hello", 1.0, 1)))
        file.append({"type": "record", "record": []})
        file.append(message_event(Message("m2", "assistant", "hi", 2.0, 1)))
    app = make_app(tmp_path, "current")
    async with app.run_test(size=SIZE) as pilot:
        await started(app, pilot)
        await pilot.press("ctrl+o")
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, SessionsScreen)
        table = screen.query_one(DataTable)
        assert table.row_count == 2
        assert table.get_row("damaged")[1] == 1  # its one turn, the damaged line skipped

        for typed in ("[/]", "[bold]x", "[/red]"):
            await pilot.press("n")
            screen.query_one("#prompt", Input).value = typed
            await pilot.press("enter")
            await pilot.pause()
            message = str(screen.query_one("#message", Static).render())
            assert "session name" in message and repr(typed) in message
        assert app.screen is screen  # still open, nothing crashed
