"""Recurring costs the kinds do not name, found by the shape of what is said. Pure.

"dad's medicines cost 6k monthly", "Medicines are now 7,500 a month", "I send ₹20,000
every month to my parents": a thing (or a person paid), then a figure with a month or a
year. Read only for a clause that names no kind and no subject carried from before.
"""

from __future__ import annotations

import re

from fincoach_tui.domain.amounts import find_amounts
from fincoach_tui.domain.currencies import CURRENCIES
from fincoach_tui.domain.fact_keys import key_of
from fincoach_tui.domain.fact_kinds import KINDS
from fincoach_tui.domain.recognise.parts import Anchor
from fincoach_tui.domain.recognise.rents import RENT_WORD
from fincoach_tui.domain.recognise.values import MONTHLY, YEARLY, amount_value

# A recurring cost the kinds do not name: "dad's medicines cost 6k monthly", "Medicines are
# now 7,500 a month". Only with a month or a year said: "a phone costs 80k" is no outgoing.
_COST_NOUN = re.compile(
    r"\b(?P<noun>[a-z][a-z-]{2,})(?:'s)?\s+(?:bills?\s+|fees?\s+|charges?\s+|costs?\s+|"
    r"expenses?\s+)?"
    r"(?:costs?|cost (?:me|us)|is|are|comes? to|runs?|takes?)\s+"
    r"(?:(?:now|about|around|roughly|just|only|also|me|us|nearly|almost|monthly|yearly|"
    r"(?:a|per|every|each)\s+(?:month|year))\s+)*"
    r"(?=₹|rs\b|inr\b|\d|[a-z-]+\s+(?:thousand|lakh|hundred))",
    re.IGNORECASE,
)
# The cadence said before the figure: "dad's medicines and physiotherapy every month about
# 6,500", "maid every month 4k".
_COST_EVERY = re.compile(
    # not a verb after its subject: "we save every month 10k"
    r"(?<!\bi\s)(?<!\bwe\s)(?<!\byou\s)(?<!\bthey\s)(?<!\bhe\s)(?<!\bshe\s)"
    r"\b(?P<noun>[a-z][a-z-]{2,})(?:\s+(?:and|&)\s+[a-z][a-z-]{2,})?\s+"
    r"(?:every|each|per|a)\s+(?:month|year)\s+"
    r"(?:(?:about|around|roughly|nearly|almost|approx|just|only|is|are|comes to)\s+)*"
    r"(?=₹|rs\b|inr\b|\d)",
    re.IGNORECASE,
)
_A_CURRENCY = re.compile(
    "|".join(f"{before}|{after}" for before, after in CURRENCIES.values()), re.IGNORECASE
)
_NOT_A_COST = frozenset(
    "it this that which what there who he she they you total rest balance figure number "
    "amount price value one thing all both each mine ours his hers theirs premium cover rate "
    "interest emi instalment installment tenure sum salary pay income cost costs expense "
    "expenses".split()
)
# A month or a year, in English or in romanised Hindi, Marathi, Bengali, Tamil: "har
# mahine", "3,400 mahina", "mahinyala", "mashe", "maasam".
_CADENCE = (
    r"\b(?:a|per|every|each)\s+(?:month|year)\b|\bmonthly\b|\byearly\b|\bannually\b|"
    r"\bp\.?m\b|\b(?:har\s+|prati\s*)?(?:mahin[ae]|mahino|maheena)\b|\bmahinyala\b|"
    r"\bmahinyache\b|\bmashe\b|\bmase\b|\bmaasam\b|\bmasam\b|\bmaasa\b|\bsaal\s+ka\b"
)
_CADENCE_WORD = re.compile(_CADENCE, re.IGNORECASE)
# A thing and its figure, in a language that puts "of" after the thing: "mess ka 3,400
# lagta hai mahina", "doodh cha kharch 2,000 mahinyala", "bhara er 6,000 mashe".
_COST_OF = re.compile(
    r"\b(?P<noun>[a-z][a-z-]{2,})\s+(?:ka|ki|ke|cha|chi|che|er|oda|ukku|kku)\s+"
    r"(?:(?:kharcha?|kharch|kharchu|bill|fees?|selavu|khoroch)\s+)?"
    r"(?:(?:about|around|lagbhag|kareeb|roughly|approx)\s+)?(?=₹|rs\b|inr\b|\d)",
    re.IGNORECASE,
)
# A thing, its figure and how often, and nothing else: "library seat 1,200 monthly".
_COST_BARE = re.compile(
    r"^\W*(?P<noun>[a-z][a-z-]{2,})(?:\s+(?P<noun2>[a-z][a-z-]{2,}))?\s+"
    r"(?:₹|rs\.?\s*|inr\s*)?\d[\d,.]*\s*k?\s+"
    rf"(?:{_CADENCE})\W*$",
    re.IGNORECASE,
)
_FUNCTION_WORDS = frozenset(
    "now also just only then still around about approx plus extra more another after before "
    "and but the our my his her their its was were has have had will would abhi aur bas ab "
    "sirf".split()
)


