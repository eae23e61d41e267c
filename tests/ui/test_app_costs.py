"""Every strategy's cost, in the app, against the fake server: the counterfactual sentence,
the prediction error going to zero, the cache discount, the quote before sending, the
compare chart and the planner."""

from __future__ import annotations

import json

from textual.widgets import TabbedContent

from fincoach_tui.domain.persona import DEMO_TURNS
from fincoach_tui.settings import paths
from fincoach_tui.ui.cost_chart import CostChart
from fincoach_tui.ui.costs_summary import CostsSummary
from fincoach_tui.ui.line import Line
from fincoach_tui.ui.meter import TokenMeter
from tests.app_harness import (
    SIZE,
    make_app,
    say,
    server_settings,
    started,
    wait_until,
    workers_done,
)

FIXED, PER_MESSAGE = 6, 3  # the fake provider's template: not the OpenAI family default (3, 4)


def script_exact(app, fake_openai, text, *, cached=0, reply="Noted, thanks."):
    """Bill the next request as this provider's fixed template would: content + 6 + 3/message."""
    request = app.live.coach.preview(text)
    prompt = request.counted_tokens + FIXED + PER_MESSAGE * len(request.sent)
    fake_openai.script(text=reply, prompt_tokens=prompt, completion_tokens=12, cached_tokens=cached)
    return prompt


async def test_every_strategy_at_once_against_a_fixed_template(tmp_path, fake_openai):
    app = make_app(tmp_path, settings=server_settings(fake_openai.base_url))
    async with app.run_test(size=SIZE) as pilot:
        await started(app, pilot)
        for turn, text in enumerate(DEMO_TURNS[:4], start=1):
            script_exact(app, fake_openai, text, cached=128 if turn == 4 else 0)
            await say(app, pilot, text)
        records = app.live.state.chat_records
        errors = [r.usage.prompt_tokens - r.predicted_prompt_tokens for r in records]
        assert errors[0] != 0 and errors[2:] == [0, 0]  # learned: zero error from the third turn
        meter = app.side.query_one(TokenMeter)
        assert meter.figures["error_trend"][-2:] == [(3, 0), (4, 0)]
        assert "t3 0 · t4 0 (billed − predicted)" in meter.lines["trend"]
        assert meter.figures["cache_saved"] > 0  # turn 4 had 128 cached tokens
        summary = app.side.query_one(CostsSummary)
        assert summary.lines["cache"].startswith("caching saved $")

        # Switch to a window, two more turns: now buffer is the road not taken.
        app.apply_strategy(("window", {"k": 2}))
        for text in (*DEMO_TURNS[4:], "And should I start a SIP this month?"):
            script_exact(app, fake_openai, text)
            await say(app, pilot, text)
        assert all(
            r.usage.prompt_tokens == r.predicted_prompt_tokens
            for r in app.live.state.chat_records[2:]
        )
        sentence = summary.lines["compare"]
        assert sentence.startswith("buffer would have cost $") and sentence.endswith(
            "(buffer → window)"
        )
        paid = app.live.state.total_cost
        from fincoach_tui.ui.format import usd

        assert f"you paid {usd(paid)}" in sentence
        assert "window" in summary.lines["totals"] and "summary" in summary.lines["totals"]
        assert "buffer's request outgrows the 128,000-token window at turn" in summary.lines["wall"]
        # Its tab was hidden all along, so its lines were not drawn; shown, they are.
        shown = lambda: {line.id: str(line.content) for line in summary.query(Line) if line.display}  # noqa: E731
        assert not summary.region and shown() != {k: v for k, v in summary.lines.items() if v}
        app.side.query_one(TabbedContent).active = "tab-costs"
        await pilot.pause()
        assert shown() == {k: v for k, v in summary.lines.items() if v}
        app.side.query_one(TabbedContent).active = "tab-request"

        # The chart's compare mode: a curve per strategy, the path taken, dashed projections.
        chart = app.side.query_one(CostChart)
        app.action_compare_chart()
        await pilot.pause()
        assert chart.mode == "compare"
        lines = {line.name: line for line in chart.compare.lines}
        assert {"buffer", "window", "budget", "summary", "actual"} <= set(lines)
        assert lines["window"].role == "active" and lines["actual"].role == "actual"
        assert lines["buffer"].projected_x[-1] == chart.compare.horizon
        assert (
            lines["actual"].total
            == lines["actual"].ys[-1]
            == sum(r.cost_usd for r in app.live.state.records)
        )
        assert f"╌ to t{chart.compare.horizon}" in str(chart.caption())

    # The learned template was saved for this base URL and model (in batches while the
    # fit holds still, and the rest when the session closed with the app).
    saved = json.loads((paths.data_dir() / "overheads.json").read_text())
    (entry,) = saved["entries"].values()
    assert entry["base_url"] == fake_openai.base_url and len(entry["observations"]) == 6


