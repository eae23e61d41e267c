"""The facts strategy's notes kept from one request to the next, so that a turn's notes
cost the same at turn 5,000 as at turn 10. Pure.

`notes.user_notes` and `notes.notes_section` are the reference: each request, they pass over
every user message outside the verbatim tail, and rank and try every note. One `NotesIndex`
per session (its memo) and tail length keeps what they work out instead:

- the statements of each message that has left the tail (read once, by `statements_of`) in
  slots numbered in the order said; a text's note is its last slot;
- whether each text is left out against the current facts (a value the user replaced by
  editing a fact), judged again only when a fact it names changes (`keys_read`); each
  note's line, whether a current fact wholly replaced it and whether the facts hold all it
  says (`held_by`), worked out again only then (or when what is blanked as deleted changes);
- the notes in pools (slot_pools.py) by rank (wholly replaced or not, salient or not, held
  by the facts or not) and by the words and topics a question may name them by, with what
  each costs in the section;
- the notes by topic name (note_parts.TopicPostings), for the newer notes on a note's topic
  that must be kept with it; a note whose newer ones on a name outweigh the largest budget
  is never kept, and is set aside (absent from the pools) once, not passed over each time.

So a request reads the messages that left the tail since the last one and the notes whose
facts changed, and the section's fill (notes_fill.py) finds each next note that fits without
passing over those that do not. The notes and the section are the reference's (tested); what
this cannot do the same way is handed to the reference: a history that is not a prefix of
the one read before (nor longer), a tail that is not its end, lines that do not all begin
with the same word, a count whose tokens reach across lines. The index is kept beside the
session with the walk, and taken back on the next opening (notes_kept.py).
"""

from __future__ import annotations

import weakref
from collections import Counter
from collections.abc import Callable, Iterator, Sequence
from typing import Any

from fincoach_tui.domain.conversation import Message
from fincoach_tui.domain.fact_relevance import GROWTH_LIMIT
from fincoach_tui.domain.fact_store import FactStore, redact
from fincoach_tui.domain.memory.note_cover import held_mentions, mentions
from fincoach_tui.domain.memory.note_parts import (
    COVERS,
    RANKS,
    Note,
    TopicPostings,
    blanked,
    by_turn,
    covered_classes,
    held_by,
    keys_read,
    kinds_read,
    new_note,
    topic_names,
)
from fincoach_tui.domain.memory.notes import (
    NOTES_TOKENS,
    current_turns,
    current_values,
    edited_keys,
    note_traits,
    statements_of,
)
from fincoach_tui.domain.memory.notes_kept import KeptNotes
from fincoach_tui.domain.memory.session_memo import SessionMemo
from fincoach_tui.domain.slot_pools import ABSENT, SlotPool
from fincoach_tui.domain.statement_verdicts import fact_kind, marked_line, replaced
from fincoach_tui.domain.user_statements import Statement, classes_of

_NONE = (ABSENT, ABSENT)  # a slot's costs in a pool its note is not in
_KIND = "\0kind:"  # a reader's name for the facts of a kind (`note_parts.kinds_read`)


def _kind_names(text: str) -> tuple[str, ...]:
    return tuple(_KIND + kind for kind in kinds_read(text))


