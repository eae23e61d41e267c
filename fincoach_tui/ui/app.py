"""The FinCoach app: chat on the left, what each turn sent and cost on the right.

The app only arranges things. Turns run in `TurnRunner`, numbers come from the coach's
records, widgets render them. The first frame is drawn before openai is imported or the
vocabulary read: that happens in a worker thread (`load_engine`).
"""

from __future__ import annotations

import threading
from collections.abc import Awaitable, Callable
from functools import cached_property
from pathlib import Path
from typing import TYPE_CHECKING

from textual import on, work
from textual.app import App, ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.widgets import Footer

from fincoach_tui.llm.providers import ProviderSettings
from fincoach_tui.service.runtime import Engine, LiveSession, build_engine, open_session
from fincoach_tui.service.sessions import NotDone, Sessions, export_markdown, save_settings
from fincoach_tui.settings import paths
from fincoach_tui.ui import heap
from fincoach_tui.ui.chat import ChatView
from fincoach_tui.ui.commands import FinCoachCommands
from fincoach_tui.ui.composer import Composer
from fincoach_tui.ui.errors import explain
from fincoach_tui.ui.format import usd
from fincoach_tui.ui.status import ActivityLine, SessionBar
from fincoach_tui.ui.themes import DEFAULT_THEME, discover_themes
from fincoach_tui.ui.turn_messages import (
    QuestionShown,
    ReplyFailed,
    ReplyFinished,
    ReplyText,
    RequestShown,
    TurnEnded,
    TurnProgress,
)

# Imported where used, after the first frame (which needs none of them): the turn runner
# (the coach), the live comparison (every strategy's counterfactual) and the side panel are a
# third of a second of imports. `load_engine` imports the first two in its thread.
if TYPE_CHECKING:
    from fincoach_tui.llm.base import LLMError
    from fincoach_tui.service.events import TurnRefused
    from fincoach_tui.service.sessions import Config, SessionFile, SessionStore
    from fincoach_tui.ui.chat import MessageBox
    from fincoach_tui.ui.live_comparison import LiveComparison
    from fincoach_tui.ui.side_panel import SidePanel
    from fincoach_tui.ui.turns import TurnRunner


