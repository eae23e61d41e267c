"""The words a document is read as, for BM25 (bm25.py): lower-cased content words, lightly
stemmed, an amount as one word. Pure."""

from __future__ import annotations

import re

_STOPWORDS = frozenset(
    "a an the and or but if of to in on at by for with from as is are was were be been am i "
    "me my mine we our you your it its this that these those what which who whom how when "
    "where why do does did have has had can could should would will shall may might must "
    "so than then there here about into over under again any some no not just very also "
    "please tell let know much many more most give get got like want need im ive".split()
)
_SUFFIXES = ("ities", "ity", "ing", "ies", "es", "ed", "ly", "s", "e")


def words(text: str) -> list[str]:
    """Lower-cased, light-stemmed content words: "maturing"/"maturity" -> "matur".

    Digit groups are joined first ("1,20,000" -> "120000") so an amount is one word.
    """
    text = re.sub(r"(?<=\d),(?=\d)", "", text.lower().replace("'", ""))
    return [_stem(w) for w in re.findall(r"[a-z0-9]+", text) if w not in _STOPWORDS]


def _stem(word: str) -> str:
    if word.isdigit():
        return word
    for suffix in _SUFFIXES:
        if word.endswith(suffix) and len(word) - len(suffix) >= 3:
            return word[: -len(suffix)] + ("y" if suffix == "ies" else "")
    return word
