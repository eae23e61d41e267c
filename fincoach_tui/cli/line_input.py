"""The line chat's input: lines of stdin, and Ctrl+C, as the event loop sees them.

Lines are read in a daemon thread so the event loop never blocks on the keyboard: Ctrl+C
is then handled the moment it is pressed (a blocking read would swallow the first one,
and a line typed after it would still be sent). A line is read only when the chat asks
for the next one, as a plain loop over stdin would: nothing is read ahead of a reply.
After Ctrl+C no further line is handed out, whatever was typed: the chat ends. A daemon
thread, so a read still waiting on the terminal never keeps the process from exiting.
"""

from __future__ import annotations

import asyncio
import contextlib
import select
import signal
import threading
from collections.abc import Callable
from typing import TextIO


class LineInput:
    """`await next_line()` gives each line of `stdin` (without its newline), or None at the
    end of input or once Ctrl+C was pressed (`interrupted` then says which)."""

    def __init__(self, stdin: TextIO) -> None:
        self._stdin = stdin
        self._lines: asyncio.Queue[str | None] = asyncio.Queue()
        self.interrupt = asyncio.Event()  # set by Ctrl+C (SIGINT)
        self._loop = asyncio.get_running_loop()
        self._handles_sigint = False
        self._wanted = threading.Semaphore(0)  # one release per line the chat asks for
        self._asked = False  # a line was asked for and has not arrived yet
        # Called on Ctrl+C as well: the line chat points it at the turn under way (stop it).
        self.interrupt_hook: Callable[[], object] | None = None

    @property
    def interrupted(self) -> bool:
        return self.interrupt.is_set()

    def start(self) -> None:
        threading.Thread(target=self._read, name="fincoach-stdin", daemon=True).start()
        # On the loop, not a plain signal handler: a handler that raised KeyboardInterrupt
        # would land anywhere, mid-write of the session included. Only the main thread
        # can take signals (and Windows' loop cannot): there Ctrl+C stays Python's own.
        with contextlib.suppress(NotImplementedError, RuntimeError, ValueError):
            self._loop.add_signal_handler(signal.SIGINT, self._on_sigint)
            self._handles_sigint = True

    def close(self) -> None:
        if self._handles_sigint:
            self._loop.remove_signal_handler(signal.SIGINT)
            self._handles_sigint = False

    def typed_ahead(self) -> bool:
        """A line is already waiting on the terminal (typed before it was asked for): the
        terminal has echoed it, so a prompt now would sit in front of the reply instead."""
        try:
            ready, _, _ = select.select([self._stdin], [], [], 0)
        except (OSError, ValueError, TypeError):  # not a file descriptor (a test's text)
            return False
        return bool(ready)

    def _on_sigint(self) -> None:
        self.interrupt.set()
        if self.interrupt_hook is not None:
            self.interrupt_hook()
        # A second Ctrl+C, if ending takes a moment, is Python's: KeyboardInterrupt (130).
        self.close()

    def _read(self) -> None:
        lines = iter(self._stdin)
        while True:
            self._wanted.acquire()
            try:
                raw = next(lines, None)
            except (OSError, ValueError):  # stdin closed under us: that is the end of input
                raw = None
            self._hand_over(None if raw is None else raw.rstrip("\r\n"))
            if raw is None:
                return

    def _hand_over(self, line: str | None) -> None:
        with contextlib.suppress(RuntimeError):  # the loop has ended: nobody is reading
            self._loop.call_soon_threadsafe(self._lines.put_nowait, line)

    async def next_line(self) -> str | None:
        if self.interrupted:
            return None
        if not self._asked:
            self._asked = True
            self._wanted.release()
        line = asyncio.ensure_future(self._lines.get())
        stop = asyncio.ensure_future(self.interrupt.wait())
        try:
            await asyncio.wait({line, stop}, return_when=asyncio.FIRST_COMPLETED)
        finally:
            stop.cancel()
            if not line.done():
                line.cancel()
        if self.interrupted:  # even a line that arrived with the Ctrl+C is not sent
            return None
        self._asked = False
        return line.result()
