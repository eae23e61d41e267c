"""80x24, 100x30 and 120x40 are all first-class: after a turn the counted and billed
figures and the cost are on screen whole; every dialog is usable by keyboard alone (Tab
reaches every input and button and each is visible when focused); tables are not cut."""

from __future__ import annotations

import dataclasses

import pytest
from textual.containers import ScrollableContainer
from textual.widgets import Button, DataTable, Input, RadioSet

from fincoach_tui.domain.memory import DESCRIPTIONS
from fincoach_tui.ui import format as fmt
from fincoach_tui.ui.inspector import RequestInspector
from fincoach_tui.ui.meter import TokenMeter
from fincoach_tui.ui.meter_line import MeterLine
from fincoach_tui.ui.screens.memory import MemoryScreen
from fincoach_tui.ui.screens.planner import PlannerScreen
from fincoach_tui.ui.screens.sessions import SessionsScreen
from fincoach_tui.ui.screens.strategy import StrategyChoice, StrategyScreen
from fincoach_tui.ui.side_panel import SidePanel
from tests.app_harness import QUESTION, open_offline, running, workers_done
from tests.memory_helpers import PLANTED
from tests.screen_text import (
    cell_widths,
    char_at_cell,
    screen_lines,
    screen_text,
    shown_on_screen,
)

SIZES = [(80, 24), (100, 30), (120, 40)]


def figures_of_last_turn(app) -> tuple[str, str, str]:
    record = app.live.state.chat_records[-1]
    return (
        f"counted {fmt.tokens(record.counted_tokens)}",
        f"billed {fmt.tokens(record.usage.prompt_tokens)}",
        fmt.usd(record.cost_usd),
    )


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
async def test_after_one_turn_counted_billed_and_cost_are_whole_on_screen(tmp_path, size):
    async with running(tmp_path, size, said=[QUESTION]) as (app, pilot):
        await workers_done(app)
        await pilot.pause()
        text = screen_text(app)
        for figure in figures_of_last_turn(app):
            assert figure in text
        narrow = size[0] < 100
        assert app.query_one(MeterLine).display == narrow  # the one-line meter, or…
        assert app.query_one(SidePanel).display != narrow  # …the panel beside the chat
        if narrow:
            line = str(app.query_one(MeterLine).render())
            counted, billed, cost = figures_of_last_turn(app)
            assert line.startswith(f"Turn 1 · 2 msgs · {counted} · {billed} · {cost}")


async def tab_through(app, pilot, presses: int) -> list:
    """Press Tab `presses` times; after each, the focused widget must be visible."""
    reached = []
    for _ in range(presses):
        await pilot.press("tab")
        await pilot.pause()
        focused = app.focused
        assert focused is not None
        assert shown_on_screen(app, focused), f"{focused!r} is focused but not visible"
        reached.append(focused)
    return reached


def not_cut(table: DataTable) -> bool:
    """Every column of the table is within its width: nothing to scroll to sideways."""
    return table.virtual_size.width <= table.scrollable_content_region.width


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
async def test_panel_and_request_inspector_are_reachable(tmp_path, size):
    async with running(tmp_path, size, said=[QUESTION]) as (app, pilot):
        if size[0] < 100:
            await pilot.press("ctrl+b")  # the whole panel in the chat's place
            await pilot.pause()
            assert app.query_one(SidePanel).region.width == size[0]
        inspector_table = app.query_one(RequestInspector).query_one(DataTable)
        for _ in range(12):  # from the composer (or the panel), on through the panel
            if app.focused is inspector_table:
                break
            await pilot.press("tab")
            await pilot.pause()
        assert app.focused is inspector_table
        assert shown_on_screen(app, inspector_table)
        text = screen_text(app)
        assert "system" in text and "new" in text  # the request's rows, on screen
        if size[0] < 100:
            await pilot.press("escape")  # back to the chat, typing where it was
            await pilot.pause()
            assert app.focused is app.composer
            assert not app.query_one(SidePanel).display


async def open_dialog(app, pilot, key: str, kind: type):
    await pilot.press(key)
    await pilot.pause()
    assert isinstance(app.screen, kind)
    return app.screen


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
async def test_strategy_dialog_with_the_most_parameters(tmp_path, size):
    async with running(tmp_path, size) as (app, pilot):
        screen = await open_dialog(app, pilot, "ctrl+s", StrategyScreen)
        assert app.focused is screen.query_one(RadioSet)
        for key in ("down", "down", "down", "down", "enter"):  # buffer … summary, hybrid
            await pilot.press(key)
        await pilot.pause()
        assert screen.chosen == "hybrid"
        inputs = list(screen.query(Input))
        assert len(inputs) >= 5
        reached = await tab_through(app, pilot, len(inputs) + 2)
        assert set(inputs) <= set(reached)  # every parameter, each visible when focused
        assert {b.id for b in reached if isinstance(b, Button)} == {"cancel", "apply"}
        await pilot.press("escape")
        await pilot.pause()
        assert not isinstance(app.screen, StrategyScreen)


