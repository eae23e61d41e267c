"""The FinCoach app: chat on the left, what each turn sent and cost on the right.

The app only arranges things: its parts (ui/app_base.py lists them) each own one idea.
Turns run in `TurnRunner` and every strategy's cost in `LiveComparison`, both posting
Textual messages that the app's `@on` handlers show; numbers come from the coach's records,
widgets render them. The first frame is drawn before openai is imported or the
vocabulary read: that happens in a worker thread (`load_engine`).
"""

from __future__ import annotations

import asyncio
import threading
from collections.abc import Awaitable, Callable
from pathlib import Path
from typing import TYPE_CHECKING, TypeVar

from textual import on, work
from textual.app import App, ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.widget import Widget

from fincoach_tui.llm.providers import ProviderSettings
from fincoach_tui.service.runtime import Engine, LiveSession, build_engine, open_session
from fincoach_tui.service.sessions import Sessions
from fincoach_tui.settings import paths
from fincoach_tui.ui import bench_hook, cell_widths, heap
from fincoach_tui.ui.budget_actions import BudgetActions
from fincoach_tui.ui.chat import ChatView
from fincoach_tui.ui.commands import FinCoachCommands
from fincoach_tui.ui.comparison_messages import CostsCompared, DraftQuoted
from fincoach_tui.ui.composer import Composer
from fincoach_tui.ui.footer import FittingFooter
from fincoach_tui.ui.glossary import apply_tooltips
from fincoach_tui.ui.key_routing import KeyRouting
from fincoach_tui.ui.meter_line import MeterLine
from fincoach_tui.ui.session_actions import SessionActions
from fincoach_tui.ui.status import ActivityLine, SessionBar
from fincoach_tui.ui.strategy_actions import StrategyActions
from fincoach_tui.ui.themes import DEFAULT_THEME, discover_themes

# Imported where used, after the first frame (which needs none of them): the turn runner
# (the coach), the live comparison (every strategy's counterfactual) and the side panel are a
# third of a second of imports. `load_engine` imports the first two in its thread.
if TYPE_CHECKING:
    from fincoach_tui.service.sessions import Config, SessionFile, SessionStore
    from fincoach_tui.ui.meter import TokenMeter

AWidget = TypeVar("AWidget", bound=Widget)

# The panel shows its meter's lines whole from 59 cells across (five-digit counts,
# "billed 12,345 simulated", "completion 345 (128 reasoning)"), 60 with its border; the
# chat needs 40. Below 100 columns the panel is cut (at 80 it had 40 cells: "counted 151
# · bille"), so there the panel becomes the one-line meter and Ctrl+B shows it full width.
PANEL_BESIDE_FROM = 100