class NotesIndex(KeptNotes):
    """One session's notes, for one tail length: see the module's docstring."""

    def __init__(self, memo: SessionMemo) -> None:
        # The memo holds the index: held back weakly, so that a session left is freed as
        # soon as nothing else holds it (not at the collector's next full pass).
        self._memo_ref = weakref.ref(memo)
        self._source: Sequence[Message] = ()  # the last history read
        self._ends: list[int] = []  # per message read: how many slots were made by then
        self._said: list[Statement] = []  # by slot
        # by slot: the word's and topic's pools it is in, with its position there (every
        # slot is in every rank's pool, at its own number)
        self._members: list[list[tuple[SlotPool, int, int]]] = []
        self._slots: dict[str, list[int]] = {}  # each text's slots, in order
        self._left_out: dict[str, bool] = {}  # each text's verdict against the facts
        self._readers: dict[str, set[str]] = {}  # fact key -> the texts whose verdict reads it
        # word class -> the texts of it: whether they are new to the facts reads whether
        # some fact is of the class (`covered_classes`)
        self._of_class: dict[str, set[str]] = {}
        self._notes: dict[str, Note] = {}  # the texts not left out, each with its note
        self._starts: Counter[str] = Counter()  # the notes' lines' first words
        self._ids: Counter[str] = Counter()  # the ids of the messages read
        self._ranks = {rank: SlotPool() for rank in RANKS}
        # the notes by topic name (`newer_on_topic`), burying those never kept at any budget
        self._topics = TopicPostings(GROWTH_LIMIT * NOTES_TOKENS)
        self.negative_seams = 0  # notes whose seam is below 0: costs not monotone
        # The notes by a word (w) or topic (k) a question may name them by, and salient or
        # not: the texts of each, and a pool made the first time a question names it.
        self._named_texts: dict[tuple[str, str, bool], set[str]] = {}
        # (by the name and the cover of the notes it holds: `Note.cover`)
        self._named: dict[tuple[str, str, bool, int], SlotPool] = {}
        self._kept: dict[str, Any] | None = None  # an index kept from the last opening
        self._facts: dict[str, str] = {}
        self._covered: frozenset[str] = frozenset()
        # what the current facts' values hold of the notes' figures and names (`note_cover`),
        # and by each such mention the texts that say it: whether they are new reads it
        self._held: frozenset[str] = frozenset()
        self._mentioned: dict[str, set[str]] = {}
        self._turns: dict[str, float] = {}  # each current fact's turn (`current_turns`)
        self._edited: frozenset[str] = frozenset()
        self._blanked: tuple[tuple[str, bool], ...] = ()
        self._store: FactStore | None = None
        self._count: Callable[[str], int] | None = None
        self.work = 0  # statements read, notes judged or placed, candidates looked at
        self.judged = 0  # texts judged and notes worked out against the facts

    @property
    def _memo(self) -> SessionMemo:
        memo = self._memo_ref()
        assert memo is not None  # the memo holds the index
        return memo

    def _restart(self) -> None:  # forget all that was read
        self.__init__(self._memo)  # type: ignore[misc]

    # ---- following the history and the facts -------------------------------------------
    def follow(self, history: Sequence[Message], size: int, store: FactStore | None, count) -> None:
        """Read `history[:size]` (the messages outside the tail) against `store`'s facts:
        only what changed since the last history and facts."""
        if self._kept is not None:
            kept, self._kept = self._kept, None
            self._adopt(kept, history, count)
        self._take_facts(store, count)
        read = len(self._ends)
        common = min(size, read)
        if common and history[common - 1] is not self._source[common - 1]:
            self._restart()  # another history: start over
            self._take_facts(store, count)
        while len(self._ends) > size:
            self._unread()
        for position in range(len(self._ends), size):
            self._read(history[position])
        self._source = history

    def __len__(self) -> int:  # the notes: texts not left out
        return len(self._notes)

    def reads(self, message_id: str) -> bool:  # a message with this id is among those read
        return message_id in self._ids

    def _take_facts(self, store: FactStore | None, count) -> None:
        facts, edited, gone = current_values(store), edited_keys(store), blanked(store)
        turns = current_turns(store)
        changed = {
            k
            for k in facts.keys() | self._facts.keys()
            if facts.get(k) != self._facts.get(k) or turns.get(k) != self._turns.get(k)
        }
        changed |= edited ^ self._edited
        changed |= {_KIND + fact_kind(k) for k in changed}
        every = count != self._count or gone != self._blanked
        covered = covered_classes(facts)
        classes = covered ^ self._covered
        held = held_mentions(facts.values())
        flipped, self._held = held ^ self._held, held
        self._facts, self._edited, self._blanked, self._turns = facts, edited, gone, turns
        self._store, self._count, self._covered = store, count, covered
        texts = set().union(*(self._readers.get(key, ()) for key in changed))
        for text in texts:
            self._left_out[text] = self._judge(text)
        texts |= set().union(*(self._of_class.get(name, ()) for name in classes))
        texts |= set().union(*(self._mentioned.get(m, ()) for m in flipped))
        for text in list(self._slots) if every else texts:
            self._renote(text)

    def _judge(self, text: str) -> bool:
        """`user_notes`' verdict: left out if a value it states was replaced by the user's
        edit."""
        self.work += 1
        self.judged += 1
        edited, facts = self._edited, self._facts
        return bool(edited and edited & set(replaced(text, facts)[0]))

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
        for pool in self._ranks.values():
            pool.add(slot)
        named = [
            (self._named[(*n, cover)], cover)
            for n in self._names(text)
            for cover in COVERS
            if (*n, cover) in self._named
        ]
        self._members.append([(pool, pool.add(slot), cover) for pool, cover in named])
        slots = self._slots.setdefault(text, [])
        if not slots:
            self._left_out[text] = self._judge(text)
            self._register(text, keys_read(text))
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
            for pool in self._ranks.values():
                pool.drop_last()
            self._said.pop()
            slots = self._slots[text]
            slots.pop()
            if slots:
                self._renote(text)
                continue
            del self._slots[text], self._left_out[text]
            for key in (*keys_read(text), *_kind_names(text)):
                self._readers[key].discard(text)
            for word_class in classes_of(text):
                self._of_class[word_class].discard(text)
            for mention in mentions(text):
                self._mentioned[mention].discard(text)
            for name in self._names(text):
                self._named_texts[name].discard(text)

    def _names(self, text: str) -> list[tuple[str, str, bool]]:
        salient, keys, words = note_traits(text, self._memo)
        return [*(("w", w, salient) for w in words), *(("k", k, salient) for k in keys)]

    def _register(self, text: str, keys: frozenset[str]) -> None:
        """A text said for the first time: the facts it reads, the words that name it."""
        for key in (*keys, *_kind_names(text)):  # a newer value reads its kind's facts
            self._readers.setdefault(key, set()).add(text)
        for word_class in classes_of(text):
            self._of_class.setdefault(word_class, set()).add(text)
        for mention in mentions(text):
            self._mentioned.setdefault(mention, set()).add(text)
        for name in self._names(text):
            self._named_texts.setdefault(name, set()).add(text)

    def named_pool(self, name: tuple[str, str, bool, int]) -> SlotPool | None:
        """The pool of the notes a word or topic names (`name`: the name, salient or not,
        and their cover, `Note.cover`), made the first time asked."""
        pool = self._named.get(name)
        if pool is not None or not self._named_texts.get(name[:3]):
            return pool
        pool = self._named[name] = SlotPool()
        texts = self._named_texts[name[:3]]
        for slot in sorted(s for text in texts for s in self._slots[text]):
            self._members[slot].append((pool, pool.add(slot), name[3]))
        for text in texts:
            note = self._notes.get(text)
            if note is not None:
                self._place(note)
        return pool

    @property
    def lines_alike(self) -> bool:
        """Whether every note's line begins with the same word (the seams count so)."""
        return len(self._starts) <= 1

    def tokens(self, text: str) -> int:  # by the count the notes were last read with
        return self._count(text)  # type: ignore[misc]

    def rank_pool(self, rank: tuple[bool, bool, bool, bool]) -> SlotPool:
        return self._ranks[rank]

    @property
    def slots_made(self) -> int:  # statements read, in all
        return len(self._said)

    def note_at(self, slot: int) -> Note:
        """The note whose text was said last at `slot` (one in a pool is)."""
        return self._notes[self._said[slot].text]

    def names(self, note: Note) -> tuple[frozenset[str], frozenset[str]]:
        """The topics (fact keys) and the words a question may name `note` by."""
        _, keys, words = note_traits(self._said[note.slot].text, self._memo)
        return keys, words

    # ---- each text's note --------------------------------------------------------------
    def _renote(self, text: str) -> None:
        """Put `text`'s note (its last slot, unless it is left out) in its pools."""
        self._unnote(text)
        slots = self._slots.get(text)
        if not slots or self._left_out[text]:
            return
        self.work += 1
        self.judged += 1
        slot = slots[-1]
        statement = self._said[slot]
        later, earlier = by_turn(text, statement.turn, self._facts, self._turns)
        line = redact(marked_line(statement, later), self._store)
        end, start = line.rpartition(" ")[2], line.partition(" ")[0]
        held = held_by(text, self._facts)
        new = not held and new_note(text, self._facts.keys(), self._covered, earlier, self._held)
        note = Note(
            slot,
            line,
            replaced(text, later)[1],
            self._tokens(line),
            self._seam(end, start),
            start,
            held,
            new,
        )
        self._notes[text] = note
        self._noted(text, note)
        self._place(note)

    def _noted(self, text: str, note: Note, sign: int = 1) -> None:
        """Count `note` in (or, `sign` -1, out of) its line's first word and its topics."""
        self._starts[note.start] += sign
        if not self._starts[note.start]:
            del self._starts[note.start]
        self.negative_seams += sign * (note.seam < 0)
        if sign > 0:
            changed = self._topics.add(note.slot, topic_names(text), note.alone)
        else:
            changed = self._topics.drop(note.slot, topic_names(text))
        for slot in changed - {note.slot} if self._members else ():  # buried or unburied
            self._place(self.note_at(slot))

    def topics(self, note: Note) -> frozenset[str]:  # what `on_topic` compares of it
        return topic_names(self._said[note.slot].text)

    def newer_on_topic(self, note: Note, low: dict[str, int]) -> Iterator[int]:
        """The slots of the notes after `note` on its topic (`notes.newer_on_topic`'s), but
        for each topic name those from `low[name]` up."""
        return self._topics.newer(note.slot, self.topics(note), low)

    def _unnote(self, text: str) -> None:
        note = self._notes.pop(text, None)
        if note is None:
            return
        self._noted(text, note, -1)
        self._place(note, present=False)

    def _place(self, note: Note, present: bool = True) -> None:
        """Set the note's costs in each pool of its slot: where its rank is (and its words'
        and topics' of its cover), absent elsewhere."""
        salient = note_traits(self._said[note.slot].text, self._memo)[0]
        rank = (not note.stale, note.new, salient, not note.held)
        present = present and not self._topics.buried(note.slot)
        joined, alone = note.alone + note.seam, note.alone
        for pool_rank, pool in self._ranks.items():
            pool.set(note.slot, *((joined, alone) if present and pool_rank == rank else _NONE))
        for pool, position, cover in self._members[note.slot]:
            here = present and cover == note.cover
            pool.set(position, *((joined, alone) if here else _NONE))

    def _tokens(self, text: str) -> int:
        counted = self._memo.note_counts.at(self._count)
        known = counted[text] = counted.get(text) or self._count(text)  # type: ignore[misc]
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
