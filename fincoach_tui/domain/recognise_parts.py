"""The pieces the finance recogniser reads in one clause: figures (amounts, rates, dates,
durations) and goal anchors (with the goal's name where the user gives one). The facts that
are phrases are in `recognise_phrases`. Pure; see `finance_facts` for how they combine.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import lru_cache

from fincoach_tui.domain.amounts import Amount, find_amounts
from fincoach_tui.domain.fact_kinds import Slots, key_of
from fincoach_tui.domain.relative_dates import RELATIVE_DATE


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


_MONTH = (
    r"(?:jan(?:uary)?|feb(?:ruary)?|mar(?:ch)?|apr(?:il)?|may|june?|july?|aug(?:ust)?|"
    r"sep(?:t(?:ember)?)?|oct(?:ober)?|nov(?:ember)?|dec(?:ember)?)"
)
_ABSOLUTE_DATE = re.compile(
    rf"\b(?:(?P<d1>\d{{1,2}})(?:st|nd|rd|th)?\s+(?:of\s+)?)?(?P<m1>{_MONTH})\.?"
    rf"(?:\s+(?P<d2>\d{{1,2}})(?:st|nd|rd|th)?)?,?\s+(?P<y>(?:19|20)\d\d)\b"
    r"|\b(?P<dd>\d{1,2})[/-](?P<mm>\d{1,2})[/-](?P<yy>(?:19|20)\d\d)\b"
    r"|\b(?P<m_only>\d{1,2})[/-](?P<y_only>(?:19|20)\d\d)\b"
    r"|\b(?P<lead_y>by|in|until|till|before|around)\s+(?P<year>(?:19|20)\d\d)\b",
    re.IGNORECASE,
)
_LEAD = re.compile(r"\b(by|till|until|before|on|around|from|after)\s+$", re.IGNORECASE)
_NUM = r"(?:\d{1,3}(?:\.5)?|one|two|three|four|five|six|seven|eight|nine|ten|twelve|fifteen|eighteen|twenty|twenty-five|thirty)"
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
_WORD_NUMBERS = {"a": 1, "an": 1, "one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6}


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
        if _DENIED.match(clause, amount.end) or _DENIED_BEFORE.search(clause[: amount.start]):
            continue  # "rent 16k hai, 14k nahi", "it's 16k, not 14k": the wrong one
        cadence = bool(_CADENCE.match(clause[amount.end :]))
        figures.append(Figure("amount", amount.start, amount.end, str(amount), amount, cadence))
        taken.append((amount.start, amount.end))
    for match in _RATE.finditer(clause):
        if free(match.start(), match.end()):
            figures.append(Figure("rate", match.start(), match.end(), f"{match.group(1)}%"))
            taken.append((match.start(), match.end()))
    for match in _DURATION.finditer(clause):
        if free(match.start(), match.end()):
            figures.append(Figure("duration", match.start(), match.end(), _duration(match)))
    return tuple(sorted(figures, key=lambda f: f.start))


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
        months = "Jan Feb Mar Apr May Jun Jul Aug Sep Oct Nov Dec".split()
        return f"{months[number - 1]} {match['y_only']}" if 1 <= number <= 12 else match.group(0)
    if match["yy"]:
        months = "Jan Feb Mar Apr May Jun Jul Aug Sep Oct Nov Dec".split()
        number = int(match["mm"])
        if not 1 <= number <= 12:
            return match.group(0)
        return f"{int(match['dd'])} {months[number - 1]} {match['yy']}"
    month = match["m1"][:3].title()
    day = match["d1"] or match["d2"]
    return f"{int(day)} {month} {match['y']}" if day else f"{month} {match['y']}"


def _duration(match: re.Match[str]) -> str:
    count = match["n"].lower()
    number = float(count) if count[0].isdigit() else float(_WORD_NUMBERS.get(count, 0) or 0)
    if not number and count not in _WORD_NUMBERS:
        words = {"seven": 7, "eight": 8, "nine": 9, "ten": 10, "twelve": 12, "fifteen": 15}
        words |= {"eighteen": 18, "twenty": 20, "twenty-five": 25, "thirty": 30}
        number = float(words.get(count, 0))
    if match["half"]:
        number += 0.5
    unit = "year" if match["unit"].lower().startswith("y") else "month"
    shown = int(number) if number == int(number) else number
    return f"{shown} {unit}{'s' * (shown != 1)}"


# ---- goals -----------------------------------------------------------------------------

GOAL_OBJECTS = {
    "house": "house|home|flat|apartment|property|plot",
    "car": "car",
    "bike": "bike|scooter|motorcycle",
    "wedding": "wedding|marriage",
    "education": "education|college|studies|mba|degree|school",
    "retirement": "retirement|retire",
    "trip": "trip|vacation|holiday|travel|tour",
    "renovation": "renovation|remodel|remodelling",
    "sabbatical": "sabbatical",
    "emergency_fund": "emergency",
    "business": "business|startup",
    "laptop": "laptop",
}
_OBJECT_SLUG = {w: slug for slug, words in GOAL_OBJECTS.items() for w in words.split("|")}
_GOAL_VERB = (
    r"sav(?:e|ing)(?:\s+up)?|put(?:ting)?\s+(?:money\s+)?aside|set(?:ting)?\s+aside|"
    r"plan(?:ning)?|want(?:ing)?|hop(?:e|ing)|aim(?:ing)?|dream(?:ing)?|target(?:ing)?|"
    r"goal\s+is|need"
)
_GOAL = re.compile(
    rf"\b(?:{_GOAL_VERB})\s+(?:(?:to\s+(?:buy|build|fund|pay\s+for|take|go\s+on|afford|have|"
    r"start|get|save\s+for|save\s+up\s+for|make))|for|towards)\s+"
    r"(?:(?:a|an|my|our|the|his|her|their|a\s+new|some)\s+)?"
    r"(?P<obj>[a-z][a-z'-]*(?:\s+[a-z][a-z'-]*){0,2})",
    re.IGNORECASE,
)
_GOAL_LABEL = re.compile(
    r"\b(?:goal|target|dream)\s*(?::|is\s+(?:to\s+(?:buy|build|fund|take|go\s+on|have|get)\s+)?)\s*"
    r"(?:(?:a|an|my|our|the)\s+)?(?P<obj>[a-z][a-z'-]*(?:\s+[a-z][a-z'-]*){0,2})",
    re.IGNORECASE,
)
_OBJECTS = "|".join(_OBJECT_SLUG)
_NOT_A_GOAL = r"(?!\s+(?:loan|emi|insurance|wash|fuel|maintenance|policy|cover|rent|fees?)\b)"
_SAVE_FOR = re.compile(
    rf"\b(?:for|towards?)\s+(?P<art>a|an|my|our|the|his|her|their)\s+(?:\w+'s\s+)?"
    rf"(?:(?:new|big|dream|first|own|europe|foreign|family)\s+)?(?:(?P<obj>{_OBJECTS})\s+)?"
    rf"(?P<obj_b>{_OBJECTS})\b(?:\s+(?:down\s+payment|fund|trip))?{_NOT_A_GOAL}",
    re.IGNORECASE,
)
# "a new car needs 8 lakh", "the wedding will cost 12L", "budget for the trip"
_GOAL_NEEDS = re.compile(
    rf"\b(?:a|an|my|our|the)\s+(?:\w+\s+)?(?P<obj>{_OBJECTS})\b(?:\s+\w+){{0,2}}?\s+"
    r"(?:needs|will need|would need|will cost|would cost|costs? (?:more )?like|budget)"
    rf"|\b(?:budget|plan|quote)\s+for\s+(?:a|an|my|our|the)\s+(?:\w+\s+)?(?P<obj2>{_OBJECTS})\b",
    re.IGNORECASE,
)
_GOAL_PLAN = re.compile(
    r"\b(?:plan(?:ning)?|organi[sz](?:e|ing)|arrang(?:e|ing))\s+"
    r"(?:for\s+)?(?:(?:a|an|my|our|the|his|her|their)\s+)?(?:[a-z]+'s\s+)?"
    rf"(?:(?:new|big|dream|first|own|family)\s+)?(?P<obj>{_OBJECTS})\b{_NOT_A_GOAL}",
    re.IGNORECASE,
)
_GOAL_NAMED = re.compile(
    rf"\b(?:goal|target|dream|down\s*payment)\b[^.;]*?\b(?P<obj>{_OBJECTS})\b{_NOT_A_GOAL}",
    re.IGNORECASE,
)
# What a goal is beyond its slug: "trip to Japan", "wedding in Jaipur".
_GOAL_DETAIL = re.compile(r"\s+(?:to|in|for|at|of)\s+(?:the\s+)?([A-Z][\w-]+(?:\s+[A-Z][\w-]+)?)")
_SAVING_VERB = re.compile(
    r"\b(?:sav(?:e|ing)|put|set aside|aside|invest(?:ing)?|aim(?:ing)?|target|need)\b", re.I
)
_RETIRE = re.compile(r"\bretire(?:ment)?\b", re.IGNORECASE)
GOAL_SLOTS = {"amount": "goal_{t}_amount", "date": "goal_{t}_date"}


def goal_slug(phrase: str) -> str:
    """The thing a goal is for: its last known word ("home renovation" is a renovation,
    "house down payment" a house), else its first two words."""
    words = re.findall(r"[a-z]+", phrase.lower().replace("'s", ""))
    for word in reversed(words):
        if word in _OBJECT_SLUG:
            return _OBJECT_SLUG[word]
    stop = {"a", "an", "the", "my", "our", "new", "some", "in", "by", "of", "for", "to", "and"}
    kept = [w for w in words if w not in stop][:2]
    return key_of(" ".join(kept)) if kept else ""


def goal_anchors(clause: str) -> list[Anchor]:
    anchors = []
    for match in [*_GOAL.finditer(clause), *_GOAL_LABEL.finditer(clause)]:
        slug = goal_slug(match["obj"])
        if slug and not slug.startswith(("invest", "sip", "fd", "rd")):
            # The anchor ends with the object's first word: "a house by Diwali" leaves the
            # date after it, where it can be read as the goal's date.
            end = match.start("obj") + len(match["obj"].split()[0])
            anchors.append(Anchor(match.start(), end, "goal", slug, GOAL_SLOTS))
    if not anchors:  # "goal: 25L down payment for a flat", "dream this year: Europe trip"
        for match in _GOAL_NAMED.finditer(clause):
            slug = _OBJECT_SLUG[match["obj"].lower()]  # the object anchors: "25L ... for a flat"
            anchors.append(Anchor(match.start("obj"), match.end("obj"), "goal", slug, GOAL_SLOTS))
    if not anchors:
        for match in _GOAL_PLAN.finditer(clause):
            slug = _OBJECT_SLUG[match["obj"].lower()]
            anchors.append(Anchor(match.start(), match.end("obj"), "goal", slug, GOAL_SLOTS))
    if not anchors:
        for match in _GOAL_NEEDS.finditer(clause):
            slug = _OBJECT_SLUG[(match["obj"] or match["obj2"]).lower()]
            anchors.append(Anchor(match.start(), match.end(), "goal", slug, GOAL_SLOTS))
    if not anchors:
        saving = bool(_SAVING_VERB.search(clause))
        for match in _SAVE_FOR.finditer(clause):
            # Without a saving verb, "10 lakh for my wedding" is a goal, but "45,000 for our
            # apartment" is rent: a home you live in is not a goal unless you save for it.
            slug = _OBJECT_SLUG[match["obj_b"].lower()]  # "a home renovation": a renovation
            down_payment = "down" in match.group(0).lower()
            if saving or down_payment or (match["art"].lower() != "the" and slug != "house"):
                anchors.append(Anchor(match.start(), match.end(), "goal", slug, GOAL_SLOTS))
    if not anchors and not RETIRE_AGE.search(clause):
        for match in _RETIRE.finditer(clause):
            anchors.append(Anchor(match.start(), match.end(), "goal", "retirement", GOAL_SLOTS))
    return [_with_detail(anchor, clause) for anchor in anchors]


def _with_detail(anchor: Anchor, clause: str) -> Anchor:
    """The goal with what it is for when the user names it ("a trip to Japan"): the name
    lets a later "scratch that Japan number" find the goal."""
    thing = anchor.word.replace("_", " ")
    found = _GOAL_DETAIL.match(clause, anchor.end)
    if not found:
        word = re.match(r"\s*[a-z]+", clause[anchor.end :])
        if word:
            found = _GOAL_DETAIL.match(clause, anchor.end + word.end())
    if found and found.group(1).split()[0].lower() not in _NOT_PLACE:
        detail = f"{thing}{found.group(0)}"
    else:  # a name in or just after the goal's words: "a Europe trip", "a Goa holiday"
        span = clause[anchor.start : anchor.end + 25]
        names = [n for n in _NAME_WORD.findall(span) if n.lower() not in _NOT_PLACE]
        if not names:
            return anchor
        detail = f"{thing} ({' '.join(dict.fromkeys(names))})"
    return Anchor(anchor.start, anchor.end, anchor.kind, anchor.word, anchor.slots, detail)


_NAME_WORD = re.compile(r"(?<![.!?]\s)(?<!^)\b[A-Z][a-z]{2,}\b")
_NOT_PLACE = frozenset(
    "january february march april may june july august september october november december "
    "jan feb mar apr jun jul aug sep sept oct nov dec diwali holi the".split()
)


# Said with a retirement age: a figure that is an age, not a goal's amount.
RETIRE_AGE = re.compile(
    r"\bretire\w*\s+(?:by|at)\s+(?:the\s+)?(?:age\s+(?:of\s+)?)?(\d{2})\b", re.I
)
