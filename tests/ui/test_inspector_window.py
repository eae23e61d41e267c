"""The request inspector lists a long request's first rows, a marker and its newest rows;
the marker lists more on Enter or a click; a request that extends the last one only
appends (and drops as many old rows); the figures around the table stay the whole
request's. Driven by hand-made records with exact counts."""

from __future__ import annotations

import re
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager

from textual import events
from textual.coordinate import Coordinate
from textual.pilot import Pilot
from textual.widgets import DataTable
from textual.widgets.data_table import RowKey

from fincoach_tui.domain.records import CallRecord, SentMessage
from fincoach_tui.domain.session_state import SessionState, StrategySwitch
from fincoach_tui.ui.inspector import RequestInspector
from fincoach_tui.ui.inspector_rows import InspectorRow, RequestRows, rows_for, with_memory_rows
from fincoach_tui.ui.meter import TokenMeter
from fincoach_tui.ui.request_table import MARKER_KEY, RequestTable
from fincoach_tui.ui.row_window import DROP_MOST, HEAD_MOST, NEWEST, PAGE, RowWindow
from fincoach_tui.ui.side_panel import SidePanel
from tests.app_harness import running, say, wait_until
from tests.screen_text import screen_lines
from tests.widget_harness import call_record, cell, mounted, row_keys

PROMPT = "You are FinCoach, a careful personal-finance coach."


def sent_at(turn: int) -> list[SentMessage]:
    """What buffer sends at `turn`: the prompt, every earlier question and reply, the new
    question (2 * turn messages). Message k (1-based, after the prompt) has k tokens."""
    sent = [SentMessage("system", PROMPT, "system", 12)]
    for k in range(1, 2 * turn - 1):
        role = "user" if k % 2 else "assistant"
        sent.append(SentMessage(role, f"message {k}", "verbatim", k))
    sent.append(SentMessage("user", f"question {turn}", "new", 2 * turn - 1))
    return sent


def record(turn: int) -> CallRecord:
    sent = sent_at(turn)
    billed = sum(m.tokens for m in sent) + 10
    return call_record(
        turn, "buffer", sent, prompt=billed, completion=20, predicted=billed, cost=0.001
    )


@asynccontextmanager
async def showing(
    turn: int | None, size: tuple[int, int] = (120, 40)
) -> AsyncIterator[tuple[RequestInspector, RequestTable, Pilot]]:
    """The inspector alone in an app at `size`, showing buffer's request at `turn` (None:
    nothing yet): the inspector, its table and the pilot."""
    async with mounted(RequestInspector, size) as (inspector, pilot):
        if turn is not None:
            inspector.show(record(turn))
            await pilot.pause()
        yield inspector, inspector.query_one(RequestTable), pilot


def content(inspector: RequestInspector) -> str:
    return str(inspector.query_one("#content").content)


def newest_keys(total: int, newest: int = NEWEST) -> list[str]:
    return [str(n) for n in range(total - newest + 1, total + 1)]


def marker_y(table: DataTable) -> int:
    """The marker's row on the table's screen (its header is row 0)."""
    return 1 + table.get_row_index(MARKER_KEY) - round(table.scroll_y)


# ---- the window's arithmetic -----------------------------------------------------------
def test_a_long_request_lists_its_head_a_marker_and_its_newest_rows():
    window = RowWindow.newest(head=1, total=1000)
    assert (window.head, window.start, window.hidden) == (1, 800, 799)
    assert window.listed == [0, None, *range(800, 1000)]
    assert window.marker_at == 1


def test_a_short_request_lists_every_row():
    for total in (0, 1, 5, NEWEST + 1):
        window = RowWindow.newest(head=1, total=total)
        assert window.hidden == 0 and window.marker_at is None
        assert window.listed == list(range(total))


def test_the_markers_tokens_fit_their_column():
    from fincoach_tui.ui.inspector_rows import Marker

    assert Marker(799, 319_600, 200).tokens_cell == "319,600"
    assert Marker(19_799, 1_221_519, 200).tokens_cell == "1.22M"


def test_each_page_lists_earlier_rows_until_none_are_left():
    window = RowWindow.newest(head=1, total=1000)
    pages = [window.hidden]
    while window.hidden:
        window = window.earlier()
        pages.append(window.hidden)
    assert pages == [799, 599, 399, 199, 0]
    assert window.listed == list(range(1000))


