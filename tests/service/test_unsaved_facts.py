"""Facts read but not saved (a full disk): the turn goes on, the next extraction waits as
after refused answers (a model bills each one), it is said once, and saving again ends
the wait."""

from __future__ import annotations

from fincoach_tui.service.events import ExtractStarted
from fincoach_tui.service.maintenance import describe
from tests.app_harness import open_offline
from tests.disk_faults import (
    SAID_WHILE_FULL,
    DiskFullFor,
    turns_until_room,
    turns_with,
    unsaved_warnings,
)

SAID = SAID_WHILE_FULL[:16]


async def test_facts_that_cannot_be_saved_back_off_and_are_said_once(tmp_path, monkeypatch):
    full = DiskFullFor(monkeypatch, "facts")
    live = open_offline(tmp_path, strategy="facts")  # extract_every = 2
    try:
        turns = await turns_until_room(live, SAID, full, room_on=9)
        state = live.state
    finally:
        live.close()
    # Due from turn 3 (two turns read) every second turn; unsaved on turn 3, it waits
    # 2 turns; unsaved again on turn 5, 4 turns; saved on turn 9, then every 2 again.
    assert turns_with(turns, ExtractStarted) == [3, 5, 9, 11, 13, 15]
    assert full.failures == 2
    assert unsaved_warnings(turns, describe) == [
        "memory could not be saved (no space left on device): the facts just read are not "
        "kept; fact extraction waits 2 turns"
    ]
    assert state.transcript.completed_turns == len(SAID)
    assert state.facts.current()  # saved once there was room
