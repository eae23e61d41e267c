"""The facts strategy's notes kept from one request to the next, so that a turn's notes
cost the same at turn 5,000 as at turn 10. Pure.

`notes.user_notes` and `notes.notes_section` are the reference: each request, they pass over
every user message outside the verbatim tail, and rank and try every note. One `NotesIndex`
per session (its memo) and tail length keeps what they work out instead:

- the statements of each message that has left the tail (read once, by `statements_of`) in
  slots numbered in the order said; a text's note is its last slot;
- whether each text is left out against the current facts (`carried`, `replaced`), judged
  again only when a fact it names changes (`keys_read`); each note's line and whether a
  current fact wholly replaced it, worked out again only then (or when what is blanked as
  deleted changes);
- the notes in pools (slot_pools.py) by rank (wholly replaced or not, salient or not) and by
  the words and topics a question may name them by, with what each costs in the section.

So a request reads the messages that left the tail since the last one and the notes whose
facts changed, and the section's greedy fill (`notes_section`'s, rank by rank, newest
first) finds each next note that fits what is left of the budget without passing over
those that do not. The notes and the section's text are the reference's (tested against it);
what this cannot do the same way is handed to the reference: a history that is not a prefix
of the one read before (nor a longer one), a tail that is not its end, lines that do not all
begin with the same word, a count whose tokens reach across lines.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from fincoach_tui.domain.context import Section
from fincoach_tui.domain.conversation import Message
from fincoach_tui.domain.fact_relevance import question_words
from fincoach_tui.domain.fact_store import FactStore, redact
from fincoach_tui.domain.finance_facts import recognise
from fincoach_tui.domain.memory.notes import (
    NOTES_LABEL,
    NOTES_TOKENS,
    asked_topics,
    current_values,
    edited_keys,
    facts_state,
    note_traits,
    notes_budget,
    notes_section,
    statements_of,
    user_notes,
)
from fincoach_tui.domain.memory.session_memo import SessionMemo
from fincoach_tui.domain.slot_pools import ABSENT, SlotPool
from fincoach_tui.domain.user_statements import Statement, carried, marked_line, replaced

_RANKS = ((True, True), (True, False), (False, True), (False, False))  # (not stale, salient)


def keys_read(text: str) -> frozenset[str]:
    """The fact keys whose current value (or absence, or being edited) `carried`, `replaced`
    and `marked_line` read for `text`: those the recogniser reads in it. Restricted to
    them, the facts give the same answers (tested), so a change to any other fact leaves
    the text's verdict and line as they were."""
    return frozenset(key for key, _ in recognise(text))


def blanked(store: FactStore | None) -> tuple[tuple[str, bool], ...]:
    """What `redact` reads in `store`: each deleted value, and whether a current fact still
    says it (then it is not blanked)."""
    if store is None:
        return ()
    keep = {f.value.casefold() for f in store.current()}
    return tuple((f.value, f.value.casefold() in keep) for f in store.deleted())


@dataclass(frozen=True)
class _Note:
    slot: int
    line: str
    stale: bool  # a current fact wholly replaced what it says
    alone: int  # its line's tokens
    seam: int  # what the newline after its line adds, before the next line's first word
    start: str  # its line's first word


