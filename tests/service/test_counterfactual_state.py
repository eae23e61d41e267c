"""The comparison's memory strategies see each turn's own state: the fact store as it stood
then, recall over the earlier turns only, from an index that grows a question per turn."""

from __future__ import annotations

from dataclasses import dataclass

from hypothesis import given, settings
from hypothesis import strategies as st

from fincoach_tui.domain import bm25 as recall  # where BM25 reads words
from fincoach_tui.domain.memory import make_strategy
from fincoach_tui.domain.recall import BM25Index, bm25
from fincoach_tui.service.cost_comparison import CostComparison
from tests.memory_helpers import PLANTED, MemoryHarness, filler

VOCAB = [
    "salary",
    "₹1,20,000",
    "expenses",
    "₹60,000",
    "FD",
    "matures",
    "maturity",
    "rent",
    "gold",
    "index",
    "fund",
    "tax",
    "PPF",
    "what",
    "my",
    "is",
    "the",
    "budget",
    "save",
]
REMEMBER = "Remember that my daughter's school fees are due next month."


@dataclass(frozen=True)
class Watched:
    """A strategy as it is, plus what each simulated turn gave it and what it sent."""

    inner: object
    seen: dict

    @property
    def name(self):
        return self.inner.name

    def params(self):
        return self.inner.params()

    def fold_plan(self, history, summary, memo=None):
        plan = getattr(self.inner, "fold_plan", None)
        return plan(history, summary, memo) if plan else None

    def build(self, view):
        context = self.inner.build(view)
        facts = {f.key: f.value for f in view.facts.current()} if view.facts else {}
        request = "\n".join(m.content for m in context.messages)
        self.seen[view.new.turn] = (facts, context.messages[0].content, request)
        return context


def snapshot(h: MemoryHarness, strategies):
    return CostComparison(h.coach).snapshot(strategies, context_window=None)


# ---- the fact store, turn by turn ------------------------------------------------------


async def test_a_fact_learned_later_is_not_in_an_earlier_simulated_request(counter):
    h = MemoryHarness(counter, "facts")
    await h.turns([*PLANTED[:2], *filler(2), REMEMBER, *filler(1, 3)])
    seen: dict = {}
    snap = snapshot(h, [Watched(make_strategy("facts"), seen)])
    # Turns 1-2 are extracted before turn 3; "remember" at turn 5, before its own request.
    assert [sorted(seen[t][0]) for t in (1, 2)] == [[], []]
    assert (
        seen[3][0] == seen[4][0] == {"name": "Chiru", "salary": "₹1,20,000", "expenses": "₹60,000"}
    )
    assert "daughter_school_fees" not in seen[3][0] and "school fees" not in seen[3][1]
    assert "daughter_school_fees" in seen[5][0] and "school fees" in seen[5][1]
    assert "daughter_school_fees" in seen[6][0]
    # Every simulated request is the very one sent: the real bills, nothing predicted.
    facts = snap.report.curve("facts")
    assert (facts.predicted, facts.error) == (0, "")
    assert facts.prompt_tokens == tuple(r.usage.prompt_tokens for r in h.state.chat_records)


async def test_an_edit_and_a_deletion_count_from_the_next_turn(counter):
    h = MemoryHarness(counter, "facts")
    await h.turns([*PLANTED, *filler(2)])  # turn 5 sees the facts of turns 1-4
    h.coach.edit_fact(h.state.facts.current_for("salary").id, "₹1,35,000")
    await h.turn("What can I save?")
    h.coach.delete_fact(h.state.facts.current_for("expenses").id)
    await h.turn("And invest?")
    seen: dict = {}
    snap = snapshot(h, [Watched(make_strategy("facts"), seen)])
    assert seen[5][0]["salary"] == "₹1,20,000" and seen[6][0]["salary"] == "₹1,35,000"
    assert "expenses" in seen[6][0] and "expenses" not in seen[7][0]
    assert snap.report.curve("facts").predicted == 0


async def test_recall_leaves_a_deleted_facts_messages_only_from_the_deletion_on(counter):
    h = MemoryHarness(counter, "hybrid", {"tail_turns": 1})
    await h.turns(
        [
            "Remember that my monthly take-home salary is ₹1,20,000.",
            *filler(3),
            "What is my salary?",
        ]
    )
    # Turn 1 has left the one-turn tail but is not folded yet: it is sent verbatim (and the
    # fact it gave is not repeated beside it).
    assert "₹1,20,000" in h.last_request
    h.coach.delete_fact(h.state.facts.current_for("salary").id)
    await h.turn("What is my salary again?")  # folded now: the summary redacts it
    assert "₹1,20,000" not in h.state.chat_records[-1].sent[0].content
    seen: dict = {}
    snap = snapshot(h, [Watched(make_strategy("hybrid", {"tail_turns": 1}), seen)])
    assert "₹1,20,000" in seen[5][2] and "₹1,20,000" not in seen[6][1]
    hybrid = snap.report.curve("hybrid")
    assert (hybrid.predicted, hybrid.estimated) == (0, 0)


