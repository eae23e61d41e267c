"""Start-up moments for the benchmarks, measured from outside the process.

Only when FINCOACH_BENCH_TIMINGS names a file: each moment (first frame, history on
screen, session ready, first comparison shown) is appended to it as one JSON line with
the wall clock, this process's CPU time and peak RSS; FINCOACH_BENCH_EXIT=MOMENT ends
the process right after that moment is written. Otherwise nothing happens.
"""

from __future__ import annotations

import json
import os
import resource
import signal
import time

_marked: set[str] = set()


def mark(moment: str) -> None:
    """Write `moment` (its first time only)."""
    target = os.environ.get("FINCOACH_BENCH_TIMINGS")
    if not target or moment in _marked:
        return
    _marked.add(moment)
    line = {
        "moment": moment,
        "t": time.time(),
        "cpu_s": time.process_time(),
        "peak_rss_mb": resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024,
    }
    with open(target, "a", encoding="utf-8") as out:
        out.write(json.dumps(line) + "\n")
    if os.environ.get("FINCOACH_BENCH_EXIT") == moment:
        os.kill(os.getpid(), signal.SIGKILL)  # measured: end now, as a benchmark would
