"""The fact store: durable facts about the user, with their history. Pure.

Built only from session events (domain/session_events.py; seed 002: every fact needs a timestamp and a supersession
rule, and the user must be able to see, correct and delete it):

  facts         {"turn", "covers_ids", "facts": [Fact], "rejected": reason}
                an extraction's outcome; a rejected one changes no fact
  fact_edit     {"id", "new_id", "value", "at"}   the user corrected a fact
  fact_deleted  {"id", "at"}                      the user deleted a fact
  fact_restored {"id", "at"}                      a deletion undone
  extraction_resumed {"turn"}                     extraction paused by refusals is resumed

A new value for a key supersedes the current one (which is kept, marked with
`superseded_by` and the time); an edit is a supersession by the user. A deleted fact is
never sent again, and the messages it came from are no longer recalled.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import asdict, dataclass, replace
from typing import Any

from fincoach_tui.domain.amounts import parse_amount
from fincoach_tui.domain.context import Conflict
from fincoach_tui.domain.finance_facts import Reading, find_facts, label_of, normalise_key
from fincoach_tui.domain.own_words import without_own_words
from fincoach_tui.domain.relative_dates import as_of

_SHORTEST_REDACTED = 3  # shorter values ("3") would blank out unrelated text
_LEAD_WORD = re.compile(r"^(?:in|by|on|till|until|before|around|at|about|approx\.?|~)\s+", re.I)
_CADENCE = re.compile(r"\b(?:a|per|every)\s+(month|year)\b|\b(monthly|yearly|annually)\b", re.I)


@dataclass(frozen=True)
class Fact:
    id: str
    key: str  # snake_case, normalised: salary, rent, loan_car_emi, rd_end, ... or the model's own
    value: str
    source_ids: tuple[str, ...]  # the messages it was read from
    observed_at: float  # when the newest of them was said (an edit: when it was made)
    turn: int  # the turn of the newest source message
    origin: str = "extracted"  # "extracted" | "edited"
    superseded_by: str | None = None
    superseded_at: float | None = None
    deleted_at: float | None = None

    @property
    def current(self) -> bool:
        return self.superseded_by is None and self.deleted_at is None

    @property
    def label(self) -> str:
        return label_of(self.key)

    def to_dict(self) -> dict[str, Any]:
        data = asdict(self)
        data["source_ids"] = list(self.source_ids)
        return data

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> Fact:
        return cls(
            id=str(data["id"]),
            key=str(data["key"]),
            value=str(data["value"]),
            source_ids=tuple(str(i) for i in data["source_ids"]),
            observed_at=float(data["observed_at"]),
            turn=int(data["turn"]),
            origin=str(data.get("origin", "extracted")),
        )


def same_value(
    key: str, first: str, second: str, first_at: float = 0.0, second_at: float = 0.0
) -> bool:
    """Whether two statements of `key` agree: amounts by their value, currency and cadence
    ("25k" is "₹25,000"; "₹5,000 a year" is not "₹5,000 a month"), dates once made
    absolute ("in 3 months" said in January is "Apr 2026"), anything else ignoring case,
    spacing and a leading "in"/"by"."""
    a, b = as_of(first, first_at), as_of(second, second_at)
    amounts = parse_amount(a), parse_amount(b)
    if amounts[0] is not None and amounts[1] is not None:
        return (
            amounts[0].value == amounts[1].value
            and amounts[0].currency == amounts[1].currency
            and _cadence(a) == _cadence(b)
        )
    return _plain(a) == _plain(b)


def _cadence(text: str) -> str:
    match = _CADENCE.search(text)
    if not match:
        return ""
    word = (match.group(1) or match.group(2)).lower()
    return "year" if word.startswith(("year", "annual")) else "month"


def _plain(text: str) -> str:
    # 'Mumbai ("Bombay")' is 'Mumbai': the user's own words are no part of the value
    return _LEAD_WORD.sub("", " ".join(without_own_words(text).casefold().split()).rstrip("."))


class FactStore:
    """Every fact ever extracted or edited, in the order it arrived. Changed only by its events (domain/session_events.py)."""

    def __init__(self) -> None:
        self._facts: dict[str, Fact] = {}
        self.covered_ids: set[str] = set()  # messages an accepted extraction has read
        self.rejected_turn: int | None = None  # the last turn an extraction was refused
        self.rejected_in_a_row = 0  # refused extractions since the last accepted one (or resume)
        self.notes: list[str] = []  # one line per extraction outcome, newest last
        self._issued = 0

    # ---- reading ---------------------------------------------------------------------
    @property
    def facts(self) -> tuple[Fact, ...]:
        return tuple(self._facts.values())

    def current(self) -> tuple[Fact, ...]:
        return tuple(f for f in self._facts.values() if f.current)

    def get(self, fact_id: str) -> Fact | None:
        return self._facts.get(fact_id)

    def current_for(self, key: str) -> Fact | None:
        return next((f for f in self._facts.values() if f.key == key and f.current), None)

    def deleted(self) -> tuple[Fact, ...]:
        return tuple(f for f in self._facts.values() if f.deleted_at is not None)

    def deleted_source_ids(self) -> set[str]:
        """Messages a deleted fact came from: recall leaves them alone from then on."""
        return {i for f in self.deleted() for i in f.source_ids}

    def next_number(self) -> int:
        return self._issued + 1

    # ---- changing: one method per event (session_events.apply_fact_event) ------------
    def extraction(
        self, turn: int, covers_ids: Iterable[str], facts: Iterable[Fact], rejected: str = ""
    ) -> None:
        """An extraction's outcome (a `facts` event); a rejected one changes no fact."""
        # One key per thing ("take_home_pay" is "salary").
        facts = [replace(f, key=normalise_key(f.key)) for f in facts]
        if rejected:
            self.rejected_turn = turn
            self.rejected_in_a_row += 1
            self.notes.append(f"turn {turn}: extraction rejected ({rejected}); no fact changed")
            return
        self.rejected_in_a_row = 0
        added = sum(1 for fact in facts if self._add(fact))
        self.covered_ids.update(str(i) for i in covers_ids)
        self.notes.append(f"turn {turn}: {added} new fact{'s' * (added != 1)}")

    def resume_extraction(self, turn: int) -> None:
        """The user asked to try again after extraction paused on refusals."""
        self.rejected_in_a_row = 0
        self.notes.append(f"turn {turn}: extraction resumed")

    def delete(self, fact_id: str, at: float) -> None:
        fact = self._require(fact_id)
        self._facts[fact.id] = replace(fact, deleted_at=at)

    def restore(self, fact_id: str) -> None:
        """Undo a deletion: the fact is as it was before it (current, or still superseded)."""
        fact = self._require(fact_id)
        if fact.deleted_at is None:
            raise ValueError(f"fact {fact_id} is not deleted")
        self._facts[fact.id] = replace(fact, deleted_at=None)

    def edit(self, fact_id: str, new_id: str, value: str, at: float) -> None:
        """The user corrected a fact: a supersession by the user."""
        old = self._require(fact_id)
        if not old.current:  # a superseded or deleted fact is history: correct the current one
            raise ValueError(f"fact {old.id} is not current and cannot be edited")
        value = value.strip()
        if not value:
            raise ValueError("an edited fact needs a value")
        edited = Fact(new_id, old.key, value, old.source_ids, at, old.turn, origin="edited")
        self._count_id(edited.id)
        self._facts[edited.id] = edited
        self._facts[old.id] = replace(
            old, superseded_by=edited.id, superseded_at=edited.observed_at
        )

    def _add(self, fact: Fact) -> bool:
        """Store `fact`; it supersedes the key's current fact unless that one is newer."""
        self._count_id(fact.id)
        current = self.current_for(fact.key)
        if current is not None and same_value(
            fact.key, fact.value, current.value, fact.observed_at, current.observed_at
        ):
            return False  # said again: nothing new to remember
        if current is not None and current.observed_at > fact.observed_at:
            fact = replace(fact, superseded_by=current.id, superseded_at=current.observed_at)
        elif current is not None:
            self._facts[current.id] = replace(
                current, superseded_by=fact.id, superseded_at=fact.observed_at
            )
        self._facts[fact.id] = fact
        return True

    def _require(self, fact_id: str) -> Fact:
        fact = self._facts.get(fact_id)
        if fact is None:
            raise KeyError(f"no fact {fact_id!r}")
        return fact

    def _count_id(self, fact_id: str) -> None:
        digits = fact_id.lstrip("f")
        if digits.isdigit():
            self._issued = max(self._issued, int(digits))


