"""Figures of a clause that are not a value of what the clause names. Pure.

A share of a figure just given ("the driver alone is 9k of that"), unless the clause names
what takes it ("rent takes 25k of it"); a figure said to be someone else's; a date told as
when something was begun ("we opened it on Dhanteras"); money set aside for a bill; money
lost. `recognise_slots` skips them.
"""

from __future__ import annotations

import re

from fincoach_tui.domain.recognise.clauses import anchors_in
from fincoach_tui.domain.recognise.parts import Anchor, Figure


def not_a_value(clause: str, figure: Figure, named: tuple[Anchor, ...]) -> bool:
    """Whether `figure` of `clause` (whose anchors are `named`) is no value of theirs."""
    if _PART_OF.match(clause, figure.end) and not (
        anchors_in(clause) and _TAKES_SHARE.search(clause)
    ):
        return True  # "the driver alone is 9k of that": a part of a figure already given
    if figure.kind == "amount" and _INTEREST_BEFORE.search(clause, 0, figure.start):
        return True  # "4.5 lakh in MIS, interest monthly 2,775": what it pays, not what it is
    if figure.kind == "amount" and (
        _PREPAID_BEFORE.search(clause, 0, figure.start)
        or (_PAID_BEFORE.search(clause, 0, figure.start) and _OF_THE_LOAN.match(clause, figure.end))
    ):
        return True  # "we prepaid 5 lakh of the home loan": a part paid, not what is owed
    if _NO_MORE.search(clause, 0, figure.start):
        return True  # "no more 8,900 going out": the old value of what ended
    if _SOMEONE_ELSES.match(clause, figure.end):
        return True  # "the 7.4% was amma's senior citizen FD"
    if figure.kind == "date" and _BEGAN.search(clause, 0, figure.start):
        return True  # "we opened it on Dhanteras": when it began, not when it ends
    if _set_aside(clause, figure) and not any(a.kind in _POTS for a in named):
        return True  # "keeping 1.9 lakh aside for his fees": money for a bill, not the bill
    # "40 hazaar gaye the in a chit fund": money lost, a story, not a holding
    return bool(
        _LOST_AFTER.match(clause, figure.end) or _LOST_BEFORE.search(clause, 0, figure.start)
    )


# A figure that is a share of one just given, not a value of its own.
_PART_OF = re.compile(r"\s*(?:of|out of)\s+(?:that|this|it|which|those|these|them)\b", re.I)
# A date told as when something was begun: "we did it on Dhanteras", "opened it in March
# 2024", "took the loan in 2021". Not an end date nor a goal's.
_BEGAN = re.compile(
    r"\b(?:did|opened|booked|started|began|took|taken|bought|invested|joined)\s+"
    r"(?:(?:it|this|that|one|them|(?:the|an?|my|our)\s+[\w-]+)\s+)?"
    r"(?:(?:on|in|at|during|around|back in)\s+)?$",
    re.I,
)
# ... unless the clause names what takes that share: "rent takes 25k of it", "the EMI eats
# up 18k of that", "I spend 6k of it on groceries". Then the share is that thing's figure.
_TAKES_SHARE = re.compile(
    r"\b(?:takes?|took|taking|eats?|ate|eating|swallows?|swallowed|uses?|used|using|consumes?|"
    r"consumed|goes|went|gone|spends?|spent|spending|pays?|paid|paying|sends?|sent|puts?|"
    r"invests?|invested|saves?|saved|kharch|jata|jaata|jati|jaati)\b",
    re.I,
)


# Money set aside for something is not what that thing costs: "I will keep that 1.9 lakh
# aside for Anurag's fees", "parked 50k separately for the insurance renewal", "20k alag
# rakha hai school ke liye". Only a pot (an emergency fund, savings) is what is set aside.
_ASIDE_AFTER = re.compile(
    r"\s*(?:(?:a|per|every)\s+(?:month|year)\s+)?(?:aside|apart|separately|alag|side mein)\b",
    re.IGNORECASE,
)
_ASIDE_BEFORE = re.compile(
    r"\b(?:set(?:ting)?|keep(?:ing)?|kept|put(?:ting)?|park(?:ed|ing)?)\s+aside\s+$"
    r"|\b(?:earmark(?:ed|ing)?|ringfenc(?:ed|ing)|reserv(?:ed|ing))\s+(?:(?:about|around|another)\s+)?$",
    re.IGNORECASE,
)
_POTS = frozenset({"emergency", "savings"})
# Money lost is a story of the past, not what something holds now: "lost 2 lakh in F&O",
# "chit fund mein 40 hazaar gaye the", "1.5L doob gaye", "burnt 80k on options". But "ho
# gaya" after a figure is "became": "rent badh ke 27k ho gaya" is the new rent.
_LOST_AFTER = re.compile(
    r"\s*(?:(?:(?!(?:ho|hua|hui|kar)\s)\w+\s+){0,2}"
    r"(?:gaye|gaya|gayi|doob\w*|dub\s+gaye|lost|gone|went\s+down|wiped"
    r"(?:\s+out)?)\b)",
    re.IGNORECASE,
)
_LOST_BEFORE = re.compile(
    r"\b(?:lost|losing|burnt|burned|blew|wasted|sank)\s+(?:(?:about|around|nearly|almost|"
    r"over|like)\s+)?$",
    re.IGNORECASE,
)


_INTEREST_BEFORE = re.compile(
    r"\binterest\s+(?:(?:monthly|yearly|of|is|comes\s+to|around|about|every\s+month)\s+){0,2}$",
    re.I,
)
# A part of a loan paid ahead: "prepaid 5 lakh", "part-payment of 2L", "paid 2 lakh of the
# outstanding home loan".
_PREPAID_BEFORE = re.compile(
    r"\b(?:(?:part[- ]?)?pre-?paid|part[- ]?paid|(?:part[- ]?)?(?:pre-?)?payment\s+of|"
    r"paid\s+(?:down|(?:an?\s+)?extra))\s+(?:(?:rs\.?|inr|₹)\s*)?$",
    re.IGNORECASE,
)
_PAID_BEFORE = re.compile(r"\b(?:paid|repaid|cleared)\s+(?:(?:rs\.?|inr|₹)\s*)?$", re.I)
_OF_THE_LOAN = re.compile(r"\s*(?:of|towards)\s+(?:the|my|our)\s+(?:\w+\s+){0,2}loan\b", re.I)
_NO_MORE = re.compile(r"\bno\s+(?:more|longer)\s+(?:paying\s+)?(?:rs\.?\s*|₹\s*)?$", re.I)
# A figure said to be someone else's: "the 7.4% was amma's senior citizen FD".
_SOMEONE_ELSES = re.compile(
    r"\s*(?:was|is|were|are)\s+(?:actually\s+)?(?:(?:my|our)\s+)?(?!(?:it|that|what)'s)"
    r"[a-z]+'s\b",
    re.IGNORECASE,
)


def _set_aside(clause: str, figure: Figure) -> bool:
    return bool(
        _ASIDE_AFTER.match(clause, figure.end) or _ASIDE_BEFORE.search(clause, 0, figure.start)
    )
