"""Relative dates in a fact ("next month", "in 3 months") made absolute. Pure.

A fact is sent again weeks after it was said: "my FD matures in 3 months", said in May,
means August whenever it is read, so it is stored as "in Aug 2026". The moment it was said
is passed in (the message's timestamp); no clock is read. Dates are taken in UTC: the
domain has no time zone of its own, and at the granularity kept here (a day, a month)
the difference is rarely visible.

Understood: today / tomorrow / yesterday; next / this / last week, month, year; "in three
months", "in 2 weeks", "18 months from now", "in a year and a half", "in one and a half
years", "in half a year"; "end of next month", "end of this year", "end of March"; a month
named without a year ("by March", "in June next year"); and the festivals of a small table
("by Diwali", "by Diwali next year", "by next Holi": the next one); a day or month
with "this/next year" ("30 November this year"); the end of a financial year ("end of
this FY": 31 March); Hindi "5 saal mein", "3 mahine baad". A bare "3 months" is a duration, not a date: it is
left as it is (`as_of` reads it as "in 3 months" only when comparing two values).
"""

from __future__ import annotations

import re
from datetime import UTC, date, datetime, timedelta

from fincoach_tui.domain.festival_days import FESTIVALS
from fincoach_tui.domain.number_words import COUNT, count_value
from fincoach_tui.domain.recognise.words import MONTH_NAME, MONTHS
from fincoach_tui.domain.word_start import starts_words

_MONTHS = MONTHS
_MONTH_NAME = MONTH_NAME

# Festivals kept a set number of days from Diwali: Dhanteras before it, Bhai Dooj and
# Chhath (the Bihar and Purvanchal festival, six days on) after it.
_FROM_DIWALI = {"dhanteras": -2, "bhai dooj": 2, "bhaiya dooj": 2, "chhath": 6}
# Other names of a festival in the tables.
_ALIASES = {
    "deepavali": "diwali",
    "deepawali": "diwali",
    "divali": "diwali",
    "dipawali": "diwali",
    "chhath puja": "chhath",
    "chhat": "chhath",
    "chath": "chhath",
    "eid ul fitr": "eid",
    "eid-ul-fitr": "eid",
    "eid al fitr": "eid",
    "ramzan eid": "eid",
    "ramadan eid": "eid",
    "meethi eid": "eid",
    "bakri eid": "bakrid",
    "bakra eid": "bakrid",
    "eid ul adha": "bakrid",
    "eid-ul-adha": "bakrid",
    "eid al adha": "bakrid",
    "dasara": "dussehra",
    "dashain": "dussehra",
}
# The month a festival of the lunar calendar usually falls in, for a year not in the table.
_USUAL_MONTH = {
    "diwali": 10,
    "holi": 3,
    "christmas": 12,
    "dhanteras": 10,
    "bhai dooj": 11,
    "bhaiya dooj": 11,
    "chhath": 11,
    "karva chauth": 10,
    "karwa chauth": 10,
    "janmashtami": 8,
    "ram navami": 4,
    "gurpurab": 11,
    "guru nanak jayanti": 11,
    "eid": 3,
    "bakrid": 5,
    "easter": 4,
    "dussehra": 10,
    "dasara": 10,
    "navratri": 10,
    "durga puja": 10,
    "raksha bandhan": 8,
    "rakhi": 8,
    "ganesh chaturthi": 9,
    "onam": 9,
    "akshaya tritiya": 4,
    "akshay tritiya": 4,
    "ugadi": 3,
    "gudi padwa": 3,
}
# Festivals on the same day every year (month, day).
_FIXED_FESTIVALS = {
    "christmas": (12, 25),
    "new year": (1, 1),
    "sankranti": (1, 14),
    "makar sankranti": (1, 14),
    "pongal": (1, 14),
    "lohri": (1, 13),
    "independence day": (8, 15),
    "baisakhi": (4, 13),
    "vaisakhi": (4, 13),
    "bihu": (4, 14),
    "vishu": (4, 14),
    "puthandu": (4, 14),
}
_FESTIVAL_NAMES = "|".join(
    sorted({*FESTIVALS, *_FIXED_FESTIVALS, *_USUAL_MONTH, *_ALIASES}, key=len, reverse=True)
)
_HINDI_UNITS = {"saal": "year", "sal": "year", "varsh": "year", "hafte": "week"}
# Next year, next month and this year in the romanised words of Indian languages.
_NEXT_YEAR_WORDS = (
    r"agle\s+(?:saal|sal|varsh|baras)|agla\s+(?:saal|sal)|aglya\s+varshi|pudhchya\s+varshi|"
    r"pudhil\s+varshi|adutha\s+varusham|aduththa\s+varusham|adutha\s+varsham|"
    r"samner\s+bochor|agami\s+bochor|porer\s+bochor|vachhe\s+varshe|aavta\s+varshe"
)
_NEXT_MONTH_WORDS = (
    r"agle\s+(?:mahine|mahina|month)|pudhchya\s+mahinyat|pudhil\s+mahinyat|"
    r"adutha\s+(?:maasam|masam|month)|samner\s+mas|agami\s+mas|porer\s+mas|aavta\s+mahine"
)
_THIS_YEAR_WORDS = r"is\s+saal|iss\s+saal|ya\s+varshi|indha\s+varusham|ei\s+bochor|aa\s+varshe"