@pytest.mark.parametrize("size", [(80, 24), (100, 30)], ids=lambda s: f"{s[0]}x{s[1]}")
async def test_the_tokens_row_is_read_whole_when_its_figures_are_long(tmp_path, size):
    """Large figures with both marks (an estimate of the bill, simulated by the offline
    model) do not fit the panel's row beside the chat: the row goes on under its label,
    broken at a " · " (the billed figure and its marks kept together), every word on screen; at 80 columns the panel, shown full width
    (Ctrl+B), has room for it on one line."""
    async with running(tmp_path, size, said=[QUESTION]) as (app, pilot):
        await workers_done(app)
        if size[0] < 100:
            app.action_toggle_panel()
        record = app.live.state.chat_records[-1]
        usage = dataclasses.replace(record.usage, prompt_tokens=123_456, estimated=True)
        meter = app.query_one(TokenMeter)
        meter.show(dataclasses.replace(record, usage=usage, counted_tokens=123_400), 128_000)
        await pilot.pause()
        value = "2 msgs · counted 123,400 · billed 123,456 est. simulated"
        assert meter.lines["tokens"] == value
        row = meter.query_one("#tokens")
        lines = screen_lines(app)[row.region.y : row.region.bottom]
        shown = [line[row.region.x : row.region.right].rstrip() for line in lines]
        if size[0] < 100:
            assert shown == ["tokens     " + value]
        else:
            assert shown == [
                "tokens     2 msgs · counted 123,400",
                "           billed 123,456 est. simulated",
            ]
        assert "cached" in screen_text(app)  # the rows under it pushed down, not covered


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
async def test_every_strategy_description_is_read_in_full(tmp_path, size):
    """Each choice's description, wrapped if the dialog is narrower than it, never cut with
    "…" (at 80 columns hybrid's and facts' take two lines each)."""
    async with running(tmp_path, size) as (app, pilot):
        screen = await open_dialog(app, pilot, "ctrl+s", StrategyScreen)
        lines = screen_lines(app)
        for choice in screen.query(StrategyChoice):
            region = choice.region
            shown = " ".join(
                lines[y][region.x : region.right].strip() for y in range(region.y, region.bottom)
            )
            assert shown.endswith(f"{choice.name}: {DESCRIPTIONS[choice.name]}"), shown
        heights = {c.name: c.region.height for c in screen.query(StrategyChoice)}
        wrapped = {"hybrid": 2, "facts": 2} if size[0] == 80 else {"hybrid": 1, "facts": 1}
        assert {name: heights[name] for name in wrapped} == wrapped


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
async def test_planner_inputs_results_table_and_close(tmp_path, size):
    async with running(tmp_path, size, said=[QUESTION]) as (app, pilot):
        screen = await open_dialog(app, pilot, "ctrl+l", PlannerScreen)
        inputs = list(screen.query(Input))
        reached = [app.focused]  # the scroll with inputs, results and table: focused first
        reached += await tab_through(app, pilot, len(inputs) + 1)
        table = screen.query_one(DataTable)
        assert set(inputs) <= set(reached) and table in reached
        assert not_cut(table)
        body = screen.query_one("#body")
        assert body in reached  # the results between inputs and table: scrolled to by keys
        body.focus()
        await pilot.press("home")  # the top of the dialog, then down to the results
        crossovers = screen.query_one("#crossovers")
        for _ in range(30):
            if shown_on_screen(app, crossovers):
                break
            await pilot.press("down")
            await pilot.pause()
        assert shown_on_screen(app, crossovers)
        table.focus()
        await pilot.pause()
        close = screen.query_one("#close", Button)
        if close not in reached:
            reached += await tab_through(app, pilot, 1)
        assert app.focused is close
        await pilot.press("enter")
        await pilot.pause()
        assert not isinstance(app.screen, PlannerScreen)


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
async def test_sessions_dialog_table_and_buttons(tmp_path, size):
    async with running(
        tmp_path,
        size,
        session="a-session-with-a-rather-long-name-for-a-narrow-table",
        said=[QUESTION],
    ) as (app, pilot):
        screen = await open_dialog(app, pilot, "ctrl+o", SessionsScreen)
        table = screen.query_one(DataTable)
        assert app.focused is table and shown_on_screen(app, table)
        assert not_cut(table)
        headers = [str(c.label) for c in table.columns.values()]
        assert headers[0] == "name" and "cost" in headers
        buttons = list(screen.query(Button))
        reached = await tab_through(app, pilot, len(buttons))
        assert set(buttons) <= set(reached)
        # The columns are the dialog's width's, whatever the names: a long one is shortened,
        # the open session's mark kept whole.
        assert headers == SESSION_COLUMNS[size[0]]
        name = str(table.get_row(app.live.name)[0])
        assert name.endswith("… (open)") and app.live.name.startswith(name[: -len("… (open)")])
        await pilot.press("escape")


