"""An index's documents in classes that score alike, so that recall over a long session
that asks the same few things again reads a class once, not each time it was asked. Pure.

A document's BM25 score against a query depends only on its length and on how often it has
each query word. Words only one document has (a turn number, a one-off figure) are read by
no query but one naming that word, so documents of the same length with the same words
that some other document also has (their "shared" words) score alike against any query
but one naming such a word: they form one `DocClass`, its documents kept by place. A query
naming a word only one document has scores that document alone.

So the ranking (`ClassIndex.ranking`) scores each class holding a query word once, with the
very floats the posting-by-posting scorer adds (bm25.py: the same shares, added term after
term in the same order), and gives the documents best first, then by place, lazily. Its
work follows the classes the query words are in and the documents read, not the number of
documents: flat when a session repeats itself, as many classes as documents when every
question differs (then the posting-by-posting scorer, at C speed, is the one to use:
`touched` says how many classes a query reads).
"""

from __future__ import annotations

import bisect
import heapq
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from itertools import islice, takewhile

Key = tuple[int, tuple[tuple[str, int], ...]]  # a class's length and shared words


class DocClass:
    """Documents of one length with the same shared words: those words and the places."""

    __slots__ = ("bag", "key", "places", "size")

    def __init__(self, key: Key) -> None:
        self.key = key
        self.size, self.bag = key[0], dict(key[1])
        self.places: list[int] = []  # in order


class ClassIndex:
    """The classes of an index's documents, a document added at a time (by place), the
    oldest forgotten a document at a time."""

    def __init__(self) -> None:
        self._documents: dict[str, int] = {}  # by word: how many documents have it
        self._lone: dict[str, int] = {}  # a word one document has -> that document's place
        self._bags: dict[int, Mapping[str, int]] = {}  # by place: every word, and how often
        self._sizes: dict[int, int] = {}
        self._class_of: dict[int, DocClass] = {}  # by place
        self._classes: dict[Key, DocClass] = {}
        self._by_word: dict[str, dict[Key, DocClass]] = {}  # the classes a shared word is in

    def add(self, place: int, bag: Mapping[str, int], size: int) -> None:
        """The next document (its place, after every one held; its words and how often, its
        length)."""
        self._bags[place] = bag
        self._sizes[place] = size
        shared_now: set[int] = set()  # earlier documents one of whose words is now shared
        for word in bag:
            had = self._documents.get(word, 0)
            self._documents[word] = had + 1
            if had == 0:
                self._lone[word] = place
            elif had == 1:
                shared_now.add(self._lone.pop(word))
        self._class_of[place] = self._join(place)
        for earlier in shared_now:
            self._leave(earlier)
            self._class_of[earlier] = self._join(earlier)

    def forget(self, place: int) -> None:
        """Forget the document at `place` (the oldest held): a word it shared with only one
        other document is that one's alone now, so that one moves to the class of its
        remaining shared words (as `add` moves a document whose word becomes shared)."""
        bag = self._bags.pop(place)
        del self._sizes[place]
        self._leave(place)
        del self._class_of[place]
        alone_now: set[int] = set()
        for word in bag:
            left = self._documents[word] - 1
            if left == 0:
                del self._documents[word], self._lone[word]
                continue
            self._documents[word] = left
            if left == 1:  # the one class left with this word holds the one document
                (found,) = self._by_word[word].values()
                (other,) = found.places
                self._lone[word] = other
                alone_now.add(other)
        for other in alone_now:
            self._leave(other)
            self._class_of[other] = self._join(other)

    def _key(self, place: int) -> Key:
        documents = self._documents
        bag = self._bags[place]
        return self._sizes[place], tuple(sorted((w, f) for w, f in bag.items() if documents[w] > 1))

    def _join(self, place: int) -> DocClass:
        """Put the document in its class (made if new); the class."""
        key = self._key(place)
        found = self._classes.get(key)
        if found is None:
            found = self._classes[key] = DocClass(key)
            for word in found.bag:
                self._by_word.setdefault(word, {})[key] = found
        bisect.insort(found.places, place)
        return found

    def _leave(self, place: int) -> None:
        found = self._class_of[place]
        del found.places[bisect.bisect_left(found.places, place)]
        if not found.places:
            del self._classes[found.key]
            for word in found.bag:
                having = self._by_word[word]
                del having[found.key]
                if not having:
                    del self._by_word[word]

    def footprint(self) -> int:
        """How many entries it keeps: words, documents, classes and their places."""
        return (
            len(self._documents)
            + len(self._lone)
            + len(self._bags)
            + sum(len(c.places) for c in self._classes.values())
            + sum(map(len, self._by_word.values()))
        )

    def touched(self, words: Iterable[str]) -> int:
        """How many classes (and documents scored alone) a query of `words` reads."""
        return sum(len(self._by_word.get(w, ())) + (w in self._lone) for w in words)

    def ranking(
        self,
        terms: Sequence[str],
        share: Callable[[str, int, int], float],
        since: int,
        first: int,
        extra: Mapping[int, float],
    ) -> Iterator[tuple[int, float]]:
        """(place, score) of the documents at places `since` to `first` and of `extra`
        (place -> score, the documents not held), scoring above 0: best first, then by place.
        `terms`: the query's words in the order their shares are added; `share`: a word's
        share of a score for its frequency and a document's length."""
        alone = {self._lone[t] for t in terms if since <= self._lone.get(t, first) < first}
        classes = {id(c): c for t in terms for c in self._by_word.get(t, {}).values()}
        levels: dict[float, list[Iterable[int]]] = {}
        for found in classes.values():
            at = bisect.bisect_left(found.places, since) if since else 0
            if at == len(found.places) or found.places[at] >= first:
                continue
            score = document_score(terms, share, found.bag, found.size)
            places: Iterable[int] = takewhile(first.__gt__, islice(found.places, at, None))
            if alone:
                places = (p for p in places if p not in alone)
            levels.setdefault(score, []).append(places)
        for place in alone:
            score = document_score(terms, share, self._bags[place], self._sizes[place])
            levels.setdefault(score, []).append((place,))
        for place, score in extra.items():
            levels.setdefault(score, []).append((place,))
        for score in sorted(levels, reverse=True):
            if score <= 0.0:
                return
            runs = levels[score]
            for place in runs[0] if len(runs) == 1 else heapq.merge(*runs):
                yield place, score


def document_score(
    terms: Sequence[str], share: Callable[[str, int, int], float], bag: Mapping[str, int], size: int
) -> float:
    """A document's score: its words' shares added in the order of `terms`."""
    score = 0.0
    for term in terms:
        frequency = bag.get(term)
        if frequency:
            score = score + share(term, frequency, size)
    return score
