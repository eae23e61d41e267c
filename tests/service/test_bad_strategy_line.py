"""A hand-edited strategy line in a session file: the session opens on the configured
strategy with a notice (not "unopenable without --strategy"), and says so in its file."""

from __future__ import annotations

import pytest

from fincoach_tui.domain.memory import StrategyError
from fincoach_tui.domain.session_events import strategy_event
from fincoach_tui.domain.session_state import replay
from fincoach_tui.service.runtime import Overrides, build_engine, open_session, resolve
from fincoach_tui.settings.config import Config
from fincoach_tui.store.sessions import SessionStore


def engine(config=None):
    config = config or Config(strategy="window")
    return build_engine(config, resolve(config, Overrides(), {}))


@pytest.mark.parametrize(
    "name, params", [("fifo", {}), ("window", {"k": -4}), ("window", {"k": "six"})]
)
def test_an_unusable_saved_strategy_opens_on_the_default_with_a_notice(tmp_path, name, params):
    store = SessionStore(tmp_path)
    with store.open("s") as file:
        file.append(strategy_event(1, name, params))
    live = open_session(engine(), store.open("s"))
    assert live.coach.strategy.name == "window" and live.coach.strategy.params() == {"k": 6}
    (notice,) = live.problems
    assert notice.startswith("the session's saved strategy is unusable (") and notice.endswith(
        "); using window"
    )
    live.close()
    state, _ = replay(store.read_events("s"))
    assert (state.strategy.name, state.strategy.params) == ("window", {"k": 6})


def test_a_bad_flag_is_still_refused(tmp_path):
    store = SessionStore(tmp_path)
    with pytest.raises(StrategyError):
        open_session(engine(), store.open("s"), strategy="fifo")
