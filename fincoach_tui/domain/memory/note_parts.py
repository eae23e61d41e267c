"""A note as the facts strategy's notes index keeps it, and what of the facts its verdict
and line read (so that a change to any other fact leaves them as they are). Pure."""

from __future__ import annotations

import bisect
import math
import re
from collections.abc import Collection, Iterable, Iterator, Mapping
from dataclasses import dataclass
from functools import lru_cache

from fincoach_tui.domain.fact_store import FactStore
from fincoach_tui.domain.finance_facts import recognise
from fincoach_tui.domain.memory.note_cover import uncovered
from fincoach_tui.domain.recognise.endings import has_ended
from fincoach_tui.domain.statement_verdicts import carried, fact_kind, misfiled, outdated, stated
from fincoach_tui.domain.statement_words import without_names
from fincoach_tui.domain.user_statements import CLASSES, classes_of

# A note's rank in the section's order, as (not wholly replaced, new to the facts, salient,
# not held by the facts), first to last. A note new to the facts (`new_to_facts`) is not
# held by them. Those not wholly replaced come first, but chatter (neither new to the facts
# nor salient: "I say no", "that helped") goes after the replaced notes with a figure or a
# fact-bearing word: a value the facts say was replaced may be the user's real one, the
# recogniser having misread what replaced it, and chatter carries nothing.
_FRESH = tuple(
    (True, new, salient, own)
    for new in (True, False)
    for salient in (True, False)
    for own in ((True,) if new else (True, False))
)
_CHATTER = tuple(rank for rank in _FRESH if not rank[1] and not rank[2])
_REPLACED = tuple((False, *rank[1:]) for rank in _FRESH)
RANKS = (
    *(rank for rank in _FRESH if rank not in _CHATTER),
    *(rank for rank in _REPLACED if rank[2]),
    *_CHATTER,
    *(rank for rank in _REPLACED if not rank[2]),
)
# Each rank's place in that order, first 0: the reference's sort key (`notes.notes_section`).
RANK_ORDER = {rank: place for place, rank in enumerate(RANKS)}


def cover_of(fresh: bool, new: bool, own: bool) -> int:
    """A note's cover (`Note.cover`) from its rank's parts: 0 new to the facts, 1 neither new
    nor held, 2 held by them; 3 to 5 the same of a wholly replaced note."""
    return (0 if fresh else 3) + (0 if new else 1 if own else 2)


COVERS = range(6)
REPLACED = 3  # the covers from here on are wholly replaced notes'
# The same order within one word's or topic's notes, as (salient, cover).
NAMED_RANKS = tuple((salient, cover_of(fresh, new, own)) for fresh, new, salient, own in RANKS)


def keys_read(text: str) -> frozenset[str]:
    """The fact keys whose current value (or absence, or being edited) `carried`, `replaced`
    and `marked_line` read for `text`: those the recogniser reads in it. Restricted to
    them, the facts give the same answers (tested), so a change to any other fact leaves
    the text's verdict and line as they were."""
    return frozenset(key for key, _ in recognise(text))


def covered_classes(keys: Iterable[str]) -> frozenset[str]:
    """The word classes (`user_statements.CLASSES`) some fact of `keys` is of: a statement
    of any other class says something of a kind the facts do not hold."""
    keys = tuple(keys)
    return frozenset(
        name for name, (_, prefixes) in CLASSES.items() if any(k.startswith(prefixes) for k in keys)
    )


def by_turn(
    text: str, turn: int, facts: Mapping[str, str], turns: Mapping[str, float]
) -> tuple[dict[str, str], dict[str, str]]:
    """Of the current `facts` a statement said at `turn` reads (`keys_read`), those said
    after it, which can replace what it says, and those said before it, which it may
    replace (`turns`: each key's turn; one with none is taken as said after). One said in
    the same message is neither: the recogniser read it there with the words around it, so
    a different reading of the statement alone is no change of value. Nor is a later value
    of a key whose value the statement says is another current fact's of its kind: read
    alone, it filed that fact's value under the wrong one (`misfiled`)."""
    later: dict[str, str] = {}
    earlier: dict[str, str] = {}
    for key in keys_read(text):
        if key in facts:
            said = turns.get(key, math.inf)
            if said > turn and not misfiled(key, stated(text)[key], facts):
                later[key] = facts[key]
            elif said < turn:
                earlier[key] = facts[key]
    return later, earlier


