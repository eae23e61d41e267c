"""Lists of transcript message ids, kept compact: runs of consecutive ids as one item.

A bounded strategy leaves out more messages every turn: by turn 1,000 each record's
omitted_ids holds ~2,000 ids, and a session file holding them all grows with the square
of its length. In the file, runs of consecutive ids are written as one item instead
("m1..m1990"), and a replayed record keeps them so (IdRuns). Pure.
"""

from __future__ import annotations

import bisect
import operator
import re
from collections.abc import Iterable, Iterator, Sequence
from typing import Any, Protocol

from fincoach_tui.domain.tuple_like import TupleLike

_RUN = re.compile(r"m(\d+)\.\.m(\d+)")


def compact_ids(ids: Iterable[str]) -> list[str]:
    """["m1", "m2", "m3", "m7"] -> ["m1..m3", "m7"]; order kept, other ids as they are."""
    if isinstance(ids, IdRuns):  # already runs: merged in O(runs), never listed
        return _merge(_item_spans(ids.items))
    ids = tuple(ids)
    if len(ids) > 2:  # the usual case, one unbroken run, checked at C speed
        first, last = _id_number(ids[0]), _id_number(ids[-1])
        if first is not None and last == first + len(ids) - 1:
            if ids == tuple(f"m{n}" for n in range(first, last + 1)):
                return [run_item(first, last)]
    return _merge((n, n, item) for item in ids for n in (_id_number(item),))


def _item_spans(items: Iterable[str]) -> Iterator[tuple[int | None, int | None, str]]:
    """(first, last, item) per compact item: a run's numbers, an id's number twice, or
    (None, None, item) for an id that is not "m" + a number."""
    for item in items:
        run = _RUN.fullmatch(item)
        if run is None:
            number = _id_number(item)
            yield number, number, item
        elif int(run[1]) <= int(run[2]):  # "m5..m3" holds no ids at all
            yield int(run[1]), int(run[2]), item


def _merge(spans: Iterable[tuple[int | None, int | None, str]]) -> list[str]:
    """Join consecutive spans into runs: what compact_ids writes for the ids they hold."""
    runs = RunWriter()
    for span in spans:
        runs.add_span(*span)
    return runs.items()


class RunWriter:
    """compact_ids, one id at a time: a record's references are gathered as they are met,
    and a run of consecutive ids costs one comparison per id, no list of them."""

    __slots__ = ("_first", "_last", "_next", "_out")

    def __init__(self) -> None:
        self._out: list[str] = []
        self._first: int | None = None  # the run being gathered, as numbers
        self._last: int | None = None
        self._next: str | None = None  # the id that would extend it ("m41" after m1..m40)

    def add(self, message_id: str) -> None:
        if message_id == self._next:  # the usual case: the run goes on
            self._last = last = self._last + 1  # type: ignore[operator]
            self._next = f"m{last + 1}"
            return
        number = _id_number(message_id)
        self.add_span(number, number, message_id)
        self._next = None if self._last is None else f"m{self._last + 1}"

    def add_span(self, start: int | None, end: int | None, item: str) -> None:
        """Ids `start`..`end` (`item`, their compact item; None, None: an id that is not
        "m" + a number, kept as it is)."""
        if start is not None and self._last is not None and start == self._last + 1:
            self._last = end
        else:
            self._close()
            self._first, self._last = start, end
            if start is None:
                self._out.append(item)
        self._next = None  # `add` works it out again

    def _close(self) -> None:
        if self._first is not None and self._last is not None:
            self._out.append(run_item(self._first, self._last))

    def items(self) -> list[str]:
        """The compact items of every id added (the writer is spent)."""
        self._close()
        self._first = self._last = None
        return self._out


def _id_number(item: str) -> int | None:
    """7 for "m7"; None for anything that is not exactly "m" + a number (per id, so no regex)."""
    digits = item[1:]
    if item[:1] != "m" or not digits.isascii() or not digits.isdigit():
        return None
    if len(digits) > 1 and digits[0] == "0":
        return None  # "m07" must come back as "m07"
    return int(digits)


