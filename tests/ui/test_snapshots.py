"""The main screen at 120x40 in both shipped themes, after two offline turns.

Update after an intended visual change with: pytest tests/ui/test_snapshots.py --snapshot-update
and look at the differences in snapshot_report.html before committing them.
"""

from __future__ import annotations

import pytest

from fincoach_tui.domain.persona import DEMO_TURNS
from fincoach_tui.settings.config import Config
from tests.app_harness import SIZE, make_app, say, started, workers_done


@pytest.mark.parametrize("theme", ["fincoach-dark", "fincoach-light"])
def test_main_screen(snap_compare, tmp_path, theme):
    app = make_app(tmp_path, "chiru", config=Config(theme=theme))

    async def two_turns(pilot):
        await started(app, pilot)
        for text in DEMO_TURNS[:2]:
            await say(app, pilot, text)
        app.set_focus(None)  # no blinking cursor: a snapshot must not depend on timing
        # the every-strategy comparison is computed in a worker after each turn
        await workers_done(app)
        await pilot.pause()
        await workers_done(app)
        await pilot.pause()

    assert snap_compare(app, terminal_size=SIZE, run_before=two_turns)
