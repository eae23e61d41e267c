"""The chart's plot drawn a line at a time (chart_view.py) is, cell for cell and style for
style, the picture textual-plot's PlotWidget drew from the same chart: the old drawing code
runs here against the library, beside the new widget, for several sessions and sizes.
A frame that only repaints the chart rebuilds none of its lines."""

from __future__ import annotations

from dataclasses import replace

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from rich.style import Style
from textual.app import App, ComposeResult
from textual.geometry import Region
from textual_hires_canvas import Canvas, TextAlign
from textual_plot import HiResMode, PlotWidget
from textual_plot.axis_formatter import NumericAxisFormatter

from fincoach_tui.domain.curves import Curve
from fincoach_tui.domain.projection import Projection
from fincoach_tui.domain.records import CallRecord, SentMessage
from fincoach_tui.domain.session_state import StrategySwitch
from fincoach_tui.ui.chart_axis import tick_labels, y_ticks
from fincoach_tui.ui.chart_plot import (
    EMPTY_TICKS,
    Picture,
    PlotBars,
    PlotSpec,
    PlotStyles,
    draw,
    numeric_labels,
)
from fincoach_tui.ui.chart_raster import BRAILLE, HALFBLOCK, Raster
from fincoach_tui.ui.chart_series import bars, dashes, turn_ticks
from fincoach_tui.ui.chart_view import ChartPlot
from fincoach_tui.ui.compare_plot import ORDER, RIGHT_PAD, line_style
from fincoach_tui.ui.cost_chart import MAX_SPACED_BARS, MIN_TURNS_SHOWN, CostChart
from tests.widget_harness import call_record, mounted

ASKED = SentMessage("user", "How much should I save?", "new", 6)


def record(turn: int, kind: str, tokens: int, cost: float | None) -> CallRecord:
    made = call_record(turn, "buffer", [ASKED], prompt=tokens, completion=5)
    return replace(made, kind=kind, cost_usd=cost)


# ---- the old drawing: cost_chart._put_series and compare_plot.draw_compare, as they were --
class NiceTicks:
    def __init__(self, unit: str, rows: int) -> None:
        self._unit, self._rows = unit, rows

    def get_ticks(self, min_, max_, max_ticks=8):
        return y_ticks(max_, self._rows, whole=self._unit != "cost")

    def get_labels_for_ticks(self, ticks):
        return tick_labels(list(ticks), self._unit)

    def get_ticks_and_labels(self, min_, max_, max_ticks=8):
        ticks = self.get_ticks(min_, max_, max_ticks)
        return ticks, self.get_labels_for_ticks(ticks)


