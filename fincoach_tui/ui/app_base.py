"""What every part of the app shares: the session on screen, its engine, the config,
and the app's views.

`FinCoachApp` (ui/app.py) is the arrangement of its parts; the parts are the classes it is
made of, one idea each: the turn's messages (ui/turn_handlers.py), opening and switching
sessions (ui/session_actions.py), choosing a strategy (ui/strategy_actions.py). They are
`App` subclasses, not plain mixins, so that their `@on` handlers are registered.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from pathlib import Path
from typing import TYPE_CHECKING, TypeVar

from rich.text import Text
from textual.app import App
from textual.widget import Widget

from fincoach_tui.domain.plurals import plural
from fincoach_tui.llm.providers import ProviderSettings
from fincoach_tui.service.runtime import Engine, LiveSession
from fincoach_tui.service.sessions import NotDone, Sessions, save_settings
from fincoach_tui.ui.chat import ChatView
from fincoach_tui.ui.composer import Composer
from fincoach_tui.ui.format import usd
from fincoach_tui.ui.status import ActivityLine, SessionBar

AWidget = TypeVar("AWidget", bound=Widget)

if TYPE_CHECKING:
    from fincoach_tui.service.sessions import Config
    from fincoach_tui.ui.live_comparison import LiveComparison
    from fincoach_tui.ui.reply_dress import SessionDress
    from fincoach_tui.ui.side_panel import SidePanel


class FinCoachBase(App):
    """The state the app's parts share (set in `FinCoachApp.__init__`) and its views."""

    config: Config
    settings: ProviderSettings
    sessions: Sessions  # the session files, through application calls
    config_path: Path
    engine: Engine | None
    live: LiveSession | None
    # Each session left whose newest write failed, and why: what the command line says
    # once the app has ended. Left again with its writes saved, a session is taken out.
    unsaved: dict[str, str]
    # Every strategy's cost, and the draft's: mounted once the engine is loaded.
    comparison: LiveComparison | None
    _unnamed: set[str]  # sessions the user did not name: left empty, not worth keeping
    # The session last left that the user did not name and something of it was kept (a
    # session left empty, not kept, does not count): the command line says how to resume
    # it once the app has ended.
    left_unnamed: str | None = None
    # The question the app put back in the composer (a failed turn's, an interrupted one's):
    # it belongs to its session, and leaving the session takes it out again.
    _handed_back: str = ""
    _retry_sleep: Callable[[float], Awaitable[None]] | None
    _dress: SessionDress | None = None
    # Whose ledger the inspector shows: (inspector, coach, context window, its source).
    _ledger_followed: tuple[object, object, int | None, object] | None = None

    # ---- the views -----------------------------------------------------------------
    def view(self, kind: type[AWidget]) -> AWidget:
        """The main screen's widget of type `kind` (even while a dialog is on top).

        Looked up once and kept while it is mounted: a query walks the screen's widgets
        (about 190, more with every message mounted), and a turn asks for these views a
        dozen times. Raises NoMatches while there is none."""
        views: dict[type, Widget] = self.__dict__.setdefault("_views", {})
        found = views.get(kind)
        if found is None or not found.is_attached:
            screen = self.screen_stack[0] if self.screen_stack else self.screen
            found = views[kind] = screen.query_one(kind)
        return found  # type: ignore[return-value]

    def view_or_none(self, kind: type[AWidget]) -> AWidget | None:
        """`view(kind)`, or None while there is none (before the first frame, closing)."""
        from textual.app import ScreenStackError
        from textual.css.query import NoMatches

        try:
            return self.view(kind)
        except (NoMatches, ScreenStackError):
            return None

    @property
    def chat(self) -> ChatView:
        return self.view(ChatView)

    @property
    def composer(self) -> Composer:
        return self.view(Composer)

    @property
    def activity(self) -> ActivityLine:
        return self.view(ActivityLine)

    @property
    def side(self) -> SidePanel:
        from fincoach_tui.ui.side_panel import SidePanel

        return self.view(SidePanel)

    # ---- shared by the parts ---------------------------------------------------------
    def reply_dress(self) -> SessionDress | None:
        """How the live session's replies are dressed (marks, receipts), one path for a
        reply just streamed and a reply shown again; None before a session is live."""
        if self.live is None:
            return None
        records, dress = self.live.state.records, self._dress
        if dress is None or dress.records is not records or dress.receipts != self.config.receipts:
            from fincoach_tui.ui.reply_dress import SessionDress

            dress = self._dress = SessionDress(records, receipts=self.config.receipts)
        return dress

    def _assistant_name(self) -> str:
        return "FinCoach (offline)" if self.settings.simulated else "FinCoach"

    def refresh_session(self) -> None:
        """Redraw the bar and the side panel from the session state."""
        if self.live is None or self.engine is None:
            return
        state = self.live.state
        strategy = self.live.coach.strategy
        totals = state.totals  # kept as records come: no walk over every call per turn
        total, priced = totals.total_cost, totals.priced_calls
        if total is not None or not priced:
            shown = usd(total)  # "no price" when no call has one, never "$0"
        else:
            shown = (
                f"{usd(totals.priced_cost)} + no price ({plural(totals.unpriced_calls, 'call')})"
            )
        if totals.estimated and priced:
            shown = f"≈{shown} est."  # the server sent no usage: our estimate, not a bill
        self.query_one(SessionBar).show(
            session=self.live.name,
            settings=self.settings,
            strategy=strategy.name,
            params=strategy.params(),
            total=shown,
            budget=self.budget_segment(),
        )
        from fincoach_tui.domain.pricing import price_label
        from fincoach_tui.ui.meter import TokenMeter

        meter = self.side.query_one(TokenMeter)
        meter.price_note = price_label(self.engine.price)
        meter.count_note, meter.split_gap = self.engine.count_note, self.engine.split_gap
        self.side.update_session(state, context_window=self.engine.context_window)
        self._follow_ledger()
        if self.comparison is not None:
            self.comparison.follow(
                self.live.coach,
                context_window=self.engine.context_window,
                walk_cache=self.live.walk_cache(),
            )
            self.comparison.recompute()  # starts once the screen shows this

    def offer_retry(self, question: str) -> None:
        """`question` was handed back unanswered: Ctrl+R may send it (ui/turn_handlers.py)."""

    def forget_session_input(self) -> None:
        """Take out of the composer what belonged to the session being left: the question
        it handed back, the quote of the draft's cost (a draft the user typed is kept)."""
        composer = self.composer
        if self._handed_back and composer.text == self._handed_back:
            composer.text = ""
        self._handed_back = ""
        composer.border_subtitle = ""

    def _follow_ledger(self) -> None:
        """The inspector's context ledger: counted with this session's counter. Set when
        the session's coach, its context window or the inspector changes, not every turn
        (it was a query of the whole screen and a new source each turn)."""
        from fincoach_tui.service.ledger import ledger_for
        from fincoach_tui.ui.inspector import RequestInspector

        if self.live is None or self.engine is None:
            return
        inspector = self.view_or_none(RequestInspector)
        if inspector is None:
            return
        coach, window = self.live.coach, self.engine.context_window
        followed = self._ledger_followed
        if (
            followed is not None
            and followed[0] is inspector
            and followed[1] is coach
            and followed[2] == window
            and inspector.ledger_source is followed[3]
        ):
            return

        def source(sent, prompt_tokens, model, estimated):
            return ledger_for(
                coach, sent, prompt_tokens, model=model, estimated=estimated,
                context_window=window,
            )  # fmt: skip

        inspector.ledger_source = source
        self._ledger_followed = (inspector, coach, window, source)

    # ---- the budget (ui/budget_actions.py); none here ---------------------------------
    def watch_spend(self) -> None:
        pass

    def budget_segment(self) -> Text | None:
        return None

    def budget_refuses(self, text: str) -> bool:
        return False

    def _save_config(self, **changes) -> None:
        try:
            self.config = save_settings(self.config_path, **changes)
        except NotDone as exc:
            self.notify(str(exc), severity="warning", markup=False)
