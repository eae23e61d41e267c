"""An index's documents in the order they were added, the oldest forgotten first. Pure.

`BM25Index` (bm25.py) reads a run of documents added in a row (recall's window of a
session's questions) from what is kept here: the ids by position, running sums of their
lengths and each word's positions, so a run's statistics take no pass over its documents.
Forgetting the oldest document costs its own words: the forgotten entries are cut from
these lists in batches, once they are half of a list.
"""

from __future__ import annotations

from bisect import bisect_left
from collections.abc import Iterable


class DocOrder:
    """Positions of the documents added: those from `start` to `end` are held."""

    __slots__ = ("_base", "_cut", "_order", "_places", "_running", "start")

    def __init__(self) -> None:
        self._order: list[str] = []  # the ids from position `_base` on
        self._base = 0
        self.start = 0  # the oldest held; those from `_base` to it are forgotten, not cut yet
        self._running: list[int] = [0]  # [n]: the words of the documents before `_base + n`
        self._places: dict[str, list[int]] = {}  # a word's documents, by position
        self._cut: dict[str, int] = {}  # how many of a word's first places are forgotten

    @property
    def end(self) -> int:
        return self._base + len(self._order)

    @property
    def oldest(self) -> str:
        """The id of the oldest document held."""
        return self._order[self.start - self._base]

    def id_at(self, position: int) -> str | None:
        return self._order[position - self._base] if self.start <= position < self.end else None

    def add(self, doc_id: str, words: Iterable[str], size: int) -> int:
        """The next document (its distinct words and its length); its position."""
        position = self.end
        self._order.append(doc_id)
        self._running.append(self._running[-1] + size)
        for word in words:
            self._places.setdefault(word, []).append(position)
        return position

    def forget_first(self, words: Iterable[str]) -> None:
        """Forget the oldest held document (its distinct words)."""
        for word in words:
            places, cut = self._places[word], self._cut.get(word, 0) + 1
            if cut == len(places):
                del self._places[word]
                self._cut.pop(word, None)
            elif 2 * cut >= len(places):
                del places[:cut]
                self._cut.pop(word, None)
            else:
                self._cut[word] = cut
        self.start += 1
        gone = self.start - self._base
        if 2 * gone >= len(self._order):  # cut the forgotten ids
            del self._order[:gone]
            del self._running[:gone]
            self._base = self.start

    def skip_to(self, position: int) -> None:
        """With nothing held: the next document added is at `position`."""
        self._order, self._running = [], [self._running[-1]]
        self._base = self.start = position

    def length(self, since: int, first: int) -> int:
        """The words of the documents at positions `since` to `first` (held)."""
        return self._running[first - self._base] - self._running[since - self._base]

    def having(self, word: str, since: int, first: int) -> int:
        """How many of the documents at positions `since` to `first` (held) have `word`."""
        places = self._places.get(word, ())
        return bisect_left(places, first) - bisect_left(places, since)

    def outside(self, since: int, first: int) -> set[str]:
        """The held documents outside positions `since` to `first`."""
        order, base = self._order, self._base
        return {*order[self.start - base : since - base], *order[first - base :]}

    def footprint(self) -> int:
        return (
            len(self._order)
            + len(self._running)
            + sum(map(len, self._places.values()))
            + len(self._cut)
        )
