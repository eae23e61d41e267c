"""What the strategies work out once per session and reuse turn after turn. Pure.

A session's requests are built over and over on the same, growing history: each live turn,
and every strategy's walk in the cost comparison. Some of that work depends only on what
the history already held (the turn numbers of its messages, what an old question states
against the current facts), so it is kept here and only the new part is done each turn.

One `SessionMemo` per session, made by the service layer with the session (as it makes
`records.MessageIds`) and carried by every `MemoryView` of that session. So two sessions
never share what it holds (their message ids are the same "m1", "m2"...), and a session
that is left takes its history with it: nothing here outlives the views that carry it.
A view made without one gets a fresh, empty memo: correct, just not reused.
"""

from __future__ import annotations

import operator
from collections.abc import Callable, Hashable, Sequence
from itertools import islice
from typing import Any, Generic, TypeVar

from fincoach_tui.domain.bm25 import BM25Index
from fincoach_tui.domain.conversation import Message
from fincoach_tui.domain.recall import held_questions
from fincoach_tui.domain.user_statements import Statement

K = TypeVar("K", bound=Hashable)
V = TypeVar("V")


class TurnNumbers:
    """The turn numbers of the longest history asked about, and whether they never decrease.

    A session's history grows a turn at a time (the comparison walks it turn by turn), so
    the next history starts with the very same messages: only the new ones are read. Which
    history it is, is told by position: a session's histories are prefixes of its
    append-only transcript, so the message at a position (the very object) stands for every
    message before it; nothing is scanned whatever the session's length."""

    __slots__ = ("_known", "_numbers", "_ordered")

    def __init__(self) -> None:
        self._known: Sequence[Message] = ()
        self._numbers: list[int] = []
        self._ordered = True

    def ordered(self, history: Sequence[Message]) -> list[int] | None:
        """[m.turn for m in history] when those never decrease (a transcript's), else None:
        then "the messages after turn N" are a tail, found by bisection rather than a scan.
        The list is only read by the caller, before the next call."""
        if not isinstance(history, (tuple, list)):
            return None
        known, numbers = self._known, self._numbers
        n, size = len(known), len(history)
        if n and size and size <= n and known[size - 1] is history[size - 1]:
            if size == n:
                return numbers if self._ordered else None
            earlier = numbers[:size]  # an earlier point of the same history
            if self._ordered or all(map(operator.le, earlier, islice(earlier, 1, None))):
                return earlier
            return None
        if n and size > n and history[n - 1] is known[n - 1]:
            new = [m.turn for m in history[n:]]
            self._ordered = (
                self._ordered
                and numbers[-1] <= new[0]
                and all(map(operator.le, new, islice(new, 1, None)))
            )
            numbers.extend(new)
        else:
            numbers = self._numbers = [m.turn for m in history]
            self._ordered = all(map(operator.le, numbers, islice(numbers, 1, None)))
        self._known = history
        return numbers if self._ordered else None


class BoundedCache(Generic[K, V]):
    """Values worked out once and asked for again, forgotten all at once at `limit`
    entries: a session that runs for thousands of turns does not grow it without end."""

    __slots__ = ("_entries", "limit")

    def __init__(self, limit: int = 4096) -> None:
        self.limit = limit
        self._entries: dict[K, V] = {}

    def get(self, key: K, make: Callable[[], V]) -> V:
        value = self._entries.get(key)
        if value is None:
            if len(self._entries) >= self.limit:
                self._entries.clear()
            value = self._entries[key] = make()
        return value

    def __len__(self) -> int:
        return len(self._entries)


class ByState(Generic[K, V]):
    """Values that hold for one state of something that changes now and then (the facts):
    all forgotten at once when the state asked about is another one."""

    __slots__ = ("_entries", "_state")

    def __init__(self) -> None:
        self._state: Hashable = None
        self._entries: dict[K, V] = {}

    def at(self, state: Hashable, limit: int = 65536) -> dict[K, V]:
        """The values for `state`; none if it is not the last one asked about, or if they
        reached `limit` (forgotten all at once, as `BoundedCache`)."""
        if state != self._state or len(self._entries) >= limit:
            self._state, self._entries = state, {}
        return self._entries


class SessionMemo:
    """One session's reusable strategy work: see the module's docstring."""

    def __init__(self) -> None:
        self.turns = TurnNumbers()
        # Recall brings the same old questions back turn after turn, against the same facts:
        # what they state against those facts, by the messages' ids and the facts' values
        # (domain/memory/hybrid.py). Ids name one text for good only within a session.
        self.conflicts: BoundedCache[tuple, tuple] = BoundedCache()
        # Each user message's statements, read once (domain/memory/notes.py): by message id,
        # with the text they were read from. One entry a message, as the history holds.
        self.statements: dict[str, tuple[str, tuple[Statement, ...]]] = {}
        # What a statement says against the current facts, until they change: whether it is
        # left out of the notes (by its text), and its line, whether it is wholly replaced
        # whether the facts hold it and whether it is new to them (by its turn and text).
        self.dropped: ByState[str, bool] = ByState()
        self.note_lines: ByState[tuple[int, str], tuple[str, bool, bool, bool]] = ByState()
        # The tokens of note lines and of pairs of them joined, by the texts, for the
        # tokenizer last used (a count function: equal while it is the same).
        self.note_counts: ByState[str | tuple[str, str], int] = ByState()
        # A note line's fact-independent traits (salience, the words a question may name):
        # by its text, for good.
        self.note_traits: dict[str, tuple] = {}
        # The facts strategy's notes kept from request to request (notes_index.NotesIndex),
        # by tail length.
        self.fact_notes: dict[int, Any] = {}
        # The session's questions in the order of their turns, for recall (hybrid.py).
        self._questions = BM25Index()

    def questions(self, history: Sequence[Message], upto: int, since: int = 0) -> BM25Index:
        """An index holding the questions of `history`'s turns `since` to `upto` (0-based,
        the last not included) at least, in their order: a question added per turn, those
        before `since` forgotten (recall's window moves on a turn at a time). A history
        that is not the one it holds (another branch of the session), or one reaching back
        to questions it forgot, starts it again."""
        self._questions = held_questions(self._questions, history, since, upto)
        return self._questions
