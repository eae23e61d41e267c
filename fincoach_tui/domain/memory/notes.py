"""The user's own words beside the facts: what extraction could not classify is still sent.

The fact store holds what the extractor recognised. A statement it could not read ("my
better half earns a bit more than me, around 95k") would otherwise be gone once it left
the verbatim tail. So the `facts` strategy also sends notes: the user's statements (see
`user_statements`) from turns outside the tail that the current facts do not already hold,
the ones the new question is about first (the same relevance as the facts'), then the
newest, within a budget that grows with how many there are, up to a bound: a fixed number
of statements costs the same every turn.

The notes are derived from the transcript when the request is built, deterministically and
with no model call: they are the user's words as said, so there is nothing to extract and
nothing to store twice. A note that states a value a current fact has replaced is left
out (the fact says the newer value); a deleted fact's value is blanked in them as everywhere.
"""

from __future__ import annotations

import bisect
import math
import operator
from collections.abc import Callable, Iterable, Mapping, Sequence

from fincoach_tui.domain.context import Section
from fincoach_tui.domain.conversation import Message
from fincoach_tui.domain.fact_relevance import (
    GROWTH_LIMIT,
    fact_words,
    note_question_words,
    topic_asked,
)
from fincoach_tui.domain.fact_store import FactStore, redact
from fincoach_tui.domain.finance_facts import normalise_key
from fincoach_tui.domain.language_topics import language_topic_keys
from fincoach_tui.domain.memory.note_cover import held_mentions
from fincoach_tui.domain.memory.note_fit import DirectGroups, fill_alike, topic_groups
from fincoach_tui.domain.memory.note_parts import (
    RANK_ORDER,
    asked_note,
    by_turn,
    covered_classes,
    held_by,
    new_note,
    topic_names,
)
from fincoach_tui.domain.memory.session_memo import SessionMemo
from fincoach_tui.domain.statement_pieces import message_statements
from fincoach_tui.domain.statement_verdicts import marked_line, replaced
from fincoach_tui.domain.user_statements import Statement, classes_of, salience

# "fact" in the label: the inspector and the offline coach read it as part of the facts.
NOTES_LABEL = "In the user's words, fact notes (newest first; the known facts win over them)"
NOTES_TOKENS = 120
TOKENS_PER_NOTE = 28

# The fact kind whose question words make a note of a word class relevant.
_CLASS_KEYS = {
    "family": ("family",),
    "place": ("city",),
    "risk": ("risk",),
    "goal": ("goal_",),
    "insurance": ("insurance",),
    "debt": ("loan", "debt"),
    "saving": ("sip", "fd", "rd", "invest", "savings", "emergency"),
    "income": ("salary",),
    "cost": ("rent", "expenses", "cost"),
}


def notes_budget(base: int, stored: int) -> int:
    """`base` tokens, grown to hold every note up to `GROWTH_LIMIT` times `base`."""
    return min(max(base, TOKENS_PER_NOTE * stored), GROWTH_LIMIT * base)


def current_values(store: FactStore | None) -> dict[str, str]:
    return {normalise_key(f.key): f.value for f in store.current()} if store else {}


def current_turns(store: FactStore | None) -> dict[str, float]:
    """The turn each current fact was said at; a value the user edited counts as said after
    every statement (their word is final)."""
    if store is None:
        return {}
    return {
        normalise_key(f.key): math.inf if f.origin == "edited" else f.turn for f in store.current()
    }


def edited_keys(store: FactStore | None) -> frozenset[str]:
    """The keys whose current value the user set by editing the fact."""
    if store is None:
        return frozenset()
    return frozenset(normalise_key(f.key) for f in store.current() if f.origin == "edited")


def facts_state(store: FactStore | None, edited: frozenset[str] = frozenset()) -> tuple:
    """What a note's verdict and line depend on in the store: the current facts (key, value,
    origin, turn), the keys the user edited, the deleted values (blanked in the lines)."""
    if store is None:
        return ((), edited, ())
    current = tuple(sorted((f.key, f.value, f.origin, f.turn) for f in store.current()))
    return (current, edited, tuple(f.value for f in store.deleted()))


