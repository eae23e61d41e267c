"""A session's call totals kept as records come, read as the sums over every record gave. Pure.

The session bar reads the total cost, the priced part, how many calls have no price and
whether any figure is our estimate after every turn; summing every record each time costs
the session's length per turn. `RecordTotals` folds each record once, when it is first
read, and keeps the sums in the order `sum` adds them, so each value is exactly the one
the sum over every record gives (`RunningSum` follows the interpreter's `sum` of floats).
"""

from __future__ import annotations

import math
import sys
from collections.abc import Sequence

from fincoach_tui.domain.records import CallRecord

# Python 3.12 made `sum` of floats compensated (Neumaier); before, it adds left to right.
_COMPENSATED = sys.version_info >= (3, 12)


class RunningSum:
    """`sum(values)` kept as values are added: reading it gives what `sum` of them all gives."""

    __slots__ = ("_c", "_hi", "_plain")

    def __init__(self) -> None:
        self._plain: float = 0  # `sum` starts from the int 0 (and gives it for no values)
        self._hi: float | None = None
        self._c = 0.0

    def add(self, x: float) -> None:
        if not _COMPENSATED:
            self._plain = self._plain + x
            return
        hi, x = (0.0 if self._hi is None else self._hi), float(x)
        t = hi + x
        if abs(hi) >= abs(x):
            self._c += (hi - t) + x
        else:
            self._c += (x - t) + hi
        self._hi = t

    @property
    def value(self) -> float:
        if not _COMPENSATED or self._hi is None:
            return self._plain
        if self._c and math.isfinite(self._c):
            return self._hi + self._c
        return self._hi


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
        self._cost = RunningSum()  # every call's, 0.0 for one with no price
        self._priced = RunningSum()  # the priced calls' costs, as they are
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
        """`sum(r.cost_usd or 0.0 for r in records)`."""
        return self._cost.value

    @property
    def total_cost(self) -> float | None:
        """Every call's cost summed; None if any call has no price."""
        return self._priced.value if self.priced_calls == self._read else None
