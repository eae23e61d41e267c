"""The notes section's greedy fill and topic groups, in time that follows the notes rather
than their pairs. Pure.

`notes.notes_section` keeps each note, in its rank's order, if it fits what is left of the
budget together with the newer notes on its topic (all of them or none). Tried one note at
a time, each trial inserts its group into the kept list and takes it out again when it
does not fit, and the groups are found by comparing every pair of notes: at hybrid's 60
turns of reach that is most of a turn's comparison step. Here:

- `topic_groups`: a note's newer notes on its topic are, for each topic name it has, the
  nearest newer note with that name and that note's own group (every later note with the
  name shares it with the nearest one): one pass, newest first.
- `fill_alike`: when every line begins with the same word, what the newline between two
  lines adds depends on the first line only (its seam), so the cost of any set of lines
  joined newest first is their tokens and seams less the oldest one's seam: a group's
  trial is a sum, nothing is inserted or taken out. And when no seam is below 0, adding a
  line never makes the joined text cheaper, so a note whose group did not fit never fits
  later (the room only shrinks), nor does any group holding it: it is passed over.

Both give exactly what the trial-by-trial fill and the pairwise comparison give (tested).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence


def topic_groups(names: Sequence[Iterable[str]]) -> list[tuple[int, ...]]:
    """For each note (by index, oldest first; `names`: each one's topic names), the newer
    notes sharing a name with it, and theirs in turn, in order: `notes.newer_on_topic`."""
    groups: list[tuple[int, ...]] = [()] * len(names)
    nearest: dict[str, int] = {}  # by name: the oldest note seen so far (newest first) with it
    for i in range(len(names) - 1, -1, -1):
        found: set[int] = set()
        own = names[i]
        for name in own:
            j = nearest.get(name)
            if j is not None and j not in found:
                found.add(j)
                found.update(groups[j])
        groups[i] = tuple(sorted(found))
        for name in own:
            nearest[name] = i
    return groups


def fill_alike(
    order: Sequence[int],
    own: Callable[[int], int],
    seam: Callable[[int], int],
    budget: int,
    groups: Sequence[tuple[int, ...]],
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
    dead: set[int] = set()  # notes whose group did not fit: never will (see the docstring)
    body = 0  # the kept lines' tokens and seams
    total = 0  # the joined text's: body less the oldest kept line's seam
    oldest: int | None = None
    for i in order:
        if i in kept:  # kept with a group: its own newer notes are kept too
            continue
        group = set(groups[i]).difference(kept)  # its newer notes not kept yet
        if not dead.isdisjoint(group):
            dead.add(i)
            continue
        cost = costs[i] + sum(map(costs.__getitem__, group))
        lowest = i if oldest is None or i < oldest else oldest  # the group's are newer than i
        trial = body + cost - seams[lowest]
        if trial <= budget:
            kept.add(i)
            kept.update(group)
            body, total, oldest = body + cost, trial, lowest
        else:
            dead.add(i)
    return sorted(kept, reverse=True), total
