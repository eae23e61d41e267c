"""`fincoach usage`: tokens and cost across sessions, as the user types it."""

from __future__ import annotations

import json

import pytest

from fincoach_tui.cli import main
from fincoach_tui.domain.persona import DEMO_TURNS
from fincoach_tui.domain.session_state import summarize_session
from fincoach_tui.settings import paths
from fincoach_tui.store.sessions import SessionStore
from tests.cli.test_commands import plain_chat
from tests.usage_sessions import at, record, utc, write_session  # noqa: F401


def two_sessions() -> None:
    sessions = paths.sessions_dir()
    write_session(sessions, "a", [
        (at("2026-11-30", 10), [record(1, 300, 50, 0.0002, kind="summary"),
                                record(1, 1000, 100, 0.001, cached=400)]),
        (at("2026-12-01"), [record(2, 1200, 80, 0.002, model="gpt-4.1", reasoning=30)]),
    ])  # fmt: skip
    write_session(sessions, "b", [
        (at("2026-12-01"), [record(1, 500, 40, None, model="llama3", strategy="window")]),
        (at("2026-12-02"), [record(2, 600, 60, 0.0005, strategy="window", estimated=True)]),
    ])  # fmt: skip


def test_monthly_table_marks_estimated_and_unpriced(capsys, monkeypatch, utc):  # noqa: F811
    monkeypatch.setenv("COLUMNS", "80")
    two_sessions()
    assert main(["usage", "--monthly"]) == 0
    assert capsys.readouterr().out.splitlines() == [
        "month     input  cached  output  reasoning  maint.        cost",
        "─" * 62,
        "2026-11   1,300     400     150          0     350     $0.0012",
        "2026-12  ≈2,300       0    ≈180        ≈30       0  ≈$0.0025+?",
        "─" * 62,
        "total    ≈3,600    ≈400    ≈330        ≈30    ≈350  ≈$0.0037+?",
        "cached is in input, reasoning in output; maint.: summary and fact calls",
        "≈ 1 call estimated (the server sent no usage)",
        "+? 1 call with no price, not in the cost",
    ]


def test_by_model_since_a_day_as_json(capsys, utc):  # noqa: F811
    two_sessions()
    assert main(["usage", "--daily", "--by", "model", "--since", "2026-12-01", "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["total_cost_usd"] == pytest.approx(0.0025)
    assert [(p["period"], p["group"], p["calls"]) for p in data["periods"]] == [
        ("2026-12-01", "gpt-4.1", 1),
        ("2026-12-01", "llama3", 1),
        ("2026-12-02", "gpt-4o-mini", 1),
    ]


@pytest.mark.parametrize("since", ["yesterday", "2026-13-01", ""])
def test_a_bad_since_is_one_line(since, capsys):
    assert main(["usage", "--since", since]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "--since must be a day as YYYY-MM-DD" in err


def test_no_sessions_yet(capsys):
    assert main(["usage"]) == 0
    assert capsys.readouterr().out.startswith("no usage recorded in ")


def test_monthly_totals_equal_the_sum_of_the_sessions_listing(monkeypatch, capsys):
    """Sessions written by the real coach (the offline model, priced as gpt-4o-mini), one
    of them folding summaries: its maintenance calls count in both."""
    assert plain_chat(monkeypatch, "one", list(DEMO_TURNS[:3])) == 0
    turns = [*DEMO_TURNS, *(f"And what about month {n}?" for n in range(5))]
    assert plain_chat(monkeypatch, "two", turns, "--strategy", "summary") == 0
    capsys.readouterr()
    store = SessionStore(paths.sessions_dir())
    rows = [summarize_session(name, store.read_events(name)) for name in store.names()]
    assert main(["usage", "--monthly", "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["total"]["maintenance_tokens"] > 0  # the summary session folded
    assert data["total"]["total_tokens"] == sum(r.billed_tokens for r in rows)
    assert data["total_cost_usd"] == pytest.approx(sum(r.cost_usd for r in rows), abs=1e-12)
    assert sum(p["cost_usd"] for p in data["periods"]) == pytest.approx(data["total_cost_usd"])
    # And as printed: `fincoach sessions` rounds to 4 decimals, so does the check.
    assert main(["sessions"]) == 0
    listed = [line.split()[4] for line in capsys.readouterr().out.splitlines()[1:]]
    assert sum(float(cost.lstrip("$")) for cost in listed) == pytest.approx(
        data["total_cost_usd"], abs=1e-4
    )


def test_the_month_budget_is_shown_under_the_table(capsys, monkeypatch, utc):  # noqa: F811
    from datetime import datetime

    today = datetime.now().date().isoformat()
    write_session(paths.sessions_dir(), "now", [(at(today), [record(1, 10, 5, 0.41)])])
    paths.config_path().parent.mkdir(parents=True, exist_ok=True)
    paths.config_path().write_text("[budget]\nmonthly_usd = 0.5\n")
    assert main(["usage", "--monthly"]) == 0
    assert capsys.readouterr().out.splitlines()[-1] == "budget: month $0.4100/$0.5000 82%"
