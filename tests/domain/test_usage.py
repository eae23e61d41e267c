"""Usage across sessions, folded per day, week or month and by model, strategy or session."""

from __future__ import annotations

import pytest

from fincoach_tui.domain.usage import SessionUsage, UsageTotals, period_of, usage_report
from tests.usage_sessions import record


def session(name: str, rows: list[tuple[str, dict]]) -> SessionUsage:
    usage = SessionUsage(name)
    for day, event in rows:
        usage.add(day, event["record"])
    return usage


def two_sessions() -> list[SessionUsage]:
    a = session(
        "a",
        [
            ("2026-11-30", record(1, 1000, 100, 0.001, cached=400)),
            ("2026-11-30", record(1, 300, 50, 0.0002, kind="summary")),
            ("2026-12-01", record(2, 1200, 80, 0.002, model="gpt-4.1", reasoning=30)),
        ],
    )
    b = session(
        "b",
        [
            ("2026-12-01", record(1, 500, 40, None, model="llama3", strategy="window")),
            ("2026-12-02", record(2, 600, 60, 0.0005, strategy="window", estimated=True)),
        ],
    )
    return [a, b]


def test_a_record_counts_input_with_its_cached_part_and_output_with_its_reasoning():
    totals = UsageTotals()
    totals.add(
        session("x", [("2026-12-01", record(1, 1000, 100, 0.5, cached=400, reasoning=30))]).total
    )
    assert (totals.input_tokens, totals.cached_tokens) == (1000, 400)
    assert (totals.output_tokens, totals.reasoning_tokens) == (100, 30)
    assert totals.total_tokens == 1100 and totals.maintenance_tokens == 0


def test_periods_are_days_weeks_from_monday_and_months():
    assert period_of("2026-12-02", "daily") == "2026-12-02"
    assert period_of("2026-12-02", "weekly") == "2026-11-30"  # a Wednesday: that Monday
    assert period_of("2026-11-30", "weekly") == "2026-11-30"
    assert period_of("2026-12-02", "monthly") == "2026-12"


def test_monthly_report_sums_every_call_and_marks_what_is_unpriced_or_estimated():
    report = usage_report(two_sessions(), "monthly")
    assert [line.period for line in report.lines] == ["2026-11", "2026-12"]
    november, december = (line.totals for line in report.lines)
    assert (november.calls, november.input_tokens, november.output_tokens) == (2, 1300, 150)
    assert november.maintenance_tokens == 350 and november.cost_usd == pytest.approx(0.0012)
    assert (december.calls, december.unpriced_calls, december.estimated_calls) == (3, 1, 1)
    assert december.cost_usd == pytest.approx(0.0025)
    assert report.total.cost_usd == pytest.approx(0.0037)
    assert report.total.total_tokens == 1300 + 150 + 1200 + 80 + 500 + 40 + 600 + 60


def test_grouped_by_model_strategy_or_session():
    by_model = usage_report(two_sessions(), "monthly", by="model")
    assert [(x.period, x.group, x.totals.calls) for x in by_model.lines] == [
        ("2026-11", "gpt-4o-mini", 2),
        ("2026-12", "gpt-4.1", 1),
        ("2026-12", "gpt-4o-mini", 1),
        ("2026-12", "llama3", 1),
    ]
    by_session = usage_report(two_sessions(), "daily", by="session")
    assert [(x.period, x.group) for x in by_session.lines] == [
        ("2026-11-30", "a"), ("2026-12-01", "a"), ("2026-12-01", "b"), ("2026-12-02", "b"),
    ]  # fmt: skip
    by_strategy = usage_report(two_sessions(), "weekly", by="strategy")
    assert [(x.period, x.group, x.totals.calls) for x in by_strategy.lines] == [
        ("2026-11-30", "buffer", 3),
        ("2026-11-30", "window", 2),
    ]


def test_since_leaves_out_earlier_days_and_json_has_the_total_cost_on_top():
    report = usage_report(two_sessions(), "daily", since="2026-12-01")
    assert [line.period for line in report.lines] == ["2026-12-01", "2026-12-02"]
    data = report.as_json()
    assert data["total_cost_usd"] == pytest.approx(0.0025)
    assert data["total"]["unpriced_calls"] == 1 and data["total"]["estimated_calls"] == 1
    assert data["periods"][0] == {
        "period": "2026-12-01", "calls": 2, "input_tokens": 1700, "cached_tokens": 0,
        "output_tokens": 120, "reasoning_tokens": 30, "maintenance_tokens": 0,
        "cost_usd": 0.002, "unpriced_calls": 1, "estimated_calls": 0, "total_tokens": 1820,
    }  # fmt: skip


def test_a_session_usage_round_trips_through_its_index_items():
    a = two_sessions()[0]
    assert SessionUsage.from_items("a", a.to_items()) == a
