"""The facts strategy's notes index (notes_index.py) kept between openings of a session,
with the walk (walk_state.py): as JSON-ready data, and taken back without reading a
statement or judging a note again. Pure.

A text is kept as where it was said when it is a slice of its message, a line only when it
is not the plain `Statement.line`; the pools are built at once from the notes, not a note
at a time. Data that does not fit the session it is taken into is passed over: the index
then reads the history anew.
"""

from __future__ import annotations

import bisect
import math
from collections import Counter
from collections.abc import Callable, Sequence
from typing import Any

from fincoach_tui.domain.conversation import Message
from fincoach_tui.domain.memory.note_cover import held_mentions, mentions
from fincoach_tui.domain.memory.note_parts import RANKS, Note, TopicPostings, covered_classes
from fincoach_tui.domain.memory.notes import note_traits
from fincoach_tui.domain.memory.session_memo import SessionMemo
from fincoach_tui.domain.slot_pools import ABSENT, SlotPool
from fincoach_tui.domain.user_statements import Statement


class KeptNotes:
    """What `NotesIndex` keeps between openings: its `dump` and `keep`, and taking the kept
    data back (`_adopt`) on the next `follow`. A base of `NotesIndex`, whose state it reads
    and writes (declared here as the index holds it)."""

    _source: Sequence[Message]
    _ends: list[int]
    _said: list[Statement]
    _members: list[list[tuple[SlotPool, int, int]]]
    _slots: dict[str, list[int]]
    _left_out: dict[str, bool]
    _readers: dict[str, set[str]]
    _of_class: dict[str, set[str]]
    _notes: dict[str, Note]
    _ids: Counter[str]
    _ranks: dict[tuple[bool, bool, bool, bool], SlotPool]
    _topics: TopicPostings
    _named_texts: dict[tuple[str, str, bool], set[str]]
    _kept: dict[str, Any] | None
    _facts: dict[str, str]
    _covered: frozenset[str]
    _held: frozenset[str]
    _mentioned: dict[str, set[str]]
    _turns: dict[str, float]
    _edited: frozenset[str]
    _blanked: tuple[tuple[str, bool], ...]
    _count: Callable[[str], int] | None

    @property
    def _memo(self) -> SessionMemo:
        raise NotImplementedError

    def _restart(self) -> None:
        raise NotImplementedError

    def _noted(self, text: str, note: Note, sign: int = 1) -> None:
        raise NotImplementedError

    def dump(self, messages: Sequence[Message]) -> dict[str, Any] | None:
        """The index as JSON-ready data, as far as it read `messages` (the transcript; what
        it read past them, a projection's turns with no words, is not kept); None if it read
        another history. A text is kept as where it was said when it is a slice of the
        message, a line only when it is not the plain `Statement.line`."""
        read = min(len(self._ends), len(messages))
        if not read or self._source[read - 1] is not messages[read - 1]:
            return None
        if self._ends[read - 1] != len(self._said):
            return None  # statements past the transcript: not a projection's
        number = {text: n for n, text in enumerate(self._slots)}
        texts: list[Any] = []
        for text, slots in self._slots.items():
            at = bisect.bisect_right(self._ends, slots[0])
            start = messages[at].content.find(text)
            texts.append([at, start, len(text)] if start >= 0 else text)
        said = [
            [p, [number[s.text] for s in self._said[self._ends[p - 1] if p else 0 : end]]]
            for p, end in enumerate(self._ends[:read])
            if end > (self._ends[p - 1] if p else 0)
        ]
        notes = []
        for text, note in self._notes.items():
            plain = note.line == self._said[note.slot].line()
            salient = note_traits(text, self._memo)[0]
            notes.append(
                [
                    number[text],
                    None if plain else note.line,
                    note.stale,
                    note.alone,
                    note.seam,
                    salient,
                    note.held,
                    note.new,
                ]
            )
        return {
            "read": read,
            "last": messages[read - 1].id,
            "texts": texts,
            "keys": {k: [number[t] for t in ts] for k, ts in self._readers.items() if ts},
            "classes": {k: [number[t] for t in ts] for k, ts in self._of_class.items() if ts},
            "named": {
                "\t".join((a, b, "1" if c else "")): [number[t] for t in ts]
                for (a, b, c), ts in self._named_texts.items()
                if ts
            },
            "said": said,
            "left_out": [number[t] for t, out in self._left_out.items() if out],
            "notes": notes,
            "facts": [self._facts, sorted(self._edited), [list(b) for b in self._blanked]],
            "turns": {k: None if t == math.inf else t for k, t in self._turns.items()},
        }

    def keep(self, data: Any) -> None:
        """Take `dump`'s data, to be used by the next `follow` if it reads the same history."""
        self._kept = data if isinstance(data, dict) else None

    def _adopt(self, data: dict[str, Any], history: Sequence[Message], count) -> None:
        """The kept index, without reading a statement or judging a note again."""
        try:
            read = int(data["read"])
            if not 0 < read <= len(history) or history[read - 1].id != data["last"]:
                return
            texts = [
                t if isinstance(t, str) else history[t[0]].content[t[1] : t[1] + t[2]]
                for t in data["texts"]
            ]
            facts, edited, gone = data["facts"]
            self._facts = {str(k): str(v) for k, v in facts.items()}
            self._edited = frozenset(str(k) for k in edited)
            self._blanked = tuple((str(v), bool(k)) for v, k in gone)
            self._count = count
            self._left_out = dict.fromkeys(texts, False)
            self._left_out.update((texts[n], True) for n in data["left_out"])
            self._readers = {k: {texts[n] for n in ns} for k, ns in data["keys"].items()}
            self._of_class = {k: {texts[n] for n in ns} for k, ns in data["classes"].items()}
            self._covered = covered_classes(self._facts)
            self._held = held_mentions(self._facts.values())
            for text in texts:  # the figures and names each says: a regular reading, no verdict
                for mention in mentions(text):
                    self._mentioned.setdefault(mention, set()).add(text)
            self._turns = {
                str(k): math.inf if t is None else int(t) for k, t in data["turns"].items()
            }
            for name, ns in data["named"].items():
                kind, word, salient = name.split("\t")
                self._named_texts[(kind, word, bool(salient))] = {texts[n] for n in ns}
            said = {int(p): ns for p, ns in data["said"]}
            for position in range(read):
                message = history[position]
                for n in said.get(position, ()):
                    self._slots.setdefault(texts[n], []).append(len(self._said))
                    self._said.append(Statement(message.turn, texts[n]))
                self._ids[message.id] += 1
                self._ends.append(len(self._said))
            salient_of = {}
            for n, line, stale, alone, seam, salient, held, new in data["notes"]:
                slot = self._slots[texts[n]][-1]
                line = self._said[slot].line() if line is None else str(line)
                start = line.partition(" ")[0]
                note = Note(
                    slot, line, bool(stale), int(alone), int(seam), start, bool(held), bool(new)
                )
                self._notes[texts[n]] = note
                self._noted(texts[n], note)
                salient_of[slot] = bool(salient)
        except (KeyError, TypeError, ValueError, IndexError, AttributeError):
            self._restart()  # not this session's: read anew
            return
        self._source = history
        size = len(self._said)
        for rank in RANKS:  # each pool built at once, not a note at a time
            joined, alone = [ABSENT] * size, [ABSENT] * size
            for note in self._notes.values():
                buried = self._topics.buried(note.slot)
                placed = (not note.stale, note.new, salient_of[note.slot], not note.held)
                if placed == rank and not buried:
                    joined[note.slot], alone[note.slot] = note.alone + note.seam, note.alone
            self._ranks[rank] = SlotPool.built(list(range(size)), joined, alone)
        self._members = [[] for _ in range(size)]