async def test_the_next_run_starts_learned_and_quotes_before_sending(tmp_path, fake_openai):
    first = make_app(tmp_path, "one", settings=server_settings(fake_openai.base_url))
    async with first.run_test(size=SIZE) as pilot:
        await started(first, pilot)
        for text in DEMO_TURNS[:2]:
            script_exact(first, fake_openai, text)
            await say(first, pilot, text)
    second = make_app(tmp_path, "two", settings=server_settings(fake_openai.base_url))
    async with second.run_test(size=SIZE) as pilot:
        await started(second, pilot)
        second.composer.text = DEMO_TURNS[0]
        await wait_until(pilot, lambda: second.comparison.last_quote)  # after typing pauses
        quote = second.comparison.last_quote
        prompt = script_exact(second, fake_openai, DEMO_TURNS[0])
        assert quote.startswith(f"next: 2 msgs · ≈{prompt:,} tok in + ≈0 out · ≈$")
        assert second.composer.border_subtitle == quote
        assert str(second.activity.content) == "ready"  # the activity line is left to the app
        await say(second, pilot, DEMO_TURNS[0])
        # sent: the composer is empty again, and so is its quote
        await wait_until(pilot, lambda: second.composer.border_subtitle == "")
        record = second.live.state.chat_records[0]
        assert (
            record.usage.prompt_tokens == record.predicted_prompt_tokens == prompt
        )  # right first time


async def test_planner_opens_with_the_sessions_averages(tmp_path, fake_openai):
    app = make_app(tmp_path, settings=server_settings(fake_openai.base_url))
    async with app.run_test(size=SIZE) as pilot:
        await started(app, pilot)
        for text in DEMO_TURNS[:3]:
            await say(app, pilot, text)
        await pilot.press("ctrl+l")
        await pilot.pause()
        from fincoach_tui.ui.screens.planner import PlannerScreen

        screen = app.screen
        assert isinstance(screen, PlannerScreen)
        averages = app.comparison.current().averages()
        assert (
            screen.plan.inputs.system_tokens
            == averages.system_tokens
            == app.live.coach.count_text(app.live.coach.system_prompt)
        )
        assert screen.plan.inputs.turn_tokens == averages.turn_tokens
        assert (screen.plan.inputs.tail_turns, screen.plan.inputs.summary_tokens) == (
            3,
            300,
        )  # summary's own
        assert "From this session" in str(screen.query_one("#source").content)
        assert "cheaper per turn from turn" in str(screen.query_one("#crossovers").content)
        table = screen.query_one("#table")
        rows_before = table.row_count
        screen.query_one("#i-turns").value = "60"
        await pilot.pause()
        assert screen.plan.inputs.turns == 60 and table.row_count != rows_before
        await pilot.press("escape")
        await pilot.pause()
        assert not isinstance(app.screen, PlannerScreen)


