"""Three corrections to Textual's drawing caches (8.x), which kept what they drew alive.

- **Every widget ever drawn was kept.** Textual caches a widget's background colours with
  `functools.lru_cache` on a method of `StylesCache`, the object that holds a widget's
  drawn lines; the method's `self` is part of the cache's key, so the cache kept the last
  1,024 `StylesCache`s alive, and with them every line they drew, after their widgets
  were gone (Textual issue #6665). In a sitting the chat unmounts two messages a turn, so
  by turn 130 a thousand dead widgets' lines (a quarter of a million objects) were kept,
  and every full garbage collection scanned them. The colours depend only on the two
  colours asked about, so they are cached by those alone.
- **Almost every drawn line was garbage only the cyclic collector could free.** Each
  frame cuts every line at the edges of what is over it (`Strip.divide`); a line cut
  nowhere is its own piece, and Textual cached `[self]` in the line itself: a reference
  cycle, so the line, its caches and segments outlived the frame until a collection
  found them (and, once frozen with a sitting, until everything was handed back: see
  ui/heap.py). The uncut line is now returned without being cached in itself.
- **A cleared cache left its entries in a ring only the cyclic collector could free.**
  Textual's `LRUCache` (a widget's measured boxes, its queries' answers) keeps its entries
  in a circular doubly linked list of `[prev, next, key, value]` lists; `clear()` dropped
  the dict and the list's head, leaving the ring and every value in it (a box model per
  size laid out) as a reference cycle. Once frozen with a sitting (ui/heap.py clears the
  caches of each widget the chat unmounts), that was ~95 objects a turn kept until
  everything was handed back. Clearing now cuts each link first, so reference counting
  frees the entries at once.

`install()` applies all three (once), `uninstall()` puts Textual's methods back (the
benchmarks' minimal Textual chat runs Textual as it is). A Textual whose methods differ
is left alone.
"""

from __future__ import annotations

import inspect
from collections.abc import Iterable, Sequence
from functools import lru_cache
from typing import Any

from textual._styles_cache import StylesCache
from textual.cache import LRUCache
from textual.color import Color
from textual.strip import Strip
from textual.style import Style

_originals: dict[str, Any] = {}  # Textual's methods, while replaced

# The parameters of the methods corrected (Textual 8.x).
_INNER_OUTER_PARAMETERS = ("cls", "base_background", "background")
_DIVIDE_PARAMETERS = ("self", "cuts")
_CLEAR_PARAMETERS = ("self",)


@lru_cache(1024)
def _inner_outer(base_background: Color, background: Color) -> tuple[Style, Style]:
    # Textual's own computation (the method's undecorated body, which never reads `self`):
    # the inner and outer background styles.
    computed: tuple[Style, Style] = _originals["inner_outer"].__wrapped__(
        None, base_background, background
    )
    return computed


def _get_inner_outer(
    self: StylesCache, base_background: Color, background: Color
) -> tuple[Style, Style]:
    return _inner_outer(base_background, background)


def _divide(self: Strip, cuts: Iterable[int]) -> Sequence[Strip]:
    # Textual's own, except that a line cut only at its end is returned as itself without
    # being cached in itself (which made every such line a reference cycle).
    cuts = list(cuts)
    if [cut for cut in cuts if cut <= self.cell_length] == [self.cell_length]:
        return [self]
    divided: Sequence[Strip] = _originals["divide"](self, cuts)
    return divided


def _clear(self: LRUCache[Any, Any]) -> None:
    # Textual's own, after cutting the ring of entries link by link (each a
    # [prev, next, key, value] list; the last one's next is the first, now emptied).
    link: list[Any] = self._head  # Textual's own attribute, read by name
    while link:
        following = link[1]
        link.clear()
        link = following
    _originals["clear"](self)


def _parameters(method: object) -> tuple[str, ...]:
    try:
        return tuple(inspect.signature(method).parameters)  # type: ignore[arg-type]
    except (TypeError, ValueError):
        return ()


def fits(method: object) -> bool:
    """Whether `method` is the cached colours method this corrects (Textual 8.x's)."""
    wrapped = getattr(method, "__wrapped__", None)
    if wrapped is None or not hasattr(method, "cache_clear"):
        return False
    return _parameters(wrapped) == _INNER_OUTER_PARAMETERS


def install() -> None:
    """Apply the corrections whose Textual methods are the ones they correct (once)."""
    inner_outer = StylesCache.__dict__.get("get_inner_outer")
    if "inner_outer" not in _originals and fits(inner_outer):
        _originals["inner_outer"] = inner_outer
        inner_outer.cache_clear()  # type: ignore[union-attr]  # let go of what it holds
        StylesCache.get_inner_outer = _get_inner_outer  # type: ignore[method-assign,assignment]
    divide = Strip.__dict__.get("divide")
    if "divide" not in _originals and _parameters(divide) == _DIVIDE_PARAMETERS:
        _originals["divide"] = divide
        Strip.divide = _divide  # type: ignore[method-assign]
    clear = LRUCache.__dict__.get("clear")
    if (
        "clear" not in _originals
        and "_head" in LRUCache.__slots__
        and _parameters(clear) == _CLEAR_PARAMETERS
    ):
        _originals["clear"] = clear
        LRUCache.clear = _clear  # type: ignore[method-assign]


def uninstall() -> None:
    """Textual's own methods again."""
    if "inner_outer" in _originals:
        StylesCache.get_inner_outer = _originals.pop("inner_outer")  # type: ignore[method-assign]
        _inner_outer.cache_clear()
    if "divide" in _originals:
        Strip.divide = _originals.pop("divide")  # type: ignore[method-assign]
    if "clear" in _originals:
        LRUCache.clear = _originals.pop("clear")  # type: ignore[method-assign]


def installed() -> bool:
    return bool(_originals)
