"""The kinds of fact a probe conversation plants, each drawn at random and phrased by a
template: the text the user types and the values it states, by key. Pure.

A `Draw` holds one conversation's random source and what it has used, so that no two
values in a conversation coincide: every amount, rate and month is unique within it,
and a value found in a request can only be the fact it was planted as.
"""

from __future__ import annotations

import random
import re
from collections.abc import Callable
from dataclasses import dataclass, field

from fincoach_tui.domain.probe import phrasing as say
from fincoach_tui.domain.probe.amounts import formats_for, in_words, render
from fincoach_tui.domain.probe.matcher import MONTHS, Value

# The kinds of issue 11, in the order a conversation may mention them.
KINDS = (
    "salary",
    "rent",
    "loan",
    "fixed_cost",
    "deposit",
    "investment",
    "insurance",
    "goal",
    "family",
    "city",
    "risk",
)
# Keys whose value a conversation may change midway.
CHANGEABLE = ("salary", "rent", "loan_emi", "fixed_cost", "sip", "goal_amount", "city")


@dataclass(frozen=True)
class Statement:
    """One message the user types, and the values it states, by fact key."""

    text: str
    values: dict[str, Value]


@dataclass
class Draw:
    rng: random.Random
    start_month: int  # the month the conversation takes place in (year*12 + month-1)
    amounts: set[int] = field(default_factory=set)
    months: set[int] = field(default_factory=set)
    rates: set[float] = field(default_factory=set)
    memo: dict[str, str] = field(default_factory=dict)  # a kind's own choices ("what")

    def amount(self, low: int, high: int, step: int) -> tuple[int, str]:
        """A fresh amount and its rendering; never a year-like figure, never one used."""
        while True:
            value = self.rng.randrange(low, high + 1, step)
            if value not in self.amounts and not 1900 <= value <= 2100:
                self.amounts.add(value)
                return value, render(value, self._style(value))

    def changed(self, old: int, step: int, down: bool) -> tuple[int, str]:
        """A plausible new value for `old` on the same step: up to 30% lower, or higher."""
        low, high = (old * 0.7, old - step) if down else (old + step, old * 1.4)
        low = max(step, int(low) // step * step)
        return self.amount(low, max(low + step, int(high) // step * step), step)

    def _style(self, value: int) -> str:
        usable = formats_for(value)
        # The rarer formats are favoured where they fit, so all of them turn up.
        for rare, chance in (("crore", 0.5), ("lakh", 0.35), ("words", 0.2)):
            if rare in usable and self.rng.random() < chance:
                return rare
        return self.rng.choice([f for f in usable if f not in ("crore", "lakh")])

    def rate(self) -> tuple[float, str]:
        while True:
            value = self.rng.choice((6.5, 6.6, 6.75, 6.8, 7.0, 7.1, 7.25, 7.4, 7.5, 7.6, 7.75, 8.0))
            if value not in self.rates:
                self.rates.add(value)
                shown = f"{value:g}"
                form = self.rng.choice(("{}%", "{}% a year", "{} per cent", "{} percent"))
                return value, form.format(shown)

    def month(self, low: int, high: int, prep: str) -> tuple[Value, str]:
        """A month `low`..`high` months ahead, said as a date or as a span from now."""
        while True:
            ahead = self.rng.randint(low, high)
            index = self.start_month + ahead
            if index not in self.months:
                self.months.add(index)
                break
        relative = _relative(ahead)
        if relative and self.rng.random() < 0.4:
            return Value("month", index, (relative.lower(),)), relative
        year, month = divmod(index, 12)
        name = MONTHS[month].title()
        form = self.rng.choice(("{n} {y}", "{s} {y}", "{d} {n} {y}", "{m:02d}/{y}"))
        shown = form.format(n=name, s=name[:3], y=year, m=month + 1, d=self.rng.randint(1, 28))
        prep = "on" if form.startswith("{d}") else prep
        return Value("month", index), f"{prep} {shown}"

    def pick(self, options: tuple[str, ...]) -> str:
        return self.rng.choice(options)


def _relative(ahead: int) -> str:
    if ahead == 18:
        return "in a year and a half"
    if ahead % 12 == 0 and ahead <= 60:
        return f"in {in_words(ahead // 12)} years" if ahead > 12 else "in a year"
    if ahead < 12 and ahead not in (3, 6):  # "three/six months" is the coach's own advice
        return f"in {ahead if ahead % 2 else in_words(ahead)} months"
    return ""


def _amount(v: int) -> Value:
    return Value("amount", float(v))


def _fill(template: str, **parts: str) -> str:
    """format(), with {What}/{Reason} as the capitalised forms where a sentence starts."""
    caps = {k.title(): v[:1].upper() + v[1:] for k, v in parts.items()}
    return template.format(**parts, **caps)


# ---- planting: each returns the statement that first states the kind's facts ----------
def salary(d: Draw) -> Statement:
    value, shown = d.amount(45_000, 300_000, 1000)
    return Statement(_fill(d.pick(say.SALARY), amount=shown), {"salary": _amount(value)})


def rent(d: Draw) -> Statement:
    value, shown = d.amount(8_000, 75_000, 500)
    return Statement(_fill(d.pick(say.RENT), amount=shown), {"rent": _amount(value)})


def loan(d: Draw) -> Statement:
    d.memo["loan"] = kind = d.pick(say.LOANS)
    value, shown = d.amount(4_000, 60_000, 100)
    end, when = d.month(12, 84, d.pick(("in", "by")))
    text = _fill(d.pick(say.LOAN), loan=kind, amount=shown, date=when)
    return Statement(text, {"loan_emi": _amount(value), "loan_end": end})


def fixed_cost(d: Draw) -> Statement:
    d.memo["fixed"] = what = d.pick(say.FIXED_WHAT)
    value, shown = d.amount(800, 25_000, 100)
    return Statement(
        _fill(d.pick(say.FIXED), what=what, amount=shown), {"fixed_cost": _amount(value)}
    )


def deposit(d: Draw) -> Statement:
    recurring = d.rng.random() < 0.4
    value, shown = d.amount(2_000, 25_000, 500) if recurring else d.amount(50_000, 1_500_000, 5000)
    rate, rate_shown = d.rate()
    end, when = d.month(2, 36, "in")
    text = _fill(d.pick(say.RD if recurring else say.FD), amount=shown, rate=rate_shown, date=when)
    return Statement(
        text,
        {
            "deposit_amount": _amount(value),
            "deposit_rate": Value("rate", rate),
            "deposit_maturity": end,
        },
    )


def investment(d: Draw) -> Statement:
    if d.rng.random() < 0.6:
        d.memo["investment"] = "sip"
        value, shown = d.amount(1_000, 50_000, 500)
        return Statement(_fill(d.pick(say.SIP), amount=shown), {"sip": _amount(value)})
    d.memo["investment"] = "portfolio"
    value, shown = d.amount(50_000, 4_000_000, 10_000)
    return Statement(_fill(d.pick(say.PORTFOLIO), amount=shown), {"portfolio": _amount(value)})


def insurance(d: Draw) -> Statement:
    term = d.rng.random() < 0.5
    cover, cover_shown = (
        d.amount(5_000_000, 30_000_000, 2_500_000)
        if term
        else d.amount(300_000, 5_000_000, 100_000)
    )
    premium, premium_shown = d.amount(5_000, 60_000, 500)
    text = _fill(
        d.pick(say.TERM if term else say.HEALTH), amount=cover_shown, premium=premium_shown
    )
    return Statement(
        text, {"insurance_cover": _amount(cover), "insurance_premium": _amount(premium)}
    )


def goal(d: Draw) -> Statement:
    d.memo["goal"] = what = d.pick(say.GOAL_WHAT)
    value, shown = d.amount(100_000, 15_000_000, 50_000)
    when_value, when = d.month(9, 72, "by")
    text = _fill(d.pick(say.GOAL), what=what, amount=shown, date=when)
    return Statement(text, {"goal_amount": _amount(value), "goal_date": when_value})


def family(d: Draw) -> Statement:
    text, phrases = d.rng.choice(say.DEPENDANTS)
    return Statement(text, {"dependants": Value("phrase", 0.0, phrases)})


def city(d: Draw) -> Statement:
    names = d.rng.choice(say.CITIES)
    d.memo["city"] = names[0]
    return Statement(_fill(d.pick(say.CITY), city=names[0]), {"city": _city(names)})


def risk(d: Draw) -> Statement:
    level = d.pick(tuple(say.RISK_LEVELS))
    said, keywords = d.rng.choice(say.RISK_REASONS[level])
    word = d.pick(say.RISK_LEVELS[level][:3])
    text = _fill(d.pick(say.RISK), level=word, reason=said)
    return Statement(
        text,
        {
            "risk": Value("phrase", 0.0, say.RISK_LEVELS[level]),
            "risk_reason": Value("phrase", 0.0, keywords),
        },
    )


def _city(names: tuple[str, ...]) -> Value:
    return Value("phrase", 0.0, tuple(n.lower() for n in names))


PLANT: dict[str, Callable[[Draw], Statement]] = {
    "salary": salary,
    "rent": rent,
    "loan": loan,
    "fixed_cost": fixed_cost,
    "deposit": deposit,
    "investment": investment,
    "insurance": insurance,
    "goal": goal,
    "family": family,
    "city": city,
    "risk": risk,
}


# ---- changing a planted value midway, in free wording ----------------------------------
_DOWN = ("dropped", "cut down", "paused", "scaled down", "prepaid")  # else the value rises


def change(d: Draw, key: str, current: Value) -> Statement:
    """A later message giving `key` (now `current`) a new value, never prefixed "remember"."""
    if key == "city":
        taken = d.memo["city"]
        names = d.rng.choice([c for c in say.CITIES if c[0] != taken])
        d.memo["city"] = names[0]
        return Statement(_fill(d.pick(say.CITY_CHANGE), city=names[0]), {"city": _city(names)})
    steps = {
        "salary": (1000, say.SALARY_CHANGE),
        "rent": (500, say.RENT_CHANGE),
        "loan_emi": (100, say.LOAN_CHANGE),
        "fixed_cost": (100, say.FIXED_CHANGE),
        "sip": (500, say.SIP_CHANGE),
        "goal_amount": (50_000, say.GOAL_CHANGE),
    }
    step, templates = steps[key]
    template = d.pick(templates)
    down = any(word in template for word in _DOWN)
    value, shown = d.changed(int(current.number), step, down)
    text = _fill(
        template,
        amount=shown,
        loan=d.memo.get("loan", ""),
        what=d.memo.get("fixed" if key == "fixed_cost" else "goal", ""),
    )
    return Statement(text, {key: _amount(value)})


# ---- asking late: (question, the keys its answer needs) --------------------------------
def questions(d: Draw, kind: str, keys: tuple[str, ...]) -> list[tuple[str, tuple[str, ...]]]:
    """The late question(s) about a planted kind."""
    memo = {"loan": d.memo.get("loan", ""), "what": ""}
    if kind == "deposit":
        return [
            (d.pick(say.DEPOSIT_ASK_WHEN), ("deposit_amount", "deposit_maturity")),
            (d.pick(say.DEPOSIT_ASK_RATE), ("deposit_rate",)),
        ]
    asks: dict[str, tuple[str, ...]] = {
        "salary": say.SALARY_ASK,
        "rent": say.RENT_ASK,
        "loan": say.LOAN_ASK,
        "fixed_cost": say.FIXED_ASK,
        "insurance": say.INSURANCE_ASK,
        "goal": say.GOAL_ASK,
        "family": say.FAMILY_ASK,
        "city": say.CITY_ASK,
        "risk": say.RISK_ASK,
    }
    if kind == "investment":
        asks["investment"] = say.SIP_ASK if "sip" in keys else say.PORTFOLIO_ASK
    if kind == "fixed_cost":
        memo["what"] = d.memo["fixed"]
    if kind == "goal":
        memo["what"] = d.memo["goal"]
    return [(_fill(d.pick(asks[kind]), **memo), keys)]


# A key's kind by its first word, once whose figure it is is set aside (`_OWNER`): the
# generated conversations' keys ("loan_emi", "deposit_maturity") and every family of key the
# extractor produces ("income_rental", "family_household", "fd_sbi_rate", "spouse_sip").
_KIND_OF_WORD = {
    "salary": "salary",
    "pension": "salary",
    "bonus": "salary",
    "income": "salary",  # income of any source: what the user lives on, as a salary is
    "rent": "rent",
    "loan": "loan",
    "debt": "loan",
    "fixed": "fixed_cost",
    "cost": "fixed_cost",
    "expenses": "fixed_cost",
    "deposit": "deposit",
    "fd": "deposit",
    "rd": "deposit",
    "sip": "investment",
    "invest": "investment",
    "portfolio": "investment",
    "emergency": "investment",
    "savings": "investment",
    "insurance": "insurance",
    "goal": "goal",
    "retirement": "goal",
    "family": "family",
    "dependants": "family",
    "city": "city",
    "risk": "risk",
}
# Whose figure a key is: another person's ("spouse_salary", "parents_insurance_health_cover")
# or a named speaker's ("bonus_of_priya"); and a numbered deposit's digit ("rd2_amount").
_OWNER = re.compile(r"^(?:spouse|parents|children)_|_of_[a-z]+$|(?<=^[fr]d)\d+")


def kind_of(key: str) -> str:
    """The kind a fact key belongs to: a generated conversation's key, the example's, or
    any the extractor produces; a key of no kind is its own."""
    word = _OWNER.sub("", key).split("_", 1)[0]
    return _KIND_OF_WORD.get(word, key)
