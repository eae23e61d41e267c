"""A normalised value with the user's own words beside it. Pure.

The recogniser writes a value one way, so that values compare and read back: "Bombay" is
"Mumbai", "paisa doobna nahi chahiye" is "conservative", "do bachche" is "2 children". The
user will ask in their own words ("is Bombay rent ok?"), and a model answering reads them
better than the class: where the words said differ from the value, a short quote of them
follows it, `Mumbai ("Bombay")`. The quote is kept short (a few words) so that it costs a
few tokens a fact, and it is no part of the value: two values that differ only by it are
the same value (`without_own_words`).
"""

from __future__ import annotations

import re

# At most this many words of what the user said are quoted; more are cut with "…".
QUOTE_WORDS = 5
_QUOTED = re.compile(r'\s+\("[^"]*"\)$')


def with_own_words(value: str, said: str) -> str:
    """`value` followed by ` ("<said>")` when the user said it in other words; `value`
    alone when the words said are in it already ("Mumbai" of "Mumbai") or none were."""
    said = " ".join(said.strip(" ,.;:!?").split())
    if not said or said.casefold() in value.casefold():
        return value
    words = said.split()
    if len(words) > QUOTE_WORDS:
        said = " ".join(words[:QUOTE_WORDS]) + " …"
    return f'{value} ("{said}")'


def without_own_words(value: str) -> str:
    """`value` without the quote `with_own_words` put after it."""
    return _QUOTED.sub("", value)
