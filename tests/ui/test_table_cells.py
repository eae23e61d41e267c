"""ListingTable keeps its cells' drawings across changes: a turn's new rows draw the cells
that are new or changed, not every cell on screen again, and what it draws is what a
DataTable draws, segment for segment, styles and the row each cell's clicks name."""

from __future__ import annotations

from rich.text import Text
from textual.app import App, ComposeResult
from textual.dom import DOMNode
from textual.widgets import DataTable

from fincoach_tui.ui.inspector_table import ListingTable

COLUMNS = 3
SHOWN = 10  # rows on screen, under the header


class Both(App):
    CSS = "DataTable { height: 11; }"  # the header and SHOWN rows

    def compose(self) -> ComposeResult:
        yield ListingTable(id="listing", cursor_type="row")
        yield DataTable(id="plain", cursor_type="row")


def cells(n: int) -> tuple[object, ...]:
    return (str(n), Text(f"message {n}", style="bold" if n % 2 else "italic"), f"{n * 7} tok")


def filled(app: Both) -> tuple[ListingTable, DataTable]:
    """The two tables, each given the same COLUMNS columns and 30 rows (keys "0" to "29")."""
    listing, plain = app.query_one("#listing", ListingTable), app.query_one("#plain", DataTable)
    for table in (listing, plain):
        for column in range(COLUMNS):
            table.add_column(f"c{column}", key=f"c{column}")
        for n in range(30):
            table.add_row(*cells(n), key=str(n))
    return listing, plain


def drawn(table: DataTable) -> list[list[tuple[str, object]]]:
    """Every line on screen as the table draws it: each segment's text and style (whose
    meta says the row and column a click there is on)."""
    return [
        [(segment.text, (segment.style, segment.style.meta if segment.style else None))
         for segment in table.render_line(y)]
        for y in range(SHOWN + 1)
    ]  # fmt: skip


async def test_a_change_draws_only_the_new_and_changed_cells_and_draws_them_as_datatable():
    app = Both()
    async with app.run_test(size=(80, 30)) as pilot:
        listing, plain = filled(app)
        for table in (listing, plain):
            table.move_cursor(row=29, animate=False)
        app.set_focus(None)  # drawn alike: neither has the focus's colours
        await pilot.pause()
        assert drawn(listing) == drawn(plain)

        for turn in range(3):  # a turn: two rows come at the bottom, the two oldest go
            new = [30 + 2 * turn, 31 + 2 * turn]
            before = listing.cells_drawn
            listing.remove_rows([str(2 * turn), str(2 * turn + 1)])
            for table in (listing, plain):
                if table is plain:
                    for old in (2 * turn, 2 * turn + 1):
                        table.remove_row(str(old))
                for n in new:
                    table.add_row(*cells(n), key=str(n))
                table.move_cursor(row=table.row_count - 1, animate=False)
            await pilot.pause()
            assert drawn(listing) == drawn(plain)
            # The two new rows, and the row the cursor left: every other cell on screen
            # only moved up two rows, and is not drawn again.
            assert listing.cells_drawn - before == 3 * COLUMNS

        listing.update_cell(str(new[0]), "c1", Text("changed"))  # a changed cell is drawn again
        plain.update_cell(str(new[0]), "c1", Text("changed"))
        before = listing.cells_drawn
        await pilot.pause()
        assert drawn(listing) == drawn(plain)
        assert listing.cells_drawn - before == 1


async def test_drawing_reads_the_tables_styles_once_not_once_a_line(monkeypatch):
    app = Both()
    async with app.run_test(size=(80, 30)) as pilot:
        listing, plain = filled(app)
        await pilot.pause()
        reads: list[DOMNode] = []
        rich_style, background_colors = DOMNode.rich_style, DOMNode.background_colors

        def read(kept):
            return property(lambda node: (reads.append(node), kept.fget(node))[1])  # type: ignore[union-attr]

        monkeypatch.setattr(DOMNode, "rich_style", read(rich_style))
        monkeypatch.setattr(DOMNode, "background_colors", read(background_colors))
        counts = {}
        for table in (listing, plain):
            reads.clear()
            table.add_row(*cells(30), key="30")  # a change: every line is drawn again
            await pilot.pause()
            counts[table.id] = sum(table in node.ancestors_with_self for node in reads)
        # Drawing its 11 lines, the table's style, its background and the header's style
        # once each (DataTable read them, each a walk up every ancestor, for each line
        # and row: 35 reads); the frame's own 3 reads for both.
        assert counts == {"listing": 3 + 3, "plain": 35 + 3}
