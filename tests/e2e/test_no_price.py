"""A model with no price says "no price" everywhere, never "$0"; a custom server is not
priced by its model's name (gpt-oss-20b on your own server is not Groq's gpt-oss-20b)."""

from __future__ import annotations

import json

from fincoach_tui.cli.commands import main
from fincoach_tui.domain.persona import DEMO_TURNS
from fincoach_tui.settings.config import Config
from fincoach_tui.ui.cost_chart import CostChart
from fincoach_tui.ui.costs_summary import CostsSummary
from fincoach_tui.ui.meter import TokenMeter
from fincoach_tui.ui.status import SessionBar
from tests.app_harness import SIZE, make_app, say, server_settings, started


async def test_an_unpriced_model_shows_no_price_everywhere(
    tmp_path, fake_openai, capsys, monkeypatch
):
    # No price configured, and the fake server's URL is no provider's: gpt-oss-20b is unpriced.
    settings = server_settings(fake_openai.base_url, "gpt-oss-20b")
    app = make_app(tmp_path, "local", settings=settings, config=Config())
    async with app.run_test(size=SIZE) as pilot:
        await started(app, pilot)
        assert app.engine.price is None
        for turn, text in enumerate(DEMO_TURNS[:3], start=1):
            fake_openai.script(text="Noted.", cached_tokens=64 if turn == 3 else 0)
            await say(app, pilot, text)
        assert [r.cost_usd for r in app.live.state.records] == [None, None, None]

        bar = str(app.query_one(SessionBar).content)
        assert bar.startswith("local · no price · ") and "$" not in bar
        meter = app.side.query_one(TokenMeter)
        assert meter.lines["cost"] == "no price" and meter.lines["price"] == "no price"

        chart = app.side.query_one(CostChart)
        chart.mode = "cost"
        await pilot.pause()
        assert chart.series.no_price and chart.series.mode == "tokens"
        assert chart.series.total == [float(r.usage.prompt_tokens) for r in app.live.state.records]
        assert str(chart.caption()).startswith("no price: tokens only · ")
        assert chart.query_one("#plot").spec.y_label == "tokens"

        quote = app.comparison.current().quote("And my rent?")
        assert app.comparison.quote("And my rent?") == (
            f"next: {len(quote.request.sent)} msgs · ≈{quote.prompt_tokens:,} tok in"
            f" + ≈{quote.completion_tokens:,} out · no price · buffer"
        )  # not "≈no price": there is no price to estimate

        summary = app.side.query_one(CostsSummary).lines
        assert "saved" not in summary["cache"] and summary["cache"].endswith("; no price")
        assert "$" not in " ".join(summary.values())

    monkeypatch.setenv("FINCOACH_DATA_DIR", str(tmp_path))
    assert main(["sessions"]) == 0
    listing = capsys.readouterr().out
    assert "no price" in listing.splitlines()[1] and "$" not in listing
    assert main(["export", "local", "--format", "md"]) == 0
    md = capsys.readouterr().out
    assert "Total: no price" in md and "$" not in md
    assert main(["export", "local", "--format", "json"]) == 0
    exported = json.loads(capsys.readouterr().out)
    assert json.dumps(exported).count('"cost_usd": null') >= 3


async def test_a_priced_model_shows_its_price_source_and_date_in_the_meter(tmp_path):
    # The offline coach is priced as gpt-4o-mini: at OpenAI's list price, from genai-prices.
    app = make_app(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        await started(app, pilot)
        await say(app, pilot, DEMO_TURNS[0])
        meter = app.side.query_one(TokenMeter)
        assert meter.lines["price"] == "genai-prices 0.2.3 · OpenAI · 2026-10-14"
        assert meter.lines["cost"].startswith("$")
