"""The side panel, driven by hand-made CallRecords with exact numbers."""

from __future__ import annotations

import contextlib
import subprocess
import sys
from collections.abc import AsyncIterator

from textual.pilot import Pilot
from textual.widgets import DataTable, OptionList

from fincoach_tui.domain.context import split_sections
from fincoach_tui.domain.records import CallRecord, SentMessage, Usage
from fincoach_tui.domain.session_state import SessionState, StrategySwitch
from fincoach_tui.ui.chart_series import ChartSeries, bars, thin
from fincoach_tui.ui.chart_view import ChartPlot
from fincoach_tui.ui.cost_chart import NO_TURNS, CostChart, build_series, line_scale, turn_ticks
from fincoach_tui.ui.inspector import RequestInspector
from fincoach_tui.ui.meter import TokenMeter
from fincoach_tui.ui.side_panel import SidePanel
from tests.screen_text import screen_lines
from tests.widget_harness import OneWidgetApp, cells
from tests.widget_harness import call_record as chat

PROMPT = "You are FinCoach, a careful personal-finance coach."
SUMMARY = "The user earns $4,200 a month and wants an emergency fund of [bold]3 months[/]."


def system(tokens=12, content=PROMPT):
    return SentMessage("system", content, "system", tokens)


def user(text, tokens, provenance="verbatim"):
    return SentMessage("user", text, provenance, tokens)


def assistant(text, tokens):
    return SentMessage("assistant", text, "verbatim", tokens)


TURN1 = chat(
    1,
    "buffer",
    [system(), user("How much should I save?", 6, "new")],
    prompt=29,
    predicted=28,
    completion=40,
    cost=0.0000315,
)
TURN2 = chat(
    2,
    "buffer",
    [
        system(),
        user("How much should I save?", 6),
        assistant("Start with 10%.", 5),
        user("And for emergencies?", 5, "new"),
    ],
    prompt=43,
    predicted=41,
    completion=50,
    cached=24,
    reasoning=16,
    cost=0.000068,
    estimated=True,
    simulated=True,
)
FOLD3 = CallRecord(
    kind="summary",
    turn=3,
    strategy="summary",
    provider="openai",
    model="gpt-4o-mini",
    sent=(
        SentMessage("system", "Summarize.", "system", 2),
        SentMessage("user", "turns 1-2", "new", 3),
    ),
    omitted_ids=(),
    counted_tokens=5,
    predicted_prompt_tokens=12,
    usage=Usage(14, 30),
    cost_usd=None,
    latency_s=0.3,
    note="folded turns 1-2",
)
TURN3 = chat(
    3,
    "summary",
    [
        system(40, PROMPT + "\n\n## Conversation summary (turns 1-2)\n" + SUMMARY),
        user("What about [red]debt[/]?", 7, "new"),
    ],
    omitted=("m1", "m2", "m3", "m4"),
    prompt=55,
    predicted=54,
    completion=20,
    cost=0.00004,
    note="summary covers turns 1-2",
)


def session() -> SessionState:
    state = SessionState()
    state.switches = [
        StrategySwitch(1, "buffer", {}),
        StrategySwitch(3, "summary", {"keep_turns": 1}),
    ]
    state.records = [TURN1, TURN2, FOLD3, TURN3]
    return state


@contextlib.asynccontextmanager
async def showing(state: SessionState) -> AsyncIterator[tuple[OneWidgetApp, Pilot, SidePanel]]:
    """The side panel alone at 80x40, showing `state` in a 128,000-token window."""
    app = OneWidgetApp(SidePanel)
    async with app.run_test(size=(80, 40)) as pilot:
        panel = app.query_one(SidePanel)
        panel.update_session(state, context_window=128_000)
        await pilot.pause()
        yield app, pilot, panel


# ---- pure helpers ----------------------------------------------------------------------
def test_split_sections_finds_the_summary_and_leaves_unknown_headings_in_the_prompt():
    head, sections = split_sections(TURN3.sent[0].content)
    assert head == PROMPT
    assert [(s.provenance, s.label, s.text) for s in sections] == [
        ("summary", "Conversation summary (turns 1-2)", SUMMARY)
    ]
    persona = "Be kind.\n\n## Tone\nWarm."
    assert split_sections(persona) == (persona, [])


