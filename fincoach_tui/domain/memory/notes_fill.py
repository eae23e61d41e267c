"""The facts strategy's notes section filled from the session's notes index. Pure.

`notes._fit`'s greedy fill in `notes_section`'s order: the notes the question is about
first (a wholly replaced one by its kind only), then by rank (`note_parts.RANKS`: those not
wholly replaced by a current fact, the replaced ones with a figure or a fact-bearing word,
chatter, the rest); at each step those new to the facts first, then salient before not,
then those the facts do not hold before those they do, the newest first; each note is kept
if it fits what is left of the budget.
Rather than trying every note in turn, each next note that fits is found in the index's
pools (slot_pools.py): what a note costs is its line's tokens and the newline's seam, which
depends only on whether an older kept note is listed after it (then its own seam) or not
(then the seam of the oldest kept note, listed before it). A note is kept with every newer
note on its topic or not at all (`notes.newer_on_topic`): each that fits alone is tried with
those (`_Fill._group`), found through the index's topic lists.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from fincoach_tui.domain.context import Section
from fincoach_tui.domain.conversation import Message
from fincoach_tui.domain.fact_relevance import note_question_words
from fincoach_tui.domain.memory.note_parts import NAMED_RANKS, RANKS, REPLACED, Note, asked_note
from fincoach_tui.domain.memory.notes import (
    NOTES_LABEL,
    NOTES_TOKENS,
    asked_topics,
    notes_budget,
    reference_notes,
)
from fincoach_tui.domain.memory.notes_index import NotesIndex
from fincoach_tui.domain.slot_pools import SlotPool


def index_section(index: NotesIndex, question: str) -> tuple[Section | None, int] | None:
    """`notes_section` of the index's notes, or None when its seam count cannot be followed
    here (lines beginning with different words, a count not local to a line)."""
    if not index.lines_alike or index.negative_seams:
        return None
    budget = notes_budget(NOTES_TOKENS, len(index))
    kept, room = fill_section(index, budget, question)
    if not kept:
        return None, 0
    text = "\n".join(index.note_at(s).line for s in kept)
    if index.tokens(text) != budget - room:
        return None
    return Section("fact", NOTES_LABEL, text), len(kept)


def fill_section(index: NotesIndex, budget: int, question: str) -> tuple[list[int], int]:
    """The slots of the notes the section keeps, newest first, and the budget left."""
    said = note_question_words(question) if question else set()
    topics = asked_topics(question)
    fill = _Fill(index, budget)
    if question:
        for salient, cover in NAMED_RANKS:
            # a wholly replaced note is asked by its kind only (`notes.asked_note`)
            names = [("w", w, salient, cover) for w in said] if cover < REPLACED else []
            names += [("k", k, salient, cover) for k in topics]
            pools = [index.named_pool(name) for name in names]
            fill.run([p for p in pools if p is not None], None)
    for rank in RANKS:
        fill.run([index.rank_pool(rank)], (said, topics) if question else None)
    return sorted(fill.kept, reverse=True), fill.room


class _Fill:
    def __init__(self, index: NotesIndex, budget: int) -> None:
        self.index = index
        self.room = budget
        self.kept: set[int] = set()
        self.oldest: Note | None = None  # the kept note said first
        self.dead: set[int] = set()  # notes tried that did not fit with their newer ones
        # By topic name, the oldest slot of a note kept with its group: a note is kept only
        # with every newer one sharing a name with it, so those of its names kept are all
        # from there on (not those of a note kept with another's group).
        self.low: dict[str, int] = {}

    def run(self, pools: list[SlotPool], asked: tuple[set[str], set[str]] | None) -> None:
        """Try the notes of `pools`, newest first; with `asked` (the question's words and
        topics), pass over those the question is about: they were tried in their own rank."""
        index = self.index
        high = index.slots_made
        while pools:
            found = max(self._latest(pool, high) for pool in pools)
            if found < 0:
                return
            high = found
            index.work += 1
            if found in self.kept or found in self.dead:
                continue
            note = index.note_at(found)
            if asked is not None:
                keys, words = index.names(note)
                if asked_note(note.stale, asked[0], asked[1], words, keys):
                    continue
            group = self._group(note)
            if group is None:  # it, with the newer notes on its topic, does not fit
                self.dead.add(found)
                continue
            for member in group:
                self.room -= self._cost(member, self.oldest)
                self.kept.add(member.slot)
                if self.oldest is None or member.slot < self.oldest.slot:
                    self.oldest = member
            for name in index.topics(note):
                self.low[name] = min(self.low.get(name, note.slot), note.slot)

    @staticmethod
    def _cost(note: Note, oldest: Note | None) -> int:
        """What adding `note` to kept notes the oldest of which is `oldest` costs."""
        if oldest is None:
            return note.alone
        if note.slot > oldest.slot:
            return note.alone + note.seam
        return note.alone + oldest.seam

    def _group(self, note: Note) -> list[Note] | None:
        """`note` and the newer notes sharing a topic name with it not kept yet (none are
        kept without the others: `notes.newer_on_topic`; not theirs in turn), if together
        they fit what is left; else None, as soon as that is known (adding a note never
        costs less than nothing: `negative_seams`)."""
        index = self.index
        oldest = self.oldest
        members, seen, cost = [note], {note.slot}, 0
        newer = index.newer_on_topic(note, self.low)
        for member in members:  # grows as the newer ones are found
            cost += self._cost(member, oldest)
            if oldest is None or member.slot < oldest.slot:
                oldest = member
            if cost > self.room:
                return None
            for slot in newer:  # the next one not kept
                index.work += 1
                if slot not in seen and slot not in self.kept:
                    seen.add(slot)
                    members.append(index.note_at(slot))
                    break
        return members

    def _latest(self, pool: SlotPool, high: int) -> int:
        """The newest note of `pool` below slot `high` that fits what is left."""
        oldest = self.oldest
        if oldest is None:
            return pool.latest(-1, high, self.room, alone=True)
        found = pool.latest(oldest.slot, high, self.room, alone=False)
        if found < 0:
            found = pool.latest(-1, min(high, oldest.slot), self.room - oldest.seam, alone=True)
        return found


def facts_notes(
    view, kept: Sequence[Message], tail_turns: int, count: Callable[[str], int]
) -> tuple[Section | None, int]:
    """The facts strategy's notes section and how many notes it holds, for `view`'s request
    whose verbatim tail is `kept`: `notes.reference_notes`', from the session's index
    when the history allows, else built from scratch by it."""
    history = view.history
    size = len(history) - len(kept)
    if (
        isinstance(history, (tuple, list))
        and size >= 0
        and all(history[size + i] is m for i, m in enumerate(kept))
    ):
        index = view.memo.fact_notes.get(tail_turns)
        if index is None:
            index = view.memo.fact_notes[tail_turns] = NotesIndex(view.memo)
        index.follow(history, size, view.facts, count)
        if not any(index.reads(m.id) for m in kept):  # ids name one message: the tail's are out
            found = index_section(index, view.new.content)
            if found is not None:
                return found
    in_tail = {m.id for m in kept}
    return reference_notes(
        history, lambda m: m.id not in in_tail, view.facts, count, view.new.content, view.memo
    )
