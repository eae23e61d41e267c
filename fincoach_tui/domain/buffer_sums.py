"""buffer's walk as running sums: its request at turn t is the one at t-1 plus a turn. Pure.

`buffer` sends every earlier message, so building its request is a pass over the whole
session, every turn, and comparing it with what was really sent another. The ledger
(counterfactual.py) measures buffer's request from sums carried from the turn before and
compares it with the record run by run (compact id runs), so a turn costs its own messages.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from fincoach_tui.domain.context import ContextMessage
from fincoach_tui.domain.conversation import Message
from fincoach_tui.domain.curves import Step
from fincoach_tui.domain.record_refs import SentRefs
from fincoach_tui.domain.records import CallRecord, IdRuns, compact_ids


@dataclass(frozen=True)
class WalkerSums:
    """Content tokens and role counts of history[:count], as buffer's requests measure them.

    Buffer sends every earlier message, so its request at turn t is the one at t-1 plus a
    turn: kept as sums, each turn adds two messages instead of building 2t of them.
    `sizes` is the override the sums were taken under (the projection's), `sized` whether
    any message was counted from it."""

    count: int
    last: Any  # history[count - 1], to tell that a later history extends this one
    content: int
    roles: tuple[tuple[str, int], ...]
    sizes: Any = None
    sized: bool = False
    # history[:runs_count]'s ids as compact runs ("m1..m9998"), extended only when a
    # record is compared with the request (`same_whole`): never for projected turns.
    runs: tuple[str, ...] = ()
    runs_count: int = 0


def buffer_step(
    running: WalkerSums | None,
    history: Sequence[Message],
    new: Message,
    completion: int,
    record: CallRecord | None,
    sizes: Mapping[str, int] | None,
    known: dict[str, int],
    count_context: Callable[[ContextMessage], int],
    system: int,
) -> tuple[Step, WalkerSums | None]:
    """buffer's step without building its request: the system prompt (`system` tokens),
    every message of `history` verbatim and `new`, measured exactly as the ledger measures
    a request built (buffer has no fold, no summary and leaves nothing out). The history's
    sums are carried from the walker's last step (`running`), so a turn costs its own
    messages only; `known` keeps each message's tokens by id. Returns the step and the
    sums to keep."""
    kept = running
    if running is not None and not (
        running.count <= len(history)
        and (running.count == 0 or history[running.count - 1] is running.last)
        and (running.sizes is sizes or not running.sized)
        and (
            not sizes
            or running.sizes is sizes
            or all(history[i].id not in sizes for i in range(running.count))
        )
    ):
        running = None  # another history, or other sizes: summed again from the start
    count, content, sized = (
        (running.count, running.content, running.sized) if running else (0, 0, False)
    )
    roles = dict(running.roles) if running else {}
    for message in history[count:]:
        if sizes and message.id in sizes:
            content += sizes[message.id]
            sized = True
        else:
            tokens = known.get(message.id)
            if tokens is None:
                tokens = known[message.id] = count_context(
                    ContextMessage(message.role, message.content, "verbatim", (message.id,))
                )
            content += tokens
        roles[message.role] = roles.get(message.role, 0) + 1
    runs, runs_count = (running.runs, running.runs_count) if running else ((), 0)
    if record is not None and runs_count < len(history):
        added = compact_ids(m.id for m in history[runs_count:])
        runs, runs_count = tuple(compact_ids(IdRuns((*runs, *added)))), len(history)
    if len(history) > count:
        kept = WalkerSums(
            len(history),
            history[-1],
            content,
            tuple(roles.items()),
            sizes if sized or sizes else None,
            sized,
            runs,
            runs_count,
        )
    elif running is not None and (sizes and running.sizes is not sizes or runs is not running.runs):
        kept = WalkerSums(
            running.count,
            running.last,
            content,
            running.roles,
            sizes if sizes and running.sizes is not sizes else running.sizes,
            sized,
            runs,
            runs_count,
        )
    if sizes and new.id in sizes:
        last = sizes[new.id]
    else:
        cached = known.get(new.id)
        if cached is None:
            cached = known[new.id] = count_context(
                ContextMessage("user", new.content, "new", (new.id,))
            )
        last = cached
    total = system + content + last
    roles["system"] = roles.get("system", 0) + 1
    roles["user"] = roles.get("user", 0) + 1
    shape = tuple(sorted(roles.items()))
    same = record is not None and same_whole(history, new, total, record, runs)
    return Step(new.turn, total, shape, completion, False, record if same else None, None), kept


def same_whole(
    history: Sequence[Message],
    new: Message,
    content: int,
    record: CallRecord,
    runs: tuple[str, ...] = (),
) -> bool:
    """The ledger's same-request test for buffer's request (system, every message of `history`, `new`),
    read from the history rather than from a request built. `runs`: the history's ids as
    compact runs; a record read from the file is then compared run by run, not message by
    message (which made opening a long buffer session quadratic)."""
    sent = record.sent
    if content != record.counted_tokens or len(sent) != len(history) + 2:
        return False
    first, final = sent[0], sent[-1]
    if first.role != "system" or tuple(first.source_ids) != ():
        return False
    if final.role != "user" or tuple(final.source_ids) != (new.id,):
        return False
    parts = sent.reference_runs() if isinstance(sent, SentRefs) and runs else None
    if parts is not None and parts[0] is None and parts[-1] == ("new", (new.id,)):
        middle = parts[1:-1]
        if all(p is not None and p[0] == "verbatim" for p in middle):
            # A reference names a transcript message exactly as the file holds it (role and
            # text: RefTable.encode), so the same ids in the same order are the same messages.
            sent_runs = compact_ids(IdRuns([i for p in middle if p for i in p[1]]))
            return tuple(sent_runs) == runs
    return all(
        s.role == m.role and tuple(s.source_ids) == (m.id,) for s, m in zip(sent[1:-1], history)
    )