def statements_of(message: Message, memo: SessionMemo) -> tuple[Statement, ...]:
    """The statements of a user message, each classless piece kept with the statement
    before it (`message_statements`), read once per message (by id) in `memo`."""
    known = memo.statements.get(message.id)
    if known is None or known[0] != message.content:
        known = (message.content, tuple(message_statements(message.content, message.turn)))
        memo.statements[message.id] = known
    return known[1]


def user_notes(
    history: Iterable[Message],
    left_out: Callable[[Message], bool],
    facts: Mapping[str, str],
    edited: frozenset[str] = frozenset(),
    memo: SessionMemo | None = None,
    state: tuple | None = None,
) -> list[Statement]:
    """The user's statements in `history` messages `left_out` accepts, oldest first; a
    statement said again is kept once, newest. One the current `facts` hold is kept too, and
    sent after those they do not (see `notes_section`): a fact is the recogniser's reading,
    which may lose the user's words ("loan EMI: closed" of "the tractor loan is closed") or
    be replaced later by a misreading. One that states a value a current fact has replaced
    is kept, marked, and sent last: the recogniser may have misread what replaced it; but
    not one whose value the user replaced by editing the fact (`edited` keys): their word
    is final.

    With the session's `memo` and the store's `state` (`facts_state`, which `facts` and
    `edited` must be read from), each message's statements are read once and each
    statement is judged once while the facts stay as they are."""
    memo = memo if memo is not None else SessionMemo()
    dropped: dict[str, bool] = memo.dropped.at(state) if state is not None else {}
    notes: dict[str, Statement] = {}
    for message in history:
        if message.role != "user" or not left_out(message):
            continue
        for statement in statements_of(message, memo):
            text = statement.text
            drop = dropped.get(text)
            if drop is None:
                drop = dropped[text] = bool(edited and edited & set(replaced(text, facts)[0]))
            if not drop:
                notes.pop(text, None)
                notes[text] = statement
    return list(notes.values())


def asked_about(statement: Statement, question: str) -> bool:
    """Whether `question` is about what the note says: it names the note's word class
    ("how much do my parents need" for a note about papa's pension) or one of its words
    (`note_question_words`: not how it asks, "tell me honestly")."""
    said = note_question_words(question)
    keys = ("note", *note_keys(statement.text))
    return any(
        topic_asked(key, question) or not said.isdisjoint(fact_words(key, statement.text))
        for key in keys
    )


def note_traits(text: str, memo: SessionMemo) -> tuple[bool, frozenset[str], frozenset[str]]:
    """A note's salience (> 0), the fact keys of its word classes, and the stems of the words
    a question may name it by: what `asked_about` reads, worked out once per text."""
    known = memo.note_traits.get(text)
    if known is None:
        keys = note_keys(text)
        words = frozenset().union(*(fact_words(k, text) for k in ("note", *keys)))
        known = memo.note_traits[text] = (salience(text) > 0, keys, words)
    return known


def note_keys(text: str) -> frozenset[str]:
    """The fact keys of the topics a note names: those of its word classes (`_CLASS_KEYS`)
    and those it names in a romanised Indian language ("dokan er bhara", "illu adde":
    rent; `language_topics.LANGUAGE_TOPICS`), the one table a question's topics are read
    with too."""
    classes = (key for name in classes_of(text) for key in _CLASS_KEYS[name])
    return frozenset(classes) | language_topic_keys(text)


_ALL_CLASS_KEYS = tuple(dict.fromkeys(k for keys in _CLASS_KEYS.values() for k in keys))


def asked_topics(question: str) -> set[str]:
    """The fact keys of the word classes whose kind `question` names: a note of such a class
    is one the question is about (see `note_traits`)."""
    return {k for k in _ALL_CLASS_KEYS if topic_asked(k, question)} if question else set()


