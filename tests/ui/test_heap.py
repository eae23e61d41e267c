"""Full garbage collections in a sitting (ui/heap.py): each ended turn is settled once, when
idle, never while its reply streams, and only once its workers have ended; a sitting's
turns, and dialogs between them, leave nothing frozen that is garbage, so nothing is handed
back while the session is open; Python's thresholds come back when the session is left,
and with them everything frozen."""

from __future__ import annotations

import gc
import threading
import weakref
from collections.abc import Callable, Iterator
from contextlib import contextmanager

import pytest
from textual.app import App, ComposeResult
from textual.widgets import Static
from textual.worker import Worker

from fincoach_tui.domain.persona import DEMO_TURNS
from fincoach_tui.ui import heap, startup, turns, worker_fixes
from fincoach_tui.ui.footer import FittingFooter
from fincoach_tui.ui.message_box import MessageBox
from tests.app_harness import running, say, wait_until, workers_done
from tests.textual_corrections import corrected


async def turn_settled(app, pilot) -> None:
    """Until the turn that ended has been settled (once its workers have ended)."""
    await wait_until(pilot, lambda: not app.after_workers.waiting)


async def sip_turn(app, pilot, number: int) -> None:
    """A turn that states a figure of its own, until it has been settled."""
    await say(app, pilot, f"My SIP is ₹{number},000 a month. How much can I save?")
    await turn_settled(app, pilot)


def on_settle(monkeypatch, seen: Callable[[], object]) -> None:
    """`seen()` called as each turn is settled, before the settling."""
    settle_turn = heap.settle_turn

    def settled() -> None:
        seen()
        settle_turn()

    monkeypatch.setattr(heap, "settle_turn", settled)


@contextmanager
def settled_session() -> Iterator[None]:
    """A session settled (nothing frozen before it), released at the end."""
    gc.unfreeze()
    heap.settle_session()
    try:
        yield
    finally:
        heap.release_session()  # everything handed back


class Cycle:
    """An object in a reference cycle: freed only by the cyclic collector."""

    def __init__(self) -> None:
        self.me = self


def test_frozen_garbage_waits_until_the_session_is_left() -> None:
    thresholds = gc.get_threshold()
    with settled_session():
        assert gc.get_threshold()[2] == heap.RARE_FULL_COLLECTIONS
        kept = Cycle()
        watched = weakref.ref(kept)
        heap.settle_turn()  # alive at the end of a turn: frozen with the rest
        del kept
        for _ in range(3):
            heap.settle_turn()
        assert watched() is not None  # frozen garbage: out of the collector's sight
    gc.collect()
    assert watched() is None
    assert gc.get_freeze_count() == 0
    assert gc.get_threshold() == thresholds


def test_garbage_of_a_turn_is_collected_when_it_ends() -> None:
    with settled_session():
        watched = weakref.ref(Cycle())  # the turn's garbage, never frozen
        heap.settle_turn()
        assert watched() is None


def test_nothing_is_settled_before_a_session_is() -> None:
    gc.unfreeze()
    assert not heap.thresholds_raised()
    heap.settle_turn()
    assert gc.get_freeze_count() == 0


def test_a_session_read_at_launch_waits_for_full_collections_and_is_frozen_once_read() -> None:
    gc.unfreeze()
    thresholds = gc.get_threshold()
    try:
        with heap.reading_session():
            during = gc.get_threshold()
            read = Cycle()  # what the read made: it lives as long as the session
            watched = weakref.ref(read)
            assert gc.get_freeze_count() == 0
        assert during == (thresholds[0], thresholds[1], heap.RARE_FULL_COLLECTIONS)
        assert gc.get_threshold() == thresholds
        del read
        gc.collect()
        assert watched() is not None  # frozen: out of the collector's sight
    finally:
        gc.unfreeze()
    gc.collect()
    assert watched() is None


