"""Keeps Python's full garbage collections out of turns, and from rescanning a session.

A 1,000-turn session, replayed and walked by every strategy, is a few hundred thousand
objects that live exactly as long as the session is on screen. Python's cyclic collector
would scan them all in each full collection, which the interface's own allocations set
off every few turns: a stall of ~170 ms on a 2-core machine, in the middle of a reply.
Once the session is in memory (opened, and every strategy walked), its objects are moved
out of the collector's sight (`gc.freeze`); when the session is left they are handed back
(`gc.unfreeze`), so whatever of it is garbage by then is collected as usual.

A sitting adds to that: every turn leaves objects that live on (its messages, records,
the walks' steps, the chat's boxes), and full collections scanned all of them again and
again: by turn 200 each took ~200 ms, most of why a late turn cost more than an early one.
So while a session is open, the collector's full collections wait (its third threshold
is raised, and put back when the session is left) and each turn, once it has ended, is
settled instead (`settle_turn`): one full collection, which sees only what was made since
the last turn, then what survived it is frozen too.

A frozen object that later becomes garbage in a reference cycle is not collected while
frozen, so nothing alive at a settling may become such garbage later. The widgets the chat
unmounts (two message boxes a turn: ui/chat.py keeps a bounded window mounted), a reply's
waiting indicator and the footer's keys (made anew when a dialog opens or closes) have
their cycles cut when they are removed (`let_go`), so they are freed at once; Textual's
cleared caches no longer leave rings (ui/drawing_fixes.py), an ended thread worker is not
kept by its thread (ui/worker_fixes.py), and a turn is settled only once its workers have
ended and their ends were handled (`AfterWorkers`). A turn leaves nothing frozen that is
garbage (tests/ui/test_heap.py counts it: 0; it was ~110 objects a turn), so nothing is
handed back while the session is open (it was, every 1,000 turns: one full collection
of everything, ~1 s at turn 200 on a loaded 2-core machine). What a dialog or notice still
on screen when a turn is settled leaves once it goes is collected when the session is left.
"""

from __future__ import annotations

import asyncio
import gc
from collections.abc import Callable, Iterable, Iterator
from contextlib import contextmanager

from textual.app import App
from textual.dom import DOMNode
from textual.message_pump import MessagePump
from textual.widget import Widget
from textual.widgets import Static
from textual.worker import Worker, active_worker

# The collector's third threshold while a session is open: full collections on their own
# only if ~100 times as much was allocated as Python waits for (10 by default); turns
# are settled long before that.
RARE_FULL_COLLECTIONS = 1_000


class _Heap:
    """What this process changed of the collector, to put it back."""

    thresholds: tuple[int, int, int] | None = None  # Python's own, while raised
    # A session was left and the one read to replace it is not settled yet: what the
    # screen still shows of the one left (its chat's boxes, its panel) is garbage only
    # once the next is shown.
    left = False


_heap = _Heap()


def settle_session() -> None:
    """The session on screen is loaded: stop rescanning what exists now, and leave full
    collections to the ends of turns. After another session was left, what of it was
    still on screen while this one was read is garbage by now: collected first (one full
    collection, once a switch), so none of it is frozen with this one."""
    if _heap.left:
        _heap.left = False
        gc.collect()
    gc.freeze()
    if _heap.thresholds is None:
        _heap.thresholds = gc.get_threshold()
        first, second, _third = _heap.thresholds
        gc.set_threshold(first, second, RARE_FULL_COLLECTIONS)


@contextmanager
def reading_session(*, replacing: bool = False) -> Iterator[None]:
    """The session opened at launch is being read and replayed: everything it makes lives
    as long as the session is on screen. Full collections wait while it is read (each
    rescanned all that was read so far: at 10,000 turns, three of them, a quarter of a
    second before the session was ready, finding nothing), and once it is read what
    exists is frozen, as settling it later would (`settle_session`). Young collections
    run as usual, and Python's thresholds come back at the end. A read that fails
    freezes nothing, and neither does one `replacing` a session left (a switch, a
    rename): the screen still shows that one, which would be frozen with it, garbage
    kept until this one is left in turn; `settle_session` freezes once it is gone.
    Until then, full collections keep waiting: nothing being frozen, each would scan every
    object alive, the session just read included (at 1,000 turns, one such collection set
    off by the comparison's walk added ~0.5 s to a switch, besides the settling's own)."""
    raised = _heap.thresholds is None  # a session settled has raised them already
    thresholds = gc.get_threshold()
    if raised:
        gc.set_threshold(thresholds[0], thresholds[1], RARE_FULL_COLLECTIONS)
    if replacing:
        _heap.left = True
    read = False
    try:
        yield
        read = True
        if not _heap.left:
            gc.freeze()
    finally:
        if raised and read and _heap.left:
            _heap.thresholds = thresholds  # put back when the session is left
        elif raised:
            gc.set_threshold(*thresholds)


def settle_turn() -> None:
    """A turn has ended and its workers too: collect what the turn left (only what was
    made since the last freeze is scanned), freeze what survives."""
    if _heap.thresholds is None or _heap.left:
        return  # no session settled (still opening, or being left)
    gc.collect()
    gc.freeze()


