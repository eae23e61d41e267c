"""Which columns of a table fit a width: the rest are dropped whole, never cut.

A table cut at the dialog's edge shows half a date and hides what is right of it; a table
that drops its least useful columns shows every cell it keeps whole. Pure: widths in, keys
out; the dialogs rebuild their tables with what fits whenever their size changes.
"""

from __future__ import annotations

from collections.abc import Sequence

from rich.cells import cell_len

CELL_PADDING = 2  # DataTable pads every cell with one space on each side
SCROLLBAR = 2  # room kept for the table's vertical scrollbar


def column_widths(headers: Sequence[str], rows: Sequence[Sequence[object]]) -> list[int]:
    """Each column's width on screen: its widest cell or header, in terminal cells."""
    widths = [cell_len(h) for h in headers]
    for row in rows:
        for i, cell in enumerate(row):
            widths[i] = max(widths[i], cell_len(str(cell)))
    return widths


def columns_that_fit(widths: Sequence[int], available: int, drop_order: Sequence[int]) -> list[int]:
    """Indexes of the columns to show, in their order: columns are dropped in `drop_order`
    (least useful first) until the rest fit `available` cells. A column not in
    `drop_order` is always kept, even when it alone is wider than `available`."""
    shown = list(range(len(widths)))

    def total() -> int:
        return sum(widths[i] + CELL_PADDING for i in shown) + SCROLLBAR

    for index in drop_order:
        if total() <= available:
            break
        shown.remove(index)
    return shown


def room_for(widths: Sequence[int], shown: Sequence[int], available: int, flexible: int) -> int:
    """The cells column `flexible` may take once the other `shown` columns have theirs:
    its own width when everything fits, less (at least 8) when its cells must be shortened."""
    others = sum(widths[i] + CELL_PADDING for i in shown if i != flexible)
    return max(8, min(widths[flexible], available - SCROLLBAR - others - CELL_PADDING))


def shorten(text: str, width: int) -> str:
    """`text` in at most `width` cells, cut with an ellipsis (wide characters count two)."""
    if cell_len(text) <= width:
        return text
    out = ""
    for char in text:
        if cell_len(out + char) > width - 1:
            break
        out += char
    return out + "…"
