"""A sum kept exactly as values are added, read as `math.fsum` of them all would give. Pure.

`fsum` of a growing list costs the list's length each time it is read; this keeps the
exact sum as a few non-overlapping partials (Shewchuk's algorithm, the one `fsum` uses),
so adding is O(partials) and reading is `fsum` of the partials: the same correctly
rounded value, since both are the exact sum rounded once.
"""

from __future__ import annotations

from math import fsum


class ExactSum:
    __slots__ = ("_partials",)

    def __init__(self) -> None:
        self._partials: list[float] = []

    def add(self, x: float) -> None:
        kept = 0
        for y in self._partials:
            if abs(x) < abs(y):
                x, y = y, x
            high = x + y
            low = y - (high - x)
            if low:
                self._partials[kept] = low
                kept += 1
            x = high
        self._partials[kept:] = [x]

    @property
    def value(self) -> float:
        return fsum(self._partials)


class CallSums:
    """A curve's calls summed as they come: the chat calls, the maintenance calls, both."""

    __slots__ = ("both", "chat", "upkeep")

    def __init__(self) -> None:
        self.chat, self.upkeep, self.both = ExactSum(), ExactSum(), ExactSum()

    def add(self, cost: float, chat: bool) -> None:
        (self.chat if chat else self.upkeep).add(cost)
        self.both.add(cost)

    @property
    def values(self) -> tuple[float, float, float]:
        """fsum of the chat calls, of the maintenance calls, of every call."""
        return self.chat.value, self.upkeep.value, self.both.value
