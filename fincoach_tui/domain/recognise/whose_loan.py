"""Whose loan a plain EMI is, when the message names the loan by its owner: "baba's loan -
my brother paid part, EMI now 5,250" is the father's loan, not the user's car loan, though
the figure's own clause names nobody. The owner's one loan known takes the figure."""

from __future__ import annotations

import re

from fincoach_tui.domain.recognise.context import Reading
from fincoach_tui.domain.recognise.owners import OWNER_WORDS

# An owner's word, possessive, a couple of words before a loan: "baba's loan", "papa ka
# personal loan", "biwi ki EMI", "wife's car loan".
_OWNERS_LOAN = re.compile(
    rf"\b(?P<word>{OWNER_WORDS['spouse']}|{OWNER_WORDS['parents']})"
    r"(?:'s|\s+(?:ki|ka|ke|da|di|de|chi|cha|che|nu|er))\s+(?:\w+\s+){0,2}?(?:loans?|emis?|kisht)\b",
    re.IGNORECASE,
)
# The user's own loan named in the same message: then a plain figure may be theirs.
_OWN_LOAN = re.compile(
    r"\b(?:my|mine|meri|mera|mere|our)\s+(?:\w+\s+)?(?:loans?|emis?|kisht)\b", re.IGNORECASE
)
_ANY_LOAN = re.compile(r"^(?:\w+_)?loan_\w+_(?P<slot>emi|amount|rate|tenure|end)$")
_SPOUSE = re.compile(rf"^(?:{OWNER_WORDS['spouse']})$", re.IGNORECASE)
_UNTYPED = re.compile(
    r"^(?P<owner>(?:spouse|parents)_)?loan_loan_(?P<slot>emi|amount|rate|tenure|end)$"
)


def the_owners_loan(
    found: list[tuple[str, str]], reading: Reading, body: str
) -> list[tuple[str, str]]:
    """`found` with a loan figure of no type given to the one owner whose loan the message
    names, and to that owner's one loan known when there is one. A message with two loan
    figures of one kind ("car EMI 12,300 and papa ka loan EMI 7,700") is left as read: its
    clauses have already said whose each is."""
    owners = {
        "spouse" if _SPOUSE.match(match["word"]) else "parents"
        for match in _OWNERS_LOAN.finditer(body)
    }
    if len(owners) != 1 or _OWN_LOAN.search(body):
        return found
    owner = owners.pop()
    slots = [m["slot"] for key, _ in found if (m := _ANY_LOAN.match(key))]
    held = {key for key, _ in reading.figures}
    kept: list[tuple[str, str]] = []
    for key, value in found:
        untyped = _UNTYPED.match(key)
        mine = untyped is not None and untyped["owner"] in (None, f"{owner}_")
        if mine and untyped is not None and slots.count(untyped["slot"]) == 1:
            theirs = sorted(
                k
                for k in held
                if k.startswith(f"{owner}_loan_") and k.endswith(f"_{untyped['slot']}")
            )
            key = theirs[0] if len(theirs) == 1 else f"{owner}_loan_loan_{untyped['slot']}"
        kept.append((key, value))
    return kept
