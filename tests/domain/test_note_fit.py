"""The notes section's fill and topic groups found without a trial per note nor a comparison
per pair of notes (note_fit.py) are exactly what the trial-by-trial fill and the pairwise
comparison give: the latter are kept here as they were, as the reference."""

from __future__ import annotations

import bisect
import operator
from collections.abc import Callable, Sequence

from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st

from fincoach_tui.domain.conversation import Message
from fincoach_tui.domain.fact_store import Fact, FactStore
from fincoach_tui.domain.memory import notes
from fincoach_tui.domain.memory.note_fit import fill_alike, topic_groups
from fincoach_tui.domain.memory.note_parts import topic_names
from fincoach_tui.domain.memory.session_memo import SessionMemo
from fincoach_tui.domain.statement_words import on_topic
from fincoach_tui.domain.user_statements import Statement
from tests.domain.test_notes_incremental import (
    QUESTIONS,
    SAID,
    quarter_chars,
    reference_line,
    reference_order,
    words,
)

# Statements that differ by a day, a figure or a word, so that topics chain and repeat.
TEXTS = [
    *SAID,
    *(f"{s.rstrip('.!?')}, as of day {n}" for n, s in enumerate(SAID)),
    "the car loan is closed",
    "moving to Pune next month",
    "day 4 was fine",
]
SETTINGS = settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])


def pairwise_newer_on_topic(said: Sequence[Statement]) -> list[tuple[int, ...]]:
    """`notes.newer_on_topic` by every pair compared: the newer notes on each one's topic
    (not theirs in turn)."""
    return [
        tuple(j for j in range(i + 1, len(said)) if on_topic(said[i].text, said[j].text))
        for i in range(len(said))
    ]


def trial_fit(
    order: Sequence[int],
    line: Callable[[int], str],
    budget: int,
    count: Callable[[str], int],
    newer: Sequence[tuple[int, ...]],
) -> list[int]:
    """`notes._fit` as it was: each note's group inserted and taken out again, a pair's seam
    counted for its neighbours, the joined text counted at the end to confirm."""
    kept: list[int] = []
    total = 0

    def pair(a: int, b: int) -> int:
        end, start = line(a).rpartition(" ")[2], line(b).partition(" ")[0]
        return count(f"{end}\n{start}") - count(end) - count(start)

    def add(i: int) -> int:
        at = bisect.bisect_left(kept, -i, key=operator.neg)
        before = kept[at - 1] if at else None
        after = kept[at] if at < len(kept) else None
        cost = count(line(i))
        if before is not None:
            cost += pair(before, i)
        if after is not None:
            cost += pair(i, after)
        if before is not None and after is not None:
            cost -= pair(before, after)
        kept.insert(at, i)
        return cost

    for i in order:
        if i in kept:  # kept with another's group: tried no more
            continue
        group = [j for j in (i, *newer[i]) if j not in kept]
        saved = kept[:]
        cost = sum(add(j) for j in group)
        if total + cost <= budget:
            total += cost
        else:
            kept[:] = saved
    if kept and count("\n".join(line(j) for j in kept)) != total:
        kept = []
        for i in order:
            if i in kept:
                continue
            trial = sorted({*kept, i, *newer[i]}, reverse=True)
            if count("\n".join(line(j) for j in trial)) <= budget:
                kept = trial
    return kept


def seams(text: str) -> int:
    """A count local to a line whose newline costs a token, two after a ")": seams above 0
    that differ from line to line."""
    return words(text) + sum(2 if text[n - 1 : n] == ")" else 1 for n in _newlines(text))


def _newlines(text: str) -> list[int]:
    return [n for n, c in enumerate(text) if c == "\n"]


said_lists = st.lists(st.sampled_from(TEXTS), min_size=0, max_size=40, unique=True)
# A fill case: the notes said, an order to shuffle them by, a budget, how many are marked.
fill_cases = given(
    said_lists,
    st.lists(st.integers(0, 9), min_size=1, max_size=40),
    st.integers(0, 500),
    st.integers(0, 5),
)


