"""The app's part that chooses the memory strategy, and opens the memory it keeps."""

from __future__ import annotations

from fincoach_tui.ui.app_base import FinCoachBase


class StrategyActions(FinCoachBase):
    """Ctrl+S, Ctrl+T and the palette's strategies; Ctrl+Y and "remember"."""

    def action_pick_strategy(self) -> None:
        if self.live is None:
            return
        from fincoach_tui.ui.screens.strategy import StrategyScreen

        self.push_screen(StrategyScreen(self.live.coach.strategy), self.apply_strategy)

    def action_cycle_strategy(self) -> None:
        if self.live is None:
            return
        from fincoach_tui.domain.memory import next_strategy

        name = next_strategy(self.live.coach.strategy.name)
        self.apply_strategy((name, self.config.params_for(name)))

    def action_use_strategy(self, name: str) -> None:
        """Switch to `name` with its configured parameters (the command palette's entries)."""
        self.apply_strategy((name, self.config.params_for(name)))

    def apply_strategy(self, choice: tuple[str, dict[str, int]] | None) -> None:
        if choice is None or self.live is None:
            return
        from fincoach_tui.domain.memory import StrategyError

        try:
            strategy = self.live.coach.switch_strategy(*choice)  # refused while a turn runs
        except StrategyError as exc:
            self.notify(str(exc), severity="warning", markup=False)
            return
        except Exception as exc:  # noqa: BLE001 - not saved (a full disk): the strategy stays
            self.notify(f"strategy not changed: {exc}", severity="error", markup=False)
            return
        self.refresh_session()
        self.notify(f"strategy: {strategy.name} — the next request uses it")
        self._save_config(
            strategy=strategy.name,
            strategy_params={
                **self.config.strategy_params,
                strategy.name: strategy.params(),
            },
        )

    # ---- memory --------------------------------------------------------------------
    def action_memory(self) -> None:
        if self.live is None:
            return
        from fincoach_tui.ui.screens.memory import MemoryScreen

        self.push_screen(MemoryScreen(self.live.coach))

    def action_remember(self) -> None:
        """Start a "remember …" message: the fact is extracted before the reply (facts, hybrid)."""
        if not self.composer.text.lower().startswith("remember"):
            self.composer.text = "remember " + self.composer.text
        self.composer.focus()
        self.composer.move_cursor(self.composer.document.end)
