"""The hand-written conversations of `tests/fixtures` (other voices than the probe's
templates), played through the real coach like `fincoach probe`: at every late question,
`summary`, `hybrid` and `facts` send every needed fact with its current value and never a
changed value alone."""

from __future__ import annotations

import pytest

from fincoach_tui.cli.probe import run_probe
from tests.fixtures.memory_dev_set import DEV_SET
from tests.fixtures.memory_second_look import SECOND_LOOK


@pytest.mark.slow  # fifteen 25-turn conversations, three strategies
def test_the_hand_written_conversations_keep_every_needed_fact_current(counter):
    results = run_probe(
        ("summary", "hybrid", "facts"), played=(*DEV_SET, *SECOND_LOOK), counter=counter
    )
    for result in results:
        missing = [
            (result.strategy, run.conversation, answer.turn, key)
            for run in result.runs
            for answer in run.answers
            for key in answer.needed
            if key not in answer.present
        ]
        assert missing == []
        assert result.stale == 0
