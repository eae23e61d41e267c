"""Python's cyclic garbage collector, held off from launch until the first frame.

Starting the full-screen app makes some 90,000 objects (Textual and its CSS, FinCoach's
modules, the first screen's widgets), nearly all of which live as long as the process.
The collector, triggered by that many allocations, runs about 140 times on the way and
once over all of them: 70-90 ms, a fifth of the CPU time before the first frame, to find
a few thousand objects in cycles. So `fincoach` holds collection off from launch and
resumes it once the first frame is painted, where the first collection finds what start-up
left behind, as it would have; nothing is kept that would otherwise be freed.

Only the command line holds it (`hold`, in `cmd_chat`): an app started any other way, as
tests start it, collects as usual, and `release` does nothing.
"""

from __future__ import annotations

import gc

_held = False


def hold() -> None:
    """Stop automatic collection until `release` (if it runs now)."""
    global _held
    if gc.isenabled():
        gc.disable()
        _held = True


def release() -> None:
    """Resume automatic collection, if `hold` stopped it; idempotent."""
    global _held
    if _held:
        _held = False
        gc.enable()


def held() -> bool:
    return _held
