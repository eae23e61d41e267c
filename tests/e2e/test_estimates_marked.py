"""A server that sends no usage: every figure is our estimate and says so, everywhere."""

from __future__ import annotations

from fincoach_tui.cli.commands import cmd_sessions
from fincoach_tui.cli.plain_chat import accounting_line
from fincoach_tui.domain.money import usd
from fincoach_tui.llm.server_tokenizer import forget_probes
from fincoach_tui.service.export import to_markdown
from fincoach_tui.service.runtime import Overrides, build_engine, open_session, resolve
from fincoach_tui.settings import paths
from fincoach_tui.settings.config import Config
from fincoach_tui.store.sessions import SessionStore

MODEL = "toy-model"
PRICE = {MODEL: {"input": 1.0, "output": 2.0}}


async def _no_usage_session(fake, name: str):
    forget_probes()
    config = Config(prices=PRICE)
    overrides = Overrides(provider="custom", base_url=fake.base_url, model=MODEL)
    engine = build_engine(config, resolve(config, overrides, {}), timeout=10)
    for _ in range(2):
        fake.script(text="Keep three months of expenses aside.", usage_in=None)
    live = open_session(engine, SessionStore(paths.sessions_dir()).open(name))
    records = []
    for question in ("My rent is 25000.", "How big should my emergency fund be?"):
        async for event in live.coach.turn(question):
            if getattr(event, "record", None) is not None:
                records.append(event.record)
    return live, records


async def test_the_export_the_listing_and_the_plain_line_mark_estimates(fake_openai, capsys):
    live, records = await _no_usage_session(fake_openai, "nousage")
    line = accounting_line(records[-1], live.coach)
    state = live.state
    live.close()
    assert all(r.usage.estimated for r in records) and state.estimated
    assert f"billed ≈{records[-1].usage.prompt_tokens} " in line and "(estimated)" in line

    markdown = to_markdown("nousage", state)
    first = records[0]
    assert f"≈{first.usage.prompt_tokens} prompt (est.)" in markdown
    assert "billed prompt ·" not in markdown  # no record line calls an estimate billed
    assert f"| ≈{first.usage.prompt_tokens} |" in markdown
    total = sum(r.cost_usd for r in state.records)
    assert f"Total: ≈{usd(total)} (est." in markdown

    assert cmd_sessions() == 0
    row = next(x for x in capsys.readouterr().out.splitlines() if x.startswith("nousage"))
    tokens = sum(r.usage.prompt_tokens + r.usage.completion_tokens for r in state.records)
    assert f"≈{tokens:,}" in row and f"≈{usd(total)}" in row


async def test_a_billed_session_is_not_marked(fake_openai, capsys):
    forget_probes()
    config = Config(prices=PRICE)
    overrides = Overrides(provider="custom", base_url=fake_openai.base_url, model=MODEL)
    engine = build_engine(config, resolve(config, overrides, {}), timeout=10)
    live = open_session(engine, SessionStore(paths.sessions_dir()).open("billed"))
    async for _ in live.coach.turn("My rent is 25000."):
        pass
    state = live.state
    live.close()
    markdown = to_markdown("billed", state)
    assert "≈" not in markdown and "billed prompt" in markdown
    assert cmd_sessions() == 0
    assert "≈" not in capsys.readouterr().out


async def test_the_meter_marks_an_estimate_and_splits_an_estimated_gap():
    from fincoach_tui.ui.meter import TokenMeter
    from fincoach_tui.ui.side_panel import SidePanel
    from tests.ui.test_ui_panel import system, user
    from tests.widget_harness import OneWidgetApp
    from tests.widget_harness import call_record as chat

    record = chat(
        1,
        "buffer",
        [system(), user("Hi", 2)],
        prompt=30,
        predicted=30,
        cost=0.00003,
        estimated=True,
    )
    app = OneWidgetApp(SidePanel)
    async with app.run_test(size=(80, 40)) as pilot:
        meter = app.query_one(TokenMeter)
        meter.count_note = lambda: "o200k estimate"
        meter.split_gap = lambda gap, counted: (-2, gap + 2)
        meter.show(record, 1000)
        await pilot.pause()
        assert meter.figures["prediction_error"] is None
        assert meter.lines["template"] == (
            "−2 tokenizer · +18 template (billed − counted) · predicted 30 (n/a)"
        )
        assert meter.lines["counting"] == "o200k estimate"
        assert meter.lines["cost"] == "≈$0.000030 est."
