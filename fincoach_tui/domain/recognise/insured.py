"""What a policy insures: a thing, or whom of the family. Pure.

A car's, a shop's or a trip's insurance is a bill the user pays, not the family's term or
health cover: its figure is what it costs, kept under the thing's own premium key. A cover
on a person is the user's, the spouse's, the parents' or the children's, by the words beside
its figure ("1 crore on Hetal", "for my parents 5 lakh") or by whose policy it is.
"""

from __future__ import annotations

import re

# A vehicle or a property ("gaadi ka insurance", "the bike's insurance", "insurance on the
# car", "shop insurance, fire and burglary"); its figure is what it costs ("28,000 lagenge").
_THINGS = (
    r"car|bike|scooty|scooter|two-wheeler|vehicle|motor|auto|cab|taxi|truck|tractor|gaadi|"
    r"gadi|shop|dukaan|store|godown|warehouse|office|factory|fire|burglary|theft|property|"
    r"contents|phone|mobile|laptop|travel"
)
ASSET_INSURED = re.compile(
    rf"\b(?P<thing>{_THINGS})(?:'s|\s+(?:ka|ki|ke))?\s+(?:\w+\s+)?insurance\b"
    rf"|\binsurance\s+(?:for|on|of)\s+(?:(?:my|our|the|a)\s+)?(?P<thing2>{_THINGS})\b",
    re.IGNORECASE,
)
_VEHICLES = frozenset(
    "car bike scooty scooter two-wheeler vehicle motor auto cab taxi truck "
    "tractor gaadi gadi".split()
)


def insured_asset(match: re.Match[str]) -> str:
    """The kind of thing an `ASSET_INSURED` match insures: "vehicle", "travel", "property"."""
    thing = (match["thing"] or match["thing2"]).lower()
    return "vehicle" if thing in _VEHICLES else "travel" if thing == "travel" else "property"


# Whom a policy's figure is for, said after it: "2 crore on me and 1 crore on Hetal",
# "5 lakh for my parents", "a cover for my wife".
_ON_WHOM = re.compile(
    r"^\s*(?:(?:of\s+)?cover(?:age)?\s+)?(?:each\s+)?(?:on|for)\s+(?:my\s+|our\s+)?"
    r"(?P<who>me|myself|self|wife|husband|hubby|spouse|partner|her|him|parents|mother|father|"
    r"mom|dad|in-laws|kids|children|son|daughter|[A-Z][a-z]+)\b"
)
# ... or said right before it: "cover on me 50L and on him 1Cr", "for my wife 75 lakh".
_ON_WHOM_BEFORE = re.compile(
    r"\b(?:on|for)\s+(?:my\s+|our\s+)?"
    r"(?P<who>me|myself|self|wife|husband|hubby|spouse|partner|her|him|parents|mother|father|"
    r"mom|dad|in-laws|kids|children|son|daughter|[A-Z][a-z]+)"
    r"(?:'s)?\s*(?:(?:is|=|:|-|of|about|around|rs\.?|inr|₹)\s*)*$"
)
# A policy named as someone's: "parents' health insurance", "Dad's policy".
_WHOSE_POLICY = re.compile(
    r"\b(?P<who>parents|mother|father|mom|dad|in-laws|wife|husband|spouse)(?:'s|s'|')?\s+"
    r"(?:\w+\s+)?(?:insurance|policy|cover|mediclaim|plan)\b",
    re.IGNORECASE,
)
_INSURED_AS = {"me": "", "myself": "", "self": ""}
_INSURED_AS |= dict.fromkeys("wife husband hubby spouse partner her him".split(), "spouse")
_INSURED_AS |= dict.fromkeys("parents mother father mom dad in-laws".split(), "parents")
_INSURED_AS |= dict.fromkeys("kids children son daughter".split(), "children")


def insured_person(
    after: str, clause: str, spouse: bool, spouse_name: str = "", before: str = ""
) -> str:
    """Whose a policy's figure is: "" (the user's), "spouse", "parents" or "children".
    From the words right before the figure ("on him 1Cr") or after it ("on me", "on
    Hetal", "for my parents"), else from the clause's subject (`spouse`: "Arjun has 1.5
    crore") or the policy's owner ("parents' health insurance")."""
    on = _ON_WHOM_BEFORE.search(before) or _ON_WHOM.match(after)
    if on:
        who = on["who"]
        if who.lower() in _INSURED_AS:
            return _INSURED_AS[who.lower()]
        if spouse_name and who == spouse_name:
            return "spouse"
    if spouse:
        return "spouse"
    owner = _WHOSE_POLICY.search(clause)
    return _INSURED_AS.get(owner["who"].lower(), "") if owner else ""