class NotesIndex:
    """One session's notes, for one tail length: see the module's docstring."""

    def __init__(self, memo: SessionMemo) -> None:
        self._memo = memo
        self._source: Sequence[Message] = ()  # the last history read
        self._ends: list[int] = []  # per message read: how many slots were made by then
        self._said: list[Statement] = []  # by slot
        # by slot: the pools it is in, each with the rank it holds (None: a word's or a
        # topic's) and the slot's position there
        self._members: list[list[tuple[SlotPool, tuple[bool, bool] | None, int]]] = []
        self._slots: dict[str, list[int]] = {}  # each text's slots, in order
        self._left_out: dict[str, bool] = {}  # each text's verdict against the facts
        self._readers: dict[str, set[str]] = {}  # fact key -> the texts whose verdict reads it
        self._notes: dict[str, _Note] = {}  # the texts not left out, each with its note
        self._starts: Counter[str] = Counter()  # the notes' lines' first words
        self._ids: Counter[str] = Counter()  # the ids of the messages read
        self._ranks = {rank: SlotPool() for rank in _RANKS}
        self._named: dict[tuple[str, str, bool], SlotPool] = {}  # (w|k, word|key, salient)
        self._facts: dict[str, str] = {}
        self._edited: frozenset[str] = frozenset()
        self._blanked: tuple[tuple[str, bool], ...] = ()
        self._store: FactStore | None = None
        self._count: Callable[[str], int] | None = None
        self.work = 0  # statements read, notes judged or placed, candidates looked at

    # ---- following the history and the facts -------------------------------------------
    def follow(self, history: Sequence[Message], size: int, store: FactStore | None, count) -> None:
        """Read `history[:size]` (the messages outside the tail) against `store`'s facts:
        only what changed since the last history and facts."""
        self._take_facts(store, count)
        read = len(self._ends)
        common = min(size, read)
        if common and history[common - 1] is not self._source[common - 1]:
            self.__init__(self._memo)  # type: ignore[misc]  # another history: start over
            self._take_facts(store, count)
        while len(self._ends) > size:
            self._unread()
        for position in range(len(self._ends), size):
            self._read(history[position])
        self._source = history

    def __len__(self) -> int:
        """How many notes there are (texts not left out)."""
        return len(self._notes)

    def reads(self, message_id: str) -> bool:
        """Whether a message with this id is among those read (outside the tail)."""
        return message_id in self._ids

    def _take_facts(self, store: FactStore | None, count) -> None:
        facts, edited, gone = current_values(store), edited_keys(store), blanked(store)
        changed = {
            k for k in facts.keys() | self._facts.keys() if facts.get(k) != self._facts.get(k)
        }
        changed |= edited ^ self._edited
        every = count != self._count or gone != self._blanked
        self._facts, self._edited, self._blanked = facts, edited, gone
        self._store, self._count = store, count
        texts = set().union(*(self._readers.get(key, ()) for key in changed))
        for text in texts:
            self._left_out[text] = self._judge(text)
        for text in list(self._slots) if every else texts:
            self._renote(text)

    def _judge(self, text: str) -> bool:
        """`user_notes`' verdict: left out if the facts hold all of it, or a value it states
        was replaced by the user's edit."""
        self.work += 1
        edited, facts = self._edited, self._facts
        return bool(edited and edited & set(replaced(text, facts)[0])) or carried(text, facts)

    def _read(self, message: Message) -> None:
        if message.role == "user":
            for statement in statements_of(message, self._memo):
                self._add(statement)
        self._ids[message.id] += 1
        self._ends.append(len(self._said))

    def _add(self, statement: Statement) -> None:
        self.work += 1
        slot, text = len(self._said), statement.text
        self._said.append(statement)
        salient, keys, words = note_traits(text, self._memo)
        pools: list[tuple[SlotPool, tuple[bool, bool] | None]] = [
            (self._ranks[rank], rank) for rank in _RANKS
        ]
        for name in [*(("w", w, salient) for w in words), *(("k", k, salient) for k in keys)]:
            pools.append((self._named.setdefault(name, SlotPool()), None))
        self._members.append([(pool, rank, pool.add(slot)) for pool, rank in pools])
        slots = self._slots.setdefault(text, [])
        if not slots:
            self._left_out[text] = self._judge(text)
            for key in keys_read(text):
                self._readers.setdefault(key, set()).add(text)
        slots.append(slot)
        self._renote(text)

    def _unread(self) -> None:
        """Forget the last message read (a walk stepping back)."""
        self._ends.pop()
        start = self._ends[-1] if self._ends else 0
        message = self._source[len(self._ends)]
        self._ids[message.id] -= 1
        if not self._ids[message.id]:
            del self._ids[message.id]
        for slot in range(len(self._said) - 1, start - 1, -1):
            self.work += 1
            text = self._said[slot].text
            note = self._notes.get(text)
            if note is not None and note.slot == slot:
                self._unnote(text)
            for pool, _, _ in self._members.pop():
                pool.drop_last()
            self._said.pop()
            slots = self._slots[text]
            slots.pop()
            if slots:
                self._renote(text)
                continue
            del self._slots[text], self._left_out[text]
            for key in keys_read(text):
                self._readers[key].discard(text)

    # ---- each text's note --------------------------------------------------------------
    def _renote(self, text: str) -> None:
        """Put `text`'s note (its last slot, unless it is left out) in its pools."""
        self._unnote(text)
        slots = self._slots.get(text)
        if not slots or self._left_out[text]:
            return
        self.work += 1
        slot = slots[-1]
        statement = self._said[slot]
        line = redact(marked_line(statement, self._facts), self._store)
        end, start = line.rpartition(" ")[2], line.partition(" ")[0]
        note = _Note(
            slot,
            line,
            replaced(text, self._facts)[1],
            self._tokens(line),
            self._seam(end, start),
            start,
        )
        self._notes[text] = note
        self._starts[start] += 1
        self._place(note)

    def _unnote(self, text: str) -> None:
        note = self._notes.pop(text, None)
        if note is None:
            return
        self._starts[note.start] -= 1
        if not self._starts[note.start]:
            del self._starts[note.start]
        self._place(note, present=False)

    def _place(self, note: _Note, present: bool = True) -> None:
        """Set the note's costs in each pool of its slot: where its rank is (and, not wholly
        replaced, its words' and topics'), absent elsewhere."""
        salient = note_traits(self._said[note.slot].text, self._memo)[0]
        rank = (not note.stale, salient)
        joined, alone = note.alone + note.seam, note.alone
        for pool, pool_rank, position in self._members[note.slot]:
            here = present and (pool_rank == rank if pool_rank is not None else not note.stale)
            if here:
                pool.set(position, joined, alone)
            else:
                pool.set(position, ABSENT, ABSENT)

    def _tokens(self, text: str) -> int:
        counted = self._memo.note_counts.at(self._count)
        known = counted.get(text)
        if known is None:
            known = counted[text] = self._count(text)  # type: ignore[misc]
        return known

    def _seam(self, end: str, start: str) -> int:
        """What joining a line ending in `end` to one beginning with `start` adds (the
        reference's count of a pair of lines, `notes._fit`)."""
        counted = self._memo.note_counts.at(self._count)
        key = (end, start)
        known = counted.get(key)
        if known is None:
            count = self._count
            known = counted[key] = count(f"{end}\n{start}") - count(end) - count(start)  # type: ignore[misc]
        return known

    # ---- the section ---------------------------------------------------------------------
    def section(self, question: str) -> tuple[Section | None, int] | None:
        """`notes_section` of the notes, or None when its seam count cannot be followed here
        (lines beginning with different words, a count not local to a line)."""
        if len(self._starts) > 1:
            return None
        budget = notes_budget(NOTES_TOKENS, len(self._notes))
        said = question_words(question) if question else set()
        topics = asked_topics(question)
        fill = _Fill(self, budget)
        if question:
            for salient in (True, False):
                pools = [("w", w, salient) for w in said] + [("k", k, salient) for k in topics]
                fill.run([self._named[p] for p in pools if p in self._named], None)
        asked = (said, topics) if question else None
        for rank in _RANKS:
            fill.run([self._ranks[rank]], asked if rank[0] else None)
        if not fill.kept:
            return None, 0
        kept = sorted(fill.kept, reverse=True)
        text = "\n".join(self._said_note(s).line for s in kept)
        if self._count(text) != budget - fill.room:  # type: ignore[misc]
            return None
        return Section("fact", NOTES_LABEL, text), len(kept)

    def _said_note(self, slot: int) -> _Note:
        return self._notes[self._said[slot].text]


