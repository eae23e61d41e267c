"""The cost chart after each turn reads that turn's records only, and draws what a series
rebuilt from every record would: its columns grow as records come (chart_columns.py),
each bar's highest turn is looked up, the compare lines read only the points they draw,
and the actual path's curve redoes only its newest turns."""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from dataclasses import replace
from itertools import accumulate
from math import fsum

from hypothesis import given, settings
from hypothesis import strategies as st

from fincoach_tui.domain.curves import ActualPath, Curve, PricedSteps, Step
from fincoach_tui.domain.pricing import Price
from fincoach_tui.domain.records import CallRecord, SentMessage
from fincoach_tui.domain.session_state import StrategySwitch
from fincoach_tui.ui.chart_columns import PeakIndex, SeriesColumns
from fincoach_tui.ui.chart_series import (
    Bars,
    ChartSeries,
    bars,
    build_compare,
    line_scale,
    series_of,
    switch_markers,
    thin,
)
from fincoach_tui.ui.cost_chart import CostChart
from tests.widget_harness import call_record, mounted

ASKED = SentMessage("user", "How much should I save?", "new", 6)


class Counted(Sequence):
    """A sequence that notes every index read, and every time it is walked whole."""

    def __init__(self, items: Sequence) -> None:
        self.items = list(items)
        self.read: list[int] = []
        self.walked = 0

    def __len__(self) -> int:
        return len(self.items)

    def __getitem__(self, index):  # type: ignore[override]
        if isinstance(index, slice):
            self.read.extend(range(*index.indices(len(self.items))))
            return self.items[index]
        self.read.append(index % len(self.items) if index < 0 else index)
        return self.items[index]

    def __iter__(self) -> Iterator:
        self.walked += 1
        return iter(self.items)

    def append(self, item) -> None:
        self.items.append(item)

    def forget(self) -> None:
        self.read, self.walked = [], 0


def record(turn: int, kind: str, tokens: int, cost: float | None) -> CallRecord:
    made = call_record(turn, "buffer", [ASKED], prompt=tokens, completion=5)
    return replace(made, kind=kind, cost_usd=cost)


# ---- the series rebuilt from every record: what the chart drew before ----------------
def rebuilt(records: Sequence[CallRecord], mode: str) -> ChartSeries:
    if mode == "cost" and records and all(r.cost_usd is None for r in records):
        return replace(rebuilt(records, "tokens"), no_price=True)

    def value(r: CallRecord) -> float:
        return (r.cost_usd or 0.0) if mode == "cost" else float(r.usage.prompt_tokens)

    chat: dict[int, float] = {}
    total: dict[int, float] = {}
    for r in records:
        if r.kind == "chat":
            chat[r.turn] = chat.get(r.turn, 0.0) + value(r)
        total[r.turn] = total.get(r.turn, 0.0) + value(r)
    turns = sorted(total)
    totals = [total[t] for t in turns]
    cumulative = list(accumulate(totals))
    return ChartSeries(
        mode=mode,
        turns=turns,
        chat=[chat.get(t, 0.0) for t in turns],
        total=totals,
        cumulative=cumulative,
        unpriced=sum(1 for r in records if r.cost_usd is None),
        line_scale=line_scale(cumulative, totals),
    )


def bars_read_whole(s: ChartSeries, selected: int | None, most: int) -> Bars:
    """Every run's highest turn found by reading every turn of the run."""
    whole = ChartSeries(s.mode, list(s.turns), list(s.chat), list(s.total), list(s.cumulative))
    return bars(whole, selected, most)


def same(a: ChartSeries, b: ChartSeries) -> None:
    assert (a.mode, a.turns, a.chat, a.total, a.cumulative) == (
        b.mode,
        b.turns,
        b.chat,
        b.total,
        b.cumulative,
    )
    assert (a.unpriced, a.no_price, a.line_scale) == (b.unpriced, b.no_price, b.line_scale)
    assert a.top == max(b.total, default=0.0)
    assert a.has_upkeep == (b.total != b.chat)


calls = st.tuples(
    st.sampled_from([0, 0, 1, 1, 1, 2]),  # the turn after the last call's: same, next, a gap
    st.sampled_from(["chat", "chat", "summary", "extract"]),
    st.integers(0, 5000),
    st.one_of(st.none(), st.floats(0, 0.01, allow_nan=False)),
)


def played(steps: list[tuple[int, str, int, float | None]]) -> list[CallRecord]:
    turn, out = 1, []
    for step, kind, tokens, cost in steps:
        turn += step
        out.append(record(turn, kind, tokens, cost))
    return out


