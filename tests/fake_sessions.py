"""Sessions made against the fake OpenAI-compatible server (tests/fake_openai.py), through
the real wiring (engine, session file, coach), with a fold and an extraction answered as a
model would: a summary, and JSON facts naming the batch's own message ids."""

from __future__ import annotations

import json
from typing import Any

from fincoach_tui.domain.fact_extraction import EXTRACTOR_MARKER
from fincoach_tui.domain.memory.summary import SUMMARIZER_MARKER
from fincoach_tui.llm.server_tokenizer import forget_probes
from fincoach_tui.service.runtime import Overrides, build_engine, open_session, resolve
from fincoach_tui.settings import paths
from fincoach_tui.settings.config import Config
from fincoach_tui.store.sessions import SessionStore
from tests.fake_openai import FakeOpenAI, Script

MODEL = "toy-model"
# Odd rates, so that sums of many calls' costs are not exact in binary: USD per 1M tokens.
INPUT_RATE, OUTPUT_RATE = 0.37, 1.13
PRICES: dict[str, dict[str, float | int | str]] = {
    MODEL: {"input": INPUT_RATE, "output": OUTPUT_RATE}
}

QUESTIONS = [
    "My salary is 120000 a month after tax.",
    "Rent is 25000 and groceries about 9000.",
    "I have a fixed deposit of 50000 maturing in March.",
    "Should I start a SIP of 10000?",
    "My goal is a house down payment of 15 lakh in five years.",
    "What emergency fund do I need?",
    "How much can I invest each month?",
    "Is my rent too high for my salary?",
]


def maintenance_answers(body: dict[str, Any]) -> Script | None:
    """A fold gets a short summary, an extraction one fact per user message of its batch;
    the coach's own questions are left to the server's default echo."""
    messages = body.get("messages") or []
    system = str(messages[0].get("content") or "") if messages else ""
    if system.startswith(SUMMARIZER_MARKER):
        return Script(text="The user earns 120000, pays rent 25000, holds an FD of 50000.")
    if system.startswith(EXTRACTOR_MARKER):
        batch = json.loads(str(messages[-1]["content"]).split("Messages:\n", 1)[1])
        facts = [
            {
                "key": f"said_{m['id']}",
                "value": " ".join(m["text"].split()[:4]),
                "source_ids": [m["id"]],
            }
            for m in batch
            if m["role"] == "user"
        ]
        return Script(text=json.dumps({"facts": facts}))
    return None


def config(**fields: Any) -> Config:
    return Config(prices=PRICES, **fields)


def engine_for(fake: FakeOpenAI, cfg: Config | None = None):
    forget_probes()
    cfg = cfg or config()
    overrides = Overrides(provider="custom", base_url=fake.base_url, model=MODEL)
    return build_engine(cfg, resolve(cfg, overrides, {}), timeout=10)


def open_live(fake: FakeOpenAI, name: str, strategy: str, cfg: Config | None = None):
    """An open session on the fake server (the caller closes it)."""
    fake.responder = maintenance_answers
    engine = engine_for(fake, cfg)
    return open_session(engine, SessionStore(paths.sessions_dir()).open(name), strategy=strategy)


async def talk(live, questions: list[str] | None = None) -> None:
    for question in questions or QUESTIONS:
        async for _ in live.coach.turn(question):
            pass


async def make_session(
    fake: FakeOpenAI,
    name: str,
    strategy: str,
    questions: list[str] | None = None,
    *,
    cfg: Config | None = None,
):
    """A session of `questions` on `strategy`, saved under the test's data directory;
    returns its final state."""
    live = open_live(fake, name, strategy, cfg)
    try:
        await talk(live, questions)
        return live.state
    finally:
        live.close()