def draw_old(plot: PlotWidget, chart: CostChart) -> None:
    s, style = chart.series, chart.part_style
    rows = plot.query_one("#plot", Canvas).size.height
    plot.clear()
    plot.query_one("#margin-top", Canvas).reset()
    if chart.mode == "compare" and chart.compare is not None:
        c = chart.compare
        for i in sorted(range(len(c.lines)), key=lambda i: ORDER.index(c.lines[i].role)):
            line = c.lines[i]
            ink = line_style(line, i, style)
            plot.plot(line.xs, line.ys, line_style=ink, hires_mode=HiResMode.BRAILLE)
            for xs, ys in dashes(line.projected_x, line.projected_y):
                plot.plot(xs, ys, line_style=ink, hires_mode=HiResMode.BRAILLE)
        for x, name in c.markers:
            plot.add_v_line(x, line_style=style("switch"), label=name)
        if c.wall is not None and c.wall <= c.horizon:
            plot.add_v_line(c.wall, line_style=style("wall"), label="wall")
        plot.set_ylabel("USD" if c.unit == "cost" else "tokens")
        plot.set_xlabel("turn")
        ticks = y_ticks(c.top, rows, whole=c.unit == "tokens")
        plot.set_y_formatter(NiceTicks(c.unit, rows))  # type: ignore[arg-type]
        plot.set_yticks(ticks)
        last = max(c.horizon, s.turns[-1])
        plot.set_xticks(turn_ticks(last))
        plot.set_xlimits(0, last * (1 + RIGHT_PAD))
        plot.set_ylimits(0, ticks[-1])
        return
    shown = bars(s, chart.selected_turn)
    width = (0.8 if len(shown.xs) <= MAX_SPACED_BARS else 1.0) * shown.per
    if len(s.turns) > 1:
        plot.plot(
            shown.line_xs,
            [c / s.line_scale for c in shown.line_ys],
            line_style=style("line"),
            hires_mode=HiResMode.BRAILLE,
        )
    if s.has_upkeep:
        plot.bar(shown.xs, shown.total, width=width, hires_mode=HiResMode.HALFBLOCK,
                 bar_style=style("maintenance"))  # fmt: skip
    plot.bar(shown.xs, shown.chat, width=width, hires_mode=HiResMode.HALFBLOCK,
             bar_style=[style("selected") if c else style("bar") for c in shown.chosen])  # fmt: skip
    for x, name in s.markers:
        plot.add_v_line(x, line_style=style("switch"), label=name)
    plot.set_ylabel("USD" if s.mode == "cost" else "tokens")
    plot.set_xlabel("turn")
    ticks = y_ticks(s.top, rows, whole=s.mode == "tokens")
    plot.set_y_formatter(NiceTicks(s.mode, rows))  # type: ignore[arg-type]
    plot.set_yticks(ticks)
    plot.set_xticks(turn_ticks(s.turns[-1]))
    last = max(shown.xs[-1], *(x for x, _ in s.markers)) if s.markers else shown.xs[-1]
    last = max(last, shown.xs[0] + MIN_TURNS_SHOWN - 1)
    plot.set_xlimits(shown.xs[0] - width / 2, last + width / 2 + RIGHT_PAD * len(s.turns))
    plot.set_ylimits(0, ticks[-1])


# ---- both side by side -----------------------------------------------------------------
class Beside(App):
    """The chart (new drawing) and, below it, a PlotWidget the old code draws on."""

    def __init__(self, size: tuple[int, int]) -> None:
        super().__init__()
        self.chart_size = size

    def compose(self) -> ComposeResult:
        chart = CostChart(id="chart")
        chart.styles.width, chart.styles.height = self.chart_size
        yield chart
        old = PlotWidget(allow_pan_and_zoom=False, id="old")
        old.can_focus = False
        old.set_reactive(PlotWidget.margin_top, 1)
        yield old


def cells(app: App, region: Region) -> list[list[tuple[str, Style | None]]]:
    """The screen's cells in `region`: each a character and its style."""
    strips = app.screen._compositor.render_strips()
    rows = []
    for y in range(region.y, region.bottom):
        row = []
        for segment in strips[y].crop(region.x, region.right):
            row.extend((char, segment.style) for char in segment.text)
        rows.append(row)
    return rows


def text_of(rows: list[list[tuple[str, Style | None]]]) -> list[str]:
    return ["".join(char for char, _ in row) for row in rows]


class Snapshot:
    """What the chart's compare mode reads of a cost snapshot."""

    def __init__(self, curves: tuple[Curve, ...], actual: Curve, wall: int | None) -> None:
        self.priced = True
        self.report = type("Report", (), {"curves": curves, "actual": actual, "active": "buffer"})
        last = actual.turns[-1]
        self.horizon = 2 * last
        ahead = tuple(range(last + 2, self.horizon + 1, 2))
        self.projections = {
            c.name: Projection(
                c.name,
                ahead,
                (1,) * len(ahead),
                tuple(c.cumulative_cost[-1] * t / last for t in ahead),
                tuple(float(t) for t in ahead),
                None,
            )  # fmt: skip
            for c in curves
        }
        self.context_window = 128_000
        self._wall = wall

    def wall(self, name: str) -> int | None:
        return self._wall