async def test_hybrid_used_throughout_costs_exactly_what_was_paid(counter):
    h = MemoryHarness(counter, "hybrid")
    await h.turns([*PLANTED, *filler(9), "When does my FD mature, and what is my salary?"])
    assert len(h.state.summaries) >= 2 and h.state.chat_records[-1].extra["recall"]
    snap = snapshot(h, [make_strategy("hybrid")])
    hybrid = snap.report.curve("hybrid")
    assert (hybrid.predicted, hybrid.estimated) == (0, 0)
    assert hybrid.cumulative_tokens == snap.report.actual.cumulative_tokens


# ---- BM25, incrementally ----------------------------------------------------------------


@settings(max_examples=60, deadline=None)
@given(st.data())
def test_the_index_scores_exactly_what_bm25_does_over_any_subset(data):
    texts = data.draw(
        st.lists(
            st.lists(st.sampled_from(VOCAB), max_size=12).map(" ".join), min_size=1, max_size=25
        )
    )
    docs = {f"m{i}": text for i, text in enumerate(texts)}
    indexed = data.draw(st.sets(st.sampled_from(sorted(docs))))
    among = {i: docs[i] for i in data.draw(st.sets(st.sampled_from(sorted(docs)), min_size=1))}
    query = " ".join(data.draw(st.lists(st.sampled_from(VOCAB), min_size=1, max_size=6)))
    index = BM25Index()
    for i in sorted(indexed):
        index.add(i, docs[i])
    expected = {i: s for i, s in bm25(query, among).items() if s > 0}
    assert index.scores(query, among) == expected  # the same floats, not merely close


def test_a_document_is_read_once_and_a_query_reads_only_its_own_words(monkeypatch):
    calls: list[str] = []
    real = recall.words
    monkeypatch.setattr(recall, "words", lambda text: calls.append(text) or real(text))
    index = BM25Index()
    docs = {f"m{i}": f"question {i} about my salary and rent" for i in range(200)}
    for i, text in docs.items():
        index.add(i, text)
    assert len(calls) == 200
    calls.clear()
    index.add("m7", docs["m7"])  # already there: not read again
    scores = index.scores("what is my FD worth?", docs)  # no document has "fd"
    assert calls == ["what is my FD worth?"] and scores == {}
    index.add("m200", "my FD matures in April")
    assert index.scores(
        "what is my FD worth?", {**docs, "m200": "my FD matures in April"}
    ).keys() == {"m200"}


async def test_each_turn_adds_one_question_to_the_comparison_not_the_history_again(
    counter, monkeypatch
):
    h = MemoryHarness(counter, "window")
    costs = CostComparison(h.coach)
    strategies = [make_strategy("hybrid")]
    calls: list[str] = []
    real = recall.words
    monkeypatch.setattr(recall, "words", lambda text: calls.append(text) or real(text))
    read = []
    for text in [*PLANTED, *filler(15)]:
        await h.turn(text)
        before = len(calls)
        costs.snapshot(
            strategies, context_window=None, horizon=h.state.transcript.completed_turns + 1
        )
        read.append(len(calls) - before)
    # Per turn: the previous question indexed, the new one queried, and the projected turn's
    # query; never the earlier questions again, however many there are.
    # Until hybrid's folds leave recall room (its summary is assumed at its cap here) every
    # earlier turn is verbatim or summarised, so recall scores nothing; from then on the
    # reads per turn stay the same.
    assert max(read) <= 3 and set(read[11:]) == {3}
    # Every question, each once: the newest too, once every turn is walked (the projection's
    # walk ahead builds on the whole history and reads it from the index).
    assert costs.ledger.indexed_questions == 18


def test_scores_over_documents_the_index_never_held_are_still_exact():
    index = BM25Index()
    index.add("m1", "salary salary rent")
    among = {"m1": "salary salary rent", "p1": "", "p2": "salary"}
    expected = {i: s for i, s in bm25("salary", among).items() if s > 0}
    assert index.scores("salary", among) == expected


def test_vectors_score_as_before_and_fall_back_to_the_index_given():
    from fincoach_tui.domain.conversation import Transcript
    from fincoach_tui.domain.recall import LexicalRetriever, VectorRetriever, cosine

    transcript = Transcript()
    for text in ("salary ₹1,20,000", "ok", "gold", "ok", "my salary?"):
        transcript.add("user" if transcript.pending is None else "assistant", text, ts=0.0)
    m1, _, m3, _, m5 = transcript.messages
    vectors = {"m1": (1.0, 0.0, 2.0), "m3": (0.0, 1.0, 0.5), "m5": (0.9, 0.1, 1.0)}
    session = VectorRetriever("emb", vectors)
    name, scores = session.scores(m5, [m1, m3])
    assert name == "emb" and scores == {
        "m1": cosine(vectors["m5"], vectors["m1"]),
        "m3": cosine(vectors["m5"], vectors["m3"]),
    }
    # Another fallback over the same vectors scores alike and reuses the norms worked out.
    again = session.with_fallback(LexicalRetriever())
    assert again.scores(m5, [m1, m3]) == (name, scores) and again.norms is session.norms
    index = BM25Index()
    index.add("m1", m1.content)
    fallback = VectorRetriever("emb", {"m1": (1.0, 0.0)}).with_fallback(LexicalRetriever(index))
    name, scores = fallback.scores(m5, [m1, m3])  # m3 and m5 have no vector
    assert name == "bm25" and scores == {
        "m1": bm25(m5.content, {"m1": m1.content, "m3": m3.content})["m1"]
    }
