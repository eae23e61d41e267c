"""Relative dates in a fact ("next month", "in 3 months") made absolute. Pure.

A fact is sent again weeks after it was said: "my FD matures in 3 months", said in May,
means August whenever it is read, so it is stored as "in Aug 2026". The moment it was said
is passed in (the message's timestamp); no clock is read. Dates are taken in UTC: the
domain has no time zone of its own, and at the granularity kept here (a day, a month)
the difference is rarely visible.
"""

from __future__ import annotations

import re
from datetime import UTC, datetime, timedelta

_NUMBERS = {
    "a": 1,
    "an": 1,
    "one": 1,
    "two": 2,
    "three": 3,
    "four": 4,
    "five": 5,
    "six": 6,
    "seven": 7,
    "eight": 8,
    "nine": 9,
    "ten": 10,
    "eleven": 11,
    "twelve": 12,
}
_WORDS = "|".join(_NUMBERS)


def _count(name: str) -> str:
    return rf"(?P<{name}>\d{{1,3}}|{_WORDS})"


_UNIT = r"(?:day|week|month|year)"

_PATTERN = re.compile(
    r"\b(?:"
    r"(?P<day>today|tomorrow|yesterday)"
    r"|(?P<which>next|this|last)\s+(?P<period>week|month|year)"
    rf"|in\s+{_count('n1')}\s+(?P<u1>{_UNIT})s?"
    rf"|{_count('n2')}\s+(?P<u2>{_UNIT})s?\s+(?:from now|from today|later)"
    r")\b",
    re.IGNORECASE,
)
_BARE_DURATION = re.compile(rf"^\s*(?:\d{{1,3}}|{_WORDS})\s+{_UNIT}s?\s*$", re.IGNORECASE)


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
    if groups["which"]:
        step = {"next": 1, "this": 0, "last": -1}[groups["which"].lower()]
        if groups["period"].lower() == "year":  # "next year" names a year, not a month
            return f"in {moment.year + step}"
        return _shifted(moment, step, groups["period"].lower())
    count = groups["n1"] or groups["n2"]
    unit = (groups["u1"] or groups["u2"]).lower()
    amount = int(count) if count.isdigit() else _NUMBERS[count.lower()]
    return _shifted(moment, amount, unit)


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
