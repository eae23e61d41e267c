"""BM25 kept up to date one document at a time, for recall over a growing conversation. Pure.

The words a document is read as (bm25_words.py), Okapi BM25 over a set of documents, and `BM25Index`, which tokenizes each document once and reads a query's
postings rather than every document. `bm25_classes` ranks a prefix of the index's
documents by classes of documents that score alike, for a session that repeats itself.
"""

from __future__ import annotations

import math
import operator
from collections import Counter
from collections.abc import Callable, Collection, Iterator, Mapping, Sequence
from itertools import repeat
from typing import Any, NamedTuple

from fincoach_tui.domain.bm25_classes import ClassIndex
from fincoach_tui.domain.bm25_order import DocOrder
from fincoach_tui.domain.bm25_topk import TopInputs, top_ranking
from fincoach_tui.domain.bm25_words import words

BM25 = "bm25"
_K1, _B = 1.2, 0.75


class BM25Index:
    """BM25 kept up to date one document at a time, for recall over a growing conversation.

    Each document is tokenized once, when added; a query reads only its own terms' postings.
    Scoring is over a subset of the documents (`among`): idf, document count and average
    length are the subset's, so the scores are exactly `bm25` over those documents alone.
    A document of the subset the index does not hold is scored from its text, not kept.

    Documents are also kept in the order they were added, with running sums of their
    lengths and each term's postings by position, so a subset that is a run of documents
    added in a row but a few (`prefix_scores`: an earlier conversation's questions, as
    recall reads them) gets its statistics without a pass over its documents.

    The oldest documents can be forgotten (`forget_before`), each once, in time that follows
    its own words: an index kept for recall over the newest turns of a session stays the
    size of that window, however long the session runs. Positions stay those the documents
    were added at; the documents held are those at `start` to `end`.
    """

    def __init__(self) -> None:
        self._texts: dict[str, str] = {}
        self._bags: dict[str, Counter[str]] = {}
        self._lengths: dict[str, int] = {}
        self._postings: dict[str, dict[str, int]] = {}  # term -> {doc id: frequency}
        # The same postings grouped by (frequency, document length), the two things a term's
        # share of a score depends on: a query computes each group's share once.
        self._groups: dict[str, dict[tuple[int, int], dict[str, None]]] = {}
        self._total = 0  # words over all documents
        # In the order added (bm25_order.py): the ids by position, running sums of their
        # lengths, each term's documents by position. Valid while no document was replaced.
        self._order = DocOrder()
        self._position: dict[str, int] = {}
        self._in_order = True
        # Documents that score alike against any query, as one class each (bm25_classes).
        self._classes = ClassIndex()

    def __len__(self) -> int:
        return len(self._bags)

    def __contains__(self, doc_id: object) -> bool:
        return doc_id in self._bags

    @property
    def start(self) -> int:
        """The position of the oldest document held: those before it are forgotten."""
        return self._order.start

    @property
    def end(self) -> int:
        """How many documents were added, forgotten ones included: the next one's position."""
        return self._order.end

    def id_at(self, position: int) -> str | None:
        """The id of the `position`-th document added (None when documents were replaced,
        so positions no longer hold, or when it is forgotten or not added yet)."""
        return self._order.id_at(position) if self._in_order else None

    @property
    def position(self) -> Callable[[str], int]:
        """Where a document stands in the order added (see `id_at`), as a function: the
        mapping's own lookup, which sorting calls at C speed."""
        return self._position.__getitem__

    def add(self, doc_id: str, text: str) -> None:
        """Index `text` as `doc_id`; a new text for a known id replaces the old one."""
        known = self._texts.get(doc_id)
        if known is not None and known == text:
            return
        if known is not None:
            self._drop(doc_id)
            self._in_order = False
        bag = Counter(words(text))
        self._texts[doc_id], self._bags[doc_id] = text, bag
        self._lengths[doc_id] = size = sum(bag.values())
        self._total += size
        position = self._position[doc_id] = self._order.add(doc_id, bag, size)
        for term, frequency in bag.items():
            self._postings.setdefault(term, {})[doc_id] = frequency
            self._groups.setdefault(term, {}).setdefault((frequency, size), {})[doc_id] = None
        if self._in_order:
            self._classes.add(position, bag, size)

    def footprint(self) -> int:
        """Entries kept (documents, postings, places, classes): flat as a window moves on."""
        postings = sum(map(len, self._postings.values()))
        return len(self._bags) + postings + self._order.footprint() + self._classes.footprint()

    def forget_before(self, position: int) -> None:
        """Forget the documents added before `position`, oldest first (each costs its own
        words; an index not in order, whose positions no longer hold, keeps them). Past
        the last document added, the next one is added at `position`."""
        order = self._order
        if not self._in_order or position <= order.start:
            return
        while order.start < min(position, order.end):  # the oldest: postings, classes, places
            doc_id = order.oldest
            terms = list(self._bags[doc_id])
            self._drop(doc_id)
            del self._position[doc_id]
            self._classes.forget(order.start)
            order.forget_first(terms)
        if position > order.end:  # nothing held: start again from there
            order.skip_to(position)

    def _drop(self, doc_id: str) -> None:
        bag = self._bags.pop(doc_id)
        del self._texts[doc_id]
        size = self._lengths.pop(doc_id)
        self._total -= size
        for term, frequency in bag.items():
            postings = self._postings[term]
            del postings[doc_id]
            groups = self._groups[term]
            del groups[frequency, size][doc_id]
            if not groups[frequency, size]:
                del groups[frequency, size]
            if not postings:  # a word no document has any more
                del self._postings[term], self._groups[term]

    def scores(self, query: str, among: Mapping[str, str]) -> dict[str, float]:
        """BM25 of `query` over the documents `among` ({id: text}). Only documents sharing
        a term with the query are in the result: the others score 0."""
        if not among:
            return {}
        terms = set(words(query))  # iterated in this order, as `bm25` always has: same sums
        # An id stands for one text (message ids are never reused): held ones are not re-read.
        # Of the others, an empty one (a projected turn's) only counts towards the average.
        missing = among.keys() - self._bags.keys()
        extra = {i: Counter(words(among[i])) for i in missing if among[i]}
        held = len(among) - len(missing)
        # The subset's statistics: the index's less the documents outside the subset, or,
        # when those are most of the index, summed over the subset's own documents.
        outside: set[str] | None = None  # held documents outside the subset, when few
        if len(self._bags) - held <= held:
            outside = self._bags.keys() - among.keys()
            length = self._total - sum(self._lengths[i] for i in outside)
            having = {
                t: len(self._postings.get(t, ())) - sum(t in self._bags[i] for i in outside)
                for t in terms
            }
        else:
            inside = [i for i in among if i not in missing]
            length = sum(self._lengths[i] for i in inside)
            having = {t: sum(t in self._bags[i] for i in inside) for t in terms}
        return self._scored(terms, len(among), length, having, extra, outside, among)

    def prefix_scores(
        self,
        query: str,
        first: int,
        left_out: Collection[str] = (),
        more: Sequence[str] = (),
        *,
        since: int = 0,
    ) -> dict[str | int, float] | None:
        """`scores` over the first `first` documents added (from the `since`-th on) but those
        in `left_out` (ids of a few of them), and documents `more` never added (their texts;
        scored under their place in `more`, an int): exactly the same floats, in time that
        follows the query terms' postings and the few left out, not the number of
        documents. None when a document was replaced (positions no longer hold), `first` is
        more than the index was given or `since` is before the oldest held."""
        stats = self._prefix(query, since, first, left_out, more)
        if stats is None or not stats.documents:
            return None if stats is None else {}
        outside = stats.out.union(self._outside(since, first))  # taken out at the end
        return self._scored(
            stats.terms, stats.documents, stats.length, stats.having, stats.extra, outside, None
        )

    def classes_read(self, query: str) -> int:
        """How many classes (and documents scored alone) `prefix_ranking` reads for `query`."""
        return self._classes.touched(set(words(query)))

    def prefix_best(
        self,
        query: str,
        first: int,
        more: Sequence[str] = (),
        *,
        since: int = 0,
        by_class: bool | None = None,
        want: int | None = None,
    ) -> Iterator[tuple[int, float]] | dict[str | int, float] | None:
        """`prefix_scores`' documents (no `left_out`), the query and `more` read once, by
        whichever reading costs less: by classes of documents that score alike
        (`bm25_classes`), a ranking of those scoring above 0, best first, then by place (a
        held one's position, `first` + n for `more`'s n-th); else posting by posting, the
        scores by place, as `prefix_scores`. The same floats either way. `by_class` True or
        False forces the one or the other; None as `prefix_scores`. With `want` (how many
        the reader is likely to read), the posting-by-posting reading may give way to a
        ranking that stops once the best `want` are known and reads on only if the reader
        does (bm25_topk.py): `ScoredPlaces.best`'s very order, lazily."""
        stats = self._prefix(query, since, first, (), more)
        if stats is None:
            return None
        if self._by_class(stats.terms) if by_class is None else by_class:
            return self._ranking(stats, since, first)
        if not stats.documents:
            return {}
        outside = self._outside(since, first)

        def full() -> dict[Any, float]:
            return self._scored(
                stats.terms, stats.documents, stats.length, dict(having), stats.extra, outside,
                None,
            )  # fmt: skip

        having = dict(stats.having)  # as the subset has it: `_shares` and `_scored` add to it
        if want is not None:
            terms, share, extra_lengths = self._shares(stats)
            inputs = TopInputs(
                self._bags, self._lengths, self._position, self._groups, since, first,
                stats.extra, extra_lengths,
            )  # fmt: skip
            top = top_ranking(inputs, terms, self._postings, share, want, full)
            if top is not None:
                return top
        return full()

    def prefix_ranking(
        self,
        query: str,
        first: int,
        more: Sequence[str] = (),
        *,
        since: int = 0,
        by_class: bool | None = None,
    ) -> Iterator[tuple[int, float]] | None:
        """`prefix_best`'s ranking by classes, or None where it would read posting by
        posting (`by_class` False, or None and the classes cost more: `_by_class`)."""
        if not (self._by_class(set(words(query))) if by_class is None else by_class):
            return None
        found = self.prefix_best(query, first, more, since=since, by_class=True)
        return None if isinstance(found, dict) else found

    def _by_class(self, terms: set[str]) -> bool:
        """Whether the query's words are in fewer classes than an eighth of their postings
        (else the posting-by-posting scorer, at C speed, costs less)."""
        postings = sum(len(self._postings.get(t, ())) for t in terms)
        return 8 * self._classes.touched(terms) <= postings

    def _ranking(self, stats: _PrefixStats, since: int, first: int) -> Iterator[tuple[int, float]]:
        """`prefix_best`'s ranking by classes, from its subset's statistics."""
        scored, share, extra_lengths = self._shares(stats)
        extra = stats.extra
        extra_scores: dict[int, float] = {}
        for n, bag in extra.items():
            score = 0.0
            for term in scored:
                if term in bag:
                    score = score + share(term, bag[term], extra_lengths[n])
            extra_scores[first + n] = score
        return self._classes.ranking(scored, share, since, first, extra_scores)

    def _shares(
        self, stats: _PrefixStats
    ) -> tuple[list[str], Callable[[str, int, int], float], dict[int, int]]:
        """The query words that score, in the order `_scored` adds them in; a word's share
        of a score for its frequency and a document's length, as `_scored` computes it;
        the lengths of the documents not held. (Adds those documents to `stats.having`.)"""
        terms, count, having, extra = stats.terms, stats.documents, stats.having, stats.extra
        extra_lengths = {i: sum(bag.values()) for i, bag in extra.items()}
        average = ((stats.length + sum(extra_lengths.values())) / count) if count else 0.0
        average = average or 1.0
        for bag in extra.values():
            for term in bag.keys() & terms:
                having[term] += 1
        scored = [t for t in terms if having[t]]  # the order `_scored` adds them in
        idf = {t: math.log(1 + (count - having[t] + 0.5) / (having[t] + 0.5)) for t in scored}
        damping: dict[int, float] = {}

        def share(term: str, frequency: int, size: int) -> float:  # as `_scored` computes it
            k = damping.get(size)
            if k is None:
                k = damping[size] = _K1 * (1 - _B + _B * size / average)
            return idf[term] * frequency * (_K1 + 1) / (frequency + k)

        return scored, share, extra_lengths

    def _prefix(
        self, query: str, since: int, first: int, left_out: Collection[str], more: Sequence[str]
    ) -> _PrefixStats | None:
        """The statistics of `prefix_scores`'s subset, read from the running sums."""
        order = self._order
        if not self._in_order or not order.start <= since <= first <= order.end:
            return None
        out = set(left_out)
        if any(not since <= self._position.get(i, first) < first for i in out):
            return None  # not one of the subset's documents: not this subset's shape
        count = max(first - since - len(out) + len(more), 0)
        terms = set(words(query))  # the same set, built the same way: the same order
        extra = {n: Counter(words(text)) for n, text in enumerate(more) if text}
        length = order.length(since, first) - sum(self._lengths[i] for i in out)
        bags = self._bags
        having = {t: order.having(t, since, first) - sum(t in bags[i] for i in out) for t in terms}
        return _PrefixStats(terms, count, length, having, extra, out)

    def _outside(self, since: int, first: int) -> set[str]:
        """The held documents outside the `since`-th to the `first`-th (positions)."""
        return self._order.outside(since, first)

    def _scored(
        self,
        terms: set[str],
        count: int,
        length: int,
        having: dict[str, int],
        extra: Mapping[Any, Counter[str]],
        outside: set[str] | None,
        among: Mapping[str, str] | None,
    ) -> dict[Any, float]:
        """The scores, given the subset's statistics: `count` documents of `length` words,
        `having` a term; `extra` the subset's documents the index does not hold (their
        words); the held documents outside the subset (`outside`), or when those are many,
        None and the subset `among` to filter each posting by."""
        extra_lengths = {i: sum(bag.values()) for i, bag in extra.items()}
        average = ((length + sum(extra_lengths.values())) / count) or 1.0
        for bag in extra.values():
            for term in bag.keys() & terms:
                having[term] += 1
        scores: dict[Any, float] = {}
        get = scores.get
        damping: dict[int, float] = {}  # by document length: what `bm25` computes per document
        for term in terms:
            df = having[term]
            if not df:
                continue
            idf = math.log(1 + (count - df + 0.5) / (df + 0.5))
            # Each document gets the term's share added, term after term in the same order
            # as `bm25`, so the sums are the same floats; a share depends on the frequency
            # and the document's length only, so it is computed once per such pair.
            for doc_id, bag in extra.items():
                if term in bag:
                    frequency, size = bag[term], extra_lengths[doc_id]
                    k = damping.get(size)
                    if k is None:
                        k = damping[size] = _K1 * (1 - _B + _B * size / average)
                    scores[doc_id] = get(doc_id, 0.0) + idf * frequency * (_K1 + 1) / (
                        frequency + k
                    )
            for (frequency, size), group in self._groups.get(term, {}).items():
                k = damping.get(size)
                if k is None:
                    k = damping[size] = _K1 * (1 - _B + _B * size / average)
                share = idf * frequency * (_K1 + 1) / (frequency + k)
                docs: Collection[str] = group
                if outside is None and among is not None:
                    docs = [i for i in group if i in among]
                # else the few held outside the subset are added too, and taken out below.
                # {i: get(i, 0.0) + share for i in docs}, iterated at C speed:
                scores.update(
                    zip(docs, map(operator.add, map(get, docs, repeat(0.0)), repeat(share)))
                )
        for doc_id in outside or ():
            scores.pop(doc_id, None)
        return scores


class _PrefixStats(NamedTuple):
    """A prefix subset's statistics: its query terms, document count, words, documents
    having each term, the documents not in the index (their words, by place in `more`),
    and the ids left out."""

    terms: set[str]
    documents: int
    length: int
    having: dict[str, int]
    extra: dict[Any, Counter[str]]
    out: set[str]
