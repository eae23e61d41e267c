"""Full garbage collections in a sitting (ui/heap.py): each ended turn is settled once, when
idle, never while its reply streams; Python's thresholds come back when the session is left;
frozen objects that became garbage are handed back and collected."""

from __future__ import annotations

import gc
import weakref

from fincoach_tui.domain.persona import DEMO_TURNS
from fincoach_tui.ui import heap
from fincoach_tui.ui.message_box import MessageBox
from tests.app_harness import SIZE, make_app, say, started, workers_done


class Cycle:
    """An object in a reference cycle: freed only by the cyclic collector."""

    def __init__(self) -> None:
        self.me = self


def test_frozen_garbage_is_handed_back_and_collected_every_thaw(monkeypatch) -> None:
    gc.unfreeze()
    thresholds = gc.get_threshold()
    heap.settle_session()
    try:
        assert gc.get_threshold()[2] == heap.RARE_FULL_COLLECTIONS
        kept = Cycle()
        watched = weakref.ref(kept)
        heap.settle_turn()  # alive at the end of a turn: frozen with the rest
        del kept
        monkeypatch.setattr(heap, "THAW_AFTER", 10**9)
        heap.settle_turn()
        assert watched() is not None  # frozen garbage: out of the collector's sight
        monkeypatch.setattr(heap, "THAW_AFTER", 1)
        heap.settle_turn()  # everything handed back, collected once, frozen again
        assert watched() is None
        assert gc.get_freeze_count() > 0
    finally:
        heap.release_session()
    assert gc.get_freeze_count() == 0
    assert gc.get_threshold() == thresholds


def test_garbage_of_a_turn_is_collected_when_it_ends() -> None:
    gc.unfreeze()
    heap.settle_session()
    try:
        watched = weakref.ref(Cycle())  # the turn's garbage, never frozen
        heap.settle_turn()
        assert watched() is None
    finally:
        heap.release_session()


def test_nothing_is_settled_before_a_session_is() -> None:
    gc.unfreeze()
    assert not heap.thresholds_raised()
    heap.settle_turn()
    assert gc.get_freeze_count() == 0


async def test_each_turn_is_settled_once_after_its_reply_never_while_it_streams(
    tmp_path, monkeypatch
) -> None:
    gc.unfreeze()
    thresholds = gc.get_threshold()
    events: list[str] = []
    settle_turn = heap.settle_turn

    def settled() -> None:
        events.append("settled")
        settle_turn()

    monkeypatch.setattr(heap, "settle_turn", settled)
    append = MessageBox.append

    def streamed(box: MessageBox, text: str) -> None:
        events.append("text")  # a piece of the reply shown as it streams
        append(box, text)

    monkeypatch.setattr(MessageBox, "append", streamed)
    app = make_app(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        await started(app, pilot)
        for text in DEMO_TURNS[:3]:
            events.append("sent")
            await say(app, pilot, text)
            await workers_done(app)
            await pilot.pause()
        assert heap.thresholds_raised()  # full collections wait for the ends of turns
        assert gc.get_freeze_count() > 0
    turns = "".join("s" if e == "sent" else "t" if e == "text" else "S" for e in events)
    # Per turn: sent, the reply's text as it streamed, then settled exactly once.
    per_turn = turns.split("s")[1:]
    assert [part.count("S") for part in per_turn] == [1, 1, 1]
    assert all("t" in part and part.endswith("S") for part in per_turn), turns
    assert gc.get_threshold() == thresholds  # closing the app put Python's back
    assert gc.get_freeze_count() == 0


async def test_unmounted_boxes_are_freed_without_a_thaw_and_turns_scan_no_more(
    tmp_path, monkeypatch
) -> None:
    """A sitting well past the chat's bound, with everything frozen at each turn's end and
    never handed back: the boxes the chat unmounted are freed all the same (only the
    mounted ones are alive), and no turn's full collection scans more than the early
    turns' did."""
    from fincoach_tui.ui.chat import BOUND

    gc.unfreeze()
    monkeypatch.setattr(heap, "THAW_AFTER", 10**9)
    scanned: list[int] = []  # per turn: objects the full collection at its end looked at
    settle_turn = heap.settle_turn

    def counted() -> None:
        scanned.append(len(gc.get_objects()))
        settle_turn()

    monkeypatch.setattr(heap, "settle_turn", counted)
    boxes: list[weakref.ref[MessageBox]] = []
    app = make_app(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        await started(app, pilot)
        for turn in range(24):
            await say(app, pilot, f"My rent is ₹{20_000 + turn} a month. How much can I save?")
            boxes += [weakref.ref(box) for box in app.chat.query(MessageBox)]
        await workers_done(app)
        await pilot.pause()
        alive = {id(box) for ref in boxes if (box := ref()) is not None}
        assert len(alive) == app.chat.mounted_messages == BOUND
        shown = {id(ref) for ref in boxes}  # one weak reference per box (Python reuses it)
        assert len(shown) == 2 * 24
    assert len(scanned) >= 24
    assert max(scanned[-8:]) <= 1.2 * max(scanned[4:12]), scanned
