"""Where a place said beside the user is not where they live now, and the roles people
introduce themselves by before their city. Pure; used by `recognise_places`.

"Retired teacher in Madurai", "Doctor at AIIMS in Bhopal": a role, then "in/at/from/out of"
a known city or locality, says where the user is with no verb and no "I". "Spent a week in
Goa", "grew up in Kanpur", "stayed at my in-laws' place in Nagpur": a trip, a past home or
a relative's home, said in the clause of the place, is not.
"""

from __future__ import annotations

import re

from fincoach_tui.domain.recognise.city_names import CITIES
from fincoach_tui.domain.recognise.localities import LOCALITY_NAMES

__all__ = ["FIRST_PERSON", "ROLE_IN_CITY", "away", "planned"]

_KNOWN = "|".join(sorted(CITIES, key=len, reverse=True))

# What people introduce themselves as, to say where they are without a verb or an "I":
# "Retired teacher in Madurai", "Accountant in Surat, 41", "Doctor at AIIMS in Bhopal",
# "Freelance photographer out of Jaipur". A bounded table of roles, not of sentences.
_ROLES = (
    r"teachers?|nurses?|engineers?|doctors?|clerks?|managers?|officers?|accountants?|lawyers?|"
    r"advocates?|professors?|lecturers?|students?|consultants?|designers?|developers?|devs?|"
    r"analysts?|drivers?|farmers?|shopkeepers?|owners?|traders?|businessm[ae]n|homemakers?|"
    r"housewife|pharmacists?|constables?|principals?|ca|banker|bankers|photographers?|"
    r"pensioners?|retirees?|employees?|staff|workers?|technicians?|mechanics?|tailors?|"
    r"electricians?|contractors?|architects?|journalists?|chefs?|cooks?|freelancers?|"
    r"entrepreneurs?|founders?|vets?|dentists?|surgeons?|physios?|physiotherapists?|"
    r"therapists?|researchers?|scientists?|professionals?|executives?|salesm[ae]n|"
    r"agents?|guides?|tutors?|coaches|coach|artists?|musicians?|writers?|editors?|"
    r"programmers?|coders?|testers?|plumbers?|carpenters?|weavers?|jawans?|soldiers?|"
    r"sepoys?|pilots?|sailors?|supervisors?|inspectors?|cashiers?|bureaucrats?|"
    r"veteran|ex-army|ex-serviceman|techie|guy|girl|lady|couple|family|person|mom|mother|"
    r"father|dad|widow|widower|bachelor|grad(?:uate)?"
)
ROLE_IN_CITY = re.compile(
    rf"(?:^|[,;:(]|\b(?:i'm|i am|im|as|this\s+is\s+[A-Z][a-z]+,?)\s)\W*"
    rf"(?:(?:a|an|the|just|only)\s+)?(?:[\w-]+\s+){{0,3}}?(?:{_ROLES})\b"
    # where they work, said before the city: "at a private hospital", "with a bank"
    r"(?:\s+(?:at|with|in)\s+(?:a|an|the)?\s*[\w-]+(?:\s+[\w-]+){0,2}?(?=\s+(?:in|at|from)\s))?"
    r"\s+(?:(?:based|settled|posted|stationed|working|practising|practicing|serving)\s+)?"
    rf"(?:in|at|from|out\s+of|near)\s+(?P<city>{_KNOWN}|{LOCALITY_NAMES})\b",
    re.IGNORECASE,
)
# Where the user was, not is: a past home ("grew up in Kanpur", "we lived in Delhi till
# 2019", "earlier I was posted in Jammu") or a trip ("spent a week in Goa", "I was in Shimla
# for a wedding", "we'll be in Chennai for two weeks"), or a relative's home ("stayed at my
# in-laws' place in Nagpur"). Said in the same clause as the place.
_AWAY = re.compile(
    r"\b(?:used\s+to|grew\s+up|grown\s+up|born|brought\s+up|raised|earlier|previously|"
    r"formerly|back\s+then|(?:years?|months?)\s+ago|(?:till|until)\s+(?:19|20)\d\d|"
    r"before\s+(?:moving|shifting|coming|relocating|that)|old\s+(?:place|home|city)|"
    r"(?<!'ve\s)(?<!have\s)(?<!has\s)lived|spent|spend|spending|visit\w*|trip|tour|"
    r"holidays?|vacation|went|going\s+to\s+be|will\s+be|(?:i|we)\s+(?:was|were)\s+(?:in|at)|"
    r"stayed|flew|travel\w*|"
    r"for\s+(?:a|the|my|our|\d+|two|three|four|few)?\s*(?:wedding|weeks?|weekend|days|"
    r"conference|function|festival|diwali|puja|pujo|holidays?|vacation|trip|treatment)|"
    r"(?:[a-z-]+'s?|in-laws')\s+(?:place|house|home|flat|ghar))\b",
    re.IGNORECASE,
)
FIRST_PERSON = re.compile(r"\b(?:i|i'm|im|me|my|we|we're|us|our)\b", re.IGNORECASE)
_STILL_HERE = re.compile(r"\b(?:now|still|currently|presently|these\s+days)\b", re.I)
_CLAUSE_EDGE = re.compile(r"[,;]|\bbut\b", re.IGNORECASE)


def away(sentence: str, start: int) -> bool:
    """Whether the clause holding `start` says a place the user was at or visits, not
    where they live now (`_AWAY`, with no "now" or "still" in it)."""
    edges = [m.end() for m in _CLAUSE_EDGE.finditer(sentence, 0, start)]
    after = _CLAUSE_EDGE.search(sentence, start)
    clause = sentence[edges[-1] if edges else 0 : after.start() if after else len(sentence)]
    return bool(_AWAY.search(clause)) and not _STILL_HERE.search(clause)


# A move or a home still to come: a plan or a wish before the verb in its clause ("might
# relocate to Berlin", "planning to move to Canada"), or a someday after the place.
_PLAN_BEFORE = re.compile(
    r"\b(?:plan\w*|want\w*|wish\w*|hop(?:e|es|ing)|thinking|consider\w*|might|may|could|"
    r"would|will|shall|should|going\s+to|gonna|dream\w*|if|chahte|chahta|chahti|sochte|"
    r"soch\s+rahe)\b[^,;.!?]*$",
    re.IGNORECASE,
)
_SOMEDAY_AFTER = re.compile(r"^[^,;.!?]*\b(?:someday|some\s+day|one\s+day|eventually)\b", re.I)


def planned(sentence: str, start: int, end: int) -> bool:
    """Whether a verb of living or moving at `start`..`end` is a plan, not a move made."""
    return bool(_PLAN_BEFORE.search(sentence, 0, start) or _SOMEDAY_AFTER.match(sentence[end:]))
