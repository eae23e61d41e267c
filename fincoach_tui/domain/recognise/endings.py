"""Things that have ended: a loan closed, a SIP stopped, an RD broken, a policy
surrendered. Pure.

"I foreclosed the car loan", "the personal loan is paid off", "no more car EMI from this
month", "we stopped the debt fund SIP", "cancelled the gym", "not paying rent anymore": the thing's current value is
that it has ended, so its old EMI or instalment is no longer current. Only a past or a
present state counts: "the loan closes next year" is an end date, and "should I close
it?" or "I plan to stop it" change nothing.
"""

from __future__ import annotations

import re

from fincoach_tui.domain.own_words import with_own_words
from fincoach_tui.domain.recognise.rents import PAID_RENT_WORD

_LAST_PAID = (
    # "the last EMI of the Creta went in March", "final instalment on the car loan paid"
    r"\b(?:last|final)\s+(?:emi|instal+ments?|payment)(?:\s+(?:of|for|on)\s+(?:the\s+|my\s+|our\s+)?"
    r"[\w-]+(?:\s+loan)?)?\s+(?:went|was\s+paid|got\s+paid|"
    r"paid|is\s+paid|cleared|got\s+deducted|was\s+deducted|is\s+done)\b"
    r"|\b(?:paid|cleared|made)\s+(?:the\s+|my\s+|our\s+)?(?:last|final)\s+(?:emi|instal+ment)"
)
_ENDED = re.compile(
    r"\b(?:closed|foreclosed|fore-closed|pre-?closed|paid\s+off|paid\s+back|repaid|"
    r"prepaid\s+(?:fully|completely|in\s+full)|cleared|finished|done\s+with|"
    # settled somewhere is where one lives: "settled in Nashik", "settled down", "well
    # settled here"; a debt settled is ended ("settled in full", "settled the dues")
    r"settled(?!\s+(?:in(?:to)?\s+(?!full\b)|at|down|here|there|abroad|near|back|nicely|well)\b)|"
    # paid to the end, in free wording: "prepaid the entire loan", "all paid up", "wrapped
    # up", "is history now"; Hindi "chuka diya", Tamil "mudinjiduchu", Bengali "shesh hoye
    # geche", Marathi "sampla"
    r"(?:pre-?paid|paid|repaid)\s+(?:off\s+)?(?:the\s+|my\s+|our\s+)?(?:entire|whole|full|complete|"
    r"remaining|balance|outstanding)\b(?!\s+(?:emi|instal+ment|premium|month)\b)|"
    r"(?:fully|completely)\s+(?:pre-?paid|paid|repaid)|paid\s+in\s+full|(?:all\s+)?paid\s+up|"
    r"wrapped\s+up|(?:is|are|'s)\s+(?:now\s+)?history|"
    r"chuka\s+(?:diya|di|diye|dia)|chukaya|chuk\s+(?:gaya|gayi|gaye)|chukta|"
    # paid in full in Hindi, Punjabi, Marathi: "poora bhar ditta", "ek saath bhar diya",
    # "pura zala", "poora ho gaya"; settled ("settle kar diya"); a pledge freed ("gold loan
    # chhuda liya"); not one month's EMI paid ("EMI bhar diya")
    r"(?:poora|pura|poori|puri|pooraa|sara|saara|ek\s+saath|ekdam)\s+(?:bhar|bhara|bharla|bharun)\s+"
    r"(?:diya|di|dia|diye|ditta|dita|ditti|dittaa|dila|dili|dile|takla|takli)|"
    r"(?:poora|pura|poori|puri)\s+(?:zala|jhala|zali|jhali|zale|jhale|ho\s+(?:gaya|gayi|gya|gea|gaya\s+hai)|"
    r"hua|hui|hoye\s+geche)|settle\s+(?:kar\s+(?:diya|di|dia|ditta)|ho\s+(?:gaya|gayi|gya))|"
    r"chhu?da\s+(?:liya|li|lia|lita|laye)|chhudaya|chhudwa\s+(?:liya|li)|"
    r"mudinj\w*|mudinch\w*|shesh\s+(?:hoye|hoyeche|holo|korlam|korechi)|sampl[ae]\w*|"
    r"stopped|cancell?ed|discontinued|paused|surrendered|broke|broken|redeemed|"
    # not "over" of a figure: "left with a bit over 60 of it" is more than, not ended
    r"over(?!\s+(?:a\s+|rs\.?\s*|inr\s*|[₹$£€]\s*)?\d)|"
    # not "khatam hone mein 2 saal" (two years until it ends)
    r"khatam(?!\s+(?:hone|hoga|hogi|honi|karna|karne|karenge|karunga))|"
    r"band\s+(?:kar\s+)?(?:diya|di|ho\s+gaya|ho\s+gayi))\b"
    r"|\bno\s+(?:more|longer\s+(?:have|pay|paying))\b"
    # "I'm not paying rent anymore", "we don't have the car EMI any more", "rent is gone"
    r"|\b(?:not|don't|dont|do\s+not|doesn't|does\s+not)\s+(?:\w+\s+)?(?:pay|paying|have|"
    r"having|give|giving)\b[^.;,!?]{0,30}?\b(?:anymore|any\s+more|any\s+longer)\b"
    r"|\b(?:is|are|'s)\s+gone\b(?!\s+(?:up|down|to|from|by)\b)"
    # "phone emi done", "the car loan is done now": done, said last
    r"|\b(?:all\s+)?done(?=(?:\s+now)?\s*(?:[.!,;]|$))"
    r"|\b(?:decided|chose|opted)\s+to\s+(?:stop|close|end|cancel|discontinue|foreclose|"
    r"prepay|surrender|break)\b"
    # the last payment made: "the last EMI went in March", "final instalment was paid"
    rf"|{_LAST_PAID}"
    # owned outright now: "the car is fully ours", "we are debt-free"
    r"|\b(?:fully|completely|entirely)\s+(?:ours|mine)\b|\b(?:loan|debt)[- ]free\b",
    re.IGNORECASE,
)
_NOT_YET = re.compile(
    r"\b(?:will|would|should|shall|could|can|might|may|gonna|going\s+to|plan(?:ning)?|"
    # nearly there is not there: "almost paid off", "half of it cleared"
    r"want|thinking|about\s+to|if|when|once|after|before|until|till|almost|nearly|half|"
    r"partly|partially|mostly)\s+(?:\w+\s+){0,3}?"
    r"(?:be\s+|get\s+)?$",
    re.IGNORECASE,
)
# The kinds that end, and how their end is said.
ENDING_KINDS = {"loan": "closed", "sip": "stopped", "rd": "closed", "insurance": "surrendered"}
ENDING_KINDS |= {"cost": "stopped", "investment": "stopped", "rent": "stopped"}


