"""A figure corrected in the same breath keeps the scale it was said in. Pure.

People correct themselves without repeating the unit: "rent is 18k no wait not 18 its 16",
"take-home 1.2L, sorry 1.25", "the RD is 4 thousand, I mean 5". The corrected number is the
new value in the scale of the one it corrects; read bare, "16" would be sixteen rupees, or
nothing at all. `scale_corrections` writes the unit back onto such numbers, so the
recogniser reads the correction as what it is (and the denied "not 18" as denied).

A number is scaled only after a word of correction ("no wait", "sorry", "I mean",
"scratch that", "make it", "not") that follows a scaled figure closely, and only when it
is of the same order as that figure (a count or a year after it is not a correction).
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import replace

from fincoach_tui.domain.amounts import Amount, find_amounts
from fincoach_tui.domain.recognise.clauses import anchors_in
from fincoach_tui.domain.recognise.parts import Figure, figures_in
from fincoach_tui.domain.recognise.values import amount_value

_UNITS = r"k|K|L|lakhs?|lacs?|thousand|cr|crores?"
_SCALED = re.compile(rf"(?<![\w.])(?P<n>\d+(?:\.\d+)?)\s?(?P<unit>{_UNITS})\b")
# The words that take back what was just said, and how close after the figure they come.
_CORRECTION = re.compile(
    r"[\s,.;:!—–-]{0,4}(?:\w+[\s,.;:!—–-]+){0,2}?"
    r"(?:no+\s+wait|wait\s+no|no\s+no|sorry|i\s+mean|rather|correction|scratch\s+that|"
    r"make\s+(?:it|that)|nahi\s+nahi|matlab|not)\b",
    re.IGNORECASE,
)
_REACH = 48  # characters after the marker in which the corrected number is said
_BARE = re.compile(
    r"(?<![\w.₹$,/])(?P<n>\d+(?:\.\d+)?)(?![\w%]|[.,]\d|\s?(?:"
    rf"{_UNITS}|%|per\s?cent|percent|months?|years?|yrs?|days?|weeks?|people|kids|times)\b)",
    re.IGNORECASE,
)
_STOP = re.compile(r"[?\n]")


def scale_corrections(text: str) -> str:
    """`text` with each bare number that corrects a scaled figure given its unit."""
    if not _SCALED.search(text):
        return text
    out: list[str] = []
    done = 0
    for figure in _SCALED.finditer(text):
        if figure.start() < done:
            continue
        marker = _CORRECTION.match(text, figure.end())
        if not marker:
            continue
        end = min(len(text), marker.end() + _REACH)
        stop = _STOP.search(text, marker.end(), end)
        next_scaled = _SCALED.search(text, marker.end(), end)
        end = min(x.start() for x in (stop, next_scaled) if x) if (stop or next_scaled) else end
        value = float(figure["n"])
        for bare in _BARE.finditer(text, marker.end(), end):
            number = float(bare["n"])
            if not value / 3 <= number <= value * 3:
                continue
            out.append(text[done : bare.end()] + figure["unit"])
            done = bare.end()
    out.append(text[done:])
    return "".join(out)


_TAKES_BACK = re.compile(
    r"\b(?:no+\s+wait|wait\s+no|no\s+no|sorry|i\s+mean|correction|scratch\s+that|"
    r"make\s+(?:it|that)|nahi\s+nahi|matlab)\b",
    re.IGNORECASE,
)


def takes_back(between: str) -> bool:
    """Whether the words between two figures take the first back ("4 thousand, I mean 5"):
    the second is then the same thing's value, not a second thing of its kind."""
    return bool(_TAKES_BACK.search(between))


