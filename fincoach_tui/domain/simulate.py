"""The notebook's no-model growth table (seed 001), for every strategy side by side. Pure.

Each user message is counted with the real tokenizer; everything a model would write is
assumed (`ASSUMPTIONS` says what, and `fincoach simulate` prints it). As in the notebook,
prompt sizes are content tokens (system prompt + what a strategy sends + the new message)
without the provider's chat template. Memory sections are counted as the strategies build
them: the summary assumed at its cap (no larger than the turns it replaces), hybrid's
recalled passages chosen by BM25 over the real messages, the facts section from assumed
facts. Maintenance calls (summary folds, fact extraction) are counted apart, per turn, as
their request plus their assumed answer: `facts` is not free.
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass

from fincoach_tui.domain.conversation import Message, Transcript
from fincoach_tui.domain.covered_ids import extended
from fincoach_tui.domain.fact_extraction import MAX_EXTRACTIONS_PER_TURN, ExtractPlan
from fincoach_tui.domain.fact_store import Fact, FactStore
from fincoach_tui.domain.memory import (
    ExtractsFacts,
    Folds,
    MemoryView,
    SessionMemo,
    Strategy,
    Summary,
)

FACT_WORDS = 12  # an assumed fact: the first words of the user message it was read from


def assumptions(reply_tokens: int) -> list[str]:
    """What the table assumes, one line each, for the reader."""
    return [
        f"Assumed: every reply is {reply_tokens} tokens.",
        "Assumed: a fold's summary is at its cap (the smaller of the strategy's cap and the "
        "tokens of the summary and turns it replaces); the fold call is its request plus "
        "that summary.",
        "Recall (hybrid): passages chosen by BM25 over these messages, as the strategy builds "
        "them; within what the turns they stand in for would cost.",
        f"Assumed (facts): every user message an extraction reads yields one fact, its first "
        f"{FACT_WORDS} words; the extraction call is its request plus those facts as JSON.",
    ]


@dataclass(frozen=True)
class SimRow:
    turn: int
    message_tokens: int
    history_tokens: int  # content of the earlier messages and memory sections this strategy sent
    prompt_tokens: int
    sent_so_far: int
    maintenance_tokens: int = 0  # maintenance calls before this turn's request: in + out


@dataclass(frozen=True)
class SimResult:
    strategy: str
    rows: tuple[SimRow, ...]

    @property
    def growth_factor(self) -> float:
        return self.rows[-1].prompt_tokens / self.rows[0].prompt_tokens

    @property
    def maintenance_tokens(self) -> int:
        return sum(r.maintenance_tokens for r in self.rows)


def simulate(
    strategy: Strategy,
    user_messages: Sequence[str],
    *,
    system_tokens: int,
    count_text: Callable[[str], int],
    reply_tokens: int = 80,
) -> SimResult:
    transcript = Transcript()
    sizes: dict[str, int] = {}
    summary: Summary | None = None
    store = FactStore()
    rows = []
    sent_so_far = 0
    memo = SessionMemo()  # one simulated session: its growing history is read once
    fold_plan = strategy.fold_plan if isinstance(strategy, Folds) else None  # summary, hybrid
    extract_plan = strategy.extract_plan if isinstance(strategy, ExtractsFacts) else None
    for turn, text in enumerate(user_messages, start=1):
        new = transcript.add("user", text, ts=0.0)
        sizes[new.id] = count_text(text)
        history = transcript.messages[:-1]
        maintenance = 0
        plan = fold_plan(history, summary, memo) if fold_plan is not None else None
        if plan is not None:
            plan = plan.bounded(lambda m: sizes[m.id])
            covered = extended(summary.covers_ids if summary else (), plan.message_ids)
            request = sum(count_text(m["content"]) for m in plan.request())
            maintenance += request + (summary.tokens if summary else 0) + plan.cap_tokens
            summary = Summary("", plan.last_turn, covered, plan.cap_tokens)
        for _ in range(MAX_EXTRACTIONS_PER_TURN):
            extraction = extract_plan(history, new, store) if extract_plan else None
            if extraction is None:
                break
            maintenance += _extract(extraction, store, turn, count_text)
        view = MemoryView(
            "",
            history,
            new,
            lambda m: sizes[m.id],
            summary,
            facts=store,
            count_text=count_text,
            memo=memo,
        )
        context = strategy.build(view)
        sections = context.messages[0].sections[1:]
        summary_tokens = (
            summary.tokens if summary and any(s.provenance == "summary" for s in sections) else 0
        )
        summary_tokens += sum(count_text(s.text) for s in sections if s.provenance != "summary")
        history_tokens = summary_tokens + sum(
            sizes[i] for m in context.messages[1:-1] for i in m.source_ids
        )
        prompt = system_tokens + history_tokens + sizes[new.id]
        sent_so_far += prompt
        rows.append(SimRow(turn, sizes[new.id], history_tokens, prompt, sent_so_far, maintenance))
        reply = transcript.add("assistant", f"(reply {turn})", ts=0.0)
        sizes[reply.id] = reply_tokens
    return SimResult(strategy.name, tuple(rows))


def _extract(
    plan: ExtractPlan, store: FactStore, turn: int, count_text: Callable[[str], int]
) -> int:
    """Apply the assumed answer to `plan` to `store`; the call's tokens, in + out."""
    facts = [
        _assumed_fact(f"f{store.next_number() + n}", m)
        for n, m in enumerate(m for m in plan.messages if m.role == "user")
    ]
    answer = json.dumps(
        {
            "facts": [
                {"key": f.key, "value": f.value, "source_ids": list(f.source_ids)} for f in facts
            ]
        },
        ensure_ascii=False,
    )
    store.extraction(turn, plan.message_ids, facts)
    return sum(count_text(m["content"]) for m in plan.request()) + count_text(answer)


