"""A statement's continuation kept with it. Pure.

The user's messages are cut into statements at sentences and clauses (`user_statements`),
and a long dictated one at its joining words. A piece that names none of the fact-bearing
word classes is usually the rest of the statement before it: when or how much of what that
one named ("We want to go to Kashi, about 1.2 lakh. Around Karthigai, so November next
year"). Ranked on its own, such a piece has nothing a question names it by, so it loses to
its neighbours on the notes' budget or the summary's cap, and the date goes while the trip
stays (or is kept with nothing to say what it dates); or it says what became of that
thing ("About the old policy: I went to the branch. They explained, and I surrendered it"),
and ranked with no figure and no class it is the first to go. So the memory keeps each
classless piece that continues the statement before it with that statement, when that one
names a class, in the same message: one statement, ranked, kept and dropped as one. A piece
continues what was said before when it states a figure (an amount, a date, a count: of the
thing just named) or refers back to it (a pronoun or a demonstrative: "it", "that", "they").
A classless piece that does neither ("Want to sort out my money", "the weather is nice")
says nothing about the statement before: joined to it, it would only make it longer and
keep the facts from holding it, so it stays apart, ranked least salient, as does a classless
piece with nothing before it.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from fincoach_tui.domain.user_statements import (
    Statement,
    classes_of,
    has_figure,
    pick_statements,
)

# Words that point back at what was just said: English pronouns and demonstratives, and the
# Hindi ones people mix in ("wo", "uska").
_REFERS_BACK = re.compile(
    r"\b(?:it|its|that|this|these|those|they|them|their|there|he|she|him|her|"
    r"wo|woh|ye|yeh|uska|uski|uske|iska|iski|iske|unka|unki|usko|isko)\b",
    re.IGNORECASE,
)


def continues(text: str) -> bool:
    """Whether a statement that names no word class goes on with the one said before it:
    it states a figure or refers back (`_REFERS_BACK`)."""
    return has_figure(text) or bool(_REFERS_BACK.search(text))


def with_continuations(statements: Sequence[Statement]) -> list[Statement]:
    """`statements` (of one message, in the order said) with each one that names no word
    class (`classes_of`) but `continues` it joined to the one before it, when that one (with
    what was joined to it) names a class."""
    joined: list[Statement] = []
    for statement in statements:
        text = statement.text
        if joined and not classes_of(text) and continues(text) and classes_of(joined[-1].text):
            last = joined[-1]
            joined[-1] = Statement(last.turn, f"{last.text.rstrip('.')}. {statement.text}")
        else:
            joined.append(statement)
    return joined


# A header in square brackets that opens a message: the time or the channel it was sent on
# ("[0742]", "[SMT 0740, 2 days later]", "[voice note 0:21]", "[fwd]").
_HEADER = re.compile(r"^\s*\[[^\[\]\n]{1,40}\]\s*")


def without_header(text: str) -> str:
    """`text` without the header in square brackets it opens with, if any: metadata of how
    the message came, not something the user states. Its digits are no figure (a statement
    "[0805] ok, how much should I save" would rank with those that carry an amount no fact
    holds), and in every line of the notes it would only cost tokens."""
    return _HEADER.sub("", text, count=1)


def message_statements(text: str, turn: int) -> list[Statement]:
    """The statements of one user message (`pick_statements`), without the header it opens
    with (`without_header`), each classless piece kept with the classed statement before it
    (`with_continuations`)."""
    return with_continuations(pick_statements(without_header(text), turn))
