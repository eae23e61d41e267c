"""A summary or recall vectors that cannot be saved (a full disk), as facts that cannot be
(tests/service/test_unsaved_facts.py): the turn goes on and its reply is kept, the turns
stay verbatim (recall goes by keywords), the next fold or embedding waits 1, 2, 4 … turns
(a model bills each one), it is said once, and saving again ends the wait."""

from __future__ import annotations

import errno
import os

from fincoach_tui.service.events import (
    FoldFinished,
    FoldStarted,
    IndexFinished,
    RequestReady,
    TurnFinished,
)
from fincoach_tui.service.fold import describe_fold
from fincoach_tui.service.maintenance import describe
from fincoach_tui.store import disk
from tests.app_harness import open_offline
from tests.service.test_coach_maintenance import FakeEmbedder

SAID = [f"My rent went up to ₹{20 + n},000 this month, and I saved ₹{n},000." for n in range(1, 21)]
PLACEHOLDER = "are folded in before sending"


class DiskFullFor:
    """Every write holding events of `kind` fails as a full disk does; the rest land."""

    def __init__(self, monkeypatch, kind: str) -> None:
        self.marker = f'"type":"{kind}"'.encode()
        self.full = True
        self.failures = 0
        monkeypatch.setattr(disk, "os_write", self._write)

    def _write(self, fd: int, data) -> int:
        if self.full and self.marker in bytes(data):
            self.failures += 1
            raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))
        return os.write(fd, data)


async def test_a_summary_that_cannot_be_saved_keeps_the_turn_and_backs_off(tmp_path, monkeypatch):
    full = DiskFullFor(monkeypatch, "summary")
    live = open_offline(tmp_path, strategy="summary")  # tail 3 turns, folds 4 at once
    folded_on: list[int] = []
    warnings: list[str] = []
    requests: dict[int, RequestReady] = {}
    try:
        for turn, text in enumerate(SAID, start=1):
            if turn == 14:
                full.full = False  # room again
            events = [event async for event in live.coach.turn(text)]
            assert isinstance(events[-1], TurnFinished)  # the reply is shown and kept
            requests[turn] = next(e for e in events if isinstance(e, RequestReady))
            if any(isinstance(e, FoldStarted) for e in events):
                folded_on.append(turn)
            for event in events:
                if isinstance(event, FoldFinished) and event.unsaved:
                    line, warning = describe_fold(event)
                    if warning:
                        warnings.append(line)
        state = live.state
    finally:
        live.close()
    # Due on turn 8 (turns 1-4 left the 3-turn tail): unsaved, it waits 1 turn; unsaved on
    # 9, 2 turns; on 11, 4 turns; room came on 14, so turn 15 folds, and 19 the next batch.
    assert folded_on == [8, 9, 11, 15, 19]
    assert full.failures == 3
    assert warnings == [
        "summary could not be saved (no space left on device): those turns stay verbatim; "
        "summarizing waits 1 turn"
    ]
    assert state.transcript.completed_turns == len(SAID)  # every reply kept
    # A fold that did not land is not shown done: its turns went verbatim, no placeholder.
    for turn in (8, 10):  # failed; waiting
        sent = requests[turn].context.as_chat()
        assert not any(PLACEHOLDER in m["content"] for m in sent)
        assert [m["content"] for m in sent if m["role"] == "user"] == SAID[:turn]
    assert state.summary is not None and state.summary.last_turn == 15  # saved once it could


async def test_recall_vectors_that_cannot_be_saved_keep_the_turn_and_back_off(
    tmp_path, monkeypatch
):
    full = DiskFullFor(monkeypatch, "embeddings")
    live = open_offline(tmp_path, strategy="hybrid")
    embedder = FakeEmbedder()
    live.coach.maintenance.embedder = embedder
    embedded_on: list[int] = []
    warnings: list[str] = []
    try:
        for turn, text in enumerate(SAID[:10], start=1):
            if turn == 8:
                full.full = False
            before = len(embedder.inputs)
            events = [event async for event in live.coach.turn(text)]
            assert isinstance(events[-1], TurnFinished)
            if len(embedder.inputs) > before:
                embedded_on.append(turn)
            for event in events:
                if isinstance(event, IndexFinished) and event.unsaved:
                    line, warning = describe(event)
                    if warning:
                        warnings.append(line)
        state = live.state
    finally:
        live.close()
    # Embedded on turn 1, unsaved: waits 1 turn; turn 2 unsaved, 2 turns; turn 4, 4 turns;
    # then turn 8 with room again, and every turn after.
    assert embedded_on == [1, 2, 4, 8, 9, 10]
    assert full.failures == 3
    assert warnings == [
        "recall vectors could not be saved (no space left on device): recalling by keywords; "
        "embedding waits 1 turn"
    ]
    assert state.transcript.completed_turns == 10
    # Saved once there was room: every question, those of the unsaved turns included.
    assert len(state.embeddings["fake-embed"]) == 10