async def test_the_planner_refuses_a_plan_too_long_to_compute_with_one_line(tmp_path):
    """99,999,999 turns typed into the planner: one line under the inputs, and the plan
    on screen stays the last one that could be made (computed, it froze the app)."""
    from tests.app_harness import make_app as offline_app

    app = offline_app(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        await started(app, pilot)
        await pilot.press("ctrl+l")
        await pilot.pause()
        screen = app.screen
        screen.query_one("#i-turns").value = "99999999"
        await pilot.pause()
        assert str(screen.query_one("#error").content) == (
            "turns must be at most 100,000, got 99,999,999"
        )
        assert screen.plan.inputs.turns == 20


async def test_a_turn_walks_only_itself_and_another_session_starts_afresh(tmp_path):
    from tests.app_harness import make_app as offline_app

    app = offline_app(tmp_path, "first")
    async with app.run_test(size=SIZE) as pilot:
        await started(app, pilot)
        for text in DEMO_TURNS[:2]:
            await say(app, pilot, text)
        costs = app.comparison.current()
        walked = {name: len(w.steps) for (name, _), w in costs.ledger.walkers.items()}
        assert set(walked.values()) == {2}
        await say(app, pilot, DEMO_TURNS[2])
        assert app.comparison.current() is costs  # the same walks, one turn longer
        assert {len(w.steps) for w in costs.ledger.walkers.values()} == {3}
        # Refreshes asked for while one is computed are folded into one more run, not queued.
        for _ in range(3):
            app.comparison.recompute()
        assert len([w for w in app.workers if w.group == "comparison" and not w.is_finished]) <= 1
        await workers_done(app)
        await pilot.pause()

        app.switch_to("second")
        await workers_done(app)
        await pilot.pause()
        assert app.live.name == "second" and app.comparison.current() is not costs
        assert costs.closed  # a snapshot of the first session still under way would stop


async def test_a_comparison_that_fails_to_show_does_not_stop_the_next(tmp_path, monkeypatch):
    from fincoach_tui.ui.side_panel import SidePanel
    from tests.app_harness import make_app as offline_app

    app = offline_app(tmp_path, "first")
    async with app.run_test(size=SIZE) as pilot:
        await started(app, pilot)
        show_costs = SidePanel.show_costs

        def broken(self, snapshot):
            raise RuntimeError("a drawing bug")

        monkeypatch.setattr(SidePanel, "show_costs", broken)
        await say(app, pilot, DEMO_TURNS[0])
        await workers_done(app)
        await pilot.pause()
        assert not app.side.shown_costs.report.actual.turns  # turn 1's numbers never reached it
        monkeypatch.setattr(SidePanel, "show_costs", show_costs)
        await say(app, pilot, DEMO_TURNS[1])
        await workers_done(app)
        await pilot.pause()
        assert (
            app.side.shown_costs is not None and app.side.shown_costs.report.actual.turns[-1] == 2
        )


async def test_an_open_session_is_kept_from_full_collections_and_handed_back_when_left(tmp_path):
    # Once a session is loaded and every strategy walked, full garbage collections skip
    # it (a long one is hundreds of thousands of objects to rescan); leaving it must let
    # it be collected all the same.
    import gc
    import weakref

    from tests.app_harness import make_app as offline_app

    gc.unfreeze()  # whatever an earlier test left frozen
    app = offline_app(tmp_path, "first")
    async with app.run_test(size=SIZE) as pilot:
        await started(app, pilot)
        await say(app, pilot, DEMO_TURNS[0])
        await workers_done(app)
        await pilot.pause()
        assert gc.get_freeze_count() > 0  # the session's objects are out of the collector's sight
        first = weakref.ref(app.live.coach)

        app.switch_to("second")
        await workers_done(app)
        await pilot.pause()
        assert app.live.name == "second"
        gc.collect()
        assert first() is None  # the first session's coach was handed back and collected
    assert gc.get_freeze_count() == 0  # closing the app handed the last session back
