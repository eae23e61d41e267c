"""The pieces the finance recogniser reads in one clause: figures (amounts, rates, dates,
durations). Goals are in `recognise_goals`, the facts that are phrases in
`recognise_phrases`. Pure; see `finance_facts` for how they combine.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import lru_cache

from fincoach_tui.domain.amounts import Amount, find_amounts
from fincoach_tui.domain.fact_kinds import GOAL_OBJECTS, Slots
from fincoach_tui.domain.number_words import NUMBER, count_value
from fincoach_tui.domain.recognise_words import MONTH_ABBREVIATIONS, MONTH_NAME
from fincoach_tui.domain.relative_dates import RELATIVE_DATE

__all__ = ["GOAL_OBJECTS", "Anchor", "Figure", "figures_in"]  # GOAL_OBJECTS: for old importers


@dataclass(frozen=True)
class Anchor:
    start: int
    end: int
    kind: str
    word: str  # the anchor as written ("car loan"), or a goal's slug ("house")
    slots: Slots
    detail: str = ""  # what a goal is, in the user's words ("trip to Japan")


@dataclass(frozen=True)
class Figure:
    kind: str  # "amount" | "rate" | "date" | "duration"
    start: int
    end: int
    text: str  # the value as kept: "₹25,000", "7.1%", "by Mar 2027", "5 years"
    amount: Amount | None = None
    cadence: bool = False  # "a month" / "a year" follows the amount


_MONTH = MONTH_NAME
_ABSOLUTE_DATE = re.compile(
    rf"\b(?:(?P<d1>\d{{1,2}})(?:st|nd|rd|th)?\s+(?:of\s+)?)?(?P<m1>{_MONTH})\.?"
    rf"(?:\s+(?P<d2>\d{{1,2}})(?:st|nd|rd|th)?)?,?\s+(?P<y>(?:19|20)\d\d)\b"
    r"|\b(?P<dd>\d{1,2})[/-](?P<mm>\d{1,2})[/-](?P<yy>(?:19|20)\d\d)\b"
    r"|\b(?P<m_only>\d{1,2})[/-](?P<y_only>(?:19|20)\d\d)\b"
    r"|\b(?P<lead_y>by|in|until|till|before|around)\s+(?P<year>(?:19|20)\d\d)\b",
    re.IGNORECASE,
)
_LEAD = re.compile(r"\b(by|till|until|before|on|around|from|after)\s+$", re.IGNORECASE)
_NUM = rf"(?:\d{{1,3}}(?:\.5)?|{NUMBER})"
_DURATION = re.compile(
    rf"\b(?P<n>{_NUM})(?P<half>\s+and\s+a\s+half)?[-\s](?P<unit>years?|months?|yrs?)\b"
    r"(?!\s+(?:from now|from today|later|hence|ago|old))",
    re.IGNORECASE,
)
_RATE = re.compile(r"(?<![\w.])(\d{1,2}(?:\.\d{1,2})?)\s*(?:%|percent\b|per cent\b)", re.IGNORECASE)
_OLD_AMOUNT = re.compile(
    r"\b(?:from|was|were|used to be|previously|earlier|instead of|than|had been|old|by)\s+"
    r"(?:about|around|roughly|just|another|a further)?\s*$",
    re.IGNORECASE,
)
_DENIED = re.compile(r"\s*(?:nahi|nahin)\b", re.IGNORECASE)
_DENIED_BEFORE = re.compile(r"\b(?:not|no longer|nahi)\s+(?:about|around|just)?\s*$", re.IGNORECASE)
_CADENCE = re.compile(
    r"^\s*(?:a|per|/|every|each)\s*(?:month|year|annum|mo|yr)\b|^\s*(?:monthly|annually|yearly|p\.?a\.?|pm)\b",
    re.I,
)


@lru_cache(maxsize=8192)
def figures_in(clause: str) -> tuple[Figure, ...]:
    """Every figure in a clause, in order: dates first claim their words, then amounts,
    rates and durations in what is left."""
    figures: list[Figure] = []
    taken: list[tuple[int, int]] = []

    def free(start: int, end: int) -> bool:
        return not any(start < b and a < end for a, b in taken)

    for match in RELATIVE_DATE.finditer(clause):
        if re.match(r"(?:last|yesterday)\b", match.group(0), re.IGNORECASE):
            taken.append((match.start(), match.end()))  # a start in the past, not an end
            continue
        start, text = _with_lead(clause, match.start(), match.group(0))
        figures.append(Figure("date", start, match.end(), text))
        taken.append((start, match.end()))
    for match in _ABSOLUTE_DATE.finditer(clause):
        if not free(match.start(), match.end()):
            continue
        start, text = _with_lead(clause, match.start(), _absolute(match))
        figures.append(Figure("date", start, match.end(), text))
        taken.append((start, match.end()))
    for amount in find_amounts(clause):
        if not free(amount.start, amount.end) or _OLD_AMOUNT.search(clause[: amount.start]):
            continue
        if _denied(clause, amount.start, amount.end):
            continue  # "rent 16k hai, 14k nahi", "it's 16k, not 14k": the wrong one
        cadence = bool(_CADENCE.match(clause[amount.end :]))
        figures.append(Figure("amount", amount.start, amount.end, str(amount), amount, cadence))
        taken.append((amount.start, amount.end))
    for match in _RATE.finditer(clause):
        if _denied(clause, match.start(), match.end()):
            continue  # "it was 7.15%, not 7.35%": the wrong one
        if free(match.start(), match.end()):
            figures.append(Figure("rate", match.start(), match.end(), f"{match.group(1)}%"))
            taken.append((match.start(), match.end()))
    for match in _DURATION.finditer(clause):
        if free(match.start(), match.end()):
            figures.append(Figure("duration", match.start(), match.end(), _duration(match)))
    return tuple(sorted(figures, key=lambda f: f.start))


def _denied(clause: str, start: int, end: int) -> bool:
    return bool(_DENIED.match(clause, end) or _DENIED_BEFORE.search(clause[:start]))


def denied_values(clause: str) -> tuple[str, ...]:
    """The amounts and rates a clause says are the wrong ones, which `figures_in` leaves
    out: "the FD is at 6.9%, not 7.25%" denies 7.25%."""
    amounts = [str(a) for a in find_amounts(clause) if _denied(clause, a.start, a.end)]
    rates = [f"{m[1]}%" for m in _RATE.finditer(clause) if _denied(clause, m.start(), m.end())]
    return (*amounts, *rates)


def _with_lead(clause: str, start: int, text: str) -> tuple[int, str]:
    if text.split(" ", 1)[0].lower() in ("by", "till", "until", "before", "on", "in", "around"):
        return start, text
    lead = _LEAD.search(clause[:start])
    if lead:
        return lead.start(), f"{lead.group(1).lower()} {text}"
    return start, text


def _absolute(match: re.Match[str]) -> str:
    if match["year"]:
        return f"{match['lead_y'].lower()} {match['year']}"
    if match["y_only"]:  # "03/2028"
        number = int(match["m_only"])
        months = MONTH_ABBREVIATIONS
        return f"{months[number - 1]} {match['y_only']}" if 1 <= number <= 12 else match.group(0)
    if match["yy"]:
        months = MONTH_ABBREVIATIONS
        number = int(match["mm"])
        if not 1 <= number <= 12:
            return match.group(0)
        return f"{int(match['dd'])} {months[number - 1]} {match['yy']}"
    month = match["m1"][:3].title()
    day = match["d1"] or match["d2"]
    return f"{int(day)} {month} {match['y']}" if day else f"{month} {match['y']}"


def _duration(match: re.Match[str]) -> str:
    number = count_value(match["n"]) or 0.0
    if match["half"]:
        number += 0.5
    unit = "year" if match["unit"].lower().startswith("y") else "month"
    shown = int(number) if number == int(number) else number
    return f"{shown} {unit}{'s' * (shown != 1)}"


# ---- figures said in passing in a question ---------------------------------------------

# Before a figure or its anchor, words that make it the user's own: "my 62k salary", "my
# salary of 62k", "our EMI is already 30k", "with a take-home of 62k", "I earn 62k".
_OWNED = re.compile(
    r"\b(?:my|our|mine|ours)\b|\b(?:i|we)\s+(?:already\s+)?(?:pay|earn|get|make|have|spend|"
    r"take home|draw)\b|\b(?:with|given|on)\s+(?:a|an)\b",
    re.IGNORECASE,
)
# Words that make it what is asked about: "afford a 15k SIP", "increase it to 10k", "if".
_ASKED = re.compile(
    r"\b(?:afford|buy|start|take|increase|raise|reduce|cut|change|move|switch|put|invest|"
    r"from|to|if|than|extra|another|more|less|much|many|enough|of)\s+(?:\w+\s+){0,2}$",
    re.IGNORECASE,
)


def said_in_passing(clause: str, anchor: Anchor, figure: Figure) -> bool:
    """Whether a question gives `figure` as a fact of the user's own rather than asking
    about it: an owner's word ("my", "our", "I earn", "with a") shortly before the figure
    or its anchor, and no asking word ("afford", "increase to", "if") just before it."""
    start = min(anchor.start, figure.start) if anchor.end > 0 else figure.start
    before = clause[max(0, start - 20) : figure.start]
    if re.search(r"\bif\b", clause[: figure.start], re.IGNORECASE):
        return False
    near = clause[max(0, figure.start - 25) : figure.start]
    owned_of = re.search(r"\b(?:my|our|with an?|given an?)\s+[\w-]+\s+of\s+$", near, re.I)
    if _ASKED.search(near) and not owned_of:
        return False
    return bool(_OWNED.search(before))