def expand_ids(items: Sequence[str]) -> Sequence[str]:
    """The inverse of compact_ids (plain lists come back as tuples). A list with runs comes
    back as IdRuns, which expands only when iterated: a replayed 1,000-turn session would
    otherwise hold a million id strings that nothing but len() ever looks at."""
    for item in items:  # a plain loop: most lists hold one or two items
        if ".." in item and _RUN.fullmatch(item):
            return IdRuns(items)
    return tuple(items)


class IdRuns(TupleLike[str]):
    """An immutable sequence of message ids kept as compact_ids items ("m1..m1990"),
    equal to the tuple of those ids (tuple_like.py)."""

    __slots__ = ("_items", "_len")

    def __init__(self, items: Iterable[str], length: int | None = None) -> None:
        self._items = tuple(items)
        self._len = sum(run_length(item) for item in self._items) if length is None else length

    @property
    def items(self) -> tuple[str, ...]:
        return self._items

    def __len__(self) -> int:
        return self._len

    def __iter__(self):
        for item in self._items:
            run = _RUN.fullmatch(item)
            if run:
                yield from (f"m{n}" for n in range(int(run[1]), int(run[2]) + 1))
            else:
                yield item

    def __getitem__(self, index):
        return tuple(self)[index]

    def _same_form(self, other: object) -> bool:
        return isinstance(other, IdRuns) and self._items == other._items

    def _summary(self) -> str:
        return repr(list(self._items))


def run_item(first: int, last: int) -> str:
    """The compact item of ids m{first} to m{last}: "m3..m7", or "m3" for one id."""
    return f"m{first}" if first == last else f"m{first}..m{last}"


def nth_id(items: Sequence[str], index: int) -> str:
    """The index-th id of compact items, without listing the ones before it."""
    for item in items:
        size = run_length(item)
        if index < size:
            first = item.partition("..")[0]
            return first if size == 1 else f"m{int(first[1:]) + index}"
        index -= size
    raise IndexError("sent message index out of range")


def run_ends(items: Iterable[str]) -> Iterator[str]:
    """The first and last id of each compact item ("m1..m40" -> m1, m40; "m7" -> m7)."""
    for item in items:
        first, _, last = item.partition("..")
        yield first
        if last:
            yield last


def run_length(item: str) -> int:
    """How many ids one compact item names ("m3..m7": 5, "m3": 1)."""
    if ".." not in item:  # a single id, the usual case: no regex
        return 1
    run = _RUN.fullmatch(item)
    return max(0, int(run[2]) - int(run[1]) + 1) if run else 1


class OmittedIdSource(Protocol):
    """What a MemoryView's `ids` provides: the ids a request leaves out, or None when the
    caller must filter the history itself. MessageIds (a live session's, extended turn by
    turn) and UnlistedIds (measured requests, listed only if read) are the two kinds."""

    def omitted(self, history: Sequence[Any], kept: Sequence[Any]) -> Sequence[str] | None: ...