class _Fill:
    """`notes._fit`'s greedy fill, a rank at a time: each next note that fits, newest first."""

    def __init__(self, index: NotesIndex, budget: int) -> None:
        self.index = index
        self.room = budget
        self.kept: set[int] = set()
        self.oldest: _Note | None = None  # the kept note said first

    def run(self, pools: list[SlotPool], asked: tuple[set[str], set[str]] | None) -> None:
        """Try the notes of `pools`, newest first; with `asked` (the question's words and
        topics), pass over those the question is about: they were tried in their own rank."""
        index = self.index
        high = len(index._said)
        while pools:
            found = max(self._latest(pool, high) for pool in pools)
            if found < 0:
                return
            high = found
            index.work += 1
            if found in self.kept:
                continue
            note = index._said_note(found)
            if asked is not None and _asked(index, note, *asked):
                continue
            oldest = self.oldest
            if oldest is None:
                cost = note.alone
            elif found > oldest.slot:
                cost = note.alone + note.seam
            else:
                cost = note.alone + oldest.seam
            self.kept.add(found)
            self.room -= cost
            if oldest is None or found < oldest.slot:
                self.oldest = note

    def _latest(self, pool: SlotPool, high: int) -> int:
        oldest = self.oldest
        if oldest is None:
            return pool.latest(-1, high, self.room, alone=True)
        found = pool.latest(oldest.slot, high, self.room, alone=False)
        if found < 0:
            found = pool.latest(-1, min(high, oldest.slot), self.room - oldest.seam, alone=True)
        return found


def _asked(index: NotesIndex, note: _Note, said: set[str], topics: set[str]) -> bool:
    _, keys, words = note_traits(index._said[note.slot].text, index._memo)
    return not note.stale and (not said.isdisjoint(words) or not topics.isdisjoint(keys))


def facts_notes(
    view, kept: Sequence[Message], tail_turns: int, count: Callable[[str], int]
) -> tuple[Section | None, int]:
    """The facts strategy's notes section and how many notes it holds, for `view`'s request
    whose verbatim tail is `kept`: `user_notes` and `notes_section`'s, from the session's
    index when the history allows, else from them."""
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
            found = index.section(view.new.content)
            if found is not None:
                return found
    in_tail = {m.id for m in kept}
    edited = edited_keys(view.facts)
    said = user_notes(
        history,
        lambda m: m.id not in in_tail,
        current_values(view.facts),
        edited,
        view.memo,
        facts_state(view.facts, edited),
    )
    return notes_section(
        said,
        view.facts,
        notes_budget(NOTES_TOKENS, len(said)),
        count,
        view.new.content,
        view.memo,
    )