# Money sent or given to someone every month: "I send ₹20,000 every month to my parents".
GIVEN_TO = re.compile(
    r"\b(?:send|sends|sending|give|gives|giving|transfer|transfers)\b.*?\b(?:to|for)\s+"
    r"(?:my|our)\s+(?P<noun>[a-z][a-z-]{2,})"
    # the parents named in the user's language, given to directly: "I send umma-uppa 25k",
    # "give ammi abbu 10k"
    r"|\b(?:send|sends|sending|give|gives|giving|transfer|transfers)\s+(?:to\s+)?"
    r"(?P<parents>(?:umma|uppa|ammi|abbu|amma|appa|aai|baba|maa|papa|mummy|nanna|ma)"
    r"(?:[-\s](?:and\s+)?(?:umma|uppa|ammi|abbu|amma|appa|aai|baba|maa|papa|mummy|nanna|ma))?)\b",
    re.IGNORECASE,
)


# Money handed to family for the home is what the user gives them, not a rent: "every month
# I give ammi-abbu 15k for the house", "I send my parents 20k for the ghar", "give Papa 10k
# towards the household". A rent or a landlord named says it is rent after all.
_FAMILY = (
    r"parents|mother|father|mom|mum|dad|papa|mummy|amma|appa|ammi|abbu|abba|umma|uppa|aai|"
    r"baba|maa|ma|nanna|in-laws|mother-in-law|father-in-law|family|brother|sister|bhaiya|"
    r"bhai|didi|dada|them|him|her"
)
_GIVES_FAMILY = re.compile(
    r"\b(?:give|gives|giving|gave|send|sends|sending|sent|hand|hands|handing|transfer|"
    r"transfers|transferring|contribute|contributes|contributing)\s+(?:to\s+)?"
    rf"(?:(?:my|our)\s+)?(?:{_FAMILY})\b",
    re.IGNORECASE,
)
# Money sent away to the family, home or to a relative: "I also send 10k home now",
# "transfer 12k to Amma each month", "6k goes back home", "ghar 15k bhejta hoon".
_KIN = (
    r"parents|mother|father|mom|mum|dad|papa|mummy|amma|appa|ammi|abbu|abba|umma|uppa|aai|"
    r"baba|maa|nanna|in-laws|family|brother|sister|bhaiya|didi|village|native"
)
_SENT_AWAY = re.compile(
    r"\b(?:send|sends|sent|sending|remit\w*|transfer\w*|wire[sd]?|give|gives|giving|"
    r"goes|go|going)\b(?:\s+[\w₹.,]+){0,4}?\s+(?:back\s+)?"
    rf"(?:home|to\s+(?:my\s+|our\s+|the\s+)?(?:{_KIN}))\b"
    rf"|\b(?:ghar|ghare|{_KIN})\s+(?:ko\s+|la\s+|ke\s+liye\s+)?(?:[\w₹.,]+\s+){{0,3}}?"
    r"(?:bhej|pathav|pathai|pathan|anupp)\w*",
    re.IGNORECASE,
)
_RENT_NAMED = re.compile(rf"\b(?:{RENT_WORD})\b", re.IGNORECASE)


# ... in Hindi and Punjabi, where the rent may be named as what it is given for: "mummy ko
# 9k deti hu ghar ke kiraye ke liye", "papa nu 12k dinda haan kiraye layi".
_GIVES_KIN = re.compile(
    rf"\b(?:{_FAMILY}|ammi-abbu|mummy-papa)\s+(?:ko|nu|la)\s+(?:[\w₹.,]+\s+){{0,4}}?"
    r"(?:deti|deta|dete|dinda|dindi|dende|deto|dungi|dunga|deun)\b",
    re.IGNORECASE,
)
_FOR_IT = re.compile(r"\s+(?:ke\s+liye|ke\s+vaaste|layi|sathi)\b", re.IGNORECASE)