def redact(text: str, store: FactStore | None) -> str:
    """`text` with every deleted fact's value blanked, unless a current fact still says it."""
    if store is None:
        return text
    keep = {f.value.casefold() for f in store.current()}
    for fact in store.deleted():
        value = fact.value.strip()
        if len(value) >= _SHORTEST_REDACTED and value.casefold() not in keep:
            text = re.sub(re.escape(value), "[deleted]", text, flags=re.IGNORECASE)
    return text


def conflicts_in(
    text: str,
    said_at: float,
    turn: int,
    facts: Iterable[Fact],
    *,
    in_reply: bool = False,
    source: str = "recalled",
) -> list[Conflict]:
    """Values an old text states that a newer current fact has since replaced.

    Every key the finance recogniser reads in free text is checked (pay, rent, loans,
    deposits, goals, risk...); a model's own keys are checked once normalised to those.
    `in_reply`: the text is the coach's reply, which restates figures: its values are
    checked the same way, and the conflict says it was the coach's. A fact observed before
    the text was said is not newer, so it does not overrule it.
    """
    current = {normalise_key(f.key): f for f in facts if f.current}
    # Read knowing the current facts: "the flat went up to 31k" states rent, "scratch that
    # Japan number" the trip to Japan's amount, as they did when the user said them.
    known = Reading().knowing((key, f.value) for key, f in current.items())
    found = find_facts([("passage", text)], reading=known)
    conflicts = []
    for key, stated in found.items():
        fact = current.get(key)
        if fact is None or fact.observed_at < said_at:
            continue
        if not same_value(key, stated.value, fact.value, said_at, fact.observed_at):
            conflicts.append(
                Conflict(key, turn, stated.value, fact.value, fact.id, in_reply, source)
            )
    return conflicts