def statements(texts: list[str]) -> list[Statement]:
    return [Statement(n + 1, text) for n, text in enumerate(texts)]


def test_a_shared_topic_name_is_what_on_topic_compares() -> None:
    for a in TEXTS:
        for b in TEXTS:
            assert on_topic(a, b) == (not topic_names(a).isdisjoint(topic_names(b))), (a, b)


@SETTINGS
@given(said_lists)
def test_topic_groups_are_the_pairwise_comparisons(texts) -> None:
    said = statements(texts)
    assert notes.newer_on_topic(said) == pairwise_newer_on_topic(said)
    assert topic_groups([topic_names(s.text) for s in said]) == pairwise_newer_on_topic(said)


VALUES = {"salary": "85k", "rent": "25k", "city": "Pune", "loan_home_rate": "8.6%"}


def check_fit(texts: list[str], shuffle: list[int], budget: int, count, marked: int) -> None:
    """`notes_section`'s notes are those the trial-by-trial fill keeps, in the reference's
    order (`test_notes_incremental.reference_section`'s ranking), with some notes marked
    outdated by a fact (their lines end in ")": other seams) and a question about some."""
    said = statements(texts)
    store = FactStore()
    first = Message("m0", "user", "", 1.0, 1)
    facts = [(k, v) for n, (k, v) in enumerate(sorted(VALUES.items())) if n != marked % 5]
    # said after the notes (at most 40), so that they can replace what the notes say
    found = [Fact(f"f{n}", k, v, (first.id,), first.ts, 50) for n, (k, v) in enumerate(facts)]
    store.extraction(50, (first.id,), found)
    question = QUESTIONS[shuffle[0] % len(QUESTIONS)]
    lines = [reference_line(n, store) for n in said]

    order = reference_order(said, store, question)
    kept = trial_fit(order, lines.__getitem__, budget, count, pairwise_newer_on_topic(said))
    expected = ("\n".join(lines[j] for j in kept), len(kept)) if kept else (None, 0)
    section, told = notes.notes_section(said, store, budget, count, question, SessionMemo())
    assert (section.text if section else None, told) == expected


@SETTINGS
@fill_cases
def test_the_fill_is_the_trial_by_trial_fill_with_a_word_count(texts, shuffle, budget, marked):
    check_fit(texts, shuffle, budget, words, marked)


@SETTINGS
@fill_cases
def test_the_fill_is_the_trial_by_trial_fill_with_seams_that_differ(texts, shuffle, budget, marked):
    check_fit(texts, shuffle, budget, seams, marked)


@SETTINGS
@fill_cases
# The fill's sum is not the joined text's count: the section is worked out again from every
# note, counting each trial's joined text.
@example(texts=[SAID[5], SAID[11]], shuffle=[0], budget=26, marked=0)
def test_the_fill_is_the_trial_by_trial_fill_with_a_count_that_is_not_local(
    texts, shuffle, budget, marked
):
    check_fit(texts, shuffle, budget, quarter_chars, marked)


def test_the_fill_is_the_trial_by_trial_fill_with_tiktoken(encoding) -> None:
    def tokens(text: str) -> int:
        return len(encoding.encode_ordinary(text))

    @SETTINGS
    @fill_cases
    def check(texts, shuffle, budget, marked) -> None:
        check_fit(texts, shuffle, budget, tokens, marked)

    check()


def test_seams_below_zero_are_left_to_the_trial_by_trial_fill() -> None:
    said = statements(TEXTS[:12])
    newer = pairwise_newer_on_topic(said)
    order = list(range(len(said) - 1, -1, -1))
    assert fill_alike(order, lambda i: 5, lambda i: -1 if i == 3 else 0, 60, newer) is None
    assert fill_alike(order, lambda i: 5, lambda i: 0, 60, newer) is not None
