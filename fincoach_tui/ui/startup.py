"""The app's start: the first frame before anything slow, then the loader thread.

The first frame is drawn before openai is imported, the vocabulary read or the session
file opened: the theme is chosen before the first mount, the side panel is mounted right
after the first frame (behind a placeholder of its size), and a worker thread
(`load_engine`) reads the session's newest messages from the end of its file and shows
them, builds the engine, reads and replays the whole session, and hands it to the app.
The loader waits for the moments it follows (the first frame, the newest page on screen)
with no time limit, so they come in the same order however loaded the machine is
(`Moments`); an app that ends first releases it.
"""

from __future__ import annotations

import threading
from typing import TYPE_CHECKING

from textual import work
from textual.app import App
from textual.containers import Horizontal

from fincoach_tui.service.runtime import Engine, LiveSession, build_engine, open_session
from fincoach_tui.settings import paths
from fincoach_tui.ui import bench_hook, collector_hold, heap
from fincoach_tui.ui.composer import Composer
from fincoach_tui.ui.footer import FittingFooter
from fincoach_tui.ui.key_routing import KeyRouting
from fincoach_tui.ui.session_actions import SessionActions
from fincoach_tui.ui.themes import DEFAULT_THEME, discover_themes

if TYPE_CHECKING:
    from fincoach_tui.service.sessions import SessionFile


class Moments:
    """Moments the loader thread waits for, each marked by the event loop when it comes.

    A wait has no time limit: a time limit decided the order on a loaded machine (the
    newest page shown before the first frame, the session read before that page was on
    screen). A moment that never comes (the app ends before its first frame) is the app's
    end: `end` releases every wait, and the loader stops rather than outlive the app."""

    def __init__(self) -> None:
        self._lock = threading.Lock()
        self._ended = False
        self._waiting: list[threading.Event] = []

    def moment(self) -> threading.Event:
        """A moment to mark with `set()` (from any thread) once it has come."""
        event = threading.Event()
        with self._lock:
            if self._ended:
                event.set()
            else:
                self._waiting.append(event)
        return event

    def wait(self, moment: threading.Event) -> bool:
        """Block until `moment` has come: True, or the app ended first: False."""
        moment.wait()
        with self._lock:
            if moment in self._waiting:
                self._waiting.remove(moment)
            return not self._ended

    def end(self) -> None:
        with self._lock:
            self._ended = True
            waiting, self._waiting = self._waiting, []
        for moment in waiting:
            moment.set()


