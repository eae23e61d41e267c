"""Omitted ids kept as runs and extended turn by turn: the same ids, and the same session
file, as filtering the whole history every turn."""

from __future__ import annotations

import random

import pytest

from fincoach_tui.domain.conversation import Message
from fincoach_tui.domain.memory import MemoryView, make_strategy
from fincoach_tui.domain.message_ids import RunWriter, nth_id, run_ends
from fincoach_tui.domain.records import IdRuns, MessageIds, compact_ids


def filtered(history, kept) -> tuple[str, ...]:
    """What assemble did before: every history id not kept, in order."""
    kept_ids = {m.id for m in kept}
    return tuple(m.id for m in history if m.id not in kept_ids)


def growing_history(rng: random.Random, turns: int):
    """Histories as a session grows: ids m1, m2, ... with gaps where a question was
    withdrawn; each one extends the last (the same Message objects)."""
    messages: list[Message] = []
    number = 0
    for turn in range(1, turns + 1):
        number += 1 + (rng.random() < 0.15)  # a withdrawn question leaves its id unused
        messages.append(Message(f"m{number}", "user", f"q{turn}", float(turn), turn))
        number += 1
        messages.append(Message(f"m{number}", "assistant", f"a{turn}", float(turn), turn))
        yield tuple(messages)


def test_the_omitted_prefix_equals_filtering_the_history_as_it_grows():
    rng = random.Random(7)
    for _ in range(20):
        ids = MessageIds()
        for history in growing_history(rng, rng.randint(1, 60)):
            k = rng.choice((0, 1, 2, 3, 6, 10, 200))
            kept = history[-k:] if k else ()
            omitted = ids.omitted(history, kept)
            assert omitted is not None
            assert tuple(omitted) == filtered(history, kept) and len(omitted) == len(
                filtered(history, kept)
            )
            assert compact_ids(omitted) == compact_ids(filtered(history, kept))


def test_a_primed_cache_cuts_shorter_prefixes_and_starts_over_for_another_history():
    *_, history = growing_history(random.Random(1), 40)
    ids = MessageIds()
    ids.prime(history)
    for k in (2, 6, 30, 79, 80):
        kept = history[-k:]
        assert tuple(ids.omitted(history, kept)) == filtered(history, kept)
    # The newest message replaced by another object (a question withdrawn, another sent):
    other = (*history[:-1], Message("m999", "assistant", "x", 0.0, 40))
    assert tuple(ids.omitted(other, other[-3:])) == filtered(other, other[-3:])
    shorter = history[:10]
    assert tuple(ids.omitted(shorter, shorter[-2:])) == filtered(shorter, shorter[-2:])


def test_anything_but_a_tail_of_plain_increasing_ids_is_left_to_the_filter():
    history = tuple(
        Message(f"m{n}", "user" if n % 2 else "assistant", "", 0.0, (n + 1) // 2)
        for n in range(1, 11)
    )
    ids = MessageIds()
    assert ids.omitted(history, history[2:5]) is None  # not the tail
    assert ids.omitted(history, (history[-1], history[-2])) is None  # not in order
    odd = (*history[:3], Message("m07", "assistant", "", 0.0, 2), *history[4:])
    assert MessageIds().omitted(odd, odd[-2:]) is None  # "m07" is not "m7"
    repeated = (*history[:-1], Message("m2", "assistant", "", 0.0, 5))
    assert MessageIds().omitted(repeated, repeated[-2:]) is None  # a kept id among the omitted
    foreign = (
        Message("x1", "user", "", 0.0, 1),
        Message("x2", "assistant", "", 0.0, 1),
        *history[2:4],
    )
    assert MessageIds().omitted(foreign, foreign[-2:]) is None  # the newest omitted id is not "mN"
    assert ids.omitted(history, history) == ()


def test_compacting_runs_equals_compacting_the_ids_they_hold():
    rng = random.Random(2)
    pieces = [
        "m1..m4",
        "m5",
        "m6..m9",
        "m12",
        "m13..m13",
        "m5..m3",
        "m05..m7",
        "x",
        "m07",
        "m20..m22",
    ]
    for _ in range(300):
        items = [rng.choice(pieces) for _ in range(rng.randint(0, 6))]
        runs = IdRuns(items)
        assert compact_ids(runs) == compact_ids(tuple(runs))


def test_runs_written_one_id_at_a_time_are_compact_ids():
    """What a record's references are written with (record_refs.RefTable.encode)."""
    rng = random.Random(3)
    odd = ["m07", "x", "", "m", "m0", "m1..m3", "m+5"]
    for _ in range(2000):
        ids, number = [], rng.randrange(20)
        for _ in range(rng.randrange(12)):
            roll = rng.random()
            if roll < 0.6:  # the run goes on
                number += 1
            elif roll < 0.85:  # a gap, or back
                number = rng.randrange(30)
            ids.append(f"m{number}" if roll < 0.85 else rng.choice(odd))
        runs = RunWriter()
        for message_id in ids:
            runs.add(message_id)
        assert runs.items() == compact_ids(ids), ids


def test_the_nth_id_and_the_ends_of_runs_read_without_listing_them():
    items = ["m1..m4", "m9", "m20..m22"]
    listed = tuple(IdRuns(items))
    assert [nth_id(items, i) for i in range(len(listed))] == list(listed)
    assert list(run_ends(items)) == ["m1", "m4", "m9", "m20", "m22"]
    with pytest.raises(IndexError):
        nth_id(items, len(listed))


def test_window_and_budget_requests_are_the_same_with_and_without_the_runs(counter):
    rng = random.Random(4)
    for name, params in (
        ("window", {"k": 6}),
        ("window", {"k": 3}),
        ("budget", {"budget_tokens": 60}),
        ("summary", {"tail_turns": 2}),
    ):
        strategy = make_strategy(name, params)
        ids = MessageIds()
        for history in growing_history(rng, 40):
            new = Message(
                f"m{int(history[-1].id[1:]) + 1}", "user", "next?", 99.0, history[-1].turn + 1
            )

            def view(with_ids, history=history, new=new, ids=ids):
                return MemoryView(
                    "system",
                    history,
                    new,
                    lambda m: counter.count(m.content),
                    ids=ids if with_ids else None,
                )

            fast, slow = strategy.build(view(True)), strategy.build(view(False))
            assert fast == slow
            if name == "window" and slow.omitted_ids:
                assert isinstance(fast.omitted_ids, IdRuns)  # the runs, never listed
            assert compact_ids(fast.omitted_ids) == compact_ids(slow.omitted_ids)
