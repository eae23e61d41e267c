"""Two corrections to Textual's layout (8.x) that take half the frames out of a turn.

A turn of the chat changes the size of a few widgets (the new messages, the reply as it
grows, its receipt); Textual lays the whole screen out for each change, and two of its
habits made every such layout cost about twice what it needs:

- **A layout asked for a second one.** After placing every widget, the screen tells each
  one its new size; a widget whose scrollable size changed stored it through the
  `virtual_size` reactive, which asks for a layout, so every layout that resized anything
  was followed, a frame later, by a second full layout that moved nothing (measured in a
  turn of the app: 5 or 6 layouts, of which 2 or 3 changed no widget's place). The size
  is now stored without asking: the layout under way has already placed everything by it.
- **Widgets that scroll their own content were drawn again by every layout.** A
  `ScrollView` (the composer's text area, the request inspector's table, the turn list)
  compares the scrollable size the screen hands it with its own, which it computes itself,
  so the two never match and each layout redrew its scrollbars, and with them the widget
  under them: the inspector's table (8 ms a draw) five times a turn while its rows
  changed twice. It now updates its scrollbars when its size, its container's size or its
  own scrollable size changed since it last did.

`install()` is called once, before the app's first mount; `uninstall()` puts Textual's own
methods back (the benchmarks' minimal Textual apps run without these corrections). Both
also apply and undo the corrections of Textual's drawing caches (ui/drawing_fixes.py),
which kept what was drawn alive.
"""

from __future__ import annotations

import inspect
from collections.abc import Callable

from textual.geometry import Size
from textual.scroll_view import ScrollView
from textual.widget import Widget

from fincoach_tui.ui import drawing_fixes

_originals: dict[str, Callable[..., bool]] = {}

# The signature both corrections were written against (Textual 8.x). A Textual whose
# method differs is left alone: the app is then only slower, never wrong.
_EXPECTED_PARAMETERS = ("self", "size", "virtual_size", "container_size", "layout")


def fits(method: Callable[..., bool]) -> bool:
    """Whether `method` has the parameters the corrections wrap (Textual 8.x's)."""
    try:
        names = tuple(inspect.signature(method).parameters)
    except (TypeError, ValueError):
        return False
    return names == _EXPECTED_PARAMETERS


def _widget_size_updated(
    self: Widget, size: Size, virtual_size: Size, container_size: Size, layout: bool = True
) -> bool:
    # Textual's own, with `layout=False` always: that stores the scrollable size with
    # `set_reactive` (no second layout) where `layout=True` set it through the reactive.
    # Nothing watches `virtual_size`; a widget whose size changed is redrawn regardless.
    return _originals["widget"](self, size, virtual_size, container_size, False)


def _scroll_view_size_updated(
    self: ScrollView, size: Size, virtual_size: Size, container_size: Size, layout: bool = True
) -> bool:
    # What the scrollbars depend on: the widget's size, its container's, and the
    # scrollable size it keeps itself (the one the screen passes is not used).
    seen = (size, container_size, self.virtual_size)
    if getattr(self, "_fincoach_sized", None) == seen:
        return False
    result = _originals["scroll_view"](self, size, virtual_size, container_size, layout)
    self._fincoach_sized = seen  # type: ignore[attr-defined]
    return result


def install() -> None:
    """Apply both corrections (once), if Textual's methods are the ones they correct."""
    drawing_fixes.install()
    if _originals:
        return
    if not (fits(Widget._size_updated) and fits(ScrollView._size_updated)):
        return
    _originals["widget"] = Widget._size_updated
    _originals["scroll_view"] = ScrollView._size_updated
    Widget._size_updated = _widget_size_updated  # type: ignore[method-assign]
    ScrollView._size_updated = _scroll_view_size_updated  # type: ignore[method-assign]


def uninstall() -> None:
    """Textual's own methods again."""
    drawing_fixes.uninstall()
    if not _originals:
        return
    Widget._size_updated = _originals.pop("widget")  # type: ignore[method-assign]
    ScrollView._size_updated = _originals.pop("scroll_view")  # type: ignore[method-assign]


def installed() -> bool:
    return bool(_originals)
