"""The app's part that opens, switches, leaves and exports sessions."""

from __future__ import annotations

from textual import work

from fincoach_tui.service.runtime import LiveSession
from fincoach_tui.service.sessions import NotDone, export_markdown
from fincoach_tui.ui import bench_hook, heap
from fincoach_tui.ui.app_base import FinCoachBase
from fincoach_tui.ui.errors import interrupted_hint
from fincoach_tui.ui.main_screen import breakpoint_classes


class SessionActions(FinCoachBase):
    """Ctrl+O, Ctrl+N and F2 (export); showing a session and closing the one left."""

    async def show_session(self, live: LiveSession, *, same_conversation: bool = False) -> None:
        """Make `live` the session on screen (closing the previous one). What the composer
        held for the previous session goes, unless this is the same conversation (renamed)."""
        if self.live is not None and self.live is not live:
            self._close_live()
        if not same_conversation:
            self.forget_session_input()
        self.live = live
        self.watch_spend()
        await self.chat.show_history(
            live.state.transcript.messages, self._assistant_name(), self.reply_dress()
        )
        self.refresh_session()
        for problem in live.problems:
            self.notify(problem, severity="warning", timeout=8, markup=False)
        if live.state.interrupted is not None:
            self._hand_back_interrupted(live.state.interrupted.content)
        if self.composer.text.strip() and self.comparison is not None:
            self.comparison.draft_changed(self.composer.text)  # the draft, quoted for this one
        self.activity.say("ready")
        self.call_after_refresh(bench_hook.mark, "history")  # if no newest page was shown
        self.call_after_refresh(bench_hook.mark, "ready")

    def _hand_back_interrupted(self, question: str) -> None:
        """The question a stopped process left unanswered, back in the composer. Text
        already there (typed before the app started, or a draft kept from the session
        left) stays: the question goes first, as it was asked first, and the text after it
        on a line of its own. A notice says what is there and how to send it: Enter sends
        the composer (both, then), Ctrl+R the question alone."""
        composer = self.composer
        held = composer.text
        self._handed_back = question
        self.offer_retry(question)  # Ctrl+R sends it, as after a failed turn
        typed_after = bool(held.strip()) and held != question
        composer.hand_back(f"{question}\n{held}" if typed_after else question)
        self.notify(
            interrupted_hint(typed_after=typed_after),
            severity="warning" if typed_after else "information",
            timeout=8,
            markup=False,
        )

    def action_sessions(self) -> None:
        from fincoach_tui.ui.screens.sessions import SessionsScreen

        current = self.live.name if self.live else None
        # Made with its width's class (`-narrow`, `-wide`), as the main screen is: Textual
        # gives a pushed screen one on a resize only, which may come after its table was
        # filled or not at all, so at 80 columns the dialog was drawn now full width, now
        # not, with the columns chosen for either.
        width = breakpoint_classes(self.size.width, self.HORIZONTAL_BREAKPOINTS or [])
        dialog = SessionsScreen(self.sessions, current, classes=" ".join(width))
        self.push_screen(dialog, self._session_chosen)

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
            live = self._open(name)
        except NotDone as exc:
            self.notify(str(exc), severity="error", timeout=8, markup=False)
            if previous is not None:  # reopen what we had, so the screen matches a session
                live = self._open(previous.name)
            else:
                return
        await self.show_session(live)

    def _open(self, name: str) -> LiveSession:
        """Open `name`; a new one starts on the strategy saved in config now. Raises NotDone.
        Read as the session opened at launch is (`heap.reading_session`), while the
        screen still shows the one left."""
        assert self.engine is not None
        with heap.reading_session(replacing=True):
            return self.sessions.open(
                self.engine, name, sleep=self._retry_sleep, config=self.config
            )

    # ---- rename --------------------------------------------------------------------
    def action_rename_session(self) -> None:
        if self.live is None:
            return
        from fincoach_tui.ui.screens.rename import RenameScreen

        current = self.live.name
        self.push_screen(
            RenameScreen(current, lambda new: self.sessions.check_new_name(current, new)),
            self._rename_chosen,
        )

    def _rename_chosen(self, new: str | None) -> None:
        """The rename dialog's answer: the checked new name (None: cancelled)."""
        self.rename_to(new)

    @work(exclusive=True, group="open")
    async def rename_to(self, new: str | None) -> None:
        """Rename the session on screen: closed, renamed on disk, opened again."""
        live = self.live
        if new is None or live is None or self.engine is None:
            return
        if live.coach.busy:
            self.notify("wait for the reply to finish first", severity="warning")
            return
        old = live.name
        self._unnamed.discard(old)  # named by the user now: kept even if empty
        self._close_live()
        self.live = None
        try:
            with heap.reading_session(replacing=True):  # read again, as at launch
                renamed, problem = self.sessions.rename_and_open(
                    self.engine, old, new, sleep=self._retry_sleep, config=self.config
                )
        except NotDone as exc:  # not even the old name opens again: say so, keep the screen
            self.notify(str(exc), severity="error", timeout=8, markup=False)
            return
        if renamed.name != old and old in self.unsaved:  # what it lacks is under its new name
            self.unsaved[renamed.name] = self.unsaved.pop(old)
        await self.show_session(renamed, same_conversation=True)
        if problem:
            self.notify(problem, severity="error", timeout=8, markup=False)
        else:
            self.notify(f"renamed {old} to {renamed.name}", markup=False)

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
        empty = live.empty
        if self.comparison is not None:
            self.comparison.follow(None)  # a walk of it still under way stops
        # What the command line reports after quitting, naming this session.
        if live.coach.unsaved is not None:
            self.unsaved[live.name] = live.coach.unsaved
        else:
            self.unsaved.pop(live.name, None)
        live.close()
        heap.release_session()  # what of it is garbage now may be collected
        unnamed = live.name in self._unnamed
        if empty and unnamed:
            try:
                self.sessions.delete(live.name)
            except NotDone as exc:
                self.notify(str(exc), severity="warning", markup=False)
            else:  # not kept: the one left before it, if still there, is the one to resume
                if self.left_unnamed is not None and not self.sessions.exists(self.left_unnamed):
                    self.left_unnamed = None  # deleted in the sessions dialog since
                return
        self.left_unnamed = live.name if unnamed and not empty else None
