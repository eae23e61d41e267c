"""What switching sessions costs, with and without a long session on either side, and how
much of it is the cyclic collector's.

A switch leaves one session and reads the next; once the next is shown, the app runs one
full collection (ui/heap.py: `settle_session`) so that nothing of the session left is frozen
with the new one. That collection scans every object alive that is not frozen: after a
long session, or while one is being settled, that is the long session too. Timed here:

- small: a 9-turn session to another 9-turn session (no long session on either side);
- to_long: a 9-turn session to the N-turn one;
- from_long: the N-turn session to a 9-turn one.

Each switch is timed until its first frame is on the terminal ("shown") and until the app is
idle again ("idle": the comparison of every strategy and the settling included); "gc" is
the time the collector spent in full collections (generation 2) meanwhile, from Python's
own `gc.callbacks`, with the unreachable objects they found. The three kinds are taken in turns, so the machine's load weighs on
all alike; the ratios compare them within the run.
"""

from __future__ import annotations

import gc
import time
from collections.abc import Awaitable, Callable

from bench_common import median, ms

SwitchTo = Callable[[object, object, str], Awaitable[tuple[float, float]]]


class FullCollections:
    """Seconds spent in full collections, how many, and the unreachable objects they
    found, since the last `reset`."""

    def __init__(self) -> None:
        self.seconds = 0.0
        self.count = 0
        self.collected = 0
        self._started: float | None = None

    def __enter__(self) -> FullCollections:
        gc.callbacks.append(self._callback)
        return self

    def __exit__(self, *_exc: object) -> None:
        gc.callbacks.remove(self._callback)

    def reset(self) -> None:
        self.seconds, self.count, self.collected = 0.0, 0, 0

    def _callback(self, phase: str, info: dict) -> None:
        if info["generation"] != 2:
            return
        if phase == "start":
            self._started = time.perf_counter()
        elif self._started is not None:
            self.seconds += time.perf_counter() - self._started
            self.count += 1
            self.collected += info["collected"]
            self._started = None


# Each kind: the session the app is on before, and the one it switches to.
KINDS = {"small": ("start", "short"), "to_long": ("start", "long"), "from_long": ("long", "start")}


async def switch_costs(app, pilot, switch_to: SwitchTo, samples: int) -> dict:
    """Each kind of switch `samples` times (after one to warm caches): medians, and the long
    kinds' ratios to the small one."""
    taken: dict[str, list[dict[str, float]]] = {kind: [] for kind in KINDS}
    with FullCollections() as collections:
        for i in range(samples + 1):
            for kind, (source, target) in KINDS.items():
                if app.live.name != source:
                    await switch_to(app, pilot, source)
                collections.reset()
                shown, after = await switch_to(app, pilot, target)
                if i:  # the first round warms caches; not counted
                    taken[kind].append({"shown": shown, "idle": shown + after,
                                        "gc": collections.seconds, "gcs": collections.count,
                                        "found": collections.collected})  # fmt: skip
        await switch_to(app, pilot, "start")
    out: dict = {}
    for kind, values in taken.items():
        figures = {
            f"{key}_ms": ms(median([v[key] for v in values])) for key in ("shown", "idle", "gc")
        }
        figures["full_collections"] = median([v["gcs"] for v in values])
        figures["garbage_found"] = median([v["found"] for v in values])
        figures["gc_share_of_idle"] = round(figures["gc_ms"] / figures["idle_ms"], 3)
        out[kind] = figures
    for kind in ("to_long", "from_long"):
        for key in ("shown", "idle", "gc"):
            small = out["small"][f"{key}_ms"]
            out[f"{kind}_over_small_{key}"] = (
                round(out[kind][f"{key}_ms"] / small, 2) if small else None
            )
    return out