def test_a_session_read_to_replace_one_left_is_frozen_once_settled_without_it() -> None:
    """A switch: the session left is still on screen while the next is read, so nothing is
    frozen then; once the next is shown and settled, what was left is collected first."""
    gc.unfreeze()
    try:
        shown = Cycle()  # the screen's view of the session left: garbage once the next shows
        left = weakref.ref(shown)
        with heap.reading_session(replacing=True):
            read = Cycle()  # the session read: it lives as long as it is on screen
        assert gc.get_freeze_count() == 0
        del shown
        heap.settle_session()
        assert left() is None  # collected, not frozen with the session
        kept = weakref.ref(read)
        del read
        gc.collect()
        assert kept() is not None  # frozen: out of the collector's sight
    finally:
        heap.release_session()
    gc.collect()
    assert kept() is None


def test_full_collections_wait_from_a_switchs_read_until_the_session_is_left() -> None:
    """Between the read and the settling nothing is frozen: a full collection then would
    scan everything alive, so they keep waiting; Python's thresholds come back on leaving."""
    gc.unfreeze()
    thresholds = gc.get_threshold()
    rare = (thresholds[0], thresholds[1], heap.RARE_FULL_COLLECTIONS)
    try:
        with heap.reading_session(replacing=True):
            pass
        assert gc.get_threshold() == rare and gc.get_freeze_count() == 0
        heap.settle_turn()  # a turn ending before the session is settled settles nothing
        assert gc.get_freeze_count() == 0
        heap.settle_session()
        assert gc.get_threshold() == rare and gc.get_freeze_count() > 0
    finally:
        heap.release_session()
    assert gc.get_threshold() == thresholds and gc.get_freeze_count() == 0


def test_a_session_read_that_fails_freezes_nothing_and_puts_the_thresholds_back() -> None:
    gc.unfreeze()
    thresholds = gc.get_threshold()
    for replacing in (False, True):
        with pytest.raises(ValueError), heap.reading_session(replacing=replacing):
            raise ValueError("unreadable")
        assert gc.get_freeze_count() == 0
        assert gc.get_threshold() == thresholds
    heap.settle_session()  # as the app does once it has read the session left again
    heap.release_session()
    gc.unfreeze()


def test_a_session_read_while_one_is_settled_keeps_its_thresholds() -> None:
    with settled_session():
        with heap.reading_session():
            pass
        assert gc.get_threshold()[2] == heap.RARE_FULL_COLLECTIONS


async def test_the_session_opened_at_launch_is_read_with_full_collections_held(
    tmp_path, monkeypatch
) -> None:
    held: list[int] = []
    open_session = startup.open_session

    def opened(*args, **kwargs):
        held.append(gc.get_threshold()[2])
        return open_session(*args, **kwargs)

    monkeypatch.setattr(startup, "open_session", opened)
    gc.unfreeze()
    async with running(tmp_path):
        assert held == [heap.RARE_FULL_COLLECTIONS]
    gc.unfreeze()


async def test_a_session_switched_to_or_renamed_is_read_with_full_collections_held(
    tmp_path, monkeypatch
) -> None:
    """Ctrl+N, the sessions dialog and a rename read a session as the launch does."""
    from fincoach_tui.service.sessions import Sessions

    held: list[tuple[str, int, int]] = []  # (session, the third threshold, objects frozen)
    read = Sessions.open

    def recorded(self, engine, name, **kwargs):
        opened = read(self, engine, name, **kwargs)
        held.append((name, gc.get_threshold()[2], gc.get_freeze_count()))
        return opened

    monkeypatch.setattr(Sessions, "open", recorded)
    gc.unfreeze()
    async with running(tmp_path) as (app, pilot):
        await sip_turn(app, pilot, 1)
        await pilot.press("ctrl+n")
        await wait_until(pilot, lambda: len(held) == 1 and app.live is not None)
        await workers_done(app)
        app.rename_to("renamed")
        await wait_until(pilot, lambda: len(held) == 2 and app.live is not None)
        await workers_done(app)
        app.switch_to("test")  # back to the first, as the sessions dialog does
        await wait_until(pilot, lambda: len(held) == 3 and app.live is not None)
        await workers_done(app)
        assert app.live.name == "test"
    rare = heap.RARE_FULL_COLLECTIONS
    # Each read once the session left was handed back: nothing frozen while it was read.
    assert [(third, frozen) for _, third, frozen in held] == [(rare, 0)] * 3
    assert held[1][0] == "renamed"
    gc.unfreeze()


