"""Opening sessions: replay, the strategy a session resumes with, interrupted turns."""

from __future__ import annotations

from fincoach_tui.domain.conversation import Message
from fincoach_tui.domain.session_events import message_event, strategy_event
from fincoach_tui.domain.session_state import replay
from fincoach_tui.service.runtime import Overrides, build_engine, open_session, resolve
from fincoach_tui.settings.config import Config
from fincoach_tui.store.sessions import SessionStore


def engine(config: Config | None = None):
    config = config or Config()
    return build_engine(config, resolve(config, Overrides(), {}))


def test_no_key_means_the_offline_coach_priced_as_configured():
    settings = resolve(Config(offline_priced_as="gpt-4.1-mini"), Overrides(), {})
    assert settings.simulated and settings.model == "gpt-4.1-mini"
    assert resolve(Config(), Overrides(), {"GROQ_API_KEY": "gsk_test_1234567890"}).name == "groq"


async def test_an_interrupted_turn_is_withdrawn_on_disk_and_can_be_sent_again(tmp_path):
    store = SessionStore(tmp_path)
    with store.open("cut") as file:
        file.append(message_event(Message("m1", "user", "My salary is ₹1,20,000.", 1.0, 1)))
    live = open_session(engine(), store.open("cut"))
    assert live.state.interrupted.content == "My salary is ₹1,20,000."
    assert any("had no reply" in p for p in live.problems)
    async for _ in live.coach.turn(live.state.interrupted.content):
        pass
    live.close()
    state, problems = replay(store.read_events("cut"))
    assert problems == []
    assert [m.role for m in state.transcript.messages] == ["user", "assistant"]


def test_resume_keeps_the_sessions_strategy_unless_a_flag_says_otherwise(tmp_path):
    store = SessionStore(tmp_path)
    with store.open("s") as file:
        file.append(strategy_event(1, "window", {"k": 4}))
    e = engine(Config(strategy="budget"))
    live = open_session(e, store.open("s"))
    assert (live.coach.strategy.name, live.coach.strategy.params()) == ("window", {"k": 4})
    live.close()
    live = open_session(e, store.open("s"), strategy="summary")
    assert live.coach.strategy.name == "summary"
    live.close()
    fresh = open_session(e, store.open("new"))
    assert fresh.coach.strategy.name == "budget"
    fresh.close()
