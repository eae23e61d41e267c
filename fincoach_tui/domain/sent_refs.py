"""A record's sent messages as read from a session file (format 2, record_refs.py):
runs of transcript references kept as their compact ids, and messages held as text, each
built into a SentMessage only when it is read. Pure.

A 10,000-turn buffer session names 50 million sent messages across its records; held
this way it costs its compact items, not every message again for every turn.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping, Sequence
from typing import Any, Protocol, overload

from fincoach_tui.domain.message_ids import nth_id
from fincoach_tui.domain.records import IdRuns, SentMessage
from fincoach_tui.domain.tuple_like import TupleLike


class MessageSource(Protocol):
    """What references resolve against (record_refs.RefTable)."""

    def referenced(self, provenance: str, message_id: str, count: int | None) -> SentMessage:
        """Transcript message `message_id` as sent with `provenance` and token `count`
        (None: its first recorded count)."""
        ...

    def origin_of(self, sent: SentRefs) -> Sequence[SentMessage] | None:
        """The messages `sent` was encoded from, if it is known to have been made from them
        (record_refs.RefTable.made_from), else None."""
        ...


class SentPart:
    """A run of transcript references (ids kept compact), or one message already built.

    The ids are held as their compact items and count, not as an IdRuns: a 10,000-turn
    session holds 30,000 parts, and an IdRuns each would be 1.4 MB more (`ids` makes one)."""

    __slots__ = ("counts", "item", "items", "length", "message", "provenance")

    def __init__(
        self,
        provenance: str,
        ids: IdRuns,
        counts: tuple[int, ...] | None,
        message: SentMessage | None = None,
        item: Mapping[str, Any] | None = None,
    ) -> None:
        self.provenance, self.counts, self.message = provenance, counts, message
        self.items, self.length = ids.items, len(ids)
        self.item = item  # a single message's file item, as read

    @property
    def ids(self) -> IdRuns:
        return IdRuns(self.items, self.length)

    @classmethod
    def single(cls, message: SentMessage, item: Mapping[str, Any]) -> SentPart:
        return cls(message.provenance, ONE_MESSAGE, None, message, item)

    def file_item(self) -> dict[str, Any]:
        if self.item is not None:
            return dict(self.item)
        item: dict[str, Any] = {"ids": list(self.items), "provenance": self.provenance}
        if self.counts is not None:
            item["tokens"] = list(self.counts)
        return item

    def __len__(self) -> int:
        return self.length

    def messages(self, table: MessageSource) -> Iterator[SentMessage]:
        if self.message is not None:
            yield self.message
            return
        counts = self.counts
        for index, message_id in enumerate(self.ids):
            count = counts[index] if counts is not None else None
            yield table.referenced(self.provenance, message_id, count)

    def same_as(self, other: SentPart) -> bool:
        """Whether both parts stand for equal messages over one table, told from their
        compact forms: the same message held as text, or the same ids, provenance and
        counts (each id then resolves to the same message). False is no verdict."""
        if self is other:
            return True
        if self.message is not None or other.message is not None:
            return other.message is not None and self.message == other.message
        return (self.provenance, self.length, self.items, self.counts) == (
            other.provenance,
            other.length,
            other.items,
            other.counts,
        )

    def get(self, index: int, table: MessageSource) -> SentMessage:
        if self.message is not None:
            return self.message
        count = self.counts[index] if self.counts is not None else None
        return table.referenced(self.provenance, nth_id(self.items, index), count)


ONE_MESSAGE = IdRuns(("",))


class SentRefs(TupleLike[SentMessage]):
    """A record's sent messages, read through a RefTable when they are read. Equal to the
    tuple of those SentMessages (tuple_like.py)."""

    __slots__ = ("_len", "_parts", "_table")

    def __init__(self, parts: tuple[SentPart, ...], table: MessageSource) -> None:
        self._parts, self._table = parts, table
        self._len = sum(len(p) for p in parts)

    def __len__(self) -> int:
        return self._len

    def file_items(self) -> list[dict[str, Any]]:
        """The items as the session file holds them (what `RefTable.encode` wrote)."""
        return [part.file_item() for part in self._parts]

    def reference_runs(self) -> list[tuple[str, tuple[str, ...]] | None]:
        """Each part as (provenance, the compact ids it names), or None for a message held
        as text: which transcript messages a record sent, read without building them (a
        buffer record at turn 5,000 names 10,000 messages in one run)."""
        return [None if p.message is not None else (p.provenance, p.items) for p in self._parts]

    def __iter__(self) -> Iterator[SentMessage]:
        for part in self._parts:
            yield from part.messages(self._table)

    @overload
    def __getitem__(self, index: int) -> SentMessage: ...
    @overload
    def __getitem__(self, index: slice) -> tuple[SentMessage, ...]: ...
    def __getitem__(self, index: int | slice) -> SentMessage | tuple[SentMessage, ...]:
        if isinstance(index, slice):
            return tuple(self)[index]
        if index < 0:
            index += self._len
        if not 0 <= index < self._len:
            raise IndexError("sent message index out of range")
        for part in self._parts:
            if index < len(part):
                return part.get(index, self._table)
            index -= len(part)
        raise IndexError("sent message index out of range")  # pragma: no cover

    def _same_form(self, other: object) -> bool:
        """Known equal to `other` without building a message (tuple_like.py): the messages
        it was encoded from while it is the newest record made from a live request, or
        records over the same table with the same compact parts. O(parts)."""
        if other is self:
            return True
        origin = self._table.origin_of(self)
        if origin is not None and origin is other:
            return True
        if not isinstance(other, SentRefs) or other._table is not self._table:
            return False
        if other._len != self._len or len(other._parts) != len(self._parts):
            return False
        return all(ours.same_as(theirs) for ours, theirs in zip(self._parts, other._parts))

    def _summary(self) -> str:
        return f"{self._len} messages"


def known_equal(ours: Sequence[SentMessage], theirs: Sequence[SentMessage]) -> bool:
    """True when two requests' messages are known equal without building any (a record
    read back by reference and the request it was made from, two records' compact forms);
    False when that is not known (they may be equal all the same: compare them)."""
    if ours is theirs:
        return True
    if isinstance(ours, SentRefs) and ours._same_form(theirs):
        return True
    return isinstance(theirs, SentRefs) and theirs._same_form(ours)