def has_ended(clause: str) -> bool:
    """Whether the clause says something has ended (not that it will)."""
    for match in _ENDED.finditer(clause):
        if not _NOT_YET.search(clause[: match.start()]):
            return True
    return False


def ended_at(clause: str) -> int | None:
    """Where the clause says something ended ("closed" of "we closed the gold loan")."""
    for match in _ENDED.finditer(clause):
        if not _NOT_YET.search(clause[: match.start()]):
            return match.start()
    return None


def paid_up(clause: str) -> bool:
    """Whether the clause says the last payment was made ("the final EMI went in March"):
    ended, even with the date it ended on."""
    return re.search(_LAST_PAID, clause, re.IGNORECASE) is not None


def ended_value(kind: str, thing: str, clause: str = "", start: int = 0) -> str:
    """The value of a thing that has ended, "closed (car loan closed)", with a few of the
    user's words from `clause` (from the thing named at `start`, or from where the clause
    says it ended if that comes first): 'closed (gold loan closed) ("closed the gold loan
    fully")'. Nothing is quoted when the words are the value's own ("gold loan closed")."""
    word = ENDING_KINDS[kind]
    at = ended_at(clause)
    return with_own_words(
        f"{word} ({thing} {word})", clause[min(start, len(clause) if at is None else at) :]
    )