def notes_section(
    notes: Sequence[Statement],
    store: FactStore | None,
    budget: int,
    count_text: Callable[[str], int],
    question: str = "",
    memo: SessionMemo | None = None,
) -> tuple[Section | None, int]:
    """The notes that fit `budget` tokens: those `question` is about first (`asked_note`),
    then by rank (`note_parts.RANKS`): those not wholly replaced by a current fact before
    those that are, but chatter (neither new to the facts nor salient) after the replaced
    ones with a figure or a fact-bearing word; within each, those that say something of a
    kind the facts do not hold (`new_to_facts`) before the rest, then those with a figure
    or a fact-bearing word before the rest, then those the facts do not hold all of before
    those they do, the newest first at each step; listed newest first.
    Returns the section (None if empty) and how many it holds.

    Each note is worked out once (its line and whether it is wholly replaced, while the
    facts stay as they are; its salience and words, for good, in the session's `memo`), and
    the section is counted a line at a time: a trial adds the new line's tokens and those
    its separators make with its neighbours (see `_fit`)."""
    memo = memo if memo is not None else SessionMemo()
    facts = current_values(store)
    judged = memo.note_lines.at(facts_state(store))
    covered = (covered_classes(facts), current_turns(store), held_mentions(facts.values()))
    said = note_question_words(question) if question else set()
    topics = asked_topics(question)

    def rank(i: int) -> tuple[bool, int, int]:
        note = notes[i]
        known = judged.get((note.turn, note.text))
        _, stale, held, new = known or _judge(note, facts, store, judged, covered)
        salient, keys, words = note_traits(note.text, memo)
        asked = bool(question) and asked_note(stale, said, topics, words, keys)
        return asked, -RANK_ORDER[(not stale, new, salient, not held)], i

    order = sorted(range(len(notes)), key=rank, reverse=True)

    def line(i: int) -> str:
        note = notes[i]
        known = judged.get((note.turn, note.text))
        return (known or _judge(note, facts, store, judged, covered))[0]

    # (each group made only when the fill asks for it)
    newer = DirectGroups([topic_names(n.text) for n in notes])
    kept = _fit(order, line, budget, count_text, memo.note_counts.at(count_text), newer)
    if not kept:
        return None, 0
    text = "\n".join(line(j) for j in kept)
    return Section("fact", NOTES_LABEL, text), len(kept)


def _judge(
    note: Statement,
    facts: Mapping[str, str],
    store: FactStore | None,
    judged: dict[tuple[int, str], tuple[str, bool, bool, bool]],
    covered: tuple[frozenset[str], Mapping[str, float], frozenset[str]],
) -> tuple[str, bool, bool, bool]:
    """`note`'s line (marked, redacted), whether a current fact said after it wholly replaced
    it, whether the current facts hold all it says (`held_by`), and whether it says
    something of a kind they do not hold (`new_to_facts`) or a newer value than one said
    before it (`by_turn`), or a figure or a name none of them holds (`note_cover`;
    `covered`: the word classes the facts cover, each fact's turn, what their values hold)."""
    later, earlier = by_turn(note.text, note.turn, facts, covered[1])
    held = held_by(note.text, facts)
    new = not held and new_note(note.text, facts.keys(), covered[0], earlier, covered[2])
    verdict = (
        redact(marked_line(note, later), store),
        replaced(note.text, later)[1],
        held,
        new,
    )
    judged[(note.turn, note.text)] = verdict
    return verdict


def newer_on_topic(notes: Sequence[Statement]) -> list[tuple[int, ...]]:
    """For each note (by index, oldest first), the newer notes that must be sent with it:
    those on the same topic (`on_topic`: they share a topic name). A note is never sent
    without the newer ones that may replace what it says: when not all fit, the older goes,
    so an old value is never sent without the newer one beside it. Not theirs in turn: a
    chain through common words would pull in notes about other things. Found by topic name
    (`note_fit.topic_groups`), not by comparing every pair."""
    return topic_groups([topic_names(note.text) for note in notes])