def kinds_read(text: str) -> frozenset[str]:
    """The kinds of the facts `text` reads (`statement_verdicts.fact_kind`): whether a newer
    value replaces what it says reads the current facts of those kinds (`misfiled`)."""
    return frozenset(fact_kind(key) for key in keys_read(text))


def held_by(text: str, facts: Mapping[str, str]) -> bool:
    """Whether the current `facts` hold all a statement says: `carried`, the one verdict
    the summary's fold reads too (a stance, a dependant or a city said without a figure is
    never held by the recogniser's paraphrase of it)."""
    return carried(text, facts)


# "over" before what it is over ("over 2 lakh", "over the years"): no ending, unlike "the loan
# is over"
_OVER_WHAT = re.compile(r"\bover\s+(?=(?:the|a|an|my|our|rs\.?|inr|₹|\d))", re.IGNORECASE)


def new_to_facts(text: str, keys: Collection[str], covered: frozenset[str]) -> bool:
    """Whether a statement says something of a kind the current facts (`keys`, and the word
    classes they cover, `covered_classes`) do not hold: a fact the recogniser reads in it
    under a key they lack, a word class none of them is of ("I'm the only earner at home"
    with no family fact), or that something has ended ("I surrendered it": a change the
    recogniser may have filed elsewhere or not read). Such a note is the only carrier of
    what it says, so it is sent before those whose kinds the facts already hold."""
    if has_ended(_OVER_WHAT.sub(" ", text)) or any(key not in keys for key in keys_read(text)):
        return True
    return any(name not in covered for name in classes_of(text))


def new_note(
    text: str,
    keys: Collection[str],
    covered: frozenset[str],
    earlier: Mapping[str, str],
    held: frozenset[str],
) -> bool:
    """Whether a note not held by the facts is new to them, so sent before the rest: it says
    something of a kind they do not hold (`new_to_facts`), a newer value than one of them
    said before it (`earlier`: those, `by_turn`), or a figure or a name none of their values
    holds (`held`: `note_cover.held_mentions` of them)."""
    return new_to_facts(text, keys, covered) or outdated(text, earlier) or uncovered(text, held)


def asked_note(
    stale: bool,
    said: Collection[str],
    topics: Collection[str],
    words: frozenset[str],
    keys: frozenset[str],
) -> bool:
    """Whether a question whose words are `said` (`fact_relevance.note_question_words`) and
    whose topics are `topics` (`notes.asked_topics`) is about a note (`notes.note_traits`:
    its `words` and `keys`). A note a current fact wholly replaced (`stale`) is asked only
    by its kind: "is my health
    cover enough?" asks the cover the user stated even when the recogniser filed a later
    hospital bill as the cover, and then the note is sent with the newer ones on its topic,
    marked; a word the question shares with it ("hai", "money") is not enough to send an
    old value first."""
    if not keys.isdisjoint(topics):
        return True
    return not stale and not words.isdisjoint(said)


def blanked(store: FactStore | None) -> tuple[tuple[str, bool], ...]:
    """What `redact` reads in `store`: each deleted value, and whether a current fact still
    says it (then it is not blanked)."""
    if store is None:
        return ()
    keep = {f.value.casefold() for f in store.current()}
    return tuple((f.value, f.value.casefold() in keep) for f in store.deleted())


@dataclass(frozen=True)
class Note:
    slot: int
    line: str
    stale: bool  # a current fact wholly replaced what it says
    alone: int  # its line's tokens
    seam: int  # what the newline after its line adds, before the next line's first word
    start: str  # its line's first word
    held: bool = False  # the current facts hold all it says (`carried`): sent after the rest
    new: bool = False  # of a kind the current facts do not hold (`new_to_facts`): sent first

    @property
    def cover(self) -> int:
        """0 new to the facts, 1 neither new nor held, 2 held by them; 3 to 5 the same of a
        wholly replaced note (`NAMED_RANKS`)."""
        return cover_of(not self.stale, self.new, not self.held)


