"""The words of a text that name a person: who a statement is about, not what it is about.
Pure.

Two statements that name the same person ("Kavya is a test engineer, net 3,900 euro",
"Kavya's share of the health insurance is 412 euro") are not on one topic by the name; a
question that names a person ("what about Ravi's school fees?") asks its other words of
the notes that name him, not every note that does. A capitalised word alone may name a
place, a car or a fund as well ("Baner", "my Thar EMI", "MSCI World"): those are topics.
So a word names a person only where it is used as one: with a possessive ("Ravi's",
"Kavya ki fees" inside a sentence, where a noun is not capitalised by grammar), next to a
word of kin ("my son Kabir", "Pappu beta"), or as the one who does something ("Kavya
wants", "Ravi earns", "Meena and I"). A pet name ("appu", "chotu", "munni") counts in
lower case too, but only so used: "appu" alone is also the Telugu word for a loan.
"""

from __future__ import annotations

import re
from functools import lru_cache

# Postpositions said after a name in the languages people mix in ("Ravi ki fees", "Appu
# ko", "Kavya da", "Munni er"); "'s" is English's.
_POSTPOSITIONS = "ka ki ke ko ne ku da di de er cha chi che oda ode yude nte inte".split()
# Words of kin said next to a name ("my son Kabir", "Pappu beta", "didi munni").
_KIN = (
    "son daughter kid child brother sister wife husband nephew niece cousin grandson "
    "granddaughter beta beti bhai bhaiya didi behen bitiya"
).split()
# What someone does, said right after their name ("Kavya wants", "Ravi earns").
_DOES = (
    "wants says said earns earned works worked studies joined needs gets got sends sent bought "
    "lives stays stayed pays paid takes took started left will would wants likes thinks "
    "feels handles manages"
).split()
# Pet names Indian families call children and younger ones by: used as a name, in lower
# case too ("appu ki fees").
PET_NAMES = frozenset(
    (
        "appu chotu chhotu munni munna pappu bablu bunty guddu guddi golu gudiya pinky "
        "pinki tinku chintu sonu monu rinku pintu bittu kuttan kunju chinnu chinni ammu "
        "kanna laddu"
    ).split()
)
# Capitalised words that name no one (a time, a word of kin, a greeting), capitalised at a
# sentence's start or for emphasis ("Today's rate", "Mom's pension", "Dad wants ...").
_NOT_NAMES = frozenset(
    (
        "january february march april may june july august september october november december "
        "monday tuesday wednesday thursday friday saturday sunday today tomorrow yesterday "
        "year month week the and but also plus okay yes please thanks hello dear sir madam "
        "mom mum dad papa mummy mother father amma appa baba maa wife husband son daughter "
        "everyone everybody nobody somebody someone anyone this that she he they it who "
        "company bank govt government landlord owner boss"
    ).split()
)
_NAME = r"(?P<name>[A-Za-z][a-z]+)"
_KIN_WORDS = "|".join(_KIN)
_USED_AS_NAME = re.compile(
    rf"(?<![\w'’-]){_NAME}(?P<after>['’]s\b"
    rf"|\s+(?P<post>{'|'.join(_POSTPOSITIONS)})\b"
    rf"|\s+(?:{_KIN_WORDS})\b"
    rf"|\s+(?:{'|'.join(_DOES)}|(?i:and\s+(?:i|me)|aur\s+(?:main|mai|mein)))\b)"
    rf"|\b(?:{_KIN_WORDS})\s+{_NAME.replace('name', 'kin_name')}\b",
)
_SENTENCE_START = re.compile(r"(?:^|[.!?:;\n]\s*)$")


@lru_cache(maxsize=65536)
def person_names(text: str) -> frozenset[str]:
    """The names (casefolded) `text` says someone by (see the module's doc)."""
    found: set[str] = set()
    for match in _USED_AS_NAME.finditer(text):
        name = match["name"] or match["kin_name"]
        word = name.casefold()
        if word in PET_NAMES:
            found.add(word)
        elif not name[0].isupper() or len(name) < 3 or word in _NOT_NAMES:
            continue
        # a sentence's first word is capitalised by grammar: a postposition after it
        # ("Ghar ka rent") makes no name
        elif not (match["post"] and _SENTENCE_START.search(text[: match.start()])):
            found.add(word)
    return frozenset(found)