def test_series_stacks_summary_calls_on_their_turn_and_counts_unpriced_as_zero():
    tokens = build_series(session().records, session().switches, "tokens")
    assert tokens.turns == [1, 2, 3]
    assert tokens.chat == [29, 43, 55]
    assert tokens.total == [29, 43, 69]
    assert tokens.cumulative == [29, 72, 141]
    assert tokens.markers == [(2.5, "summary")]
    assert tokens.line_scale == 5  # 141 / 5 <= 69
    cost = build_series(session().records, session().switches, "cost")
    assert cost.unpriced == 1
    assert cost.total[2] == TURN3.cost_usd  # the fold had no price: counted as 0


def test_a_short_session_has_one_bar_per_turn():
    s = build_series(session().records, session().switches, "tokens")
    shown = bars(s, selected=2)
    assert (shown.xs, shown.chat, shown.total, shown.per) == (
        [1, 2, 3],
        [29, 43, 55],
        [29, 43, 69],
        1,
    )
    assert shown.chosen == [False, True, False]
    assert (shown.line_xs, shown.line_ys) == ([1, 2, 3], [29, 72, 141])


def test_a_long_session_draws_the_highest_turn_of_each_run_and_samples_the_line():
    turns = list(range(1, 1001))
    totals = [float(t % 7) for t in turns]  # a spike (6) in every run of 10
    totals[504] = 99.0  # turn 505: one spike the bars must not average away
    cumulative = [float(sum(totals[: i + 1])) for i in range(len(turns))]
    s = ChartSeries(mode="tokens", turns=turns, chat=totals, total=totals, cumulative=cumulative)
    shown = bars(s, selected=505, most=100)
    assert shown.per == 10 and len(shown.xs) == 100
    assert shown.xs[0] == 5.5 and shown.xs[-1] == 995.5  # the middle of turns 1-10, 991-1000
    assert shown.total[50] == 99.0 and shown.chosen.index(True) == 50
    assert shown.total[0] == max(totals[:10])
    assert shown.line_xs[:3] == [1.0, 10.0, 20.0] and shown.line_xs[-1] == 1000.0
    assert shown.line_ys[-1] == cumulative[-1] and shown.line_ys[1] == cumulative[9]


def test_thin_keeps_the_ends_and_at_most_the_points_asked():
    xs, ys = thin(list(range(1001)), [float(x) for x in range(1001)], most=200)
    assert len(xs) <= 201 and xs[0] == 0 and xs[-1] == 1000 and ys[-1] == 1000.0
    assert thin([0, 1, 2], [0.0, 1.0, 2.0], most=200) == ([0, 1, 2], [0.0, 1.0, 2.0])


def test_line_scale_and_turn_ticks_are_round():
    assert line_scale([10, 20], [10, 10]) == 2
    assert line_scale([5], [5]) == 1
    assert line_scale([], []) == 1
    assert turn_ticks(3) == [1, 2, 3]
    assert turn_ticks(1000) == [200, 400, 600, 800, 1000]


def test_importing_the_chart_does_not_import_numpy():
    code = "import sys, fincoach_tui.ui.side_panel; print('numpy' in sys.modules)"
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "False"


# ---- the panel -------------------------------------------------------------------------
async def test_empty_panel_invites_a_first_message():
    async with showing(SessionState()) as (app, pilot, panel):
        meter = app.query_one(TokenMeter)
        assert meter.has_class("-empty")
        assert "Send a message to see what it costs" in str(meter.query_one("#empty").content)
        assert app.query_one(RequestInspector).query_one(DataTable).row_count == 0
        chart = app.query_one(CostChart)
        plot = chart.query_one("#plot", ChartPlot)
        assert plot.spec == NO_TURNS and str(chart.caption()) == ""
        # Said in words where the plot would be, centred; no axes from 0 to 1.
        lines = [line.rstrip() for line in screen_lines(app)[plot.region.y : plot.region.bottom]]
        assert [line.strip() for line in lines if line] == [
            "No turns yet",
            "Each turn's tokens and cost will be charted here.",
        ]
        heading = lines.index(" " * 34 + "No turns yet")
        assert lines[heading + 1] == " " * 15 + "Each turn's tokens and cost will be charted here."
        assert heading == (plot.size.height - 2) // 2 and plot.size.width == 80


