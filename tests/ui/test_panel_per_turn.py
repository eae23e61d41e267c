"""The side panel's turn reads what the turn added: the records since the last one, not
every turn of the session, and shows what the whole-session computation showed."""

from __future__ import annotations

from dataclasses import replace

from fincoach_tui.domain.session_state import SessionState, StrategySwitch
from fincoach_tui.ui.side_panel import SidePanel
from tests.ui.test_chart_incremental import Counted, record
from tests.widget_harness import mounted


async def test_each_update_reads_the_new_records_and_shows_the_newest_turn():
    state = SessionState()
    state.switches = [StrategySwitch(1, "buffer", {})]
    records = Counted([])
    state.records = records  # type: ignore[assignment]
    played = [
        record(1, "chat", 100, 0.001),
        record(2, "summary", 40, 0.0005),  # maintenance runs before its turn's reply
        record(2, "chat", 120, 0.001),
        record(3, "chat", 140, 0.001),
        record(4, "extract", 30, 0.0002),
        record(4, "chat", 160, 0.001),
    ]
    async with mounted(SidePanel, (80, 40)) as (panel, pilot):
        for made in played:
            records.forget()
            seen = len(records)
            records.append(made)
            panel.update_session(state, context_window=128_000)
            await pilot.pause()
            chats = [r.turn for r in records.items if r.kind == "chat"]
            assert panel.shown_turn == (max(chats) if chats else None)  # the old computation
            # The new record, and the chart's checks that it follows the same session's
            # (the first record, the one before): a few, never every turn.
            assert records.walked == 0 and set(records.read) <= {0, seen - 1, seen}
        again = replace(played[-1], turn=1)  # a turn recorded again (a retry): not the newest
        records.append(again)
        panel.update_session(state, context_window=128_000)
        assert panel.shown_turn == 4 == max(r.turn for r in records.items if r.kind == "chat")
