"""Recall's ranking that stops once the best few are known (bm25_topk.py) gives exactly what
scoring every posting gives: the same places, the same floats, the same order (ties by
place), read as far as the reader goes; and hybrid's request is the same, turn by turn,
over long sessions whose questions all differ, repeat, or tie."""

from __future__ import annotations

import random
from dataclasses import replace

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from fincoach_tui.domain import bm25 as bm25_module
from fincoach_tui.domain.context import Context
from fincoach_tui.domain.conversation import Message, Transcript
from fincoach_tui.domain.memory import MemoryView, Summary
from fincoach_tui.domain.memory.hybrid import RECALL_WINDOW, HybridStrategy
from fincoach_tui.domain.memory.session_memo import SessionMemo
from fincoach_tui.domain.recall import BM25Index, ScoredPlaces
from tests.bm25_reference import numbered_index
from tests.domain.test_recall_index import Listed

# Common words in most questions, a middle band, and rare ones (a word a few questions
# have): the shape of a session whose questions all differ.
COMMON = ["monthly", "salary", "turn", "invest", "plan"]
MIDDLE = [f"topic{n}" for n in range(12)]
RARE = [f"rare{n}" for n in range(60)]
WORD = st.one_of(st.sampled_from(COMMON), st.sampled_from(MIDDLE), st.sampled_from(RARE))
TEXT = st.lists(WORD, min_size=1, max_size=7).map(" ".join)


def full_ranking(index: BM25Index, query: str, first: int, more: list[str], want: int):
    found = index.prefix_best(query, first, more, by_class=False)
    assert isinstance(found, dict)
    return list(ScoredPlaces(found, first, index.position, mixed=any(more)).best(want))


@settings(max_examples=300, deadline=None)
@given(st.lists(TEXT, max_size=80), TEXT, st.data())
def test_the_early_stopping_ranking_is_the_full_one(texts, query, data):
    index = numbered_index(texts)
    first = data.draw(st.integers(0, len(texts)))
    more = data.draw(st.lists(st.one_of(TEXT, st.just("")), max_size=3))
    want = data.draw(st.integers(1, 12))
    got = index.prefix_best(query, first, more, by_class=False, want=want)
    expected = full_ranking(index, query, first, more, want)
    if isinstance(got, dict):  # stopping early would not pay: every posting scored
        got = ScoredPlaces(got, first, index.position, mixed=any(more)).best(want)
    assert got is not None
    assert list(got) == expected


def session_texts(turns: int, seed: int) -> list[str]:
    """Questions that all differ (common words, a middle band, one or two rare words and
    a turn number), with some asked again word for word (ties) now and then."""
    rng = random.Random(seed)
    texts: list[str] = []
    for n in range(turns):
        if texts and rng.random() < 0.15:
            texts.append(rng.choice(texts))  # asked again: the very same words
            continue
        said = rng.sample(COMMON, rng.randint(1, 3)) + rng.sample(MIDDLE, rng.randint(0, 2))
        said += [f"rare{int(rng.paretovariate(1.1) * 7) % 400}" for _ in range(rng.randint(1, 2))]
        rng.shuffle(said)
        texts.append(f"{' '.join(said)} (turn {n + 1})")
    return texts


@pytest.mark.slow  # 1,500 turns, each ranked twice
def test_a_long_session_has_ties_and_reads_few_postings() -> None:
    """The index alone: each turn's query against every earlier question, the early ranking
    equal to the full one, and taken on most turns."""
    texts = session_texts(1500, seed=3)
    index = BM25Index()
    taken = ties = 0
    for n, query in enumerate(texts):
        if n >= 10:
            got = index.prefix_best(query, n, (), by_class=False, want=10)
            expected = full_ranking(index, query, n, [], 10)
            head = expected[:10]
            ties += len({v for _, v in head}) < len(head)
            if not isinstance(got, dict):
                taken += 1
                assert list(got) == expected, n
        index.add(f"d{n}", query)
    assert taken > 1200
    assert ties > 100


TURNS = 400


def conversation(seed: int) -> tuple[Message, ...]:
    transcript = Transcript()
    for n, text in enumerate(session_texts(TURNS + 1, seed)):
        transcript.add("user", text, ts=1000.0 + 2 * n)
        transcript.add("assistant", f"noted, {n % 7} things to weigh", ts=1001.0 + 2 * n)
    return transcript.messages


def requests(
    messages: tuple[Message, ...], listed: bool, window: int = RECALL_WINDOW
) -> list[Context]:
    """hybrid's request at every turn, built with one session memo as the walk builds them
    (recall read from its index, which forgets what leaves the window), or recall over the
    listed candidates."""
    memo = SessionMemo()
    strategy = HybridStrategy(recall_window=window)
    built = []
    for turn in range(1, TURNS + 1):
        history, new = messages[: 2 * (turn - 1)], messages[2 * (turn - 1)]
        last = (turn - 6) // 4 * 4
        summary = (
            Summary("User earns 80k.", last, tuple(m.id for m in history[: 2 * last]), 5)
            if last > 0
            else None
        )
        view = MemoryView(
            "system", history, new, lambda m: len(m.content.split()), summary=summary, memo=memo
        )
        built.append(strategy.build(replace(view, retriever=Listed()) if listed else view))
    return built


@pytest.mark.slow  # two 400-turn sessions, every request built twice
@pytest.mark.parametrize("window", [RECALL_WINDOW, 90])
def test_hybrids_requests_are_those_of_recall_over_the_listed_turns(monkeypatch, window) -> None:
    """With the default window (longer than the session) and with one the session runs far
    past: the memo's index forgets each question that leaves it."""
    stopped = []
    top_ranking = bm25_module.top_ranking

    def counted(*args, **kwargs):
        found = top_ranking(*args, **kwargs)
        stopped.append(found is not None)
        return found

    monkeypatch.setattr(bm25_module, "top_ranking", counted)
    for seed in (1, 2):
        messages = conversation(seed)
        fast = requests(messages, listed=False, window=window)
        expected = requests(messages, listed=True, window=window)
        assert len(fast) == len(expected) == TURNS
        for n, (got, want) in enumerate(zip(fast, expected, strict=True)):
            assert got == want, (seed, n)
    assert sum(stopped) > TURNS  # stopped early on most turns of both sessions
    recalled = [c for c in fast if c.recalled]
    assert len(recalled) > TURNS // 2
    if window < TURNS:  # the window changed what is recalled
        assert fast != requests(messages, listed=False)