# "No rent" alone is a standing state ("we own our house, so no rent"), not an end.
# A rent ends only where the rent itself is said to end: "no more rent", "not paying rent
# anymore", "stopped paying the rent", "the rent is gone", or "not paying it anymore" of a
# rent talked about before. An ending of another thing the clause names leaves the rent
# as it was: "half my salary is gone on rent", "no more rent hikes", "I don't pay rent in
# cash anymore", "stopped the SIP because rent went up", "we cancelled Netflix, rent same".
_RENT = rf"(?:(?:house|room|flat|pg|home)\s+)?(?:{PAID_RENT_WORD})"
_IT = r"(?:it|that|this|them)"
# what may follow the rent that ends: the sentence's end, "now", "anymore", a reason
_RENT_STOPS = (
    r"(?=\s*(?:[.,;:!?)\n]|$|(?:now|anymore|any\s+more|any\s+longer|again|ever|at\s+all|"
    r"since|from|as|because|coz|cause|after|thanks|for\s+(?:me|us|now)|so|and|but)\b))"
)
_STOPS_PAYING = (
    r"(?:\bno\s+(?:more|longer(?:\s+any)?)\s+|\bstop(?:ped|s)?\s+paying\s+(?:the\s+|any\s+)?"
    r"|(?:\bnot|n't|\bdont|\bnever|\bno\s+longer)\s+(?:\w+\s+)?(?:pay|paying|have|having|give|"
    r"giving)\s+(?:to\s+pay\s+)?(?:the\s+|any\s+|a\s+)?)"
)
_GONE = (
    r"\s+(?:is\s+|'s\s+|has\s+|got\s+|also\s+)?(?:gone|stopped|ended|over|finished|khatam|band)"
    r"\b(?!\s+(?:up|down|to|from|by|on|in|into|the|for)\b)"
)
# "No rent" with a word of now is a change, not a standing state: "no rent now", "rent is
# zero now", "now no rent", "no rent from this month"; in Hindi "ab kiraya nahi dena",
# "rent nahi bharte ab". Not a rise that did not come: "no rent hike now", "ab rent nahi
# badhega".
_NOW = (
    r"(?:now|anymore|any\s+more|any\s+longer|these\s+days|nowadays|ab|from\s+(?:this|next)\s+month)"
)
_NO_RENT_NOW = (
    rf"\bno\s+{_RENT}\s+{_NOW}\b|\b(?:now|ab)\s+(?:there\s+is\s+|there's\s+)?no\s+{_RENT}\b"
    rf"{_RENT_STOPS}|\b{_RENT}\s+(?:is\s+|'s\s+)?(?:zero|nil|nothing)\s+{_NOW}\b"
    rf"|\b(?:zero|nil)\s+{_RENT}\s+{_NOW}\b"
)
_NAHI = r"(?:nahi|nahin|nai|nhi|nahi\s+hai)"
_PAY_HI = r"(?:dena|dete|deta|deti|dena\s+padta|bharna|bharte|bharta|bharti|lagta|lagti|padta)"
_NO_RENT_AB = (
    rf"\bab\s+(?:se\s+)?(?:koi\s+)?{_RENT}\s+{_NAHI}(?:\s+{_PAY_HI})?\b(?=\s*(?:[.,;:!?)]|$|hai|ab))"
    rf"|\b{_RENT}\s+(?:koi\s+)?{_NAHI}\s+{_PAY_HI}\s+(?:\w+\s+)?ab\b"
)
_RENT_ENDED = re.compile(
    rf"{_STOPS_PAYING}{_RENT}\b{_RENT_STOPS}|\b{_RENT}{_GONE}|{_NO_RENT_NOW}|{_NO_RENT_AB}",
    re.IGNORECASE,
)
_RENT_ENDED_BEFORE = re.compile(
    rf"{_STOPS_PAYING}{_IT}\b{_RENT_STOPS}|\b{_IT}{_GONE}", re.IGNORECASE
)
# An end wished for or waited on, not one that came: "we want to buy a house so we're not
# paying rent anymore", "goal is to never pay rent again", "once we move, no more rent",
# "after we shift to the quarters rent is gone".
_WISHED = re.compile(
    r"\b(?:want|wants|wanted|wish|wishes|hope|hoping|dream|dreams|goal|goals|plan|plans|"
    r"planning|aim|aiming|target|saving|save|so\s+that|in\s+order\s+to|someday|one\s+day|"
    r"once|if|unless|until|till|as\s+soon\s+as|will|'ll|would|could|gonna|going\s+to|"
    r"(?:when|after)\s+(?:\w+\s+){0,2}?(?:move|shift|buy|get|go|start|finish|take|join|marry))\b",
    re.IGNORECASE,
)


def rent_ended(clause: str, named: bool) -> bool:
    """Whether the clause ends the rent itself (`named`: the clause names the rent; else
    the rent was talked about before and the clause may end it as "it")."""
    return rent_end_at(clause, named) is not None


def rent_end_at(clause: str, named: bool) -> int | None:
    """Where the clause says the rent itself ended ("no" of "no rent now"), or None."""
    match = (_RENT_ENDED if named else _RENT_ENDED_BEFORE).search(clause)
    if match is None or _WISHED.search(clause, 0, match.start()):
        return None
    return match.start()


def end_wished(before: str) -> bool:
    """Whether the words before a clause wish for or wait on what it ends ("once we buy the
    flat, no more rent"): the end has not come."""
    return _WISHED.search(before) is not None
