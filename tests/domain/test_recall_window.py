"""hybrid recalls from a window of its newest turns (`recall_window`), and the index recall
reads forgets each question that leaves the window: what is read from the index is exactly
BM25 over the window's questions, whatever was forgotten; the index stays the window's
size however long the session; a turn older than the window is the summary's, never
recalled."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from fincoach_tui.domain.conversation import Message, Transcript
from fincoach_tui.domain.memory import MemoryView, Summary, make_strategy
from fincoach_tui.domain.memory.hybrid import RECALL_WINDOW, HybridStrategy
from fincoach_tui.domain.recall import BM25Index, ScoredPlaces
from tests.bm25_reference import numbered_index
from tests.domain.test_recall_index import NUMBERED, TEXT, brute_force

WORDS = st.one_of(TEXT, NUMBERED)


@settings(max_examples=300, deadline=None)
@given(st.lists(WORDS, max_size=30), WORDS, st.data())
def test_a_window_of_an_index_that_forgets_scores_as_bm25_over_the_window(texts, query, data):
    """Documents added and the oldest forgotten as they come (classes re-formed as words stop
    being shared); then any window from the oldest held on, with a few left out and texts
    never added: the same floats and the same order as BM25 over those documents alone, by
    postings, by classes and stopping early alike."""
    index = BM25Index()
    forgotten = 0
    for n, text in enumerate(texts):
        index.add(f"d{n}", text)
        if data.draw(st.booleans()):
            forgotten = data.draw(st.integers(forgotten, n + 1))
            index.forget_before(forgotten)
    assert (index.start, index.end, len(index)) == (forgotten, len(texts), len(texts) - forgotten)
    since = data.draw(st.integers(forgotten, len(texts)))
    first = data.draw(st.integers(since, len(texts)))
    more = data.draw(st.lists(WORDS, max_size=3))
    window = [f"d{n}" for n in range(since, first)]
    left_out = set(data.draw(st.lists(st.sampled_from(window), max_size=2))) if window else set()

    among: dict = {i: texts[int(i[1:])] for i in window if i not in left_out}
    among.update(enumerate(more))
    got = index.prefix_scores(query, first, left_out, more, since=since)
    assert got == brute_force(query, among)

    expected = brute_force(
        query, {**{i: texts[int(i[1:])] for i in window}, **dict(enumerate(more))}
    )
    place = {
        **{f"d{n}": n for n in range(since, first)},
        **{k: first + k for k in range(len(more))},
    }
    ranked = sorted(((place[i], v) for i, v in expected.items()), key=lambda pv: (-pv[1], pv[0]))
    by_class = index.prefix_ranking(query, first, more, since=since, by_class=True)
    assert by_class is not None and list(by_class) == ranked
    want = data.draw(st.integers(1, 8))
    best = index.prefix_best(query, first, more, since=since, by_class=False, want=want)
    if isinstance(best, dict):  # stopping early would not pay: every posting scored
        best = ScoredPlaces(best, first, index.position, mixed=any(more)).best(want)
    assert best is not None and list(best) == ranked
    if forgotten:  # a window reaching back to a forgotten document cannot be read
        assert index.prefix_scores(query, first, since=forgotten - 1) is None


def test_forgetting_past_the_last_document_starts_the_positions_there():
    index = numbered_index(["my salary", "rent 25k", "gold"])
    index.forget_before(5)
    assert (index.start, index.end, len(index), index.id_at(2)) == (5, 5, 0, None)
    index.add("d5", "my salary again")
    assert (index.id_at(5), index.position("d5")) == ("d5", 5)
    assert index.prefix_scores("salary", 6, since=5) == brute_force(
        "salary", {"d5": "my salary again"}
    )
    assert index.prefix_scores("salary", 6, since=4) is None  # before the oldest held


def window_text(n: int) -> str:
    """A question with words every period of 1,000 repeats, and its own number."""
    return f"salary topic{n % 8} rare{(n * 37) % 125} plan{n % 50} (turn {n})"


def test_an_index_that_forgets_what_left_the_window_stays_the_windows_size():
    index = BM25Index()
    sizes = {}
    for n in range(3000):
        index.add(f"d{n}", window_text(n))
        index.forget_before(n + 1 - 200)
        if n + 1 in (1000, 2000, 3000):
            sizes[n + 1] = index.footprint()
    assert (len(index), index.start, index.end) == (200, 2800, 3000)
    # The same window's questions, the same entries kept, at 2,000 turns and at 3,000; and
    # no more than an index of the window's questions alone, with their ids before the cut.
    assert sizes[1000] == sizes[2000] == sizes[3000]
    alone = numbered_index(window_text(n) for n in range(2800, 3000))
    assert sizes[3000] <= alone.footprint() + 2 * 200


def session(turns: int) -> tuple[tuple[Message, ...], Message]:
    """An FD stated at turn 1, budgeting chatter after it, and a question about the FD."""
    transcript = Transcript()
    transcript.add("user", "I have an FD of ₹50,000 maturing in April.", ts=1000.0)
    transcript.add("assistant", "Noted.", ts=1001.0)
    for n in range(2, turns + 1):
        transcript.add("user", f"Tell me one budgeting idea, number {n}.", ts=1000.0 + 2 * n)
        transcript.add("assistant", "Track every rupee.", ts=1001.0 + 2 * n)
    new = transcript.add("user", "When does my FD mature?", ts=1e6)
    return transcript.messages[:-1], new


def test_a_turn_older_than_the_window_is_the_summarys_not_a_recall():
    history, new = session(40)
    covers = tuple(m.id for m in history[: 2 * 36])
    summary = Summary("User has an FD of 50k maturing in April.", 36, covers, 12)
    view = MemoryView("sys", history, new, lambda m: len(m.content.split()), summary=summary)

    wide = HybridStrategy(recall_window=100).build(view)
    assert [hit.turn for hit in wide.recalled] == [1]

    narrow = HybridStrategy(recall_window=30)
    assert narrow.window_start(history) == 10  # turns 11-40 are read
    context = narrow.build(view)
    assert context.recalled == ()
    sections = {s.provenance: s for s in context.messages[0].sections}
    assert {history[0].id, history[1].id} <= set(sections["summary"].source_ids)
    assert {history[0].id, history[1].id} <= set(context.omitted_ids)
    assert RECALL_WINDOW == HybridStrategy().recall_window == 1500
    assert make_strategy("hybrid", {"recall_window": 30}) == narrow
