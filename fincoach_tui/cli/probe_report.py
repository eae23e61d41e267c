"""The recall probe's results as Markdown tables, as JSON, and the example's walk-through."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from fincoach_tui.cli.probe import MODEL, StrategyResult
from fincoach_tui.cli.probe_corpus import Corpus
from fincoach_tui.domain.probe.conversations import Conversation
from fincoach_tui.domain.probe.corpus import kind_of_key
from fincoach_tui.domain.probe.kinds import KINDS, kind_of

_MAINTENANCE_NAMES = {"summary": "folds", "extract": "extractions", "embed": "embeddings"}


def _percent(share: float) -> str:
    return f"{100 * share:.0f}%"


def summary_table(results: Sequence[StrategyResult]) -> str:
    """Markdown: facts the late questions needed, stale values, values filed under another
    fact's label, tokens, maintenance."""
    lines = [
        "| strategy | needed facts sent with their current value: mean | worst conversation "
        "| changed facts sent only as their old value "
        "| needed facts sent only under another fact's label | prompt tokens per turn: mean "
        "| at the last turn | maintenance tokens per conversation "
        "| maintenance calls per conversation: folds / extractions / embeddings |",
        "|---|---|---|---|---|---|---|---|---|",
    ]
    for r in results:
        worst = r.worst
        calls = " / ".join(f"{r.maintenance(kind)[0]:.1f}" for kind in _MAINTENANCE_NAMES)
        stale = f"{r.stale} of {r.changed}" + (
            f" ({_percent(r.stale / r.changed)})" if r.changed else ""
        )
        lines.append(
            f"| `{r.strategy}` | {_percent(r.mean_share)} | {_percent(worst.share)} "
            f"(#{worst.conversation}: {worst.present}/{worst.needed}) | {stale} | {r.misfiled} "
            f"| {r.mean_prompt_tokens:,.0f} | {r.mean_last_prompt_tokens:,.0f} "
            f"| {r.mean_maintenance_tokens:,.0f} | {calls} |"
        )
    return "\n".join(lines)


def by_kind(
    result: StrategyResult, classify: Callable[[str], str] = kind_of
) -> dict[str, tuple[int, int, int]]:
    """kind -> (needed facts sent with their current value, needed facts, needed facts sent
    only under another fact's label), over all runs; `classify` says which kind a fact key
    is (generated keys by default)."""
    counts: dict[str, list[int]] = {}
    for run in result.runs:
        for answer in run.answers:
            for key in answer.needed:
                row = counts.setdefault(classify(key), [0, 0, 0])
                row[0] += key in answer.present
                row[1] += 1
                row[2] += key in answer.misfiled
    order = {kind: n for n, kind in enumerate(KINDS)}
    return {
        k: (v[0], v[1], v[2])
        for k, v in sorted(counts.items(), key=lambda kv: order.get(kv[0], 99))
    }


def kind_table(results: Sequence[StrategyResult], classify: Callable[[str], str] = kind_of) -> str:
    """Markdown: share of needed facts sent with their current value, by kind of fact, and
    how many were sent only under another fact's label where any were."""
    tallies = [by_kind(r, classify) for r in results]
    kinds = list(dict.fromkeys(k for t in tallies for k in t))
    lines = [
        "| kind | " + " | ".join(f"`{r.strategy}`" for r in results) + " |",
        "|---" * (len(results) + 1) + "|",
    ]
    for kind in kinds:
        cells = [_kind_cell(t[kind]) if kind in t and t[kind][1] else "-" for t in tallies]
        lines.append(f"| {kind.replace('_', ' ')} | " + " | ".join(cells) + " |")
    return "\n".join(lines)


def _kind_cell(tally: tuple[int, int, int]) -> str:
    present, needed, misfiled = tally
    return _percent(present / needed) + (f" ({misfiled} misfiled)" if misfiled else "")


def report(results: Sequence[StrategyResult], seed: int) -> str:
    runs = results[0].runs if results else ()
    return "\n\n".join(
        [
            f"Recall probe: {len(runs)} generated conversations (seed {seed}), offline coach "
            f"(simulated), priced as {MODEL}.",
            summary_table(results),
            "Needed facts sent with their current value, by kind:",
            kind_table(results),
        ]
    )