def _count(name: str) -> str:
    return rf"(?P<{name}>\d{{1,3}}(?:\.5)?|{COUNT})"


_UNIT = r"(?:day|week|month|year)"
_HALF = r"(?:\s+and\s+a\s+half)"

# Every date said starts a word with a letter or a digit: `(?=\w)` spares trying each
# phrasing at every other place (the same matches, in about half the time).
_PATTERN = re.compile(
    r"\b(?=\w)(?:"
    r"(?P<day>today|tomorrow|yesterday)(?!'s)"  # not "today's money"
    r"|(?:the\s+)?end\s+of\s+(?:the\s+)?(?P<end_which>next|this|last)?\s*(?P<end_period>month|year)"
    rf"|(?:the\s+)?end\s+of\s+(?P<end_month>{_MONTH_NAME})\b(?!\s+\d{{4}})(?P<end_next>\s+next\s+year)?"
    r"|(?P<which>next|this|last)\s+(?P<period>week|month|year)"
    rf"|in\s+half\s+an?\s+(?P<half_unit>year|month)"
    rf"|(?:in|after)\s+(?:(?:about|around|roughly|approximately|nearly|another|just|over)\s+)?"
    rf"{_count('n1')}{_HALF}?\s+(?P<u1>{_UNIT})s?(?P<half1>{_HALF})?(?:'s?\s+time)?"
    rf"|{_count('n2')}{_HALF}?\s+(?P<u2>{_UNIT})s?(?P<half2>{_HALF})?\s+(?:from now|from today|later|hence)"
    # The Indian financial year ends on 31 March: "by the end of this FY".
    r"|(?:the\s+)?end\s+of\s+(?:the\s+)?(?P<fy_which>next|this|last|current)?\s*"
    r"(?:fy|financial\s+year|fiscal(?:\s+year)?)"
    # the year it is named by: "FY27", "FY 2028", "FY 2027-28" (it ends in March of the last)
    r"(?:\s*['’]?(?P<fy_year>(?:19|20)?\d\d(?:\s*[-–/]\s*(?:19|20)?\d\d)?)\b)?"
    # a quarter of a year: "in Q3 next year", "by Q1 2028", "Q2 '27"
    r"|(?:(?P<q_lead>by|before|in|till|until|around)\s+)?q(?P<quarter>[1-4])\s+"
    r"(?:(?P<q_which>next|this)\s+year|(?P<q_year>(?:19|20)\d\d)|['’](?P<q_short>\d\d))\b"
    # A festival is a date after a word of time ("by Diwali", "next Holi") or with its
    # year said ("matures Diwali next year", "Diwali this year"); alone it is an occasion.
    rf"|(?:(?P<fest_lead>by|before|on|at|till|until|for|this|around|after|next|in)\s+)?"
    rf"(?P<fest_pre>next\s+|this\s+)?(?P<fest>{_FESTIVAL_NAMES})"
    r"(?P<fest_next>\s+next\s+year)?(?P<fest_this>\s+this\s+year)?"
    # or with its year: "at Diwali 2027", "Eid '28"
    r"(?:\s+(?P<fest_year>(?:19|20)\d\d)\b|\s*['’](?P<fest_short>\d\d)\b)?(?!\s+\d{4})"
    r"(?(fest_lead)|(?(fest_pre)|(?(fest_next)|(?(fest_this)|(?(fest_year)|(?(fest_short)|(?!)))))))"
    # "30 November this year", "March next year", "the 5th of June next year"
    rf"|(?:(?P<dm_lead>by|before|on|till|until)\s+)?(?:(?:the\s+)?(?P<dm_day>\d{{1,2}})(?:st|nd|rd|th)?\s+(?:of\s+)?)?(?P<dm_month>{_MONTH_NAME})"
    r"\s+(?P<dm_which>this|next)\s+year"
    # "this coming August", "coming March": the next one
    rf"|(?P<month_lead>by|before|in|till|until|from|this|next|on|for|around|after|to|"
    rf"(?:this\s+)?coming|upcoming)\s+"
    rf"(?P<month>{_MONTH_NAME})\b(?P<month_next>\s+next\s+year)?(?!\s+\d{{1,4}})(?!-)"
    r"(?!\.?,?\s*['’]\d\d\b)"
    # A month said after its word of time, Hindi, Marathi: "June mein", "agle saal June
    # mein" (in June next year), "march tak" (by March), "Junela".
    rf"|(?:(?P<ih_year>{_NEXT_YEAR_WORDS})\s+)?(?P<ih_month>{_MONTH_NAME})\s*"
    r"(?P<ih_after>mein|me|main|tak|takk|madhe|paryant|la)\b"
    # next / this / last year or month, in Hindi, Tamil, Bengali, Marathi: "agle saal",
    # "is mahine", "adutha varusham", "samner bochor", "pudhchya varshi"
    rf"|(?P<ih_next_year>{_NEXT_YEAR_WORDS})|(?P<ih_next_month>{_NEXT_MONTH_WORDS})"
    rf"|(?P<ih_this_year>{_THIS_YEAR_WORDS})"
    # Hindi: "5 saal mein" (in 5 years), "3 mahine baad" (3 months later)
    rf"|{_count('n3')}\s+(?P<u3>saal|sal|varsh|mahine|mahina|mahino|hafte)\s+(?:mein|me|main|baad|bad)"
    r")",
    re.IGNORECASE,
)
starts_words("relative dates", _PATTERN)
RELATIVE_DATE = _PATTERN  # what the fact recogniser reads as a date
_BARE_DURATION = re.compile(rf"^\s*(?:\d{{1,3}}|{COUNT})\s+{_UNIT}s?\s*$", re.IGNORECASE)


