"""The corrections to Textual's drawing caches (ui/drawing_fixes.py): a widget that was
drawn and removed is freed with its drawn lines; without the correction Textual keeps it."""

from __future__ import annotations

import gc
import weakref

from textual._styles_cache import StylesCache
from textual.app import App, ComposeResult
from textual.color import Color
from textual.containers import VerticalScroll
from textual.widgets import Static

from fincoach_tui.ui import drawing_fixes
from tests.textual_corrections import corrected


class Cards(App):
    CSS = "Static { background: $boost; }"

    def compose(self) -> ComposeResult:
        yield VerticalScroll(id="list")


async def _caches_of_removed_cards_still_alive() -> int:
    """Mount 20 cards, draw them, remove them: how many of their drawing caches live on."""
    app = Cards()
    async with app.run_test(size=(40, 30)) as pilot:
        cards = [Static(f"card {n}") for n in range(20)]
        await app.query_one("#list").mount_all(cards)
        await pilot.pause()
        caches = [weakref.ref(card._styles_cache) for card in cards]
        await app.query_one("#list").remove_children()
        await pilot.pause()
        del cards
    gc.collect()
    return sum(1 for cache in caches if cache() is not None)


async def test_a_removed_widget_is_freed_with_its_drawn_lines() -> None:
    with corrected(drawing_fixes):
        assert await _caches_of_removed_cards_still_alive() == 0


async def test_without_the_correction_textual_keeps_every_removed_widgets_cache() -> None:
    """What the correction takes away (if Textual fixes its cache, the correction can go)."""
    with corrected(drawing_fixes, on=False):
        assert await _caches_of_removed_cards_still_alive() == 20


def test_the_corrected_method_returns_what_textuals_own_does() -> None:
    cache = StylesCache()
    colours = [(Color(10, 20, 30), Color(200, 0, 0, 0.5)), (Color(0, 0, 0), Color(1, 2, 3))]
    with corrected(drawing_fixes, on=False):
        textuals = [cache.get_inner_outer(base, background) for base, background in colours]
    with corrected(drawing_fixes):
        assert drawing_fixes.installed()
        assert [cache.get_inner_outer(base, bg) for base, bg in colours] == textuals


def test_a_textual_whose_method_is_not_the_cached_one_is_left_alone() -> None:
    def plain(cls, base_background, background):
        return None

    assert not drawing_fixes.fits(plain)
    assert not drawing_fixes.fits(None)


def _line_freed_without_the_collector() -> bool:
    """A line drawn and cut at its end, as each frame does: is it freed once dropped,
    with the cyclic collector off?"""
    from rich.segment import Segment
    from textual.strip import Strip

    class Watched(Strip):
        __slots__ = ("__weakref__",)  # a line that can be watched

    line = Watched([Segment("hello "), Segment("world")])
    assert line.divide([line.cell_length]) == [line]
    assert line.divide([5, line.cell_length]) == [
        Strip([Segment("hello")]),
        Strip([Segment(" "), Segment("world")]),
    ]
    watched = weakref.ref(line)
    gc.disable()
    try:
        del line
        return watched() is None
    finally:
        gc.enable()


def test_a_line_cut_only_at_its_end_is_freed_when_dropped() -> None:
    with corrected(drawing_fixes):
        assert _line_freed_without_the_collector()


def test_without_the_correction_such_a_line_waits_for_the_collector() -> None:
    with corrected(drawing_fixes, on=False):
        assert not _line_freed_without_the_collector()


class Entry:
    """A cached value that can be watched."""


def _cleared_entries_freed_without_the_collector() -> bool:
    """A full LRUCache, cleared as Textual clears a widget's caches: are its entries freed
    once cleared, with the cyclic collector off?"""
    from textual.cache import LRUCache

    cache: LRUCache[int, Entry] = LRUCache(3)
    for key in range(5):  # two evicted on the way
        cache[key] = Entry()
    cache.get(2)  # one moved to the front
    watched = [weakref.ref(cache[key]) for key in range(2, 5)]
    gc.disable()
    try:
        cache.clear()
        return [ref() for ref in watched] == [None, None, None]
    finally:
        gc.enable()


def test_a_cleared_cache_frees_its_entries_when_cleared() -> None:
    with corrected(drawing_fixes):
        assert _cleared_entries_freed_without_the_collector()


def test_without_the_correction_a_cleared_cache_leaves_them_to_the_collector() -> None:
    with corrected(drawing_fixes, on=False):
        assert not _cleared_entries_freed_without_the_collector()


def test_a_cleared_cache_works_as_textuals_does() -> None:
    from textual.cache import LRUCache

    with corrected(drawing_fixes):
        cache: LRUCache[str, int] = LRUCache(2)
        cache["a"], cache["b"] = 1, 2
        cache.clear()
        assert (len(cache), cache.get("a"), cache.get("b")) == (0, None, None)
        cache["c"], cache["d"], cache["e"] = 3, 4, 5  # full again: "c" evicted
        assert (list(cache.keys()), cache.get("c"), cache.get("e")) == (["d", "e"], None, 5)
        cache.clear()
        cache.clear()  # an empty cache cleared
        assert len(cache) == 0
