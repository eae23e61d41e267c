"""The inspector's context ledger follows the session's coach: its source is set when the
session (its coach, its context window) changes, and kept from turn to turn."""

from __future__ import annotations

from fincoach_tui.service.ledger import ledger_for
from fincoach_tui.ui.inspector import RequestInspector
from tests.app_harness import SIZE, make_app, say, started, workers_done


async def test_the_ledger_source_is_set_per_session_not_per_turn(tmp_path) -> None:
    app = make_app(tmp_path, "first")
    async with app.run_test(size=SIZE) as pilot:
        await started(app, pilot)
        await say(app, pilot, "My salary is ₹1,20,000.")
        inspector = app.side.query_one(RequestInspector)
        source = inspector.ledger_source
        assert source is not None
        first_coach = app.live.coach
        await say(app, pilot, "And my rent is ₹25,000.")
        assert inspector.ledger_source is source  # the same session: kept
        assert "total in" in inspector.ledger_text

        await pilot.press("ctrl+n")
        await workers_done(app)
        await pilot.pause()
        await say(app, pilot, "I have ₹3,00,000 in an FD.")
        assert app.live.coach is not first_coach
        inspector = app.side.query_one(RequestInspector)
        assert inspector.ledger_source is not None and inspector.ledger_source is not source
        record = app.live.state.records[-1]
        prompt_tokens = record.usage.prompt_tokens
        # Counted with the new session's coach and window, as the inspector shows it.
        assert inspector.ledger_source(record.sent, prompt_tokens, record.model, False) == (
            ledger_for(
                app.live.coach,
                record.sent,
                prompt_tokens,
                model=record.model,
                estimated=False,
                context_window=app.engine.context_window,
            )
        )
        assert "total in" in inspector.ledger_text
