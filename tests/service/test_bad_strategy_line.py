"""A hand-edited strategy line in a session file: the session opens on the configured
strategy with a notice (not "unopenable without --strategy"), and says so in its file."""

from __future__ import annotations

import pytest

from fincoach_tui.domain.memory import StrategyError
from fincoach_tui.domain.session_events import strategy_event
from fincoach_tui.settings.config import Config
from tests.app_harness import open_offline, saved_session, sessions_under

CONFIGURED = Config(strategy="window")


@pytest.mark.parametrize(
    "name, params", [("fifo", {}), ("window", {"k": -4}), ("window", {"k": "six"})]
)
def test_an_unusable_saved_strategy_opens_on_the_default_with_a_notice(tmp_path, name, params):
    with sessions_under(tmp_path).open("s") as file:
        file.append(strategy_event(1, name, params))
    live = open_offline(tmp_path, "s", config=CONFIGURED)
    assert live.coach.strategy.name == "window" and live.coach.strategy.params() == {"k": 6}
    (notice,) = live.problems
    assert notice.startswith("the session's saved strategy is unusable (") and notice.endswith(
        "); using window"
    )
    live.close()
    state, _ = saved_session(tmp_path, "s")
    assert (state.strategy.name, state.strategy.params) == ("window", {"k": 6})


def test_a_bad_flag_is_still_refused(tmp_path):
    with pytest.raises(StrategyError):
        open_offline(tmp_path, "s", strategy="fifo", config=CONFIGURED)
