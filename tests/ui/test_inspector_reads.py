"""The request inspector reads the rows it lists, and a turn reads the rows it changed:
never every message of a long request (a replayed record's messages are built when read).
The messages are a sequence that notes each one read."""

from __future__ import annotations

from dataclasses import replace

from fincoach_tui.domain.records import SentMessage
from fincoach_tui.ui.inspector import RequestInspector
from fincoach_tui.ui.inspector_rows import Marker, RequestRows
from fincoach_tui.ui.request_table import MARKER_KEY, RequestTable
from fincoach_tui.ui.row_window import NEWEST, RowWindow
from tests.ui.test_chart_incremental import Counted
from tests.ui.test_inspector_window import record, sent_at
from tests.widget_harness import cell, mounted, row_keys


def test_request_rows_read_the_head_and_the_rows_asked_for():
    sent = Counted(sent_at(1000))  # 2,000 messages
    rows = RequestRows(sent)
    assert (sorted(set(sent.read)), sent.walked) == ([0, 1], 0)  # the prompt, the first message
    sent.forget()
    assert rows.tokens_between(1500, 1510) == sum(range(1500, 1510))
    assert (sorted(sent.read), sent.walked) == (list(range(1500, 1510)), 0)


def test_a_marker_moved_counts_only_the_rows_between_its_two_starts():
    sent = Counted(sent_at(1000))
    rows = RequestRows(sent)
    was = RowWindow.newest(1, len(rows))
    known = (was, Marker.of(rows, was))
    sent.forget()
    now = was.earlier()
    marker = Marker.of(rows, now, known)
    assert marker == Marker.of(RequestRows(sent_at(1000)), now)
    assert sorted(sent.read) == list(range(now.start, was.start)) and sent.walked == 0


async def test_a_long_request_shown_first_counts_its_hidden_rows_from_its_counted_tokens():
    """The marker's tokens are the record's counted tokens less the listed rows': the
    same figure as the hidden messages added up, none of them read."""
    async with mounted(RequestInspector) as (inspector, pilot):
        sent = Counted(sent_at(500))  # 1,000 messages; message k carries k tokens
        inspector.show(replace(record(500), sent=sent))
        await pilot.pause()
        table = inspector.query_one(RequestTable)
        assert cell(table, 1, 3) == f"{sum(range(1, 800)):,}" == "319,600"
        assert sent.walked == 0
        assert set(sent.read) <= {0, 1, *range(1000 - NEWEST - 1, 1000)}


def test_rows_without_a_counted_sum_add_their_messages_up():
    sent = Counted(sent_at(500))
    counted = RequestRows(sent, counted=record(500).counted_tokens)
    assert counted.tokens_between(1, 800) == RequestRows(sent).tokens_between(1, 800) == 319_600


def test_two_requests_are_told_apart_by_their_newest_message():
    ours, theirs = Counted(sent_at(1000)), Counted(sent_at(1000))
    theirs.items[-1] = SentMessage("user", "another question", "new", 1999)
    ours.forget(), theirs.forget()
    assert RequestRows(ours) != RequestRows(theirs)
    assert (ours.walked, theirs.walked) == (0, 0)
    assert len(ours.read) <= 4 and len(theirs.read) <= 4  # the head, then the newest


async def test_a_buffer_turn_reads_the_rows_it_adds_not_the_request():
    async with mounted(RequestInspector) as (inspector, pilot):
        inspector.show(record(1000))
        await pilot.pause()
        sent = Counted(sent_at(1001))  # 2,002 messages: the last question, two more
        inspector.show(replace(record(1001), sent=sent))
        await pilot.pause()
        table = inspector.query_one(RequestTable)
        assert row_keys(table)[:2] == ["1", MARKER_KEY] and len(row_keys(table)) == 2 + NEWEST
        assert cell(table, 1, 4).startswith("1,801 earlier messages not listed")
        assert sent.walked == 0
        # The prompt, and the listed rows (compared with those drawn to find the ones that
        # changed): a bounded window, not the request's 2,002 messages.
        assert set(sent.read) <= {0, 1, *range(2002 - NEWEST - 2, 2002)}


async def test_the_next_request_is_compared_with_the_rows_drawn_not_the_records_read_back():
    """A turn shows its request in flight, then its record (the same messages, read back
    from the session's compact form one by one): the rows drawn from the request stay, and
    the next request is compared with them, reading none of the record's messages."""
    async with mounted(RequestInspector) as (inspector, pilot):
        inspector.show(record(1000))  # the request in flight (its own messages)
        await pilot.pause()
        read_back = Counted(sent_at(1000))  # the record: equal messages, read when asked
        inspector.show(replace(record(1000), sent=read_back))
        await pilot.pause()
        read_back.forget()
        inspector.show(record(1001))
        await pilot.pause()
        assert (read_back.read, read_back.walked) == ([], 0)
        table = inspector.query_one(RequestTable)
        assert row_keys(table)[-1] == "2002" and len(row_keys(table)) == 2 + NEWEST
