"""Budgets: where spend stands against a month's and a session's limit, and the send that
would cross one."""

from __future__ import annotations

from fincoach_tui.domain.spend_budget import Budget, check_budget
from fincoach_tui.ui.format import usd


def test_no_budget_is_never_a_warning():
    check = check_budget(Budget(), 100.0, 50.0, next_cost=10.0)
    assert check.level == "ok" and not check.crossing and not check.refused
    assert check.warning(usd, 10.0) == "" and check.notice(usd) == ""


def test_amber_from_80_percent_red_from_100():
    budget = Budget(monthly_usd=5.0)
    assert check_budget(budget, 3.99, 0).level == "ok"
    assert check_budget(budget, 4.0, 0).level == "warn"
    assert check_budget(budget, 5.0, 0).level == "over"
    assert check_budget(budget, 4.0, 0).notice(usd) == (
        "budget: at 80% of the month budget ($4.00 of $5.00)"
    )
    assert check_budget(budget, 5.0, 0).notice(usd) == (
        "budget: over the month budget ($5.00 of $5.00)"
    )
    assert check_budget(budget, 4.1, 0).standings[0].short(usd) == "month $4.10/$5.00 82%"


def test_a_send_that_would_cross_warns_and_a_hard_budget_refuses_it():
    soft = check_budget(Budget(session_usd=0.01), 0, 0.0095, next_cost=0.001)
    assert [s.scope for s in soft.crossing] == ["session"] and not soft.refused
    assert soft.warning(usd, 0.001) == (
        "this message (≈$0.0010) would go over the session budget of $0.0100 (spent $0.0095)"
    )
    hard = check_budget(Budget(session_usd=0.01, hard=True), 0, 0.0095, next_cost=0.001)
    assert hard.refused
    assert hard.warning(usd, 0.001).startswith(
        "not sent: this message (≈$0.0010) would go over the session budget of $0.0100"
    )
    under = check_budget(Budget(session_usd=0.01, hard=True), 0, 0.0095, next_cost=0.0004)
    assert not under.crossing and not under.refused


def test_a_budget_already_used_up_refuses_even_a_send_of_unknown_cost():
    check = check_budget(Budget(monthly_usd=1.0, hard=True), 1.0, 0, next_cost=None)
    assert check.refused
    assert check.warning(usd, None) == (
        "not sent: the month budget of $1.00 is used up (spent $1.00); "
        "raise it in the usage screen (Ctrl+F) or config.toml"
    )
    soft = check_budget(Budget(monthly_usd=1.0), 1.5, 0, next_cost=0.25)
    assert soft.warning(usd, 0.25) == (
        "the month budget of $1.00 is used up (spent $1.50); this message adds ≈$0.2500"
    )
