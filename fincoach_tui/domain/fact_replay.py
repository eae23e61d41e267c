"""The fact store as it stood at each turn of a session, replayed from its log. Pure.

The cost comparison's walk builds each turn's request with the facts that turn's request
saw: a fact learned at turn 5 is not in turn 3's. The walk goes forward a turn at a time,
so the store moves forward with it, applying each fact event of the log once.
"""

from __future__ import annotations

from collections.abc import Sequence

from fincoach_tui.domain.fact_store import FactStore
from fincoach_tui.domain.session_events import FactEvent, apply_fact_event


class FactReplay:
    """One fact store, moved forward along a session's fact log."""

    def __init__(self) -> None:
        self._store = FactStore()
        self._turn = 0
        self._applied = 0  # entries of the log applied to it

    def at(self, turn: int, log: Sequence[tuple[int, FactEvent]]) -> FactStore:
        """The fact store as turn `turn`'s request saw it: every fact event in force by then.
        The log is in session order, so its turns never decrease; going back rebuilds."""
        if turn < self._turn:
            self._store, self._applied = FactStore(), 0
        self._turn = turn
        while self._applied < len(log) and log[self._applied][0] <= turn:
            try:
                apply_fact_event(self._store, log[self._applied][1])
            except (KeyError, TypeError, ValueError):
                pass  # refused by the session too: it changed no fact there either
            self._applied += 1
        return self._store
