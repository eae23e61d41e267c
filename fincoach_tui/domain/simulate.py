"""The notebook's no-model growth table (seed 001), for every strategy side by side. Pure.

Each user message is counted with the real tokenizer; every reply is assumed to be
`reply_tokens` long. As in the notebook, prompt sizes are content tokens (system prompt +
the history a strategy keeps + the new message) without the provider's chat template.
Summary-based strategies have no real summary here: once a fold is due, the summary is
assumed to be at its cap, which is the honest upper bound. Other memory sections (hybrid's
recalled passages) are counted as built; there is no model here, so `facts` has no
extracted facts and sends its tail only: `benchmarks/recall_probe.py` measures both with
the offline coach's simulated extraction.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass

from fincoach_tui.domain.conversation import Transcript
from fincoach_tui.domain.memory import Folds, MemoryView, Strategy, Summary


@dataclass(frozen=True)
class SimRow:
    turn: int
    message_tokens: int
    history_tokens: int  # content of the earlier messages this strategy sent
    prompt_tokens: int
    sent_so_far: int


@dataclass(frozen=True)
class SimResult:
    strategy: str
    rows: tuple[SimRow, ...]

    @property
    def growth_factor(self) -> float:
        return self.rows[-1].prompt_tokens / self.rows[0].prompt_tokens


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
    rows = []
    sent_so_far = 0
    for turn, text in enumerate(user_messages, start=1):
        new = transcript.add("user", text, ts=0.0)
        sizes[new.id] = count_text(text)
        history = transcript.messages[:-1]
        if isinstance(strategy, Folds):  # summary, hybrid
            plan = strategy.fold_plan(history, summary)
            if plan:
                summary = Summary("", plan.last_turn, plan.message_ids, plan.cap_tokens)
        view = MemoryView("", history, new, lambda m: sizes[m.id], summary, count_text=count_text)
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
        rows.append(SimRow(turn, sizes[new.id], history_tokens, prompt, sent_so_far))
        reply = transcript.add("assistant", f"(reply {turn})", ts=0.0)
        sizes[reply.id] = reply_tokens
    return SimResult(strategy.name, tuple(rows))


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
    """Per-turn prompt tokens of every strategy, then totals and growth factors."""
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
    lines.append(f"{'sum':>4} | {totals}")
    lines.append(f"{'grow':>4} | {growth}")
    return "\n".join(lines)
