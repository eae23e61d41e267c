"""The BM25 index recall falls back on while a session is open (service/recall_source.py,
when the session has no vectors, or not for every candidate) holds the questions of the
window recall reads, not every question of a long session: it forgets those older than a
request's oldest candidate, and its scores are BM25's over the candidates all the same."""

from __future__ import annotations

from fincoach_tui.domain.conversation import Message
from fincoach_tui.domain.recall import VectorRetriever, bm25
from fincoach_tui.domain.session_state import SessionState
from fincoach_tui.service.recall_source import RecallSource

WINDOW = 5  # the newest questions recall reads (a hybrid's `recall_window`)
TOPICS = ("my salary is 90k", "rent and the emergency fund", "an SIP for my daughter")
QUERY = Message("probe", "user", "How much of my salary goes on rent?", 0.0, 99)


def question(turn: int) -> Message:
    topic = TOPICS[turn % len(TOPICS)]
    return Message(f"m{2 * turn - 1}", "user", f"{topic} (turn {turn})", float(turn), turn)


def as_bm25(candidates: list[Message]) -> dict[str, float]:
    """BM25 over the candidates alone, from an index of them and nothing else."""
    scores = bm25(QUERY.content, {m.id: m.content for m in candidates})
    return {i: score for i, score in scores.items() if score}


class Embedder:
    model = "embedder"


def test_the_fallback_index_holds_the_window_recall_reads_and_scores_as_bm25() -> None:
    source = RecallSource()
    retriever = source.retriever(SessionState(), None)
    asked = [question(turn) for turn in range(1, 31)]
    for n in range(1, len(asked) + 1):  # a turn at a time, the window moving on
        window = asked[max(0, n - WINDOW) : n]
        assert retriever.scores(QUERY, window) == ("bm25", as_bm25(window))
        index = source.index
        assert (len(index), index.start, index.end) == (len(window), max(0, n - WINDOW), n)
    # Asked about the first questions again (a strategy reading another window): added
    # again after the others, which are forgotten in turn.
    first = asked[:WINDOW]
    assert retriever.scores(QUERY, first) == ("bm25", as_bm25(first))
    assert (len(source.index), source.index.start, source.index.end) == (WINDOW, 30, 35)
    assert [source.index.id_at(p) for p in range(30, 35)] == [m.id for m in first]


def test_with_a_vector_missing_the_fallback_is_the_same_bounded_index() -> None:
    asked = [question(turn) for turn in range(1, 13)]
    state = SessionState()
    vectors = {m.id: (1.0, float(m.turn)) for m in asked if m.turn != 9}  # 9's not embedded
    state.embeddings["embedder"] = {QUERY.id: (1.0, 0.0), **vectors}
    source = RecallSource()
    retriever = source.retriever(state, Embedder())  # type: ignore[arg-type]
    assert isinstance(retriever, VectorRetriever)
    window = asked[-WINDOW:]
    assert retriever.scores(QUERY, window) == ("bm25", as_bm25(window))
    assert (len(source.index), source.index.start, source.index.end) == (WINDOW, 0, WINDOW)
    later = asked[-WINDOW - 2 : -2]  # a window two turns older: its two oldest added at the
    assert retriever.scores(QUERY, later) == ("bm25", as_bm25(later))  # end, none forgotten
    assert (len(source.index), source.index.start, source.index.end) == (WINDOW + 2, 0, 7)
