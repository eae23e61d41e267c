"""The ids a running summary covers, extended fold by fold without being copied. Pure.

Each fold covers the ids its summary's predecessor covered and a batch more: as tuples,
every fold copies them all (about two per turn, so a long session's folds cost time in
proportion to its length, and each summary kept holds its own copy). Here the summaries
of one line of folds share one list, each seeing its first `n` ids.
"""

from __future__ import annotations

import threading
from collections.abc import Iterator, Sequence
from itertools import islice

from fincoach_tui.domain.tuple_like import TupleLike

# The live session's folds and the comparison's walk (another thread) may extend the same
# list: deciding whether it ends where a summary's ids do, and appending, is one step.
_EXTENDING = threading.Lock()


class CoveredIds(TupleLike[str]):
    """The first `length` ids of a list shared with the summaries folded before and after
    this one. Never changed once made: extending appends past it, or copies when the list
    already goes on with other ids. Equal to the tuple of its ids (tuple_like.py)."""

    __slots__ = ("_shared", "_len")

    def __init__(self, shared: list[str], length: int) -> None:
        self._shared, self._len = shared, length

    def __len__(self) -> int:
        return self._len

    def __iter__(self) -> Iterator[str]:
        return islice(self._shared, self._len)

    def __getitem__(self, index):
        if isinstance(index, int):
            at = index + self._len if index < 0 else index
            if 0 <= at < self._len:
                return self._shared[at]
            raise IndexError("covered id index out of range")
        return tuple(self)[index]

    def __add__(self, more: Sequence[str]) -> CoveredIds:
        return extended(self, more)

    def _same_form(self, other: object) -> bool:
        return (
            isinstance(other, CoveredIds)
            and other._shared is self._shared
            and other._len == self._len
        )


def extended(covered: Sequence[str], more: Sequence[str]) -> CoveredIds:
    """`covered` then `more`, as CoveredIds: in time in proportion to `more` when `covered`
    is CoveredIds whose list ends where it does, or goes on with `more` (another walk of
    the same fold); else the ids are copied once, and the next folds extend that copy."""
    if isinstance(covered, CoveredIds):
        shared, n = covered._shared, covered._len
        end = n + len(more)
        with _EXTENDING:
            if len(shared) == n:
                shared.extend(more)
                return CoveredIds(shared, end)
            # (a slice, not islice: that would step over the first n ids one by one)
            if len(shared) >= end and all(map(str.__eq__, shared[n:end], more)):
                return CoveredIds(shared, end)
    ids = [*covered, *more]
    return CoveredIds(ids, len(ids))
