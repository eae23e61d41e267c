"""What hybrid sends besides the verbatim turns: the summary marked where a newer value
replaced one of its own, recalled passages labelled with when they were said and what has
replaced them since, and the user's own statements from the turns it does not send.

Precedence: a current fact beats the summary and a recalled passage; the summary beats a
recalled passage older than the turns it covers (`precedence`). Each outdated value is
marked where it is sent, so the model is told which one holds.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from fincoach_tui.domain.context import Conflict, RecallHit, Section
from fincoach_tui.domain.conversation import Message
from fincoach_tui.domain.fact_relevance import GROWTH_LIMIT
from fincoach_tui.domain.fact_store import Fact, FactStore, conflicts_in
from fincoach_tui.domain.finance_facts import find_facts, label_of
from fincoach_tui.domain.memory.base import MemoryView, Summary
from fincoach_tui.domain.memory.facts import word_count
from fincoach_tui.domain.memory.notes import NOTES_TOKENS, edited_keys, reference_notes
from fincoach_tui.domain.memory.session_memo import SessionMemo
from fincoach_tui.domain.memory.summary import cap_text
from fincoach_tui.domain.relative_dates import day_label

RECALL_LABEL = "Recalled earlier turns (verbatim, as said then; may be outdated)"


@dataclass(frozen=True)
class Passage:
    hit: RecallHit
    text: str
    conflicts: tuple[Conflict, ...]


SUMMARY_ID = "summary"  # the `fact_id` of a conflict the summary's newer value wins
# The most the user's statements (see `notes`) cost: the same bound as the `facts` strategy's.
NOTES_CEILING = GROWTH_LIMIT * NOTES_TOKENS


class NewestValues(FactStore):
    """A store as the notes judge the user's statements against it: its current facts with
    the summary's newer values among them (see `precedence`), its deleted ones as they are.
    So a statement whose value the summary has since replaced is marked outdated and sent
    last, as one a current fact replaced is."""

    def __init__(self, store: FactStore | None, newer: Sequence[Fact]) -> None:
        super().__init__()
        # A value the user deleted stays deleted, even where the summary still says it.
        gone = {f.value.casefold() for f in store.deleted()} if store is not None else set()
        self._store = store
        self._newer = tuple(
            f for f in newer if f.id != SUMMARY_ID or f.value.casefold() not in gone
        )

    def current(self) -> tuple[Fact, ...]:
        return self._newer

    def deleted(self) -> tuple[Fact, ...]:
        return self._store.deleted() if self._store is not None else ()


# Hybrid's statements come from its newest turns only: the summary's values change at every
# fold, so each fold judges the statements in reach again, and over the whole history that
# is a cost per turn that grows with the session (0.2 s a turn at 300 turns). Older turns
# are the summary's and recall's to carry, as before the notes; every conversation of the
# probe's corpora (at most 42 turns) is within reach, so their figures are unchanged.
NOTES_REACH_TURNS = 60


def notes_span(history: Sequence[Message]) -> Sequence[Message]:
    """The newest `NOTES_REACH_TURNS` turns of `history` (its messages from there on)."""
    reach = 2 * NOTES_REACH_TURNS
    return history[-reach:] if len(history) > reach else history


def statement_notes(
    view: MemoryView,
    kept: Sequence[Message],
    passages: Sequence[Passage],
    room: int,
    newer: Sequence[Fact] = (),
) -> tuple[Section | None, int]:
    """The user's own statements from the turns neither sent verbatim nor recalled, as the
    `facts` strategy sends them (the same builder): what the summary's fixed budget and
    recall's top-k may have left out, within the notes' bound and the `room` the turns they
    stand in for leave (so the request never costs more than sending those turns). Judged
    against the `newer` values (the current facts and the summary's, see `precedence`)."""
    if room <= 0:
        return None, 0
    sent = {m.id for m in kept}
    sent.update(i for p in passages for i in p.hit.ids)
    store = NewestValues(view.facts, newer) if newer else view.facts
    return reference_notes(
        notes_span(view.history),
        lambda m: m.id not in sent,
        store,
        view.count_text or word_count,
        view.new.content,
        view.memo,
        edited=edited_keys(view.facts),  # the user's edits are the fact store's
        room=room,
    )


def passage_conflicts(
    question: Message, answer: Message | None, facts: Sequence[Fact], memo: SessionMemo
) -> tuple[Conflict, ...]:
    """conflicts_in for a recalled passage: the user's words, and the coach's reply when it
    is sent too (a reply restates figures, and a stale one must not pass as current).
    Kept in the session's memo: recall brings the same old questions back turn after
    turn, against the same facts (by the messages, for the very same values)."""
    if not facts:
        return ()
    values = tuple((f.id, f.key, f.value, f.observed_at) for f in facts)
    key = (question.id, answer.id if answer else "", values)
    return memo.conflicts.get(key, lambda: _conflicts_now(question, answer, facts))


def _conflicts_now(
    question: Message, answer: Message | None, facts: Sequence[Fact]
) -> tuple[Conflict, ...]:
    found = conflicts_in(question.content, question.ts, question.turn, facts)
    if answer is not None:
        said = {c.key for c in found}
        found += [
            c
            for c in conflicts_in(answer.content, answer.ts, question.turn, facts, in_reply=True)
            if c.key not in said
        ]
    return tuple(found)


def summary_time(view: MemoryView, summary: Summary) -> float:
    """When the last turn the summary covers was said (0.0 if it is not in the history)."""
    last = summary.covers_ids[-1] if summary.covers_ids else None
    for message in reversed(view.history):
        if message.id == last:
            return message.ts
    return 0.0


def precedence(
    summary_text: str, said_at: float, turn: int, current: Sequence[Fact]
) -> tuple[Fact, ...]:
    """The newest value of each key: the summary's, unless a current fact is newer."""
    facts = {f.key: f for f in current}
    for key, stated in find_facts([("summary", summary_text)]).items():
        fact = facts.get(key)
        if fact is None or fact.observed_at < said_at:
            facts[key] = Fact(SUMMARY_ID, key, stated.value, (), said_at, turn)
    return tuple(facts.values())


def marked_summary(text: str, conflicts: Sequence[Conflict], budget: int, view: MemoryView) -> str:
    """The summary within `budget`, with a note for each value a newer fact replaced."""
    notes = "\n".join(
        f"(Outdated: {label_of(c.key)} was {c.recalled_value} in this summary; "
        f"the current fact is {c.fact_value}.)"
        for c in conflicts
    )
    if not notes:
        return cap_text(text, budget, view.text_tokens)
    room = max(budget - view.text_tokens(notes) - 1, 1)
    # A budget too small for the notes cuts them too: the budget holds, always.
    return cap_text(cap_text(text, room, view.text_tokens) + "\n" + notes, budget, view.text_tokens)


def passage_text(question: Message, answer: Message | None, conflicts: Sequence[Conflict]) -> str:
    lines = [f"[Turn {question.turn}, {day_label(question.ts)}]", f"User: {question.content}"]
    if answer is not None:
        lines.append(f"FinCoach: {answer.content}")
    for c in conflicts:
        newer = (
            f"the summary has {c.fact_value}"
            if c.fact_id == SUMMARY_ID
            else f"the current fact is {c.fact_value}"
        )
        if c.in_reply:
            lines.append(
                f"(Outdated: the coach restated {label_of(c.key)} as {c.recalled_value}; {newer}.)"
            )
        else:
            lines.append(f"(Outdated: {label_of(c.key)} was {c.recalled_value} then; {newer}.)")
    return "\n".join(lines)
