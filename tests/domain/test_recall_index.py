"""Recall read from the index's postings scores and ranks exactly as BM25 computed document
by document over the candidates: the same floats, the same order (ties to the older turn),
the same recalled passages, whatever the subset, the documents the index never held and the
documents it holds beyond the subset."""

from __future__ import annotations

from dataclasses import replace

from hypothesis import given, settings
from hypothesis import strategies as st

from fincoach_tui.domain.conversation import Message, Transcript
from fincoach_tui.domain.memory import MemoryView, Summary
from fincoach_tui.domain.memory.hybrid import HybridStrategy, RecallCandidates, ranked
from fincoach_tui.domain.recall import LexicalRetriever, words
from tests.bm25_reference import numbered_index, per_document_bm25, questions_index

# Few words, often repeated: many documents share terms, lengths and so scores (ties).
VOCAB = ["salary", "rent", "FD", "matures", "gold", "tax", "the", "my", "25k", "salaries"]
TEXT = st.lists(st.sampled_from(VOCAB), max_size=6).map(" ".join)


def brute_force(query: str, documents: dict) -> dict:
    """Okapi BM25 document by document, the terms in the order the query's set of words
    iterates; only scores above 0."""
    if not documents:
        return {}
    return per_document_bm25(query, documents, set(words(query)))


def subset_of(texts: list[str], data: st.DataObject) -> tuple[int, set[str], list[str]]:
    """A subset as recall asks for one: the first `first` documents but those `left_out`,
    and `more` texts the index never held."""
    first = data.draw(st.integers(0, len(texts)))
    left_out = data.draw(st.sets(st.sampled_from([f"d{n}" for n in range(first)] or ["d0"])))
    left_out = {i for i in left_out if int(i[1:]) < first}
    return first, left_out, data.draw(st.lists(TEXT, max_size=4))


@settings(max_examples=300, deadline=None)
@given(
    st.lists(TEXT, min_size=0, max_size=30),
    TEXT,
    st.data(),
)
def test_prefix_scores_equal_bm25_document_by_document(texts, query, data):
    index = numbered_index(texts)
    first, left_out, more = subset_of(texts, data)
    got = index.prefix_scores(query, first, left_out, more)
    among: dict = {f"d{n}": texts[n] for n in range(first) if f"d{n}" not in left_out}
    among.update(enumerate(more))
    assert got == brute_force(query, among)
    # The same subset through `scores` (ids and texts): the same floats.
    named = {(f"x{k}" if isinstance(k, int) else k): t for k, t in among.items()}
    if named:
        expected = {(f"x{k}" if isinstance(k, int) else k): v for k, v in got.items()}
        assert index.scores(query, named) == expected


# Words some documents only have (numbers, as a turn's), to be read alone or to join a class
# when a later document has them too.
NUMBERED = st.tuples(TEXT, st.integers(0, 40)).map(lambda tn: f"{tn[0]} {tn[1]}")


@settings(max_examples=400, deadline=None)
@given(
    st.lists(st.one_of(TEXT, NUMBERED), min_size=0, max_size=30),
    st.one_of(TEXT, NUMBERED),
    st.data(),
)
def test_the_ranking_by_class_equals_bm25_document_by_document(texts, query, data):
    """Every document scoring above 0, best first, then by place: the same floats, the same
    order (ties to the earlier place) as BM25 computed for each document, with documents
    repeated (one class), words one document has (scored alone, or moved into a class when
    another document has them too), held beyond the subset and never held."""
    index = numbered_index(texts)
    first = data.draw(st.integers(0, len(texts)))
    more = data.draw(st.lists(st.one_of(TEXT, NUMBERED), max_size=4))
    among: dict = {f"d{n}": texts[n] for n in range(first)}
    among.update({f"x{n}": text for n, text in enumerate(more)})
    expected = brute_force(query, among)
    place = {f"d{n}": n for n in range(first)} | {f"x{n}": first + n for n in range(len(more))}
    ranking = index.prefix_ranking(query, first, more, by_class=True)
    assert ranking is not None
    assert list(ranking) == sorted(
        ((place[i], v) for i, v in expected.items()), key=lambda pv: (-pv[1], pv[0])
    )


def test_a_question_asked_a_thousand_times_is_one_class():
    """A long session asks the same few things again and again, each with its own number: the
    ranking reads each distinct question once, whatever the number of times it was asked,
    and is the one chosen; a session whose every question differs is scored by postings."""
    asked = ["what is my salary", "rent went up to 30k", "my salary is 90k now", "gold tax"]
    index = numbered_index(f"{asked[n % 4]} (turn {n})" for n in range(4000))
    query = "my salary now? (turn 4000)"
    # "salary" and "now" in the questions that have them, "turn" in all four
    assert index.classes_read(query) == 7
    ranking = index.prefix_ranking(query, 3990, ["salary"])
    assert ranking is not None
    top = [next(ranking) for _ in range(4)]
    # The one with both words, the older first; the shorter ones with one word come after.
    assert [p for p, _ in top] == [2, 6, 10, 14]
    assert len({s for _, s in top}) == 1
    # each question shares a word with the one before and after: a class each
    distinct = numbered_index(f"salary word{n} word{n + 1}" for n in range(400))
    assert distinct.prefix_ranking("my salary now?", 390) is None


