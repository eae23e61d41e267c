"""Scoring earlier messages against the new one, for recall (seed 004). Pure.

Two retrievers behind one shape, `scores(query, candidates) -> (name, {id: score})`:

- `LexicalRetriever`: BM25 over the candidates' words. No network, no model, no
  dependency, deterministic; good at the exact words finance facts are stated in
  ("salary", "FD", "matures"), blind to paraphrase.
- `VectorRetriever`: cosine similarity of provider embeddings, stored with the session
  (one vector per message, embedded once). When a vector is missing (the embeddings call
  failed, or the message arrived while another strategy ran) it falls back to BM25 for
  that request rather than silently ignoring the messages it cannot score.
"""

from __future__ import annotations

import base64
import math
import re
import struct
from collections import Counter
from collections.abc import Mapping, Sequence
from typing import Any, Protocol

from fincoach_tui.domain.conversation import Message

BM25 = "bm25"
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
    bags = {doc_id: Counter(words(text)) for doc_id, text in documents.items()}
    if not bags:
        return {}
    lengths = {doc_id: sum(bag.values()) for doc_id, bag in bags.items()}
    average = (sum(lengths.values()) / len(bags)) or 1.0
    terms = set(words(query))
    having = {t: sum(1 for bag in bags.values() if t in bag) for t in terms}
    scores = {}
    for doc_id, bag in bags.items():
        score = 0.0
        for term in terms:
            frequency = bag.get(term, 0)
            if not frequency:
                continue
            idf = math.log(1 + (len(bags) - having[term] + 0.5) / (having[term] + 0.5))
            norm = frequency + _K1 * (1 - _B + _B * lengths[doc_id] / average)
            score += idf * frequency * (_K1 + 1) / norm
        scores[doc_id] = score
    return scores


def cosine(a: Sequence[float], b: Sequence[float]) -> float:
    dot = sum(x * y for x, y in zip(a, b))
    norm = math.sqrt(sum(x * x for x in a)) * math.sqrt(sum(y * y for y in b))
    return dot / norm if norm else 0.0


class Retriever(Protocol):
    def scores(self, query: Message, candidates: Sequence[Message]) -> tuple[str, dict[str, float]]: ...


class LexicalRetriever:
    name = BM25

    def scores(self, query: Message, candidates: Sequence[Message]) -> tuple[str, dict[str, float]]:
        return BM25, bm25(query.content, {m.id: m.content for m in candidates})


class VectorRetriever:
    def __init__(self, model: str, vectors: Mapping[str, Sequence[float]]) -> None:
        self.name = model
        self._vectors = vectors

    def scores(self, query: Message, candidates: Sequence[Message]) -> tuple[str, dict[str, float]]:
        needed = [query.id, *(m.id for m in candidates)]
        if any(i not in self._vectors for i in needed):
            return LexicalRetriever().scores(query, candidates)
        target = self._vectors[query.id]
        return self.name, {m.id: cosine(target, self._vectors[m.id]) for m in candidates}


# ---- vectors in the session file: packed float32, base64 (a sixth of the JSON size) ----
def pack_vector(vector: Sequence[float]) -> str:
    return base64.b64encode(struct.pack(f"<{len(vector)}f", *vector)).decode("ascii")


def unpack_vector(text: str) -> tuple[float, ...]:
    raw = base64.b64decode(text.encode("ascii"), validate=True)
    if len(raw) % 4:
        raise ValueError("a packed vector must be a whole number of float32 values")
    return struct.unpack(f"<{len(raw) // 4}f", raw)


def embeddings_event(model: str, vectors: Mapping[str, Sequence[float]]) -> dict[str, Any]:
    """{"type": "embeddings", "model", "vectors": {message id: packed}}: each message once."""
    return {"type": "embeddings", "model": model,
            "vectors": {i: pack_vector(v) for i, v in vectors.items()}}


def read_embeddings_event(event: Mapping[str, Any]) -> tuple[str, dict[str, tuple[float, ...]]]:
    vectors = event["vectors"]
    if not isinstance(vectors, Mapping):
        raise ValueError("embeddings.vectors must be an object")
    return str(event["model"]), {str(i): unpack_vector(str(v)) for i, v in vectors.items()}
