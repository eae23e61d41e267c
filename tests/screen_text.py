"""What a Pilot-driven app shows, as text and cells: for tests that check what a person
would read at a given terminal size (nothing cut, nothing hidden, nothing shifted)."""

from __future__ import annotations

import unicodedata

ZERO_WIDTH_CATEGORIES = {"Mn", "Me", "Cf"}


def terminal_width(char: str) -> int:
    """A character's cells as a wcwidth terminal (tmux, xterm, VTE) draws it, worked out
    from the Unicode database, not from rich: the yardstick the app's layout must match.
    Spacing marks (Mc) take a cell; non-spacing marks, joiners and controls none; East
    Asian wide and full-width characters (emoji included) two; a regional indicator one."""
    if unicodedata.category(char) in ZERO_WIDTH_CATEGORIES or ord(char) < 32:
        return 0
    return 2 if unicodedata.east_asian_width(char) in ("W", "F") else 1


def terminal_len(text: str) -> int:
    return sum(map(terminal_width, text))


def screen_lines(app) -> list[str]:
    """Every row of the screen as drawn, top to bottom (dialogs included)."""
    return [strip.text for strip in app.screen._compositor.render_strips()]


def screen_text(app) -> str:
    return "\n".join(screen_lines(app))


def cell_widths(app) -> list[int]:
    """Each row's width in cells as the terminal draws it."""
    return [terminal_len(line) for line in screen_lines(app)]


def shown_on_screen(app, widget) -> bool:
    """True when `widget` is really visible: its region lies inside the screen and the
    widget drawn at its middle is it (or one of its parts), not a widget over it or
    nothing at all because it is scrolled out of its container."""
    region = widget.region
    if not region or not app.screen.region.contains_region(region):
        return False
    found, _ = app.screen.get_widget_at(*region.center)
    return found is widget or widget in found.ancestors


def char_at_cell(line: str, column: int) -> str:
    """The character the terminal draws at cell `column` of a row."""
    at = 0
    for char in line:
        width = terminal_width(char)
        if at == column and width:
            return char
        at += width
        if at > column:
            return ""
    return ""
