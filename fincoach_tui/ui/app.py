"""The FinCoach app: chat on the left, what each turn sent and cost on the right.

The app only arranges things: its parts (ui/app_base.py lists them) each own one idea.
Turns run in `TurnRunner` and every strategy's cost in `LiveComparison`, both posting
Textual messages that the app's `@on` handlers show; numbers come from the coach's records,
widgets render them. The first frame is drawn before openai is imported or the
vocabulary read: that happens in a worker thread (ui/startup.py).
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from pathlib import Path
from typing import TYPE_CHECKING

from textual import on
from textual.app import App, ComposeResult
from textual.binding import Binding
from textual.command import Provider
from textual.containers import Horizontal, Vertical
from textual.screen import Screen

from fincoach_tui.llm.providers import ProviderSettings
from fincoach_tui.service.sessions import Sessions
from fincoach_tui.settings import paths
from fincoach_tui.ui import bench_hook, cell_widths, heap, layout_fixes, worker_fixes
from fincoach_tui.ui.budget_actions import BudgetActions
from fincoach_tui.ui.chat import ChatView
from fincoach_tui.ui.comparison_messages import CostsCompared, DraftQuoted
from fincoach_tui.ui.composer import Composer
from fincoach_tui.ui.footer import FittingFooter
from fincoach_tui.ui.main_screen import MainScreen
from fincoach_tui.ui.meter_line import MeterLine
from fincoach_tui.ui.startup import Moments, StartUp
from fincoach_tui.ui.status import ActivityLine, SessionBar
from fincoach_tui.ui.strategy_actions import StrategyActions
from fincoach_tui.ui.view_actions import PANEL_BESIDE_FROM, ViewActions

# Imported where used, after the first frame (which needs none of them): the turn runner
# (the coach), the live comparison (every strategy's counterfactual) and the side panel are a
# third of a second of imports. `load_engine` imports the first two in its thread.
if TYPE_CHECKING:
    from fincoach_tui.service.sessions import Config, SessionFile, SessionStore
    from fincoach_tui.ui.meter import TokenMeter


def palette_commands() -> type[Provider]:
    """The palette's FinCoach commands, imported when the palette first opens (as Textual
    loads its own): the first frame does not need them."""
    from fincoach_tui.ui.commands import FinCoachCommands

    return FinCoachCommands


class FinCoachApp(StartUp, StrategyActions, BudgetActions, ViewActions):
    """The arrangement of the parts: each part (ui/app_base.py lists them) is one idea."""

    TITLE = "FinCoach"
    CSS_PATH = "app.tcss"
    # Classes on the screen: app.tcss lays the panel out by them.
    HORIZONTAL_BREAKPOINTS = [(0, "-narrow"), (PANEL_BESIDE_FROM, "-wide")]
    COMMANDS = App.COMMANDS | {palette_commands}
    # In order of importance: the footer shows as many as fit the width, from the first
    # (ui/footer.py); every key is in the help screen (F1), which reads these bindings,
    # and every action in the palette (Ctrl+P).
    BINDINGS = [
        Binding(
            "f1",
            "help",
            "Help",
            key_display="F1",
            tooltip="every key, and what the panel's words mean",
        ),
        # Not while typing: a text input takes "?" as the character it is, before this.
        Binding("question_mark", "help", "Help", show=False, tooltip="the same, when not typing"),
        Binding(
            "ctrl+s",
            "pick_strategy",
            "Strategy",
            tooltip="choose the memory strategy and its parameters",
        ),
        # F3: the composer (a TextArea) keeps Ctrl+Y as "redo" (Ctrl+Z undoes) and every
        # free Ctrl+letter is one of its editing keys. Ctrl+Y still opens it from where
        # nobody types (the chat, the panel), as "?" does the help.
        Binding(
            "f3",
            "memory",
            "Memory",
            key_display="F3",
            tooltip="facts, summary, recall index: edit, delete, undo a deletion",
        ),
        Binding("ctrl+y", "memory", "Memory", show=False, tooltip="the same, when not typing"),
        Binding("ctrl+o", "sessions", "Sessions", tooltip="open, start, rename or delete one"),
        Binding("ctrl+q", "quit", "Quit", tooltip="everything is already saved"),
        Binding(
            "ctrl+t",
            "cycle_strategy",
            "Next strategy",
            tooltip="buffer → window → budget → summary → hybrid → facts",
        ),
        Binding(
            "ctrl+n",
            "new_session",
            "New",
            tooltip="a new session, on the strategy saved in your settings",
        ),
        # F2 (save, in terminal editors): every Ctrl+letter that is free at the app's level
        # is one of the composer's editing keys (Ctrl+E end of line, Ctrl+A start...).
        Binding(
            "f2",
            "export",
            "Export",
            key_display="F2",
            tooltip="this session as Markdown, in the data directory's exports/",
        ),
        Binding(
            "ctrl+b",
            "toggle_panel",
            "Panel",
            tooltip="show or hide the side panel (below 100 columns: the whole panel)",
        ),
        Binding(
            "ctrl+g",
            "toggle_chart",
            "Tokens/cost",
            tooltip="the chart: tokens, cost, or every strategy compared",
        ),
        Binding(
            "ctrl+l",
            "planner",
            "Planner",
            tooltip="when a bounded strategy gets cheaper than buffer, from this session's averages",
        ),
        # Ctrl+F: no binding of the composer (a TextArea) or of Textual's Input uses it, so
        # it takes nothing from typing (Ctrl+U, used before, is "delete to line start").
        Binding(
            "ctrl+f",
            "usage",
            "Usage",
            tooltip="tokens and cost across every session, by day, week or month; the budget",
        ),
        Binding(
            "ctrl+r",
            "retry",
            "Retry",
            show=False,
            tooltip="send a failed or interrupted message again",
        ),
        # Esc: stop a streaming reply, else focus back to the composer (ui/key_routing.py).
        Binding("escape", "escape", "Stop / back to input", show=False),
        # priority: the composer would take Ctrl+C as "copy"; it still does when no reply
        # is streaming (the action skips itself then).
        Binding("ctrl+c", "stop_reply", "Stop reply", show=False, priority=True),
    ]

    def __init__(
        self,
        *,
        config: Config,
        settings: ProviderSettings,
        store: SessionStore,
        file: SessionFile,
        strategy: str | None = None,
        auto_named: bool = False,
        config_path: Path | None = None,
        offline_chunk_delay: float = 0.015,
        request_timeout: float = 60.0,
        retry_sleep: Callable[[float], Awaitable[None]] | None = None,
    ) -> None:
        cell_widths.install()  # before anything is measured: Hindi's vowel signs take a cell
        layout_fixes.install()  # a layout that resizes widgets does not ask for a second one
        worker_fixes.install()  # a thread worker's thread does not keep it alive
        super().__init__()
        self.config = config
        self.settings = settings
        self.sessions = Sessions(store)  # the session files, through application calls
        self.config_path = config_path or paths.config_path()
        self.engine = None
        self.live = None
        self.comparison = None
        self.exit_message = ""
        self.unsaved = {}  # each session left whose newest write failed: why
        self._first_file = file
        self._first_strategy = strategy
        # Sessions the user did not name: left empty, they are not worth keeping.
        self._unnamed = {file.name} if auto_named else set()
        self._offline_delay = offline_chunk_delay
        self._timeout = request_timeout  # seconds a model call may take
        self._retry_sleep = retry_sleep  # how a rate-limited turn waits (tests control it)
        self._theme_problems = self._load_themes()
        self._moments = Moments()  # the first frame and the newest page, for the loader

    def get_default_screen(self) -> Screen:
        return MainScreen(width=self.size.width, breakpoints=self.HORIZONTAL_BREAKPOINTS or [])

    def compose(self) -> ComposeResult:
        yield SessionBar(id="bar")
        with Horizontal(id="main"):
            with Vertical(id="chat-column"):
                yield ChatView(id="chat")
                yield MeterLine(id="meter-line")
                yield ActivityLine(id="activity")
                yield Composer(id="composer")
            # A placeholder of the panel's size: the panel itself (three dozen widgets, a
            # third of the start-up) is mounted right after the first frame.
            yield Vertical(id="side")
        yield FittingFooter(hold_keys=True)  # shown right after the first frame

    # ---- every strategy's cost, and the draft's: computed by the comparison ----------
    def on_text_area_changed(self, event) -> None:
        # Before the session is live there is nothing to quote, and the cost modules are
        # still being imported by the loader thread: typing must not import them here. A
        # change can also arrive while the app closes, after its screens are gone.
        composer = self.view_or_none(Composer)
        if self.comparison is None or composer is None or event.text_area is not composer:
            return
        if composer.text.strip():
            self.comparison.draft_changed(composer.text)  # quoted once typing pauses
        else:
            # Emptied (a turn was sent): the quote was the sent message's, and goes now, not
            # when a timer or a slow turn lets it (a quote of nothing is nothing). A question
            # handed back after a failed turn is a draft again, and is quoted again.
            self.comparison.draft_cleared()
            composer.border_subtitle = ""

    @on(CostsCompared)
    def _show_costs(self, message: CostsCompared) -> None:
        from fincoach_tui.ui.side_panel import SidePanel

        side = self.view_or_none(SidePanel)
        if side is None:
            return
        try:
            side.show_costs(message.snapshot)
        except Exception as exc:  # noqa: BLE001 - the chat goes on without the comparison
            self.notify(f"cost comparison unavailable: {exc}", severity="warning", markup=False)
            return
        if message.first:
            self.call_after_refresh(bench_hook.mark, "compared")
            # Settled once shown: the panel has let go of the session before, so a session
            # that was left is not frozen along with this one.
            heap.settle_session()

    @on(DraftQuoted)
    def _show_quote(self, message: DraftQuoted) -> None:
        composer = self.view_or_none(Composer)
        if composer is not None:
            composer.border_subtitle = message.line  # under the composer, not the activity line

    def on_token_meter_shown(self, message: TokenMeter.Shown) -> None:
        # By name, not @on(TokenMeter.Shown): the meter is imported after the first frame.
        line = self.view_or_none(MeterLine)
        if line is not None:
            line.show(message.meter.figures, message.meter.lines)

    # ---- settings & shutdown -------------------------------------------------------
    async def on_unmount(self) -> None:
        self._moments.end()  # a loader still waiting for the first frame stops with the app
        if self.live is not None:
            self._close_live()
        elif self._first_file is not None:  # never opened: the app ended first
            self._first_file.close()
        aclose = getattr(self.engine.llm, "aclose", None) if self.engine else None
        if aclose is not None:  # close the HTTP client while its event loop still runs
            await aclose()
        embedder = getattr(self.engine, "embedder", None) if self.engine else None
        if embedder is not None:
            await embedder.aclose()
