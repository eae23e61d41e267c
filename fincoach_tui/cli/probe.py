"""The recall probe: does each strategy still send the facts a late question needs, and at
what cost per turn?

A scripted 44-turn conversation plants facts early (salary, expenses, an FD's amount and
maturity, a risk preference), changes one midway (the salary, with "remember ..."), fills
the middle with unrelated questions, and asks about the facts at the end. Every strategy
plays the whole script through the real coach with the offline coach answering, so folds
and extractions are the simulated ones, and the check is deterministic: is each needed
fact's current value in the text of the request sent? No model judges anything.
"""

from __future__ import annotations

import asyncio
import itertools
from collections.abc import Sequence
from dataclasses import dataclass

from fincoach_tui.domain.memory import STRATEGIES, make_strategy
from fincoach_tui.domain.persona import FINCOACH_SYSTEM_PROMPT
from fincoach_tui.domain.pricing import PriceTable
from fincoach_tui.domain.records import CallRecord
from fincoach_tui.domain.session_state import SessionState
from fincoach_tui.domain.tokens import OPENAI_CHAT_OVERHEAD, TokenCounter
from fincoach_tui.llm.offline import OfflineCoach
from fincoach_tui.service.coach import Coach, ModelChoice

START = 1_767_604_800.0  # 2026-01-05 09:20 UTC: the maturity "in 3 months" is April 2026
MODEL = "gpt-4o-mini"

CHANGED_AT = 21  # the turn the salary changes
# key -> [(from turn, the accepted forms of the value true from then on)]; the maturity is
# accepted as said ("3 months") or as the fact store resolves it ("in Apr 2026").
FACTS: dict[str, list[tuple[int, tuple[str, ...]]]] = {
    "salary": [(1, ("₹1,20,000",)), (CHANGED_AT, ("₹1,50,000",))],
    "expenses": [(2, ("₹60,000",))],
    "fd_amount": [(3, ("₹50,000",))],
    "fd_maturity": [(3, ("3 months", "Apr 2026"))],
    "risk": [(4, ("risk-averse",))],
}
ALL = tuple(FACTS)

_FILLER = (
    "What is an index fund, in simple words?",
    "How does a PPF account work?",
    "Is gold a good long-term investment?",
    "What is the difference between ELSS and PPF for tax saving?",
    "How do I read a mutual fund factsheet?",
    "Should I pay off my credit card before investing?",
    "What does expense ratio mean for a fund?",
    "How do term insurance premiums change with age?",
    "What is a good way to track my spending every week?",
    "Are recurring deposits worth it compared with a liquid fund?",
    "How often should I rebalance a portfolio?",
    "What is the new tax regime, briefly?",
    "How much health cover does a single person need in a metro?",
    "What is NPS and who is it for?",
    "Is it wise to lend money to friends?",
    "How do I start a budget spreadsheet?",
)

# (message, the facts its answer needs); "" needs none.
SCRIPT: tuple[tuple[str, tuple[str, ...]], ...] = (
    ("Hi! I'm Chiru. My monthly take-home salary is ₹1,20,000.", ()),
    ("My monthly expenses are about ₹60,000: rent, groceries, transport and utilities.", ()),
    ("I have a fixed deposit of ₹50,000 that matures in 3 months.", ()),
    ("I'm quite risk-averse: I lose sleep when markets fall.", ()),
    *((text, ()) for text in _FILLER),  # turns 5-20
    ("Please remember: I got a raise, my salary is now ₹1,50,000 a month.", ()),  # turn 21
    *((text, ()) for text in _FILLER),  # turns 22-37
    (
        "What is my take-home salary now, and how much of it can I save each month?",
        ("salary", "expenses"),
    ),
    ("When does my fixed deposit mature, and how much is in it?", ("fd_amount", "fd_maturity")),
    (
        "Given how I feel about risk, where should the deposit money go when it matures?",
        ("risk", "fd_amount", "fd_maturity"),
    ),
    ("How big should my emergency fund be, given what I spend each month?", ("expenses",)),
    ("Can I afford a monthly SIP of ₹15,000 on my current pay?", ("salary", "expenses")),
    ("Summarise my whole financial picture for me.", ALL),
    ("Based on everything, what is the single most important thing to do this month?", ALL),
)
PLANTED_BY = 4  # every fact is stated by the end of turn 4 (the salary changes at 21)


@dataclass(frozen=True)
class ProbeTurn:
    turn: int
    prompt_tokens: int  # billed (offline: content + gpt-4o-mini's template)
    present: tuple[str, ...]  # planted facts whose current value the request carries
    stale: tuple[str, ...]  # facts for which only an outdated value was sent
    needed: tuple[str, ...]


