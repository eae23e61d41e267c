"""The terminal taken at launch, so that keys typed while `fincoach` starts arrive as typed.

Until Textual puts the terminal in raw mode, a key typed at once is handled by the
terminal's line discipline in cooked mode: echoed, and Enter (\\r) turned into \\n, which
Textual then reads as Ctrl+J: a new line in the composer instead of a send. So the first
thing the full-screen command does is switch the terminal to what Textual expects (no
line editing, no echo, no \\r→\\n) with TCSANOW (TCSAFLUSH would throw away what was
typed), and read what was typed before that for the app once its composer is mounted:
each line ended with Enter is sent as a message of its own, the unfinished last one is
the composer's text (ui/typed_ahead.py, ui/key_routing.py).

Textual saves the terminal's attributes when it starts and restores them when it ends:
those are this module's by then, so the originals are put back here, on every way out.
"""

from __future__ import annotations

import contextlib
import os
import select
import termios
from collections.abc import Iterator
from typing import TextIO

from fincoach_tui.ui.typed_ahead import TypedAhead

_IFLAG, _LFLAG, _CC = 0, 3, 6  # termios attribute list indexes (as the tty module names them)


def _keys_as_textual_reads_them(attrs: list) -> list:
    """Textual's own changes (drivers/linux_driver.py) bar the signals: Ctrl+C still
    interrupts the start, and Textual takes it over when it starts."""
    changed = [*attrs[:_CC], list(attrs[_CC])]
    changed[_IFLAG] &= ~(
        termios.IXON | termios.IXOFF | termios.ICRNL | termios.INLCR | termios.IGNCR
    )
    changed[_LFLAG] &= ~(termios.ECHO | termios.ICANON | termios.IEXTEN)
    changed[_CC][termios.VMIN] = 1
    changed[_CC][termios.VTIME] = 0
    return changed


def read_pending(fd: int) -> str:
    """Everything already typed, without waiting for more: the composer's text."""
    typed = TypedAhead()
    while select.select([fd], [], [], 0)[0]:
        try:
            data = os.read(fd, 4096)
        except OSError:
            break
        if not data:
            break
        typed.feed(data)
    return typed.text


@contextlib.contextmanager
def typed_ahead(stdin: TextIO, full_screen: bool) -> Iterator[str]:
    """For the full-screen app: the terminal in Textual's input mode until the block ends,
    the text typed before it yielded; the original attributes back afterwards."""
    if not full_screen:
        yield ""
        return
    try:
        fd = stdin.fileno()
        original = termios.tcgetattr(fd)
        termios.tcsetattr(fd, termios.TCSANOW, _keys_as_textual_reads_them(original))
    except (termios.error, OSError, ValueError):  # not a terminal after all: none typed ahead
        yield ""
        return
    try:
        yield read_pending(fd)
    finally:
        with contextlib.suppress(termios.error):
            termios.tcsetattr(fd, termios.TCSANOW, original)
