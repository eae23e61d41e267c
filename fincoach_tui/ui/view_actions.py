"""The app's view toggles: the side panel beside the chat or in its place, the chart's
mode, the planner and the help screen."""

from __future__ import annotations

from fincoach_tui.domain.plurals import plural
from fincoach_tui.ui.app_base import FinCoachBase

# The panel shows its meter's lines whole from 59 cells across (five-digit counts,
# "billed 12,345 simulated", "completion 345 (128 reasoning)"), 60 with its border; the
# chat needs 40. Below 100 columns the panel is cut (at 80 it had 40 cells: "counted 151
# · bille"), so there the panel becomes the one-line meter and Ctrl+B shows it full width.
PANEL_BESIDE_FROM = 100


class ViewActions(FinCoachBase):
    """Ctrl+B, Ctrl+G, Ctrl+L, F1 and what a resize changes."""

    # ---- help ----------------------------------------------------------------------
    def action_help(self) -> None:
        from fincoach_tui.ui.screens.help import HelpScreen

        if not isinstance(self.screen, HelpScreen):
            self.push_screen(HelpScreen(type(self)))

    # ---- view toggles --------------------------------------------------------------
    def on_resize(self, event) -> None:
        main = self.screen_stack[0] if self.screen_stack else None
        if main is None:
            return
        side = self.query_one("#side")
        if event.size.width >= PANEL_BESIDE_FROM and main.has_class("-panel-full"):
            main.remove_class("-panel-full")  # the panel is beside the chat again
            side.can_focus = False
            self.composer.focus()
        elif event.size.width < PANEL_BESIDE_FROM and not main.has_class("-panel-full"):
            focused = self.focused
            if focused is not None and (focused is side or side in focused.ancestors):
                self.composer.focus()  # the panel is hidden: keys go to the composer

    def action_toggle_panel(self) -> None:
        """Beside the chat: hide or show the panel. Too narrow for that: the panel in
        place of the chat, full width and scrollable, and back (Esc does that too)."""
        main = self.screen_stack[0]
        if not main.has_class("-narrow"):
            self.query_one("#side").toggle_class("-hidden")  # the panel, or its placeholder
            return
        full = not main.has_class("-panel-full")
        main.set_class(full, "-panel-full")
        side = self.query_one("#side")
        side.can_focus = full  # ↑/↓/PgUp/PgDn scroll it; Tab goes on to the chart and tabs
        # After the next refresh: a widget still hidden by the old layout refuses focus.
        if full:
            side.scroll_home(animate=False)
            self.call_after_refresh(side.focus)
        else:
            self.call_after_refresh(self.composer.focus)

    def action_planner(self) -> None:
        from fincoach_tui.ui.screens.planner import PlannerScreen

        comparison = self.comparison.current() if self.comparison is not None else None
        inputs = self.comparison.plan_inputs() if self.comparison is not None else None
        averages = comparison.averages() if comparison is not None and inputs else None
        measured = (
            f"From this session: system prompt {averages.system_tokens:,} tokens, "
            f"{averages.turn_tokens:,} tokens per turn over {plural(averages.turns, 'turn')}; "
            "the rest are the planner's defaults."
            if averages and averages.turns
            else ""
        )
        self.push_screen(PlannerScreen(inputs, measured=measured))

    def action_compare_chart(self) -> None:
        from fincoach_tui.ui.cost_chart import CostChart
        from fincoach_tui.ui.side_panel import SidePanel

        if not self.query(SidePanel):  # pressed before the panel is mounted (start-up)
            return
        chart = self.side.query_one(CostChart)
        if "compare" in chart.modes:
            chart.mode = "compare"
        else:
            self.notify("every strategy's cost appears after the first answered turn")

    def action_toggle_chart(self) -> None:
        from fincoach_tui.ui.side_panel import SidePanel

        if self.query(SidePanel):  # mounted right after the first frame
            self.side.toggle_chart_mode()
