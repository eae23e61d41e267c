"""Spend in the app, against the fake server (gpt-4o-mini priced at $0.15 / $0.60 per 1M
in config.toml, tests/app_harness.server_config): the receipt under each reply, the
inspector's context ledger, the header's budget meter at 80% and 100%, the composer's
warning before a send that would cross, a hard budget's refusal, and the usage screen.

The first turn sends the system prompt (132 tokens) and the question (6): 138 counted;
the server bills 173 in (35 of them the chat template) and 92 out:
173 x 0.15 + 92 x 0.60 = 81.15 millionths of a dollar."""

from __future__ import annotations

import dataclasses

from fincoach_tui.settings.config import load_config
from fincoach_tui.ui.chat import Receipt
from fincoach_tui.ui.inspector import RequestInspector
from fincoach_tui.ui.status import SessionBar
from tests.app_harness import make_app, say, server_config, server_settings, started, wait_until

QUESTION = "How much should I save?"


def app_on(fake, tmp_path, **config):
    settings = server_settings(fake.base_url)
    return make_app(
        tmp_path, settings=settings, config=dataclasses.replace(server_config(), **config)
    )


def receipts(app) -> list[str]:
    return [str(r.content) for r in app.query(Receipt)]


def bar(app) -> str:
    return str(app.query_one(SessionBar).content)


async def test_a_receipt_under_each_reply_and_the_context_ledger(fake_openai, tmp_path):
    fake_openai.script(text="Save a fifth.", prompt_tokens=173, completion_tokens=92)
    fake_openai.script(
        text="Then invest.", prompt_tokens=200, completion_tokens=40, cached_tokens=128
    )
    app = app_on(fake_openai, tmp_path)
    async with app.run_test(size=(120, 40)) as pilot:
        await started(app, pilot)
        await say(app, pilot, QUESTION)
        assert receipts(app) == ["↑ 173 (35 template) · ↓ 92 · $0.000081 · session $0.000081"]
        assert app.side.query_one(RequestInspector).ledger_text.splitlines() == [
            "system prompt  132  $0.000020",
            "new message      6  $0.00000090",
            "chat template   35  $0.0000052",  # 5.25 millionths, as a float rounds it
            "total in       173  $0.000026",
            "window: 127,827 of 128,000 left",
        ]
        await say(app, pilot, "And then?")
        record = app.live.state.records[-1]
        # 72 uncached x 0.15 + 128 cached x 0.075 + 40 x 0.60 = 44.4 millionths
        assert record.cost_usd == 44.4e-6
        counted = record.counted_tokens
        assert receipts(app)[1] == (
            f"↑ 200 ({200 - counted} template) · ↓ 40 · $0.000044 · session $0.00013"
        )


async def test_receipts_can_be_turned_off(fake_openai, tmp_path):
    app = app_on(fake_openai, tmp_path, receipts=False)
    async with app.run_test(size=(120, 40)) as pilot:
        await started(app, pilot)
        await say(app, pilot, QUESTION)
        assert receipts(app) == []


async def test_the_budget_meter_turns_amber_at_80_and_red_at_100_percent(fake_openai, tmp_path):
    for _ in range(2):
        fake_openai.script(text="Save a fifth.", prompt_tokens=173, completion_tokens=92)
    app = app_on(fake_openai, tmp_path, budget_session_usd=0.0001)
    async with app.run_test(size=(80, 24)) as pilot:
        await started(app, pilot)
        assert "session ▯▯▯▯▯▯ $0/$0.00010 0%" in bar(app)
        await say(app, pilot, QUESTION)
        assert "session ▮▮▮▮▮▯ $0.000081/$0.00010 81%" in bar(app)
        segment = app.query_one(SessionBar).content.spans
        assert any(str(app.current_theme.warning) in str(s.style) for s in segment)
        assert ("", "budget: at 81% of the session budget ($0.000081 of $0.00010)") in app.notices
        await say(app, pilot, "And then?")
        assert "session ▮▮▮▮▮▮ $0.00016/$0.00010 162%" in bar(app)
        segment = app.query_one(SessionBar).content.spans
        assert any(str(app.current_theme.error) in str(s.style) for s in segment)
        assert ("", "budget: over the session budget ($0.00016 of $0.00010)") in app.notices


async def test_the_composer_warns_before_a_send_that_would_cross(fake_openai, tmp_path):
    fake_openai.script(text="Save a fifth.", prompt_tokens=173, completion_tokens=92)
    app = app_on(fake_openai, tmp_path, budget_session_usd=0.00015)
    async with app.run_test(size=(80, 24)) as pilot:
        await started(app, pilot)
        await say(app, pilot, QUESTION)
        app.composer.text = "And next month?"
        await wait_until(pilot, lambda: "budget" in str(app.composer.border_subtitle))
        subtitle = str(app.composer.border_subtitle)
        assert subtitle.startswith("this message (≈$0.0000")
        assert subtitle.endswith("would go over the session budget of $0.00015 (spent $0.000081)")