def given_to_family(clause: str, before: int) -> bool:
    """Whether a clause says, before `before`, that the user gives money to their family,
    and names no rent or landlord: what it gives "for the house" is support, not rent; in
    Hindi or Punjabi, "for their rent" too (`before`: where the rent's word starts)."""
    if _GIVES_KIN.search(clause, 0, before):
        word = _RENT_NAMED.search(clause, before)
        return word is None or bool(_FOR_IT.match(clause, word.end()))
    return bool(_GIVES_FAMILY.search(clause, 0, before)) and not _RENT_NAMED.search(clause)


def sent_to_family(clause: str) -> bool:
    """Whether a clause sends money home or to the family ("I also send 10k home now"): its
    figure is that money, not a new value of the rent or loan talked about before."""
    return bool(_SENT_AWAY.search(clause)) and not _RENT_NAMED.search(clause)


# A line shaped like a question that asks nothing: a cost said with dismay ("workshop rent
# 16,500 a month??", "school fees 1.2 lakh a year?!", "I pay 22k for this room?"). It asks
# only with an asking word: a "what/how/kitna" anywhere, a verb that opens a question ("is
# it", "should I", "can we"), or a word of judging ("too much", "okay", "sahi hai").
_ASKING = re.compile(
    r"\b(?:what|whats|how|hows|which|why|when|where|who|whom|whose|if|or\s+not|whether|"
    r"should|shall|can|could|would|may|might|must|ought|afford|enough|normal|reasonable|"
    r"too\s+(?:much|high|low|little)|ok|okay|fine|right|correct|wrong|better|worse|worth|"
    r"possible|advisable|wise|good|bad|high|low|sahi|theek|thik|chalega|chalegi|"
    r"kya|kyaa|kitna|kitne|kitni|kaise|kaisa|kaisi|kyun|kyon|kab|kaun|kahan|kidhar|"
    r"kay|kaay|kiti|kasa|kashi|ka|ki|koto|kobe|keno|kemon|enna|evvalavu|eppadi|"
    r"yenu|eshtu|entha|ethra|enthu|na|naa|no|ah|aa|eh|huh|right)\b"
    r"|^\W*(?:is|are|am|was|were|do|does|did|have|has|had|will|won't|isn't|aren't|don't|"
    r"doesn't|didn't|any)\b",
    re.IGNORECASE,
)
_OF_WORD = re.compile(r"(?<=[a-z] )(?:ka|ki|ke)\b(?=\s+[a-z]{3,})", re.IGNORECASE)
_DISMAY = re.compile(r"(?:\?\s*){2,}$|\?\s*!+\s*$|!+\s*\?+\s*$")
_OWN_COST = re.compile(r"\b(?:i|we)\s+(?:pay|paid|spend|give|shell\s+out)\b", re.IGNORECASE)


def stated_not_asked(sentence: str) -> bool:
    """Whether a sentence that ends like a question states a figure of the user's own and
    asks nothing: no asking word (`_ASKING`), a figure with a month or a year, or said
    with "??" or "?!", or with "I pay"."""
    # "dukaan ka kiraya 9k??": "ka" joining two words is "of", not Marathi's question word
    asking = _ASKING.search(_OF_WORD.sub(" ", sentence))
    if not sentence.rstrip().endswith(("?", "!")) or asking:
        return False
    if not find_amounts(sentence):
        return False
    return bool(
        _DISMAY.search(sentence) or _CADENCE_WORD.search(sentence) or _OWN_COST.search(sentence)
    )


# A cost given as a label and its figure: "software: Adobe, cloud backup… roughly 4,800 a
# month", "also internet - 999 monthly". The label is the thing; a word that labels a
# message ("update:", "note:") is not.
_LABELLED = re.compile(
    r"^\W*(?:(?:also|and|plus|then|oh)\s+)?(?P<noun>[a-z][a-z-]{2,})\s*(?::|=|\s[–-])\s",
    re.IGNORECASE,
)
_LABELS = frozenset(
    "update note correction edit ps btw fyi also ok okay question doubt query goal plan "
    "status summary details context background info anyway so well hmm".split()
)


