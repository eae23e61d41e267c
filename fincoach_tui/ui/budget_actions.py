"""The app's part that keeps spend in view against the budget: the header's budget meter
(amber from 80%, red from 100%), the composer's warning before a send that would cross a
limit, a hard budget's refusal (the text stays in the composer), and the usage screen
(Ctrl+F) where the budget is set.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from rich.text import Text
from textual import on

from fincoach_tui.ui import format as fmt
from fincoach_tui.ui.app_base import FinCoachBase
from fincoach_tui.ui.comparison_messages import DraftQuoted
from fincoach_tui.ui.composer import Composer

if TYPE_CHECKING:
    from fincoach_tui.domain.spend_budget import Budget, BudgetCheck
    from fincoach_tui.service.usage import SpendWatch

BAR_CELLS = 6


class BudgetActions(FinCoachBase):
    spend: SpendWatch | None = None
    _budget_level = "ok"

    def watch_spend(self) -> None:
        """Start following the session on screen (its month's spend read now)."""
        from fincoach_tui.service.usage import SpendWatch, month_spent

        folder = self.sessions.directory
        self.spend = (
            SpendWatch.open(self.config, self.live.coach, lambda: month_spent(sessions_dir=folder))
            if self.live
            else None
        )
        self._budget_level = self.spend.check().level if self.spend else "ok"

    # ---- the usage screen ----------------------------------------------------------
    def action_usage(self) -> None:
        from fincoach_tui.service.usage import budget_of, report
        from fincoach_tui.ui.screens.usage import UsageScreen

        folder = self.sessions.directory
        self.push_screen(
            UsageScreen(
                lambda period: report(period, sessions_dir=folder),
                budget_of(self.config),
                self._save_budget,
            )
        )

    def _save_budget(self, budget: Budget) -> str:
        """Save the budget set in the usage screen; "" when saved, else why not."""
        from fincoach_tui.service.sessions import NotDone, save_settings

        try:
            self.config = save_settings(
                self.config_path,
                budget_monthly_usd=budget.monthly_usd,
                budget_session_usd=budget.session_usd,
                budget_hard=budget.hard,
            )
        except NotDone as exc:
            return str(exc)
        self.watch_spend()
        self.refresh_session()
        return ""

    # ---- the header's meter --------------------------------------------------------
    def budget_segment(self) -> Text | None:
        """ "month ▮▮▮▮▮▯ $4.10/$5.00 82%", coloured by level; None without a budget."""
        if self.spend is None or not self.spend.budget.set:
            return None
        check = self.spend.check()
        worst = max(check.standings, key=lambda s: s.fraction)
        theme = self.current_theme
        colour = {"warn": theme.warning, "over": theme.error}.get(worst.level)
        filled = round(min(worst.fraction, 1.0) * BAR_CELLS)
        text = Text(no_wrap=True)
        text.append(f"{worst.scope} ", style="dim")
        text.append("▮" * filled + "▯" * (BAR_CELLS - filled), style=colour or "")
        text.append(f" {fmt.usd(worst.spent)}/{fmt.usd(worst.limit)} {worst.fraction:.0%}",
                    style=f"bold {colour}" if colour else "")  # fmt: skip
        self._notice_level(check)
        return text

    def _notice_level(self, check: BudgetCheck) -> None:
        rank = {"ok": 0, "warn": 1, "over": 2}
        if rank[check.level] > rank[self._budget_level]:
            self.notify(
                check.notice(fmt.usd),
                severity="error" if check.level == "over" else "warning",
                timeout=10,
                markup=False,
            )
        self._budget_level = check.level

    # ---- before a send ---------------------------------------------------------------
    def budget_refuses(self, text: str) -> bool:
        """A hard budget the send would cross: say so, send nothing, keep the text."""
        if self.spend is None or not self.spend.budget.set:
            return False
        check, cost = self.spend.before_send(text)
        if not check.refused:
            return False
        line = check.warning(fmt.usd, cost)
        self.composer.border_subtitle = line
        self.activity.say(line, error=True)
        self.notify(line, title="Over budget", severity="error", timeout=10, markup=False)
        return True

    @on(DraftQuoted)
    def _warn_in_composer(self, message: DraftQuoted) -> None:
        """After the draft's quote is shown: a send that would cross a limit says so there."""
        composer = self.view_or_none(Composer)
        if composer is None or self.spend is None or not self.spend.budget.set:
            return
        text = composer.text
        warning = ""
        if text.strip() and self.live is not None and not self.live.coach.busy:
            check, cost = self.spend.before_send(text)
            warning = check.warning(fmt.usd, cost)
        if warning:
            composer.border_subtitle = warning