def test_an_extended_request_drops_as_many_rows_as_it_adds_or_is_refilled():
    short = RowWindow.newest(head=1, total=150)
    assert short.dropped_for(RowWindow.newest(head=1, total=152)) == 0  # still no marker
    # The marker appears between listed rows: a table only appends, so it is refilled.
    assert short.dropped_for(RowWindow.newest(head=1, total=300)) is None
    long = RowWindow.newest(head=1, total=1000)
    assert long.dropped_for(RowWindow.newest(head=1, total=1002)) == 2
    assert long.appended_from(RowWindow.newest(head=1, total=1002)) == 1000
    # After three pages were listed, the next request lists the newest rows again.
    assert long.earlier().earlier().earlier().dropped_for(long) is None
    assert long.dropped_for(RowWindow.newest(head=1, total=1000 + 2 * DROP_MOST)) is None
    assert long.dropped_for(RowWindow.newest(head=2, total=1002)) is None  # other head


# ---- the widget ------------------------------------------------------------------------
async def test_a_thousand_messages_show_the_prompt_the_marker_and_the_newest_200():
    async with showing(500) as (inspector, table, pilot):  # 1,000 messages sent
        assert row_keys(table) == ["1", MARKER_KEY, *newest_keys(1000)]
        assert len(inspector.rows) == 1000  # every row is known; only the table is windowed
        hidden_tokens = sum(range(1, 800))  # messages 2-800 carry 1-799 tokens
        assert [cell(table, 1, c) for c in range(4)] == ["…", "", "", f"{hidden_tokens:,}"]
        assert cell(table, 1, 4) == "799 earlier messages not listed · Enter: show 200 more"
        # The marker and the listed rows count every token sent.
        listed = sum(int(cell(table, r, 3).replace(",", "")) for r in range(table.row_count))
        assert listed == record(500).counted_tokens
        # The newest message is selected, as for any request.
        assert table.cursor_row == 201 and content(inspector) == "question 500"
        assert inspector.omitted_text == "nothing left out · buffer"
        # A listed row still shows its message in full when the cursor is on it.
        table.move_cursor(row=2)
        await pilot.pause()
        assert content(inspector) == "message 800"
        table.move_cursor(row=1)
        await pilot.pause()
        assert content(inspector).startswith(
            f"799 earlier messages of this request ({hidden_tokens:,} tokens) are not listed"
        )


async def test_enter_on_the_marker_lists_the_next_page_until_every_row_is_listed():
    async with showing(500) as (inspector, table, pilot):
        table.focus()
        table.move_cursor(row=1)
        await pilot.press("enter")
        await pilot.pause()
        assert row_keys(table) == ["1", MARKER_KEY, *newest_keys(1000, NEWEST + PAGE)]
        assert cell(table, 1, 4) == "599 earlier messages not listed · Enter: show 200 more"
        assert table.cursor_row == 1  # still on the marker: Enter again lists more
        for _ in range(3):
            await pilot.press("enter")
            await pilot.pause()
        assert row_keys(table) == [str(n) for n in range(1, 1001)]  # every row, no marker
        assert table.cursor_row == 1 and content(inspector) == "message 1"


async def test_a_click_on_the_marker_lists_the_next_page():
    async with showing(500) as (inspector, table, pilot):
        # The newest row, under the cursor, is at the end: scroll to the marker, one row
        # short of the top (the top lists more by itself).
        table.scroll_to(y=1, animate=False)
        await pilot.pause()
        assert marker_y(table) == 1  # right under the header
        assert await pilot.click(table, offset=(10, marker_y(table)))
        await pilot.pause()
        assert table.row_count == 1 + 1 + NEWEST + PAGE
        assert table.cursor_row == 1
        # A click on the marker under the cursor lists the next page too, once, wherever
        # on the row it lands.
        assert await pilot.click(table, offset=(10, marker_y(table)))
        await pilot.pause()
        assert table.row_count == 1 + 1 + NEWEST + 2 * PAGE
        assert await pilot.click(table, offset=(30, marker_y(table)))
        await pilot.pause()
        assert table.row_count == 1 + 1 + NEWEST + 3 * PAGE
        assert await pilot.click(table, offset=(30, marker_y(table)))
        await pilot.pause()
        assert table.row_count == 1000 and MARKER_KEY not in row_keys(table)


