"""What recall scores earlier questions with while a session is open: a BM25 index of the
questions it is asked about, as far back as the oldest of them, or the session's vectors
when it has them."""

from __future__ import annotations

from collections.abc import Sequence
from operator import attrgetter

from fincoach_tui.domain.conversation import Message
from fincoach_tui.domain.recall import (
    BM25Index,
    LexicalRetriever,
    Retriever,
    VectorRetriever,
)
from fincoach_tui.domain.session_state import SessionState
from fincoach_tui.llm.embeddings import Embedder


class RecallSource:
    """What recall scores earlier questions with, kept as long as the session is open.

    A BM25 index that takes in each candidate question the first time one is scored
    (without it the strategy would tokenize every earlier question, every request; only
    strategies that recall pay for it) and forgets those older than a request's oldest
    candidate (recall reads a window of the newest turns, `recall_window`: the index holds
    that window, not every question of a long session), and, once the session has vectors
    for the provider's embeddings model, one VectorRetriever over them: it keeps each vector's
    norm, and stored vectors never change. The scores are the same as BM25 or cosine
    computed afresh."""

    def __init__(self) -> None:
        self._lexical = _WindowLexical(BM25Index())
        self._vector: VectorRetriever | None = None
        self._vectors: object = None  # the session's vectors it was made over

    @property
    def index(self) -> BM25Index:
        return self._lexical.index

    def retriever(self, state: SessionState, embedder: Embedder | None) -> Retriever:
        vectors = state.embeddings.get(embedder.model) if embedder is not None else None
        if embedder is None or not vectors:
            return self._lexical
        if self._vector is None or self._vectors is not vectors:  # another model's, or anew
            self._vector = VectorRetriever(embedder.model, vectors, fallback=self._lexical)
            self._vectors = vectors
        return self._vector


class _WindowLexical(LexicalRetriever):
    """BM25 from an index that takes in the candidates it does not hold yet and forgets
    the questions added before the oldest candidate (`BM25Index.forget_before`, as the
    session memo's index forgets those that left the recall window: `held_questions`).
    Candidates are questions of completed turns, whose ids stand for one text for good;
    one forgotten and asked about again is added again, and the scores are BM25's over
    the candidates whatever the index holds."""

    index: BM25Index  # always an index: it is what moves with the window

    def __init__(self, index: BM25Index) -> None:
        super().__init__(index)

    def scores(self, query: Message, candidates: Sequence[Message]) -> tuple[str, dict[str, float]]:
        index = self.index
        for message in candidates:
            if message.id not in index:
                index.add(message.id, message.content)
        if candidates:
            index.forget_before(min(map(index.position, map(_ID, candidates))))
        return super().scores(query, candidates)


_ID = attrgetter("id")
