"""A local server's own counts, never waited for on the event loop.

The server tokenizer (llm/server_tokenizer.py) answers over HTTP: on the thread that runs
the event loop, a slow server would freeze the interface for as long as it takes. So the
counter is told (`TokenCounter.defer`) to count locally there, for now, and to keep what
it owes; the async points of a turn and of the comparison `settle` it: the server is asked
in a worker thread, and what is then measured again is the server's exact count.
"""

from __future__ import annotations

import asyncio

from fincoach_tui.domain.tokens import TokenCounter


def on_event_loop() -> bool:
    """True on a thread that is running an event loop (where nothing may block)."""
    try:
        asyncio.get_running_loop()
    except RuntimeError:
        return False
    return True


def defer_on_event_loop(counter: TokenCounter) -> TokenCounter:
    """Make `counter` ask its server only off the event loop (a no-op without a server)."""
    if counter.server is not None:
        counter.defer = on_event_loop
    return counter


async def settle(counter: TokenCounter) -> bool:
    """Ask the server, in a worker thread, for every count made locally for now; True if
    there were any (what was measured with them should be measured again)."""
    if not counter.pending:
        return False
    await asyncio.to_thread(counter.fill_pending)
    return True
