"""A note as the facts strategy's notes index keeps it, and what of the facts its verdict
and line read (so that a change to any other fact leaves them as they are). Pure."""

from __future__ import annotations

from dataclasses import dataclass

from fincoach_tui.domain.fact_store import FactStore
from fincoach_tui.domain.finance_facts import recognise

# A note's rank in the section's order, as (not wholly replaced, salient), first to last.
RANKS = ((True, True), (True, False), (False, True), (False, False))


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