def curve(name: str, per_turn: float, turns: int) -> Curve:
    cost = tuple(per_turn * (1 + t % 5) for t in range(1, turns + 1))
    return Curve(name, name, tuple(range(1, turns + 1)), input_tokens=(100,) * turns, cost=cost)


def session(turns: int, *, upkeep_every: int = 0, priced: bool = True) -> list[CallRecord]:
    out = []
    for t in range(1, turns + 1):
        if upkeep_every and t % upkeep_every == 0:
            out.append(record(t, "summary", 300 + 7 * t, 0.00002 * t if priced else None))
        out.append(record(t, "chat", 1000 + (t * 37) % 900 + 3 * t, 0.0001 * (1 + t % 4) if priced else None))  # fmt: skip
    return out


SWITCHES = [StrategySwitch(3, "summary", {}), StrategySwitch(7, "window", {})]
CASES = {
    "one turn": (session(1), [], None, "tokens", None),
    "three turns, a summary and a switch": (
        session(3, upkeep_every=2),
        SWITCHES[:1],
        2,
        "tokens",
        None,
    ),  # fmt: skip
    "ten turns in cost": (session(10, upkeep_every=4), SWITCHES, 10, "cost", None),
    "no price": (session(12, priced=False), [], 5, "cost", None),
    "two hundred turns": (session(200, upkeep_every=9), SWITCHES, 57, "tokens", None),
    "a thousand turns in cost": (session(1000), SWITCHES, None, "cost", None),
    "compare, the wall in sight": (session(30), SWITCHES, 30, "compare", 44),
    "compare, two hundred turns": (session(200, upkeep_every=5), [], None, "compare", None),
}


@pytest.mark.parametrize("size", [(60, 14), (44, 12), (100, 22)])
@pytest.mark.parametrize("case", list(CASES))
async def test_the_plot_is_the_picture_the_plot_library_drew(case, size):
    records, switches, selected, mode, wall = CASES[case]
    app = Beside(size)
    async with app.run_test(size=(120, 50)) as pilot:
        chart, old = app.query_one(CostChart), app.query_one("#old", PlotWidget)
        chart.show(records, switches, selected)
        if mode == "compare":
            turns = len(chart.series.turns)
            curves = (curve("buffer", 0.0002, turns), curve("window", 0.0001, turns))
            chart.show_costs(Snapshot(curves, curve("actual", 0.00015, turns), wall))  # type: ignore[arg-type]
        chart.mode = mode
        await pilot.pause()
        new = app.query_one(ChartPlot)
        old.styles.width, old.styles.height = new.size.width, new.size.height
        await pilot.pause()
        draw_old(old, chart)
        await pilot.pause()
        theirs, ours = cells(app, old.region), cells(app, new.region)
        assert text_of(ours) == text_of(theirs)  # the characters first: a readable diff
        assert ours == theirs
        assert chart.mode == mode and len(chart.series.turns) == len({r.turn for r in records})


def test_the_empty_axis_has_the_plot_librarys_own_ticks():
    ticks, labels = NumericAxisFormatter().get_ticks_and_labels(0.0, 1.0)
    assert (EMPTY_TICKS, numeric_labels(EMPTY_TICKS)) == (ticks, labels)
    assert labels == ["0.0", "0.2", "0.4", "0.6", "0.8", "1.0"]
    assert numeric_labels([5, 10, 15]) == NumericAxisFormatter().get_labels_for_ticks([5, 10, 15])


def picture_text(picture: Picture) -> list[str]:
    """Each screen line of the picture, as `ChartPlot` shows it."""
    return [
        "".join("".join(raster.chars[row]) for raster, row in picture.row(y))
        for y in range(picture.height)
    ]


