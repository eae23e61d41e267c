"""A turn's panel update posts what is read and no more: the meter tells the app once per
change (not every container on the way), the turn list's highlight that the panel moves
itself is not posted, and an emptied composer with nothing under it is not quoted again
(no timer, no message, no frame after the turn)."""

from __future__ import annotations

from collections import Counter

from textual.message_pump import MessagePump

from tests.app_harness import make_app, say, started, workers_done

SIZE = (120, 40)


async def test_a_turn_posts_each_panel_message_once_to_its_reader(tmp_path, monkeypatch):
    handled: Counter[tuple[str, str]] = Counter()  # (message, the node that handled it)
    dispatch = MessagePump._dispatch_message

    async def counted(pump, message):
        handled[type(message).__name__, type(pump).__name__] += 1
        return await dispatch(pump, message)

    monkeypatch.setattr(MessagePump, "_dispatch_message", counted)
    app = make_app(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        await started(app, pilot)
        await say(app, pilot, "My rent is 25k a month.")
        handled.clear()
        await say(app, pilot, "And my SIP is 10k a month.")
        await workers_done(app)
        await pilot.pause()
        assert app.side.shown_turn == 2 and app.side.shown_costs is not None
        # The meter showed the request in flight, the bill, and the comparison's lines:
        # three changes, each handled by the app alone.
        shown = {pump: n for (name, pump), n in handled.items() if name == "Shown"}
        assert shown == {"FinCoachApp": 3}
        assert not [key for key in handled if key[0] == "OptionHighlighted"]
        assert app.side.query_one("#turns").highlighted == 1  # still moved to turn 2
        # Sent: the composer is empty and nothing was quoted under it, so nothing is due.
        assert app.composer.text == "" and app.composer.border_subtitle == ""
        assert not app.comparison.quote_due and app.comparison.last_quote == ""
        assert not [key for key in handled if key[0] == "DraftQuoted"]
