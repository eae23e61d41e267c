"""No holes, for every strategy that folds: each earlier turn is sent verbatim, covered by
the summary sent, or (hybrid) a recall candidate; a turn that has left the tail but is not
folded yet is sent verbatim; a summary never claims turns it does not cover; a fold never
makes the request larger than the turns it replaced."""

from __future__ import annotations

from typing import NamedTuple

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from fincoach_tui.domain.context import Context, Section
from fincoach_tui.domain.conversation import Message, Transcript
from fincoach_tui.domain.memory import MemoryView, Summary
from fincoach_tui.domain.memory.buffer import BufferStrategy
from fincoach_tui.domain.memory.hybrid import HybridStrategy
from fincoach_tui.domain.memory.summary import FoldPlan, SummaryStrategy, lost_figures

SYSTEM = "You are a test coach."
SAID = [
    "My monthly take-home salary is ₹1,20,000.",
    "My salary went up to ₹1,35,000.",
    "My monthly expenses are about ₹60,000.",
    "I have an FD of ₹50,000.",
    "I am risk-averse.",
    "What is an index fund?",
    "ok thanks",
    "Tell me one budgeting idea.",
]


def words(text: str) -> int:
    return len(text.split())


def count(message) -> int:
    return words(message.content) + 1


def summarize(plan: FoldPlan, mode: str) -> str:
    """A summarizer that echoes the previous text, or keeps every user line (oldest first),
    or writes far more than asked."""
    previous = plan.previous.text if plan.previous else ""
    if mode == "echo" and plan.previous is not None:
        return previous
    lines = [previous] if previous else []
    lines += [q.content for q, _ in plan.turns]
    if mode == "long":
        lines = lines * 6
    return "\n".join(lines)


@st.composite
def sessions(draw, hybrid_only: bool = False):
    turns = draw(st.integers(0, 24))
    transcript = Transcript()
    for n in range(turns):
        transcript.add("user", draw(st.sampled_from(SAID)), ts=float(2 * n))
        transcript.add("assistant", "Noted. " * draw(st.integers(1, 30)), ts=float(2 * n + 1))
    new = transcript.add(
        "user", draw(st.sampled_from(["What do you know about me?", *SAID])), ts=1e6
    )
    if not hybrid_only and draw(st.booleans()):
        strategy = SummaryStrategy(
            tail_turns=draw(st.integers(1, 4)),
            batch_turns=draw(st.integers(1, 4)),
            cap_tokens=draw(st.integers(5, 80)),
        )
    else:
        strategy = HybridStrategy(
            tail_turns=draw(st.integers(1, 4)),
            batch_turns=draw(st.integers(1, 4)),
            summary_tokens=draw(st.integers(5, 80)),
            recall_tokens=draw(st.integers(1, 120)),
            tail_tokens=draw(st.integers(1, 120)),
            recall_window=draw(st.one_of(st.integers(1, 30), st.just(1500))),
        )
    modes = draw(st.lists(st.sampled_from(["echo", "full", "long"]), min_size=30, max_size=30))
    history = transcript.messages[:-1]
    # Fold the way the coach does: before each turn, on the turns completed so far.
    summary: Summary | None = None
    folds = 0
    for end in range(0, len(history) + 1, 2):
        plan = strategy.fold_plan(history[:end], summary)
        if plan is not None:
            plan = plan.bounded(count)
            replaced = (plan.previous.tokens if plan.previous else 0) + sum(
                count(m) for turn in plan.turns for m in turn
            )
            assert plan.cap_tokens <= replaced
            summary = plan.result(summarize(plan, modes[folds % 30]), words)
            assert summary.tokens <= plan.cap_tokens or summary.unchanged
            said = [(q.id, q.content) for q, _ in plan.turns]
            if summary.last_turn == plan.last_turn:
                # Claimed: the text holds the folded turns' figures, or says it lost them.
                assert not lost_figures(said, summary.text) or summary.dropped or summary.cut
            else:  # an unchanged text that lacks their figures claims none of them
                assert summary.unchanged and summary.read_to == plan.last_turn
                assert lost_figures(said, summary.text)
            folds += 1
    return strategy, history, new, summary


