"""Slips of typing mended before the recogniser reads a message. Pure.

The commonest slips in the words that name a kind ("salry", "expnses", "rnet"), a letter
left out or two swapped, are written right so that a typo does not hide a fact; a number
corrected in the same breath takes the scale of the figure it corrects, and a rate said in
words is written in digits.
"""

from __future__ import annotations

import re
from collections.abc import Iterable

from fincoach_tui.domain.number_words import rates_in_digits
from fincoach_tui.domain.recognise.corrections import scale_corrections

_VOCABULARY = frozenset(
    "salary income rent rental expenses insurance premium deposit deposits mortgage landlord "
    "pension mutual emergency savings maturity matures investment investments recurring "
    "tenure dependents dependants children parents husband daughter monthly conservative "
    "aggressive moderate interest take-home loan fixed policy portfolio stocks".split()
)


def _slips(word: str) -> Iterable[str]:
    """The misspellings of `word` one slip away: an inner letter left out, or two adjacent
    letters swapped. (A last letter left out is often another word: "saving".)"""
    for i in range(1, len(word) - 1):
        yield word[:i] + word[i + 1 :]
    for i in range(len(word) - 1):
        if word[i] != word[i + 1]:
            yield word[:i] + word[i + 1] + word[i] + word[i + 2 :]


_MENDED = {slip: word for word in _VOCABULARY for slip in _slips(word) if len(slip) >= 4}
_MENDED = {slip: word for slip, word in _MENDED.items() if slip not in _VOCABULARY}
_WORD = re.compile(r"[A-Za-z]{4,}")


def mend_typos(text: str) -> str:
    """`text` with the kind words it misspells one slip away written right, and a number
    corrected in the same breath in the scale of the figure it corrects (`scale_corrections`:
    "18k no wait not 18 its 16"), and a rate said in words in digits ("seven point one
    percent")."""

    def mend(match: re.Match[str]) -> str:
        word = match.group(0)
        return _MENDED.get(word.lower(), word)

    return scale_corrections(rates_in_digits(_WORD.sub(mend, text)))