def resolve_relative(text: str, said_at: float) -> str:
    """`text` with each relative date replaced by the absolute one, as of `said_at`."""
    moment = datetime.fromtimestamp(said_at, tz=UTC)
    return _PATTERN.sub(lambda match: _absolute(match, moment), text)


def as_of(value: str, said_at: float) -> str:
    """A value compared across time: a bare duration ("3 months") reads as "in 3 months"."""
    if _BARE_DURATION.match(value):
        value = "in " + value.strip()
    return resolve_relative(value, said_at)


def day_label(ts: float) -> str:
    """14 May 2026 (UTC)."""
    moment = datetime.fromtimestamp(ts, tz=UTC)
    return f"{moment.day} {moment:%b %Y}"


def _absolute(match: re.Match[str], moment: datetime) -> str:
    groups = match.groupdict()
    if groups["day"]:
        shift = {"today": 0, "tomorrow": 1, "yesterday": -1}[groups["day"].lower()]
        return "on " + _day(moment + timedelta(days=shift))
    if groups["end_period"]:
        step = {"next": 1, "this": 0, "last": -1, None: 0}[
            (groups["end_which"] or "").lower() or None
        ]
        if groups["end_period"].lower() == "year":
            return f"end of Dec {moment.year + step}"
        return "end of " + _month(moment, step)
    if groups["end_month"]:
        month = _month_number(groups["end_month"])
        year = _year_of_month(moment, month, bool(groups["end_next"]))
        return f"end of {_MONTHS[month - 1][:3].title()} {year}"
    if groups["which"]:
        step = {"next": 1, "this": 0, "last": -1}[groups["which"].lower()]
        if groups["period"].lower() == "year":  # "next year" names a year, not a month
            return f"in {moment.year + step}"
        return _shifted(moment, step, groups["period"].lower())
    if groups["half_unit"]:  # "in half a year": six months; "in half a month": 15 days
        if groups["half_unit"].lower() == "year":
            return _shifted(moment, 6, "month")
        return _shifted(moment, 15, "day")
    if groups["fy_year"]:  # "FY27", "FY 2027-28": the year it ends in
        last = re.split(r"\s*[-–/]\s*", groups["fy_year"])[-1]
        year = int(last) if len(last) == 4 else 2000 + int(last)
        return f"end of Mar {year}"
    if groups["quarter"]:
        return _quarter(groups, moment)
    if groups["fy_which"] is not None or re.search(
        r"\b(?:fy|financial|fiscal)\b", match.group(0), re.I
    ):
        which = (groups["fy_which"] or "this").lower()
        # This financial year ends in March of next year unless it is January to March.
        year = moment.year + (1 if moment.month > 3 else 0)
        year += {"next": 1, "last": -1}.get(which, 0)
        return f"end of Mar {year}"
    if groups["fest"]:
        return _festival(groups, moment)
    if groups["ih_month"]:
        month = _month_number(groups["ih_month"])
        year = _year_of_month(moment, month, bool(groups["ih_year"]))
        lead = "by" if groups["ih_after"].lower() in ("tak", "takk", "paryant") else "in"
        return f"{lead} {_MONTHS[month - 1][:3].title()} {year}"
    if groups["ih_next_year"]:
        return f"in {moment.year + 1}"
    if groups["ih_this_year"]:
        return f"in {moment.year}"
    if groups["ih_next_month"]:
        return _shifted(moment, 1, "month")
    if groups["dm_month"]:
        month = _month_number(groups["dm_month"])
        next_year = groups["dm_which"].lower() == "next"
        year = moment.year + 1 if next_year else moment.year
        name = _MONTHS[month - 1][:3].title()
        lead = (groups["dm_lead"] or "").lower()
        if groups["dm_day"]:
            return f"{lead or 'on'} {int(groups['dm_day'])} {name} {year}"
        return f"{lead or 'in'} {name} {year}"
    if groups["month"]:
        lead = groups["month_lead"].lower()
        month = _month_number(groups["month"])
        year = _year_of_month(moment, month, bool(groups["month_next"]) or lead == "next")
        lead = "in" if lead in ("this", "next", "to", "upcoming") or "coming" in lead else lead
        return f"{lead} {_MONTHS[month - 1][:3].title()} {year}"
    count = groups["n1"] or groups["n2"] or groups["n3"]
    unit = (groups["u1"] or groups["u2"] or groups["u3"]).lower()
    unit = _HINDI_UNITS.get(unit, "month" if unit.startswith("mahin") else unit)
    amount = count_value(count) or 0.0
    text = match.group(0).lower()
    if "and a half" in text:
        amount += 0.5
    if amount != int(amount):  # "1.5 years", "a year and a half": in months
        if unit == "year":
            return _shifted(moment, round(amount * 12), "month")
        if unit == "month":
            return _shifted(moment, round(amount * 30), "day")
    return _shifted(moment, int(amount), unit)