def _fit(
    order: Sequence[int],
    line: Callable[[int], str],
    budget: int,
    count: Callable[[str], int],
    counted: dict[str | tuple[str, str], int],
    newer: DirectGroups,
) -> list[int]:
    """Greedily, in `order`, the notes whose lines, joined newest (highest index) first,
    fit `budget`: those kept, newest first. A note is kept with the newer ones on its
    topic (`newer`: `newer_on_topic`), all of them or none; one kept with another's is
    tried no more.

    A line's tokens in the joined text are its own plus what the separators before and after
    it add with their neighbours: what joining the last word of one line and the first of
    the next adds to their counts (few distinct seams: kept from turn to turn). That is
    exact for a tokenizer whose tokens do not reach across a space on either side of the
    newline (a word count; tiktoken's, which splits text at spaces before merging); the
    joined text is counted once at the end to confirm, and if it differs, the section is
    worked out again counting each trial's joined text."""
    kept: list[int] = []  # newest (highest index) first
    total = 0

    def own(i: int) -> int:
        text = line(i)
        known = counted.get(text)
        if known is None:
            known = counted[text] = count(text)
        return known

    def pair(a: int, b: int) -> int:  # what joining a's line and b's adds: at the seam
        key = (line(a).rpartition(" ")[2], line(b).partition(" ")[0])
        known = counted.get(key)
        if known is None:
            end, start = key
            known = counted[key] = count(f"{end}\n{start}") - count(end) - count(start)
        return known

    def add(i: int) -> int:  # insert i, return what it cost
        at = bisect.bisect_left(kept, -i, key=operator.neg)
        before = kept[at - 1] if at else None
        after = kept[at] if at < len(kept) else None
        cost = own(i)
        if before is not None:
            cost += pair(before, i)
        if after is not None:
            cost += pair(i, after)
        if before is not None and after is not None:
            cost -= pair(before, after)
        kept.insert(at, i)
        return cost

    alike = len({line(i).partition(" ")[0] for i in order}) == 1
    fast = fill_alike(order, own, lambda i: pair(i, i), budget, newer) if alike else None
    if fast is not None:  # the same notes, found without a trial per note (note_fit.py)
        kept, total = fast
    for i in order if fast is None else ():
        if i in kept:
            continue
        group = [j for j in (i, *newer[i]) if j not in kept]
        saved = kept[:]
        cost = sum(add(j) for j in group)
        if total + cost <= budget:
            total += cost
        else:
            kept[:] = saved
    if kept and count("\n".join(line(j) for j in kept)) != total:
        return _fit_joined(order, line, budget, count, newer)
    return kept


def _fit_joined(
    order: Sequence[int],
    line: Callable[[int], str],
    budget: int,
    count: Callable[[str], int],
    newer: DirectGroups,
) -> list[int]:
    """`_fit`, counting each trial's whole joined text: for a tokenizer that is not local."""
    kept: list[int] = []
    for i in order:
        if i in kept:
            continue
        trial = sorted({*kept, i, *newer[i]}, reverse=True)
        if count("\n".join(line(j) for j in trial)) <= budget:
            kept = trial
    return kept


def reference_notes(
    history: Iterable[Message],
    left_out: Callable[[Message], bool],
    store: FactStore | None,
    count_text: Callable[[str], int],
    question: str = "",
    memo: SessionMemo | None = None,
    *,
    edited: frozenset[str] | None = None,
    room: int | None = None,
) -> tuple[Section | None, int]:
    """The notes section built from scratch (`user_notes`, then `notes_section`): the user's
    statements in the `history` messages `left_out` accepts, judged against `store`'s
    current facts, within the notes' budget (and `room` tokens, if given). `edited`: the
    keys whose value the user set by editing a fact, if not `store`'s own (a store standing
    for newer values than the facts judges against them, but the user's edits are the
    fact store's). The section and how many notes it holds."""
    edited = edited_keys(store) if edited is None else edited
    said = user_notes(
        history, left_out, current_values(store), edited, memo, facts_state(store, edited)
    )
    if not said:
        return None, 0
    budget = notes_budget(NOTES_TOKENS, len(said))
    if room is not None:
        budget = min(budget, room)
    return notes_section(said, store, budget, count_text, question, memo)
