"""The app's part that opens, switches, leaves and exports sessions."""

from __future__ import annotations

from textual import work

from fincoach_tui.service.runtime import LiveSession
from fincoach_tui.service.sessions import NotDone, export_markdown
from fincoach_tui.ui import bench_hook, heap
from fincoach_tui.ui.app_base import FinCoachBase


class SessionActions(FinCoachBase):
    """Ctrl+O, Ctrl+N and Ctrl+E; showing a session and closing the one left."""

    async def show_session(self, live: LiveSession) -> None:
        """Make `live` the session on screen (closing the previous one)."""
        if self.live is not None and self.live is not live:
            self._close_live()
        self.live = live
        await self.chat.show_history(live.state.transcript.messages, self._assistant_name())
        self.refresh_session()
        for problem in live.problems:
            self.notify(problem, severity="warning", timeout=8, markup=False)
        if live.state.interrupted is not None:
            self.composer.text = live.state.interrupted.content
        self.activity.say("ready")
        self.call_after_refresh(bench_hook.mark, "history")  # if no newest page was shown
        self.call_after_refresh(bench_hook.mark, "ready")

    def action_sessions(self) -> None:
        from fincoach_tui.ui.screens.sessions import SessionsScreen

        current = self.live.name if self.live else None
        self.push_screen(SessionsScreen(self.sessions, current), self._session_chosen)

    def action_new_session(self) -> None:
        from fincoach_tui.service.runtime import default_session_name

        name = default_session_name()
        self._unnamed.add(name)
        self.switch_to(name)

    def _session_chosen(self, name: str | None) -> None:
        """The sessions dialog's answer: the session to open (None: dismissed)."""
        self.switch_to(name)

    @work(exclusive=True, group="open")
    async def switch_to(self, name: str | None) -> None:
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

    def _close_live(self) -> None:
        live = self.live
        if live is None:
            return
        empty = len(live.state.transcript) == 0 and not live.state.records
        if self.comparison is not None:
            self.comparison.follow(None)  # a walk of it still under way stops
        self.unsaved = live.coach.unsaved  # what the command line reports after quitting
        live.close()
        heap.release_session()  # what of it is garbage now may be collected
        if empty and live.name in self._unnamed:
            try:
                self.sessions.delete(live.name)
            except NotDone as exc:
                self.notify(str(exc), severity="warning", markup=False)
