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


# What joins the two ends of a range of amounts: "40-50k", "₹40,000 to ₹50,000".
RANGE_JOIN = re.compile(r"\s*(?:-|–|to)\s*", re.IGNORECASE)


def amount_value(key: str, amount: Amount, after: str) -> str:
    text = str(amount)
    if amount.yearly or YEARLY.match(after):
        return text + " a year"
    if MONTHLY.match(after) and not _MONTHLY_BY_NATURE.match(key):
        return text + " a month"
    return text


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
