"""A note as the facts strategy's notes index keeps it, and what of the facts its verdict
and line read (so that a change to any other fact leaves them as they are). Pure."""

from __future__ import annotations

import bisect
from collections.abc import Iterator
from dataclasses import dataclass
from functools import lru_cache

from fincoach_tui.domain.fact_store import FactStore
from fincoach_tui.domain.finance_facts import recognise
from fincoach_tui.domain.statement_words import topic_words

# A note's rank in the section's order, as (not wholly replaced, salient, not held by the
# facts), first to last.
RANKS = tuple(
    (fresh, salient, own)
    for fresh in (True, False)
    for salient in (True, False)
    for own in (True, False)
)


def keys_read(text: str) -> frozenset[str]:
    """The fact keys whose current value (or absence, or being edited) `carried`, `replaced`
    and `marked_line` read for `text`: those the recogniser reads in it. Restricted to
    them, the facts give the same answers (tested), so a change to any other fact leaves
    the text's verdict and line as they were."""
    return frozenset(key for key, _ in recognise(text))


def blanked(store: FactStore | None) -> tuple[tuple[str, bool], ...]:
    """What `redact` reads in `store`: each deleted value, and whether a current fact still
    says it (then it is not blanked)."""
    if store is None:
        return ()
    keep = {f.value.casefold() for f in store.current()}
    return tuple((f.value, f.value.casefold() in keep) for f in store.deleted())


@dataclass(frozen=True)
class Note:
    slot: int
    line: str
    stale: bool  # a current fact wholly replaced what it says
    alone: int  # its line's tokens
    seam: int  # what the newline after its line adds, before the next line's first word
    start: str  # its line's first word
    held: bool = False  # the current facts hold all it says (`carried`): sent after the rest


@lru_cache(maxsize=65536)
def topic_names(text: str) -> frozenset[str]:
    """What `statement_words.on_topic` compares of `text`: two notes are on one topic when
    they share a name (a topic word's stem, or a fact key the recogniser reads, marked)."""
    return topic_words(text) | frozenset(f"\0{key}" for key in keys_read(text))


class TopicPostings:
    """The slots of the notes by topic name, each list in slot order: the newer notes on a
    note's topic are those after its slot in its names' lists."""

    def __init__(self) -> None:
        self.slots: dict[str, list[int]] = {}

    def add(self, slot: int, names: frozenset[str]) -> None:
        for name in names:
            bisect.insort(self.slots.setdefault(name, []), slot)

    def drop(self, slot: int, names: frozenset[str]) -> None:
        for name in names:
            slots = self.slots[name]
            del slots[bisect.bisect_left(slots, slot)]
            if not slots:
                del self.slots[name]

    def newer(self, slot: int, names: frozenset[str], low: dict[str, int]) -> Iterator[int]:
        """The slots of the notes after `slot` sharing one of `names`, newest first per name
        (a slot may come more than once), but for each name those from `low[name]` up."""
        for name in names:
            slots = self.slots.get(name, ())
            at = bisect.bisect_right(slots, slot)
            top = bisect.bisect_left(slots, low[name]) if name in low else len(slots)
            for position in range(top - 1, at - 1, -1):
                yield slots[position]
