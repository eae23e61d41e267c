"""Scoring earlier messages against the new one, for recall (seed 004). Pure.

Two retrievers behind one shape, `scores(query, candidates) -> (name, {id: score})`:

- `LexicalRetriever`: BM25 over the candidates' words. No network, no model, no
  dependency, deterministic; good at the exact words finance facts are stated in
  ("salary", "FD", "matures"), blind to paraphrase. Given a `BM25Index` of the
  conversation (the cost comparison keeps one, a question added per turn), a request
  reads its own terms' postings instead of tokenizing every earlier message again.
- `VectorRetriever`: cosine similarity of provider embeddings, stored with the session
  (one vector per message, embedded once). When a vector is missing (the embeddings call
  failed, or the message arrived while another strategy ran) it falls back to BM25 for
  that request rather than silently ignoring the messages it cannot score.
"""

from __future__ import annotations

import base64
import math
import operator
import re
import struct
from bisect import bisect_left
from collections import Counter
from collections.abc import Callable, Collection, Iterator, Mapping, Sequence
from itertools import compress, repeat
from typing import Any, Protocol

from fincoach_tui.domain.conversation import Message

BM25 = "bm25"
_ID, _CONTENT = operator.attrgetter("id"), operator.attrgetter("content")
_K1, _B = 1.2, 0.75
_STOPWORDS = frozenset(
    "a an the and or but if of to in on at by for with from as is are was were be been am i "
    "me my mine we our you your it its this that these those what which who whom how when "
    "where why do does did have has had can could should would will shall may might must "
    "so than then there here about into over under again any some no not just very also "
    "please tell let know much many more most give get got like want need im ive".split()
)
_SUFFIXES = ("ities", "ity", "ing", "ies", "es", "ed", "ly", "s", "e")


def words(text: str) -> list[str]:
    """Lower-cased, light-stemmed content words: "maturing"/"maturity" -> "matur".

    Digit groups are joined first ("1,20,000" -> "120000") so an amount is one word.
    """
    text = re.sub(r"(?<=\d),(?=\d)", "", text.lower().replace("'", ""))
    return [_stem(w) for w in re.findall(r"[a-z0-9]+", text) if w not in _STOPWORDS]


def _stem(word: str) -> str:
    if word.isdigit():
        return word
    for suffix in _SUFFIXES:
        if word.endswith(suffix) and len(word) - len(suffix) >= 3:
            return word[: -len(suffix)] + ("y" if suffix == "ies" else "")
    return word


def bm25(query: str, documents: Mapping[str, str]) -> dict[str, float]:
    """Okapi BM25 of `query` against each document (idf over these documents only)."""
    index = BM25Index()
    for doc_id, text in documents.items():
        index.add(doc_id, text)
    scores = dict.fromkeys(documents, 0.0)
    scores.update(index.scores(query, documents))
    return scores