def test_a_note_is_drawn_alone_wrapped_and_centred_its_heading_kept_when_cut():
    styles = PlotStyles(axis="red", tick="blue", label="bold", note="dim")
    note = PlotSpec(note=("Nothing", "to draw on this plot yet"))
    picture = draw(note, 12, 6, styles)
    assert picture_text(picture) == [
        " " * 12,
        "  Nothing   ",
        " to draw on ",
        " this plot  ",
        "    yet     ",
        " " * 12,
    ]
    whole = picture.whole
    assert whole is not None and whole.styles[1][2:9] == ["bold"] * 7
    assert whole.styles[2][1:11] == ["dim"] * 10 and whole.styles[2][0] == ""
    assert picture_text(draw(note, 12, 2, styles)) == ["  Nothing   ", " to draw on "]
    assert picture.plot.width == 0  # no frame: no turn is under any cell
    # Something to plot wins over a note: the note is only for an empty plot.
    bars_ = PlotBars([1.0], [1.0], 0.8, ["bold"])
    assert draw(replace(note, layers=[bars_]), 12, 6, styles).whole is None


# ---- what a frame costs ----------------------------------------------------------------
def counts(plot: ChartPlot) -> tuple[int, int, int]:
    return plot.pictures_drawn, plot.lines_built, plot.lines_asked


async def test_a_turn_draws_the_plot_once_and_a_repaint_rebuilds_no_line():
    records = session(150, upkeep_every=7)
    async with mounted(CostChart) as (chart, pilot):
        chart.show(records[:100], SWITCHES, None)
        await pilot.pause()
        plot = chart.query_one(ChartPlot)
        rows = plot.size.height
        shown = text_of(cells(chart.app, plot.region))

        plot.refresh()  # a frame that repaints the chart, nothing in it changed
        before = counts(plot)
        await pilot.pause()
        assert counts(plot) == (before[0], before[1], before[2] + rows)  # asked, not built
        assert text_of(cells(chart.app, plot.region)) == shown

        chart.show(records[:100], SWITCHES, None)  # the same turn again: the same plot
        before = counts(plot)
        await pilot.pause()
        assert counts(plot)[:2] == before[:2]

        for done in (110, 130, 150):  # a turn: one picture, each line built once
            chart.show(records[:done], SWITCHES, None)
            before = counts(plot)
            await pilot.pause()
            assert counts(plot)[:2] == (before[0] + 1, before[1] + rows)
            assert text_of(cells(chart.app, plot.region)) != shown


async def test_a_turn_lays_the_screen_out_again_only_when_the_caption_changes_rows(monkeypatch):
    from textual.screen import Screen

    layouts: list[int] = []
    lay_out = Screen._refresh_layout

    def counted(screen, size=None, scroll=False):
        if not scroll:
            layouts.append(1)
        return lay_out(screen, size, scroll)

    monkeypatch.setattr(Screen, "_refresh_layout", counted)
    records = session(40)
    async with mounted(CostChart, size=(60, 30)) as (chart, pilot):
        chart.show(records[:10], [], None)
        await pilot.pause()
        caption, plot = chart.query_one("#caption"), chart.query_one(ChartPlot)
        assert (caption.size.height, plot.size.height) == (1, 13)
        layouts.clear()
        for done in range(11, 20):  # the caption's figures change, its one row does not
            chart.show(records[:done], [], None)
            await pilot.pause()
        assert layouts == [] and str(chart.caption()).endswith(f"({fmt_tokens(records[:19])})")
        chart.show(records[:20], SWITCHES, None)  # the switches named: a second row
        await pilot.pause()
        assert layouts and (caption.size.height, plot.size.height) == (2, 12)
        assert text_of(cells(chart.app, caption.region))[1].startswith("summary, t7 window")


def fmt_tokens(records: list[CallRecord]) -> str:
    return f"{sum(r.usage.prompt_tokens for r in records):,}"


# ---- the raster against the canvas it replaced, shape by shape --------------------------
coordinate = st.floats(-3, 30, allow_nan=False).map(lambda v: round(v, 3))
shapes = st.lists(
    st.tuples(
        st.sampled_from(["bar", "line", "text", "box"]),
        st.lists(coordinate, min_size=4, max_size=8),
    ),
    min_size=1,
    max_size=12,
)


