"""What a Pilot-driven app shows, as text and cells: for tests that check what a person
would read at a given terminal size (nothing cut, nothing hidden, nothing shifted)."""

from __future__ import annotations

from rich.cells import cell_len


def screen_lines(app) -> list[str]:
    """Every row of the screen as drawn, top to bottom (dialogs included)."""
    return [strip.text for strip in app.screen._compositor.render_strips()]


def screen_text(app) -> str:
    return "\n".join(screen_lines(app))


def cell_widths(app) -> list[int]:
    """Each row's width in terminal cells, as rich measures it (what Textual lays out by)."""
    return [cell_len(line) for line in screen_lines(app)]


def shown_on_screen(app, widget) -> bool:
    """True when `widget` is really visible: its region lies inside the screen and the
    widget drawn at its middle is it (or one of its parts), not a widget over it or
    nothing at all because it is scrolled out of its container."""
    region = widget.region
    if not region or not app.screen.region.contains_region(region):
        return False
    found, _ = app.screen.get_widget_at(*region.center)
    return found is widget or widget in found.ancestors