def test_prefix_scores_refuse_a_shape_they_cannot_read():
    index = numbered_index(["my salary", "rent 25k", "gold"])
    assert index.prefix_scores("salary", 4) is None  # more than it holds
    assert index.prefix_scores("salary", 2, {"d2"}) is None  # left out but not in the prefix
    index.add("d0", "my FD matures")  # a replaced text: positions no longer hold
    assert index.prefix_scores("salary", 3) is None


def turns_from(texts: list[str]) -> tuple[tuple[Message, ...], Message]:
    transcript = Transcript()
    for n, text in enumerate(texts):
        transcript.add("user", text, ts=1_767_604_800.0 + 120 * n)
        transcript.add("assistant", f"noted {n}", ts=1_767_604_860.0 + 120 * n)
    *history, new = transcript.messages[:-1]
    return tuple(history), new


@settings(max_examples=300, deadline=None)
@given(st.lists(st.one_of(TEXT, NUMBERED), min_size=2, max_size=30), st.data())
def test_scores_and_ranking_by_place_equal_the_full_list(texts, data):
    history, new = turns_from(texts)
    turns = len(history) // 2
    held = data.draw(st.integers(0, turns))  # the index may hold fewer than the history
    index = questions_index(history, range(held))
    split = data.draw(st.integers(0, turns))
    later = list(zip(history[2 * split :: 2], history[2 * split + 1 :: 2]))
    newer = [t for t in later if data.draw(st.booleans())]
    others = RecallCandidates(history, split, newer)
    candidates = others.turns()
    assert candidates == list(zip(history[::2], history[1::2]))[:split] + newer
    retriever = LexicalRetriever(index, in_turn_order=True)
    by_class = data.draw(st.sampled_from([True, False, None]))
    questions = others.newer_questions
    scored = retriever.turn_scores(new, history, split, questions, by_class=by_class)
    assert scored is not None
    expected = brute_force(new.content, {q.id: q.content for q, _ in candidates})
    assert {candidates[p][0].id: v for p, v in scored.by_place().items()} == expected
    scored = retriever.turn_scores(new, history, split, questions, by_class=by_class)
    assert scored is not None
    first = data.draw(st.integers(1, 12))
    best = list(scored.best(first))
    assert [others.turn(p) for p, _ in best] == list(ranked(candidates, expected, first))
    assert [v for _, v in best] == [expected[others.turn(p)[0].id] for p, _ in best]


def test_an_index_not_known_to_follow_the_turns_is_not_read_by_place():
    history, new = turns_from(["my salary", "rent 25k", "gold", "salary again"])
    # the order candidates were first scored in, not the turns'
    index = questions_index(history, (0, 2, 1))
    assert LexicalRetriever(index).turn_scores(new, history, 3, []) is None
    other, _ = turns_from(["a different session", "rent", "gold", "x"])
    ordered = LexicalRetriever(index, in_turn_order=True)
    assert ordered.turn_scores(new, other, 3, []) is None  # not this history's questions


class Listed:
    """BM25 over the listed candidates, every one scored: not read from any index."""

    name = "bm25"

    def scores(self, query, candidates):
        return LexicalRetriever().scores(query, candidates)


@settings(max_examples=120, deadline=None)
@given(
    st.lists(
        st.sampled_from(["my salary 25k", "rent 25k", "gold tax", "FD matures", "my"]),
        min_size=4,
        max_size=24,
    ),  # fmt: skip
    st.integers(1, 3),
    st.integers(1, 4),
    st.integers(0, 3),
)
def test_hybrid_recalls_the_same_passages_from_the_index(texts, tail, k, folded_back):
    """The whole request, recall by postings against recall over the listed candidates."""
    texts = [f"{t} (turn {n})" if n % 3 else t for n, t in enumerate(texts)]
    history, new = turns_from(texts)
    turns = len(history) // 2
    last = max(turns - tail - folded_back, 0)
    summary = (
        Summary("earlier", last, tuple(m.id for m in history[: 2 * last]), 1) if last else None
    )
    strategy = HybridStrategy(tail_turns=tail, recall_k=k, recall_tokens=400, tail_tokens=40)
    index = questions_index(history, range(turns))
    view = MemoryView("sys", history, new, lambda m: len(m.content.split()), summary=summary)
    listed = strategy.build(replace(view, retriever=Listed()))
    assert strategy.build(view) == listed  # the session's own index, kept in its memo
    by_place = strategy.build(replace(view, retriever=LexicalRetriever(index, in_turn_order=True)))
    assert by_place == listed
