"""A record's sent messages read back by reference are known equal, none built, to the
request's own messages they were made from (while the record is the newest) and to a
record of the same session with the same compact form; anything else is compared."""

from __future__ import annotations

from fincoach_tui.domain.record_refs import RefTable
from fincoach_tui.domain.records import SentMessage
from fincoach_tui.domain.sent_refs import SentRefs, known_equal

SYSTEM = SentMessage("system", "You are a coach.", "system", 5)


def request(last: int, tokens: int = 3) -> tuple[SentMessage, ...]:
    """The system message, then messages m1..m`last`, the newest as "new"."""
    return (
        SYSTEM,
        *(
            SentMessage("user", f"q{n}", "new" if n == last else "verbatim", tokens, (f"m{n}",))
            for n in range(1, last + 1)
        ),
    )


def table_of(last: int) -> RefTable:
    table = RefTable()
    for n in range(1, last + 1):
        table.add(f"m{n}", "user", f"q{n}")
    return table


def read_back(table: RefTable, sent: tuple[SentMessage, ...]) -> SentRefs:
    items, _texts = table.encode([m.to_dict() for m in sent])
    return table.decode(items)


def counting(table: RefTable) -> list[str]:
    built: list[str] = []
    referenced = table.referenced

    def counted(provenance: str, message_id: str, count: int | None) -> SentMessage:
        built.append(message_id)
        return referenced(provenance, message_id, count)

    table.referenced = counted  # type: ignore[method-assign]
    return built


def test_a_record_made_from_a_request_is_known_equal_to_it_while_it_is_the_newest():
    table = table_of(6)
    first = request(5)
    record = read_back(table, first)
    table.made_from(record, first)
    built = counting(table)
    assert known_equal(record, first) and known_equal(first, record)
    assert record == first and first == record
    assert built == []
    # An equal request that is another object is not known: it is compared, and is equal.
    assert not known_equal(record, request(5))
    assert record == request(5) and built == ["m1", "m2", "m3", "m4", "m5"]
    # The next record made: the first is no longer known by its request.
    second = request(6)
    table.made_from(read_back(table, second), second)
    assert table.origin_of(record) is None and not known_equal(record, first)


def test_records_with_the_same_compact_form_over_one_table_are_known_equal():
    table = table_of(5)
    # The first record writes each message's count; the next ones read it from there.
    first = read_back(table, request(5))
    ours, theirs = read_back(table, request(5)), read_back(table, request(5))
    built = counting(table)
    assert ours is not theirs and known_equal(ours, theirs) and built == []
    assert not known_equal(first, ours) and first == ours  # another form: compared
    built.clear()
    # Another newest message, other counts, another table: not known (and not equal).
    assert not known_equal(ours, read_back(table, request(4)))
    recounted = read_back(table, request(5, tokens=4))
    assert not known_equal(ours, recounted) and ours != recounted
    elsewhere = table_of(5)
    assert not known_equal(ours, read_back(elsewhere, request(5)))
    assert ours == read_back(elsewhere, request(5))  # compared: equal all the same


def test_a_record_read_back_is_made_from_the_live_record_it_spells_out():
    """The session's table learns the link from the live record's event only: a record
    event read from a file (no messages of its own) leaves every record unknown."""
    from fincoach_tui.domain.records import CallRecord, Usage
    from fincoach_tui.domain.session_events import RecordEvent, event_from_dict
    from fincoach_tui.domain.session_state import SessionState

    sent = request(1)
    live = CallRecord("chat", 1, "buffer", "offline", "m", sent, (), 8, 8, Usage(8, 1), None, 0.1)
    state = SessionState()
    state.refs.add("m1", "user", "q1")
    state.apply(RecordEvent.of(live))
    assert state.refs.origin_of(state.records[-1].sent) is sent  # type: ignore[arg-type]
    state.apply(event_from_dict(RecordEvent.of(live).to_dict()))
    assert state.refs.origin_of(state.records[-1].sent) is None  # type: ignore[arg-type]
    assert state.records[-1].sent == sent
