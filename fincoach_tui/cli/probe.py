"""The recall probe: at the late questions of many generated conversations, does each
strategy's request still carry the facts the answer needs, with their current values, and
what does it cost per turn?

Every conversation (domain/probe/conversations.py) is played through the real `Coach`
with the offline model, once per strategy, exactly as a user's session runs: its folds,
extractions and embeddings are the ones the session would make, accounted in its records.
At each late question the exact request sent (the chat record's messages) is judged by a
deterministic matcher (domain/probe/matcher.py), which counts a figure only in the
conversation's own words or under a label of the memory's that can be the fact needed
(domain/probe/filing.py; elsewhere it is misfiled): no model judges anything, and the
same seed gives the same figures on every machine.
"""

from __future__ import annotations

import asyncio
import itertools
from collections.abc import Sequence
from dataclasses import dataclass

from fincoach_tui.domain.memory import STRATEGIES, make_strategy
from fincoach_tui.domain.persona import FINCOACH_SYSTEM_PROMPT
from fincoach_tui.domain.pricing import PriceTable
from fincoach_tui.domain.probe.conversations import (
    DEFAULT_COUNT,
    DEFAULT_SEED,
    Conversation,
    generate,
)
from fincoach_tui.domain.probe.filing import labelled_text
from fincoach_tui.domain.probe.matcher import RequestText, judge
from fincoach_tui.domain.records import CallRecord, SentMessage
from fincoach_tui.domain.session_state import SessionState
from fincoach_tui.domain.tokens import OPENAI_CHAT_OVERHEAD, TokenCounter
from fincoach_tui.llm.offline import OfflineCoach
from fincoach_tui.service.coach import Coach, ModelChoice

MODEL = "gpt-4o-mini"  # what the offline coach's tokens are priced and templated as
MAINTENANCE_KINDS = ("summary", "extract", "embed")  # the maintenance calls' record kinds


@dataclass(frozen=True)
class Answer:
    """What one late question's request carried."""

    turn: int
    needed: tuple[str, ...]  # fact keys
    present: tuple[str, ...]  # needed facts whose current value was sent
    stale: tuple[str, ...]  # needed facts whose earlier value was sent as current
    changed: tuple[str, ...]  # needed facts that had an earlier value
    misfiled: tuple[str, ...] = ()  # needed facts sent only under labels that are not them


@dataclass(frozen=True)
class Run:
    """One conversation played with one strategy."""

    strategy: str
    conversation: int
    prompt_tokens: tuple[int, ...]  # billed per turn (offline: content + the template)
    answers: tuple[Answer, ...]
    maintenance: tuple[tuple[str, int, int], ...]  # (kind, calls, prompt + completion tokens)

    @property
    def needed(self) -> int:
        return sum(len(a.needed) for a in self.answers)

    @property
    def present(self) -> int:
        return sum(len(a.present) for a in self.answers)

    @property
    def share(self) -> float:
        return self.present / self.needed if self.needed else 1.0

    @property
    def stale(self) -> int:
        return sum(len(a.stale) for a in self.answers)

    @property
    def changed(self) -> int:
        return sum(len(a.changed) for a in self.answers)

    @property
    def misfiled(self) -> int:
        return sum(len(a.misfiled) for a in self.answers)

    @property
    def maintenance_tokens(self) -> int:
        return sum(tokens for _, _, tokens in self.maintenance)


@dataclass(frozen=True)
class StrategyResult:
    strategy: str
    runs: tuple[Run, ...]

    @property
    def mean_share(self) -> float:
        return sum(r.share for r in self.runs) / len(self.runs)

    @property
    def worst(self) -> Run:
        return min(self.runs, key=lambda r: (r.share, r.conversation))

    @property
    def stale(self) -> int:
        return sum(r.stale for r in self.runs)

    @property
    def changed(self) -> int:
        return sum(r.changed for r in self.runs)

    @property
    def misfiled(self) -> int:
        return sum(r.misfiled for r in self.runs)

    @property
    def mean_prompt_tokens(self) -> float:
        turns = [t for r in self.runs for t in r.prompt_tokens]
        return sum(turns) / len(turns)

    @property
    def mean_last_prompt_tokens(self) -> float:
        return sum(r.prompt_tokens[-1] for r in self.runs) / len(self.runs)

    def maintenance(self, kind: str) -> tuple[float, float]:
        """(calls, tokens) of one kind of maintenance, per conversation on average."""
        rows = [(c, t) for r in self.runs for k, c, t in r.maintenance if k == kind]
        n = len(self.runs)
        return sum(c for c, _ in rows) / n, sum(t for _, t in rows) / n

    @property
    def mean_maintenance_tokens(self) -> float:
        return sum(r.maintenance_tokens for r in self.runs) / len(self.runs)


def request_text(sent: Sequence[SentMessage]) -> str:
    """What a request tells the model about the user: every message, but the persona."""
    return "\n".join(
        m.content.replace(FINCOACH_SYSTEM_PROMPT, "", 1) if m.role == "system" else m.content
        for m in sent
    )