def regular_cost(clause: str) -> Anchor | None:
    """The cost a clause with no anchor states, if it says one: a thing, then a figure
    with a month or a year; or a sum sent to someone every month."""
    given = GIVEN_TO.search(clause)
    if given and _CADENCE_WORD.search(clause):
        cost = next(kind for kind in KINDS if kind.name == "cost")
        group = "noun" if given["noun"] else "parents"
        noun = "to_" + (given["noun"].lower() if given["noun"] else "parents")
        return Anchor(given.start(group), given.end(group), "cost", noun, cost.slots)
    labelled = _LABELLED.match(clause)
    if labelled and _CADENCE_WORD.search(clause, labelled.end()):
        noun = labelled["noun"].lower()
        if noun not in _NOT_A_COST and noun not in _LABELS:
            cost = next(kind for kind in KINDS if kind.name == "cost")
            return Anchor(
                labelled.start("noun"), labelled.end("noun"), "cost", _singular(noun), cost.slots
            )
    for pattern in (_COST_OF, _COST_BARE):
        found = pattern.search(clause)
        if found is None or not _CADENCE_WORD.search(clause, found.end("noun")):
            continue
        words = [found["noun"].lower()]
        if found.groupdict().get("noun2"):
            words.append(found["noun2"].lower())
        if any(w in _NOT_A_COST or w in _FUNCTION_WORDS or w in _LABELS for w in words) or (
            _A_CURRENCY.fullmatch(found["noun"])
        ):  # "krw 5,200,000 a month": the figure's currency, not a thing paid for
            continue
        cost = next(kind for kind in KINDS if kind.name == "cost")
        noun = "_".join(_singular(w) for w in words)
        return Anchor(found.start("noun"), found.end("noun"), "cost", noun, cost.slots)
    every = _COST_EVERY.search(clause)
    if every and every["noun"].lower() not in _NOT_A_COST:
        cost = next(kind for kind in KINDS if kind.name == "cost")
        noun = _singular(every["noun"].lower())
        return Anchor(every.start(), every.end("noun"), "cost", noun, cost.slots)
    match = _COST_NOUN.search(clause)
    if not match or match["noun"].lower() in _NOT_A_COST:
        return None
    if not _CADENCE_WORD.search(clause, match.end("noun")):
        return None
    cost = next(kind for kind in KINDS if kind.name == "cost")
    noun = _singular(match["noun"].lower())
    return Anchor(match.start(), match.end("noun"), "cost", noun, cost.slots)


# What keeps someone well is one cost, however it is named: "medicines", "medical cost",
# "physiotherapy" and "injections" are all the medicine bill.
_MEDICAL = re.compile(
    r"^(?:medic\w*|physio\w*|therap\w*|treatments?|injections?|dialysis|doctors?|"
    r"hospital\w*|chemo\w*|insulin|tablets?|pills?|nursing|caregiver|attendant)$"
)


def _singular(noun: str) -> str:
    """One key however the thing is counted: "medicines" and "medicine" are one cost, and
    so are the names of medical care (`_MEDICAL`)."""
    if _MEDICAL.match(noun):
        return "medicine"
    if noun.endswith("ies") and len(noun) > 4:
        return noun[:-3] + "y"
    if noun.endswith("s") and not noun.endswith(("ss", "us", "is")) and len(noun) > 3:
        return noun[:-1]
    return noun


# A total over several things named in a list is what they cost together, not what the last
# of them costs: "fees, hostel and pocket money together come to 42,000", "rent, groceries
# and power total 55k", "books aur uniform sab milake 25k", "van, tuition - 30k in all".
_TOTAL_WORD = (
    r"together|in\s+all|in\s+total|total(?:s|ling|led)?|altogether|all\s+together|combined|"
    r"put\s+together|(?:sab\s+)?mila\s*(?:ke|kar)|add(?:s|ing)?\s+up(?:\s+to)?"
)
_FILLER = (
    r"(?:come|comes|came|coming|to|is|are|was|were|cost|costs|about|around|roughly|approx|"
    r"nearly|almost|hai|hain|lagta|lagte|me|us|will|would|be|now|[-:=–—])"
)
# A total still to be paid once ("X and Y together will be 11 lakh", with no "a month"): the
# price of a plan, its goal's amount, not a cost of every month.
_TO_COME = re.compile(r"\b(?:will|would)\b", re.IGNORECASE)
_TOTAL_BEFORE = re.compile(
    rf"(?:^|\s+)(?:(?:{_TOTAL_WORD})\b|=)(?:\s*{_FILLER})*\s*$", re.IGNORECASE
)
_TOTAL_AFTER = re.compile(
    r"\s*(?:(?:a|per|every|each)\s+(?:month|year)\s+|monthly\s+|yearly\s+)?"
    rf"(?:{_TOTAL_WORD})\b",
    re.IGNORECASE,
)
_LIST_TAIL = re.compile(rf"(?:\s+{_FILLER})*\s*$", re.IGNORECASE)
_LIST_JOIN = re.compile(r"\s*(?:,|&|\+|/)\s*|\s+(?:and|aur|ani|plus)\s+", re.IGNORECASE)
_LEAD_IN = re.compile(
    r"^(?:.*\b(?:on|for|of|between|with))?\s*(?:(?:my|our|her|his|their|the|also|plus|then)\s+)*",
    re.IGNORECASE,
)
_EARNED = re.compile(
    r"\b(?:salary|salaries|pay|income|pension|bonus|earn\w*|profits?|interest|dividends?|"
    r"returns?)\b",
    re.IGNORECASE,
)


