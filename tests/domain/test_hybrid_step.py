"""hybrid's request, turn by turn over a long session, is exactly what it was before its
step was made fast: the notes' fill and topic groups as they were (every note tried with
its group, every pair of notes compared: kept in test_note_fit.py) and recall scored
posting by posting, not by classes. Built with the session's memo as the walk builds it,
turn after turn, stepping back to earlier turns now and then."""

from __future__ import annotations

from dataclasses import replace

import pytest

from fincoach_tui.domain.context import Context
from fincoach_tui.domain.conversation import Message, Transcript
from fincoach_tui.domain.fact_store import Fact, FactStore
from fincoach_tui.domain.finance_facts import recognise
from fincoach_tui.domain.memory import MemoryView, Summary
from fincoach_tui.domain.memory import notes as notes_module
from fincoach_tui.domain.memory.hybrid import RECALL_WINDOW, HybridStrategy
from fincoach_tui.domain.memory.notes import NOTES_LABEL
from fincoach_tui.domain.memory.session_memo import SessionMemo
from fincoach_tui.domain.recall import BM25Index
from tests.domain.test_note_fit import pairwise_newer_on_topic, seams
from tests.domain.test_notes_incremental import QUESTIONS, REPLY, SAID

TURNS = 150
BACK = {40: 7, 77: 30, 120: 1, 149: 60}  # at a turn: build this many turns back too


def conversation() -> tuple[Message, ...]:
    """The user's statements and questions in cycles, each numbered by its turn (a session
    that repeats itself, as recall's classes read it)."""
    transcript = Transcript()
    said = [*SAID, *(q for q in QUESTIONS if q)]
    for n in range(TURNS + 1):
        text = said[(n * 7) % len(said)].rstrip(".!?")
        transcript.add("user", f"{text} (turn {n + 1})", ts=1000.0 + 2 * n)
        transcript.add("assistant", REPLY, ts=1001.0 + 2 * n)
    return transcript.messages


def store_at(turn: int, messages: tuple[Message, ...]) -> FactStore:
    """The facts as they stood at `turn`: extracted every 9 turns, one edited at turn 50."""
    store = FactStore()
    serial = 0
    for t in range(1, turn, 9):
        question = messages[2 * (t - 1)]
        found = [
            Fact(f"f{serial + k}", key, value, (question.id,), question.ts, t)
            for k, (key, value) in enumerate(recognise(question.content))
        ]
        serial += len(found)
        store.extraction(t, (question.id,), found)
        if t >= 50 and store.current() and serial < 1000:
            serial = 1000
            store.edit(store.current()[0].id, "f1000", "55,000", question.ts)
    return store


def summary_at(turn: int, messages: tuple[Message, ...]) -> Summary | None:
    """A summary folded every 4 turns, up to 6 turns back, saying a salary and a rent."""
    last = (turn - 6) // 4 * 4
    if last <= 0:
        return None
    ids = tuple(m.id for m in messages[: 2 * last])
    text = f"User earns 80k a month, rent is 22k (as of turn {last})."
    return Summary(text, last, ids, 20)


def requests(window: int = RECALL_WINDOW) -> list[Context]:
    """Every turn's request (and the stepped-back ones), with one session memo."""
    messages = conversation()
    memo = SessionMemo()
    built = []
    strategy = HybridStrategy(recall_window=window)
    for turn in range(1, TURNS + 1):
        for at in (turn, turn - BACK[turn]) if turn in BACK else (turn,):
            history, new = messages[: 2 * (at - 1)], messages[2 * (at - 1)]
            view = MemoryView(
                "system",
                history,
                new,
                lambda m: len(m.content.split()),
                summary=summary_at(at, messages),
                facts=store_at(at, messages),
                count_text=seams,  # a newline costs a token, two after a ")"
                memo=memo,
            )
            built.append(strategy.build(view))
    return built


PREFIX_BEST = BM25Index.prefix_best


def no_classes(index: BM25Index, *args, **kwargs):
    """Recall scored posting by posting, never by classes nor stopping early."""
    return PREFIX_BEST(index, *args, **{**kwargs, "by_class": False, "want": None})


# The default window (longer than the session), and one the session runs past: stepping back
# reaches questions the memo's index forgot, so it is built again from there.
@pytest.mark.parametrize("window", [RECALL_WINDOW, 25])
def test_hybrids_requests_are_those_of_the_reference_path(monkeypatch, window) -> None:
    by_class = []

    def counted(self, *args, **kwargs):
        found = PREFIX_BEST(self, *args, **kwargs)
        by_class.append(not isinstance(found, dict))
        return found

    monkeypatch.setattr(BM25Index, "prefix_best", counted)
    fast = requests(window)
    assert sum(by_class) > TURNS // 2  # recall read by class on most turns

    with monkeypatch.context() as reference:
        reference.setattr(notes_module, "newer_on_topic", pairwise_newer_on_topic)
        reference.setattr(notes_module, "fill_alike", lambda *args: None)
        reference.setattr(BM25Index, "prefix_best", no_classes)
        expected = requests(window)
    assert len(fast) == len(expected) == TURNS + len(BACK)
    sent = [c for c in fast if NOTES_LABEL in c.messages[0].content]
    assert len(sent) > TURNS // 2  # the user's statements are sent on most turns
    for n, (got, want) in enumerate(zip(fast, expected, strict=True)):
        assert got == want, n


def test_the_reference_path_is_not_the_fast_one_by_accident(monkeypatch) -> None:
    """What the reference path swaps out is what the fast path uses (so the comparison
    above compares two paths)."""
    calls = {"fill": 0}
    fill = notes_module.fill_alike

    def counted(*args):
        calls["fill"] += 1
        return fill(*args)

    monkeypatch.setattr(notes_module, "fill_alike", counted)
    messages = conversation()
    view = MemoryView(
        "system",
        messages[:120],
        messages[120],
        lambda m: len(m.content.split()),
        summary=summary_at(61, messages),
        facts=store_at(61, messages),
    )
    HybridStrategy().build(replace(view, memo=SessionMemo()))
    assert calls["fill"] == 1