async def test_each_turn_is_settled_once_after_its_reply_never_while_it_streams(
    tmp_path, monkeypatch
) -> None:
    gc.unfreeze()
    thresholds = gc.get_threshold()
    events: list[str] = []
    on_settle(monkeypatch, lambda: events.append("settled"))
    append = MessageBox.append

    def streamed(box: MessageBox, text: str) -> None:
        events.append("text")  # a piece of the reply shown as it streams
        append(box, text)

    monkeypatch.setattr(MessageBox, "append", streamed)
    async with running(tmp_path) as (app, pilot):
        for text in DEMO_TURNS[:3]:
            events.append("sent")
            await say(app, pilot, text)
            await turn_settled(app, pilot)
        assert heap.thresholds_raised()  # full collections wait for the ends of turns
        assert gc.get_freeze_count() > 0
    turns = "".join("s" if e == "sent" else "t" if e == "text" else "S" for e in events)
    # Per turn: sent, the reply's text as it streamed, then settled exactly once.
    per_turn = turns.split("s")[1:]
    assert [part.count("S") for part in per_turn] == [1, 1, 1]
    assert all("t" in part and part.endswith("S") for part in per_turn), turns
    assert gc.get_threshold() == thresholds  # closing the app put Python's back
    assert gc.get_freeze_count() == 0


async def test_unmounted_boxes_are_freed_and_turns_scan_no_more(tmp_path, monkeypatch) -> None:
    """A sitting well past the chat's bound, with everything frozen at each turn's end and
    never handed back: the boxes the chat unmounted are freed all the same (only the
    mounted ones are alive), and no turn's full collection scans more than the early
    turns' did."""
    from fincoach_tui.ui.chat import BOUND

    gc.unfreeze()
    scanned: list[int] = []  # per turn: objects the full collection at its end looked at
    on_settle(monkeypatch, lambda: scanned.append(len(gc.get_objects())))
    boxes: list[weakref.ref[MessageBox]] = []
    async with running(tmp_path) as (app, pilot):
        for turn in range(24):
            await say(app, pilot, f"My rent is ₹{20_000 + turn} a month. How much can I save?")
            await turn_settled(app, pilot)
            boxes += [weakref.ref(box) for box in app.chat.query(MessageBox)]
        await workers_done(app)
        await pilot.pause()
        alive = {id(box) for ref in boxes if (box := ref()) is not None}
        assert len(alive) == app.chat.mounted_messages == BOUND
        shown = {id(ref) for ref in boxes}  # one weak reference per box (Python reuses it)
        assert len(shown) == 2 * 24
    assert len(scanned) >= 24
    assert max(scanned[-8:]) <= 1.2 * max(scanned[4:12]), scanned


def frozen_garbage() -> int:
    """How many frozen objects are garbage: collect what is not frozen, then hand
    everything back and count what one full collection frees; frozen again after."""
    gc.collect()
    gc.unfreeze()
    found = gc.collect()
    gc.freeze()
    return found


def ended_workers_alive(groups: tuple[str, ...]) -> int:
    """Workers of `groups` that have ended and are still alive, frozen or not, after a full
    collection."""
    gc.unfreeze()
    gc.collect()
    alive = [o for o in gc.get_objects() if isinstance(o, Worker) and o.group in groups]
    gc.freeze()
    return sum(1 for worker in alive if worker.is_finished)