@lru_cache(maxsize=65536)
def topic_names(text: str) -> frozenset[str]:
    """What `statement_words.on_topic` compares of `text`: two notes are on one topic when
    they share a name (a topic word's stem, or a fact key the recogniser reads, marked); a
    person's name is none (`without_names`)."""
    return without_names(text) | frozenset(f"\0{key}" for key in keys_read(text))


class TopicPostings:
    """The slots of the notes by topic name, each list in slot order: the newer notes on a
    note's topic are those after its slot in its names' lists.

    A note is kept only with every newer one on its topic, so one whose newer notes on a
    name cost more than `bound` tokens alone (the largest budget) is never kept: it is
    buried (`buried`). On each name's list the buried notes are the oldest ones, up to a
    boundary moved as notes come and go: a note is buried once, not looked at each time."""

    def __init__(self, bound: int) -> None:
        self.bound = bound
        self.slots: dict[str, list[int]] = {}
        self._alone: dict[str, list[int]] = {}  # each listed note's tokens, in list order
        self._total: dict[str, int] = {}  # of the name's notes' tokens
        self._cut: dict[str, tuple[int, int]] = {}  # buried on the list, and their tokens
        self._buried: dict[int, int] = {}  # slot -> on how many names it is buried

    def buried(self, slot: int) -> bool:
        return slot in self._buried

    def add(self, slot: int, names: frozenset[str], alone: int) -> set[int]:
        """List a note; return the slots whose burial changed."""
        changed: set[int] = set()
        for name in names:
            slots = self.slots.setdefault(name, [])
            tokens = self._alone.setdefault(name, [])
            at = bisect.bisect_left(slots, slot)
            slots.insert(at, slot)
            tokens.insert(at, alone)
            self._total[name] = self._total.get(name, 0) + alone
            cut, below = self._cut.get(name, (0, 0))
            if at < cut:  # older than a buried note: buried too
                cut, below = cut + 1, below + alone
                self._count(slot, 1, changed)
            self._cut[name] = (cut, below)
            self._settle(name, changed)
        return changed

    def drop(self, slot: int, names: frozenset[str]) -> set[int]:
        """Unlist a note; return the slots whose burial changed."""
        changed: set[int] = set()
        for name in names:
            slots, tokens = self.slots[name], self._alone[name]
            at = bisect.bisect_left(slots, slot)
            alone = tokens[at]
            del slots[at], tokens[at]
            self._total[name] -= alone
            cut, below = self._cut[name]
            if at < cut:
                cut, below = cut - 1, below - alone
                self._count(slot, -1, changed)
            self._cut[name] = (cut, below)
            if not slots:
                del self.slots[name], self._alone[name], self._total[name], self._cut[name]
                continue
            self._settle(name, changed)
        return changed

    def _settle(self, name: str, changed: set[int]) -> None:
        """Move the name's boundary to where the newer notes' tokens pass `bound`."""
        slots, tokens, total = self.slots[name], self._alone[name], self._total[name]
        cut, below = self._cut[name]
        while cut < len(slots) and total - below - tokens[cut] > self.bound:
            self._count(slots[cut], 1, changed)
            cut, below = cut + 1, below + tokens[cut]
        while cut and total - below <= self.bound:
            cut, below = cut - 1, below - tokens[cut - 1]
            self._count(slots[cut], -1, changed)
        self._cut[name] = (cut, below)

    def _count(self, slot: int, step: int, changed: set[int]) -> None:
        count = self._buried.get(slot, 0) + step
        if count:
            self._buried[slot] = count
        else:
            del self._buried[slot]
        if (count == 0) != (count - step == 0):
            changed ^= {slot}

    def newer(self, slot: int, names: frozenset[str], low: dict[str, int]) -> Iterator[int]:
        """The slots of the notes after `slot` sharing one of `names`, newest first per name
        (a slot may come more than once), but for each name those from `low[name]` up."""
        for name in names:
            slots = self.slots.get(name, ())
            at = bisect.bisect_right(slots, slot)
            top = bisect.bisect_left(slots, low[name]) if name in low else len(slots)
            for position in range(top - 1, at - 1, -1):
                yield slots[position]
