"""A coach on the offline model (or a scripted one) with an in-memory event log, for the
memory tests: hybrid, facts, the recall probe."""

from __future__ import annotations

import itertools
from collections.abc import AsyncIterator, Awaitable, Callable

from fincoach_tui.domain.memory import Strategy, make_strategy
from fincoach_tui.domain.persona import FINCOACH_SYSTEM_PROMPT
from fincoach_tui.domain.pricing import PriceTable
from fincoach_tui.domain.session_state import SessionState, replay
from fincoach_tui.domain.tokens import OPENAI_CHAT_OVERHEAD, TokenCounter
from fincoach_tui.llm.base import ChatModel, Completion, TextDelta
from fincoach_tui.llm.embeddings import Embedder
from fincoach_tui.llm.offline import OfflineCoach
from fincoach_tui.llm.prices import price_table
from fincoach_tui.llm.providers import PRESETS
from fincoach_tui.service.coach import Coach, ModelChoice

MODEL = "gpt-4o-mini"
START = 1_767_604_800.0  # 2026-01-05 09:20 UTC


def shipped_prices() -> PriceTable:
    """genai-prices' figures at OpenAI, no overrides: gpt-4o-mini at its list price."""
    return price_table({}, base_url=PRESETS["openai"].base_url)


def offline_coach(
    state: SessionState,
    events: list[dict],
    llm: ChatModel,
    counter: TokenCounter,
    strategy: Strategy,
    *,
    clock: Callable[[], float],
    sleep: Callable[[float], Awaitable[None]] | None = None,
    embedder: Embedder | None = None,
) -> Coach:
    """The coach the service and memory tests drive: `llm` priced as gpt-4o-mini at its
    list price, the persona's system prompt, every event appended to `events` as a dict."""
    return Coach(
        state=state,
        sink=lambda event: events.append(event.to_dict()),
        llm=llm,
        choice=ModelChoice("offline", MODEL, OPENAI_CHAT_OVERHEAD, simulated=True),
        counter=counter,
        prices=shipped_prices(),
        system_prompt=FINCOACH_SYSTEM_PROMPT,
        strategy=strategy,
        clock=clock,
        **({} if sleep is None else {"sleep": sleep}),
        embedder=embedder,
    )


class Scripted:
    """The offline coach, except that calls whose system prompt starts with a scripted
    marker get the scripted text (one entry per such call, in order)."""

    provider = "offline"
    simulated = True

    def __init__(self, inner: OfflineCoach) -> None:
        self.inner = inner
        self.answers: dict[str, list[str]] = {}
        self.calls: list[list[dict[str, str]]] = []

    def answer(self, marker: str, *texts: str) -> None:
        self.answers.setdefault(marker, []).extend(texts)

    async def stream(self, messages, *, model, max_tokens=None) -> AsyncIterator:
        self.calls.append([dict(m) for m in messages])
        for marker, texts in self.answers.items():
            if texts and messages[0]["content"].startswith(marker):
                text = texts.pop(0)
                yield TextDelta(text)
                yield Completion(text, self.inner.usage(messages, text))
                return
        async for event in self.inner.stream(messages, model=model, max_tokens=max_tokens):
            yield event


class MemoryHarness:
    def __init__(
        self,
        counter,
        strategy="buffer",
        params=None,
        *,
        embedder=None,
        state=None,
        events=None,
        start=START,
    ):
        self.events: list[dict] = events if events is not None else []
        self.state = state or SessionState()
        self.llm = Scripted(OfflineCoach(counter.count, OPENAI_CHAT_OVERHEAD))
        self.counter = counter
        ticks = itertools.count(start, 60.0)
        self.coach = offline_coach(
            self.state,
            self.events,
            self.llm,
            counter,
            make_strategy(strategy, params),
            clock=lambda: next(ticks),
            embedder=embedder,
        )

    async def turn(self, text: str) -> list:
        return [event async for event in self.coach.turn(text)]

    async def turns(self, texts) -> None:
        for text in texts:
            await self.turn(text)

    @property
    def last_request(self) -> str:
        """Everything the newest chat request carried, as one text."""
        return "\n".join(m.content for m in self.state.chat_records[-1].sent)

    def resumed(self, strategy=None, params=None, embedder=None) -> MemoryHarness:
        """A new coach on the replayed event log, as `fincoach --session NAME` would build."""
        state, problems = replay(list(self.events))
        assert problems == []
        name = strategy or state.strategy.name
        return MemoryHarness(
            self.counter,
            name,
            params if strategy else state.strategy.params,
            embedder=embedder,
            state=state,
            events=self.events,
            start=state.last_ts + 3600,
        )


def filler(count: int, start: int = 1) -> list[str]:
    return [f"Tell me one general budgeting idea, number {n}." for n in range(start, start + count)]


PLANTED = (
    "Hi! I'm Chiru. My monthly take-home salary is ₹1,20,000.",
    "My monthly expenses are about ₹60,000.",
    "I have an FD of ₹50,000 that matures in 3 months.",
)
