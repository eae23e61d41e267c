"""A summary or recall vectors that cannot be saved (a full disk), as facts that cannot be
(tests/service/test_unsaved_facts.py): the turn goes on and its reply is kept, the turns
stay verbatim (recall goes by keywords), the next fold or embedding waits 1, 2, 4 … turns
(a model bills each one), it is said once, and saving again ends the wait."""

from __future__ import annotations

from fincoach_tui.service.events import FoldStarted, IndexFinished, RequestReady
from fincoach_tui.service.fold import describe_fold
from fincoach_tui.service.maintenance import describe
from tests.app_harness import open_offline
from tests.disk_faults import (
    SAID_WHILE_FULL,
    DiskFullFor,
    turns_until_room,
    turns_with,
    unsaved_warnings,
)
from tests.service.test_coach_maintenance import FakeEmbedder

SAID = SAID_WHILE_FULL
PLACEHOLDER = "are folded in before sending"


async def test_a_summary_that_cannot_be_saved_keeps_the_turn_and_backs_off(tmp_path, monkeypatch):
    full = DiskFullFor(monkeypatch, "summary")
    live = open_offline(tmp_path, strategy="summary")  # tail 3 turns, folds 4 at once
    try:
        turns = await turns_until_room(live, SAID, full, room_on=14)
        state = live.state
    finally:
        live.close()
    # Due on turn 8 (turns 1-4 left the 3-turn tail): unsaved, it waits 1 turn; unsaved on
    # 9, 2 turns; on 11, 4 turns; room came on 14, so turn 15 folds, and 19 the next batch.
    assert turns_with(turns, FoldStarted) == [8, 9, 11, 15, 19]
    assert full.failures == 3
    assert unsaved_warnings(turns, describe_fold) == [
        "summary could not be saved (no space left on device): those turns stay verbatim; "
        "summarizing waits 1 turn"
    ]
    assert state.transcript.completed_turns == len(SAID)  # every reply kept
    # A fold that did not land is not shown done: its turns went verbatim, no placeholder.
    for turn in (8, 10):  # failed; waiting
        request = next(e for e in turns[turn - 1] if isinstance(e, RequestReady))
        sent = request.context.as_chat()
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
    try:
        turns = await turns_until_room(live, SAID[:10], full, room_on=8)
        state = live.state
    finally:
        live.close()
    # Embedded on turn 1, unsaved: waits 1 turn; turn 2 unsaved, 2 turns; turn 4, 4 turns;
    # then turn 8 with room again, and every turn after.
    assert turns_with(turns, IndexFinished) == [1, 2, 4, 8, 9, 10]
    assert len(embedder.inputs) == 6  # each of those turns asked the embedder, no other
    assert full.failures == 3
    assert unsaved_warnings(turns, describe) == [
        "recall vectors could not be saved (no space left on device): recalling by keywords; "
        "embedding waits 1 turn"
    ]
    assert state.transcript.completed_turns == 10
    # Saved once there was room: every question, those of the unsaved turns included.
    assert len(state.embeddings["fake-embed"]) == 10