def listed_total(sentence: str) -> tuple[tuple[tuple[str, str], ...], int, int] | None:
    """A total said over a list ("fees, hostel and pocket money together come to 42,000"):
    the combined cost's fact, `cost_<the things>`, and the span of the sentence that says
    it. A total after the list's own figures ("grocery 14k, bill 3,200, fees 6,500, total
    23,700") is `cost_total`, and only the total's words are its span: the figures before
    it are each their own. A total said alone ("so total 30,400") is left to what the
    sentence is about."""
    for amount in find_amounts(sentence):
        head = sentence[: amount.start]
        before = _TOTAL_BEFORE.search(head)
        if before is not None:
            listed, start = head[: before.start()], before.start()
        elif _TOTAL_AFTER.match(sentence, amount.end):
            listed = head[: _LIST_TAIL.search(head).start()]  # type: ignore[union-attr]
            start = len(listed)
        else:
            continue
        end = amount.end
        after = _TOTAL_AFTER.match(sentence, amount.end)
        end = after.end() if after and before is None else end
        if len(find_amounts(listed)) >= 2:
            if _COMES_IN.search(sentence) or any(
                k.anchor.search(listed) for k in KINDS if k.name not in _SPENT_KINDS
            ):
                return None  # "50 lakh cover on top, so total is 1 crore": not a cost
            key = "cost_total"
        else:
            items = _items(listed.rsplit(":", 1)[-1])
            if len(items) < 2 or any(_EARNED.search(item) for item in items):
                return None
            key, start = "cost_" + "_".join(key_of(item) for item in items), 0
        value = amount_value(key, amount, sentence[amount.end :])
        after_amount = sentence[amount.end :]
        once = not (amount.yearly or MONTHLY.match(after_amount) or YEARLY.match(after_amount))
        if before is not None and _TO_COME.search(head, before.start()) and once:
            key = "goal_" + key.removeprefix("cost_") + "_amount"
        return ((key, value),), start, end
    return None


# A total that comes in, not one that goes out: "month ka total 29,500 aata hai haath me".
_COMES_IN = re.compile(
    r"\b(?:aata|aati|aate|milta|milti|milte|haath|in\s+hand|take[- ]?home|comes?\s+in|"
    r"income|earn\w*|salary|pay|paid|profit|turnover|sales|revenue)\b",
    re.IGNORECASE,
)
# The kinds a list of monthly outgoings is made of.
_SPENT_KINDS = frozenset({"rent", "expenses", "cost", "loan", "support"})


def _items(listed: str) -> list[str]:
    """The things of a list, each in at most three words of its own ("college fees",
    "pocket money"), less whose they are and what they are for ("Faizan's fees", "hostel
    for both"): none if a piece is longer than a thing's name or holds a figure."""
    if re.search(r"\d", listed):
        return []
    pieces = [p for p in _LIST_JOIN.split(listed.strip(" -–—")) if p.strip()]
    if not pieces:
        return []
    # "When he came to measure, the net and cold storage": the things are the short pieces
    # after the last long one
    long = [n for n, p in enumerate(pieces) if len(_LEAD_IN.sub("", p).split()) > 3]
    if long and len(pieces) - long[-1] - 1 >= 2:
        pieces = pieces[long[-1] + 1 :]
    pieces[0] = _LEAD_IN.sub("", pieces[0])  # "For the kids, school fees": the things
    items = []
    for piece in pieces:
        if len(piece.split()) > 3:
            return []
        words = re.findall(r"[a-z][a-z-]*(?:'s)?", piece.lower())
        words = [w for w in words if not w.endswith("'s") and w not in _NOT_THINGS]
        cut = next((n for n, w in enumerate(words) if n and w in _ENDS_NAME), len(words))
        if words[:cut]:
            items.append(" ".join(words[:cut]))
    return items


# Words in a list that name no thing ("Haan, the maid plus cook together"), and words that
# end a thing's name ("hostel for both").
_NOT_THINGS = frozenset(
    "a an the my our her his their its your both all also so then and ok okay haan han yes "
    "yeah well oh hmm acha accha achha bas".split()
)
_ENDS_NAME = frozenset("for of in at from to with on".split())
