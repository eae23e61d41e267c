"""The best few of a query's documents without scoring every posting (MaxScore). Pure.

A session whose questions all differ puts a common word ("monthly", "turn") in most of
them: scoring every posting of every query word, as `BM25Index._scored` does, costs a
turn in proportion to the session's length. Yet recall reads only the best few. Each query
word's largest share of a score (its `ceiling`: its idf over the (frequency, length) groups
of its postings) bounds what that word can add; the words are read rarest-impact last:

1. Read the postings of the words with the largest ceilings first, scoring each document
   they name in full (every query word it has, random access into its words).
2. Stop once `want` documents score above 0 and the best a document could score from the
   words not read yet (their ceilings added) is below the `want`-th best score found: no
   document left unread can reach the head, ties included.

The scores are the very floats the posting-by-posting scorer adds (the same shares, added
word after word in the query's set order), and a bound added in that same order is a bound
on those floats (rounding to nearest is monotone). So the head, best first then by place,
is exactly `ScoredPlaces.best`'s. A reader who reads past it gets the next head (four
times as many, reading on from the words already read), and so on; once a head would read
more than a quarter of the query words' postings, the rest from the full scores. When the
first head would, reading them one by one in Python costs more than the full scorer at C
speed: None, and the caller scores every posting.

What stays: the postings of the words read (a common word is read only when the rarer ones
cannot settle the head), and each word's (frequency, length) groups, whose number follows
the lengths questions have, not the session's length.
"""

from __future__ import annotations

import heapq
import math
from collections.abc import Callable, Iterator, Mapping, Sequence
from typing import Any

from fincoach_tui.domain.bm25_classes import document_score

# Read at most this share of the query words' postings one by one (each costs several
# times a posting the full scorer adds at C speed).
READ_SHARE = 4


class TopInputs:
    """What the early-stopping ranking reads of an index and a subset (see `BM25Index`)."""

    __slots__ = (
        "bags", "extra", "extra_lengths", "first", "groups", "lengths", "position", "since",
    )  # fmt: skip

    def __init__(
        self,
        bags: Mapping[str, Mapping[str, int]],
        lengths: Mapping[str, int],
        position: Mapping[str, int],
        groups: Mapping[str, Mapping[tuple[int, int], Mapping[str, None]]],
        since: int,
        first: int,
        extra: Mapping[int, Mapping[str, int]],
        extra_lengths: Mapping[int, int],
    ) -> None:
        self.bags, self.lengths, self.position, self.groups = bags, lengths, position, groups
        self.since, self.first = since, first  # the held documents read: these positions
        self.extra, self.extra_lengths = extra, extra_lengths


def top_ranking(
    inputs: TopInputs,
    terms: Sequence[str],
    postings: Mapping[str, Mapping[str, int]],
    share: Callable[[str, int, int], float],
    want: int,
    full: Callable[[], dict[Any, float]],
) -> Iterator[tuple[int, float]] | None:
    """(place, score) of the subset's documents scoring above 0, best first, then by place,
    lazily: the head (every document scoring at least the `want`-th best) read without
    every posting, the rest from `full()` (the posting-by-posting scores, keyed by id for
    a held document and by place among `extra` for the others) if read. `terms`: the
    query words that score, in the order their shares are added; `share(term, frequency,
    length)`. None when stopping early would not pay (see the module's note)."""
    if want < 1 or not terms:
        return None
    # Each word's share for each (frequency, length) group of its postings: a held
    # document's score is read from these, its largest is the word's ceiling.
    tables = {t: _shares(inputs, t, share) for t in terms}
    ceiling = {t: max(tables[t].values(), default=0.0) for t in terms}
    for n, bag in inputs.extra.items():  # the documents not held, scored as they are
        for t in terms:
            if t in bag:
                ceiling[t] = max(ceiling[t], share(t, bag[t], inputs.extra_lengths[n]))
    total = sum(len(postings.get(t, ())) for t in terms)
    order = sorted(terms, key=ceiling.__getitem__, reverse=True)

    seen: dict[int, float] = {}  # the documents scored so far: all having a word read
    reading = {"next": 0, "postings": 0}  # the words of `order` read, their postings

    def head(want: int) -> tuple[float, dict[int, float]] | None:
        """The `want`-th best score and the documents scored to know it (every one scoring
        at least that among them), reading on from the words already read. None when
        that reads too many postings."""
        while True:
            n = reading["next"]
            if len(seen) >= want:
                theta = heapq.nlargest(want, seen.values())[-1]
                unread = set(order[n:])
                bound = 0.0
                for t in terms:  # the order a score adds its shares in: a bound on them
                    if t in unread:
                        bound = bound + ceiling[t]
                if bound < theta:
                    return theta, seen
            if n == len(order):
                return None
            term = order[n]
            found = postings.get(term, {})
            reading["postings"] += len(found)
            if READ_SHARE * reading["postings"] > total:
                return None
            _score_new(inputs, terms, share, tables, found, term, seen)
            reading["next"] = n + 1

    found = head(want)
    if found is None:
        return None
    return _ranked(found, want, head, inputs, full)


def _shares(
    inputs: TopInputs, term: str, share: Callable[[str, int, int], float]
) -> dict[tuple[int, int], float]:
    """`term`'s share of a held document's score, by (frequency, length)."""
    return {key: share(term, *key) for key in inputs.groups.get(term, {})}


def _score_new(
    inputs: TopInputs,
    terms: Sequence[str],
    share: Callable[[str, int, int], float],
    tables: Mapping[str, Mapping[tuple[int, int], float]],
    found: Mapping[str, int],
    term: str,
    seen: dict[int, float],
) -> None:
    """Score, in full, the subset's documents having `term` not scored yet."""
    first, position, bags, lengths = inputs.first, inputs.position, inputs.bags, inputs.lengths
    since = inputs.since
    for doc_id in found:
        place = position[doc_id]
        if since <= place < first and place not in seen:
            bag, size = bags[doc_id], lengths[doc_id]
            score = 0.0  # `document_score`, its shares read from the tables
            for t in terms:
                frequency = bag.get(t)
                if frequency:
                    score = score + tables[t][frequency, size]
            seen[place] = score
    for n, bag in inputs.extra.items():
        if term in bag and first + n not in seen:
            seen[first + n] = document_score(terms, share, bag, inputs.extra_lengths[n])


def _ranked(
    found: tuple[float, dict[int, float]],
    want: int,
    head: Callable[[int], tuple[float, dict[int, float]] | None],
    inputs: TopInputs,
    full: Callable[[], dict[Any, float]],
) -> Iterator[tuple[int, float]]:
    """The heads for `want`, then four times as many, and so on, each below the last, best
    first then by place; once a head would read too many postings, the rest from every
    posting (`full`), as `ScoredPlaces.best` reads past its head."""
    bar = math.inf
    while True:
        theta, seen = found
        chunk = sorted((-v, place) for place, v in seen.items() if theta <= v < bar)
        for negative, place in chunk:
            yield place, -negative
        bar, want = theta, 4 * want
        next_head = head(want)
        if next_head is None:
            break
        found = next_head
    # Seldom: recall reads past the best few. The rest from every posting, as before.
    first, position = inputs.first, inputs.position
    rest = []
    for key, v in full().items():
        if 0.0 < v < bar:
            rest.append((-v, first + key if isinstance(key, int) else position[key]))
    rest.sort()
    for negative, place in rest:
        yield place, -negative
