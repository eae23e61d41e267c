"""The context ledger of a request on screen: its parts counted with the session's own
counter (the UI never counts a token itself) and priced at the model's input rate.

The request in flight carries its parts' tokens, summed as the coach measured it
(domain.ledger.MeasuredSent): its ledger reads those, whatever the request's length.
A record of the session file (and every live turn's, once recorded) holds its transcript
messages as runs of references (SentRefs): a buffer record at turn 5,000 names 10,000 of
them in one run. Built one by one to be counted, they cost the turn ~30 ms there. A run
with no counts of its own is counted at each message's first recorded count, a fixed
number per message of the session: so its total is kept, by the run's first id, and the
next record's run, the same ids and a few more, costs only those few."""

from __future__ import annotations

import weakref
from collections.abc import Sequence
from itertools import islice
from typing import TYPE_CHECKING, Any

from fincoach_tui.domain.ledger import (
    Ledger,
    MeasuredSent,
    add_message,
    bucket,
    empty_parts,
    part_tokens,
    priced_ledger,
)
from fincoach_tui.domain.records import SentMessage, run_length

if TYPE_CHECKING:
    from collections.abc import Callable

    from fincoach_tui.service.coach import Coach

BY_INDEX = 64  # a run up to this long is read message by message, by index
Run = tuple[tuple[str, ...], int, int]  # compact ids, how many messages, their tokens


def _first(item: str) -> str:
    return item.partition("..")[0]


def extends(old: Sequence[str], new: Sequence[str]) -> bool:
    """True when the ids `old` names (compact items) begin the ids `new` names."""
    last = len(old) - 1
    if last < 0 or len(new) <= last or tuple(new[:last]) != tuple(old[:last]):
        return False
    return new[last] == old[last] or (
        _first(new[last]) == _first(old[last]) and run_length(new[last]) >= run_length(old[last])
    )


class RunTotals:
    """The tokens of the reference runs of the last request counted, by (provenance, first
    id): what the next one's runs begin with. One session's (counts are its own)."""

    def __init__(self) -> None:
        self.kept: dict[tuple[str, str], Run] = {}

    def parts(
        self, sent: Sequence[SentMessage], count_text: Callable[[str], int]
    ) -> dict[str, int]:
        """Each part's tokens, as domain.ledger.part_tokens counts them."""
        if isinstance(sent, MeasuredSent):  # counted when the request was measured
            return dict(sent.parts)
        file_items = getattr(sent, "file_items", None)
        if file_items is None:  # messages built by hand: every one is read
            return part_tokens(sent, count_text)
        tokens, kept, at = empty_parts(), {}, 0
        for item in file_items():
            if "ids" not in item:  # one message held as text (the system message...)
                add_message(tokens, sent[at], count_text)
                at += 1
                continue
            ids = tuple(item["ids"])
            length = sum(map(run_length, ids))
            if "tokens" in item:  # counted with the record: its own counts
                total = sum(map(int, item["tokens"]))
            else:
                key = (str(item["provenance"]), _first(ids[0]))
                total = self._total(sent, at, key, ids, length)
                kept[key] = (ids, length, total)
            tokens[bucket(str(item["provenance"]))] += total
            at += length
        self.kept = kept
        return tokens

    def _total(
        self,
        sent: Sequence[SentMessage],
        at: int,
        key: tuple[str, str],
        ids: tuple[str, ...],
        length: int,
    ) -> int:
        known = self.kept.get(key)
        if known is not None and extends(known[0], ids) and known[1] <= length:
            # Only the messages after the ones counted before: by index, each built alone.
            return known[2] + sum(sent[at + i].tokens for i in range(known[1], length))
        if length <= BY_INDEX:  # the question, a reply: each built alone
            return sum(sent[at + i].tokens for i in range(length))
        # A long run read for the first time: walked (what comes before it, the system
        # message, is built too), which is faster than finding each message by index.
        messages: Any = islice(iter(sent), at, at + length)
        return sum(m.tokens for m in messages)


_totals: weakref.WeakKeyDictionary[Any, RunTotals] = weakref.WeakKeyDictionary()


def ledger_for(
    coach: Coach,
    sent: Sequence[SentMessage],
    prompt_tokens: int,
    *,
    model: str | None = None,
    estimated: bool = False,
    context_window: int | None = None,
) -> Ledger:
    totals = _totals.get(coach)
    if totals is None:  # by coach: a session's (another's messages have other counts)
        totals = _totals[coach] = RunTotals()
    return priced_ledger(
        totals.parts(sent, coach.count_text),
        prompt_tokens=prompt_tokens,
        price=coach.prices.get(model or coach.choice.model),
        context_window=context_window,
        estimated=estimated,
    )
