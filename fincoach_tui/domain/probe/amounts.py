"""Rupee amounts as people write them, both ways: rendered in one of many formats, and read
back from any text whatever format a summarizer or extractor chose. Pure.

"₹28,000", "28k", "28,000 rupees", "0.28 lakh", "Rs 28000" and "twenty-eight thousand" are
one amount; the probe compares amounts by value, never by spelling.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Iterator

from fincoach_tui.domain.currencies import format_rupees

# The formats the generator writes amounts in (every one appears over a default run).
AMOUNT_FORMATS = ("symbol", "k", "rupees", "lakh", "crore", "words", "rs")

LAKH = 100_000
CRORE = 10_000_000

_ONES = (
    "zero one two three four five six seven eight nine ten eleven twelve thirteen fourteen "
    "fifteen sixteen seventeen eighteen nineteen"
).split()
_TENS = "_ _ twenty thirty forty fifty sixty seventy eighty ninety".split()


def formats_for(value: int) -> tuple[str, ...]:
    """The formats that read naturally for `value`: no "0.3 lakh", no "2500k"."""
    usable = ["symbol", "rupees", "rs", "words"]
    if value % 100 == 0 and value < 10 * LAKH:
        usable.append("k")
    if LAKH <= value < CRORE and value % 1000 == 0:
        usable.append("lakh")
    if value >= CRORE and value % LAKH == 0:
        usable.append("crore")
    return tuple(usable)


def render(value: int, style: str) -> str:
    """`value` rupees in `style` (one of AMOUNT_FORMATS; it must suit the value)."""
    if style == "symbol":
        return format_rupees(value)
    if style == "k":
        return f"{_decimal(value / 1000)}k"
    if style == "rupees":
        return format_rupees(value)[1:] + " rupees"
    if style == "lakh":
        return f"{_decimal(value / LAKH)} lakh"
    if style == "crore":
        return f"{_decimal(value / CRORE)} crore"
    if style == "words":
        return in_words(value)
    if style == "rs":
        return f"Rs {value}"
    raise ValueError(f"unknown amount format {style!r}")


def _decimal(number: float) -> str:
    return f"{number:.2f}".rstrip("0").rstrip(".")


def in_words(value: int) -> str:
    """Indian numbering in words: 120000 -> "one lakh twenty thousand"."""
    if value == 0:
        return "zero"
    parts = []
    for size, name in ((CRORE, "crore"), (LAKH, "lakh"), (1000, "thousand"), (100, "hundred")):
        count, value = divmod(value, size)
        if count:
            parts.append(f"{_below_hundred(count) if count < 100 else in_words(count)} {name}")
    if value:
        parts.append(_below_hundred(value))
    return " ".join(parts)


def _below_hundred(n: int) -> str:
    if n < 20:
        return _ONES[n]
    tens, ones = divmod(n, 10)
    return _TENS[tens] + (f"-{_ONES[ones]}" if ones else "")


# ---- reading amounts back ---------------------------------------------------------------
_SCALES = {
    "k": 1e3,
    "thousand": 1e3,
    "l": LAKH,
    "lac": LAKH,
    "lacs": LAKH,
    "lakh": LAKH,
    "lakhs": LAKH,
    "lpa": LAKH,
    "cr": CRORE,
    "crore": CRORE,
    "crores": CRORE,
}
# Figures are found by their digits (fast), then read with what follows them: a scale
# ("k", "lakh", "crore", "LPA": lakh per annum) multiplies. A currency sign before them
# changes nothing, even glued ("Rs.1340", "Rs18,000", "9,800rs"). Digits glued to other
# letters ("o200k", "2nd") are not amounts.
_DIGITS = re.compile(r"\d+(?:,\d{2,3})*(?:\.\d+)?")
_AFTER = re.compile(r"\s*(?P<scale>k|thousand|lakhs?|lacs?|lpa|l|crores?|cr)\b", re.IGNORECASE)
_GLUED_CURRENCY_BEFORE = re.compile(r"(?:^|[^a-z0-9])(?:rs\.?|inr)$", re.IGNORECASE)
_GLUED_CURRENCY_AFTER = re.compile(r"(?:rs|inr)\b", re.IGNORECASE)
# A smaller part after a scaled figure completes it: "1 lakh 20 thousand", "3 lakh fifty
# thousand", "1 crore and 20 lakh".
_SMALLER_PART = re.compile(
    r"\s+(?:and\s+)?(?P<part>\d+(?:\.\d+)?|(?:[a-z]+[\s-]+)*?[a-z]+)\s+"
    r"(?P<scale>thousand|k|lakhs?|lacs?|l)\b",
    re.IGNORECASE,
)
_WORD_VALUES = {word: n for n, word in enumerate(_ONES)} | {
    word: 10 * n for n, word in enumerate(_TENS) if word != "_"
}
# Words that would make a run of number words longer (so it names another amount).
_RUN_WORDS = frozenset(
    [*_WORD_VALUES, "fourty", "hundred", "thousand", "lakh", "lakhs", "lac", "lacs", "crore"]
    + ["crores"]
)


def figures_in(text: str) -> Iterator[tuple[re.Match[str], str]]:
    """Every free-standing figure in `text`, with the text just after it."""
    for match in _DIGITS.finditer(text):
        start, end = match.span()
        if start and (text[start - 1].isalnum() or text[start - 1] in "._,"):
            if not _GLUED_CURRENCY_BEFORE.search(text, max(0, start - 5), start):
                continue
        yield match, text[end : end + 40]


def amounts_in(
    text: str, figures: Iterable[tuple[re.Match[str], str]] | None = None
) -> Iterator[tuple[float, int, int]]:
    """Every amount in `text` written in digits, as (rupees, start, end); `figures`: the
    text's figures_in, if already found. Amounts in words are looked for one value at a
    time (`worded_spans`): scanning every word for them is slow."""
    consumed = 0  # where the last amount ended: "20" of "1 lakh 20 thousand" is not its own
    for match, after in figures_in(text) if figures is None else figures:
        if match.start() < consumed:
            continue
        number = float(match.group().replace(",", ""))
        scaled = _AFTER.match(after)
        if scaled:
            scale = _SCALES[scaled["scale"].lower()]
            end = scaled.end()
            smaller = _SMALLER_PART.match(after, end)
            part = _part_value(smaller["part"]) if smaller else None
            part_scale = _SCALES[smaller["scale"].lower()] if smaller else scale
            if smaller and part is not None and part * part_scale < scale:
                consumed = match.end() + smaller.end()
                yield number * scale + part * part_scale, match.start(), consumed
            else:
                yield number * scale, match.start(), match.end() + end
        elif not (after[:1].isalnum() or after[:1] == "_") or _GLUED_CURRENCY_AFTER.match(after):
            yield number, match.start(), match.end()


def _part_value(part: str) -> float | None:
    """The figure or number words of a smaller part ("20", "fifty", "twenty five")."""
    if part[:1].isdigit():
        return float(part)
    total = 0
    for word in re.split(r"[\s-]+", part.lower()):
        if word not in _WORD_VALUES:
            return None
        total += _WORD_VALUES[word]
    return float(total) if total else None


def word_forms(value: float) -> tuple[str, ...]:
    """How `value` is written in words (lower case, spaces for hyphens): "twenty five
    thousand"; also "two and a half lakh" where it is a whole and a half lakh or crore."""
    if value != int(value) or value < 100:
        return ()
    forms = [in_words(int(value)).replace("-", " ")]
    for size, name in ((LAKH, "lakh"), (CRORE, "crore")):
        whole, rest = divmod(int(value), size)
        if whole and rest == size // 2:
            forms.append(f"{in_words(whole)} and a half {name}".replace("-", " "))
    # The spellings people use for the same words: "lac", "lakhs", "crores", "fourty".
    for plain, variant in _WORD_VARIANTS:
        forms += [form.replace(plain, variant) for form in forms if plain in form]
    return tuple(dict.fromkeys(forms))


_WORD_VARIANTS = (
    ("forty", "fourty"),
    ("lakh", "lac"),
    ("lakh", "lakhs"),
    ("lakh", "lacs"),
    ("crore", "crores"),
)


def worded_spans(words: str, value: float) -> Iterator[tuple[int, int]]:
    """Where `value` is written in words in `words` (a text lowered, hyphens as spaces).
    Whole runs only: "twenty five thousand" inside "one lakh twenty five thousand" is not
    twenty-five thousand."""
    for form in word_forms(value):
        start = words.find(form)
        while start != -1:
            end = start + len(form)
            before = words[max(0, start - 12) : start].split()
            after = words[end : end + 12].split()
            glued = bool(before and before[-1] in _RUN_WORDS) or bool(
                after and after[0] in _RUN_WORDS
            )
            edges = words[start - 1 : start].isalpha() or words[end : end + 1].isalpha()
            if not glued and not edges:
                yield start, end
            start = words.find(form, end)


def same_amount(a: float, b: float) -> bool:
    return abs(a - b) < 0.5
