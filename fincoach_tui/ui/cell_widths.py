"""Terminal cell widths for Indic scripts: a spacing vowel sign takes a cell.

Rich, and Textual through it, measures a spacing combining mark (Unicode category Mc:
Devanagari's ा ि ी ो ौ, Bengali's, Tamil's…) as zero cells wide. Terminals that take
widths from the C library's wcwidth (xterm, VTE, tmux, the Linux console) draw it in one
cell. A Hindi line then takes more cells on screen than Textual laid out, and what comes
after it on that row moves or is written over: in tmux at 120x40, "कितना" in the chat
showed as "कित" and the panel's border left its column. Non-spacing marks (Mn: the
virama ्, the candrabindu ँ) stay zero wide in both, and a flag (two regional indicators)
is two cells in both. Installed once, before the first frame: Mc counts one cell.
"""

from __future__ import annotations

import sys
import unicodedata
from collections.abc import Callable
from functools import lru_cache

# Modules that bind rich's width function by name when they are imported: those imported
# already are patched; those imported later take the patched one from rich.cells.
_HOLDERS = ("rich.cells", "rich.segment", "textual._wrap", "textual.widgets._input")

_installed: Callable[..., int] | None = None


def terminal_width(character: str, rich_width: int) -> int:
    """A character's width as a wcwidth terminal draws it, given rich's."""
    if rich_width == 0 and unicodedata.category(character) == "Mc":
        return 1
    return rich_width


def install() -> None:
    """Make rich (and so Textual) measure spacing marks as the terminal draws them."""
    global _installed
    import rich.cells

    if _installed is not None:
        return
    original = rich.cells.get_character_cell_size

    @lru_cache(maxsize=4096)
    def get_character_cell_size(character: str, unicode_version: str = "auto") -> int:
        return terminal_width(character, original(character, unicode_version))

    for name in _HOLDERS:
        module = sys.modules.get(name)
        if module is not None and getattr(module, "get_character_cell_size", None) is original:
            setattr(module, "get_character_cell_size", get_character_cell_size)  # noqa: B010
    rich.cells.cached_cell_len.cache_clear()  # widths measured before are stale
    _installed = get_character_cell_size