async def test_buffer_turns_append_rows_and_keep_the_window_bounded():
    async with showing(None) as (inspector, table, pilot):
        kept_from: dict[str, object] = {}
        for turn in range(95, 106):  # 190 to 210 messages: the marker appears on the way
            inspector.show(record(turn))
            await pilot.pause()
            total = 2 * turn
            if total <= 1 + NEWEST:
                assert row_keys(table) == [str(n) for n in range(1, total + 1)]
            else:
                assert row_keys(table) == ["1", MARKER_KEY, *newest_keys(total)]
                hidden = total - NEWEST - 1
                noun = "message" if hidden == 1 else "messages"
                assert cell(table, 1, 4).startswith(f"{hidden} earlier {noun} not listed")
                assert cell(table, 1, 3) == f"{sum(range(1, hidden + 1)):,}"
            assert table.cursor_row == table.row_count - 1
            assert content(inspector) == f"question {turn}"
            # Rows listed before stay the same rows: only the last question (no longer
            # new) and the new rows are added; the table is filled again once, when the
            # marker has to appear between the prompt and the rows after it.
            if total - 2 <= 1 + NEWEST < total:
                assert not any(table.rows.get(RowKey(k)) is r for k, r in kept_from.items())
            elif kept_from:
                still = [k for k in kept_from if k != str(total - 2) and RowKey(k) in table.rows]
                # every row before the last question; or the prompt, the marker and the
                # newest rows but the two dropped, the last question and the two added
                assert len(still) == (total - 3 if total <= 1 + NEWEST else 2 + NEWEST - 3)
                assert all(table.rows[RowKey(k)] is kept_from[k] for k in still)
            kept_from = {str(r.key.value): r for r in table.ordered_rows}


async def test_pages_listed_on_one_request_are_put_back_on_the_next():
    async with showing(500) as (inspector, table, pilot):
        inspector.show_earlier()
        inspector.show_earlier()
        table = inspector.query_one(DataTable)
        assert table.row_count == 2 + NEWEST + 2 * PAGE
        await pilot.resize_terminal(100, 30)  # a new width redraws the same rows
        await pilot.pause()
        assert table.row_count == 2 + NEWEST + 2 * PAGE and table.cursor_row == 1
        inspector.show(record(501))
        await pilot.pause()
        assert row_keys(table) == ["1", MARKER_KEY, *newest_keys(1002)]


async def test_a_small_request_lists_every_row_and_no_marker():
    async with showing(3, (80, 24)) as (inspector, table, pilot):
        assert row_keys(table) == ["1", "2", "3", "4", "5", "6"]
        assert inspector.window.hidden == 0
        inspector.show_earlier()  # nothing to list: nothing changes
        assert row_keys(table) == ["1", "2", "3", "4", "5", "6"]


async def test_the_panels_figures_count_the_whole_request():
    state = SessionState()
    state.switches = [StrategySwitch(1, "buffer", {})]
    state.records = [record(500)]
    async with mounted(SidePanel, (80, 40)) as (panel, pilot):
        panel.update_session(state, context_window=128_000)
        await pilot.pause()
        figures = panel.query_one(TokenMeter).figures
        assert (figures["sent"], figures["counted"]) == (1000, record(500).counted_tokens)
        assert panel.query_one(RequestInspector).query_one(DataTable).row_count == 2 + NEWEST


async def test_played_buffer_turns_add_rows_to_the_table_instead_of_refilling_it(tmp_path):
    from fincoach_tui.domain.persona import DEMO_TURNS

    async with running(tmp_path, said=DEMO_TURNS[:1]) as (app, pilot):
        table = app.side.query_one(RequestInspector).query_one(DataTable)
        first = [table.rows[RowKey(key)] for key in ("1", "2")]
        for turn, text in enumerate(DEMO_TURNS[1:4], start=2):
            await say(app, pilot, text)
            assert table.row_count == len(app.live.state.chat_records[-1].sent) == 2 * turn
            # The rows drawn at turn 1 are still there: the first question's, no longer
            # the new message, had its provenance cell set in place.
            assert all(table.rows[RowKey(k)] is row for k, row in zip(("1", "2"), first))
            assert str(table.get_cell_at(Coordinate(1, 2))) == "verbatim"


async def test_message_numbers_of_a_10000_turn_request_fit_their_column():
    """A 10,000-turn buffer request sends 20,000 messages: the "#" column holds the
    newest one's number whole, not cut to its first digits."""
    async with showing(10_000) as (inspector, table, pilot):
        newest = row_keys(table)[-1]
        assert newest == "20000" and cell(table, table.row_count - 1, 0) == "20000"
        number = next(column for column in table.ordered_columns if column.key == "number")
        assert number.width >= len(newest)


