"""The context ledger of a recorded request counts its reference runs by what the last
request's began with: a buffer turn builds the messages it added, not the 10,000 before
them, and every part's tokens are those of every message read (the old computation)."""

from __future__ import annotations

from fincoach_tui.domain.ledger import context_ledger, part_tokens, priced_ledger
from fincoach_tui.domain.message_ids import compact_ids
from fincoach_tui.domain.record_refs import RefTable
from fincoach_tui.domain.records import SentMessage
from fincoach_tui.domain.sections import Section
from fincoach_tui.service.ledger import RunTotals, extends

SYSTEM = SentMessage(
    "system",
    "You are a coach.\n\nSummary\nthey save 10%",
    "system",
    9,
    sections=(Section("system", "System prompt", "You are a coach."),
              Section("summary", "Summary", "they save 10%")),
).to_dict()  # fmt: skip


def words(text: str) -> int:
    return len(text.split())


class CountingTable(RefTable):
    """The session's table, noting every referenced message it builds."""

    def __init__(self, messages: int) -> None:
        super().__init__()
        self.built: list[str] = []
        for n in range(1, messages + 1):
            self.add(f"m{n}", "user" if n % 2 else "assistant", f"message {n}")
            self.tokens[f"m{n}"] = n % 7 + 3

    def referenced(self, provenance: str, message_id: str, count: int | None) -> SentMessage:
        self.built.append(message_id)
        return super().referenced(provenance, message_id, count)


def buffer_items(turn: int, first: int = 1) -> list[dict]:
    """Turn `turn`'s request: the system message, messages `first`.. before the question
    by reference, the question."""
    items: list[dict] = [SYSTEM]
    if 2 * turn - 2 >= first:
        ids = [f"m{n}" for n in range(first, 2 * turn - 1)]
        items.append({"ids": compact_ids(ids), "provenance": "verbatim"})
    items.append({"ids": [f"m{2 * turn - 1}"], "provenance": "new"})
    return items


def test_each_requests_parts_are_those_of_every_message_read():
    table, totals = CountingTable(200), RunTotals()
    requests = [buffer_items(t) for t in range(1, 40)]
    requests += [buffer_items(t, first=2 * t - 20) for t in range(40, 60)]  # a window
    requests += [buffer_items(t) for t in range(60, 70)]  # buffer again: counted anew
    counts = buffer_items(70)
    counts[1] = {**counts[1], "tokens": [4] * 138}  # a run counted with its record
    requests += [counts, buffer_items(71), [SYSTEM]]
    for items in requests:
        sent = table.decode(items)
        assert totals.parts(sent, words) == part_tokens(tuple(sent), words)
        kept = priced_ledger(
            totals.parts(sent, words), prompt_tokens=900, price=None, context_window=None
        )
        assert kept == context_ledger(
            tuple(sent), words, prompt_tokens=900, price=None, context_window=None
        )


def test_a_buffer_turn_builds_only_the_messages_it_added():
    table, totals = CountingTable(2001), RunTotals()
    totals.parts(table.decode(buffer_items(1000)), words)
    table.built.clear()
    sent = table.decode(buffer_items(1001))  # 2,000 messages by reference, then the question
    parts = totals.parts(sent, words)
    assert table.built == ["m1999", "m2000", "m2001"]
    assert parts == part_tokens(tuple(sent), words)
    assert parts["verbatim"] == sum(n % 7 + 3 for n in range(1, 2001))


def test_runs_extend_when_the_ids_before_begin_the_ids_after():
    assert extends(["m1..m10"], ["m1..m12"]) and extends(["m1"], ["m1..m3"])
    assert extends(["m1..m4", "m9"], ["m1..m4", "m9..m11", "m20"])
    assert not extends(["m1..m10"], ["m2..m12"]) and not extends(["m1..m10"], ["m1..m9"])
    assert not extends(["m1..m4", "m9"], ["m1..m5", "m9"]) and not extends([], ["m1"])