class MessageIds:
    """What a strategy leaves out, as IdRuns, from only the messages new since last time.

    A bounded strategy (window, budget, a summary's tail) sends the last few messages and
    omits all the others: a prefix of the history that grows by a turn each turn. Listing
    it anew every turn costs time in proportion to the session; this keeps that prefix's
    runs and extends them. One per session (the coach's): the transcript is append-only
    but for a withdrawn question at its end, so a prefix whose last message is still the
    same object is still the same prefix.
    """

    def __init__(self) -> None:
        self._reset()

    def _reset(self) -> None:
        self._spans: list[list[int]] = []  # [first, last] id numbers of each run
        self._ends: list[int] = []  # how many messages the runs up to each one hold
        self._count = 0  # messages covered: history[:count]
        self._last: object = None  # history[count - 1], to tell that the prefix is the same
        self._top = 0  # the id number of history[count - 1]
        self._plain = True  # every id covered is "m" + a number, each above the one before

    def omitted(self, history: Sequence[Any], kept: Sequence[Any]) -> Sequence[str] | None:
        """The ids of `history` not in `kept` when `kept` is its tail, else None (the caller
        filters the history itself). Also None for ids that are not plain increasing "mN":
        only then does leaving out the prefix equal leaving out everything not kept."""
        start = len(history) - len(kept)
        if start == 0 and (kept is history or all(map(operator.is_, kept, history))):
            return ()  # everything kept (buffer): nothing to check, in O(1) or at C speed
        if start < 0 or not all(map(operator.is_, kept, history[start:])):
            return None
        top = _id_number(history[start - 1].id)  # start > 0 here: start == 0 returned above
        if top is None:
            return None
        for message in kept:  # no kept id may repeat an omitted one
            number = _id_number(message.id)
            if number is None or number <= top:
                return None
            top = number
        if not self._sync(history, start):
            return None
        return self._prefix(start)

    def prime(self, messages: Sequence[Any]) -> None:
        """Cover `messages` now (a session being opened), so that its first turn, like every
        later one, only has the new messages to add."""
        self._sync(messages, len(messages))

    def _sync(self, history: Sequence[Any], n: int) -> bool:
        """Cover at least history[:n]; False if those ids are not plain and increasing."""
        if self._count and (
            self._count > len(history) or history[self._count - 1] is not self._last
        ):
            self._reset()  # another history (a withdrawn question, a test): start over
        if n - self._count > 8 and self._plain:
            self._extend_run(history[self._count : n])
        for message in history[self._count : n]:
            number = _id_number(message.id)
            if not self._plain or number is None or number <= self._top:
                self._plain = False
            elif self._spans and number == self._spans[-1][1] + 1:
                self._spans[-1][1] = number
                self._ends[-1] += 1
            else:
                self._spans.append([number, number])
                self._ends.append(self._count + 1)
            self._top = number if number is not None else self._top
            self._count += 1
            self._last = message
        return self._plain

    def _extend_run(self, messages: Sequence[Any]) -> None:
        """Many messages at once (priming): one unbroken run is checked at C speed."""
        ids = [m.id for m in messages]
        first = _id_number(ids[0])
        if (
            first is None
            or first <= self._top
            or ids != [f"m{k}" for k in range(first, first + len(ids))]
        ):
            return  # gaps (withdrawn questions) or other ids: message by message
        last = first + len(ids) - 1
        if self._spans and first == self._spans[-1][1] + 1:
            self._spans[-1][1] = last
            self._ends[-1] += len(ids)
        else:
            self._spans.append([first, last])
            self._ends.append(self._count + len(ids))
        self._count += len(ids)
        self._top, self._last = last, messages[-1]

    def _prefix(self, n: int) -> IdRuns:
        """The runs of history[:n] (n <= count), cutting the run that holds message n."""
        cut = bisect.bisect_left(self._ends, n)
        spans = [tuple(s) for s in self._spans[: cut + 1]]
        first, last = spans[-1]
        spans[-1] = (first, last - (self._ends[cut] - n))
        items = [run_item(a, b) for a, b in spans]
        return IdRuns(items, n)


def omitted_ids(history: Sequence[Any], kept: Sequence[Any]) -> tuple[str, ...]:
    """The ids of `history` not in `kept`, in order: a pass over the whole history."""
    kept_ids = {m.id for m in kept}
    return tuple([m.id for m in history if m.id not in kept_ids])


class LazyOmitted(TupleLike[str]):
    """The ids of `history` not in `kept`, listed only if read: the comparison's requests
    are measured, never shown, and listing them is a pass over the whole history. Equal
    to the tuple of those ids (tuple_like.py)."""

    def __init__(self, history: Sequence[Any], kept: Sequence[Any]) -> None:
        self._history, self._kept = history, kept
        self._ids: tuple[str, ...] | None = None

    def _listed(self) -> tuple[str, ...]:
        if self._ids is None:
            self._ids = omitted_ids(self._history, self._kept)
        return self._ids

    def __len__(self) -> int:
        return len(self._listed())

    def __getitem__(self, index):
        return self._listed()[index]

    def __iter__(self):
        return iter(self._listed())

    def __repr__(self) -> str:
        return repr(self._listed())


class UnlistedIds:
    """MemoryView.ids for requests that are measured, never shown (the counterfactual's
    turns, real and projected): what they leave out, as `LazyOmitted`."""

    @staticmethod
    def omitted(history: Sequence[Any], kept: Sequence[Any]) -> Sequence[str]:
        return LazyOmitted(history, kept)


UNLISTED_IDS = UnlistedIds()
