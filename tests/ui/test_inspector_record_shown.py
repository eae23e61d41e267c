"""In the app, a turn's record replaces its request in flight in the inspector building
only the few messages the turn added (for its ledger), the same at turn 12 as at turn 4:
telling the record equal to the rows on screen builds none of them."""

from __future__ import annotations

from fincoach_tui.domain.records import SentMessage
from fincoach_tui.ui.inspector import RequestInspector
from tests.app_harness import running, say


async def test_a_turns_record_is_shown_building_only_the_messages_it_added(tmp_path):
    async with running(tmp_path, (120, 40)) as (app, pilot):
        assert app.live is not None
        refs = app.live.state.refs
        inspector = app.query_one(RequestInspector)
        built: dict[int, list[str]] = {}
        turn = 0
        referenced, show = refs.referenced, inspector.show

        def counted(provenance: str, message_id: str, count: int | None) -> SentMessage:
            built.setdefault(turn, []).append(message_id)
            return referenced(provenance, message_id, count)

        def shown(record, *, pending=None, title=""):
            # Only the record's show counts: the request in flight holds its own messages.
            refs.referenced = counted if pending is None else referenced  # type: ignore[method-assign]
            try:
                show(record, pending=pending, title=title)
            finally:
                refs.referenced = referenced  # type: ignore[method-assign]

        inspector.show = shown  # type: ignore[method-assign]
        for turn in range(1, 13):
            await say(app, pilot, f"My SIP is {turn},000 a month. (turn {turn})")
        newest = [m.id for m in app.live.state.transcript.messages]
        assert len(newest) == 24
        # Turn t's record sends m1..m(2t-1). Built: its first transcript message (m1, read to
        # find where the transcript begins) and the two the ledger counts anew (they joined
        # the run of messages sent before since the last record), never the rest.
        for t in (4, 12):
            assert built[t] == ["m1", f"m{2 * t - 4}", f"m{2 * t - 3}"], t
        assert inspector.rows[-1].full_text == "My SIP is 12,000 a month. (turn 12)"
