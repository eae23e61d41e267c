"""The notes section's greedy fill and topic groups, in time that follows the notes rather
than their pairs. Pure.

`notes.notes_section` keeps each note, in its rank's order, if it fits what is left of the
budget together with the newer notes on its topic (all of them or none): those that share a
topic name with it, directly. Not theirs in turn: a chain through common words ("month",
"bank") would make one asked note pull in notes about other things, so a group is bounded
by the note's own names. Here:

- `topic_groups` (`DirectGroups`): a note's newer notes on its topic, found by topic name
  (each name's notes listed once, in order), not by comparing every pair; made for a note
  only when the fill asks for it.
- `fill_alike`: when every line begins with the same word, what the newline between two
  lines adds depends on the first line only (its seam), so the cost of any set of lines
  joined newest first is their tokens and seams less the oldest one's seam: a group's
  trial is a sum, nothing is inserted or taken out. When no seam is below 0, adding a
  line never makes the joined text cheaper: a group is summed only until it is too large.

Both give exactly what the trial-by-trial fill and the pairwise comparison give (tested).
"""

from __future__ import annotations

import bisect
from collections.abc import Callable, Iterable, Sequence


class DirectGroups:
    """For each note (by index, oldest first; `names`: each one's topic names), the newer
    notes sharing a name with it, in order: `notes.newer_on_topic`. Each is made the first
    time it is asked for, from the name's list of notes."""

    def __init__(self, names: Sequence[Iterable[str]]) -> None:
        self._names = [tuple(dict.fromkeys(own)) for own in names]
        self._postings: dict[str, list[int]] = {}
        for i, own in enumerate(self._names):
            for name in own:
                self._postings.setdefault(name, []).append(i)
        self._made: dict[int, tuple[int, ...]] = {}

    def __len__(self) -> int:
        return len(self._names)

    def __getitem__(self, i: int) -> tuple[int, ...]:
        made = self._made.get(i)
        if made is None:
            found: set[int] = set()
            for name in self._names[i]:
                slots = self._postings[name]
                found.update(slots[bisect.bisect_right(slots, i) :])
            made = self._made[i] = tuple(sorted(found))
        return made


def topic_groups(names: Sequence[Iterable[str]]) -> list[tuple[int, ...]]:
    """For each note (by index, oldest first; `names`: each one's topic names), the newer
    notes sharing a name with it, in order: `notes.newer_on_topic`."""
    groups = DirectGroups(names)
    return [groups[i] for i in range(len(groups))]


def fill_alike(
    order: Sequence[int],
    own: Callable[[int], int],
    seam: Callable[[int], int],
    budget: int,
    groups: DirectGroups | Sequence[tuple[int, ...]],
) -> tuple[list[int], int] | None:
    """The notes kept (newest, the highest index, first) and their joined text's tokens, as
    `notes._fit` keeps them trying `order`'s notes in turn, each with its newer notes on its
    topic (`groups`: `topic_groups`), when the lines are joined with seams that depend on
    the line before only (`seam`: what the newline after a line adds; `own`: a line's
    tokens). None when a seam is below 0: then the trial-by-trial fill is the one to use."""
    seams = dict(zip(order, map(seam, order)))
    if any(value < 0 for value in seams.values()):
        return None
    costs = {i: own(i) + seams[i] for i in order}  # a line and the newline after it
    kept: set[int] = set()
    body = 0  # the kept lines' tokens and seams
    total = 0  # the joined text's: body less the oldest kept line's seam
    oldest: int | None = None
    for i in order:
        if i in kept:  # kept with another's group: tried no more
            continue
        lowest = i if oldest is None or i < oldest else oldest  # the group's are newer than i
        room = budget - body + seams[lowest]  # what the group may cost
        group = _group(i, groups[i], kept, costs, room)
        if group is None:
            continue
        cost = sum(map(costs.__getitem__, group))
        kept.update(group)
        body, oldest = body + cost, lowest
        total = body - seams[lowest]
    return sorted(kept, reverse=True), total


def _group(
    first: int,
    newer: Sequence[int],
    kept: set[int],
    costs: dict[int, int],
    room: int,
) -> set[int] | None:
    """`first` and its newer notes on its topic (`newer`) but the kept ones, if they cost at
    most `room`; else None, as soon as that is known."""
    group, cost = {first}, costs[first]
    if cost > room:
        return None
    for j in newer:
        if j in kept:
            continue
        cost += costs[j]
        if cost > room:
            return None
        group.add(j)
    return group
