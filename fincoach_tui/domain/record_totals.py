"""A session's call totals kept as records come. Pure.

The session bar reads the total cost, the priced part, how many calls have no price and
whether any figure is our estimate after every turn; summing every record each time costs
the session's length per turn. `RecordTotals` folds each record once, when it is first
read, and keeps the costs as exact sums (domain/exact_sum.py): each reads as `math.fsum`
of the records' costs, the figure the cost comparison's "you paid" gives for the same calls.
"""

from __future__ import annotations

from collections.abc import Sequence

from fincoach_tui.domain.exact_sum import ExactSum
from fincoach_tui.domain.records import CallRecord


class RecordTotals:
    """The session's records folded once each: reads only the records added since the last
    read (and the last one read, to see that the list is still the same session's)."""

    __slots__ = (
        "_cost",
        "_last",
        "_priced",
        "_read",
        "estimated",
        "priced_calls",
        "prompt_tokens",
    )

    def __init__(self) -> None:
        self._read = 0
        self._last: CallRecord | None = None
        self._cost = ExactSum()  # every call's, 0.0 for one with no price
        self._priced = ExactSum()  # the priced calls' costs, as they are
        self.priced_calls = 0
        self.estimated = False
        self.prompt_tokens = 0

    def follow(self, records: Sequence[CallRecord]) -> RecordTotals:
        """Fold the records added since the last call; start again if the list is not the
        one followed (shorter, or its last folded record replaced)."""
        read = self._read
        if len(records) < read or (read and records[read - 1] is not self._last):
            self.__init__()  # type: ignore[misc]
            read = 0
        for index in range(read, len(records)):
            self._add(records[index])
        self._read = len(records)
        return self

    def _add(self, record: CallRecord) -> None:
        self._last = record
        cost = record.cost_usd
        self._cost.add(cost or 0.0)
        if cost is not None:
            self._priced.add(cost)
            self.priced_calls += 1
        self.estimated = self.estimated or (record.usage.estimated and not record.simulated)
        self.prompt_tokens += record.usage.prompt_tokens

    @property
    def calls(self) -> int:
        return self._read

    @property
    def unpriced_calls(self) -> int:
        return self._read - self.priced_calls

    @property
    def priced_cost(self) -> float:
        """`fsum(r.cost_usd or 0.0 for r in records)`."""
        return self._cost.value

    @property
    def total_cost(self) -> float | None:
        """Every call's cost summed exactly; None if any call has no price."""
        return self._priced.value if self.priced_calls == self._read else None
