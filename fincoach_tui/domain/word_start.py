"""Long alternations that look for a word's start first. Pure.

Python's `re` tries every alternative of a pattern at every place in the text. When each
alternative starts a word with a letter or a digit, `\\b(?=\\w)` in front finds exactly the
same matches and turns most places away at once: the recogniser's longest patterns (every
kind's anchor words, relative dates, known cities and localities) take about half the time.
Each such pattern is listed here by `starts_words`, so that one test can check that every
one of them finds what it finds with `\\b` alone.
"""

from __future__ import annotations

import re

WORD_START = r"\b(?=\w)"

# name -> pattern, for the test that the word-start prefix changes no match
WORD_START_PATTERNS: dict[str, re.Pattern[str]] = {}


def starts_words(name: str, pattern: re.Pattern[str]) -> None:
    """Lists `pattern` as one that looks for a word's start first; it must begin so."""
    if not pattern.pattern.startswith(WORD_START):
        raise ValueError(f"{name}: the pattern must begin with {WORD_START}")
    WORD_START_PATTERNS[name] = pattern
