"""Tables at any width: whole columns dropped in a set order, long cells shortened, the
planner's table in the widest form that fits. Pure: no app."""

from __future__ import annotations

import pytest
from rich.cells import cell_len

from fincoach_tui.domain.planner import PlanInputs, make_plan
from fincoach_tui.ui.fit_columns import column_widths, columns_that_fit, room_for, shorten
from fincoach_tui.ui.screens.plan_table import compact, plan_table, table_width


def test_column_widths_count_terminal_cells():
    # rich's cell widths: ₹ 1, खर्च 3 (the virama joins), a flag 2
    assert column_widths(("name", "cost"), [("₹ खर्च 🇮🇳", "$0.1")]) == [8, 4]


def test_columns_are_dropped_whole_in_order_until_the_rest_fit():
    widths = [20, 5, 8, 6, 9, 16]  # +2 padding each, +2 scrollbar: 78 in all
    assert columns_that_fit(widths, 78, (5, 2, 3)) == [0, 1, 2, 3, 4, 5]
    assert columns_that_fit(widths, 77, (5, 2, 3)) == [0, 1, 2, 3, 4]
    assert columns_that_fit(widths, 60, (5, 2, 3)) == [0, 1, 2, 3, 4]  # 48 + 10 + 2
    assert columns_that_fit(widths, 59, (5, 2, 3)) == [0, 1, 3, 4]
    assert columns_that_fit(widths, 10, (5, 2, 3)) == [0, 1, 4]  # the rest is always kept


def test_a_long_cell_is_shortened_to_the_room_left():
    widths = [40, 5]
    assert room_for(widths, [0, 1], 60, 0) == 40  # fits: its own width
    assert room_for(widths, [0, 1], 40, 0) == 29  # 40 - 2 scrollbar - 7 - 2 padding
    assert shorten("a" * 40, 29) == "a" * 28 + "…"
    assert shorten("short", 29) == "short"
    assert cell_len(shorten("नमस्ते दुनिया 🇮🇳🇮🇳🇮🇳", 8)) <= 8


@pytest.mark.parametrize(
    ("n", "shown"), [(999, "999"), (1234, "1.2k"), (12_345, "12k"), (2_500_000, "2.5M"), (0, "0")]
)
def test_compact_numbers(n, shown):
    assert compact(n) == shown


@pytest.mark.parametrize(
    ("width", "header", "cell"),
    [
        (123, "buffer (turn / total)", "9,400 / 112,000"),
        (122, "buffer", "9,400 / 112,000"),
        (89, "buffer", "9,400 / 112,000"),
        (88, "buffer", "9.4k / 112k"),
        (70, "buffer", "9.4k / 112k"),
        (69, "buffer", "112k"),
    ],
)
def test_the_planner_table_takes_the_widest_form_that_fits(width, header, cell):
    plan = make_plan(PlanInputs())
    what, headers, rows = plan_table(plan, width)
    assert headers[1] == header
    last = rows[-1]
    assert last[0] == "20" and last[1] == cell  # turn 20 of buffer, every digit or rounded
    assert table_width(headers, rows) <= width
    assert "so far" in what
