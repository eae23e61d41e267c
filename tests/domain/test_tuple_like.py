"""The compact sequences (IdRuns, LazyOmitted, SentRefs) stand for the tuple they hold:
equal to it and to any other sequence of the same items, hashed as it, unequal to a str,
and shown by a summary rather than every item."""

from __future__ import annotations

import pytest

from fincoach_tui.domain.conversation import Message
from fincoach_tui.domain.record_refs import RefTable
from fincoach_tui.domain.records import IdRuns, LazyOmitted, SentMessage


def history() -> tuple[Message, ...]:
    return tuple(Message(f"m{n}", "user", f"q{n}", float(n), n) for n in range(1, 6))


def sent_refs():
    table = RefTable()
    for n in (1, 2):
        table.add(f"m{n}", "user", f"q{n}")
    items, _ = table.encode(
        [SentMessage("user", f"q{n}", "verbatim", n, (f"m{n}",)).to_dict() for n in (1, 2)]
    )
    return table.decode(items)


SENT = (
    SentMessage("user", "q1", "verbatim", 1, ("m1",)),
    SentMessage("user", "q2", "verbatim", 2, ("m2",)),
)
CASES = {
    "IdRuns": (
        lambda: IdRuns(["m1..m3", "m7"]),
        ("m1", "m2", "m3", "m7"),
        "IdRuns(['m1..m3', 'm7'])",
    ),
    "LazyOmitted": (
        lambda: LazyOmitted(history(), history()[3:]),
        ("m1", "m2", "m3"),
        "('m1', 'm2', 'm3')",
    ),
    "SentRefs": (sent_refs, SENT, "SentRefs(2 messages)"),
}


@pytest.mark.parametrize("name", list(CASES))
def test_equal_to_its_tuple_and_hashed_as_it(name):
    make, items, shown = CASES[name]
    value = make()
    assert value == items and items == value and value == list(items)
    assert not value != items
    assert hash(value) == hash(items)
    assert {value: 1}[items] == 1
    assert value != items[:-1] and value != (*items, items[0]) and value != items[::-1]
    assert value != "m1" and value != 7
    assert repr(value) == shown


def test_id_runs_of_the_same_ids_are_equal_whatever_their_items():
    assert IdRuns(["m1..m3"]) == IdRuns(["m1", "m2..m3"]) == IdRuns(["m1..m3"])
    assert IdRuns(["m1..m3"]) != IdRuns(["m1..m4"])
    assert len({IdRuns(["m1..m3"]), IdRuns(["m1", "m2", "m3"]), ("m1", "m2", "m3")}) == 1
