"""The chart's y axis: round ticks, evenly spaced, two rows apart, distinct short labels."""

from __future__ import annotations

import math

import pytest

from fincoach_tui.ui.chart_axis import LABEL_WIDTH, tick_labels, y_ticks


@pytest.mark.parametrize(
    ("top", "rows", "ticks"),
    [
        # the side panel's 7 rows hold 4 labels two rows apart
        (162, 7, [0, 100, 200]),  # one turn: its bar reaches 81% of the axis, not the top
        (257, 7, [0, 100, 200, 300]),
        (600, 7, [0, 500, 1000]),  # headroom: 600 × 1.1 is above 500
        (81_000, 7, [0, 50_000, 100_000]),
        (12_345, 12, [0, 5_000, 10_000, 15_000]),
        (12_345, 20, [0, 2_000, 4_000, 6_000, 8_000, 10_000, 12_000, 14_000]),
        (1_500_000, 7, [0, 1_000_000, 2_000_000]),
        (1, 7, [0, 1, 2]),  # tokens: never a fractional step
        (3, 3, [0, 5]),  # two rows: the axis ends and its zero
        (0, 7, [0, 1]),  # nothing yet
    ],
)
def test_token_ticks(top, rows, ticks):
    assert y_ticks(top, rows, whole=True) == ticks


@pytest.mark.parametrize(
    ("top", "ticks"),
    [
        (0.000162, [0, 0.0001, 0.0002]),
        (0.0021, [0, 0.001, 0.002, 0.003]),
        (0.000031, [0, 0.00002, 0.00004]),
        (2.4, [0, 1, 2, 3]),
        (3e-7, [0, 2e-7, 4e-7]),
    ],
)
def test_cost_ticks_for_tiny_and_whole_dollars(top, ticks):
    assert y_ticks(top, 7) == pytest.approx(ticks, abs=1e-15)


@pytest.mark.parametrize("rows", [3, 5, 7, 10, 14, 30])
@pytest.mark.parametrize(
    "top", [0.0000004, 0.000068, 0.0013, 0.07, 0.9, 1.0, 7.5, 3.0, 97.0, 162.0, 999.0, 81e3, 4.2e6]
)
def test_ticks_are_evenly_spaced_round_and_fit_the_rows(top, rows):
    ticks = y_ticks(top, rows)
    steps = {round(b - a, 12) for a, b in zip(ticks, ticks[1:])}
    assert len(steps) == 1  # evenly spaced
    step = steps.pop()
    mantissa = step / 10 ** math.floor(math.log10(step))
    assert round(mantissa, 9) in (1, 2, 5)  # a 1-2-5 step
    assert ticks[0] == 0 and ticks[-1] >= top * 1.1 > ticks[-2]  # ends just above the top
    assert (len(ticks) - 1) * 2 <= max(rows - 1, 2)  # two rows apart: never on one row


@pytest.mark.parametrize(
    ("ticks", "unit", "labels"),
    [
        ([0, 100, 200, 300], "tokens", ["0", "100", "200", "300"]),
        ([0, 500, 1000, 1500], "tokens", ["0", "0.5k", "1.0k", "1.5k"]),
        ([0, 50_000, 100_000], "tokens", ["0", "50k", "100k"]),
        ([0, 100_000, 100_500], "tokens", ["0", "100.0k", "100.5k"]),
        ([0, 1_000_000, 2_000_000], "tokens", ["0", "1M", "2M"]),
        ([0, 0.0001, 0.0002], "cost", ["$0", "$0.0001", "$0.0002"]),
        ([0, 0.00002, 0.00004], "cost", ["$0", "$0.00002", "$0.00004"]),
        ([0, 0.5, 1.0, 1.5], "cost", ["$0", "$0.5", "$1.0", "$1.5"]),
        ([0, 2e-7, 4e-7], "cost", ["$0", "$2e-07", "$4e-07"]),
    ],
)
def test_labels_are_exact_distinct_and_fit_the_margin(ticks, unit, labels):
    shown = tick_labels(ticks, unit)
    assert shown == labels
    assert len(set(shown)) == len(shown)
    assert max(map(len, shown)) <= LABEL_WIDTH


@pytest.mark.parametrize("unit", ["tokens", "cost"])
@pytest.mark.parametrize("top", [0.0000004, 0.000068, 0.0013, 0.9, 7.5, 162.0, 81e3, 4.2e6])
def test_every_axis_has_distinct_labels_that_fit(unit, top):
    ticks = y_ticks(top, 7, whole=unit == "tokens")
    labels = tick_labels(ticks, unit)
    assert len(set(labels)) == len(labels)
    assert max(map(len, labels)) <= LABEL_WIDTH