@settings(max_examples=150, deadline=None)
@given(st.integers(1, 24), st.integers(1, 12), shapes)
def test_the_raster_sets_the_cells_the_canvas_set(width, height, drawn):
    canvas, raster = Canvas(width, height), Raster(width, height)
    for i, (kind, values) in enumerate(drawn):
        style = f"color({i % 8})"
        if kind == "bar":
            x0, y0, x1, y1 = values[:4]
            canvas.draw_filled_hires_rectangle(x0, y0, x1, y1, HiResMode.HALFBLOCK, style)
            raster.fill_hires(x0, y0, x1, y1, HALFBLOCK, style)
        elif kind == "line":
            points = list(zip(values[0::2], values[1::2]))
            segments = [(*a, *b) for a, b in zip(points, points[1:])]
            canvas.draw_hires_lines(segments, HiResMode.BRAILLE, style)
            raster.hires_lines(segments, BRAILLE, style)
        elif kind == "text":
            x, y = int(values[0]), int(values[1])
            align = [TextAlign.LEFT, TextAlign.CENTER, TextAlign.RIGHT][i % 3]
            canvas.write_text(x, y, f"[{style}]ab{'c' * (i % 3)}", align)
            raster.text(
                x,
                y,
                f"ab{'c' * (i % 3)}",
                str(Style.parse(style)),
                ["left", "center", "right"][i % 3],
            )
        else:
            x0, y0, x1, y1 = (int(v) for v in values[:4])
            canvas.draw_rectangle_box(x0, y0, x1, y1, thickness=2, style=style)
            raster.box(x0, y0, x1, y1, 2, style)
    assert raster.chars == canvas._buffer
    assert raster.styles == canvas._styles


async def test_after_a_theme_change_the_plot_is_still_the_librarys_picture():
    records, switches, selected, mode, _ = CASES["ten turns in cost"]
    app = Beside((60, 14))
    async with app.run_test(size=(120, 50)) as pilot:
        chart, old = app.query_one(CostChart), app.query_one("#old", PlotWidget)
        chart.show(records, switches, selected)
        chart.mode = mode
        await pilot.pause()
        new = app.query_one(ChartPlot)
        old.styles.width, old.styles.height = new.size.width, new.size.height
        await pilot.pause()
        dark = cells(app, new.region)
        app.theme = "textual-light"
        await pilot.pause()
        draw_old(old, chart)
        await pilot.pause()
        ours = cells(app, new.region)
        assert ours == cells(app, old.region)
        assert text_of(ours) == text_of(dark) and ours != dark  # the same plot, recoloured


async def test_after_a_theme_change_the_no_turns_note_is_recoloured():
    async with mounted(CostChart, size=(60, 20)) as (chart, pilot):
        await pilot.pause()
        plot = chart.query_one(ChartPlot)
        dark = cells(chart.app, plot.region)
        assert "No turns yet" in "".join(text_of(dark))
        chart.app.theme = "textual-light"
        await pilot.pause()
        light = cells(chart.app, plot.region)
        assert text_of(light) == text_of(dark) and light != dark  # the same note, recoloured


async def test_the_caption_names_extraction_bars_maintenance_not_summary_calls(tmp_path):
    """The second bar colour is every maintenance call (folds, extractions, embeddings):
    under `facts` its bars are extractions, so the key does not call them summary calls."""
    from fincoach_tui.ui.cost_chart import CostChart
    from tests.app_harness import running
    from tests.memory_helpers import PLANTED

    async with running(tmp_path, strategy="facts", said=PLANTED[:3]) as (app, pilot):
        assert any(r.kind == "extract" for r in app.live.state.records)
        caption = str(app.side.query_one(CostChart).caption())
        assert "█ maintenance calls ⠒ cumulative" in caption and "summary" not in caption
