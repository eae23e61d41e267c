"""A new request changes the inspector's table in place: the rows still the same message
keep their place and have only their changed cells set, the rows dropped go in one
removal, the new ones are appended. Each turn costs the rows it changed, dropped and
added, the same whether 80 rows are listed or 202; and the table it leaves is the one a
fresh listing of the same request draws, cell by cell and on screen."""

from __future__ import annotations

from collections import Counter
from dataclasses import replace

from textual.app import ComposeResult
from textual.containers import Vertical

from fincoach_tui.domain.records import CallRecord, SentMessage
from fincoach_tui.ui import inspector_rows
from fincoach_tui.ui.inspector import RequestInspector
from fincoach_tui.ui.inspector_rows import InspectorRow
from fincoach_tui.ui.request_table import MARKER_KEY, RequestTable
from fincoach_tui.ui.row_window import NEWEST
from tests.screen_text import screen_lines
from tests.ui.test_inspector_window import record, sent_at
from tests.widget_harness import mounted, row_keys


class TwoInspectors(Vertical):
    """One inspector kept in step turn after turn, one listing each request afresh."""

    def compose(self) -> ComposeResult:
        yield RequestInspector(id="kept")
        yield RequestInspector(id="fresh")


def table_of(inspector: RequestInspector) -> list[tuple[object, ...]]:
    """Every listed row: its key, then each cell's text, style and justification."""
    table = inspector.query_one(RequestTable)
    return [
        (row.key.value, *((c.plain, c.style, c.justify) for c in table.get_row(row.key)))
        for row in table.ordered_rows
    ]


def drawn(inspector: RequestInspector) -> list[str]:
    """The inspector's part of the screen, as text."""
    region = inspector.region
    lines = screen_lines(inspector.app)[region.y : region.bottom]
    return [line[region.x : region.right] for line in lines]


def edited(turn: int) -> CallRecord:
    """Buffer's request at `turn` with its newest question said otherwise (a retry that
    reworded it): the same rows but the last, whose text and tokens changed."""
    sent = sent_at(turn)
    sent[-1] = SentMessage("user", f"question {turn}, reworded at length", "new", 3)
    return replace(record(turn), sent=tuple(sent), counted_tokens=sum(m.tokens for m in sent))


async def test_a_table_kept_in_step_is_the_table_a_fresh_listing_draws():
    # 180 to 212 messages: no marker, the marker appearing, then two rows dropped a turn;
    # a reworded question; the next turn again (its pages put back); a record shown twice.
    shown = [record(turn) for turn in range(90, 102)]
    shown += [edited(102), record(102), record(103), edited(104), record(104), record(104)]
    async with mounted(TwoInspectors, (120, 60)) as (both, pilot):
        kept, fresh = both.query_one("#kept", RequestInspector), both.query_one("#fresh")
        assert isinstance(fresh, RequestInspector)
        for made in shown:
            kept.show(made)
            fresh.show(None)  # another request first: the next one is listed afresh
            fresh.show(made)
            await pilot.pause()
            assert table_of(kept) == table_of(fresh)
            kept_table, fresh_table = kept.query_one(RequestTable), fresh.query_one(RequestTable)
            assert kept_table.cursor_row == fresh_table.cursor_row == kept_table.row_count - 1
            assert drawn(kept) == drawn(fresh)
        total = len(shown[-1].sent)
        assert row_keys(kept.query_one(RequestTable)) == [
            "1",
            MARKER_KEY,
            *(str(n) for n in range(total - NEWEST + 1, total + 1)),
        ]


class Spied:
    """What the inspector asks of its table, counted (the table still does it)."""

    def __init__(self, monkeypatch, table: RequestTable) -> None:
        self.calls: Counter[str] = Counter()
        self.removed: list[list[str]] = []
        self.cells: list[tuple[str, str]] = []
        for name in ("add_row", "clear", "remove_row"):
            self._count(monkeypatch, table, name)
        update_cell, remove_rows = table.update_cell, table.remove_rows

        def updated(row_key, column_key, value, *, update_width=False):
            self.cells.append((str(row_key), str(column_key)))
            update_cell(row_key, column_key, value, update_width=update_width)

        def removed(keys):
            self.removed.append(sorted(keys, key=int))
            remove_rows(keys)

        monkeypatch.setattr(table, "update_cell", updated)
        monkeypatch.setattr(table, "remove_rows", removed)
        self.built = 0
        make = inspector_rows.message_row

        def built(number: int, message: SentMessage) -> InspectorRow:
            self.built += 1
            return make(number, message)

        monkeypatch.setattr(inspector_rows, "message_row", built)

    def _count(self, monkeypatch, table: RequestTable, name: str) -> None:
        real = getattr(table, name)

        def counted(*args, **kwargs):
            self.calls[name] += 1
            return real(*args, **kwargs)

        monkeypatch.setattr(table, name, counted)

    def forget(self) -> None:
        self.calls.clear()
        self.removed.clear()
        self.cells.clear()
        self.built = 0


async def test_a_turn_costs_the_rows_it_changes_not_the_rows_listed(monkeypatch):
    async with mounted(RequestInspector, (120, 40)) as (inspector, pilot):
        table = inspector.query_one(RequestTable)
        spied = Spied(monkeypatch, table)
        built: dict[int, int] = {}
        # 80-86 rows listed, 180-186, then 202 (of 600-606 rows, of 10,000-10,006)
        for turns in (range(40, 44), range(90, 94), range(300, 304), range(5000, 5004)):
            inspector.show(record(turns[0]))  # the first of each: filled afresh
            await pilot.pause()
            for turn in turns[1:]:
                spied.forget()
                inspector.show(record(turn))
                await pilot.pause()
                total = 2 * turn
                # Two rows appended, no table emptied, no row removed one by one.
                assert spied.calls == Counter(add_row=2)
                # The last question, now an earlier message ("message k", no longer new):
                # its provenance and preview cells alone are set.
                question = [(str(total - 2), "provenance"), (str(total - 2), "preview")]
                if total <= 1 + NEWEST:
                    assert spied.cells == question and spied.removed == []
                else:  # and the marker's two figures; the two oldest listed rows go at once
                    assert spied.cells == [
                        *question,
                        (MARKER_KEY, "tokens"),
                        (MARKER_KEY, "preview"),
                    ]
                    assert spied.removed == [[str(total - NEWEST - 1), str(total - NEWEST)]]
                built[total] = spied.built
                assert table.row_count == min(total, 2 + NEWEST)
        # Rows built per turn, whatever the rows listed (80 to 186; 202 of 600 or of
        # 10,000): the first row after the prompt (where the transcript starts), the last
        # four drawn and their new rows (which changed), the question's two again (its
        # cells), the two new rows, the newest as the content area shows it (twice: the
        # cursor moved, then highlighted). With the marker, the two rows dropped, and the
        # newest shown once: the cursor's place in the table is the newest's still.
        assert {n for total, n in built.items() if total <= 1 + NEWEST} == {17}
        assert {n for total, n in built.items() if total > 1 + NEWEST} == {17 + 2 - 1}
