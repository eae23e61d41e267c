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

from collections.abc import Callable, Iterable, Mapping, Sequence

from fincoach_tui.domain.context import Section
from fincoach_tui.domain.conversation import Message
from fincoach_tui.domain.fact_relevance import GROWTH_LIMIT, relevant
from fincoach_tui.domain.fact_store import FactStore, redact
from fincoach_tui.domain.finance_facts import normalise_key
from fincoach_tui.domain.user_statements import (
    Statement,
    carried,
    classes_of,
    marked_line,
    pick_statements,
    replaced,
    salience,
)

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


def edited_keys(store: FactStore | None) -> frozenset[str]:
    """The keys whose current value the user set by editing the fact."""
    if store is None:
        return frozenset()
    return frozenset(normalise_key(f.key) for f in store.current() if f.origin == "edited")


def user_notes(
    history: Iterable[Message],
    left_out: Callable[[Message], bool],
    facts: Mapping[str, str],
    edited: frozenset[str] = frozenset(),
) -> list[Statement]:
    """The user's statements in `history` messages `left_out` accepts that the current
    `facts` do not hold, oldest first; a statement said again is kept once, newest. One that
    states a value a current fact has replaced is kept, marked, and sent last (see
    `notes_section`): the recogniser may have misread what replaced it; but not one whose
    value the user replaced by editing the fact (`edited` keys): their word is final."""
    notes: dict[str, Statement] = {}
    for message in history:
        if message.role != "user" or not left_out(message):
            continue
        for statement in pick_statements(message.content, message.turn):
            if edited and edited & set(replaced(statement.text, facts)[0]):
                continue
            if not carried(statement.text, facts):
                notes.pop(statement.text, None)
                notes[statement.text] = statement
    return list(notes.values())


def asked_about(statement: Statement, question: str) -> bool:
    """Whether `question` is about what the note says: it names the note's word class
    ("how much do my parents need" for a note about papa's pension) or one of its words."""
    if relevant("note", statement.text, question):
        return True
    return any(
        relevant(key, statement.text, question)
        for name in classes_of(statement.text)
        for key in _CLASS_KEYS[name]
    )


def notes_section(
    notes: Sequence[Statement],
    store: FactStore | None,
    budget: int,
    count_text: Callable[[str], int],
    question: str = "",
) -> tuple[Section | None, int]:
    """The notes that fit `budget` tokens: those `question` is about first, then those not
    wholly replaced by a current fact before those that are, then those with a figure or a
    fact-bearing word before the rest, the newest first at each step; listed newest first.
    Returns the section (None if empty) and how many it holds."""
    facts = current_values(store)
    lines = {id(n): redact(marked_line(n, facts), store) for n in notes}  # each once

    def rank(i: int) -> tuple[bool, bool, bool, int]:
        note = notes[i].text
        stale = replaced(note, facts)[1]
        asked = bool(question) and not stale and asked_about(notes[i], question)
        return asked, not stale, salience(note) > 0, i

    order = sorted(range(len(notes)), key=rank, reverse=True)
    kept: list[int] = []
    for i in order:
        trial = sorted([*kept, i], reverse=True)
        if count_text("\n".join(lines[id(notes[j])] for j in trial)) <= budget:
            kept = trial
    if not kept:
        return None, 0
    text = "\n".join(lines[id(notes[j])] for j in kept)
    return Section("fact", NOTES_LABEL, text), len(kept)
