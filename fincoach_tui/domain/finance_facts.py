"""Personal-finance facts found in plain text: salary, expenses, an FD, risk appetite...

Used by the offline coach (to say which facts a request lets it see) and its simulated
summarizer. A deterministic pattern matcher, not understanding: it recognises the ways
people state these figures in the notebook's conversations and the app's examples.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass

_AMOUNT = r"(?:₹|\brs\.?\s?|\binr\s?)\s?\d[\d,]*(?:\.\d+)?(?:\s?(?:lakhs?|l|k|cr|crores?)\b)?"

# key -> (label, pattern); the first group is the value. Patterns read within one clause:
# the gap between a label and its amount never crosses . ? ! ; or … (a summary's separators),
# so "FD ₹50,000; ₹10,000 in SIPs" cannot lend the SIP amount to the FD.
_PATTERNS: dict[str, tuple[str, str]] = {
    "name": ("name", r"\b(?:i'm|i am|my name is)\s+([A-Z][a-z]+)\b"),
    "salary": ("salary", rf"\b(?:salary|income|take-home)\b[^.?!;…₹]*?({_AMOUNT})"),
    "expenses": ("monthly expenses", rf"\bexpenses?\b[^.?!;…₹]*?({_AMOUNT})"),
    "fd_amount": ("FD", rf"\b(?:FD|fixed deposit)\b[^.?!;…₹]*?({_AMOUNT})"),
    "fd_maturity": ("FD maturity", r"\bmatur\w*\s+in\s+(\d+\s+(?:days?|weeks?|months?|years?))"),
    "risk": (
        "risk preference",
        r"\b(risk[- ]averse|conservative|aggressive|moderate risk|high[- ]risk appetite|low[- ]risk)\b",
    ),
    "sip": (
        "SIP",
        rf"({_AMOUNT})\s*(?:per month|a month|/month|monthly)?\s*(?:in|into|as)\s+(?:an?\s+)?SIPs?\b",
    ),
    "goal": (
        "goal",
        r"\b(?:saving|save|planning) (?:up )?for (?:a |an |my )?([a-z][a-z ]{2,30}?)(?:[.,!?]| in | by |$)",
    ),
}
_COMPILED = {key: (label, re.compile(p, re.IGNORECASE)) for key, (label, p) in _PATTERNS.items()}
# Names are capitalised words: match case-sensitively after the intro phrase.
_COMPILED["name"] = ("name", re.compile(r"\b(?:I'm|I am|[Mm]y name is)\s+([A-Z][a-z]+)\b"))


@dataclass(frozen=True)
class FinanceFact:
    key: str
    label: str
    value: str
    source: str  # where it was seen: a message id, or "summary"


# How to state a fact so that `find_facts` reads it back: summaries are re-read at every
# fold, so a fact must survive being restated.
_RESTATE = {
    "name": "I'm {}",
    "salary": "salary {}",
    "expenses": "expenses {}",
    "fd_amount": "FD {}",
    "fd_maturity": "FD maturing in {}",
    "risk": "{}",
    "sip": "{} in SIPs",
    "goal": "saving for {}.",
}


def label_of(key: str) -> str:
    """How a fact key is shown: the matcher's own label, or the key in words."""
    known = _PATTERNS.get(key)
    return known[0] if known else key.replace("_", " ")


def restate(fact: FinanceFact) -> str:
    return _RESTATE[fact.key].format(fact.value)


def find_facts(texts: Iterable[tuple[str, str]]) -> dict[str, FinanceFact]:
    """Facts in `(source, text)` pairs, oldest first; a later mention replaces an earlier one."""
    facts: dict[str, FinanceFact] = {}
    for source, text in texts:
        for key, (label, pattern) in _COMPILED.items():
            for match in pattern.finditer(text):
                value = " ".join(match.group(1).split())
                facts[key] = FinanceFact(key, label, value, source)
    return facts


def rupees(amount: str) -> float | None:
    """ "₹1,20,000" -> 120000.0, "₹1.8 L" -> 180000.0; None if unparseable."""
    match = re.search(r"(\d[\d,]*(?:\.\d+)?)\s*(lakhs?|l|k|cr|crores?)?\b", amount, re.IGNORECASE)
    if not match:
        return None
    value = float(match.group(1).replace(",", ""))
    unit = (match.group(2) or "").lower()
    scale = {"k": 1e3, "l": 1e5, "lakh": 1e5, "lakhs": 1e5, "cr": 1e7, "crore": 1e7, "crores": 1e7}
    return value * scale.get(unit, 1)


def format_rupees(value: float) -> str:
    """Indian digit grouping: 120000 -> "₹1,20,000"."""
    whole = str(int(round(value)))
    if len(whole) <= 3:
        return f"₹{whole}"
    head, tail = whole[:-3], whole[-3:]
    groups = []
    while len(head) > 2:
        groups.insert(0, head[-2:])
        head = head[:-2]
    if head:
        groups.insert(0, head)
    return "₹" + ",".join(groups) + "," + tail
