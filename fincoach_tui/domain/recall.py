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
import struct
from collections.abc import Callable, Iterator, Mapping, Sequence
from itertools import compress
from typing import Any, Protocol

from fincoach_tui.domain.bm25 import (  # noqa: F401 - BM25's names, read from here too
    BM25,
    BM25Index,
    words,
)
from fincoach_tui.domain.conversation import Message

_ID, _CONTENT = operator.attrgetter("id"), operator.attrgetter("content")


def bm25(query: str, documents: Mapping[str, str]) -> dict[str, float]:
    """Okapi BM25 of `query` against each document (idf over these documents only)."""
    index = BM25Index()
    for doc_id, text in documents.items():
        index.add(doc_id, text)
    scores = dict.fromkeys(documents, 0.0)
    scores.update(index.scores(query, documents))
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
        self,
        query: Message,
        history: Sequence[Message],
        first: int,
        more: Sequence[Message],
        *,
        since: int = 0,
        by_class: bool | None = None,
        best: int | None = None,
    ) -> ScoredPlaces | RankedPlaces | None:
        """`scores` over the questions of `history`'s turns `since` to `first` (0-based, the
        last one not included) and then `more`, named by their place (a turn's place in
        `history`, `first` + n for `more`'s n-th); only those sharing a word with the query
        (the rest score 0). Read from the index when it holds those of the history's
        questions in order (the cost comparison's: the conversation's questions, a turn at
        a time), in time that follows the query's postings, or the classes of questions that
        score alike when those are far fewer (a session asking the same things again;
        `by_class` True or False forces the one or the other), not the session's length;
        else None, and the caller scores the list. `best`: how many the caller is likely to
        read, so that the postings of the query's common words need not all be read
        (bm25_topk.py); what is read, in what order, is the same."""
        subset = self._subset(history, since, first, more)
        if subset is None:
            return None
        index, held, texts = subset
        found = index.prefix_best(
            query.content, held, texts, since=since, by_class=by_class, want=best
        )
        if found is None:
            return None
        if isinstance(found, dict):
            return ScoredPlaces(found, held, index.position, mixed=any(texts))
        return RankedPlaces(found)

    def _subset(
        self, history: Sequence[Message], since: int, first: int, more: Sequence[Message]
    ) -> tuple[BM25Index, int, list[str]] | None:
        """Up to which of the questions `since` to `first` the index holds (in this
        history's order) and the texts of the rest and of `more`; None if it is not this
        history's, or does not hold them from `since` on (it forgot them, or holds none)."""
        index = self.index
        if index is None or not self.in_turn_order or not 0 <= 2 * first <= len(history):
            return None
        held = min(first, index.end)
        if not index.start <= since <= held:
            return None  # forgotten, or not held yet: the caller scores the list
        if held > since and (
            index.id_at(since) != history[2 * since].id
            or index.id_at(held - 1) != history[2 * held - 2].id
        ):
            return None  # not this history's questions, in its order
        texts = [history[2 * i].content for i in range(held, first)]
        texts += [m.content for m in more]
        return index, held, texts


def held_questions(
    index: BM25Index, history: Sequence[Message], since: int, upto: int
) -> BM25Index:
    """`index`, or a new one when it cannot serve, holding the questions of `history`'s turns
    `since` to `upto` (0-based, the last not included) at least, in their order: those
    before `since` forgotten, those not held yet added (recall's window moving on, a turn at
    a time). A new one when `index` holds another history's questions (another branch of
    the session) or forgot some of these."""
    start = index.start
    held = min(index.end, len(history) // 2)
    if since < start or (
        held > start
        and (
            index.id_at(start) != history[2 * start].id
            or index.id_at(held - 1) != history[2 * held - 2].id
        )
    ):
        index = BM25Index()
    index.forget_before(since)  # (from an empty index: the next one added is the `since`-th)
    for n in range(index.end, upto):
        index.add(history[2 * n].id, history[2 * n].content)
    return index


class RankedPlaces:
    """Places and their scores above 0, best first, then by place, as a ranking gives them
    (lazily): `ScoredPlaces`' reading, read once (by `best` or `by_place`)."""

    def __init__(self, ranking: Iterator[tuple[int, float]]) -> None:
        self._ranking = ranking

    def best(self, first: int) -> Iterator[tuple[int, float]]:  # (the ranking is lazy)
        return self._ranking

    def by_place(self) -> dict[int, float]:
        return dict(self._ranking)


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
