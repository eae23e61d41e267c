"""The calls a session really made, indexed for the cost comparison's walk. Pure.

A walk asks, turn by turn, what was really sent: the turn's chat call (a step whose request
is identical keeps its bill), its extractions and embedding calls, and the summary fold that
made a summary covering the same turns (a walk that plans the same fold takes the real
summary and its bill). Records and summaries are append-only, so each update reads only
those added since the last.
"""

from __future__ import annotations

from fincoach_tui.domain.memory.base import Summary
from fincoach_tui.domain.records import CallRecord
from fincoach_tui.domain.session_state import SessionState


class RealCalls:
    """A session's calls by turn, and its summaries by the last turn their fold read."""

    def __init__(self) -> None:
        self.chat: dict[int, CallRecord] = {}  # turn -> its (last) chat call
        self.upkeep: dict[int, list[CallRecord]] = {}  # turn -> its extractions, embeddings
        self._folds: list[CallRecord] = []  # summary calls, in order: one per real summary
        self.summaries: dict[int, tuple[Summary, CallRecord | None]] = {}  # read_upto -> it
        self._records_seen = 0
        self._summaries_seen = 0

    def absorb(self, state: SessionState) -> None:
        """Index the records and summaries added since the last call."""
        # Sliced once and counted from the slice: an event applied meanwhile is read next time.
        new_records = state.records[self._records_seen :]
        self._records_seen += len(new_records)
        for record in new_records:
            if record.kind == "chat":
                self.chat[record.turn] = record
            elif record.kind == "summary":
                self._folds.append(record)
            else:  # an extraction, an embedding call
                self.upkeep.setdefault(record.turn, []).append(record)
        new_summaries = state.summaries[self._summaries_seen :]
        for index, summary in enumerate(new_summaries, start=self._summaries_seen):
            # Kept by the last turn the fold read: a fold that gave the text back unchanged
            # and claimed none of its turns still read them, and was billed; a walk that
            # plans the same fold takes it, the summary as it stayed, and its bill.
            key = summary.read_upto
            if summary.unchanged and key in self.summaries:
                continue  # a fold that claimed no new turn: the earlier fold stands for them
            self.summaries[key] = (
                summary,
                self._folds[index] if index < len(self._folds) else None,
            )
        self._summaries_seen += len(new_summaries)