def _quarter(groups: dict[str, str | None], moment: datetime) -> str:
    """A calendar quarter by the month it ends: "in Q3 next year" is "in Q3 2027 (by Sep
    2027)"."""
    if groups["q_year"]:
        year = int(groups["q_year"])
    elif groups["q_short"]:
        year = 2000 + int(groups["q_short"])
    else:
        year = moment.year + (1 if (groups["q_which"] or "").lower() == "next" else 0)
    quarter = int(groups["quarter"] or 1)
    lead = (groups["q_lead"] or "in").lower()
    return f"{lead} Q{quarter} {year} (by {_MONTHS[quarter * 3 - 1][:3].title()} {year})"


def _festival(groups: dict[str, str | None], moment: datetime) -> str:
    name = " ".join((groups["fest"] or "").lower().split())
    name = _ALIASES.get(name, name)
    lead = (groups["fest_lead"] or "by").lower()
    lead = "by" if lead in ("till", "until", "this", "around", "next") else lead
    year = moment.year + (1 if groups["fest_next"] else 0)
    if groups["fest_year"] or groups["fest_short"]:
        year = int(groups["fest_year"] or f"20{groups['fest_short']}")
    day = _festival_day(name, year)
    if groups["fest_next"] or groups["fest_this"] or groups["fest_year"] or groups["fest_short"]:
        pass  # the year is said
    elif day is not None and day < moment.date():
        year += 1  # "by Diwali", said after this year's: next year's
        day = _festival_day(name, year)
    elif day is None and _USUAL_MONTH[name] < moment.month:
        year += 1
    title = name.title()
    if day is None:
        return f"{lead} {title} {year} ({_MONTHS[_USUAL_MONTH[name] - 1][:3].title()} {year})"
    return f"{lead} {title} {year} ({day.day} {day:%b %Y})"


