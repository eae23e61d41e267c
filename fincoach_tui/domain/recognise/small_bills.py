"""A monthly bill under a thousand, said with no currency: "light bill 800", "wifi 499",
"gas cylinder 950", "mobile recharge 299 a month". Pure.

A bare number of two or three digits is no amount (`amounts.find_amounts`): it is as often
an age, a count, a flat's number or a day ("2 kids", "flat 302", "I'm 29"). It is a bill's
figure only when the bill is plainly named right before it ("bijli ka bill 650", "wifi
499") or a month is said right after it ("299 a month", "200 mahina"), and nothing after
it makes it a count, a measure or a date ("650 sq ft", "36 months", "15th").
"""

from __future__ import annotations

import re

from fincoach_tui.domain.amounts import Amount

# The bills paid every month under their everyday names.
_BILL = (
    r"bills?|recharges?|wi-?fi|internet|broadband|bijli|light|electricity|current|gas|"
    r"cylinders?|lpg|png|water|paani|pani|phone|mobile|dth|cable|tv|netflix|spotify|hotstar|"
    r"prime|ott|subscriptions?|newspapers?|akhbaar|dhobi|istri|iron|maid|bai|cook|gym|"
    r"maintenance|charges?|fees?|milk|doodh"
)
# Small words between the bill and its figure: "bijli ka bill 650", "internet is around 699",
# "bijli alag se, 650".
_BETWEEN = (
    r"(?:\s*(?:[:=~-]|,)\s*|\s+(?:ka|ki|ke|ko|is|are|of|at|about|around|approx\.?|roughly|only|"
    r"just|comes\s+to|alag\s+se|extra|lagbhag|kareeb|hai|hain|me|mein|rs\.?|inr)\s*)*\s*"
)
# A month said after the figure: "299 a month", "699 monthly", "599/month", "200 mahina".
_MONTHLY = (
    r"\s*(?:/\s*(?:month|mo|m)\b|(?:a|per|every|each)\s+month\b|monthly\b|p\.?m\b\.?|"
    r"har\s+mahin[ae]\b|(?<=\d\d\d )(?:mahin[ae]|maheena)\b)"  # "24 mahine": a term
)
# What may follow a bill's figure: the end, a stop, a month, or a word of Hindi or English
# that says nothing of what it counts ("650 ke aas paas aata hai", "800 only", "499 and").
_AFTER = (
    rf"(?=\s*(?:$|[.,;!?)]|{_MONTHLY}|(?:ke|ka|ki|aata|aati|aate|lagta|lagte|lagti|hai|"
    r"dete|deta|deti|dena|bharte|bharta|bharti|jata|jaata|jaate|only|approx|rupees|rs|bucks|"
    r"and|aur|plus|but|also|now|abhi|roughly|or|&|\+|-)\b))"
)
_NUMBER = r"(?<![\w.,/₹$])(?P<num>[1-9]\d{1,2})(?![\d,.]\d)"
_NAMED_BEFORE = re.compile(rf"\b(?:{_BILL}){_BETWEEN}{_NUMBER}{_AFTER}", re.IGNORECASE)
_MONTH_AFTER = re.compile(rf"{_NUMBER}(?={_MONTHLY})", re.IGNORECASE)
# Paid for a bill named after the figure: "we pay 700 for water", "spend 300 on the dhobi".
_PAID_FOR = re.compile(
    rf"\b(?:pay|pays|paying|paid|spend|spends|spending|spent|give|giving)\s+{_NUMBER}\s+"
    rf"(?:for|on|towards)\s+(?:the\s+|my\s+|our\s+)?(?:{_BILL})\b",
    re.IGNORECASE,
)
_SMALLEST = 50  # "paani 20": too little to be a month's bill; a count


def small_bills(clause: str) -> list[Amount]:
    """The bills under a thousand in `clause` said as bare numbers, in rupees, each with
    its span."""
    found = {
        match.start("num"): match
        for pattern in (_NAMED_BEFORE, _MONTH_AFTER, _PAID_FOR)
        for match in pattern.finditer(clause)
    }
    return [
        Amount(float(match["num"]), "INR", start, match.end("num"))
        for start, match in sorted(found.items())
        if int(match["num"]) >= _SMALLEST
    ]