@settings(max_examples=60, deadline=None)
@given(st.lists(calls, max_size=60), st.lists(st.integers(1, 5), min_size=1), st.data())
def test_the_columns_grown_record_by_record_are_the_series_rebuilt_at_every_step(
    steps, chunks, data
):
    records = played(steps)
    columns, done, k = SeriesColumns(), 0, 0
    while done < len(records):
        done = min(len(records), done + chunks[k % len(chunks)])
        k += 1
        columns.read(records[:done])
        for mode in ("tokens", "cost"):
            ours, theirs = series_of(columns, [], mode), rebuilt(records[:done], mode)
            same(ours, theirs)
            most = data.draw(st.integers(1, 12))
            selected = data.draw(st.one_of(st.none(), st.integers(0, len(steps) * 2 + 2)))
            assert bars(ours, selected, most) == bars_read_whole(theirs, selected, most)


def test_records_out_of_turn_order_are_summed_per_turn_as_a_rebuild_would():
    records = [
        record(1, "chat", 10, 0.1),
        record(3, "chat", 30, None),
        record(2, "summary", 5, 0.2),
    ]
    columns = SeriesColumns()
    for done in (1, 2, 3):
        columns.read(records[:done])
        same(series_of(columns, [], "cost"), rebuilt(records[:done], "cost"))
    assert columns.turns == [1, 2, 3]


def test_a_turn_reads_only_its_own_records():
    records = Counted(record(t, "chat", 100 * t, 0.001) for t in range(1, 1001))
    columns = SeriesColumns()
    columns.read(records)
    records.forget()
    records.append(record(1001, "summary", 40, 0.0005))
    records.append(record(1001, "chat", 100_100, 0.002))
    columns.read(records)
    # The record read last time (is it the same session?), then the two new ones.
    assert (records.read, records.walked) == ([999, 1000, 1001], 0)
    s = series_of(columns, [], "tokens")
    assert (s.turns[-1], s.total[-1], s.chat[-1]) == (1001, 100_140.0, 100_100.0)
    assert s.cumulative[-1] == sum(100.0 * t for t in range(1, 1001)) + 100_140.0


def test_another_sessions_records_are_read_from_the_start():
    columns = SeriesColumns()
    columns.read([record(t, "chat", 10, None) for t in (1, 2, 3)])
    other = [record(t, "chat", 7, 0.5) for t in (1, 2)]
    columns.read(other)
    same(series_of(columns, [], "cost"), rebuilt(other, "cost"))


def test_a_frame_of_a_long_session_reads_a_hundred_runs_not_every_turn():
    columns = SeriesColumns()
    columns.read([record(t, "chat", (t * 37) % 1000, None) for t in range(1, 10_001)])
    s = series_of(columns, [], "tokens")
    counted = Counted(s.total)
    watched = replace(s, total=counted)  # the peaks index reads `s.total`, not this
    shown = bars(watched, 5000)
    assert shown.per == 100 and len(shown.xs) == 100
    assert len(counted.read) == 100 and counted.walked == 0  # each run's top, once
    assert shown.total == [max(s.total[i : i + 100]) for i in range(0, 10_000, 100)]


@settings(max_examples=80, deadline=None)
@given(st.lists(st.integers(0, 9)), st.lists(st.tuples(st.integers(0, 60), st.integers(1, 60))))
def test_the_peak_index_finds_the_first_highest_value_of_any_range(values, ranges):
    grown: list[float] = []
    peaks = PeakIndex(grown)
    for at, value in enumerate(values):
        grown.append(float(value))
        if at % 3 == 0:  # read now and then: the values since are indexed at the next read
            assert peaks.argmax(0, len(grown)) == grown.index(max(grown))
        peaks.retract()  # the last turn gaining a call: its value changes in place
        grown[-1] += 0.5
        if at % 3 == 1:
            peaks.retract()  # again, indexed or not: the same
            grown[-1] += 0.25
    for a, length in ranges:
        if a + length <= len(grown):
            window = grown[a : a + length]
            assert peaks.argmax(a, a + length) == a + window.index(max(window))
    at_once = PeakIndex(grown)  # the same answers as one built from the whole list
    for stop in range(1, len(grown) + 1):
        assert [peaks.argmax(a, stop) for a in range(stop)] == [
            at_once.argmax(a, stop) for a in range(stop)
        ]


