"""A correction to Textual (8.x) that keeps every widget ever drawn from being kept alive.

Textual caches a widget's background colours with `functools.lru_cache` on a method of
`StylesCache`, the object that holds a widget's drawn lines; the method's `self` is part
of the cache's key, so the cache keeps the last 1,024 `StylesCache`s alive, and with them
every line they drew, after their widgets are gone (Textual issue #6665). In a sitting the
chat unmounts two messages a turn, so by turn 130 a thousand dead widgets' lines (a
quarter of a million objects) were kept, and every full garbage collection scanned them:
most of why a turn late in a sitting cost more than an early one.

The colours it returns depend only on the two colours asked about, so they are cached by
those alone. `install()` applies it (once), `uninstall()` puts Textual's method back (the
benchmarks' minimal Textual chat runs Textual as it is).
"""

from __future__ import annotations

import inspect
from functools import lru_cache
from typing import Any

from textual._styles_cache import StylesCache
from textual.color import Color
from textual.style import Style

_original: list[Any] = []  # Textual's cached method, while replaced

# The parameters of the method corrected (Textual 8.x). A Textual whose method differs
# (or is fixed) is left alone.
_EXPECTED_PARAMETERS = ("cls", "base_background", "background")


@lru_cache(1024)
def _inner_outer(base_background: Color, background: Color) -> tuple[Style, Style]:
    # Textual's own computation (the method's undecorated body, which never reads `self`):
    # the inner and outer background styles.
    computed: tuple[Style, Style] = _original[0].__wrapped__(None, base_background, background)
    return computed


def _get_inner_outer(
    self: StylesCache, base_background: Color, background: Color
) -> tuple[Style, Style]:
    return _inner_outer(base_background, background)


def fits(method: object) -> bool:
    """Whether `method` is the cached method this corrects (Textual 8.x's)."""
    wrapped = getattr(method, "__wrapped__", None)
    if wrapped is None or not hasattr(method, "cache_clear"):
        return False
    try:
        return tuple(inspect.signature(wrapped).parameters) == _EXPECTED_PARAMETERS
    except (TypeError, ValueError):
        return False


def install() -> None:
    """Cache the colours by the colours alone, if Textual's method is the one corrected."""
    current = StylesCache.__dict__.get("get_inner_outer")
    if _original or not fits(current):
        return
    assert current is not None
    _original.append(current)
    current.cache_clear()  # let go of the widgets' caches it already holds
    StylesCache.get_inner_outer = _get_inner_outer  # type: ignore[method-assign,assignment]


def uninstall() -> None:
    """Textual's own method again."""
    if _original:
        StylesCache.get_inner_outer = _original.pop()  # type: ignore[method-assign]
        _inner_outer.cache_clear()


def installed() -> bool:
    return bool(_original)