async def test_newest_turn_is_shown_with_summary_sub_row_and_omitted_line():
    async with showing(session()) as (app, pilot, panel):
        assert panel.shown_turn == 3
        inspector = app.query_one(RequestInspector)
        table = inspector.query_one(DataTable)
        assert table.row_count == len(TURN3.sent) + 1  # + the summary section
        assert cells(table, 0)[:4] == ["1", "system", "system", "40"]
        preview = cells(table, 0)[4]
        assert preview.startswith("You are FinCoach") and "summary" not in preview  # prompt only
        assert table.virtual_size.width <= table.size.width  # previews fit: no sideways scroll
        summary_row = cells(table, 1)
        assert summary_row[:4] == ["", "", "summary", ""]
        assert summary_row[4].startswith("└ Conversation summary (turns 1-2)")
        assert cells(table, 2)[:4] == ["2", "user", "new", "7"]
        assert (
            inspector.omitted_text
            == "4 earlier messages not sent · summary · summary covers turns 1-2"
        )
        assert str(inspector.query_one("#omitted").content) == inspector.omitted_text
        # The newest message is selected; its markup-looking text stays literal.
        assert str(inspector.query_one("#content").content) == "What about [red]debt[/]?"
        table.move_cursor(row=1)
        await pilot.pause()
        assert str(inspector.query_one("#content").content) == (
            "## Conversation summary (turns 1-2)\n" + SUMMARY
        )


async def test_meter_numbers_come_from_the_record():
    async with showing(session()) as (app, pilot, panel):
        panel.show_turn(2)
        await pilot.pause()
        meter = app.query_one(TokenMeter)
        f = meter.figures
        assert (f["sent"], f["counted"], f["billed"]) == (4, 28, 43)
        assert f["gap"] == 43 - 28 == TURN2.template_gap
        assert (f["predicted"], f["prediction_error"]) == (41, 2)
        assert (f["cached"], f["completion"], f["reasoning"]) == (24, 50, 16)
        assert meter.lines["tokens"] == "4 msgs · counted 28 · billed 43 est. simulated"
        assert meter.lines["template"] == "+15 (billed − counted) · predicted 41 (+2)"
        assert meter.lines["cache"] == "24 of prompt · completion 50 (16 reasoning)"
        assert meter.lines["cost"] == "$0.000068"
        assert meter.lines["context"] == "<1% of 128,000"
        assert not meter.has_class("-warning") and not meter.has_class("-error")


async def test_context_window_warning_from_80_percent_and_error_from_100():
    app = OneWidgetApp(SidePanel)
    async with app.run_test(size=(80, 40)) as pilot:
        panel = app.query_one(SidePanel)
        meter = app.query_one(TokenMeter)
        panel.update_session(session(), context_window=69)  # turn 3 billed 55: 79.7%
        await pilot.pause()
        assert not meter.has_class("-warning")
        panel.update_session(session(), context_window=68)  # 80.9%
        await pilot.pause()
        assert meter.has_class("-warning") and not meter.has_class("-error")
        assert "80% of the context window" in meter.alert_text
        assert meter.query_one("#alert").display
        panel.update_session(session(), context_window=55)  # 100%
        await pilot.pause()
        assert meter.has_class("-error") and not meter.has_class("-warning")
        assert meter.alert_text == (
            "this request would not fit in the model's context window (55 tokens)"
        )


