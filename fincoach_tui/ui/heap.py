"""Keeps Python's full garbage collections from rescanning an open session.

A 1,000-turn session, replayed and walked by every strategy, is a few hundred thousand
objects that live exactly as long as the session is on screen. Python's cyclic collector
would scan them all in each full collection, which the interface's own allocations set
off every few turns: a stall of ~170 ms on a 2-core machine, in the middle of a reply.
Once the session is in memory (opened, and every strategy walked), its objects are moved
out of the collector's sight (`gc.freeze`); when the session is left they are handed back
(`gc.unfreeze`), so whatever of it is garbage by then is collected as usual.
"""

from __future__ import annotations

import gc


def settle_session() -> None:
    """The session on screen is loaded: stop rescanning what exists now."""
    gc.freeze()


def release_session() -> None:
    """The session is being left: let the collector see its objects again."""
    gc.unfreeze()
