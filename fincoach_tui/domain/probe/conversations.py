"""Probe conversations generated from a seed, each with its ground truth. Pure, no I/O.

A conversation plants 5-8 kinds of fact at random early turns, changes one to three of
them midway in free wording, buries everything under unrelated questions, and ends with
late questions about every planted kind. For each late question it records which facts
the answer needs, the value each has by then, and the values it had before (which must
not be sent as current). The same seed always gives the same conversations.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from datetime import UTC, datetime

from fincoach_tui.domain.probe import phrasing as say
from fincoach_tui.domain.probe.kinds import CHANGEABLE, KINDS, PLANT, Draw, change, questions
from fincoach_tui.domain.probe.matcher import Value, month_index

DEFAULT_SEED = 11
DEFAULT_COUNT = 50
YEAR = 2026  # conversations take place in this year, on a day from the seed


@dataclass(frozen=True)
class Needed:
    """A fact a late question needs: its value by then, and the values it had before."""

    key: str
    current: Value
    earlier: tuple[Value, ...] = ()


@dataclass(frozen=True)
class ProbeTurn:
    text: str
    needs: tuple[Needed, ...] = ()  # empty but for late questions
    states: tuple[str, ...] = ()  # keys this message plants or changes


@dataclass(frozen=True)
class Conversation:
    number: int
    start: float  # when the first message is sent (epoch seconds, UTC)
    turns: tuple[ProbeTurn, ...]
    kinds: tuple[str, ...]  # the kinds planted, in the order they were
    history: dict[str, tuple[tuple[int, Value], ...]]  # key -> (turn, value), oldest first
    title: str = ""  # a written conversation's title (corpus.py); generated ones have none

    @property
    def questions(self) -> list[tuple[int, ProbeTurn]]:
        """(turn number, turn) of every late question."""
        return [(n, t) for n, t in enumerate(self.turns, start=1) if t.needs]

    @property
    def changed(self) -> tuple[str, ...]:
        return tuple(k for k, said in self.history.items() if len(said) > 1)


def generate(seed: int = DEFAULT_SEED, count: int = DEFAULT_COUNT) -> tuple[Conversation, ...]:
    """`count` conversations from `seed`; conversation n is the same whatever `count` is."""
    return tuple(conversation(seed, number) for number in range(count))


def conversation(seed: int, number: int) -> Conversation:
    rng = random.Random(seed * 1_000_003 + number)
    month, day = rng.randrange(12), rng.randint(2, 25)
    start = datetime(YEAR, month + 1, day, 9, 0, tzinfo=UTC).timestamp()
    draw = Draw(rng, month_index(YEAR, month + 1))

    # Every kind turns up over a run: two are fixed by the conversation's number.
    fixed = {KINDS[number % len(KINDS)], KINDS[(number + 4) % len(KINDS)]}
    others = rng.sample([k for k in KINDS if k not in fixed], rng.randint(3, 6))
    kinds = [*fixed, *others]
    kinds.sort(key=KINDS.index)
    rng.shuffle(kinds)
    planted = [PLANT[kind](draw) for kind in kinds]
    keys_of = {kind: tuple(s.values) for kind, s in zip(kinds, planted)}

    said = {k: v for statement in planted for k, v in statement.values.items()}
    changeable = [k for k in said if k in CHANGEABLE]
    if not changeable:  # every conversation changes something
        kinds.append("rent")
        planted.append(PLANT["rent"](draw))
        keys_of["rent"] = ("rent",)
        said.update(planted[-1].values)
        changeable = ["rent"]
    to_change = rng.sample(changeable, rng.randint(1, min(3, len(changeable))))
    changes = [change(draw, key, said[key]) for key in to_change]

    asked = [q for kind in kinds for q in questions(draw, kind, keys_of[kind])]
    rng.shuffle(asked)
    if rng.random() < 0.5:
        everything = tuple(k for kind in kinds for k in keys_of[kind])
        asked.append((draw.pick(say.SUMMARY_ASK), everything))

    filler = rng.sample(say.FILLER, rng.randint(14, 22))
    early = len(planted) + len(changes) + len(filler)
    plant_by = early // 2  # facts are planted in the first half of the early turns ...
    plant_at = sorted(rng.sample(range(1, plant_by + 1), len(planted)))
    # ... and changed in the second, at least five turns before the first late question.
    change_at = sorted(rng.sample(range(plant_by + 2, early - 4), len(changes)))

    slots: dict[int, tuple[str, dict[str, Value]]] = {}
    for turn, statement in zip(plant_at, planted):
        slots[turn] = (statement.text, statement.values)
    for turn, statement in zip(change_at, changes):
        slots[turn] = (statement.text, statement.values)
    fillers = iter(filler)
    turns: list[ProbeTurn] = []
    history: dict[str, list[tuple[int, Value]]] = {}
    for turn in range(1, early + 1):
        if turn in slots:
            text, values = slots[turn]
            for key, value in values.items():
                history.setdefault(key, []).append((turn, value))
            turns.append(ProbeTurn(text, states=tuple(values)))
        else:
            turns.append(ProbeTurn(next(fillers)))
    for text, keys in asked:
        turns.append(ProbeTurn(text, tuple(_needed(key, history[key]) for key in keys)))
    return Conversation(
        number,
        start,
        tuple(turns),
        tuple(kinds),
        {k: tuple(v) for k, v in history.items()},
    )


def _needed(key: str, said: list[tuple[int, Value]]) -> Needed:
    """Nothing is stated after the early turns, so the last value said is the current one."""
    return Needed(key, said[-1][1], tuple(value for _, value in said[:-1]))
