"""The best-scoring documents of a BM25 index's prefix, found without reading every posting.

Recall wants the few best of the conversation's earlier questions, best first, then the
older. Scoring every document that shares a word with the query costs the length of the
words' postings, which grow with the session ("rent" is in every tenth question). This
finds the same documents, with the same floats, in the same order, reading postings by
impact instead (a threshold algorithm, after Fagin's TA and the MaxScore family):

- Documents with the same words (the same bag) always score the same: they form one
  `DocClass`, read once, whose documents follow each other by place. A session that asks
  the same things again (as a long one does) has far fewer classes than questions.
- For each query term, its classes are read in the order of their share of a score (a share
  depends only on the term's frequency and the document's length: the index groups them by
  both), then by place. Each class read is scored exactly, term after term in the order the
  full scorer adds them, so its float is that scorer's.
- A document is given out once nothing unread can come before it: nothing unread scores
  more than the terms' next shares add up to (float addition in the same order is monotone,
  so the bound holds for the floats too), and a document that reaches that bound exactly
  has every term's next share, so it comes after every term's next place.

So the work follows the documents given out and the classes read, not the session's
length; in the worst case (many short documents with one query word, each outscoring the
rest on that word alone) it reads what the full scorer reads, and gives the same answer.
"""

from __future__ import annotations

import heapq
from collections.abc import Callable, Iterator, Mapping, Sequence
from itertools import takewhile


class DocClass:
    """Documents of an index with the same words: their bag, length and places, in order."""

    __slots__ = ("bag", "places", "size")

    def __init__(self, bag: Mapping[str, int], size: int) -> None:
        self.bag, self.size = bag, size
        self.places: list[int] = []


Groups = Mapping[tuple[int, int], Sequence[DocClass]]  # (frequency, length) -> classes


class PrefixRanking:
    """The documents of an index's first `first` places (less those at places `out`) and a
    few not in the index (`extra`: place -> score, placed after them), scoring above 0, by
    score, best first, then by place: `best()` gives them lazily.

    `terms` are the query's terms in the order the full scorer adds their shares; `share`
    gives a term's share for a frequency and a document length; `groups` a term's classes
    by (frequency, length), each group in the order of its first place."""

    def __init__(
        self,
        terms: Sequence[str],
        share: Callable[[str, int, int], float],
        groups: Callable[[str], Groups],
        first: int,
        out: frozenset[int],
        extra: Mapping[int, float],
    ) -> None:
        self._terms, self._share, self._first, self._out = terms, share, first, out
        self._extra = extra
        self.classes_read = 0  # how many classes were read (and scored) so far
        self._streams: dict[str, Iterator[tuple[float, DocClass]]] = {}
        self._lower: dict[str, dict[float, float | None]] = {}  # a share -> the next below
        for term in terms:
            by_share: dict[float, list[Sequence[DocClass]]] = {}
            for (frequency, size), classes in groups(term).items():
                by_share.setdefault(share(term, frequency, size), []).append(classes)
            levels = sorted(by_share, reverse=True)
            self._lower[term] = dict(zip(levels, [*levels[1:], None]))
            self._streams[term] = self._stream(by_share, levels)

    def _stream(
        self, by_share: dict[float, list[Sequence[DocClass]]], levels: list[float]
    ) -> Iterator[tuple[float, DocClass]]:
        """A term's classes with a document in the prefix: by share, then by first place."""
        first = self._first
        for level in levels:
            runs = [takewhile(lambda c: c.places[0] < first, run) for run in by_share[level]]
            merged = runs[0] if len(runs) == 1 else heapq.merge(*runs, key=_first_place)
            for found in merged:
                yield level, found

    def _score(self, found: DocClass) -> float:
        """The class's score, its terms' shares added in the full scorer's order."""
        score, bag, share, size = 0.0, found.bag, self._share, found.size
        for term in self._terms:
            frequency = bag.get(term)
            if frequency:
                score = score + share(term, frequency, size)
        return score

    def _next_place(self, found: DocClass, after: int) -> tuple[int, int] | None:
        """(index in its places, place) of the class's next document in the subset."""
        places, out, first = found.places, self._out, self._first
        for n in range(after + 1, len(places)):
            place = places[n]
            if place >= first:
                return None
            if place not in out:
                return n, place
        return None

    def best(self) -> Iterator[tuple[int, float]]:
        """(place, score) of every document scoring above 0: best first, then by place."""
        ready: list[tuple[float, int, int, DocClass | None]] = [
            (-score, place, 0, None) for place, score in self._extra.items() if score > 0.0
        ]
        heapq.heapify(ready)
        seen: set[int] = set()
        front: dict[str, tuple[float, DocClass]] = {}
        for term in self._terms:
            self._advance(term, front, seen)
        bound = self._bound(front)  # changes only when a stream moves on
        while True:
            if ready and (bound is None or ready[0][:2] < bound):
                negative, place, n, found = heapq.heappop(ready)
                yield place, -negative
                if found is not None:
                    following = self._next_place(found, n)
                    if following is not None:
                        heapq.heappush(ready, (negative, following[1], following[0], found))
                continue
            if bound is None:
                return
            # Read the class with the largest next share (the earliest term on a tie).
            term = max(front, key=lambda t: front[t][0])
            found = front[term][1]
            if id(found) not in seen:  # (else read from another term's stream since)
                seen.add(id(found))
                self.classes_read += 1
                start = self._next_place(found, -1)
                if start is not None:
                    heapq.heappush(ready, (-self._score(found), start[1], start[0], found))
            self._advance(term, front, seen)
            bound = self._bound(front)

    def _advance(self, term: str, front: dict[str, tuple[float, DocClass]], seen: set[int]) -> None:
        """Move `term`'s stream to its next class not read yet (gone when there is none)."""
        for level, found in self._streams[term]:
            if id(found) not in seen:
                front[term] = (level, found)
                return
        front.pop(term, None)

    def _bound(self, front: dict[str, tuple[float, DocClass]]) -> tuple[float, int] | None:
        """The least (−score, place) an unread document can have; None when none is left.

        An unread document has, for each term, at most that term's next share (and no
        term whose classes were all read): its score is at most those shares added up.
        If it has each term's next share exactly, its place is at least every term's next
        place; if one of its shares is lower, its score is at most the sum with that
        term's next lower share (or without the term)."""
        if not front:
            return None
        terms = [t for t in self._terms if t in front]
        top = 0.0
        for term in terms:
            top = top + front[term][0]
        below = 0.0
        for lowered in terms:
            total = 0.0
            for term in terms:
                level = front[term][0]
                value = self._lower[term][level] if term == lowered else level
                if value is not None:
                    total = total + value
            below = max(below, total)
        place = max(front[t][1].places[0] for t in terms)
        return min((-top, place), (-below, -1))


def _first_place(found: DocClass) -> int:
    return found.places[0]