@dataclass(frozen=True)
class ProbeResult:
    strategy: str
    turns: tuple[ProbeTurn, ...]
    maintenance_tokens: int  # prompt + completion of summary folds and extractions

    @property
    def questions(self) -> list[ProbeTurn]:
        return [t for t in self.turns if t.needed]

    @property
    def needed_present(self) -> tuple[int, int]:
        hits = sum(len(set(t.needed) & set(t.present)) for t in self.questions)
        return hits, sum(len(t.needed) for t in self.questions)

    @property
    def stale_sent(self) -> int:
        return sum(len(set(t.needed) & set(t.stale)) for t in self.questions)

    @property
    def chat_tokens(self) -> int:
        return sum(t.prompt_tokens for t in self.turns)


def check(request_text: str, turn: int) -> tuple[tuple[str, ...], tuple[str, ...]]:
    """(present, stale): the planted facts whose value as of `turn` the request carries,
    and those it carries only in an outdated form."""
    present, stale = [], []
    for key, history in FACTS.items():
        said = [forms for since, forms in history if since <= turn]
        if not said:
            continue
        if any(form in request_text for form in said[-1]):
            present.append(key)
        elif any(form in request_text for forms in said[:-1] for form in forms):
            stale.append(key)
    return tuple(present), tuple(stale)


async def play(strategy: str, counter: TokenCounter, prices: PriceTable) -> ProbeResult:
    state = SessionState()
    ticks = itertools.count(START, 60.0)
    coach = Coach(
        state=state,
        sink=lambda event: None,
        llm=OfflineCoach(counter.count, OPENAI_CHAT_OVERHEAD),
        choice=ModelChoice("offline", MODEL, OPENAI_CHAT_OVERHEAD, simulated=True),
        counter=counter,
        prices=prices,
        system_prompt=FINCOACH_SYSTEM_PROMPT,
        strategy=make_strategy(strategy),
        clock=lambda: next(ticks),
    )
    turns = []
    for number, (text, needed) in enumerate(SCRIPT, start=1):
        async for _ in coach.turn(text):
            pass
        record = state.chat_records[-1]
        present, stale = check("\n".join(m.content for m in record.sent), number)
        turns.append(ProbeTurn(number, record.usage.prompt_tokens, present, stale, needed))
    maintenance = sum(_tokens(r) for r in state.records if r.kind != "chat")
    return ProbeResult(strategy, tuple(turns), maintenance)


def _tokens(record: CallRecord) -> int:
    return record.usage.prompt_tokens + record.usage.completion_tokens


def run_probe(
    strategies: Sequence[str] = tuple(STRATEGIES),
    counter: TokenCounter | None = None,
    prices: PriceTable | None = None,
) -> list[ProbeResult]:
    """Play the script once per strategy. Needs no network: the vocabulary ships offline."""
    if counter is None:
        from fincoach_tui.llm.vocab import load_encoding

        encoding = load_encoding("o200k_base")
        counter = TokenCounter(encoding.encode_ordinary, encoding.name)
    if prices is None:
        from fincoach_tui.service.runtime import price_table
        from fincoach_tui.settings.config import Config

        prices = price_table(Config())

    async def all_of_them() -> list[ProbeResult]:
        return [await play(name, counter, prices) for name in strategies]

    return asyncio.run(all_of_them())


def summary_table(results: Sequence[ProbeResult]) -> str:
    """Markdown: the late questions' facts, and what each strategy paid per turn for them."""
    lines = [
        "| strategy | needed facts sent (turns 38-44) | outdated only | prompt tokens, turn 10 / 25 / 44 "
        "| mean per turn | maintenance tokens | total input + maintenance |",
        "|---|---|---|---|---|---|---|",
    ]
    for r in results:
        hits, needed = r.needed_present
        at = {t.turn: t.prompt_tokens for t in r.turns}
        mean = r.chat_tokens / len(r.turns)
        lines.append(
            f"| `{r.strategy}` | {hits}/{needed} | {r.stale_sent} | {at[10]:,} / {at[25]:,} / {at[44]:,} "
            f"| {mean:,.0f} | {r.maintenance_tokens:,} | {r.chat_tokens + r.maintenance_tokens:,} |"
        )
    return "\n".join(lines)


def per_turn_table(results: Sequence[ProbeResult], every: int = 4) -> str:
    """Markdown: planted facts present (of 5) and prompt tokens, every few turns."""
    names = [r.strategy for r in results]
    lines = ["| turn | " + " | ".join(names) + " |", "|---" * (len(names) + 1) + "|"]
    picked = sorted({*range(every, len(SCRIPT) + 1, every), len(SCRIPT)})
    for turn in picked:
        cells = []
        for r in results:
            t = r.turns[turn - 1]
            cells.append(f"{len(t.present)}/{len(FACTS)} · {t.prompt_tokens:,}")
        lines.append(f"| {turn} | " + " | ".join(cells) + " |")
    return "\n".join(lines)


def report(results: Sequence[ProbeResult]) -> str:
    return "\n\n".join(
        [
            f"Recall probe: {len(SCRIPT)} turns, offline coach (simulated), priced as {MODEL}.",
            summary_table(results),
            "Planted facts present in the request (of 5) · prompt tokens, by turn:",
            per_turn_table(results),
        ]
    )
