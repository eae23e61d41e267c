"""Whose a clause is: the user's (or their spouse's), or a supposition or someone else's.

"if my rent goes to 30k" and "say I invest 10k" state nothing; "my friend pays 30k rent"
is the friend's. Someone who pays the user is the exception: "they give us 9k from the
milk" is the user's income. An end only wished for or waited on ("once we move, no more
rent") has not come.
"""

from __future__ import annotations

import re

from fincoach_tui.domain.recognise.endings import end_wished
from fincoach_tui.domain.recognise.money_flow import GIVES_USER
from fincoach_tui.domain.recognise.parts import Anchor
from fincoach_tui.domain.recognise.words import (
    CONDITION,
    FIRST_PERSON,
    OTHER_PEOPLE,
    SOMEONE_ELSE,
    WHAT_IF,
)

# A what-if or a condition ("if my rent goes to 30k", "say I invest 10k") states nothing;
# nor do someone else's figures ("my friend pays 30k rent", "she pays 40k").
_SUPPOSED = re.compile(r"^\W*say\b|\bif\s+i\b", re.IGNORECASE)
_THIRD_PERSON = re.compile(r"^\W*(?:(?:my|our|a)\s+(?:brother|sister)|he|she|they)\b", re.I)


# ... unless what they do is pay the user: "they give us 9k from the milk".
_PAYS_USER = re.compile(
    rf"^\W*(?:he|she|they|(?:my|our|a)\s+\w+(?:\s+(?:in|from|at)\s+\w+)?)\s+(?:\w+\s+)?{GIVES_USER}",
    re.IGNORECASE,
)


# ... or family who send the user money: "my sister transfers 8k to me monthly", "my
# brother sends home 20k" (home is the user's household).
_TO_USER = re.compile(r"\b(?:me|us|home|ghar)\b", re.IGNORECASE)


# A sibling or someone outside the family opening a sentence, in English or romanised
# Hindi and Punjabi: "my brother Ashok", "mera bhra", "Shafeeq's brother Naseer", "meri dost".
_OTHER_FIRST = re.compile(
    r"^\W*(?:(?:my|our|a|mera|meri|mere|sada|saada|saadi|saade|apna|apni|(?-i:[A-Z][a-z]+)'s)\s+)?"
    r"(?:(?:elder|younger|big|little|older|chhota|chota|choti|chhoti|bada|badi|vadda|vaddi|"
    rf"nikka|nikki)\s+)?(?:{OTHER_PEOPLE}|bhai|bhaiya|bhra|veer|behen|bahen|bhen|didi|dost|"
    r"padosi)\b",
    re.IGNORECASE,
)
# ... and a later clause of it that opens with their "his", "her" or "their": "ohda kiraya
# 29,000", "uski EMI 21k", "his rent is 29,000".
_THEIR = re.compile(
    r"^\W*(?:(?:and|te|aur|ar|but|par)\s+)?(?:his|her|their|uska|uski|uske|unka|unki|unke|"
    r"ohda|ohdi|ohde|usda|usdi|usde|onha\s+da|onha\s+di)\b",
    re.IGNORECASE,
)
_THEIR_INSIDE = re.compile(
    r"\b(?:his|her|their|uska|uski|uske|unka|unki|unke|ohda|ohdi|ohde|usda|usdi|usde)\b",
    re.IGNORECASE,
)
# The things a person has of their own: what the user pays for them (fees, pocket money)
# stays the user's ("younger brother Ibungo, his college fees ₹62,000 a year, I pay").
_OWN_KINDS = frozenset({"salary", "rent", "loan", "fd", "rd", "sip", "investment", "pension"})


def theirs(clause: str, before: str, anchors: tuple[Anchor, ...]) -> bool:
    """A clause about a sibling's or an acquaintance's own money, said with their pronoun
    after the sentence (`before`: what it said before `clause`) opened with them."""
    opener = _OTHER_FIRST.match(before)
    if opener is None and not before.strip():
        # one clause that opens with them and goes on with their pronoun: "chhota bhai
        # salman ka tempo h uski emi 9,800 hai"
        opener = _OTHER_FIRST.match(clause)
        pronoun = opener and _THEIR_INSIDE.search(clause, opener.end())
        return bool(
            opener
            and pronoun
            and not FIRST_PERSON.search(clause)
            and anchors
            and all(a.kind in _OWN_KINDS for a in anchors)
        )
    return bool(
        opener
        and _THEIR.match(clause)
        # "my brother and I split ...": the user is in it again
        and not FIRST_PERSON.search(before, opener.end())
        and not FIRST_PERSON.search(clause)
        and anchors
        and all(a.kind in _OWN_KINDS for a in anchors)
    )


def not_the_users(
    clause: str, spouses: bool, anchors: tuple[Anchor, ...], before: str = ""
) -> bool:
    """A clause that supposes (`WHAT_IF`, `CONDITION`, "say", "if I") or opens with someone
    else than the user or their spouse, or their pronoun (`theirs`; `before`: what the
    sentence said before it), but for one who pays the user an income (`anchors`: the
    clause's)."""
    if WHAT_IF.match(clause) or CONDITION.match(clause) or _SUPPOSED.search(clause):
        return True
    if theirs(clause, before, anchors):
        return True
    if spouses or SOMEONE_ELSE.match(clause):
        return not spouses
    paid = (_PAYS_USER.match(clause) and any(a.kind == "income" for a in anchors)) or (
        _TO_USER.search(clause) and any(a.kind == "support_in" for a in anchors)
    )
    return bool(_THIRD_PERSON.match(clause)) and not paid


def without_wished_ends(
    stated: list[tuple[str, str]], said: str, clause: str
) -> list[tuple[str, str]]:
    """`stated` (the facts of `clause`, part of `said`) without a rent's end that the words
    before the clause wish for or wait on ("once we move, no more rent")."""
    if end_wished(said[: max(0, said.find(clause))]):
        return [f for f in stated if not (f[0] == "rent" and f[1].startswith("stopped"))]
    return stated
