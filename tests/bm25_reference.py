"""BM25 computed the slow, obvious way, document by document: the reference the kept
recall index is tested against."""

from __future__ import annotations

import math
from collections import Counter

from fincoach_tui.domain.recall import words


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
