"""Numbered items with a cost, asked "the latest one before N that costs at most X". Pure.

The facts strategy's notes section fills a budget greedily, newest first within each rank:
a note that does not fit is passed over and the next one tried. Passing over them one by
one costs as many steps as there are notes, so the notes of a long session are kept here
instead, by their slot (the order they were said in), in segment trees of their costs: the
next note that fits is found in a number of steps that grows with the logarithm of the
session's notes, whatever how many are passed over.

A pool's members are appended in increasing slot order and removed from its end (a walk
that steps back); a member that is not in the pool's rank at the moment costs `ABSENT`.
"""

from __future__ import annotations

import bisect

ABSENT = 1 << 60  # the cost of a member that is not to be found


class MinTree:
    """Costs at positions 0..n-1 and their minimum per power-of-two range."""

    __slots__ = ("_size", "_tree", "n")

    def __init__(self) -> None:
        self._size = 1
        self._tree = [ABSENT, ABSENT]
        self.n = 0

    @classmethod
    def built(cls, costs: list[int]) -> MinTree:
        """A tree of `costs`, built at once (in time proportional to their number)."""
        tree = cls()
        while tree._size < len(costs):
            tree._size *= 2
        nodes = [ABSENT] * tree._size + costs + [ABSENT] * (tree._size - len(costs))
        for node in range(tree._size - 1, 0, -1):
            nodes[node] = min(nodes[2 * node], nodes[2 * node + 1])
        tree._tree, tree.n = nodes, len(costs)
        return tree

    def append(self, cost: int) -> None:
        if self.n == self._size:
            leaves = self._tree[self._size :]
            self._size *= 2
            self._tree = [ABSENT] * (2 * self._size)
            self._tree[self._size : self._size + len(leaves)] = leaves
            for node in range(self._size - 1, 0, -1):
                self._tree[node] = min(self._tree[2 * node], self._tree[2 * node + 1])
        self.n += 1
        self.set(self.n - 1, cost)

    def pop(self) -> None:
        self.set(self.n - 1, ABSENT)
        self.n -= 1

    def set(self, index: int, cost: int) -> None:
        tree = self._tree
        node = index + self._size
        tree[node] = cost
        node //= 2
        while node:
            low = min(tree[2 * node], tree[2 * node + 1])
            if tree[node] == low:
                break  # the minimum above is unchanged
            tree[node] = low
            node //= 2

    def rightmost(self, low: int, high: int, most: int) -> int:
        """The largest position p with low <= p < high whose cost is at most `most`; -1."""
        if low >= high or self._tree[1] > most:
            return -1
        return self._find(1, 0, self._size, low, high, most)

    def _find(self, node: int, start: int, end: int, low: int, high: int, most: int) -> int:
        if end <= low or start >= high or self._tree[node] > most:
            return -1
        if end - start == 1:
            return start
        middle = (start + end) // 2
        found = self._find(2 * node + 1, middle, end, low, high, most)
        if found >= 0:
            return found
        return self._find(2 * node, start, middle, low, high, most)


class SlotPool:
    """Slots (increasing) with two costs each: a note's cost when an older kept note is listed
    after it (`joined`: its line and the newline that joins them) and its line's alone."""

    __slots__ = ("_alone", "_joined", "slots")

    def __init__(self) -> None:
        self.slots: list[int] = []
        self._joined = MinTree()
        self._alone = MinTree()

    @classmethod
    def built(cls, slots: list[int], joined: list[int], alone: list[int]) -> SlotPool:
        """A pool of `slots` with their costs, built at once."""
        pool = cls()
        pool.slots = slots
        pool._joined, pool._alone = MinTree.built(joined), MinTree.built(alone)
        return pool

    def add(self, slot: int) -> int:
        """Append `slot` (absent until `set`); its position in the pool."""
        self.slots.append(slot)
        self._joined.append(ABSENT)
        self._alone.append(ABSENT)
        return len(self.slots) - 1

    def drop_last(self) -> None:
        self.slots.pop()
        self._joined.pop()
        self._alone.pop()

    def set(self, position: int, joined: int, alone: int) -> None:
        self._joined.set(position, joined)
        self._alone.set(position, alone)

    def latest(self, low: int, high: int, room: int, alone: bool) -> int:
        """The latest slot s with low < s < high whose cost (`alone` or joined) is at most
        `room`; -1 if none."""
        slots = self.slots
        first = bisect.bisect_right(slots, low)
        last = bisect.bisect_left(slots, high)
        tree = self._alone if alone else self._joined
        found = tree.rightmost(first, last, room)
        return slots[found] if found >= 0 else -1