async def test_picking_an_earlier_turn_shows_that_turns_record():
    async with showing(session()) as (app, pilot, panel):
        turns = app.query_one("#turns", OptionList)
        assert turns.option_count == 3
        assert (
            str(turns.get_option_at_index(2).prompt)
            == "Turn 3 · summary · 55 tok · $0.000040 · +summary"
        )
        # Choose turn 1 in the list, as a click or Enter would.
        turns.highlighted = 0
        turns.action_select()
        await pilot.pause()
        assert panel.shown_turn == 1
        table = app.query_one(RequestInspector).query_one(DataTable)
        assert table.row_count == len(TURN1.sent)
        assert app.query_one(RequestInspector).omitted_text == "nothing left out · buffer"
        assert app.query_one(TokenMeter).figures["billed"] == 29
        assert app.query_one(CostChart).selected_turn == 1


async def test_chart_keys_select_turns_and_toggle_the_mode():
    app = OneWidgetApp(SidePanel)
    async with app.run_test(size=(80, 40)) as pilot:
        panel = app.query_one(SidePanel)
        panel.update_session(session(), context_window=128_000)
        chart = app.query_one(CostChart)
        chart.focus()
        await pilot.pause()
        await pilot.press("left")
        await pilot.pause()
        assert chart.selected_turn == 2 and panel.shown_turn == 2
        assert app.query_one(TokenMeter).figures["billed"] == 43

        assert chart.mode == "tokens" and chart.series.total == [29, 43, 69]
        await pilot.press("m")
        await pilot.pause()
        assert chart.mode == "cost"
        assert chart.series.total == [0.0000315, 0.000068, 0.00004]
        assert "no price" in str(chart.caption())
        plot = chart.query_one("#plot")
        assert plot.spec.y_label == "USD"
        await pilot.click("#mode-bar")
        assert chart.mode == "tokens" and plot.spec.y_label == "tokens"
        panel.toggle_chart_mode()  # what the app's key binding calls
        await pilot.pause()
        assert chart.mode == "cost"


