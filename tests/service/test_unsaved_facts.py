"""Facts read but not saved (a full disk): the turn goes on, the next extraction waits as
after refused answers (a model bills each one), it is said once, and saving again ends
the wait."""

from __future__ import annotations

import errno
import os

from fincoach_tui.service.events import ExtractFinished, ExtractStarted, TurnFinished
from fincoach_tui.service.maintenance import describe
from fincoach_tui.store import disk
from tests.app_harness import open_offline

SAID = [f"My rent went up to ₹{20 + n},000 this month, and I saved ₹{n},000." for n in range(1, 17)]


class FactsDiskFull:
    """Every write holding fact-store events fails as a full disk does; the rest land."""

    def __init__(self, monkeypatch) -> None:
        self.full = True
        self.failures = 0
        monkeypatch.setattr(disk, "os_write", self._write)

    def _write(self, fd: int, data) -> int:
        if self.full and b'"type":"facts"' in bytes(data):
            self.failures += 1
            raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))
        return os.write(fd, data)


async def test_facts_that_cannot_be_saved_back_off_and_are_said_once(tmp_path, monkeypatch):
    full = FactsDiskFull(monkeypatch)
    live = open_offline(tmp_path, strategy="facts")  # extract_every = 2
    extracted_on: list[int] = []
    warnings: list[str] = []
    try:
        for turn, text in enumerate(SAID, start=1):
            if turn == 9:
                full.full = False  # room again
            events = [event async for event in live.coach.turn(text)]
            assert isinstance(events[-1], TurnFinished)  # the turn is never lost to it
            if any(isinstance(e, ExtractStarted) for e in events):
                extracted_on.append(turn)
            for event in events:
                if isinstance(event, ExtractFinished):
                    line, warning = describe(event)
                    if warning:
                        warnings.append(line)
        state = live.state
    finally:
        live.close()
    # Due from turn 3 (two turns read) every second turn; unsaved on turn 3, it waits
    # 2 turns; unsaved again on turn 5, 4 turns; saved on turn 9, then every 2 again.
    assert extracted_on == [3, 5, 9, 11, 13, 15]
    assert full.failures == 2
    assert warnings == [
        "memory could not be saved (no space left on device): the facts just read are not "
        "kept; fact extraction waits 2 turns"
    ]
    assert state.transcript.completed_turns == len(SAID)
    assert state.facts.current()  # saved once there was room
