"""The correction to Textual's thread workers (ui/worker_fixes.py): a thread worker that has
ended is not kept alive by the thread that ran it; without the correction it is."""

from __future__ import annotations

import asyncio
import gc
import weakref

from textual.app import App, ComposeResult
from textual.widgets import Static
from textual.worker import Worker, get_current_worker

from fincoach_tui.ui import worker_fixes


class Working(App):
    def compose(self) -> ComposeResult:
        yield Static("working")


async def handled(app: App) -> None:
    """Until `app` has handled a message posted now: the ones posted before it (a worker's
    end) are done with."""
    done = asyncio.Event()
    app.call_later(done.set)
    await done.wait()


async def _ended_worker_still_alive() -> bool:
    """Run a thread worker to its end, let go of it: does a full collection free it?"""
    app = Working()
    async with app.run_test():
        ran: list[Worker[int]] = []

        def work() -> int:
            ran.append(get_current_worker())  # the worker is active in its thread
            return 42

        worker = app.run_worker(work, thread=True)
        assert await worker.wait() == 42
        assert ran == [worker]
        watched = weakref.ref(worker)
        del worker
        ran.clear()
        await handled(app)
        gc.collect()
        return watched() is not None


async def test_an_ended_thread_worker_is_freed() -> None:
    was_installed = worker_fixes.installed()
    worker_fixes.install()
    try:
        assert not await _ended_worker_still_alive()
    finally:
        if not was_installed:
            worker_fixes.uninstall()


async def test_without_the_correction_its_thread_keeps_it() -> None:
    """What the correction takes away (if Textual lets go of it, the correction can go)."""
    was_installed = worker_fixes.installed()
    worker_fixes.uninstall()
    try:
        assert await _ended_worker_still_alive()
    finally:
        if was_installed:
            worker_fixes.install()


async def test_a_coroutine_in_a_thread_and_a_failing_function_run_as_textuals_do() -> None:
    was_installed = worker_fixes.installed()
    worker_fixes.install()
    try:
        app = Working()
        async with app.run_test():

            async def coroutine() -> str:
                return "awaited"

            def failing() -> None:
                raise ValueError("no")

            assert await app.run_worker(coroutine, thread=True).wait() == "awaited"
            failed = app.run_worker(failing, thread=True, exit_on_error=False)
            await asyncio.gather(failed.wait(), return_exceptions=True)
            assert (str(failed.state), repr(failed.error)) == (
                "WorkerState.ERROR",
                "ValueError('no')",
            )
    finally:
        if not was_installed:
            worker_fixes.uninstall()
