"""BM25 computed the slow, obvious way, document by document: the reference the kept
recall index is tested against."""

from __future__ import annotations

import math
from collections import Counter
from collections.abc import Iterable, Sequence

from fincoach_tui.domain.conversation import Message
from fincoach_tui.domain.recall import BM25Index, words


def per_document_bm25(query: str, documents: dict[str, str], terms: set[str]) -> dict[str, float]:
    """The formula document by document, as recall first computed it (the terms in the
    order `terms` iterates, which is the index's own)."""
    bags = {doc_id: Counter(words(text)) for doc_id, text in documents.items()}
    lengths = {doc_id: sum(bag.values()) for doc_id, bag in bags.items()}
    average = (sum(lengths.values()) / len(bags)) or 1.0
    having = {t: sum(1 for bag in bags.values() if t in bag) for t in terms}
    scores = {}
    for doc_id, bag in bags.items():
        score = 0.0
        for term in terms:
            frequency = bag.get(term, 0)
            if not frequency:
                continue
            idf = math.log(1 + (len(bags) - having[term] + 0.5) / (having[term] + 0.5))
            score += (
                idf
                * frequency
                * 2.2
                / (frequency + 1.2 * (1 - 0.75 + 0.75 * lengths[doc_id] / average))
            )
        if score > 0:
            scores[doc_id] = score
    return scores


def numbered_index(texts: Iterable[str]) -> BM25Index:
    """An index of `texts` in order, as documents d0, d1, ..."""
    index = BM25Index()
    for n, text in enumerate(texts):
        index.add(f"d{n}", text)
    return index


def questions_index(history: Sequence[Message], turns: Iterable[int]) -> BM25Index:
    """An index of the questions of `turns` (0-based, in that order) of a history that
    alternates question and reply, by the questions' ids: as the session's own holds them."""
    index = BM25Index()
    for n in turns:
        index.add(history[2 * n].id, history[2 * n].content)
    return index
