"""Opening sessions: replay, the strategy a session resumes with, interrupted turns."""

from __future__ import annotations

from fincoach_tui.domain.conversation import Message
from fincoach_tui.domain.session_events import message_event, strategy_event
from fincoach_tui.service.runtime import Overrides, build_engine, resolve
from fincoach_tui.settings.config import Config
from tests.app_harness import open_offline, saved_session, sessions_under


def engine(config: Config | None = None):
    """The offline engine as the command line resolves it (test_coach_maintenance's too)."""
    config = config or Config()
    return build_engine(config, resolve(config, Overrides(), {}))


def test_no_key_means_the_offline_coach_priced_as_configured():
    settings = resolve(Config(offline_priced_as="gpt-4.1-mini"), Overrides(), {})
    assert settings.simulated and settings.model == "gpt-4.1-mini"
    assert resolve(Config(), Overrides(), {"GROQ_API_KEY": "gsk_test_1234567890"}).name == "groq"


async def test_an_interrupted_turn_is_withdrawn_on_disk_and_can_be_sent_again(tmp_path):
    with sessions_under(tmp_path).open("cut") as file:
        file.append(message_event(Message("m1", "user", "My salary is ₹1,20,000.", 1.0, 1)))
    live = open_offline(tmp_path, "cut")
    assert live.state.interrupted.content == "My salary is ₹1,20,000."
    assert any("had no reply" in p for p in live.problems)
    async for _ in live.coach.turn(live.state.interrupted.content):
        pass
    live.close()
    state, problems = saved_session(tmp_path, "cut")
    assert problems == []
    assert [m.role for m in state.transcript.messages] == ["user", "assistant"]


def test_resume_keeps_the_sessions_strategy_unless_a_flag_says_otherwise(tmp_path):
    with sessions_under(tmp_path).open("s") as file:
        file.append(strategy_event(1, "window", {"k": 4}))
    config = Config(strategy="budget")
    live = open_offline(tmp_path, "s", config=config)
    assert (live.coach.strategy.name, live.coach.strategy.params()) == ("window", {"k": 4})
    live.close()
    live = open_offline(tmp_path, "s", strategy="summary", config=config)
    assert live.coach.strategy.name == "summary"
    live.close()
    fresh = open_offline(tmp_path, "new", config=config)
    assert fresh.coach.strategy.name == "budget"
    fresh.close()
