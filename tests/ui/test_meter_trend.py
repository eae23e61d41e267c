"""The meter's prediction-error trend is shown on the event loop after every turn: it reads
as many of the session's errors whatever the session's length, and says what it said when
it filtered every error."""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from typing import overload

from fincoach_tui.domain.records import SentMessage
from fincoach_tui.ui.meter import TREND_TURNS, TokenMeter, newest_parts, recent_errors
from tests.widget_harness import call_record, mounted


class CountedErrors(Sequence[tuple[int, int]]):
    """A session's (turn, error) pairs that count each pair read; never iterated whole."""

    def __init__(self, turns: int) -> None:
        self.pairs = [(t, (t * 7) % 11 - 5) for t in range(1, turns + 1)]
        self.reads = 0

    def __len__(self) -> int:
        return len(self.pairs)

    @overload
    def __getitem__(self, index: int) -> tuple[int, int]: ...
    @overload
    def __getitem__(self, index: slice) -> Sequence[tuple[int, int]]: ...
    def __getitem__(self, index: int | slice) -> tuple[int, int] | Sequence[tuple[int, int]]:
        assert isinstance(index, int), "a slice reads an unknown number of pairs"
        self.reads += 1
        return self.pairs[index]

    def __iter__(self) -> Iterator[tuple[int, int]]:
        raise AssertionError("every error read: the work grows with the session")


def filtered(errors: Sequence[tuple[int, int]], turn: int) -> list[tuple[int, int]]:
    """What the meter showed before: every error up to `turn`, the last six kept."""
    return [(t, e) for t, e in errors if t <= turn][-TREND_TURNS:]


def test_the_newest_turns_trend_reads_as_many_errors_at_turn_10_as_at_turn_10000():
    reads = []
    for turns in (10, 1_000, 10_000):
        errors = CountedErrors(turns)
        trend = recent_errors(errors, turn=turns)
        assert trend == filtered(errors.pairs, turns)
        reads.append(errors.reads)
    assert reads == [1 + TREND_TURNS] * 3  # the last pair, then the six shown


def test_an_earlier_turns_trend_is_the_same_and_found_by_halving():
    errors = CountedErrors(10_000)
    for turn in (1, 2, 6, 7, 500, 9_999):
        errors.reads = 0
        assert recent_errors(errors, turn) == filtered(errors.pairs, turn)
        assert errors.reads <= 1 + 14 + TREND_TURNS  # 14 halvings of 10,000
    assert recent_errors(CountedErrors(0), 5) == []
    # Turns without a billed error (estimates) leave gaps; two calls may share a turn.
    gappy = [(2, 1), (5, -3), (5, 2), (9, 0)]
    for turn in range(0, 11):
        assert recent_errors(gappy, turn) == filtered(gappy, turn)


async def test_the_meter_line_is_the_one_the_whole_list_gave():
    async with mounted(TokenMeter, (100, 30)) as (meter, pilot):
        errors = CountedErrors(2_000)
        sent = [SentMessage("user", "hi", "new", 3)]
        meter.show(call_record(1_500, "buffer", sent, prompt=13), 128_000, errors=errors)
        await pilot.pause()
        assert meter.figures["error_trend"] == filtered(errors.pairs, 1_500)
        assert meter.lines["trend"] == (
            "t1495 −1 · t1496 −5 · t1497 +2 · t1498 −2 · t1499 +5 · t1500 +1 (billed − predicted)"
        )
        assert errors.reads <= 1 + 11 + TREND_TURNS


def test_the_trend_keeps_its_newest_turns_that_fit():
    trend = "t1 0 · t2 +3 · t3 -1 · t4 0 (billed − predicted)"
    assert newest_parts(trend, 80) == trend
    assert newest_parts(trend, 34) == "t3 -1 · t4 0 (billed − predicted)"
    assert newest_parts(trend, 5) == "t4 0 (billed − predicted)"  # the newest, however narrow
