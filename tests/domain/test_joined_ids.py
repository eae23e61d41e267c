"""The system message's ids are its sections' joined only when read (JoinedIds): equal to
the tuple they stand for, stored the same, and building the message never walks a
summary's covered ids (thousands, late in a long session)."""

from __future__ import annotations

import tracemalloc
from collections.abc import Iterator, Sequence

import pytest
from hypothesis import given
from hypothesis import strategies as st

from fincoach_tui.domain.context import JoinedIds, Section, system_message
from fincoach_tui.domain.covered_ids import extended
from fincoach_tui.domain.records import IdRuns, SentMessage

IDS = st.lists(st.sampled_from(["m1", "m2", "m3", "m10", "x"]), max_size=6).map(tuple)
PARTS = st.lists(IDS | IDS.map(lambda ids: IdRuns(ids)), max_size=5)


@given(PARTS, st.integers(-40, 40))
def test_joined_ids_equal_the_tuple_of_their_parts(parts, index):
    joined = JoinedIds(parts)
    expected = tuple(i for part in parts for i in part)
    assert joined == expected and expected == joined and list(joined) == list(expected)
    assert hash(joined) == hash(expected) and len(joined) == len(expected)
    assert joined[1:-1] == expected[1:-1] and joined[::2] == expected[::2]
    if -len(expected) <= index < len(expected):
        assert joined[index] == expected[index]
    else:
        with pytest.raises(IndexError):
            joined[index]
    assert joined != expected + ("m99",) and joined != "".join(expected)


class Counted(Sequence[str]):
    """A sequence that notes every index read, and every time it is walked whole."""

    def __init__(self, items: Sequence[str]) -> None:
        self.items = tuple(items)
        self.read: list[int] = []
        self.walked = 0

    def __len__(self) -> int:
        return len(self.items)

    def __getitem__(self, index):  # type: ignore[override]
        self.read.append(index)
        return self.items[index]

    def __iter__(self) -> Iterator[str]:
        self.walked += 1
        return iter(self.items)


def test_building_the_system_message_does_not_walk_the_summarys_ids():
    covered = Counted([f"m{n}" for n in range(1, 20_001)])
    sections = (
        Section("summary", "Conversation summary (turns 1-10000)", "gist", covered),  # type: ignore[arg-type]
        Section("recalled", "Recalled", "passage", ("m20003", "m20004")),
        Section("fact", "Facts", "- salary: 4,000", ("m20001",)),
    )
    message = system_message("You are FinCoach.", sections)
    assert covered.walked == 0 and covered.read == []
    assert len(message.source_ids) == 20_003
    assert message.source_ids[-1] == "m20001" and message.source_ids[20_000] == "m20003"
    assert covered.walked == 0 and covered.read == []  # the last part's ids, read directly
    assert message.source_ids == (*covered.items, "m20003", "m20004", "m20001")


def test_a_sent_message_with_joined_ids_is_stored_and_compared_as_with_their_tuple():
    parts = (IdRuns(["m1..m40"]), ("m45", "m46"), ("m41",))
    listed = tuple(i for part in parts for i in part)
    lazy = SentMessage("system", "You are FinCoach.", "system", 9, JoinedIds(parts))
    plain = SentMessage("system", "You are FinCoach.", "system", 9, listed)
    assert lazy.to_dict() == plain.to_dict()
    assert lazy == plain and hash(lazy) == hash(plain)
    assert SentMessage.from_dict(lazy.to_dict()) == plain


# ---- a summary's covered ids, extended fold by fold ------------------------------------

BATCH = st.lists(st.sampled_from(["m1", "m2", "m3", "x"]), max_size=4).map(tuple)


@given(BATCH, st.lists(st.tuples(st.integers(0, 10), BATCH), max_size=12))
def test_covered_ids_extended_from_any_earlier_fold_equal_the_tuples_joined(start, folds):
    """Each fold extends one made before it (a fork of the walk, or the newest): what any
    of them holds is still its own ids, whatever the others appended."""
    made = [(start, extended(start, ()))]
    for pick, batch in folds:
        ids, covered = made[pick % len(made)]
        made.append((ids + batch, extended(covered, batch)))
    for ids, covered in made:
        assert covered == ids and hash(covered) == hash(ids) and len(covered) == len(ids)
        assert list(covered) == list(ids) and covered[:-1] == ids[:-1]
        if ids:
            assert covered[-1] == ids[-1] and covered[0] == ids[0]
        assert covered + ("m9",) == ids + ("m9",)


def test_a_line_of_folds_shares_its_ids_rather_than_copying_them():
    """500 folds of 2 ids each after 20,000, every summary kept (as a walk keeps them):
    copies would hold 500 lists of 20,000 ids or more (80 MB); shared, one list."""
    first = extended((), tuple(f"m{n}" for n in range(1, 20_001)))
    tracemalloc.start()
    try:
        line = [first]
        for n in range(20_001, 21_001, 2):
            line.append(extended(line[-1], (f"m{n}", f"m{n + 1}")))
        held = tracemalloc.get_traced_memory()[0]
    finally:
        tracemalloc.stop()
    assert held < 1_000_000
    assert line[-1] == tuple(f"m{n}" for n in range(1, 21_001)) and line[-1][-1] == "m21000"
    assert line[1] == (*first, "m20001", "m20002") and len(line[250]) == 20_500
    walked_again = extended(line[1], ("m20003", "m20004"))  # a fork of the same fold
    forked = extended(line[1], ("m7",))  # another fold from the same summary: its own ids
    assert walked_again == line[2] and forked == (*line[1], "m7") and line[2][-1] == "m20004"
