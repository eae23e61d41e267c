"""How a turn of one sitting is measured (bench_sitting.py): waiting until the app is idle
without costing CPU, each turn's CPU (the process's, and the event loop's thread's) and
what the frame probe took, turn N as the median of the turns around it, and what
FinCoach's reply box showed, frame by frame, as its reply streamed (the minimal chat
replays it)."""

from __future__ import annotations

import asyncio
import os
import time
from collections import Counter

from bench_common import median, ms
from frame_probe import FrameProbe, per_turn

# The cost chart's buckets: its series and compare lines (time_parts), and its widgets'
# drawing, measuring and visuals (the mode bar and caption in #chart, the plot's canvases).
CHART = ("the chart's", " in #chart", "#plot")


def busy(app, probe: FrameProbe) -> bool:
    """Whether anything the turn set off is still to happen: a worker running, a message
    queued or being handled, a one-shot timer pending (a quote of the draft), a widget or
    the screen with a refresh or layout to do, a callback waiting for the next frame."""
    from textual.worker import WorkerState

    if any(w.state in (WorkerState.PENDING, WorkerState.RUNNING) for w in app.workers):
        return True
    screen = app.screen
    if screen._layout_required or screen._repaint_required or screen._dirty_widgets:
        return True
    if screen._callbacks or probe.handling:
        return True
    for pump in (app, *screen.walk_children(with_self=True)):
        if not pump._message_queue.empty() or pump._next_callbacks:
            return True
        if getattr(pump, "_layout_required", False) or getattr(pump, "_repaint_required", False):
            return True
        for timer in pump._timers:
            if timer._repeat == 0 and timer._task is not None and not timer._task.done():
                return True
    return False


async def settle(app, probe: FrameProbe) -> None:
    """Until the app has been quiet for two looks 10 ms apart. Waiting costs next to no
    CPU (Textual's `pilot.pause()` posts a message to every widget: 30-45 ms of CPU on
    FinCoach's screen, which would be counted in the turn)."""
    quiet = 0
    while quiet < 2:
        await app.workers.wait_for_complete()
        await asyncio.sleep(0.01)
        quiet = 0 if busy(app, probe) else quiet + 1


class Turns:
    """Per turn: process CPU (every thread), the event loop's thread CPU, the probe's take."""

    def __init__(self, probe: FrameProbe) -> None:
        self.probe = probe
        self.cpu: list[float] = []
        self.loop_cpu: list[float] = []
        self.taken: list[dict] = []
        self._started = (0.0, 0.0)

    def start(self) -> None:
        self.probe.take()
        self._started = (time.process_time(), time.thread_time())

    def stop(self) -> None:
        process, thread = self._started
        self.cpu.append(time.process_time() - process)
        self.loop_cpu.append(time.thread_time() - thread)
        self.taken.append(self.probe.take())

    spread = 2  # turn N is the median of turns N - spread .. N + spread

    def around(self, turn: int) -> slice:
        return slice(turn - 1 - self.spread, turn + self.spread)

    def at(self, turn: int) -> dict:
        window = self.around(turn)
        taken = self.taken[window]
        return {
            "cpu_ms": ms(median(self.cpu[window])),
            # The mean too: work done every so many turns (a full collection) is in it,
            # where the median may step over it.
            "cpu_mean_ms": ms(sum(self.cpu[window]) / len(self.cpu[window])),
            "loop_cpu_ms": ms(median(self.loop_cpu[window])),
            "frames": median([t["frames"] for t in taken]),
            "layouts": median([t["layouts"] for t in taken]),
            "messages": median([sum(t["messages"].values()) for t in taken]),
            "chart_ms": ms(median([chart_cpu(t) for t in taken])),
        }

    def raw(self) -> dict:  # for the process that compares the two sides
        return {"cpu": self.cpu, "loop_cpu": self.loop_cpu, "taken": self.taken}

    @classmethod
    def of(cls, raw: dict) -> Turns:
        """The turns another process measured (`raw()`)."""
        turns = cls(None)  # type: ignore[arg-type]
        turns.cpu, turns.loop_cpu, turns.taken = raw["cpu"], raw["loop_cpu"], raw["taken"]
        return turns

    def messages(self, turn: int, top: int) -> list[tuple[str, float]]:
        taken = self.taken[self.around(turn)]
        total: Counter[str] = Counter()
        for t in taken:
            total.update(t["messages"])
        return [(name, round(n / len(taken), 1)) for name, n in total.most_common(top)]

    def breakdown(self, turn: int, top: int) -> list[tuple[str, float, float]]:
        """The costliest buckets around `turn`, then the rest of the event loop's CPU (the
        handlers, the turn itself, Textual's messages) and the other threads' CPU."""
        window = self.around(turn)
        taken = self.taken[window]
        rows = per_turn(taken, top)
        n = len(taken)
        timed = sum(sum(t["cpu"].values()) for t in taken) * 1000 / n
        loop = sum(self.loop_cpu[window]) * 1000 / n
        threads = (sum(self.cpu[window]) - sum(self.loop_cpu[window])) * 1000 / n
        rows.append(
            ("rest of the event loop (handlers, the turn, messages)", round(loop - timed, 2), 0)
        )
        rows.append(("other threads (the comparison's worker)", round(threads, 2), 0))
        return rows


def chart_cpu(taken: dict) -> float:
    """The event loop's CPU in the chart's buckets, in one turn's take."""
    return sum(spent for bucket, spent in taken["cpu"].items() if any(c in bucket for c in CHART))


class StreamLog:
    """What FinCoach's reply box showed, frame by frame, as its reply streamed in: the
    length of the reply's text in each frame drawn while it grew, per turn. The minimal
    chat replays the same frames (an update, then a frame, for each)."""

    def __init__(self, app) -> None:
        from textual.screen import Screen

        self.turns: list[list[int]] = []
        refresh = Screen._compositor_refresh
        log = self

        def logged(screen) -> None:
            refresh(screen)
            box = getattr(app, "_reply_box", None)
            if screen.app is app and box is not None and log.turns and box.text:
                shown = log.turns[-1]
                if not shown or shown[-1] != len(box.text):
                    shown.append(len(box.text))

        Screen._compositor_refresh = logged  # type: ignore[method-assign]
        self._restore = lambda: setattr(Screen, "_compositor_refresh", refresh)

    def next_turn(self) -> None:
        self.turns.append([])

    def close(self) -> None:
        self._restore()


def resident_mb() -> float:
    """This process's resident set size now (Linux), in MB."""
    with open("/proc/self/statm", encoding="ascii") as statm:
        return int(statm.read().split()[1]) * os.sysconf("SC_PAGE_SIZE") / 2**20