# ---- rows built when listed ------------------------------------------------------------
RECALLING = (
    "PROMPT\n\n## Recalled earlier turns (verbatim, as said then; may be outdated)\n"
    "[Turn 1, 5 Jan 2026]\nUser: My salary is ₹1,20,000.\n\n"
    "## Known facts (current: where an older passage disagrees, these win)\n- salary: ₹1,50,000"
)
RECALL_EXTRA = {
    "recall": [{"turn": 1, "ids": ["m1", "m2"], "score": 2.4137, "retriever": "bm25"}],
    "conflicts": [
        {
            "key": "salary",
            "recalled_turn": 1,
            "recalled_value": "₹1,20,000",
            "fact_value": "₹1,50,000",
            "fact_id": "f3",
        }
    ],
}


def test_request_rows_are_the_rows_of_every_message_made_when_read():
    sent = [SentMessage("system", RECALLING, "system", 40), *sent_at(150)[1:]]
    eager = with_memory_rows(rows_for(sent), RECALL_EXTRA)
    rows = RequestRows(sent, RECALL_EXTRA)
    assert len(rows) == len(eager) == 4 + 300  # the prompt, 3 rows under it, 300 messages
    assert list(rows) == eager and rows[-1] == eager[-1] and rows[3:7] == eager[3:7]
    assert [rows.by_key(row.key) for row in eager] == eager
    assert rows.by_key("301") is None and rows.by_key("recall.2") is None
    for start, stop in ((0, 304), (2, 10), (4, 300), (100, 101), (5, 5)):
        part = eager[start:stop]
        assert rows.tokens_between(start, stop) == sum(r.tokens or 0 for r in part)
        assert rows.messages_between(start, stop) == sum(1 for r in part if r.number)
    assert rows == RequestRows(list(sent), RECALL_EXTRA)  # equal messages, equal rows
    assert rows != RequestRows(sent, {}) and rows != RequestRows(sent[:-1], RECALL_EXTRA)


async def test_showing_a_request_builds_the_rows_it_lists_not_every_row(monkeypatch):
    from fincoach_tui.ui import inspector_rows

    built: list[int] = []
    make = inspector_rows.message_row

    def counted(number: int, message: SentMessage) -> InspectorRow:
        built.append(number)
        return make(number, message)

    monkeypatch.setattr(inspector_rows, "message_row", counted)
    made = []
    for turn in (500, 10_000, 10_001):  # 1,000, 20,000 and 20,002 messages
        async with showing(None) as (inspector, table, pilot):
            built.clear()
            inspector.show(record(turn))
            await pilot.pause()
            made.append(len(built))
            assert row_keys(table)[-1] == str(2 * turn)
    # As many rows built whatever the request's length: the newest 200, those the end of
    # the first rows is looked for in (up to 50), and the newest again for the content area
    # (each time the cursor lands on it).
    assert made[0] == made[1] == made[2] < NEWEST + HEAD_MOST + 5


def screen_row_of(inspector: RequestInspector, text: str) -> int:
    """The screen row showing `text` as a whole cell."""
    lines = screen_lines(inspector.app)
    (row,) = [y for y, line in enumerate(lines) if re.search(rf"\b{text}\b", line)]
    return row


async def page_settled(pilot, table: RequestTable) -> None:
    """Let a page listed by scrolling settle: the table is filled again and scrolled back
    to the rows that were on screen; from then on a scroll to its top is a person's again
    (until then, the refill's own is not)."""
    await pilot.pause()
    await wait_until(pilot, lambda: not table.settling)


