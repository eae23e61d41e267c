"""What plain mode says about the budget: before a send that would cross it, and once
spend reaches 80% and 100% of a limit. A hard budget refuses the send (`/retry` sends it
once the budget allows); nothing else is ever held back."""

from __future__ import annotations

from fincoach_tui.domain.spend_budget import Level
from fincoach_tui.service.usage import SpendWatch
from fincoach_tui.ui.format import usd

_RANK = {"ok": 0, "warn": 1, "over": 2}


class PlainBudget:
    def __init__(self, watch: SpendWatch) -> None:
        self.watch = watch
        self._level: Level = watch.check().level  # said again only when it rises

    def before(self, text: str) -> tuple[str, bool]:
        """The warning to print before sending `text` ("" for none), and whether the send
        is refused (a hard budget it would cross)."""
        if not self.watch.budget.set or not text.strip():
            return "", False
        check, cost = self.watch.before_send(text)
        return check.warning(usd, cost), check.refused

    def after(self) -> str:
        """A notice when a turn took spend to 80% or 100% of a limit ("" otherwise)."""
        check = self.watch.check()
        risen = _RANK[check.level] > _RANK[self._level]
        self._level = check.level
        return check.notice(usd) if risen else ""
