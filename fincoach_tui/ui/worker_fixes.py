"""A correction to Textual's thread workers (8.x): a worker's thread kept the worker alive.

A thread worker runs its function in a thread of the event loop's default executor, after
setting `active_worker` (a context variable) to itself in that thread's own context, and
never setting it back: the thread, idle in its pool, kept the last worker it ran, and with
it the worker's task, its context and whatever the function's frame held, until the same
thread ran another worker (and the executor's work item, which the thread drops some time
after the worker has ended, held it too). The every-strategy comparison is a thread
worker started at each turn's end, so each turn's was alive when the turn was settled
(ui/heap.py froze it) and garbage at the next one's: ~15 objects a turn kept frozen. The
function now runs in a context of its own, dropped when it returns, and the work item
holds the worker by weak reference.

`install()` applies it (once), `uninstall()` puts Textual's method back. A Textual whose
method differs is left alone.
"""

from __future__ import annotations

import asyncio
import contextvars
import inspect
import weakref
from collections.abc import Callable
from typing import Any

from textual.worker import Worker, active_worker

_originals: dict[str, Any] = {}  # Textual's method, while replaced


def _plain(work: object) -> bool:
    """Whether Textual runs `work` as a plain function in the thread (`run_callable`), not
    as a coroutine in an event loop of its own (whose task has a context of its own)."""
    if inspect.iscoroutinefunction(work) or inspect.isawaitable(work):
        return False
    func = getattr(work, "func", None)
    return callable(work) and not (func is not None and inspect.iscoroutinefunction(func))


async def _run_threaded(self: Worker[Any]) -> Any:
    # Textual's own for a plain function (set the active worker in the thread, call the
    # function), except that the thread is handed the worker by weak reference and sets it
    # in a context of its own: neither the thread's context nor the executor's work item
    # (which the thread drops only some time after the worker has ended) holds it.
    work = getattr(self, "_work", None)  # Textual's own attribute, read by name
    if work is None or not _plain(work):
        return await _originals["run_threaded"](self)
    loop = asyncio.get_running_loop()
    return await loop.run_in_executor(None, _run_in_thread, weakref.ref(self), work)


def _run_in_thread(worker: weakref.ref[Worker[Any]], work: Callable[[], Any]) -> Any:
    # In a context of its own, dropped when the function returns: the thread's own
    # context, which lives as long as the thread, never holds the worker.
    return contextvars.copy_context().run(_run_as, worker, work)


def _run_as(worker: weakref.ref[Worker[Any]], work: Callable[[], Any]) -> Any:
    running = worker()
    if running is not None:  # it is running: its manager holds it
        active_worker.set(running)
    del running
    return work()


def _parameters(method: Callable[..., Any] | None) -> tuple[str, ...]:
    try:
        return tuple(inspect.signature(method).parameters)  # type: ignore[arg-type]
    except (TypeError, ValueError):
        return ()


def install() -> None:
    """Apply the correction (once), if Textual's method is the one it corrects."""
    method = Worker.__dict__.get("_run_threaded")
    if "run_threaded" in _originals or not inspect.iscoroutinefunction(method):
        return
    if _parameters(method) != ("self",):
        return
    _originals["run_threaded"] = method
    Worker._run_threaded = _run_threaded  # type: ignore[method-assign]


def uninstall() -> None:
    """Textual's own method again."""
    if "run_threaded" in _originals:
        Worker._run_threaded = _originals.pop("run_threaded")  # type: ignore[method-assign]


def installed() -> bool:
    return bool(_originals)
