"""Sequences that stand for a tuple they do not hold. Pure.

A long session's id lists and sent messages are kept compact and made only when read:
IdRuns and LazyOmitted (message_ids.py), SentRefs (sent_refs.py). Records holding them
are compared and hashed like records holding tuples, so each must be equal to any
sequence of the same items in the same order (a tuple included) and hash as that tuple.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TypeVar

T = TypeVar("T", covariant=True)


class TupleLike(Sequence[T]):
    """Equal to any sequence (not a str) of the same items in order; hashed as their tuple.
    `repr` is the class name and `_summary()`, never every item."""

    __slots__ = ()

    def _same_form(self, other: object) -> bool:
        """True when `other` is known equal without listing either (the same compact form)."""
        return False

    def _summary(self) -> str:
        return f"{len(self)} items"

    def __eq__(self, other: object) -> bool:
        if self._same_form(other):
            return True
        if isinstance(other, Sequence) and not isinstance(other, str):
            return len(other) == len(self) and tuple(self) == tuple(other)
        return NotImplemented

    def __hash__(self) -> int:
        return hash(tuple(self))

    def __repr__(self) -> str:
        return f"{type(self).__name__}({self._summary()})"
