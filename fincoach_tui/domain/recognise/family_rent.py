"""Money the user gives a relative towards their home or its rent: support, not the user's
rent. Pure.

"I give papa 12k towards the bhara", "mummy ko ghar kharch ke liye 8k deta hoon", "I chip
in 10k for the flat my brother rents": the rent, or the household, is the relative's; what
the user puts towards it is a cost of theirs of its own (`cost_support`), so a rent the user
pays, said elsewhere, stays. Both must be said: a relative who takes the money (or whose
rent or home it is), and money put towards something ("towards", "for the rent", "ke
liye", "chip in"). A landlord or an owner named says the money is a rent after all ("I pay
rent of 20k to my uncle who owns the flat").
"""

from __future__ import annotations

import re

from fincoach_tui.domain.recognise.money_flow import KIN_GIVING, KIN_KO, NOT_KIN
from fincoach_tui.domain.recognise.rents import PAID_RENT_WORD

_KIN = (
    rf"{KIN_GIVING}|{KIN_KO}|mom|mum|dad|amma|appa|ammi|abba|umma|uppa|aai|baba|nanna|mausi|"
    r"masi|bua|chachu|cousin|grandparents|grandma|grandpa|them|him|her"
)
_RENT = rf"{PAID_RENT_WORD}|kiraye|bhara|bhare|rents?"
# What the money goes towards: the rent, the home, the household's running.
_HOME = (
    rf"{_RENT}|house|home|flat|ghar|household|expenses|kharch\w*|ration|bills?|"
    r"upkeep|running|emi"
)
_VERB = (
    r"give|gives|giving|gave|send|sends|sending|sent|hand|hands|handing|transfer\w*|"
    r"contribut\w*|pay|pays|paying|paid|chip\s+in|chipping\s+in|put\s+in|putting\s+in"
)
# A relative who takes the money: "give papa", "pay ... to my parents", "mummy ko ... deta",
# "dad gets 12k from me".
_TAKER = re.compile(
    rf"\b(?:{_VERB})\b[^.;!?]{{0,30}}?\b(?:to\s+)?(?:(?:my|our|the)\s+)?(?:{_KIN})\b"
    # "them" in Hindi too: "main unko 8k deta hu ghar ke liye"
    rf"|\b(?:(?!(?:{NOT_KIN})\b)(?:{_KIN})\s+(?:ko|la|ku|kku|ke\s+haath)|unko|unhe|unhein)\b"
    r"(?=[^.;!?]{0,50}?\b(?:de|deta|deti|dete|dena|deni|diya|di|dunga|dungi|bhej\w*|"
    r"deto|dete|det|kodukk\w*|istha\w*|ichh?\w*)\b)"
    rf"|\b(?:{_KIN})\s+(?:gets?|takes?|receives?)\b[^.;!?]{{0,20}}?\bfrom\s+me\b",
    re.IGNORECASE,
)
# A relative whose rent or home it is: "my uncle's rent", "bhaiya ke flat", "my in-laws
# place", "the flat my brother rents", "the rent my sister pays", "the family's rent".
_OWNER = re.compile(
    rf"\b(?:{_KIN})(?:'s|s'|\s+ke|\s+ki|\s+ka)?\s+(?:(?:new|own|rented)\s+)?"
    rf"(?:{_RENT}|flat|house|home|place|ghar|room|pg)\b"
    rf"|\b(?:{_RENT}|flat|house|home|place|room)\s+(?:that\s+|which\s+)?(?:my\s+|our\s+)?"
    rf"(?:{_KIN})\s+(?:rents|pays|has|took|takes|lives)\b",
    re.IGNORECASE,
)
# Money put towards something: "towards the bhara", "for the house rent", "into the
# household", "kiraye ke liye", "ghar kharch", "chip in".
_TOWARDS = re.compile(
    rf"\b(?:towards?|for|into|to)\s+(?:(?:the|my|our|their|his|her|its)\s+)?(?:[\w'-]+\s+){{0,2}}?"
    rf"(?:{_HOME})\b"
    rf"|\b(?:{_HOME})\s+(?:ke\s+liye|ke\s+liyee|me|mein|main|mai|kaathi|saathi|ku|kku)\b"
    r"|\bghar\s+(?:ka\s+|ke\s+)?kharch\w*|\b(?:chip|chipping|put|putting)\s+in\b|\bmy\s+share\b",
    re.IGNORECASE,
)
_RENTED_TO_USER = re.compile(
    r"\b(?:landlord|landlady|owner|owns|malik|maalik|malak|house\s*owner)\b", re.IGNORECASE
)


def towards_family_home(clause: str) -> tuple[int, int] | None:
    """Where a clause says what it gives a relative money towards, when it gives it towards
    their home or its rent ("I give papa 12k towards the bhara"): support for them, not the
    user's rent; None when it does not."""
    towards = _TOWARDS.search(clause)
    if towards is None or _RENTED_TO_USER.search(clause):
        return None
    return towards.span() if _TAKER.search(clause) or _OWNER.search(clause) else None
