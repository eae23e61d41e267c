"""One row of the sessions listing: what `fincoach sessions` prints for a session.

Its own module, apart from the session state it is made from (domain/session_state.py),
so that listing sessions whose kept rows are current reads them without importing the
replay and everything it brings (the memory strategies, the fact recognisers: about a
quarter of a second)."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class SessionSummary:
    """One row of the sessions listing."""

    name: str
    turns: int
    strategy: str
    billed_tokens: int
    cost_usd: float | None  # None when some call had no price
    last_used: float  # timestamp of the newest message (0 if none)
    estimated: bool = False  # some call's usage is our estimate, not the provider's bill