async def test_a_hard_budget_refuses_the_send_and_keeps_the_text(fake_openai, tmp_path):
    fake_openai.script(text="Save a fifth.", prompt_tokens=173, completion_tokens=92)
    app = app_on(fake_openai, tmp_path, budget_session_usd=0.0001, budget_hard=True)
    async with app.run_test(size=(80, 24)) as pilot:
        await started(app, pilot)
        await say(app, pilot, QUESTION)  # 81%: the first send was under the budget
        await say(app, pilot, "And next month?")
        assert len(fake_openai.requests) == 1  # nothing more was sent
        assert app.composer.text == "And next month?"  # nothing lost
        (title, line) = app.notices[-1]
        assert title == "Over budget" and line.startswith("not sent: this message (≈$0.0000")
        assert len(app.live.state.transcript.messages) == 2


async def test_the_usage_screen_shows_every_session_and_sets_the_budget(fake_openai, tmp_path):
    from textual.widgets import Input, Static

    from fincoach_tui.ui.screens.usage import UsageScreen

    fake_openai.script(text="Save a fifth.", prompt_tokens=173, completion_tokens=92)
    app = app_on(fake_openai, tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        await started(app, pilot)
        await say(app, pilot, QUESTION)
        await pilot.press("ctrl+f")
        await wait_until(pilot, lambda: isinstance(app.screen, UsageScreen))
        screen = app.screen
        await wait_until(pilot, lambda: screen.report is not None)
        await pilot.pause()
        chart = str(screen.query_one("#chart", Static).content)
        assert chart.endswith(" $0.000081 · 265 tok") and "█" in chart
        table = str(screen.query_one("#table", Static).content).splitlines()
        assert table[0].split() == [
            "day", "input", "cached", "output", "reasoning", "maint.", "cost",
        ]  # fmt: skip
        assert table[-2].split() == ["total", "173", "0", "92", "0", "0", "$0.000081"]
        await pilot.press("m")
        await wait_until(pilot, lambda: screen.report.period == "monthly")

        screen.query_one("#monthly", Input).value = "nope"
        await pilot.click("#save")
        await pilot.pause()
        assert str(screen.query_one("#status", Static).content) == (
            "month: write a number of USD, like 5 or 0.50"
        )
        screen.query_one("#monthly", Input).value = "$0.0001"
        # A button ignores presses while it still shows the last one (its "-active" look).
        save = screen.query_one("#save")
        await wait_until(pilot, lambda: not save.has_class("-active"))
        await pilot.click("#save")
        await pilot.pause()
        assert str(screen.query_one("#status", Static).content) == "budget saved"
        assert load_config(app.config_path).budget_monthly_usd == 0.0001
        # Enter in a budget field saves it, as Save does (it did nothing).
        session_field = screen.query_one("#session", Input)
        session_field.focus()
        session_field.value = "0.5"
        await pilot.press("enter")
        await pilot.pause()
        assert str(screen.query_one("#status", Static).content) == "budget saved"
        assert load_config(app.config_path).budget_session_usd == 0.5
        await pilot.press("escape")
        assert "month ▮▮▮▮▮▯ $0.000081/$0.00010 81%" in bar(app)


async def test_a_reopened_session_shows_its_replies_receipts(fake_openai, tmp_path):
    fake_openai.script(text="Save a fifth.", prompt_tokens=173, completion_tokens=92)
    fake_openai.script(text="Then invest.", prompt_tokens=200, completion_tokens=40)
    app = app_on(fake_openai, tmp_path)
    async with app.run_test(size=(120, 40)) as pilot:
        await started(app, pilot)
        await say(app, pilot, QUESTION)
        await say(app, pilot, "And then?")
        shown = receipts(app)
    again = app_on(fake_openai, tmp_path)
    async with again.run_test(size=(120, 40)) as pilot:
        await started(again, pilot)
        assert receipts(again) == shown
        assert shown[1].endswith("· $0.000054 · session $0.00014")


async def test_the_session_bar_drops_whole_parts_where_it_is_narrow(tmp_path):
    """At 80 columns the offline coach's bar cannot hold "priced as gpt-4o-mini": that
    part goes whole, not cut to a dangling "priced as"; at 120 it all fits."""
    from tests.app_harness import running

    async with running(tmp_path, (80, 24), session="a-session-name-of-twenty") as (app, pilot):
        assert bar(app) == "a-session-name-of-twenty · $0 · buffer · offline, simulated"
        await pilot.resize_terminal(120, 40)
        await pilot.pause()
        assert bar(app) == (
            "a-session-name-of-twenty · $0 · buffer · offline, simulated · "
            "priced as gpt-4o-mini · FinCoach"
        )
        await pilot.resize_terminal(36, 24)
        await pilot.pause()
        assert bar(app) == "a-session-name-of-twenty · $0"
        await pilot.resize_terminal(80, 24)
        app.live.coach.switch_strategy("facts")
        app.refresh_session()
        await pilot.pause()
        # The strategy's name stays where its parameters do not all fit.
        assert bar(app) == "a-session-name-of-twenty · $0 · facts tail_turns=3 extract_every=2"
