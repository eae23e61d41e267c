"""The cost chart's per-turn columns, kept as the session grows: each record is read once.

Records are append-only, so after a turn only its new records are read: each adds to its
turn's figures (a turn's maintenance calls come before its chat call) or opens the next
turn. Every per-turn figure is an append-only list, with its running sum (the cumulative
line) and a range-maximum index beside it, so a frame of the chart (a hundred bars, each
its run's highest turn) costs a hundred lookups whatever the session's length. Pure.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from operator import attrgetter

from fincoach_tui.domain.records import CallRecord

_TURN = attrgetter("turn")


class PeakIndex:
    """The index of the highest of `values[start:stop]` (the first, on a tie) in two
    lookups, over a list that only grows at its end (a sparse table: level k holds the
    winner of each run of 2**k values). Built when read: `argmax` first indexes the values
    added since, level by level in one pass each (a 10,000-turn session read at once is
    indexed in one go, not value by value); `retract` drops the entries the last value is
    in, before that value changes."""

    __slots__ = ("_indexed", "_levels", "_values")

    def __init__(self, values: Sequence[float]) -> None:
        self._values = values  # read, never written: its owner appends and retracts
        self._levels: list[list[int]] = []  # level k + 1: winner of values[j : j + 2**(k+1)]
        self._indexed = 0  # the levels hold every run within values[: self._indexed]

    def _winner(self, a: int, b: int) -> int:
        """Of two indices (a before b), the one holding the higher value; a on a tie."""
        return a if self._values[a] >= self._values[b] else b

    def _entry(self, level: int, start: int) -> int:
        return start if level == 0 else self._levels[level - 1][start]

    def _catch_up(self) -> None:
        """Index the values added since the last read: each level's new entries in one
        pass over the level below (whose entries they need are in by then)."""
        values = self._values
        length = len(values)
        if self._indexed == length:
            return
        below: Sequence[int] | None = None  # level 0: each index is its own run's winner
        level = 1
        while (width := 1 << level) <= length:
            if len(self._levels) < level:
                self._levels.append([])
            entries, half = self._levels[level - 1], width >> 1
            low, high = len(entries), length - width + 1
            firsts = range(low, high) if below is None else below[low:high]
            seconds = (
                range(low + half, high + half) if below is None else below[low + half : high + half]
            )
            entries.extend([a if values[a] >= values[b] else b for a, b in zip(firsts, seconds)])
            below = entries
            level += 1
        self._indexed = length

    def retract(self) -> None:
        """The last value is about to change: forget the entries that hold it."""
        length = len(self._values)
        if self._indexed < length:
            return  # not indexed yet
        level = 1
        while length - (1 << level) >= 0:
            self._levels[level - 1].pop()
            level += 1
        self._indexed = length - 1

    def argmax(self, start: int, stop: int) -> int:
        """The first index of the highest value in [start, stop) (not empty)."""
        self._catch_up()
        level = (stop - start).bit_length() - 1
        if level == 0:
            return start
        return self._winner(self._entry(level, start), self._entry(level, stop - (1 << level)))


@dataclass
class Columns:
    """One unit's figures per turn (prompt tokens, or USD), for the turns in `turns`."""

    chat: list[float] = field(default_factory=list)  # the chat call of each turn
    total: list[float] = field(default_factory=list)  # chat + maintenance of each turn
    cumulative: list[float] = field(default_factory=list)  # running sum of `total`
    peaks: PeakIndex = field(init=False)
    # Over every turn but the last (which may still gain a call): the highest total and
    # running sum, and how many turns had maintenance calls that counted (total != chat).
    closed_top: float = float("-inf")
    closed_cumulative_top: float = float("-inf")
    closed_upkept: int = 0

    def __post_init__(self) -> None:
        self.peaks = PeakIndex(self.total)

    def open_turn(self, value: float, chat: bool) -> None:
        if self.total:  # the turn before is complete now
            self.closed_top = max(self.closed_top, self.total[-1])
            self.closed_cumulative_top = max(self.closed_cumulative_top, self.cumulative[-1])
            self.closed_upkept += self.total[-1] != self.chat[-1]
        # The same sums build_series made: 0.0 + each value, in the records' order.
        self.chat.append(0.0 + value if chat else 0.0)
        self.total.append(0.0 + value)
        self.cumulative.append(
            self.cumulative[-1] + self.total[-1] if self.cumulative else self.total[-1]
        )

    def add_to_last(self, value: float, chat: bool) -> None:
        self.peaks.retract()
        if chat:
            self.chat[-1] += value
        self.total[-1] += value
        before = self.cumulative[-2] if len(self.cumulative) > 1 else None
        self.cumulative[-1] = self.total[-1] if before is None else before + self.total[-1]

    @property
    def top(self) -> float:
        """The highest turn's total."""
        return max(self.closed_top, self.total[-1]) if self.total else 0.0

    @property
    def cumulative_top(self) -> float:
        return max(self.closed_cumulative_top, self.cumulative[-1]) if self.cumulative else 0.0

    @property
    def upkept(self) -> bool:
        """Whether any turn's maintenance calls show on its bar (total != chat)."""
        return bool(self.closed_upkept) or (bool(self.total) and self.total[-1] != self.chat[-1])


class SeriesColumns:
    """Both units' columns of a session's records, read as they come (`read`)."""

    def __init__(self) -> None:
        self._start_over()

    def _start_over(self) -> None:
        self.turns: list[int] = []
        self.tokens = Columns()
        self.cost = Columns()
        self.records = 0  # how many records were read
        self.unpriced = 0  # of them, calls with no known price
        self._last: CallRecord | None = None  # the last record read

    def read(self, records: Sequence[CallRecord]) -> None:
        """Take in the records added since the last call: only those are read. Other records
        (another session's, or fewer) are read from the start."""
        done = self.records
        if len(records) < done or (done and records[done - 1] is not self._last):
            self._start_over()
            done = 0
        if len(records) == done:
            return
        new = [records[i] for i in range(done, len(records))]
        last = new[-1]  # records[-1], read once
        if not _in_order(self.turns[-1] if self.turns else None, new):
            # A turn's records out of order: summed per turn as they come, turns sorted.
            every = list(records)
            self._start_over()
            new = sorted(every, key=_TURN)  # stable: a turn's calls keep their order
        for record in new:
            self._add(record)
        self.records, self._last = len(records), last

    def _add(self, record: CallRecord) -> None:
        tokens, cost = float(record.usage.prompt_tokens), record.cost_usd or 0.0
        chat = record.kind == "chat"
        self.unpriced += record.cost_usd is None
        if self.turns and self.turns[-1] == record.turn:
            self.tokens.add_to_last(tokens, chat)
            self.cost.add_to_last(cost, chat)
            return
        self.turns.append(record.turn)
        self.tokens.open_turn(tokens, chat)
        self.cost.open_turn(cost, chat)


def _in_order(last: int | None, records: Sequence[CallRecord]) -> bool:
    """Whether the records' turns never go back (from `last`, the last turn read)."""
    for record in records:
        if last is not None and record.turn < last:
            return False
        last = record.turn
    return True