# The words that take back a figure just said, as they open what corrects it: the ones
# above and the looser "actually", "nope", "oops", "typo" ("EMI 9k... actually 11k").
_RETRACTS = (
    r"no+\s+wait|wait\s+no|no\s+no|no+pe|sorry|i\s+mean[t]?|correction|scratch\s+that|rather|"
    r"make\s+(?:it|that)|nahi\s+nahi|matlab|actually|oops|typo|err+|ugh+|uff+|"
    # "no, no" in Indian languages: Hindi "arre nahi", Telugu "kaadu kaadu", Tamil and
    # Kannada "illa illa", Malayalam "alla alla", Marathi "nako nako"
    r"arre\s+nahi|nahi[nṅ]?\s+nahi[nṅ]?|nai\s+nai|kaadu(?:\s+kaadu)?|illa\s+illa|alla\s+alla|"
    r"nako\s+nako|na\s+na|"
    # a lone "no" or "nahi" before a comma or a stop: "nahi, 14,200", "no. 4,400"
    r"(?:no|nahi|nahin|nai)(?=\s*[,.!—–-])"
)
_RETRACTING = re.compile(rf"\b(?:{_RETRACTS})\b", re.IGNORECASE)
_OPENS_RETRACTING = re.compile(
    rf"^\W*(?:(?:{_RETRACTS})\b[\s,.;:!—–-]*)+(?:it'?s|its|it\s+is|is|was|should\s+be)?\s*",
    re.IGNORECASE,
)


_AMOUNT_VALUE = re.compile(r"^(?:₹|[A-Z]{3}\s|[$£€¥])\s?\d")  # "₹45,000", "JPY 30,000"


def retracts(between: str) -> bool:
    """Whether the words between two figures take the first back, loosely ("9k... actually
    11k"): the second then takes the first's role, and the first is dropped."""
    return bool(_RETRACTING.search(between))


def retaken(
    clause: str,
    found: list[tuple[str, str]],
    known: Sequence[tuple[str, str]],
    said_before: str,
) -> tuple[str, str] | None:
    """A clause that only corrects the figure said last ("Sorry, 54k.", "nahi nahi 25k",
    "I mean 23k"): that figure's fact with this value; None for any other clause. The
    figure said last is the message's last fact (`found`), or, when the message has said
    none, the last one `known` before it; a figure said before the clause in the message
    (`said_before`) that filed nothing is the one taken back, and no earlier fact is
    ("I send 7k home" then "Budget 8 lakh, ugh no, make it 10 lakh": no remittance)."""
    if not found and figures_in(said_before):
        return None
    before = found or [*known]
    opening = _OPENS_RETRACTING.match(clause)
    if opening is None or not before:
        return None
    if not (_AMOUNT_VALUE.match(before[-1][1]) or _foreign(before[-1][1])):
        return None
    rest = clause[opening.end() :]  # read apart from the opening: "nahi" denies no figure
    figures = figures_in(rest)
    if len(figures) != 1 or figures[0].amount is None or figures[0].start != 0:
        return None
    key, amount = before[-1][0], figures[0].amount
    amount = in_currency_of(before[-1][1], amount, rest)
    return key, amount_value(key, amount, rest[amount.end :])


def retaken_in_clause(
    facts: list[tuple[str, str]], fact: tuple[str, str], figure: Figure, clause: str, since: int
) -> tuple[str, str] | None:
    """The figure before, taken back ("EMI is 32k, sorry, 23k"), replaced by this one in its
    role: its key, this value. None when a thing is named between the two ("EMI 32k, sorry,
    and rent 23k": the rent's own) or this one is no amount."""
    if not facts or figure.amount is None or anchors_in(clause[since : figure.start]):
        return None
    key, amount = facts[-1][0], in_currency_of(facts[-1][1], figure.amount, clause)
    if key == fact[0] and amount == figure.amount:
        return fact
    return key, amount_value(key, amount, clause[amount.end :])


# Rupees said as rupees: a correction in them is not in the currency before it.
_SAID_RUPEES = re.compile(r"₹|\b(?:rs|inr|rupees?|rupaye|rupaiye|rupay)\b", re.IGNORECASE)


def _foreign(value: str) -> bool:
    """Whether a stated value is an amount in a currency other than the rupee."""
    amounts = find_amounts(value)
    return bool(amounts) and amounts[0].currency != "INR"


def in_currency_of(earlier: str, amount: Amount, text: str) -> Amount:
    """`amount`, a bare number taking back the figure `earlier` ("4,200 euros a month.
    sorry, 4,400"), in that figure's currency: the user corrects the number, not the money
    it is in. As it is when it names its own currency (`text` is what it was read from)."""
    if amount.currency != "INR" or _SAID_RUPEES.search(text, amount.start, amount.end):
        return amount
    before = find_amounts(earlier)
    if not before or before[0].currency == "INR":
        return amount
    return replace(amount, currency=before[0].currency, spelled=before[0].spelled)
