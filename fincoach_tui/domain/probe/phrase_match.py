"""Where a request states a phrase value in equivalent wording, and only then. Pure.

A phrase ("I cannot take risk", "bike loan is closed", "Amma appa are in Mysuru") is found
word by word, not character by character, so that wording that says the same thing in the
same words is accepted:

- case, punctuation and spacing: "car loan: closed" == "car loan closed", "1-year-old" ==
  "1 year old", "’" == "'";
- contractions: "can't" == "cannot" == "can not", "don't" == "do not", "I'm" == "I am";
- the speaker as subject: "I cannot take risk" == "cannot take risk" ("risk: cannot take
  risk", a fact's line says the user's stance without the "I"), "we are moderate" ==
  "moderate"; only where nobody else is named as the subject instead.

And never a different statement: a phrase right after a negation ("not", "never", "no") is
not stated ("we are not conservative" does not state "conservative"); a phrase whose
subject was left out is not stated of someone else ("my wife cannot take risk" does not
state "I cannot take risk"); a different word or number is a different value ("two kids"
is not "three kids", "can take risk" is not "cannot take risk").
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from functools import lru_cache

# A word: a number (with its separators: "4,800", "7.5"), or letters with an apostrophe
# inside ("can't", "karan's").
_TOKEN = re.compile(r"\d+(?:[.,]\d+)*|[^\W\d_]+(?:['’][^\W\d_]+)*")
# Contractions, as the words they stand for.
_CONTRACTIONS = {
    "can't": ("cannot",),
    "won't": ("will", "not"),
    "shan't": ("shall", "not"),
    "i'm": ("i", "am"),
    "we're": ("we", "are"),
    "it's": ("it", "is"),
    "i've": ("i", "have"),
    "we've": ("we", "have"),
    "i'll": ("i", "will"),
    "we'll": ("we", "will"),
    "i'd": ("i", "would"),
}
# The speaker as a subject, and the verb that may follow it, left out of a phrase.
_SUBJECTS = frozenset({"i", "we"})
_AUXILIARIES = frozenset({"am", "are"})
# What, just before a phrase, says it is not so.
_NEGATIONS = frozenset({"not", "never", "no", "nor", "neither"})
# What may stand just before a phrase whose subject was left out: nothing else named as
# the subject ("my wife cannot take risk").
_SPEAKER_BEFORE = _SUBJECTS | _AUXILIARIES | {"me", "us", "both", "of", "too", "also", "so"}


def _words(text: str) -> list[tuple[str, int, int]]:
    """`text`'s words, normalised, each with its span in `text`."""
    out: list[tuple[str, int, int]] = []
    for match in _TOKEN.finditer(text.casefold()):
        word = match.group().replace("’", "'")
        start, end = match.span()
        if word in _CONTRACTIONS:
            out.extend((w, start, end) for w in _CONTRACTIONS[word])
        elif word.endswith("n't"):  # "don't", "isn't", "wasn't": the verb and "not"
            out.extend(((word[:-3], start, end), ("not", start, end)))
        elif word == "not" and out and out[-1][0] == "can" and out[-1][2] < start:
            out[-1] = ("cannot", out[-1][1], end)  # "can not"
        else:
            out.append((word, start, end))
    return out


@lru_cache(maxsize=4096)
def phrase_words(phrase: str) -> tuple[tuple[str, ...], tuple[str, ...]]:
    """A phrase's words, and the same without the speaker as its subject (empty when it
    has none, or nothing but the subject)."""
    words = tuple(w for w, _, _ in _words(phrase))
    rest = words
    if rest and rest[0] in _SUBJECTS:
        rest = rest[1:]
        if rest and rest[0] in _AUXILIARIES:
            rest = rest[1:]
    return words, (rest if rest != words else ())


# What between two words ends a clause: the word after it has no subject before it.
_EDGE = re.compile(r"[.,:;!?()\[\]\n—–]|\s-\s|^-\s")
# A fact's label before its value ("risk: cannot take risk", "risk appetite: low"): the
# words a line names a stance, a family or a place by, which stand where the subject was.
_LABELS = frozenset(
    {"risk", "appetite", "stance", "reason", "family", "dependants", "city", "preference"}
)


class PhraseText:
    """A request's words, read once, in which phrases are found."""

    def __init__(self, text: str) -> None:
        self._text = text
        self._words = _words(text)
        self._at: dict[str, list[int]] = {}
        for n, (word, _, _) in enumerate(self._words):
            self._at.setdefault(word, []).append(n)

    def spans(self, phrase: str) -> Iterator[tuple[int, int]]:
        """Where `phrase` is stated, in equivalent wording (the module's rules), as spans of
        the request's text."""
        words, bare = phrase_words(phrase)
        for found, subject_left_out in ((words, False), (bare, True)):
            if not found:
                continue
            for n in self._at.get(found[0], ()):
                end = n + len(found)
                if tuple(w for w, _, _ in self._words[n:end]) != found:
                    continue
                if not self._edge_before(n):
                    before = self._words[n - 1][0]
                    if before in _NEGATIONS:
                        continue  # "not conservative"
                    if subject_left_out and before not in _SPEAKER_BEFORE | _LABELS:
                        continue  # "my wife cannot take risk"
                yield self._words[n][1], self._words[end - 1][2]

    def _edge_before(self, n: int) -> bool:
        """Whether the `n`th word opens the text or a clause."""
        if n == 0:
            return True
        start, previous_end = self._words[n][1], self._words[n - 1][2]
        return previous_end < start and bool(_EDGE.search(self._text[previous_end:start]))
