"""The usage screen's bars share the side panel chart's axis (ui/chart_axis.py): the same
round ticks with headroom, labelled the same way, on a scale row above the bars."""

from __future__ import annotations

from fincoach_tui.domain.usage import SessionUsage, usage_report
from fincoach_tui.ui.chart_axis import tick_labels, y_ticks
from fincoach_tui.ui.screens.usage import chart_lines


def report(*days: tuple[str, float, int]):
    """One session's usage: per day, its cost and its input tokens (one call each)."""
    items = [
        [day, "gpt-4o-mini", "buffer", 1, tokens, 0, 0, 0, 0, cost, 0, 0]
        for day, cost, tokens in days
    ]
    return usage_report([SessionUsage.from_items("s", items)], "daily")


def test_the_bars_are_scaled_to_the_shared_axis_and_its_labels_are_on_top():
    lines = [line.plain for line in chart_lines(report(("2026-12-01", 0.00004, 100),
                                                       ("2026-12-02", 0.00008, 200)), 80)]  # fmt: skip
    scale, first, second = lines
    ticks = y_ticks(0.00008, 7, whole=False)  # as the panel's chart would tick that top
    assert ticks == [0.0, 0.00005, 0.0001]
    assert scale.split() == tick_labels(ticks, "cost") == ["$0", "$0.00005", "$0.00010"]
    room = 80 - len("2026-12-01") - len(" $0.000080 · 200 tok") - 2
    assert first.count("█") == round(0.4 * room) and second.count("█") == round(0.8 * room)
    assert second.endswith(" $0.000080 · 200 tok")
    assert scale.index("$0.00005") == len("2026-12-01 ") + round(0.5 * room)


def test_without_costs_the_axis_counts_whole_tokens():
    scale, *bars = [line.plain for line in chart_lines(report(("2026-12-01", 0.0, 1234)), 80)]
    assert scale.split() == tick_labels(y_ticks(1234, 7, whole=True), "tokens")
    assert scale.split()[0] == "0" and all("$" not in label for label in scale.split())