async def test_strategy_switch_draws_a_marker_and_clicking_a_bar_selects_its_turn():
    async with showing(session()) as (app, pilot, panel):
        chart = app.query_one(CostChart)
        plot = chart.query_one("#plot")
        assert [(v.x, v.label) for v in plot.spec.v_lines] == [(2.5, "summary")]
        assert "t3 summary" in str(chart.caption())
        # Click the middle of turn 1's bar.
        await pilot.click(plot, offset=plot.offset_of(1.0, plot.plot_rows // 2))
        await pilot.pause()
        assert chart.selected_turn == 1 and panel.shown_turn == 1


async def test_pending_request_shows_exact_sections_and_predicted_numbers():
    from fincoach_tui.domain.context import Context, ContextMessage, Section
    from fincoach_tui.service.events import RequestReady

    prompt_section = Section("system", "System prompt", PROMPT)
    summary_section = Section("summary", "Conversation summary (turns 1-2)", SUMMARY)
    messages = (
        ContextMessage(
            "system", TURN3.sent[0].content, "system", (), (prompt_section, summary_section)
        ),
        ContextMessage("user", "Next?", "new", ("m7",)),
    )
    context = Context("summary", messages, ("m1", "m2"), "summary covers turns 1-2")
    request = RequestReady(context, (TURN3.sent[0], user("Next?", 2, "new")), 42, 50)

    app = OneWidgetApp(SidePanel)
    async with app.run_test(size=(80, 40)) as pilot:
        panel = app.query_one(SidePanel)
        panel.update_session(session(), context_window=60)
        panel.show_pending(request)
        await pilot.pause()
        inspector = app.query_one(RequestInspector)
        assert inspector.query_one(DataTable).row_count == 3
        assert [r.provenance for r in inspector.rows] == ["system", "summary", "new"]
        assert (
            inspector.omitted_text
            == "2 earlier messages not sent · summary · summary covers turns 1-2"
        )
        meter = app.query_one(TokenMeter)
        assert (meter.figures["counted"], meter.figures["predicted"]) == (42, 50)
        assert meter.lines["template"] == "predicted 50 (+8 template)"
        assert meter.has_class("-warning")  # 50 of 60 predicted


def thousand_turns() -> SessionState:
    state = SessionState()
    state.switches = [StrategySwitch(1, "window", {})]
    state.records = [
        chat(t, "window", [system(), user("q", 1, "new")], prompt=20, cost=0.00001)
        for t in range(1, 1001)
    ]
    return state


def prompts(turns: OptionList, *indices: int) -> list[str]:
    return [str(turns.get_option_at_index(i).prompt) for i in indices]


async def test_a_thousand_turns_list_the_newest_200_and_add_one_option_per_turn():
    state = thousand_turns()
    async with showing(state) as (app, pilot, panel):
        turns = app.query_one("#turns", OptionList)
        assert turns.option_count == 201  # the earlier turns' option, then turns 801-1000
        assert prompts(turns, 0, 1, 200) == [
            "… 800 earlier turns not listed · Enter: list 200 more",
            "Turn 801 · window · 20 tok · $0.000010",
            "Turn 1000 · window · 20 tok · $0.000010",
        ]
        first = turns.get_option_at_index(1)
        state.records.append(
            chat(1001, "window", [system(), user("q", 1, "new")], prompt=20, cost=0.00001)
        )
        panel.update_session(state, context_window=128_000)
        await pilot.pause()
        assert turns.option_count == 202
        assert turns.get_option_at_index(1) is first  # earlier options were not rebuilt
        assert panel.shown_turn == 1001 and turns.highlighted == 201


async def test_the_earlier_turns_option_lists_the_page_before_the_turns_listed():
    async with showing(thousand_turns()) as (app, pilot, panel):
        turns = app.query_one("#turns", OptionList)
        turns.highlighted = 0
        turns.action_select()  # as Enter or a click would
        await pilot.pause()
        assert turns.option_count == 401
        assert prompts(turns, 0, 1) == [
            "… 600 earlier turns not listed · Enter: list 200 more",
            "Turn 601 · window · 20 tok · $0.000010",
        ]
        # The cursor is on the newest turn brought back; no turn was chosen.
        assert turns.highlighted == 200 and prompts(turns, 200)[0].startswith("Turn 800 ·")
        assert panel.shown_turn == 1000
        for _ in range(3):
            turns.highlighted = 0
            turns.action_select()
            await pilot.pause()
        assert turns.option_count == 1000  # every turn, and no earlier option left
        assert prompts(turns, 0)[0].startswith("Turn 1 ·")


async def test_an_earlier_turn_shown_from_the_chart_is_listed_and_highlighted():
    async with showing(thousand_turns()) as (app, pilot, panel):
        turns = app.query_one("#turns", OptionList)
        panel.show_turn(5)
        await pilot.pause()
        assert panel.shown_turn == 5
        assert turns.option_count == 1000 - 4 + 1  # turns 5-1000 under the earlier option
        assert prompts(turns, 0, turns.highlighted) == [
            "… 4 earlier turns not listed · Enter: list 4 more",
            "Turn 5 · window · 20 tok · $0.000010",
        ]
        panel.show_turn(700)  # listed already: the list stays as it is
        await pilot.pause()
        assert turns.option_count == 997
        assert prompts(turns, turns.highlighted)[0].startswith("Turn 700 ·")


async def test_the_meter_shows_cost_figures_only_for_turns_they_cover():
    # Every strategy's cost arrives after a turn is on screen; until then the meter must
    # not pair the new turn with the previous turn's figures.
    from types import SimpleNamespace

    app = OneWidgetApp(SidePanel)
    async with app.run_test(size=(80, 40)) as pilot:
        panel = app.query_one(SidePanel)
        state = session()
        costs = SimpleNamespace(
            report=SimpleNamespace(actual=SimpleNamespace(turns=[1, 2])),
            errors=[(1, 4), (2, 0)],
            saved_on=lambda turn: 0.001,
            cache_saved=0.002,
        )
        panel.update_session(state, context_window=128_000)
        panel._costs = costs  # as show_costs leaves it, without its summary and chart
        panel.show_turn(3)  # the newest turn: the figures do not cover it yet
        await pilot.pause()
        meter = app.query_one(TokenMeter)
        assert meter.figures["turn"] == 3 and "error_trend" not in meter.figures
        panel.show_turn(2)  # a covered turn shows its figures
        await pilot.pause()
        assert (
            meter.figures["error_trend"] == [(1, 4), (2, 0)]
            and meter.figures["cache_saved"] == 0.001
        )