class Built(NamedTuple):
    """A drawn session's request, read the way the no-holes tests read it."""

    context: Context
    verbatim: set[int]  # ids sent as messages
    sent: dict[str, Section]  # the system message's sections by provenance
    claimed: set[int]  # ids the summary sent claims
    covered: int  # the last turn the summary sent covers (0: none sent)
    pairs: list[tuple[Message, Message]]  # the earlier turns
    newest: list[tuple[Message, Message]]  # the turns the tail may hold


def built(strategy, history, new, summary) -> Built:
    view = MemoryView(SYSTEM, history, new, count, summary, count_text=words)
    context = strategy.build(view)
    sent = {s.provenance: s for s in context.messages[0].sections}
    pairs = list(zip(history[::2], history[1::2]))
    return Built(
        context,
        {i for m in context.messages[1:-1] for i in m.source_ids},
        sent,
        set(sent["summary"].source_ids) if "summary" in sent else set(),
        summary.last_turn if summary and "summary" in sent else 0,
        pairs,
        pairs[-strategy.tail_turns :] if pairs else [],
    )


@pytest.mark.slow  # 300 whole sessions: the fast loop's largest single cost
@settings(max_examples=300, deadline=None)
@given(sessions())
def test_every_earlier_turn_is_verbatim_summarised_or_a_recall_candidate(session):
    strategy, history, new, summary = session
    context, verbatim, sent, claimed, covered, pairs, newest = built(
        strategy, history, new, summary
    )
    for question, answer in pairs:
        ids = {question.id, answer.id}
        if ids <= verbatim or (question.turn <= covered and ids <= claimed):
            continue
        # Only hybrid leaves a turn out, and only one of its newest that did not fit the
        # tail's budget: a recall candidate.
        assert isinstance(strategy, HybridStrategy), question.turn
        assert (question, answer) in newest, question.turn
        # The tail is contiguous from the newest turn: the first that did not fit (this one
        # or a newer one) ended it.
        tail = [(q, a) for q, a in newest if q.id in verbatim]
        first_out = max(q.turn for q, _ in newest if q.id not in verbatim)
        assert first_out >= question.turn
        (q, a) = next(t for t in newest if t[0].turn == first_out)
        used = sum(count(m) for t in tail if t[0].turn > first_out for m in t)
        assert used + count(q) + count(a) > strategy.tail_tokens
    # The summary sent claims only turns up to the last one it covers.
    if summary is not None and "summary" in sent:
        assert claimed == set(summary.covers_ids)
        assert all(m.turn <= summary.last_turn for m in history if m.id in claimed)


@pytest.mark.slow  # 150 whole sessions, every turn built
@settings(max_examples=150, deadline=None)
@given(sessions())
def test_no_fold_makes_the_request_larger_than_buffer(session):
    strategy, history, new, summary = session
    tokens = {}
    for strat, memory in ((strategy, summary), (BufferStrategy(), None)):
        view = MemoryView(SYSTEM, history, new, count, memory, count_text=words)
        context = strat.build(view)
        size = sum(
            count(next(h for h in history if h.id == m.source_ids[0]))
            for m in context.messages[1:-1]
        )
        size += sum(words(s.text) for s in context.messages[0].sections[1:])
        tokens[strat.name] = size
    assert tokens[strategy.name] <= tokens["buffer"]


@pytest.mark.slow  # 200 whole hybrid sessions
@settings(max_examples=200, deadline=None)
@given(sessions(hybrid_only=True))
def test_a_turn_older_than_hybrids_window_is_never_recalled_and_is_covered(session):
    """Recall reads the newest `recall_window` turns: an older turn is never recalled, and
    it is covered by the summary sent or sent verbatim (waiting for its fold). Only a turn
    of the tail that did not fit its budget stays a candidate whatever its age (a window
    shorter than the tail)."""
    strategy, history, new, summary = session
    context, verbatim, sent, claimed, covered, pairs, newest = built(
        strategy, history, new, summary
    )
    start = strategy.window_start(history)
    assert start == max(0, len(pairs) - strategy.recall_window)
    recalled = {hit.turn for hit in context.recalled}
    for question, answer in pairs[:start]:
        if (question, answer) in newest:
            continue
        assert question.turn not in recalled
        ids = {question.id, answer.id}
        assert ids <= verbatim or (question.turn <= covered and ids <= claimed)
    assert recalled <= {q.turn for q, _ in pairs[start:] + newest}
