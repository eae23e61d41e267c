"""Usage across sessions and spend against the budget, as application calls.

The usage index (store/usage_index.py) gives every session's usage per day, model and
strategy; reports are folds of it (domain/usage.py). A live session's spend against the
budget is the month's spend when it opened plus what its calls have cost since.
"""

from __future__ import annotations

from collections.abc import Callable
from datetime import date, datetime
from pathlib import Path
from typing import TYPE_CHECKING

from fincoach_tui.domain.pricing import call_cost
from fincoach_tui.domain.records import Usage
from fincoach_tui.domain.spend_budget import Budget, BudgetCheck, check_budget
from fincoach_tui.domain.usage import GroupBy, Period, UsageReport, spent_since, usage_report
from fincoach_tui.settings import paths
from fincoach_tui.store.usage_index import UsageIndex, index_for

if TYPE_CHECKING:
    from fincoach_tui.service.coach import Coach
    from fincoach_tui.settings.config import Config


def usage_index(sessions_dir: Path | None = None) -> UsageIndex:
    """The index of `sessions_dir` (default: the data directory's), kept in it."""
    if sessions_dir is None:
        return index_for(paths.data_dir())
    return UsageIndex(sessions_dir)


def report(
    period: Period = "daily",
    by: GroupBy = None,
    since: str | None = None,
    *,
    sessions_dir: Path | None = None,
) -> UsageReport:
    """Every session's usage per period (and group), from `since` (YYYY-MM-DD) on."""
    return usage_report(usage_index(sessions_dir).sessions(), period, by, since)


def month_start(today: date) -> str:
    return today.replace(day=1).isoformat()


def month_spent(today: date | None = None, *, sessions_dir: Path | None = None) -> float:
    """What every session's priced calls cost this calendar month (local time)."""
    sessions = usage_index(sessions_dir).sessions()
    return spent_since(sessions, month_start(today or datetime.now().date()))


def budget_of(config: Config) -> Budget:
    return Budget(config.budget_monthly_usd, config.budget_session_usd, config.budget_hard)


def predicted_cost(coach: Coach, text: str) -> float | None:
    """What sending `text` now is predicted to cost: the request's predicted size and a
    reply the length of this session's average one, at the model's price."""
    request = coach.preview(text)
    replies = [r.usage.completion_tokens for r in coach.state.records if r.kind == "chat"]
    completion = round(sum(replies) / len(replies)) if replies else 0
    price = coach.prices.get(coach.choice.model)
    return call_cost(Usage(request.predicted_prompt_tokens, completion), price)


class SpendWatch:
    """A live session's spend against the budget: the month's spend when the session was
    shown (`month_base`, its earlier calls included) plus its calls since."""

    def __init__(self, budget: Budget, coach: Coach, month_base: float) -> None:
        self.budget = budget
        self.coach = coach
        self.month_base = month_base
        self._records_at_start = len(coach.state.records)

    @classmethod
    def open(cls, config: Config, coach: Coach, month: Callable[[], float] = month_spent):
        budget = budget_of(config)
        return cls(budget, coach, month() if budget.monthly_usd is not None else 0.0)

    def _spent(self) -> tuple[float, float]:
        records = self.coach.state.records
        since = sum(r.cost_usd or 0.0 for r in records[self._records_at_start :])
        return self.month_base + since, sum(r.cost_usd or 0.0 for r in records)

    def check(self, next_cost: float | None = None) -> BudgetCheck:
        month, session = self._spent()
        return check_budget(self.budget, month, session, next_cost)

    def before_send(self, text: str) -> tuple[BudgetCheck, float | None]:
        """Where spend stands if `text` is sent now, and its predicted cost."""
        if not self.budget.set:
            return self.check(), None
        cost = predicted_cost(self.coach, text)
        return self.check(cost), cost
