"""The system message's ids are its sections' joined only when read (JoinedIds): equal to
the tuple they stand for, stored the same, and building the message never walks a
summary's covered ids (thousands, late in a long session)."""

from __future__ import annotations

from collections.abc import Iterator, Sequence

import pytest
from hypothesis import given
from hypothesis import strategies as st

from fincoach_tui.domain.context import JoinedIds, Section, system_message
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