class BM25Index:
    """BM25 kept up to date one document at a time, for recall over a growing conversation.

    Each document is tokenized once, when added; a query reads only its own terms' postings.
    Scoring is over a subset of the documents (`among`): idf, document count and average
    length are the subset's, so the scores are exactly `bm25` over those documents alone.
    A document of the subset the index does not hold is scored from its text, not kept.

    Documents are also kept in the order they were added, with running sums of their
    lengths and each term's postings by position, so a subset that is the first documents
    added but a few (`prefix_scores`: an earlier conversation's questions, as recall reads
    them) gets its statistics without a pass over its documents.
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
        # In the order added: the ids, the words of the first n documents (n + 1 entries), and
        # each term's documents by position. Valid while no document was replaced.
        self._order: list[str] = []
        self._position: dict[str, int] = {}
        self._running: list[int] = [0]
        self._places: dict[str, list[int]] = {}
        self._in_order = True

    def __len__(self) -> int:
        return len(self._bags)

    def __contains__(self, doc_id: object) -> bool:
        return doc_id in self._bags

    def id_at(self, position: int) -> str | None:
        """The id of the `position`-th document added (None when documents were replaced,
        so positions no longer hold)."""
        return self._order[position] if self._in_order else None

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
        position = self._position[doc_id] = len(self._order)
        self._order.append(doc_id)
        self._running.append(self._running[-1] + size)
        for term, frequency in bag.items():
            self._postings.setdefault(term, {})[doc_id] = frequency
            self._groups.setdefault(term, {}).setdefault((frequency, size), {})[doc_id] = None
            self._places.setdefault(term, []).append(position)

    def _drop(self, doc_id: str) -> None:
        bag = self._bags.pop(doc_id)
        del self._texts[doc_id]
        size = self._lengths.pop(doc_id)
        self._total -= size
        for term, frequency in bag.items():
            del self._postings[term][doc_id]
            groups = self._groups[term]
            del groups[frequency, size][doc_id]
            if not groups[frequency, size]:
                del groups[frequency, size]

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
        self, query: str, first: int, left_out: Collection[str] = (), more: Sequence[str] = ()
    ) -> dict[str | int, float] | None:
        """`scores` over the first `first` documents added but those in `left_out` (ids of
        a few of them), and documents `more` never added (their texts; scored under their
        place in `more`, an int): exactly the same floats, in time that follows the query terms' postings
        and the few left out, not the number of documents. None when a document was
        replaced (positions no longer hold) or `first` is more than the index holds."""
        if not self._in_order or not 0 <= first <= len(self._order):
            return None
        order = self._order
        out = set(left_out)
        if any(self._position.get(i, first) >= first for i in out):
            return None  # not one of the first documents: not this subset's shape
        count = first - len(out) + len(more)
        if count <= 0:
            return {}
        terms = set(words(query))  # the same set, built the same way: the same order
        extra: dict[str | int, Counter[str]] = {
            n: Counter(words(text)) for n, text in enumerate(more) if text
        }
        length = self._running[first] - sum(self._lengths[i] for i in out)
        bags = self._bags
        having = {
            t: bisect_left(self._places.get(t, ()), first) - sum(t in bags[i] for i in out)
            for t in terms
        }
        outside = out.union(order[first:])  # held, outside the subset: taken out at the end
        return self._scored(terms, count, length, having, extra, outside, None)

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


def cosine(a: Sequence[float], b: Sequence[float]) -> float:
    return _cosine(a, b, _norm(a), _norm(b))


def _norm(vector: Sequence[float]) -> float:
    return math.sqrt(sum(map(operator.mul, vector, vector)))


def _cosine(a: Sequence[float], b: Sequence[float], norm_a: float, norm_b: float) -> float:
    norm = norm_a * norm_b
    return sum(map(operator.mul, a, b)) / norm if norm else 0.0


class Retriever(Protocol):
    def scores(
        self, query: Message, candidates: Sequence[Message]
    ) -> tuple[str, dict[str, float]]: ...


class LexicalRetriever:
    """BM25 over the candidates. With an `index` holding most of them (the conversation so
    far), a request reads the query's postings instead of tokenizing every candidate."""

    name = BM25

    def __init__(self, index: BM25Index | None = None, *, in_turn_order: bool = False) -> None:
        self.index = index
        # The index holds the conversation's questions, each added once, in the order of
        # its turns (and nothing else): a document's place there is its turn's.
        self.in_turn_order = in_turn_order

    def scores(self, query: Message, candidates: Sequence[Message]) -> tuple[str, dict[str, float]]:
        # {m.id: m.content for m in candidates} at C speed: thousands of them every turn
        among = dict(zip(map(_ID, candidates), map(_CONTENT, candidates)))
        if self.index is None:
            return BM25, bm25(query.content, among)
        return BM25, self.index.scores(query.content, among)

    def turn_scores(
        self, query: Message, history: Sequence[Message], first: int, more: Sequence[Message]
    ) -> ScoredPlaces | None:
        """`scores` over the questions of the first `first` turns of `history` and then
        `more`, named by their place in that list; only those sharing a word with the query
        (the rest score 0). Read from the index when it holds the history's questions in
        order (the cost comparison's: the conversation's questions, a turn at a time), in
        time that follows the query's postings, not the session's length; else None, and
        the caller scores the list."""
        index = self.index
        if index is None or not self.in_turn_order or not 0 <= 2 * first <= len(history):
            return None
        held = min(first, len(index))
        if held and (
            index.id_at(0) != history[0].id or index.id_at(held - 1) != history[2 * held - 2].id
        ):
            return None  # not this history's questions, in its order
        texts = [history[2 * i].content for i in range(held, first)]
        texts += [m.content for m in more]
        found = index.prefix_scores(query.content, held, (), texts)
        if found is None:
            return None
        return ScoredPlaces(found, held, index.position, mixed=any(texts))


