"""The turns hybrid's recall may bring back, and their ranking when scored from a list.

`RecallCandidates` names them by number (a long session's thousands of candidates are not
listed every turn); `ranked` orders a scored list best first, then the older turn, as the
index's ranking (recall.py, bm25_ranking.py) orders what it reads.
"""

from __future__ import annotations

import operator
from collections.abc import Iterator, Sequence
from itertools import compress, islice, repeat

from fincoach_tui.domain.conversation import Message
from fincoach_tui.domain.memory.base import Turn, turns_of

_QUESTION = operator.itemgetter(0)
_ID = operator.attrgetter("id")


def ranked(
    candidates: list[Turn], scores: dict[str, float], first: int, ordered: bool = False
) -> Iterator[Turn]:
    """The candidates scoring above 0, best first, then the older turn, then in the order
    given (a stable sort by (-score, turn)), lazily: the `first` best are picked out and
    sorted, and the rest only if the caller reads past them (it seldom needs more than
    recall_k), so a long session's candidates are not sorted every turn. `ordered`: the
    candidates are known to be in the order of their turns (a transcript's)."""
    get = scores.get
    # [get(question.id, 0.0) for question, _ in candidates], at C speed: a long session's
    # candidates are thousands, every turn
    values = list(map(get, map(_ID, map(_QUESTION, candidates)), repeat(0.0)))
    top = max(values, default=0.0)
    if top > 0.0 and values.count(top) >= first:
        # Many tied for the best (a question asked again and again): in the order given,
        # when that is the turns' order, found one at a time.
        turns = [] if ordered else [question.turn for question, _ in candidates]
        if all(map(operator.le, turns, islice(turns, 1, None))):
            n = -1
            while True:
                try:
                    n = values.index(top, n + 1)
                except ValueError:
                    break
                yield candidates[n]
            rest = [(-v, candidates[n][0].turn, n) for n, v in enumerate(values) if 0.0 < v < top]
            rest.sort()
            yield from (candidates[n] for _, _, n in rest)
            return
    positive = sorted(filter((0.0).__lt__, values), reverse=True)
    if not positive:
        return
    bar = positive[min(first, len(positive)) - 1]
    head = [
        (-values[n], candidates[n][0].turn, n)
        for n in compress(range(len(values)), map(bar.__le__, values))
    ]
    head.sort()
    yield from (candidates[n] for _, _, n in head)
    if len(head) < len(positive):
        rest = [(-v, candidates[n][0].turn, n) for n, v in enumerate(values) if 0.0 < v < bar]
        rest.sort()
        yield from (candidates[n] for _, _, n in rest)


class RecallCandidates:
    """The turns recall may bring back: `history`'s turns `since` to `split` (0-based, the
    last not included: those the summary covers, or all that are older than the verbatim
    part, back to the window's oldest) and then `newer`, the few newer ones the tail had no
    room for. Named by number (a turn by its place in `history`, `split` + n for `newer`'s
    n-th), so that the window's many candidates are not listed every turn: only the
    retriever that cannot read them from its index gets the list (`turns`)."""

    __slots__ = ("history", "newer", "since", "split")

    def __init__(
        self, history: Sequence[Message], split: int, newer: list[Turn], since: int = 0
    ) -> None:
        self.history, self.split, self.newer = history, split, newer
        self.since = min(since, split)

    def __len__(self) -> int:
        return self.split - self.since + len(self.newer)

    def turn(self, place: int) -> Turn:
        if place < self.split:
            return self.history[2 * place], self.history[2 * place + 1]
        return self.newer[place - self.split]

    @property
    def newer_questions(self) -> list[Message]:
        return [question for question, _ in self.newer]

    def turns(self) -> list[Turn]:
        """Every candidate, in order (as `turns_of(history)[since:split] + newer`)."""
        return turns_of(self.history[2 * self.since : 2 * self.split]) + self.newer

    def newest_first(self) -> Iterator[Turn]:
        """Every turn the summary and recall stand in for, newest first: the candidates,
        then the turns older than the window (the summary's only)."""
        yield from reversed(self.newer)
        history = self.history
        for i in range(2 * self.split - 2, -1, -2):
            yield history[i], history[i + 1]