def corpus_report(results: Sequence[StrategyResult], corpus: Corpus) -> str:
    """The same tables for conversations read from a corpus, then which is which."""
    legend = "\n".join(
        f"- #{c.number}: {c.title or '(untitled)'} ({name}, {len(c.turns)} turns, "
        f"{len(c.questions)} question{'s' if len(c.questions) != 1 else ''})"
        for c, name in zip(corpus.conversations, corpus.files)
    )
    return "\n\n".join(
        [
            f"Recall probe: {len(corpus.conversations)} written conversation(s) from "
            f"{corpus.source}, offline coach (simulated), priced as {MODEL}.",
            summary_table(results),
            "Needed facts sent with their current value, by kind:",
            kind_table(results, kind_of_key),
            "Conversations:\n" + legend,
        ]
    )


def as_json(results: Sequence[StrategyResult], seed: int) -> dict[str, Any]:
    runs = results[0].runs if results else ()
    return {
        "seed": seed,
        "conversations": len(runs),
        "model": MODEL,
        "strategies": [_strategy_json(r) for r in results],
    }


def corpus_json(results: Sequence[StrategyResult], corpus: Corpus) -> dict[str, Any]:
    return {
        "corpus": corpus.source,
        "conversations": len(corpus.conversations),
        "files": list(corpus.files),
        "titles": [c.title for c in corpus.conversations],
        "model": MODEL,
        "strategies": [_strategy_json(r, kind_of_key) for r in results],
    }


def _strategy_json(r: StrategyResult, classify: Callable[[str], str] = kind_of) -> dict[str, Any]:
    maintenance = {}
    for kind in _MAINTENANCE_NAMES:
        calls, tokens = r.maintenance(kind)
        maintenance[kind] = {"calls_per_conversation": calls, "tokens_per_conversation": tokens}
    return {
        "strategy": r.strategy,
        "needed_present_mean": r.mean_share,
        "needed_present_worst": r.worst.share,
        "worst_conversation": r.worst.conversation,
        "stale_sent_as_current": r.stale,
        "changed_facts_needed": r.changed,
        "misfiled_under_another_label": r.misfiled,
        "prompt_tokens_per_turn_mean": r.mean_prompt_tokens,
        "prompt_tokens_last_turn_mean": r.mean_last_prompt_tokens,
        "maintenance_tokens_per_conversation": r.mean_maintenance_tokens,
        "maintenance": maintenance,
        "by_kind": {
            k: {"present": p, "needed": n, "misfiled": m}
            for k, (p, n, m) in by_kind(r, classify).items()
        },
        "conversations": [
            {
                "conversation": run.conversation,
                "present": run.present,
                "needed": run.needed,
                "stale": run.stale,
                "misfiled": run.misfiled,
                "prompt_tokens_last_turn": run.prompt_tokens[-1],
                "maintenance_tokens": run.maintenance_tokens,
            }
            for run in r.runs
        ],
    }


def example_report(conversation: Conversation, results: Sequence[StrategyResult]) -> str:
    """The example conversation turn by turn, then what each strategy sent at its questions."""
    lines = ["The example conversation (a readable walk-through, not the score):", ""]
    for number, turn in enumerate(conversation.turns, start=1):
        mark = ""
        if turn.states:
            mark = f"   [states {', '.join(turn.states)}]"
        elif turn.needs:
            wanted = ", ".join(f"{n.key} = {n.current.describe()}" for n in turn.needs)
            mark = f"   [needs {wanted}]"
        lines.append(f"{number:>3}. {turn.text}{mark}")
    head = "| turn | " + " | ".join(f"`{r.strategy}`" for r in results) + " |"
    lines += ["", "Needed facts sent with their current value (stale: old value only):", ""]
    lines += [head, "|---" * (len(results) + 1) + "|"]
    for index, (number, _) in enumerate(conversation.questions):
        cells = []
        for r in results:
            answer = r.runs[0].answers[index]
            cell = f"{len(answer.present)}/{len(answer.needed)}"
            if answer.stale:
                cell += f", stale: {', '.join(answer.stale)}"
            if answer.misfiled:
                cell += f", misfiled: {', '.join(answer.misfiled)}"
            cells.append(cell)
        lines.append(f"| {number} | " + " | ".join(cells) + " |")
    return "\n".join(lines)
