"""Which rows of a long request the inspector lists: its first rows (the system message
and whatever comes before the transcript), a marker standing for the rows between, and
the newest rows.

A `buffer` request at turn 10,000 sends 20,001 messages; a table measures every row it
holds on the event loop (most of the time it took to open such a session went there), and
nobody reads 20,000 rows in a side panel. So the table holds a bounded window, the rows
behind the marker come back a page at a time when asked for, and each new request shows
its newest rows again. Pure arithmetic on row indices: the widget does the drawing.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

NEWEST = 200  # rows listed at the end of a long request
PAGE = 200  # rows one use of the marker brings back
HEAD_MOST = 50  # the first rows are few (the prompt, its sections, recalled turns): a bound
DROP_MOST = 50  # rows dropped from the listed end in place; more, and the table is refilled


@dataclass(frozen=True)
class RowWindow:
    """Rows [0, head) and [start, total) are listed; [head, start) hide behind a marker."""

    head: int
    start: int
    total: int

    @classmethod
    def newest(cls, head: int, total: int, newest: int = NEWEST) -> RowWindow:
        """The first `head` rows and the newest `newest`; every row when that is all."""
        head = min(head, total)
        return cls(head, max(head, total - newest), total)

    @property
    def hidden(self) -> int:
        """How many rows the marker stands for (0: no marker)."""
        return self.start - self.head

    @property
    def listed(self) -> list[int | None]:
        """The row indices in table order; None is the marker."""
        marker: list[int | None] = [None] if self.hidden else []
        return [*range(self.head), *marker, *range(self.start, self.total)]

    @property
    def marker_at(self) -> int | None:
        """The marker's place in the table, if it has one."""
        return self.head if self.hidden else None

    def earlier(self, page: int = PAGE) -> RowWindow:
        """The same rows and the `page` hidden rows just before the listed end."""
        return replace(self, start=max(self.head, self.start - page))

    def dropped_for(self, new: RowWindow) -> int | None:
        """How many rows to drop from the start of the listed end so that a table listing
        this window lists `new` once the rows it adds are appended; None when it cannot
        (the marker would have to appear between rows, or too many rows would go)."""
        if new.head != self.head or new.total < self.total:
            return None
        if not self.hidden and not new.hidden:
            return 0
        if self.hidden and new.hidden:
            drop = min(new.start, self.total) - self.start
            return drop if 0 <= drop <= DROP_MOST else None
        return None

    def appended_from(self, new: RowWindow) -> int:
        """The first row `new` lists that a table listing this window does not hold."""
        return max(self.total, new.start)