async def test_a_sittings_turns_leave_nothing_frozen_that_is_garbage(tmp_path, monkeypatch) -> None:
    """Each turn settled, and frozen, once its workers (its own, the comparison's walk it
    started) have ended and let go, and with Textual's caches of the boxes the chat
    unmounted cleared: after a dozen turns past the chat's bound, not one frozen object is
    garbage (before, ~110 a turn: the walk's worker frozen while it ran, the cleared
    caches' rings), and no ended worker is kept alive. Each reply is shown in two frames,
    its first words and its end, as on a fast provider: its frame timer is cancelled."""
    gc.unfreeze()
    monkeypatch.setattr(turns.Coalesced, "FRAME_S", 3600.0)
    async with running(tmp_path) as (app, pilot):
        for number in range(1, 9):  # the chat's window full: each turn unmounts two boxes
            await sip_turn(app, pilot, number)
        assert heap.thresholds_raised()
        frozen_garbage()  # what the session's settling froze with it, not a turn's
        settles: list[int] = []
        on_settle(monkeypatch, lambda: settles.append(1))
        for number in range(9, 21):
            await sip_turn(app, pilot, number)
        assert len(settles) == 12
        assert frozen_garbage() == 0
        # The turns' own and their comparisons' (the engine's loader, which started the
        # panel's widgets, lives on in their tasks' contexts: once, not a turn's).
        assert ended_workers_alive(("turn", "comparison")) == 0


async def test_dialogs_opened_between_turns_leave_nothing_frozen_that_is_garbage(
    tmp_path,
) -> None:
    """A dialog changes the keys the footer shows: the keys it had when the last turn was
    settled are freed as they go (before, ~900 objects a dialog kept frozen)."""
    gc.unfreeze()
    async with running(tmp_path) as (app, pilot):
        await sip_turn(app, pilot, 1)
        frozen_garbage()  # what the session's settling froze with it, not a dialog's
        footer = app.query_one(FittingFooter)
        for key in ("f1", "ctrl+s"):  # the help, the strategies
            first_key = weakref.ref(footer.children[0])  # made anew when the dialog goes
            await pilot.press(key)
            await wait_until(pilot, lambda: len(app.screen_stack) == 2)
            await pilot.press("escape")
            await wait_until(pilot, lambda: len(app.screen_stack) == 1)
            await wait_until(pilot, lambda: first_key() not in footer.children)  # noqa: B023
            await sip_turn(app, pilot, 2)
        assert frozen_garbage() == 0


class Idle(App):
    def compose(self) -> ComposeResult:
        yield Static("idle")


async def test_what_waits_for_workers_runs_once_they_have_ended_and_let_go() -> None:
    """Asked twice while a thread worker runs: not run until it has ended, then once, when
    the worker is garbage already (collected there, it is freed: frozen there, it would
    not have been kept alive)."""
    with corrected(worker_fixes):
        app = Idle()
        async with app.run_test() as pilot:
            after = heap.AfterWorkers(app)
            release = threading.Event()
            worker = app.run_worker(lambda: release.wait(30), thread=True)
            watched = weakref.ref(worker)
            del worker
            freed_when_run: list[bool] = []

            def run() -> None:
                gc.collect()
                freed_when_run.append(watched() is None)

            after.call(run)
            after.call(run)
            for _ in range(3):
                await pilot.pause()
            assert (freed_when_run, after.waiting) == ([], True)
            release.set()
            await wait_until(pilot, lambda: not after.waiting)
            assert freed_when_run == [True]


async def test_what_waits_runs_at_the_next_frame_when_no_worker_runs() -> None:
    app = Idle()
    async with app.run_test() as pilot:
        after = heap.AfterWorkers(app)
        ran: list[int] = []
        after.call(lambda: ran.append(1))
        await wait_until(pilot, lambda: not after.waiting)
        assert ran == [1]
