"""ListingTable: rows taken out several at once (a run next to each other by moving a base,
others numbered again once) leave the table a DataTable removing them one by one leaves:
the same rows in the same places, found by key and by place, and the same cursor."""

from __future__ import annotations

from textual.app import App, ComposeResult
from textual.coordinate import Coordinate
from textual.widgets import DataTable

from fincoach_tui.ui.inspector_table import ListingTable, RowPlaces


class Both(App):
    def compose(self) -> ComposeResult:
        yield ListingTable(id="listing")
        yield DataTable(id="plain")


def state(table: DataTable) -> tuple[object, ...]:
    """The rows top to bottom, as the table finds them by place, by key and in order."""
    keys = [
        table.coordinate_to_cell_key(Coordinate(i, 0)).row_key.value for i in range(len(table.rows))
    ]
    return (
        keys,
        [row.key.value for row in table.ordered_rows],
        [table.get_row_index(key) for key in keys if key is not None],
        [str(table.get_cell_at(Coordinate(i, 0))) for i in range(table.row_count)],
        table.cursor_row,
    )


def keys_at(places: RowPlaces, count: int) -> list[str | None]:
    return [key.value if (key := places.get_key(i)) is not None else None for i in range(count)]


def test_row_places_move_the_rows_above_a_run_taken_out_not_those_below():
    from textual.widgets.data_table import RowKey

    places = RowPlaces(RowKey(str(n)) for n in range(10))
    places.take_out(2, 3)  # rows 2, 3 and 4
    kept = ["0", "1", "5", "6", "7", "8", "9"]
    assert keys_at(places, 7) == kept
    assert [places.get(RowKey(key)) for key in kept] == list(range(7))
    assert places.get(RowKey("3")) is None and places.get_key(7) is None
    places[RowKey("10")] = 7  # appended at the bottom, as add_row does
    places.take_out(0, 1)
    assert keys_at(places, 7) == [*kept[1:], "10"]
    assert places.contains_value(6) and not places.contains_value(7) and len(places) == 7


async def test_rows_removed_at_once_leave_the_table_removing_them_one_by_one_leaves():
    app = Both()
    async with app.run_test(size=(80, 60)) as pilot:
        listing, plain = app.query_one("#listing", ListingTable), app.query_one("#plain", DataTable)
        for table in (listing, plain):
            table.add_column("n", key="n")
            table.clear()
            for n in range(40):
                table.add_row(str(n), key=str(n))
            table.move_cursor(row=39)
        assert state(listing) == state(plain)
        steps: list[list[str]] = [
            ["2", "3"],  # a run under the first rows (the inspector's oldest listed rows)
            ["0"],  # the first row
            ["39", "38"],  # the last rows, the cursor's among them
            ["10", "20", "1"],  # rows apart
            ["4", "5", "6", "7", "8", "9"],  # a longer run
        ]
        added = 40
        for keys in steps:
            listing.remove_rows(keys)
            for key in keys:
                plain.remove_row(key)
            for table in (listing, plain):  # then rows come at the bottom, as each turn's
                table.add_row(str(added), key=str(added))
            added += 1
            await pilot.pause()
            assert state(listing) == state(plain)
        listing.remove_row("11")  # DataTable's own removal, then a run again
        plain.remove_row("11")
        listing.remove_rows(["12", "13"])
        plain.remove_row("12")
        plain.remove_row("13")
        await pilot.pause()
        assert state(listing) == state(plain)
        assert [row.key.value for row in listing.ordered_rows][:4] == ["14", "15", "16", "17"]
