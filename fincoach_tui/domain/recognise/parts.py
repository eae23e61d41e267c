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
from fincoach_tui.domain.recognise.not_now import denied, not_now
from fincoach_tui.domain.recognise.small_bills import small_bills
from fincoach_tui.domain.recognise.words import MONTH_ABBREVIATIONS, MONTH_NAME
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


_MONTH = MONTH_NAME
_ABSOLUTE_DATE = re.compile(
    rf"\b(?:(?P<d1>\d{{1,2}})(?:st|nd|rd|th)?\s+(?:of\s+)?)?(?P<m1>{_MONTH})\.?"
    rf"(?:\s+(?P<d2>\d{{1,2}})(?:st|nd|rd|th)?)?,?\s+(?P<y>(?:19|20)\d\d)\b"
    r"|\b(?P<dd>\d{1,2})[/-](?P<mm>\d{1,2})[/-](?P<yy>(?:19|20)\d\d)\b"
    r"|\b(?P<m_only>\d{1,2})[/-](?P<y_only>(?:19|20)\d\d)\b"
    # a year cut to two digits after a month: "March '28", "Dec ’27"
    rf"|\b(?P<m3>{_MONTH})\.?,?\s*['’](?P<y3>\d\d)\b"
    # a part of a year: "mid-2027", "early 2028", "by the end of 2029"
    r"|\b(?P<part>early|mid|late|end\s+of)[-\s](?P<py>(?:19|20)\d\d)\b"
    # "target 2031", "we will target 2030 instead": a target's year is its date
    r"|\b(?P<lead_y>by|in|until|till|before|around|target|targeting)\s+(?P<year>(?:19|20)\d\d)\b"
    # the year first: "2029 June", "2027 er December", "2028 chya March"
    rf"|\b(?P<yf>(?:19|20)\d\d)\s+(?:(?:er|ka|ki|ke|chya|cha|la)\s+)?(?P<mf>{_MONTH})\b"
    # Hindi puts "by" after the year: "2027 tak"
    r"|\b(?P<tak_year>(?:19|20)\d\d)\s+(?:tak|takk)\b",
    re.IGNORECASE,
)
_LEAD = re.compile(r"\b(by|till|until|before|on|around|from|after)\s+$", re.IGNORECASE)
_NUM = rf"(?:\d{{1,3}}(?:\.5)?|{NUMBER})"
_DURATION = re.compile(
    rf"\b(?P<n>{_NUM})(?P<half>\s+and\s+a\s+half)?[-\s](?P<unit>years?|months?|yrs?|"
    r"saal|sal|varsh|mahine|mahina|mahino)\b"
    r"(?!\s+(?:from now|from today|later|hence|ago|old|pehle|pahle|purana|purani))"
    # "beta 5 saal ka hai": an age, not a term
    r"(?!\s+(?:ka|ki|ke)\s+(?:hai|hain|hoon|hu|hun|h|tha|thi)\b)",
    re.IGNORECASE,
)
# What is left of a term, said as a count: "2 years left", "20 more months to go", "about
# seventeen years remaining", "2 years 3 months left", Hindi "22 mahine aur bache hain",
# "14 months baaki", "12 saal baaki"; "11 EMIs left" and, where a loan is named or the clause
# is only the count ("5 left", "nine more to go"), a bare count of instalments, in months.
# It is a date from now ("in 22 months"), so that it resolves to the month the term ends.
_YEARS = r"years?|yrs?|saal|sal|varsh"
_MONTHS_UNIT = r"months?|mahine|mahina|mahino|emis?|instal+ments?|installments?"
_REMAINING = re.compile(
    rf"\b(?:(?P<y>{_NUM})\s+(?:{_YEARS})(?:\s+(?:and\s+)?(?P<ym>{_NUM})\s+(?:{_MONTHS_UNIT}))?"
    rf"|(?P<m>{_NUM})(?:\s+(?:more|aur|further))?\s+(?:{_MONTHS_UNIT})"
    rf"|(?P<bare>{_NUM}))"
    r"(?:\s+(?:more|aur|further))?\s+(?:(?:are|is|still|hi)\s+)?"
    r"(?:left|to\s+go|remaining|baa?ki|bache|bachi|bacha|rehte|rahe)\b",
    re.IGNORECASE,
)
# What is left said as more of it, with no word for "left": "runs for 15 months more", "15
# more months", "another two years", "for a further 8 months". A date from now, as above.
_MORE = re.compile(
    rf"\b(?:(?:another|a\s+further)\s+(?P<n1>{_NUM})\s+(?P<u1>{_YEARS}|{_MONTHS_UNIT})"
    rf"|(?P<n2>{_NUM})\s+(?:more|further)\s+(?P<u2>{_YEARS}|{_MONTHS_UNIT})"
    rf"|(?P<n3>{_NUM})\s+(?P<u3>{_YEARS}|{_MONTHS_UNIT})\s+more)\b",
    re.IGNORECASE,
)
# "loan khatam hone mein 2 saal", "EMI band hone mein 8 mahine": the time until it ends.
_UNTIL_END = re.compile(
    rf"\b(?:khatam|band|poora|pura|clear)\s+hone\s+(?:mein|me|main)\s+(?:(?:bas|abhi|aur)\s+)?"
    rf"(?:(?P<y>{_NUM})\s+(?:{_YEARS})|(?P<m>{_NUM})\s+(?:{_MONTHS_UNIT}))\b",
    re.IGNORECASE,
)
_LOAN_WORDS = re.compile(r"\b(?:emis?|loans?|instal+ments?|installments?|mortgage)\b", re.I)
_RATE = re.compile(r"(?<![\w.])(\d{1,2}(?:\.\d{1,2})?)\s*(?:%|percent\b|per cent\b)", re.IGNORECASE)