class StartUp(KeyRouting, SessionActions):
    """Themes before the first mount; after the first frame, the panel and the loader."""

    # The session named on the command line (set in __init__), until it is on screen: from
    # then on its LiveSession holds it, and the app keeps nothing of a session it left.
    _first_file: SessionFile | None
    _first_strategy: str | None
    _offline_delay: float  # seconds between the offline model's streamed words
    _timeout: float  # seconds a model call may take
    _theme_problems: list[str]
    _moments: Moments  # what the loader waits for (set in __init__)
    exit_message: str

    def _load_themes(self) -> list[str]:
        """Register the shipped and user themes and pick the configured one; problems found.

        Called before the first mount: choosing a theme after it restyles every widget
        once more, which costs the first frame about a quarter of a second."""
        themes, problems = discover_themes(paths.config_dir() / "themes")
        for theme in themes:
            self.register_theme(theme)
        name = self.config.theme if self.config.theme in self.available_themes else DEFAULT_THEME
        if name != self.config.theme:  # a typo, or a theme file that was skipped above
            problems.append(
                f"{self.config_path}: theme {self.config.theme!r} is not a theme here; "
                f"using {DEFAULT_THEME} (the palette's Change theme lists them)"
            )
        chosen = self.get_theme(name)
        if chosen is not None and chosen.dark == self.current_theme.dark:
            # Chosen as Textual chooses its own default theme, before anything is styled:
            # setting `theme` runs its watcher, which reads every stylesheet again and
            # restyles the app once more before the first frame. The stylesheet's colours
            # are this theme's; the dark/light classes and ANSI colours Textual set up for
            # its default are right for a theme as dark as it; the watcher's class is added.
            self.set_reactive(App.theme, name)
            self.stylesheet.set_variables(self.get_css_variables())
            self.set_class(True, f"-theme-{name}", update=False)
        else:
            self.theme = name
        return problems

    async def on_mount(self) -> None:
        self.theme_changed_signal.subscribe(self, self._save_theme)
        for problem in [*self._theme_problems, *self.config.problems]:
            self.notify(problem, severity="warning", markup=False)
        self.activity.say("starting: loading the tokenizer…")
        composer = self.query_one(Composer)
        composer.focus()
        self.take_early_keys()  # typed while the first screen was being built
        # The session is read after the first frame, by the loader: the frame says so.
        assert self._first_file is not None
        await self.chat.show_opening(self._first_file.name)
        # The loader waits for the first frame: its imports and the vocabulary hold the
        # GIL for most of a second and would otherwise hold the first paint back with them.
        # It waits for the side panel too: the session is shown in it.
        painted = self._moments.moment()

        async def after_first_frame() -> None:
            bench_hook.mark("first_frame")
            collector_hold.release()  # held by the command line until now
            self.query_one(FittingFooter).show_keys()
            await self._mount_side_panel()
            painted.set()

        self.call_after_refresh(after_first_frame)
        self.load_engine(painted)

    async def _mount_side_panel(self) -> None:
        from fincoach_tui.ui.glossary import apply_tooltips
        from fincoach_tui.ui.side_panel import SidePanel

        placeholder = self.query_one("#side")
        hidden = placeholder.has_class("-hidden")  # Ctrl+B may already have been pressed
        await placeholder.remove()
        panel = SidePanel(id="side", classes="-hidden" if hidden else None)
        await self.query_one("#main", Horizontal).mount(panel)
        apply_tooltips(self.screen)  # the glossary's sentences, on the labels they explain

    @work(thread=True, exclusive=True, group="engine")
    def load_engine(self, painted: threading.Event) -> None:
        """After the first frame, in this thread: the session's newest messages (read from
        the end of its file, shown at once), the engine (openai, the vocabulary), then the
        whole session read and replayed; none of it on the event loop."""
        if not self._moments.wait(painted):
            return  # the app ended before its first frame
        # What showing messages needs, imported here rather than on the event loop.
        import rich.markdown  # noqa: F401

        from fincoach_tui.service.sessions import newest_messages
        from fincoach_tui.ui.chat import PAGE

        first = self._first_file
        assert first is not None  # let go only once this has opened it
        newest = newest_messages(first, PAGE)
        if newest:  # textual types call_from_thread's callback loosely: see below
            on_screen = self._moments.moment()
            self.call_from_thread(self._show_newest, newest, on_screen)  # type: ignore[arg-type]
            # The newest page reaches the screen before the whole file is read: reading it
            # holds the interpreter, and would hold that frame back with it.
            if not self._moments.wait(on_screen):
                return  # the app ended before that frame
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
            with heap.reading_session():
                live = open_session(
                    engine, first, strategy=self._first_strategy, sleep=self._retry_sleep
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
        if self._first_file is not None:
            self._first_file.close()
        bench_hook.mark("failed")
        self.exit_message = message
        self.exit()

    async def _engine_ready(self, engine: Engine, live: LiveSession) -> None:
        self.engine = engine
        from fincoach_tui.ui.live_comparison import LiveComparison

        # On the main screen, so that a dialog closing does not take it along.
        self.comparison = LiveComparison(
            lambda name: self.config.params_for(name),
            models=lambda: (self.config.compare_models, self.config.prices),
        )
        await self.screen_stack[0].mount(self.comparison)
        self._first_file = None  # `live` holds it now
        await self.show_session(live)
        self.send_when_ready()  # Enter pressed while loading: its message goes now

    def _save_theme(self, theme) -> None:
        self._save_config(theme=theme.name)