class ScoredPlaces:
    """Scores of a list's items that share a word with the query, by id for those the
    index holds (the list's first `held`, in the index's order) and by place among the
    rest (an int) for the others; `best` ranks them without a pass in Python per item."""

    def __init__(
        self,
        scores: dict[Any, float],
        held: int,
        position: Callable[[str], int],
        *,
        mixed: bool = True,
    ) -> None:
        self._scores, self._held, self._position = scores, held, position
        self._mixed = mixed  # some of the rest may be scored (else: only held ones)

    def __len__(self) -> int:
        return len(self._scores)

    def place(self, key: Any) -> int:
        return self._held + key if isinstance(key, int) else self._position(key)

    def by_place(self) -> dict[int, float]:
        return {self.place(key): score for key, score in self._scores.items()}

    def best(self, first: int) -> Iterator[tuple[int, float]]:
        """(place, score) of those scoring above 0, best first, then by place; the `first`
        best picked out, the rest sorted only if the caller reads past them."""
        scores = self._scores
        values = sorted(filter((0.0).__lt__, scores.values()), reverse=True)
        if not values:
            return
        bar = values[min(first, len(values)) - 1]
        head = list(compress(scores, map(bar.__le__, scores.values())))
        yield from self._ranked(head)
        if len(head) < len(values):  # seldom: recall reads past the best few
            yield from self._ranked([k for k, v in scores.items() if 0.0 < v < bar])

    def _ranked(self, keys: list[Any]) -> Iterator[tuple[int, float]]:
        """`keys` by score, best first, then by place: sorted by place, then (stable) by
        score, each with a key the dict gives at C speed."""
        if self._mixed:
            held = [k for k in keys if not isinstance(k, int)]
            held.sort(key=self._position)
            held += sorted(k for k in keys if isinstance(k, int))  # after the held ones
        else:
            held = sorted(keys, key=self._position)
        held.sort(key=self._scores.__getitem__, reverse=True)
        place, scores = self.place, self._scores
        for key in held:
            yield place(key), scores[key]


class VectorRetriever:
    def __init__(
        self, model: str, vectors: Mapping[str, Sequence[float]], fallback: Retriever | None = None
    ) -> None:
        self.name = model
        self._vectors = vectors
        self._fallback = fallback or LexicalRetriever()
        self._norms: dict[str, float] = {}  # a vector never changes once stored

    def with_fallback(self, fallback: Retriever) -> VectorRetriever:
        """The same vectors (and the norms worked out from them) over another fallback."""
        other = VectorRetriever(self.name, self._vectors, fallback)
        other._norms = self._norms  # a stored vector never changes: its norm holds for both
        return other

    @property
    def norms(self) -> Mapping[str, float]:
        """The vector norms worked out so far (shared with a copy over another fallback)."""
        return self._norms

    def scores(self, query: Message, candidates: Sequence[Message]) -> tuple[str, dict[str, float]]:
        needed = [query.id, *(m.id for m in candidates)]
        if any(i not in self._vectors for i in needed):
            return self._fallback.scores(query, candidates)
        target = self._vectors[query.id]
        norm = self._norm(query.id)
        return self.name, {
            m.id: _cosine(target, self._vectors[m.id], norm, self._norm(m.id)) for m in candidates
        }

    def _norm(self, message_id: str) -> float:
        norm = self._norms.get(message_id)
        if norm is None:
            norm = self._norms[message_id] = _norm(self._vectors[message_id])
        return norm


# ---- vectors in the session file: packed float32, base64 (a sixth of the JSON size) ----
def pack_vector(vector: Sequence[float]) -> str:
    return base64.b64encode(struct.pack(f"<{len(vector)}f", *vector)).decode("ascii")


def unpack_vector(text: str) -> tuple[float, ...]:
    raw = base64.b64decode(text.encode("ascii"), validate=True)
    if len(raw) % 4:
        raise ValueError("a packed vector must be a whole number of float32 values")
    return struct.unpack(f"<{len(raw) // 4}f", raw)
