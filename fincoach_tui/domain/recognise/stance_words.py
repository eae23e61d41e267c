"""A risk stance said in a few words of Hindi, Punjabi or Urdu, with no word of the English
classes: "dhire dhire chalo", "hauli hauli chalna changa", "koi jokhim nahi", "safe hi theek
hai", "thoda risk chalega", "risk lene ko taiyaar haan". Pure.

The words are kept beside the class they fall in (`own_words`): a coach reading
`conservative ("dhire dhire chalo")` hears the user. "Slowly" says a stance only of how the
user means to go with money: a verb of going, growing or putting money in after it, and a
word of money or risk in the message around it ("business dhire dhire badh raha hai" is
news, "traffic me dhire dhire chale" no stance at all).
"""

from __future__ import annotations

import re

from fincoach_tui.domain.own_words import with_own_words

# What the user would do: go, grow, build, put money in; or that way is right ("hi theek").
_GO = (
    r"(?:chal(?:o|na|ni|enge|unga|ungi|te|da|di|de|ange|aange|ba|be|ab)|badh(?:ana|ao|ayenge|aunga)|"
    r"jod(?:na|o|enge|unga|te|da)|laga(?:na|o|enge|unga|unda)|invest\s+kar\w*|"
    r"bana(?:na|o|enge|unga)|hi\s+(?:theek|thik|sahi|accha|achha|changa|vadiya)|"
    r"(?:theek|thik|sahi|changa)\s+(?:hai|he|ai|rahega))\b"
)
# Slowly, in the languages of India: said twice ("dhire dhire", "hauli hauli", "halu halu",
# "bistarai bistarai", "aste aste", "mella mella") or once ("medhuva", "nemmadiga",
# "aaram se", "aaram naal").
_TWICE = (
    r"(?P<twice>dh[ie]{1,2}re|dheeray|dhere|dhime|hauli|haule|halu|hal(?:oo|u)|bistarai|"
    r"aste|mella|holi)[\s-]+(?P=twice)"
)
_ONCE = (
    r"me[dt]h?uva|mellaga|nemmadiga|nidhanavagi|(?:aaram|araam|aram)\s+(?:se|naal|nal)|"
    r"sambhal\s+ke|ehtiyat\s+se|dh[ie]{1,2}re\s+se"
)
_SLOW = rf"(?P<slowly>{_TWICE}|{_ONCE})"
# A slow word alone, after a "risk?" or "risk -": "risk? aaram naal.", "risk - halu halu."
_ALONE = r"(?=\s*(?:$|[.,;!?–—-]|\s(?:thaan|than|hi|bas|ji|bhai|la|aur|aau|guru)\b))"
_NO = r"(?:nahi|nahin|nai|na|mat)"
# Taking a risk, in the verbs of Hindi and Punjabi: "lena", "lainda", "uthana", "mol lena".
_TAKE = (
    r"(?:mol\s+)?(?:lena|leni|lenge|lunga|lungi|laina|lainda|laindi|lende|laange|uthana|"
    r"uthaunga|uthaungi|chahiye|chahida|chahunda)"
)
_RISK_WORD = r"(?:risk|jokhim|jokham|khatra|khatre)"
_YES = r"(?:chalega|chal\s+jayega|chal\s+jaoo?ga|le\s+sakt\w+|lai\s+sakd\w+|manzoor\s+(?:hai|ai))"
INDIAN_STANCES = (
    # cautious, kept in the user's words
    rf"\b(?P<gentle>{_SLOW}(?:\s+(?:\w+\s+)?(?P<going>{_GO})|{_ALONE})"
    rf"|{_RISK_WORD}\s+(?:bilkul\s+|zara\s+bhi\s+|mol\s+)?{_NO}\s+{_TAKE}"
    rf"|koi\s+(?:bhi\s+)?{_RISK_WORD}\s+{_NO}\b(?!\s+(?:hai|he|h|ai|hega|isme|ismein)\b)"
    rf"|{_RISK_WORD}\s+(?:se|ton|to)\s+door"
    # afraid of taking it: "risk lene me darr lagta hai", "risk lain ton darr lagda"
    rf"|{_RISK_WORD}\s+(?:lene|lain|uthane)\s+(?:me|mein|se|ton|nu)\s+darr?\s+lag\w*"
    r"|(?:safe|mehfooz|surakshit)\s+(?:hi|side\s+(?:pe|par|te)(?:\s+hi)?)\s+"
    r"(?:theek|thik|sahi|accha|achha|changa|behtar|rehna|rehenge|rahunga|rakhna|chahiye))"
    r"(?:\s+(?:hai|he|ai|haan|hoon|hun|hain))?"
    # a little risk is fine: a middle stance
    rf"|\b(?P<some>(?:thoda|thodi|thora|thodi\s+bahut|thoda\s+bahut|kuch)\s+{_RISK_WORD}\s+"
    rf"(?:bhi\s+)?{_YES})"
    # risk is fine, or much of it: a bold stance
    rf"|\b(?P<daring>(?:(?:zyada|jyada|bahut|poora|pura|full)\s+)?{_RISK_WORD}\s+(?:bhi\s+)?"
    rf"{_YES}|{_RISK_WORD}\s+lene\s+(?:ko|nu|vaaste)\s+(?:taiyaar|tayyar|taiyar|ready))"
)
_MONEY = re.compile(
    r"\b(?:paisa|paise|pesa|paisey|money|risk|jokhim|invest\w*|nivesh|bachat|savings?|funds?|"
    r"sips?|fds?|market|bazaar|share|shares|stocks?|equity|kamai)\b",
    re.IGNORECASE,
)


_RISK_SAID = re.compile(rf"\b{_RISK_WORD}\b", re.IGNORECASE)


def stance_heard(match: re.Match[str], around: str) -> bool:
    """Whether a stance of `INDIAN_STANCES` (or any other) in `match` is one: "slowly" with
    a verb of going only where money or risk is what the message around it (`around`)
    talks of; a slow word alone only where risk is ("risk? aaram naal.")."""
    found = match.groupdict()
    if not found.get("slowly"):
        return True
    return bool((_MONEY if found.get("going") else _RISK_SAID).search(around))


def indian_stance(match: re.Match[str]) -> str:
    """The stance `INDIAN_STANCES` read in `match`, as its class with the user's words beside
    it; "" when `match` is another stance."""
    found = match.groupdict()
    for group, level in (
        ("gentle", "conservative"),
        ("some", "moderate"),
        ("daring", "aggressive"),
    ):
        if found.get(group):
            return with_own_words(level, found[group])
    return ""
