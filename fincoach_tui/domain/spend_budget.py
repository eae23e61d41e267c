"""Spending budgets: a month's and a session's limit in USD, where spend stands against
them, and whether the next send would cross one. Pure.

Warn at 80%, over at 100%; nothing is refused unless the budget is `hard`, and then only
the send that would cross it (the text stays where it was).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Literal

WARN_AT = 0.8
Level = Literal["ok", "warn", "over"]
Formatter = Callable[[float | None], str]  # how a cost in USD is written (ui/format.usd)


@dataclass(frozen=True)
class Budget:
    monthly_usd: float | None = None
    session_usd: float | None = None
    hard: bool = False

    @property
    def set(self) -> bool:
        return self.monthly_usd is not None or self.session_usd is not None


@dataclass(frozen=True)
class Standing:
    """Spend against one limit."""

    scope: Literal["month", "session"]
    spent: float
    limit: float

    @property
    def fraction(self) -> float:
        return self.spent / self.limit if self.limit > 0 else 0.0

    @property
    def level(self) -> Level:
        if self.fraction >= 1:
            return "over"
        return "warn" if self.fraction >= WARN_AT else "ok"

    def short(self, usd: Formatter) -> str:
        """ "month $4.10/$5.00 82%": what the header shows."""
        return f"{self.scope} {usd(self.spent)}/{usd(self.limit)} {self.fraction:.0%}"


_RANK = {"ok": 0, "warn": 1, "over": 2}


@dataclass(frozen=True)
class BudgetCheck:
    """Where spend stands, and what sending next (at `next_cost`) would do."""

    budget: Budget
    standings: tuple[Standing, ...]
    crossing: tuple[Standing, ...] = ()  # the limits the next send would reach or pass

    @property
    def level(self) -> Level:
        return max((s.level for s in self.standings), key=_RANK.__getitem__, default="ok")

    @property
    def refused(self) -> bool:
        """A hard budget refuses a send that would cross it."""
        return self.budget.hard and bool(self.crossing)

    def warning(self, usd: Formatter, next_cost: float | None) -> str:
        """One line before a send that would cross a limit ("" if none would)."""
        if not self.crossing:
            return ""
        s = self.crossing[0]
        if s.spent < s.limit:
            cost = "" if next_cost is None else f" (≈{usd(next_cost)})"
            line = (
                f"this message{cost} would go over the {s.scope} budget of {usd(s.limit)} "
                f"(spent {usd(s.spent)})"
            )
        else:
            adds = "" if next_cost is None else f"; this message adds ≈{usd(next_cost)}"
            line = f"the {s.scope} budget of {usd(s.limit)} is used up (spent {usd(s.spent)}){adds}"
        if self.refused:
            return f"not sent: {line}; raise it in the usage screen (Ctrl+F) or config.toml"
        return line

    def notice(self, usd: Formatter) -> str:
        """One line once spend has reached 80% or 100% of a limit ("" below 80%)."""
        worst = max(self.standings, key=lambda s: s.fraction, default=None)
        if worst is None or worst.level == "ok":
            return ""
        what = "over" if worst.level == "over" else f"at {worst.fraction:.0%} of"
        return f"budget: {what} the {worst.scope} budget ({usd(worst.spent)} of {usd(worst.limit)})"


def check_budget(
    budget: Budget, month_spent: float, session_spent: float, next_cost: float | None = None
) -> BudgetCheck:
    """Spend against each limit set; `next_cost`: what the next send is predicted to cost
    (None: not known, then no send is said to cross unless a limit is already reached)."""
    standings = []
    if budget.monthly_usd is not None:
        standings.append(Standing("month", month_spent, budget.monthly_usd))
    if budget.session_usd is not None:
        standings.append(Standing("session", session_spent, budget.session_usd))
    extra = next_cost or 0.0
    crossing = tuple(
        s for s in standings if s.spent >= s.limit or (extra > 0 and s.spent + extra > s.limit)
    )
    return BudgetCheck(budget, tuple(standings), crossing)
