"""Whether a statement says an amount or a name no current fact holds. Pure.

The recogniser files what it can read; what it cannot ("medicine costs about 6,500 a
month", "a rented floor behind the market near the lake", "Selvi comes every morning")
is carried only by the user's words. A note with an amount or a rate that no current
fact's value holds, or that names a person or a place (a capitalised word inside the
clause) none of their values names, is the only carrier of what it says: it goes with the
notes new to the facts, before chatter and before what the facts already hold. Years,
counts and durations are not enough: most statements have one, and they would crowd out
the rest.

A statement's mentions are its amounts and rates ("#6500.0") and its names ("@selvi"); a
fact value's are its numbers and its words. A note is covered when each of its mentions is
one of some current value's: so a note's verdict reads only the facts whose values share a
mention with it (`value_mentions`), which is how the notes index knows whom a changed fact
concerns."""

from __future__ import annotations

import re
from collections.abc import Iterable
from functools import lru_cache

from fincoach_tui.domain.person_words import person_names
from fincoach_tui.domain.statement_verdicts import amounts_said, value_numbers

# A capitalised word of three letters or more, possessive too ("Ravi's"); the clause's
# first word and the words just after a sentence's end are capitalised by grammar, not
# because they name someone (but a name used as one is a name there too: `person_names`).
_CAPITALISED = re.compile(r"(?<![\w'’-])[A-Z][a-z]{2,}(?=['’]s\b|(?![\w'’-]))")
_SENTENCE_END = re.compile(r"[.!?:;]\s*$")
# Capitalised words that name a time or are said for emphasis, not a person or a place.
_NOT_NAMES = frozenset(
    (
        "january february march april may june july august september october november december "
        "monday tuesday wednesday thursday friday saturday sunday the and but also plus "
        "okay yes please thanks"
    ).split()
)
_WORD = re.compile(r"[^\W_]+")


def names_in(text: str) -> frozenset[str]:
    """The names `text` says (casefolded): capitalised words inside a clause, and the names
    of people it says anywhere (`person_words`: "Kavya's share", "appu ki fees")."""
    found = set(person_names(text))
    for match in _CAPITALISED.finditer(text):
        before = text[: match.start()]
        if not before.strip() or _SENTENCE_END.search(before):
            continue
        word = match.group().casefold()
        if word not in _NOT_NAMES:
            found.add(word)
    return frozenset(found)


@lru_cache(maxsize=65536)
def mentions(text: str) -> frozenset[str]:
    """What a statement says that a fact would hold: its amounts, rates and names."""
    numbers = {f"#{n}" for n in amounts_said(text)}
    return frozenset(numbers | {f"@{name}" for name in names_in(text)})


@lru_cache(maxsize=65536)
def value_mentions(value: str) -> frozenset[str]:
    """What a fact's value holds of a statement's mentions: its numbers and its words."""
    numbers = {f"#{n}" for n in value_numbers(value)}
    return frozenset(numbers | {f"@{w}" for w in _WORD.findall(value.casefold())})


def held_mentions(values: Iterable[str]) -> frozenset[str]:
    """The mentions the current facts' values hold, together."""
    return frozenset().union(*(value_mentions(v) for v in values))


def uncovered(text: str, held: frozenset[str]) -> bool:
    """Whether `text` says a figure or a name none of the current facts' values holds
    (`held`: `held_mentions` of them)."""
    return not mentions(text) <= held