SESSION_COLUMNS = {
    80: ["name", "turns", "strategy", "tokens", "cost"],
    100: ["name", "turns", "strategy", "tokens", "cost"],
    120: ["name", "turns", "strategy", "tokens", "cost", "last used"],
}


@pytest.mark.parametrize("size", [(80, 24), (120, 40)], ids=lambda s: f"{s[0]}x{s[1]}")
async def test_sessions_dialog_columns_stay_as_sessions_are_renamed(tmp_path, size):
    """Renaming a session to a long name, in the dialog, shortens it with an ellipsis and
    takes no column away (it took "last used" at 120 columns, whose width alone decides)."""
    open_offline(tmp_path, "other").close()
    async with running(tmp_path, size, session="short", said=[QUESTION]) as (app, pilot):
        screen = await open_dialog(app, pilot, "ctrl+o", SessionsScreen)
        table = screen.query_one(DataTable)

        def shown() -> tuple[list[str], list[str]]:
            headers = [str(c.label) for c in table.columns.values()]
            return headers, [str(table.get_row_at(row)[0]) for row in range(table.row_count)]

        assert shown() == (SESSION_COLUMNS[size[0]], ["short (open)", "other"])
        await pilot.press("down", "r")
        long_name = "other-" + "x" * 58  # 64 characters, the most a name may have
        screen.query_one("#prompt", Input).value = long_name
        await pilot.press("enter")
        await pilot.pause()
        assert str(screen.query_one("#message").render()) == f"renamed other to {long_name}"
        headers, names = shown()
        assert headers == SESSION_COLUMNS[size[0]] and names[0] == "short (open)"
        assert names[1].endswith("…") and long_name.startswith(names[1][:-1])
        assert not_cut(table)
        await pilot.press("escape")


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
async def test_memory_dialog_table_editor_and_buttons(tmp_path, size):
    async with running(tmp_path, size, strategy="facts", said=PLANTED) as (app, pilot):
        screen = await open_dialog(app, pilot, "f3", MemoryScreen)
        table = screen.query_one(DataTable)
        assert table.row_count >= 1  # facts were extracted
        assert app.focused is table and shown_on_screen(app, table)
        assert not_cut(table)
        focusable = [*screen.query(Input), *screen.query(Button)]
        reached = await tab_through(app, pilot, len(focusable) + 2)
        assert set(focusable) <= set(reached)
        assert all(not isinstance(w, ScrollableContainer) or w.can_focus for w in reached)
        await pilot.press("escape")


HINDI = "मेरी मासिक आय ₹50,000 है और खर्च ₹30,000 🇮🇳🇺🇸 कितना बचाऊँ? " * 2


@pytest.mark.parametrize("size", [(80, 24), (120, 40)], ids=lambda s: f"{s[0]}x{s[1]}")
async def test_hindi_and_flags_keep_every_row_whole_and_the_borders_in_place(tmp_path, size):
    width, height = size
    async with running(tmp_path, size, said=[HINDI]) as (app, pilot):
        app.composer.text = HINDI  # and in the composer, as typed
        await pilot.pause()
        assert cell_widths(app) == [width] * height  # no row longer or shorter than the screen
        lines = screen_lines(app)
        chat_rows = [line for line in lines if "कित" in line or "बचाऊँ" in line]
        assert chat_rows and any("कितना" in line for line in chat_rows)  # no sign written over
        composer = app.composer.region
        for y in range(composer.y + 1, composer.bottom - 1):  # its right border, every row
            assert char_at_cell(lines[y], composer.right - 1) == "▎"
        if width >= 100:  # the panel's border: one column, every row between bar and footer
            column = app.query_one(SidePanel).region.x
            assert {char_at_cell(line, column) for line in lines[1 : height - 1]} == {"▏"}


async def test_resizing_across_the_breakpoint_moves_the_panel_and_keeps_typing(tmp_path):
    async with running(tmp_path, (120, 40), said=[QUESTION]) as (app, pilot):
        app.query_one("CostChart").focus()
        await pilot.resize_terminal(80, 24)
        await pilot.pause()
        assert app.query_one(MeterLine).display and not app.query_one(SidePanel).display
        assert app.focused is app.composer  # the chart went out of sight: keys go to the composer
        await pilot.press("ctrl+b")
        await pilot.pause()
        assert app.query_one(SidePanel).display and not app.query_one("#chat-column").display
        await pilot.resize_terminal(120, 40)
        await pilot.pause()
        assert app.query_one(SidePanel).display and app.query_one("#chat-column").display
        assert not app.query_one(MeterLine).display
        assert app.focused is app.composer
        await pilot.resize_terminal(80, 24)
        await pilot.pause()
        assert not app.query_one(SidePanel).display  # the chat again, not the full panel