class FinCoachApp(KeyRouting, SessionActions, StrategyActions, BudgetActions):
    """The arrangement of the parts: each part (ui/app_base.py lists them) is one idea."""

    TITLE = "FinCoach"
    CSS_PATH = "app.tcss"
    # Classes on the screen: app.tcss lays the panel out by them.
    HORIZONTAL_BREAKPOINTS = [(0, "-narrow"), (PANEL_BESIDE_FROM, "-wide")]
    COMMANDS = App.COMMANDS | {FinCoachCommands}
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
        # priority: the composer (a TextArea) would otherwise take ctrl+y as "redo".
        Binding(
            "ctrl+y",
            "memory",
            "Memory",
            priority=True,
            tooltip="facts, summary, recall index: edit, delete, undo a deletion",
        ),
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
        Binding("ctrl+r", "retry", "Retry", show=False, tooltip="send a failed message again"),
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
        super().__init__()
        self.config = config
        self.settings = settings
        self.sessions = Sessions(store)  # the session files, through application calls
        self.config_path = config_path or paths.config_path()
        self.engine = None
        self.live = None
        self.comparison = None
        self.exit_message = ""
        self.unsaved = None  # the left session's newest failed write, if any
        self._first_file = file
        self._first_strategy = strategy
        # Sessions the user did not name: left empty, they are not worth keeping.
        self._unnamed = {file.name} if auto_named else set()
        self._offline_delay = offline_chunk_delay
        self._timeout = request_timeout  # seconds a model call may take
        self._retry_sleep = retry_sleep  # how a rate-limited turn waits (tests control it)
        self._theme_problems = self._load_themes()
        # Set once the side panel is mounted: the session is shown in it, and on a loaded
        # machine the engine can be ready before the first frame (the loader waits 5 s).
        self._panel_mounted = asyncio.Event()

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
        yield FittingFooter()

    # ---- start-up ------------------------------------------------------------------
    def _load_themes(self) -> list[str]:
        """Register the shipped and user themes and pick the configured one; problems found.

        Called before the first mount: choosing a theme after it restyles every widget
        once more, which costs the first frame about a quarter of a second."""
        themes, problems = discover_themes(paths.config_dir() / "themes")
        for theme in themes:
            self.register_theme(theme)
        self.theme = (
            self.config.theme if self.config.theme in self.available_themes else DEFAULT_THEME
        )
        return problems

    async def on_mount(self) -> None:
        self.theme_changed_signal.subscribe(self, self._save_theme)
        for problem in [*self._theme_problems, *self.config.problems]:
            self.notify(problem, severity="warning", markup=False)
        self.activity.say("starting: loading the tokenizer…")
        self.query_one(Composer).focus()
        self.take_early_keys()  # typed while the first screen was being built
        # The session is read after the first frame, by the loader: the frame says so.
        await self.chat.show_opening(self._first_file.name)
        # The loader waits for the first frame: its imports and the vocabulary hold the
        # GIL for most of a second and would otherwise hold the first paint back with them.
        painted = threading.Event()

        async def after_first_frame() -> None:
            bench_hook.mark("first_frame")
            await self._mount_side_panel()  # sets _panel_mounted
            painted.set()

        self.call_after_refresh(after_first_frame)
        self.load_engine(painted)

    async def _mount_side_panel(self) -> None:
        from fincoach_tui.ui.side_panel import SidePanel

        placeholder = self.query_one("#side")
        hidden = placeholder.has_class("-hidden")  # Ctrl+B may already have been pressed
        await placeholder.remove()
        panel = SidePanel(id="side", classes="-hidden" if hidden else None)
        await self.query_one("#main", Horizontal).mount(panel)
        self._panel_mounted.set()
        apply_tooltips(self.screen)  # the glossary's sentences, on the labels they explain

    @work(thread=True, exclusive=True, group="engine")
    def load_engine(self, painted: threading.Event | None = None) -> None:
        """After the first frame, in this thread: the session's newest messages (read from
        the end of its file, shown at once), the engine (openai, the vocabulary), then the
        whole session read and replayed; none of it on the event loop."""
        if painted is not None:
            painted.wait(timeout=5)  # a frame that never comes must not stop the start
        # What showing messages needs, imported here rather than on the event loop.
        import rich.markdown  # noqa: F401

        from fincoach_tui.service.sessions import newest_messages
        from fincoach_tui.ui.chat import PAGE

        newest = newest_messages(self._first_file, PAGE)
        if newest:  # textual types call_from_thread's callback loosely: see below
            on_screen = threading.Event()
            self.call_from_thread(self._show_newest, newest, on_screen)  # type: ignore[arg-type]
            # The newest page reaches the screen before the whole file is read: reading it
            # holds the interpreter, and would hold that frame back with it.
            on_screen.wait(timeout=5)
        try:
            engine = build_engine(
                self.config,
                self.settings,
                offline_chunk_delay=self._offline_delay,
                timeout=self._timeout,
            )
        except Exception as exc:  # noqa: BLE001 - shown to the user, never a traceback
            self.call_from_thread(self._fail_start, f"could not start: {exc}")
            return
        import fincoach_tui.ui.live_comparison  # noqa: F401
        import fincoach_tui.ui.turns  # noqa: F401

        try:
            live = open_session(
                engine, self._first_file, strategy=self._first_strategy, sleep=self._retry_sleep
            )
        except Exception as exc:  # noqa: BLE001 - a session that cannot be read: one line
            self.call_from_thread(self._fail_start, str(exc))
            return
        # Waits until the session is on screen. textual types the callback as
        # `Callable[..., T | Awaitable[T]]`, which mypy solves as Awaitable[Never] for any
        # coroutine function (even one annotated Awaitable[None]): the call is right.
        self.call_from_thread(self._engine_ready, engine, live)  # type: ignore[arg-type]

    async def _show_newest(self, messages: list, on_screen: threading.Event) -> None:
        """The newest page, before the session is read in full (which keeps it if equal)."""
        if self.live is not None:
            on_screen.set()
            return
        await self.chat.show_history(messages, self._assistant_name())

        def shown() -> None:
            bench_hook.mark("history")
            on_screen.set()

        self.call_after_refresh(shown)

    def _fail_start(self, message: str) -> None:
        self._first_file.close()
        bench_hook.mark("failed")
        self.exit_message = message
        self.exit()

    async def _engine_ready(self, engine: Engine, live: LiveSession) -> None:
        # The loader stops waiting for the first frame after a while (a busy machine): the
        # session is shown in the panel, so it waits for the panel here.
        await self._panel_mounted.wait()
        self.engine = engine
        from fincoach_tui.ui.live_comparison import LiveComparison

        # On the main screen, so that a dialog closing does not take it along.
        self.comparison = LiveComparison(
            lambda name: self.config.params_for(name),
            models=lambda: (self.config.compare_models, self.config.prices),
        )
        await self.screen_stack[0].mount(self.comparison)
        await self.show_session(live)
        self.send_when_ready()  # Enter pressed while loading: its message goes now

    # ---- every strategy's cost, and the draft's: computed by the comparison ----------
    def on_text_area_changed(self, event) -> None:
        # Before the session is live there is nothing to quote, and the cost modules are
        # still being imported by the loader thread: typing must not import them here.
        if event.text_area is self.composer and self.comparison is not None:
            self.comparison.draft_changed(event.text_area.text)  # quoted once typing pauses

    def _on_main(self, kind: type[AWidget]) -> AWidget | None:
        """A widget of the main screen, even while a dialog is on top; None while closing."""
        found = self.screen_stack[0].query(kind) if self.screen_stack else None
        return found.first() if found else None

    @on(CostsCompared)
    def _show_costs(self, message: CostsCompared) -> None:
        from fincoach_tui.ui.side_panel import SidePanel

        side = self._on_main(SidePanel)
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
        composer = self._on_main(Composer)
        if composer is not None:
            composer.border_subtitle = message.line  # under the composer, not the activity line

    def on_token_meter_shown(self, message: TokenMeter.Shown) -> None:
        # By name, not @on(TokenMeter.Shown): the meter is imported after the first frame.
        line = self._on_main(MeterLine)
        if line is not None:
            line.show(message.meter.figures, message.meter.lines)

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
            f"{averages.turn_tokens:,} tokens per turn over {averages.turns} turns; "
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

    # ---- settings & shutdown -------------------------------------------------------
    def _save_theme(self, theme) -> None:
        self._save_config(theme=theme.name)

    async def on_unmount(self) -> None:
        if self.live is not None:
            self._close_live()
        elif not self._first_file.closed:
            self._first_file.close()
        aclose = getattr(self.engine.llm, "aclose", None) if self.engine else None
        if aclose is not None:  # close the HTTP client while its event loop still runs
            await aclose()
        embedder = getattr(self.engine, "embedder", None) if self.engine else None
        if embedder is not None:
            await embedder.aclose()