async def test_scrolling_to_the_top_lists_the_next_page_and_keeps_the_rows_on_screen():
    async with showing(500) as (
        inspector,
        table,
        pilot,
    ):  # 1,000 messages: the prompt, 799 hidden, 200 listed
        table.scroll_to(y=1, animate=False)  # one row short of the top: nothing comes
        await pilot.pause()
        assert row_keys(table) == ["1", MARKER_KEY, *newest_keys(1000)]
        at = screen_row_of(inspector, "message 801") + 1  # where the top would show it
        table.scroll_to(y=0, animate=False)  # the top: as the wheel or the scrollbar does
        await page_settled(pilot, table)
        assert row_keys(table) == ["1", MARKER_KEY, *newest_keys(1000, NEWEST + PAGE)]
        assert cell(table, 1, 4) == "599 earlier messages not listed · Enter: show 200 more"
        # The page came in above the rows on screen: they did not move.
        assert table.scroll_y == PAGE and screen_row_of(inspector, "message 801") == at
        visible = table.scrollable_content_region.height - 1  # under the header
        assert row_keys(table)[PAGE : PAGE + visible] == [str(n) for n in range(799, 799 + visible)]
        # The cursor stayed on its row, the newest message, and so did the content area.
        assert row_keys(table)[table.cursor_row] == "1000" and content(inspector) == "question 500"
        for listed in (NEWEST + 2 * PAGE, NEWEST + 3 * PAGE):  # on up: a page each time
            table.scroll_to(y=0, animate=False)
            await page_settled(pilot, table)
            assert row_keys(table) == ["1", MARKER_KEY, *newest_keys(1000, listed)]
            assert (
                table.scroll_y == PAGE
                and screen_row_of(inspector, f"message {1001 - listed + PAGE}") == at
            )
        table.scroll_to(y=0, animate=False)  # the last 199, and the marker goes
        await page_settled(pilot, table)
        assert row_keys(table) == [str(n) for n in range(1, 1001)]
        assert table.scroll_y == 199 - 1 and screen_row_of(inspector, "message 201") == at
        table.scroll_to(y=0, animate=False)  # nothing left to list: nothing changes
        await page_settled(pilot, table)
        assert table.row_count == 1000 and table.scroll_y == 0


async def test_ctrl_home_on_the_table_lists_the_next_page_with_the_top_in_view():
    async with showing(500) as (inspector, table, pilot):
        table.focus()
        await pilot.press("ctrl+home")  # the cursor to the prompt, the table to its top
        await page_settled(pilot, table)
        assert row_keys(table) == ["1", MARKER_KEY, *newest_keys(1000, NEWEST + PAGE)]
        assert table.cursor_row == 0 and table.scroll_y == 0
        assert content(inspector) == PROMPT
        # The wheel turned up there, where the table cannot scroll: one page more.
        table.post_message(events.MouseScrollUp(table, 10, 2, 0, -1, 0, False, False, False))
        await page_settled(pilot, table)
        assert row_keys(table) == ["1", MARKER_KEY, *newest_keys(1000, NEWEST + 2 * PAGE)]
        assert table.cursor_row == 0 and table.scroll_y == 0
        await pilot.press("down", "enter")  # then Enter on the marker: one page more
        await pilot.pause()
        assert row_keys(table) == ["1", MARKER_KEY, *newest_keys(1000, NEWEST + 3 * PAGE)]
        assert table.cursor_row == 1 and table.scroll_y == 0


async def test_the_top_reached_again_as_soon_as_a_page_is_in_lists_the_next_page():
    async with showing(500) as (inspector, table, pilot):
        table.scroll_to(y=1, animate=False)  # one row short of the top
        await pilot.pause()
        at = screen_row_of(inspector, "message 801") + 1  # where the top would show it
        again: list[float] = []

        def top_again(y: float) -> None:
            # The first page is in and the rows that were on screen are back in place: a
            # person reaches the top again, in the very next thing the table does.
            if y == PAGE and not again:
                again.append(y)
                table.call_next(table.scroll_to, y=0, animate=False, immediate=True)

        inspector.app.watch(table, "scroll_y", top_again, init=False)
        table.scroll_to(y=0, animate=False)
        await wait_until(pilot, lambda: inspector.window.hidden == 799 - 2 * PAGE)
        await wait_until(pilot, lambda: table.scroll_y == PAGE and not table.settling)
        assert again == [PAGE]
        assert row_keys(table) == ["1", MARKER_KEY, *newest_keys(1000, NEWEST + 2 * PAGE)]
        assert screen_row_of(inspector, f"message {1001 - NEWEST - PAGE}") == at


async def test_ctrl_home_again_at_the_top_lists_the_next_page():
    async with showing(500) as (inspector, table, pilot):
        table.focus()
        await pilot.press("ctrl+home")
        await wait_until(pilot, lambda: inspector.window.hidden == 799 - PAGE)
        await page_settled(pilot, table)
        await pilot.press("ctrl+home")  # at the top already, the cursor on the prompt
        await wait_until(pilot, lambda: inspector.window.hidden == 799 - 2 * PAGE)
        assert row_keys(table) == ["1", MARKER_KEY, *newest_keys(1000, NEWEST + 2 * PAGE)]
        assert table.cursor_row == 0 and table.scroll_y == 0
