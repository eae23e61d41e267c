"""The notes section's greedy fill and topic groups, in time that follows the notes rather
than their pairs. Pure.

`notes.notes_section` keeps each note, in its rank's order, if it fits what is left of the
budget together with the newer notes on its topic (all of them or none). Tried one note at
a time, each trial inserts its group into the kept list and takes it out again when it
does not fit, and the groups are found by comparing every pair of notes: at hybrid's 60
turns of reach that is most of a turn's comparison step. Here:

- `topic_links`: a note's newer notes on its topic are, for each topic name it has, the
  nearest newer note with that name and that note's own group (every later note with the
  name shares it with the nearest one): the links to the nearest ones are found in one
  pass, newest first, and the groups (`topic_groups`) follow them.
- `fill_alike`: when every line begins with the same word, what the newline between two
  lines adds depends on the first line only (its seam), so the cost of any set of lines
  joined newest first is their tokens and seams less the oldest one's seam: a group's
  trial is a sum, nothing is inserted or taken out. When no seam is below 0, adding a
  line never makes the joined text cheaper, so a note whose group did not fit never fits
  later (the room only shrinks), nor does any group holding it: it is passed over; and a
  group is followed along the links only until it is too large, and never into the kept
  notes (whose own groups are kept with them). So the groups are never listed whole: a
  long session's (on the facts strategy's reference path) hold most of its notes each.

Both give exactly what the trial-by-trial fill and the pairwise comparison give (tested).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence


def topic_links(names: Sequence[Iterable[str]]) -> list[tuple[int, ...]]:
    """For each note (by index, oldest first; `names`: each one's topic names), the nearest
    newer note with each of its names, each once: its newer notes on its topic are those
    and the ones linked from them in turn."""
    links: list[tuple[int, ...]] = [()] * len(names)
    nearest: dict[str, int] = {}  # by name: the oldest note seen so far (newest first) with it
    for i in range(len(names) - 1, -1, -1):
        own = names[i]
        links[i] = tuple(dict.fromkeys(nearest[name] for name in own if name in nearest))
        for name in own:
            nearest[name] = i
    return links


def topic_groups(names: Sequence[Iterable[str]]) -> list[tuple[int, ...]]:
    """For each note (by index, oldest first; `names`: each one's topic names), the newer
    notes sharing a name with it, and theirs in turn, in order: `notes.newer_on_topic`."""
    links = topic_links(names)
    groups: list[tuple[int, ...]] = [()] * len(links)
    for i in range(len(links) - 1, -1, -1):
        found: set[int] = set()
        for j in links[i]:
            if j not in found:
                found.add(j)
                found.update(groups[j])
        groups[i] = tuple(sorted(found))
    return groups


class TopicGroups:
    """The notes' groups (`topic_groups`) as the fill reads them: the links between the notes
    (`links`), and each group whole only if asked for (`groups`: makes them all)."""

    def __init__(
        self, names: Sequence[Iterable[str]], groups: Callable[[], Sequence[tuple[int, ...]]]
    ) -> None:
        self.links = topic_links(names)
        self._make = groups
        self._groups: Sequence[tuple[int, ...]] | None = None

    def __getitem__(self, i: int) -> tuple[int, ...]:
        if self._groups is None:
            self._groups = self._make()
        return self._groups[i]


def fill_alike(
    order: Sequence[int],
    own: Callable[[int], int],
    seam: Callable[[int], int],
    budget: int,
    links: Sequence[tuple[int, ...]],
) -> tuple[list[int], int] | None:
    """The notes kept (newest, the highest index, first) and their joined text's tokens, as
    `notes._fit` keeps them trying `order`'s notes in turn, each with its newer notes on its
    topic (those `links` lead to: `topic_links`), when the lines are joined with seams that
    depend on the line before only (`seam`: what the newline after a line adds; `own`: a
    line's tokens). None when a seam is below 0: then the trial-by-trial fill is the one to
    use."""
    seams = dict(zip(order, map(seam, order)))
    if any(value < 0 for value in seams.values()):
        return None
    costs = {i: own(i) + seams[i] for i in order}  # a line and the newline after it
    kept: set[int] = set()
    dead: set[int] = set()  # notes whose group did not fit: never will (see the docstring)
    body = 0  # the kept lines' tokens and seams
    total = 0  # the joined text's: body less the oldest kept line's seam
    oldest: int | None = None
    for i in order:
        if i in kept:  # kept with a group: its own newer notes are kept too
            continue
        lowest = i if oldest is None or i < oldest else oldest  # the group's are newer than i
        room = budget - body + seams[lowest]  # what the group may cost
        group = _group(i, links, kept, dead, costs, room)
        if group is None:
            dead.add(i)
            continue
        cost = sum(map(costs.__getitem__, group))
        kept.update(group)
        body, oldest = body + cost, lowest
        total = body - seams[lowest]
    return sorted(kept, reverse=True), total


def _group(
    first: int,
    links: Sequence[tuple[int, ...]],
    kept: set[int],
    dead: set[int],
    costs: dict[int, int],
    room: int,
) -> set[int] | None:
    """`first` and the notes the links lead to from it, but the kept ones and those past
    them (kept too), if they cost at most `room` and none is `dead`; else None, as soon as
    that is known."""
    group, stack, cost = {first}, [first], costs[first]
    if cost > room:
        return None
    while stack:
        for j in links[stack.pop()]:
            if j in kept or j in group:
                continue
            cost += costs[j]
            if j in dead or cost > room:
                return None
            group.add(j)
            stack.append(j)
    return group