class FinCoachApp(App):
    TITLE = "FinCoach"
    CSS_PATH = "app.tcss"
    COMMANDS = App.COMMANDS | {FinCoachCommands}
    BINDINGS = [
        Binding("ctrl+s", "pick_strategy", "Strategy"),
        Binding("ctrl+t", "cycle_strategy", "Next strategy"),
        Binding("ctrl+o", "sessions", "Sessions"),
        Binding("ctrl+n", "new_session", "New"),
        # priority: the composer (a TextArea) would take Ctrl+E as "end of line"
        Binding("ctrl+e", "export", "Export", priority=True),
        Binding("ctrl+b", "toggle_panel", "Panel"),
        Binding("ctrl+g", "toggle_chart", "Tokens/cost"),
        Binding("ctrl+l", "planner", "Planner"),
        # priority: the composer (a TextArea) would otherwise take ctrl+y as "redo".
        Binding("ctrl+y", "memory", "Memory", priority=True),
        Binding("ctrl+r", "retry", "Retry", show=False),
        Binding("ctrl+q", "quit", "Quit"),
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
        super().__init__()
        self.config = config
        self.settings = settings
        self.sessions = Sessions(store)  # the session files, through application calls
        self.config_path = config_path or paths.config_path()
        self.engine: Engine | None = None
        self.live: LiveSession | None = None
        self.exit_message = ""
        self.unsaved: str | None = None  # the left session's newest failed write, if any
        self._first_file = file
        self._first_strategy = strategy
        # Sessions the user did not name: left empty, they are not worth keeping.
        self._unnamed = {file.name} if auto_named else set()
        self._offline_delay = offline_chunk_delay
        self._timeout = request_timeout  # seconds a model call may take
        self._retry_sleep = retry_sleep  # how a rate-limited turn waits (tests control it)
        self._reply_box: MessageBox | None = None  # the reply of the turn under way
        self._theme_problems = self._load_themes()

    @cached_property
    def turns(self) -> TurnRunner:
        from fincoach_tui.ui.turns import TurnRunner

        return TurnRunner(self.post_message)

    @cached_property
    def comparison(self) -> LiveComparison:
        """Every strategy's cost, and the draft's, kept current."""
        from fincoach_tui.ui.live_comparison import LiveComparison

        return LiveComparison(self)

    def compose(self) -> ComposeResult:
        yield SessionBar(id="bar")
        with Horizontal(id="main"):
            with Vertical(id="chat-column"):
                yield ChatView(id="chat")
                yield ActivityLine(id="activity")
                yield Composer(id="composer")
            # A placeholder of the panel's size: the panel itself (three dozen widgets, a
            # third of the start-up) is mounted right after the first frame.
            yield Vertical(id="side")
        yield Footer()

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

    def on_mount(self) -> None:
        self.theme_changed_signal.subscribe(self, self._save_theme)
        for problem in self._theme_problems:
            self.notify(problem, severity="warning", markup=False)
        self.activity.say("starting: loading the tokenizer…")
        self.query_one(Composer).focus()
        # The loader waits for the first frame: its imports and the vocabulary hold the
        # GIL for most of a second and would otherwise hold the first paint back with them.
        painted = threading.Event()

        async def after_first_frame() -> None:
            await self._mount_side_panel()
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

    @work(thread=True, exclusive=True, group="engine")
    def load_engine(self, painted: threading.Event | None = None) -> None:
        if painted is not None:
            painted.wait(timeout=5)  # a frame that never comes must not stop the start
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
        # What showing the session needs, imported here rather than on the event loop.
        import rich.markdown  # noqa: F401

        import fincoach_tui.ui.live_comparison  # noqa: F401
        import fincoach_tui.ui.turns  # noqa: F401

        # Waits until the session is on screen. textual types the callback as
        # `Callable[..., T | Awaitable[T]]`, which mypy solves as Awaitable[Never] for any
        # coroutine function (even one annotated Awaitable[None]): the call is right.
        self.call_from_thread(self._engine_ready, engine)  # type: ignore[arg-type]

    def _fail_start(self, message: str) -> None:
        self._first_file.close()
        self.exit_message = message
        self.exit()

    async def _engine_ready(self, engine: Engine) -> None:
        self.engine = engine
        try:
            live = open_session(
                engine, self._first_file, strategy=self._first_strategy, sleep=self._retry_sleep
            )
        except Exception as exc:  # noqa: BLE001
            self._fail_start(str(exc))
            return
        await self.show_session(live)

    async def show_session(self, live: LiveSession) -> None:
        """Make `live` the session on screen (closing the previous one)."""
        if self.live is not None and self.live is not live:
            self._close_live()
        self.live = live
        assistant = "FinCoach (offline)" if self.settings.simulated else "FinCoach"
        await self.chat.show_history(live.state.transcript.messages, assistant)
        self.refresh_session()
        for problem in live.problems:
            self.notify(problem, severity="warning", timeout=8, markup=False)
        if live.state.interrupted is not None:
            self.composer.text = live.state.interrupted.content
        self.activity.say("ready")

    # ---- shared views --------------------------------------------------------------
    @property
    def chat(self) -> ChatView:
        return self.query_one(ChatView)

    @property
    def composer(self) -> Composer:
        return self.query_one(Composer)

    @property
    def activity(self) -> ActivityLine:
        return self.query_one(ActivityLine)

    @property
    def side(self) -> SidePanel:
        from fincoach_tui.ui.side_panel import SidePanel

        return self.query_one(SidePanel)

    def refresh_session(self) -> None:
        """Redraw the bar and the side panel from the session state."""
        if self.live is None or self.engine is None:
            return
        state = self.live.state
        strategy = self.live.coach.strategy
        total = state.total_cost
        priced = [r for r in state.records if r.cost_usd is not None]
        if total is not None or not priced:
            shown = usd(total)  # "no price" when no call has one, never "$0"
        else:
            shown = (
                f"{usd(state.priced_cost)} + no price ({len(state.records) - len(priced)} calls)"
            )
        if state.estimated and priced:
            shown = f"≈{shown} est."  # the server sent no usage: our estimate, not a bill
        self.query_one(SessionBar).show(
            session=self.live.name,
            settings=self.settings,
            strategy=strategy.name,
            params=strategy.params(),
            total=shown,
        )
        from fincoach_tui.domain.pricing import price_label
        from fincoach_tui.ui.meter import TokenMeter

        meter = self.side.query_one(TokenMeter)
        meter.price_note = price_label(self.engine.price)
        meter.count_note, meter.split_gap = self.engine.count_note, self.engine.split_gap
        self.side.update_session(state, context_window=self.engine.context_window)
        self.comparison.refresh()  # starts once the screen shows this

    # ---- a turn: started here, run by the coach, shown from its messages --------------
    def on_composer_submitted(self, event: Composer.Submitted) -> None:
        self.submit(event.text)

    def action_retry(self) -> None:
        text = self.turns.take_failed()
        if text is None:
            self.notify("nothing to retry")
            return
        self.submit(text)

    def submit(self, text: str) -> None:
        """Start a turn with `text`: the coach checks it and writes the question at once,
        in this handler, before any widget is touched or any worker started."""
        if self.live is None:
            self.notify("still starting, one moment: your text is kept", severity="warning")
            return
        from fincoach_tui.service.events import TurnRefused

        try:
            turn = self.live.coach.begin(text)
        except TurnRefused as refused:
            self._refused(refused, text)
            return
        self.composer.text = ""
        # A coroutine, not a @work method: a finished worker keeps its method's arguments,
        # and the turn's would keep a session that was left from being collected.
        self.run_worker(self.turns.run(turn), exclusive=True, group="turn")

    def _refused(self, refused: TurnRefused, text: str) -> None:
        if refused.kind == "too_long":
            # Counted before sending: a paste too big for the model costs nothing.
            self.notify(
                f"{refused.reason} Ctrl+S picks a strategy. Nothing was sent.",
                title="Too long to send",
                severity="error",
                timeout=12,
                markup=False,
            )
            self.activity.say("not sent: the request would not fit the context window", error=True)
        elif refused.kind == "not_saved":
            from fincoach_tui.llm.base import LLMError

            self._not_answered(LLMError("local", refused.reason), text, refused.resendable)
        else:
            self.notify(refused.reason, severity="warning", markup=False)

    @on(QuestionShown)
    async def _show_question(self, message: QuestionShown) -> None:
        self._reply_box = await self.chat.begin_exchange(message.question)
        self.activity.say("waiting for the first token…")

    @on(ReplyText)
    async def _show_reply_text(self, message: ReplyText) -> None:
        if self._reply_box is not None:
            await self._reply_box.append(message.text)

    @on(RequestShown)
    def _show_request(self, message: RequestShown) -> None:
        request = message.request
        self.side.show_pending(request)
        self.activity.say(
            f"sent {len(request.sent)} messages · {request.counted_tokens:,} tokens counted · "
            f"{request.predicted_prompt_tokens:,} predicted billed · waiting…"
        )

    @on(TurnProgress)
    def _show_progress(self, message: TurnProgress) -> None:
        if message.notice:
            self.notify(message.line, severity="warning", markup=False, timeout=8)
        self.activity.say(message.line, error=message.error)

    @on(ReplyFinished)
    async def _show_reply(self, message: ReplyFinished) -> None:
        reply, record = message.event.reply, message.event.record
        marks = [f"{record.usage.completion_tokens} tokens"]
        if record.usage.estimated and not record.simulated:
            marks.append("estimated")  # the server sent no usage: our count, marked
        if record.note:
            marks.append(record.note)  # e.g. "reply cut off": what is shown is partial
        box = self._reply_box
        if box is not None:
            await box.finish(reply.content, who=" · ".join([box.who, *marks]))
            self.chat.scroll_end(animate=False)  # the finished reply may be taller
            box.set_class(bool(record.note), "-partial")
        note = f" ({record.note})" if record.note else ""
        self.activity.say(f"turn {record.turn} done{note}", error=bool(record.note))

    @on(ReplyFailed)
    async def _show_failure(self, message: ReplyFailed) -> None:
        if self._reply_box is not None:
            await self._reply_box.fail(f"Not answered: {explain(message.error)}")
        self._not_answered(message.error, message.question, message.resendable)

    def _not_answered(self, error: LLMError, question: str, resendable: bool) -> None:
        text = explain(error)
        if resendable:
            self.turns.failed_text = question
        if not self.composer.text.strip():
            self.composer.text = question  # nothing is lost: the question is back in the input
        self.activity.say(f"{text} — Ctrl+R retries" if resendable else text, error=True)
        # markup=False: the message quotes the server, and "[...]" there is text, not style.
        self.notify(
            text, title="The coach could not answer", severity="error", timeout=10, markup=False
        )

    @on(TurnEnded)
    def _turn_ended(self) -> None:
        self._reply_box = None
        self.refresh_session()

    # ---- strategies ----------------------------------------------------------------
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

    # ---- sessions ------------------------------------------------------------------
    def action_sessions(self) -> None:
        from fincoach_tui.ui.screens.sessions import SessionsScreen

        current = self.live.name if self.live else None
        self.push_screen(SessionsScreen(self.sessions, current), self._session_chosen)

    def _session_chosen(self, name: str | None) -> None:
        """The sessions dialog's answer: the session to open (None: dismissed)."""
        self.switch_to(name)

    def action_new_session(self) -> None:
        from fincoach_tui.service.runtime import default_session_name

        name = default_session_name()
        self._unnamed.add(name)
        self.switch_to(name)

    @work(exclusive=True, group="open")
    async def switch_to(self, name: str | None) -> None:
        """Open session `name` in place of the current one (None, or the one open: stay)."""
        if name is None or self.engine is None or (self.live and self.live.name == name):
            return
        if self.live is not None and self.live.coach.busy:
            self.notify("wait for the reply to finish first", severity="warning")
            return
        previous = self.live
        if previous is not None:
            self._close_live()
            self.live = None
        try:
            live = self.sessions.open(self.engine, name, sleep=self._retry_sleep)
        except NotDone as exc:
            self.notify(str(exc), severity="error", timeout=8, markup=False)
            if previous is not None:  # reopen what we had, so the screen matches a session
                live = self.sessions.open(self.engine, previous.name, sleep=self._retry_sleep)
            else:
                return
        await self.show_session(live)

    def action_export(self) -> None:
        if self.live is None:
            return
        try:
            target = export_markdown(self.live)
        except NotDone as exc:
            self.notify(str(exc), severity="error", markup=False)
            return
        self.notify(f"exported to {target}", markup=False)

    # ---- view toggles --------------------------------------------------------------
    def action_toggle_panel(self) -> None:
        self.query_one("#side").toggle_class("-hidden")  # the panel, or its placeholder

    def on_text_area_changed(self, event) -> None:
        # Before the session is live there is nothing to quote, and the cost modules are
        # still being imported by the loader thread: typing must not import them here.
        if event.text_area is self.composer and self.live is not None:
            self.comparison.draft_changed(event.text_area.text)  # quoted once typing pauses

    def action_planner(self) -> None:
        from fincoach_tui.ui.screens.planner import PlannerScreen

        inputs = self.comparison.plan_inputs()
        comparison = self.comparison.current()
        averages = comparison.averages() if comparison is not None and inputs is not None else None
        measured = (
            f"From this session: system prompt {averages.system_tokens:,} tokens, "
            f"{averages.turn_tokens:,} tokens per turn over {averages.turns} turns; the rest seed 002's."
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

    def _save_config(self, **changes) -> None:
        try:
            self.config = save_settings(self.config_path, **changes)
        except NotDone as exc:
            self.notify(str(exc), severity="warning", markup=False)

    def _close_live(self) -> None:
        live = self.live
        if live is None:
            return
        empty = len(live.state.transcript) == 0 and not live.state.records
        self.unsaved = live.coach.unsaved  # what the command line reports after quitting
        live.close()
        heap.release_session()  # what of it is garbage now may be collected
        if empty and live.name in self._unnamed:
            try:
                self.sessions.delete(live.name)
            except NotDone as exc:
                self.notify(str(exc), severity="warning", markup=False)

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