# ---- every strategy at once ------------------------------------------------------------
@settings(max_examples=40, deadline=None)
@given(st.lists(calls, max_size=40), st.lists(st.integers(1, 4), min_size=1))
def test_the_actual_path_grown_record_by_record_is_the_one_read_at_once(steps, chunks):
    records = played(steps)
    path, done, k = ActualPath(), 0, 0
    while done < len(records):
        done = min(len(records), done + chunks[k % len(chunks)])
        k += 1
        ours, fresh = path.curve(records[:done]), ActualPath().curve(records[:done])
        assert ours == fresh
        assert ours.running_cost == tuple(accumulate(fsum(c) for c in per_turn(records[:done])))
        assert list(ours.running_tokens) == list(accumulate(ours.input_tokens))
        calls = ours.chat_calls + ours.upkeep_calls  # the totals, kept as the calls came
        assert (ours.chat_cost, ours.maintenance_cost, ours.total_cost) == (
            fsum(ours.chat_calls),
            fsum(ours.upkeep_calls),
            fsum(calls),
        )
        assert ours.total_tokens == sum(ours.input_tokens)


def per_turn(records: Sequence[CallRecord]) -> list[list[float]]:
    calls: dict[int, list[float]] = {}
    for r in records:
        calls.setdefault(r.turn, []).append(r.cost_usd or 0.0)
    return [calls[t] for t in sorted(calls)]


def test_the_actual_path_reads_only_the_new_records():
    records = Counted(record(t, "chat", 10, 0.001) for t in range(1, 501))
    path = ActualPath()
    path.curve(records)
    records.forget()
    records.append(record(500, "summary", 3, 0.0001))  # a late call of the last turn
    curve = path.curve(records)
    assert (records.read, records.walked) == ([499, 500], 0)
    assert curve.input_tokens[-1] == 13 and curve.cost[-1] == fsum([0.001, 0.0001])
    assert curve.running_cost[-1] == sum(curve.cost[:-1]) + curve.cost[-1]


def test_priced_steps_keep_the_running_sums_of_what_they_priced():
    price = Price(input=0.15, cached_input=0.075, output=0.6)
    steps = [Step(t, 100 * t, (("user", 1),), 20) for t in range(1, 30)]
    priced, flat = PricedSteps(), Overhead0()
    for n in (1, 2, 10, 29):
        curve = priced.curve(steps[:n], "buffer", "buffer", flat, price)
        assert curve.running_cost == tuple(accumulate(curve.cost))
        assert curve.running_tokens == tuple(accumulate(curve.input_tokens))
        assert curve.total_cost == fsum(curve.chat_calls + curve.upkeep_calls)
        assert curve.total_tokens == sum(curve.input_tokens)


class Overhead0:
    def predict_counts(self, counts, counted=0) -> int:
        return 0


class Snapshot:
    """What build_compare reads of a cost snapshot."""

    def __init__(self, curves: tuple[Curve, ...], actual: Curve) -> None:
        self.priced = True
        self.report = type("Report", (), {"curves": curves, "actual": actual, "active": "buffer"})
        self.projections: dict = {}
        self.horizon = len(actual.turns)
        self.context_window = None

    def wall(self, name: str) -> int | None:
        return None


def test_compare_lines_read_only_the_points_they_draw_and_draw_the_same_points():
    turns = range(1, 5001)
    cost = tuple(0.0001 * (t % 13) for t in turns)
    counted = Counted(tuple(accumulate(cost)))
    buffer = Curve("buffer", "buffer", tuple(turns), cost=cost, input_tokens=(1,) * 5000)
    tracked = replace(buffer, running_cost=counted)  # type: ignore[arg-type]
    compare = build_compare(Snapshot((tracked,), buffer), [StrategySwitch(3, "window", {})])  # type: ignore[arg-type]
    line = compare.lines[0]
    assert len(set(counted.read)) == len(line.xs) - 1 <= 201 and counted.walked == 0
    # the line the whole curve would give: every point, thinned
    xs, ys = thin([0, *buffer.turns], [0.0, *accumulate(buffer.cost)])
    assert (line.xs, line.ys, line.total) == (xs, ys, ys[-1])
    assert compare.lines[1].ys == ys  # the actual path, summed when asked (no running sums)
    assert compare.markers == switch_markers([StrategySwitch(3, "window", {})])


# ---- the widget ------------------------------------------------------------------------
async def test_the_chart_reads_only_a_turns_new_records_and_draws_the_same_bars():
    records = Counted(record(t, "chat", 100 + t % 9, 0.001) for t in range(1, 301))
    async with mounted(CostChart) as (chart, pilot):
        chart.show(records, [], 300)  # type: ignore[arg-type]
        await pilot.pause()
        records.forget()
        records.append(record(301, "chat", 500, 0.002))
        chart.show(records, [], 301)  # type: ignore[arg-type]
        await pilot.pause()
        assert (records.read, records.walked) == ([299, 300], 0)
        same(chart.series, rebuilt(records.items, "tokens"))
        chart.action_toggle_mode()  # cost: the columns have it already
        await pilot.pause()
        assert (records.read, records.walked) == ([299, 300], 0)
        same(chart.series, rebuilt(records.items, "cost"))
