"""The two corrections to Textual's layout (ui/layout_fixes.py), shown on a small app: a
widget that grows is laid out once, not twice; a self-scrolling table elsewhere on the
screen is drawn once in that change, not three times."""

from __future__ import annotations

from textual.app import App, ComposeResult
from textual.containers import VerticalScroll
from textual.screen import Screen
from textual.widget import Widget
from textual.widgets import DataTable, Static

from fincoach_tui.ui import layout_fixes


class Growing(App):
    def compose(self) -> ComposeResult:
        with VerticalScroll():
            yield Static("one line", id="text")
        table: DataTable = DataTable(id="table")
        table.styles.height = 5
        yield table

    def on_mount(self) -> None:
        table = self.query_one(DataTable)
        table.add_column("n")
        table.add_rows([(str(n),) for n in range(20)])  # more rows than it shows: a scrollbar


async def _layouts_and_table_draws(monkeypatch) -> tuple[int, int]:
    """Full layouts, and draws of the table, while the text grows by three lines."""
    counts = {"layouts": 0, "table": 0}
    layout = Screen._refresh_layout

    def counted(screen, size=None, scroll=False):
        if not scroll:
            counts["layouts"] += 1
        return layout(screen, size, scroll)

    monkeypatch.setattr(Screen, "_refresh_layout", counted)
    app = Growing()
    async with app.run_test(size=(60, 20)) as pilot:
        await pilot.pause()
        table = app.query_one(DataTable)
        render_lines = table.render_lines

        def drawn(crop):
            counts["table"] += 1
            return render_lines(crop)

        monkeypatch.setattr(table, "render_lines", drawn)
        counts["layouts"] = counts["table"] = 0
        app.query_one("#text", Static).update("one line\ntwo\nthree\nfour")
        for _ in range(4):
            await pilot.pause()
    return counts["layouts"], counts["table"]


async def test_a_growing_widget_is_laid_out_once_and_the_table_beside_it_drawn_once(
    monkeypatch,
) -> None:
    layout_fixes.install()
    try:
        assert await _layouts_and_table_draws(monkeypatch) == (1, 1)
    finally:
        layout_fixes.uninstall()


async def test_without_the_corrections_textual_lays_out_twice_and_redraws_the_table(
    monkeypatch,
) -> None:
    """What the corrections take away (if Textual stops doing this, they can go)."""
    installed = layout_fixes.installed()
    layout_fixes.uninstall()
    try:
        layouts, table_draws = await _layouts_and_table_draws(monkeypatch)
    finally:
        if installed:
            layout_fixes.install()
    assert (layouts, table_draws) == (2, 3)


def test_a_textual_whose_method_has_another_signature_is_left_alone(monkeypatch) -> None:
    """The corrections wrap one private method; if Textual changes its parameters, the app
    keeps Textual's own (slower, never wrong) rather than calling it with the old ones."""
    installed = layout_fixes.installed()
    layout_fixes.uninstall()

    def changed(self, size, virtual_size, container_size, layout=True, *, animate=False):
        return False

    monkeypatch.setattr(Widget, "_size_updated", changed)
    try:
        layout_fixes.install()
        assert not layout_fixes.installed()
        assert Widget._size_updated is changed
    finally:
        monkeypatch.undo()
        if installed:
            layout_fixes.install()