def _festival_day(name: str, year: int) -> date | None:
    if name in _FIXED_FESTIVALS:
        month, day = _FIXED_FESTIVALS[name]
        return date(year, month, day)
    if name in _FROM_DIWALI:
        diwali = FESTIVALS["diwali"].get(year)
        return diwali + timedelta(days=_FROM_DIWALI[name]) if diwali else None
    return FESTIVALS.get(name, {}).get(year)


def _month_number(name: str) -> int:
    prefix = name.lower()[:3]
    return next(n for n, m in enumerate(_MONTHS, start=1) if m.startswith(prefix))


def _year_of_month(moment: datetime, month: int, next_year: bool) -> int:
    """The year of the next such month (this one counts), or of next year's if said so."""
    if next_year:
        return moment.year + 1
    return moment.year if month >= moment.month else moment.year + 1


def _shifted(moment: datetime, amount: int, unit: str) -> str:
    if unit == "day":
        return "on " + _day(moment + timedelta(days=amount))
    if unit == "week":
        start = moment + timedelta(weeks=amount) - timedelta(days=moment.weekday())
        return "in the week of " + _day(start)
    # "in 2 years" keeps its month: an FD opened in May matures in May.
    return "in " + _month(moment, amount * (12 if unit == "year" else 1))


def _month(moment: datetime, months: int) -> str:
    index = moment.year * 12 + (moment.month - 1) + months
    year, month = divmod(index, 12)
    return datetime(year, month + 1, 1).strftime("%b ") + str(year)


def _day(moment: datetime) -> str:
    return f"{moment.day} {moment:%b %Y}"