def _assumed_fact(fact_id: str, message: Message) -> Fact:
    words = message.content.split()[:FACT_WORDS]
    first = re.match(r"[a-z0-9]+", words[0].casefold()) if words else None
    key = first.group(0) if first else "said"
    return Fact(fact_id, key, " ".join(words) or "-", (message.id,), message.ts, message.turn)


def notebook_table(result: SimResult, system_tokens: int) -> str:
    """The notebook's own table layout, for the buffer run."""
    lines = [
        f"System prompt: {system_tokens} tokens on every call",
        "",
        f"{'Turn':>4} | {'Msg tokens':>10} | {'Conv history':>12} | {'Prompt to API':>13} | {'Sent so far':>11}",
    ]
    for row in result.rows:
        history = row.prompt_tokens - system_tokens
        lines.append(
            f"{row.turn:>4} | {row.message_tokens:>10} | {history:>12} | "
            f"{row.prompt_tokens:>13} | {row.sent_so_far:>11,}"
        )
    lines.append("")
    lines.append(f"Growth factor, turn {len(result.rows)} over turn 1: {result.growth_factor:.2f}x")
    return "\n".join(lines)


def side_by_side(results: Mapping[str, SimResult]) -> str:
    """Per-turn prompt tokens of every strategy, then totals, growth factors, the
    maintenance calls (folds, extraction) and everything together."""
    names = list(results)
    width = max(9, *(len(n) for n in names))
    header = f"{'Turn':>4} | " + " | ".join(f"{n:>{width}}" for n in names)
    lines = ["Prompt tokens per turn (content only)", "", header, "-" * len(header)]
    turns = len(next(iter(results.values())).rows)
    for index in range(turns):
        cells = " | ".join(f"{results[n].rows[index].prompt_tokens:>{width},}" for n in names)
        lines.append(f"{index + 1:>4} | {cells}")
    lines.append("-" * len(header))
    totals = " | ".join(f"{results[n].rows[-1].sent_so_far:>{width},}" for n in names)
    growth = " | ".join(f"{results[n].growth_factor:>{width - 1}.2f}x" for n in names)
    maintenance = " | ".join(f"{results[n].maintenance_tokens:>{width},}" for n in names)
    everything = " | ".join(
        f"{results[n].rows[-1].sent_so_far + results[n].maintenance_tokens:>{width},}"
        for n in names
    )
    lines.append(f"{'sum':>4} | {totals}")
    lines.append(f"{'grow':>4} | {growth}")
    lines.append(f"{'mnt':>4} | {maintenance}")
    lines.append(f"{'all':>4} | {everything}")
    lines.append("")
    lines.append(
        "sum: requests · mnt: maintenance calls (summary folds, fact extraction), in + out"
    )
    return "\n".join(lines)