def release_session() -> None:
    """The session is being left: let the collector see its objects again, with Python's
    own thresholds."""
    gc.unfreeze()
    if _heap.thresholds is not None:
        gc.set_threshold(*_heap.thresholds)
        _heap.thresholds = None


class AfterWorkers:
    """Runs what is asked (settling a turn) once none of the app's workers runs and their
    ends have been handled, after the next frame.

    A turn's end is handled while its worker is still returning, and the comparison's walk
    it starts runs on in a thread; settling the turn then froze both alive, garbage a
    moment later (a worker is a reference cycle through its task's context: with the
    walk's events and locks, ~30 objects a turn kept frozen).
    A worker's end is a message to its node, `Worker.StateChanged`, which holds the
    worker; a node's message loop holds the last message it handled until the next one
    comes, so each ended worker's node is sent one more (a no-op) before the frame.
    Asked again while waiting (turns typed ahead follow one another at once), it runs
    once, when the last of them has ended, having collected all they left."""

    def __init__(self, app: App) -> None:
        self._app = app
        self._asked: list[Callable[[], None]] = []
        self._waiting: asyncio.Task[None] | None = None

    @property
    def waiting(self) -> bool:
        """Whether something asked has not run yet."""
        return bool(self._asked)

    def call(self, callback: Callable[[], None]) -> None:
        if callback not in self._asked:
            self._asked.append(callback)
        if self._waiting is None:
            self._waiting = asyncio.create_task(self._until_workers_end())

    async def _until_workers_end(self) -> None:
        nodes: list[MessagePump] = []  # the ended workers' nodes, each once
        try:
            running: list[Worker[object]] = []
            while True:
                was, running = running, self._running()
                if not running or running == was:  # a worker that never ends is not waited for
                    break
                nodes += [w.node for w in running if all(w.node is not n for n in nodes)]
                await asyncio.gather(*(worker.wait() for worker in running), return_exceptions=True)
        finally:
            self._waiting = None
        self._after_last_messages(nodes)

    def _after_last_messages(self, nodes: list[MessagePump]) -> None:
        """A no-op message to each of `nodes` (their ended workers' last message let go),
        then, once all have been handled, `_run` after the next frame."""
        left = len(nodes)

        def handled() -> None:
            nonlocal left
            left -= 1
            if left == 0:
                self._app.call_after_refresh(self._run)

        if not nodes:
            self._app.call_after_refresh(self._run)
        for node in nodes:
            if not node.call_later(handled):  # closed: it holds no message any more
                handled()

    def _running(self) -> list[Worker[object]]:
        this = active_worker.get(None)  # asked from a worker: not waited for
        return [w for w in self._app.workers if w.is_running and w is not this]

    def _run(self) -> None:
        if self._waiting is not None:
            return  # asked again since: it runs once, when that wait ends
        if self._running():  # one started since (the next turn typed ahead): wait for it too
            self._waiting = asyncio.create_task(self._until_workers_end())
            return
        asked, self._asked = self._asked, []
        for callback in asked:
            callback()


def thresholds_raised() -> bool:
    return _heap.thresholds is not None


def parts_of(widgets: Iterable[Widget]) -> list[DOMNode]:
    """`widgets`, their children, and the nodes their component classes are styled with
    (a footer key's key and description): what `let_go` cuts once they are removed, listed
    before, as Textual forgets the component nodes when it removes a widget."""
    parts: list[DOMNode] = []
    for widget in widgets:
        for part in widget.walk_children(Widget, with_self=True):
            parts.append(part)
            for styles in getattr(part, "_component_styles", {}).values():  # Textual's own
                if (node := styles.node) is not None:
                    parts.append(node)
    return parts


def let_go(widgets: Iterable[DOMNode]) -> None:
    """Widgets removed for good (a message box the chat unmounted, a reply's waiting
    indicator, a footer's keys and their component nodes: `parts_of`) are freed as soon as
    nothing refers to them, not left to the collector: each points at itself through its
    styles (`node`), its drawn content (a Static's visual), its caches (a linked list, its
    children looked up) and its refresh timer, so once frozen with the sitting they were
    garbage only a full collection of everything could find. Everything cut here is what a
    widget not yet mounted has (styles with no node, nothing drawn or cached), so a late
    look at one still works."""
    for widget in widgets:
        # Textual's own attributes, read by name: one a later Textual lacks is skipped.
        for name in ("_styles_cache", "_box_model_cache", "_query_one_cache"):
            cache = getattr(widget, name, None)  # drawn lines (~250 KB for a long reply),
            if cache is not None:  # a linked list, its children looked up
                cache.clear()
        for name in ("_css_styles", "_inline_styles"):
            styles = getattr(widget, name, None)
            if styles is not None:
                styles.node = None
        if widget.auto_refresh is not None:
            widget.auto_refresh = None  # the timer's callback is the widget's method
        if isinstance(widget, Static):
            widget._Static__visual = None  # type: ignore[attr-defined]  # drawn again if needed
