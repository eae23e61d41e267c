"""In the app: a summary that cannot be saved (a full disk) costs no turn. The reply is
shown and kept, the turns stay verbatim, and one line says what could not be saved."""

from __future__ import annotations

from tests.app_harness import activity, running, say
from tests.disk_faults import SAID_WHILE_FULL as SAID
from tests.disk_faults import DiskFullFor

LINE = (
    "summary could not be saved (no space left on device): those turns stay verbatim; "
    "summarizing waits 1 turn"
)


async def test_a_fold_on_a_full_disk_shows_the_reply_and_says_so_once(tmp_path, monkeypatch):
    full = DiskFullFor(monkeypatch, "summary")
    async with running(tmp_path, (80, 24), said=SAID[:7], strategy="summary") as (app, pilot):
        await say(app, pilot, SAID[7])  # the fold of turns 1-4 is due: it cannot be saved
        assert full.failures == 1
        assert app.live.state.transcript.completed_turns == 8  # the reply is kept
        assert app.composer.text == ""  # nothing handed back: the turn went through
        assert activity(app) == "turn 8 done"
        assert [text for _, text in app.notices if "could not be saved" in text] == [LINE]
        await say(app, pilot, SAID[8])  # tried again, unsaved again: not said twice
        assert full.failures == 2
        assert [text for _, text in app.notices if "could not be saved" in text] == [LINE]
        assert app.live.state.summary is None