@lru_cache(maxsize=8192)
def figures_in(clause: str) -> tuple[Figure, ...]:
    """Every figure in a clause, in order: dates first claim their words, then amounts,
    rates and durations in what is left."""
    figures: list[Figure] = []
    taken: list[tuple[int, int]] = []

    def free(start: int, end: int) -> bool:
        return not any(start < b and a < end for a, b in taken)

    for match in _ABSOLUTE_DATE.finditer(clause):
        if match["yf"]:  # "2027 October tak": the year said first is the month's
            figures.append(Figure("date", match.start(), match.end(), _absolute(match)))
            taken.append((match.start(), match.end()))
    for match in RELATIVE_DATE.finditer(clause):
        if not free(match.start(), match.end()):
            continue
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
        span = (amount.start, amount.end)
        if not free(*span) or not_now(clause, "amount", *span):
            continue  # another figure's words, or what it was or the wrong one
        figures.append(Figure("amount", amount.start, amount.end, str(amount), amount))
        taken.append((amount.start, amount.end))
    for amount in small_bills(clause):  # "wifi 499", "mobile recharge 299 a month"
        if free(amount.start, amount.end) and not denied(clause, amount.start, amount.end):
            figures.append(Figure("amount", amount.start, amount.end, str(amount), amount))
            taken.append((amount.start, amount.end))
    for match in _RATE.finditer(clause):
        if free(match.start(), match.end()) and not not_now(clause, "rate", *match.span()):
            figures.append(Figure("rate", match.start(), match.end(), f"{match.group(1)}%"))
            taken.append((match.start(), match.end()))
    for match in (*_REMAINING.finditer(clause), *_UNTIL_END.finditer(clause)):
        left = _remaining(match, clause)
        if left and free(match.start(), match.end()):
            figures.append(Figure("date", match.start(), match.end(), left))
            taken.append((match.start(), match.end()))
    for match in _MORE.finditer(clause):
        left = _more(match)
        if left and free(match.start(), match.end()):
            figures.append(Figure("date", match.start(), match.end(), left))
            taken.append((match.start(), match.end()))
    for match in _DURATION.finditer(clause):
        if match["unit"].lower().startswith("mahin") and (count_value(match["n"]) or 0) >= 100:
            continue  # "1200 mahina": Hindi for a month's figure, not a term
        if free(match.start(), match.end()) and not not_now(clause, "duration", *match.span()):
            figures.append(Figure("duration", match.start(), match.end(), _duration(match)))
    return tuple(sorted(figures, key=lambda f: f.start))


def _remaining(match: re.Match[str], clause: str) -> str:
    """What is left of a term as a date from now ("in 27 months"); "" for a bare count
    where nothing says it counts instalments ("3 left" of anything but a loan)."""
    groups = match.groupdict()
    if groups.get("bare") and not (
        _LOAN_WORDS.search(clause) or len(clause.split()) <= 5 and not find_amounts(clause)
    ):
        return ""
    years = count_value(groups["y"]) if groups["y"] else 0.0
    months = count_value(groups.get("ym") or groups["m"] or groups.get("bare") or "0") or 0.0
    total = round((years or 0.0) * 12 + months)
    if not 0 < total <= 480:
        return ""
    if total % 12 == 0 and groups["y"]:
        return f"in {total // 12} year{'s' * (total != 12)}"
    return f"in {total} month{'s' * (total != 1)}"


def _more(match: re.Match[str]) -> str:
    """More of a term said as a date from now: "15 months more" is "in 15 months"."""
    count = match["n1"] or match["n2"] or match["n3"]
    unit = (match["u1"] or match["u2"] or match["u3"]).lower()
    number = count_value(count) or 0.0
    if number != int(number) or not 0 < number <= 480:
        return ""
    shown = int(number)
    if re.match(_YEARS, unit):
        return f"in {shown} year{'s' * (shown != 1)}"
    return f"in {shown} month{'s' * (shown != 1)}"


def denied_values(clause: str) -> tuple[str, ...]:
    """The amounts and rates a clause says are the wrong ones, which `figures_in` leaves
    out: "the FD is at 6.9%, not 7.25%" denies 7.25%."""
    amounts = [str(a) for a in find_amounts(clause) if denied(clause, a.start, a.end)]
    rates = [f"{m[1]}%" for m in _RATE.finditer(clause) if denied(clause, m.start(), m.end())]
    return (*amounts, *rates)


def _with_lead(clause: str, start: int, text: str) -> tuple[int, str]:
    if text.split(" ", 1)[0].lower() in ("by", "till", "until", "before", "on", "in", "around"):
        return start, text
    lead = _LEAD.search(clause[:start])
    if lead:
        return lead.start(), f"{lead.group(1).lower()} {text}"
    return start, text


def _absolute(match: re.Match[str]) -> str:
    if match["y3"]:
        return f"{match['m3'][:3].title()} 20{match['y3']}"
    if match["py"]:
        return f"{' '.join(match['part'].lower().split())} {match['py']}"
    if match["year"]:
        return f"{match['lead_y'].lower()} {match['year']}"
    if match["tak_year"]:
        return f"by {match['tak_year']}"
    if match["yf"]:
        return f"{match['mf'][:3].title()} {match['yf']}"
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
    unit = "month" if match["unit"].lower().startswith(("m", "mahin")) else "year"
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