# Where each kind of system section comes from, for the matcher's labels (filing.py):
# the fact store's and the notes' sections and the summary are the memory's lines, recalled
# passages are the conversation as said with the memory's notes on them.
_SECTION_SOURCES = {"fact": "facts", "summary": "facts", "recalled": "recalled"}


def request_parts(sent: Sequence[SentMessage]) -> list[list[tuple[str, str]]]:
    """`request_text`'s messages, each as its parts by where they come from (filing.SOURCES):
    the user's words, the memory's sections of the system message, the coach's words."""
    messages = []
    for m in sent:
        if m.role != "system":
            messages.append([("user" if m.role == "user" else "coach", m.content)])
            continue
        parts, at = [], 0
        for section in m.sections:
            start = m.content.find(section.text, at) if section.text else -1
            if start < 0:
                continue
            text = section.text
            if section.provenance == "system":
                text = text.replace(FINCOACH_SYSTEM_PROMPT, "", 1)
            parts += [("coach", m.content[at:start]), (_source(section.provenance), text)]
            at = start + len(section.text)
        parts.append(("coach", m.content[at:]))
        whole = m.content.replace(FINCOACH_SYSTEM_PROMPT, "", 1)
        # sections that do not lay the message out (none is known): all of it the memory's
        messages.append(parts if "".join(t for _, t in parts) == whole else [("facts", whole)])
    return messages


def _source(provenance: str) -> str:
    return _SECTION_SOURCES.get(provenance, "coach")


def request_judged(sent: Sequence[SentMessage]) -> RequestText:
    """The request as the matcher reads it: `request_text`, with the memory's labels."""
    text, labels = labelled_text(request_parts(sent))
    return RequestText(text, labels)


async def play(
    conversation: Conversation, strategy: str, counter: TokenCounter, prices: PriceTable
) -> Run:
    """Play `conversation` through a fresh coach on `strategy`; judge its late requests."""
    state = SessionState()
    ticks = itertools.count(conversation.start, 60.0)
    coach = Coach(
        state=state,
        sink=lambda event: None,
        # Counted as the app counts (counter.count), remembered by digest: the offline
        # model re-counts the whole request every call, and the probe makes thousands.
        llm=OfflineCoach(counter.count_derived, OPENAI_CHAT_OVERHEAD),
        choice=ModelChoice("offline", MODEL, OPENAI_CHAT_OVERHEAD, simulated=True),
        counter=counter,
        prices=prices,
        system_prompt=FINCOACH_SYSTEM_PROMPT,
        strategy=make_strategy(strategy),
        clock=lambda: next(ticks),
    )
    tokens, answers = [], []
    for number, turn in enumerate(conversation.turns, start=1):
        async for _ in coach.turn(turn.text):
            pass
        record = state.chat_records[-1]
        tokens.append(record.usage.prompt_tokens)
        if turn.needs:
            text = request_judged(record.sent)
            verdicts = [judge(text, n.key, n.current, n.earlier) for n in turn.needs]
            answers.append(
                Answer(
                    number,
                    tuple(n.key for n in turn.needs),
                    tuple(v.key for v in verdicts if v.present),
                    tuple(v.key for v in verdicts if v.stale),
                    tuple(n.key for n in turn.needs if n.earlier),
                    tuple(v.key for v in verdicts if v.misfiled),
                )
            )
    return Run(strategy, conversation.number, tuple(tokens), tuple(answers), _maintenance(state))


def _maintenance(state: SessionState) -> tuple[tuple[str, int, int], ...]:
    rows = []
    for kind in MAINTENANCE_KINDS:
        records = [r for r in state.records if r.kind == kind]
        if records:
            rows.append((kind, len(records), sum(map(_tokens, records))))
    return tuple(rows)


def _tokens(record: CallRecord) -> int:
    return record.usage.prompt_tokens + record.usage.completion_tokens


def run_probe(
    strategies: Sequence[str] = tuple(STRATEGIES),
    *,
    seed: int = DEFAULT_SEED,
    conversations: int = DEFAULT_COUNT,
    counter: TokenCounter | None = None,
    prices: PriceTable | None = None,
    played: Sequence[Conversation] | None = None,
) -> list[StrategyResult]:
    """Play `conversations` generated from `seed` (or the `played` ones) with each strategy.
    Needs no network: the vocabulary ships offline."""
    if counter is None:
        from fincoach_tui.llm.vocab import load_encoding

        encoding = load_encoding("o200k_base")
        counter = TokenCounter(encoding.encode_ordinary, encoding.name)
    if prices is None:
        from fincoach_tui.service.runtime import price_table
        from fincoach_tui.settings.config import Config

        prices = price_table(Config())
    chats = tuple(played) if played is not None else generate(seed, conversations)
    found_counter, found_prices = counter, prices

    async def all_of_them() -> list[StrategyResult]:
        results = []
        for name in strategies:
            runs = [await play(c, name, found_counter, found_prices) for c in chats]
            results.append(StrategyResult(name, tuple(runs)))
        return results

    return asyncio.run(all_of_them())
