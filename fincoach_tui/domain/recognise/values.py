"""How the recogniser writes a value: amounts one way ("₹25,000"), with "a year" where a
figure is yearly and "a month" where a key is not monthly by nature. Pure."""

from __future__ import annotations

import re

from fincoach_tui.domain.amounts import Amount, find_amounts

_MONTHLY_BY_NATURE = re.compile(
    r"^(?:(?:(?:spouse|parents)_)?(?:salary|pension|sip)(?:_of_[a-z]+)?|rent|expenses|remittance|"
    r"rd(?:_[a-z]+)*_amount|"
    r"loan_\w+_emi|cost_\w+)$"
)


MONTHLY = re.compile(
    r"^\s*(?:a|per|/|every|each)\s*(?:month|mo)\b|^\s*(?:monthly|pm|p\.m\.)\b", re.I
)
YEARLY = re.compile(
    r"^\s*(?:a|per|/|every|each)\s*(?:year|annum|yr)\b|^\s*(?:annually|yearly|p\.a\.?|pa)\b", re.I
)


# A period said after the thing the figure is for: "16,400 premium yearly", "8,200 LIC
# premium every quarter", "2k maid weekly". Up to two words of the thing, no clause word.
_THING_WORD = re.compile(
    r"\s*(?!(?:for|till|until|from|since|by|in|to|than|and|or|but|last|this|next|that|"
    r"which|is|was|were|are|of|on|at|a|per|every|each)\b)[a-z][a-z'-]*(?=\s+\S)",
    re.IGNORECASE,
)
# Periods other than a month or a year, written as said: "every quarter", "weekly".
_OTHER_PERIODS = (
    (
        re.compile(
            r"^\s*(?:(?:a|per|/|every|each)\s*quarter\b|quarterly\b|every\s+(?:3|three)\s+months\b)",
            re.I,
        ),
        " a quarter",
    ),
    (
        re.compile(
            r"^\s*(?:half[- ]?yearly\b|every\s+(?:6|six)\s+months\b|(?:a|per|every)\s+half[- ]year\b)",
            re.I,
        ),
        " every six months",
    ),
    (
        re.compile(
            r"^\s*(?:(?:a|per|/|every|each)\s*fortnight\b|fortnightly\b|bi-?weekly\b|"
            r"every\s+(?:2|two)\s+weeks\b)",
            re.I,
        ),
        " a fortnight",
    ),
    (re.compile(r"^\s*(?:(?:a|per|/|every|each)\s*week\b|weekly\b)", re.I), " a week"),
)


def period_after(after: str) -> str:
    """The period said right after a figure, or after the thing it is for: " a year", " a
    month", " a quarter", " every six months", " a week", or ""."""
    tails = [after]
    for _ in range(2):  # "16,400 premium yearly", "8,200 LIC premium every quarter"
        word = _THING_WORD.match(tails[-1])
        if word is None:
            break
        tails.append(tails[-1][word.end() :])
    for tail in tails:
        if YEARLY.match(tail):
            return " a year"
        if MONTHLY.match(tail):
            return " a month"
        for pattern, period in _OTHER_PERIODS:
            if pattern.match(tail):
                return period
    return ""


# What joins the two ends of a range of amounts: "40-50k", "₹40,000 to ₹50,000".
RANGE_JOIN = re.compile(r"\s*(?:-|–|to)\s*", re.IGNORECASE)


def amount_value(key: str, amount: Amount, after: str) -> str:
    text = str(amount)
    period = " a year" if amount.yearly else period_after(after)
    if period == " a month" and _MONTHLY_BY_NATURE.match(key):
        return text
    return text + period


def canonical(key: str, value: str) -> str:
    """A stated value written one way: amounts as "₹25,000" (with "a year" where yearly)."""
    if (
        key.endswith(("_rate", "_end", "_maturity", "_date", "_tenure"))
        or key
        in (
            "name",
            "city",
            "risk",
            "risk_reason",
            "retirement_age",
            "age",
            "dependants",
        )
        or key.startswith("family_")
        or "salary_expected" in key  # "₹90,000 from Jun 2027": the pay and when it starts
    ):
        return value
    amounts = find_amounts(value)
    if not amounts:
        return value
    if len(amounts) == 2 and RANGE_JOIN.fullmatch(value[amounts[0].end : amounts[1].start]):
        high = amount_value(key, amounts[1], value[amounts[1].end :])
        return f"{amounts[0]} to {high}"  # a range: "₹40,000 to ₹50,000"
    return amount_value(key, amounts[0], value[amounts[0].end :])
