"""A cost comparison's walk as plain data, so that opening a session again walks only the
turns added since instead of every turn of it (each strategy's build over the history as
it stood: quadratic in the session's length). Pure: the store keeps the data beside the
session file and says whether the file is still the one it was taken from.

What is kept per strategy (by its key, name and parameters) is what the walk keeps between
turns (domain/counterfactual.py's Walker): its steps, its summary state and buffer's
running sums. A real call a step matched, a real summary, and the newest message the sums
cover are kept as their positions in the session (records, summaries, transcript), so a
restored walk holds the very objects a walk from scratch would; anything that does not
fit the session it is restored into is dropped, and that strategy walks from scratch.
The facts strategy's notes index (notes_index.py) is kept too, with the walk's memo: it is
what reading every note of the session again would cost on the next opening. Everything
else the walk keeps (recall's index, the fact store as it stood, the counts) is rebuilt from
the session as the walk moves on.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Any

from fincoach_tui.domain.buffer_sums import WalkerSums
from fincoach_tui.domain.counterfactual import (
    CounterfactualLedger,
    FoldStep,
    Step,
    Walker,
    strategy_key,
)
from fincoach_tui.domain.memory.base import Summary
from fincoach_tui.domain.memory.notes_index import NotesIndex
from fincoach_tui.domain.memory.session_memo import SessionMemo
from fincoach_tui.domain.records import compact_ids, expand_ids
from fincoach_tui.domain.session_state import SessionState
from fincoach_tui.domain.upkeep import UpkeepMarks

# 2: each step's extractions and embeddings, and where they reached; 3: steps by column (a
# step's turn is its place), the facts strategy's notes index
FORMAT = 3


def _roles(roles: Sequence[Sequence[Any]]) -> tuple[tuple[str, int], ...]:
    return tuple((str(role), int(count)) for role, count in roles)


def dump_walk(
    ledger: CounterfactualLedger, state: SessionState, memo: SessionMemo | None = None
) -> dict[str, Any]:
    """Every strategy's walk so far, as JSON-ready data, with the notes index of the walk's
    `memo`."""
    records = {id(r): i for i, r in enumerate(state.records)}
    summaries = {id(s): i for i, s in enumerate(state.summaries)}
    walkers = []
    for key, walker in ledger.walkers.items():
        if walker.error:
            continue  # walked again: the error is said again
        walkers.append(
            {
                "key": [key[0], [list(pair) for pair in key[1]]],
                "steps": _steps(walker.steps, records),
                "summary": _summary(walker.summary, summaries),
                "summary_estimated": walker.summary_estimated,
                "sums": _sums(walker.running),
                "marks": [walker.marks.extracted_to, walker.marks.embedded_to],
            }
        )
    notes = {}
    for tail, index in (memo.fact_notes if memo is not None else {}).items():
        kept = index.dump(state.transcript.messages)
        if kept is not None:
            notes[str(tail)] = kept
    return {"format": FORMAT, "walkers": walkers, "notes": notes}


def _steps(steps: Sequence[Step], records: dict[int, int]) -> dict[str, Any]:
    """The steps by column: the numbers of all, then the few that have a real call, a fold,
    extractions or embeddings, or an estimated summary, by their place."""
    shapes: dict[tuple, int] = {}
    out: dict[str, Any] = {
        "content": [s.content_tokens for s in steps],
        "roles": [shapes.setdefault(s.roles, len(shapes)) for s in steps],
        "completion": [s.completion_tokens for s in steps],
        "estimated": [i for i, s in enumerate(steps) if s.estimated],
        "actual": [[i, records[id(s.actual)]] for i, s in enumerate(steps) if s.actual],
        "fold": [[i, _fold(s.fold, records)] for i, s in enumerate(steps) if s.fold],
        "upkeep": [
            [i, [_fold(c, records) for c in s.upkeep]] for i, s in enumerate(steps) if s.upkeep
        ],
    }
    out["shapes"] = [[list(r) for r in shape] for shape in shapes]
    return out


def _fold(fold: FoldStep, records: dict[int, int]) -> list[Any]:
    return [
        fold.content_tokens,
        [list(r) for r in fold.roles],
        fold.completion_tokens,
        records[id(fold.record)] if fold.record is not None else None,
        fold.kind,
    ]


def _fold_step(records: Sequence[Any], kept: Sequence[Any]) -> FoldStep:
    content, roles, completion, record, kind = kept
    return FoldStep(
        int(content), _roles(roles), int(completion), _record(records, record), str(kind)
    )


def _summary(summary: Summary | None, summaries: dict[int, int]) -> Any:
    if summary is None:
        return None
    if id(summary) in summaries:
        return {"real": summaries[id(summary)]}
    return {  # a summary at its cap standing in for one never made (its fields, all)
        "text": summary.text,
        "last_turn": summary.last_turn,
        "covers": compact_ids(summary.covers_ids),
        "tokens": summary.tokens,
        "read_to": summary.read_to,
        "dropped": list(summary.dropped),
        "cut": summary.cut,
        "unchanged": summary.unchanged,
    }


def _sums(sums: WalkerSums | None) -> Any:
    if sums is None or sums.sizes is not None or sums.sized:
        return None  # sums over a projection's turns are never kept
    return [
        sums.count,
        sums.content,
        [list(r) for r in sums.roles],
        list(sums.runs),
        sums.runs_count,
    ]


def restore_walk(
    ledger: CounterfactualLedger,
    state: SessionState,
    data: Any,
    strategies: Iterable[Any],
    memo: SessionMemo | None = None,
) -> list[str]:
    """Put the kept walks of `strategies` into a ledger that has walked nothing yet (and the
    kept notes index into the walk's `memo`); the names of the strategies restored. Data
    that does not fit this session is passed over."""
    if not isinstance(data, dict) or data.get("format") != FORMAT or ledger.walkers:
        return []
    notes = data.get("notes")
    if memo is not None and isinstance(notes, dict):
        for tail, kept in notes.items():
            if str(tail).isdigit() and int(tail) not in memo.fact_notes:
                index = memo.fact_notes[int(tail)] = NotesIndex(memo)
                index.keep(kept)
    wanted = {strategy_key(s): s for s in strategies}
    restored = []
    for kept in data.get("walkers", ()):
        try:
            key = (str(kept["key"][0]), tuple((str(k), v) for k, v in kept["key"][1]))
            strategy = wanted.get(key)
            if strategy is None:
                continue
            walker = _walker(strategy, kept, state)
        except (KeyError, TypeError, ValueError, IndexError):
            continue
        ledger.adopt(walker)
        restored.append(strategy.name)
    return restored


def _walker(strategy: Any, kept: dict[str, Any], state: SessionState) -> Walker:
    records, messages = state.records, state.transcript.messages
    columns = kept["steps"]
    shapes = [_roles(shape) for shape in columns["shapes"]]
    content, completion = columns["content"], columns["completion"]
    if len(completion) != len(content) or len(content) > len(messages) // 2:
        raise ValueError("the steps are not this session's turns")
    estimated = {int(i) for i in columns["estimated"]}
    actual = {int(i): _record(records, r) for i, r in columns["actual"]}
    folds = {int(i): _fold_step(records, f) for i, f in columns["fold"]}
    upkeep = {
        int(i): tuple(_fold_step(records, c) for c in calls) for i, calls in columns["upkeep"]
    }
    steps = [
        Step(i + 1, int(c), shapes[r], int(out), i in estimated, actual.get(i), folds.get(i),
             upkeep.get(i, ()))
        for i, (c, r, out) in enumerate(zip(content, columns["roles"], completion, strict=True))
    ]  # fmt: skip
    summary = kept["summary"]
    if summary is None:
        restored_summary = None
    elif "real" in summary:
        restored_summary = state.summaries[int(summary["real"])]
    else:
        restored_summary = Summary(
            str(summary["text"]),
            int(summary["last_turn"]),
            tuple(expand_ids([str(i) for i in summary["covers"]])),
            int(summary["tokens"]),
            int(summary["read_to"]),
            tuple(str(d) for d in summary["dropped"]),
            str(summary["cut"]),
            bool(summary["unchanged"]),
        )
    sums = None
    if kept["sums"] is not None:
        count, content, roles, runs, runs_count = kept["sums"]
        if not 0 < int(count) <= len(messages) or int(runs_count) > len(messages):
            raise ValueError("the sums cover messages this session does not have")
        sums = WalkerSums(int(count), messages[int(count) - 1], int(content), _roles(roles),
                          runs=tuple(str(r) for r in runs), runs_count=int(runs_count))  # fmt: skip
    extracted_to, embedded_to = kept["marks"]
    marks = UpkeepMarks(int(extracted_to), int(embedded_to))
    return Walker(
        strategy,
        steps,
        restored_summary,
        bool(kept["summary_estimated"]),
        running=sums,
        marks=marks,
    )


def _record(records: Sequence[Any], index: Any) -> Any:
    if index is None:
        return None
    return records[int(index)]
