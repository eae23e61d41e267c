"""Words the recogniser's readers share, written once: who other people are, the words for
a spouse, capitalised words that are not names, month names. Pure."""

from __future__ import annotations

import re

# People outside the family, whose figures are never the user's ("my friend pays 30k rent").
ACQUAINTANCES = r"friends?|colleagues?|cousins?|neighbou?rs?|boss|manager|roommates?|flatmates?"
# People whose figures or places are not the user's: those, and siblings.
OTHER_PEOPLE = rf"{ACQUAINTANCES}|brother|sister"
# A clause that opens with someone outside the family states their figures, not the
# user's: "my friend pays 30k rent", "a colleague has two FDs", "most people keep six months
# aside". (A sibling may be the user's dependant: "my brother lives with us" is kept by the
# statements; the recogniser files no sibling's figure as the user's.)
SOMEONE_ELSE = re.compile(
    rf"^\W*(?:(?:my|our|a)\s+(?:{ACQUAINTANCES})\b|(?:someone|people|everyone|most people)\b)",
    re.IGNORECASE,
)
# The user, in the first person: after someone else is named, it makes the clause the
# user's again ("my boss and I split the cab").
FIRST_PERSON = re.compile(r"\b(?:i|i'm|im|i've|my|me|mine|we|we're|our|us)\b", re.IGNORECASE)
# A what-if opens the clause: "what if my rent goes to 30k", "suppose I take a 10L loan".
WHAT_IF = re.compile(
    r"^\W*(?:what if|suppose|supposing|assuming|assume|imagine|hypothetically)\b", re.IGNORECASE
)
# A statement can open with what the user does with money, as its subject: "what I take
# home is 85k", "what we spend on groceries comes to 14k", "how much I make from the stall is
# 45k". A question inverts ("what should I", "how much do I") or, after "how much", has no
# "is" of its own; the verbs are the money verbs, so "what I need" or "what I mean" stays
# what it was.
_OWN_MONEY_VERBS = (
    r"have|had|did|do|earn|earned|pay|paid|get|got|make|made|send|sent|take|took|bring|"
    r"pocket|clear|draw|receive|net|save|saved|spend|spent|keep|kept|put|invest|invested|"
    r"withdraw|owe|give|gave|charge"
)
_HABITUALLY = (
    r"usually|actually|really|roughly|normally|typically|currently|now|finally|only|just|"
    r"still|also|generally|mostly|basically|on average"
)
OWN_WHAT = re.compile(
    rf"^\W*(?:(?:what|wat)\s+(?:i|we)\s+(?:(?:{_HABITUALLY})\s+)*(?:{_OWN_MONEY_VERBS})\b"
    rf"|how much\s+(?:i|we)\s+(?:(?:{_HABITUALLY})\s+)*(?:{_OWN_MONEY_VERBS})\b[^?]*?"
    r"(?:\b(?:is|was|comes? to|came to|works out|averages)\b|[:=]))",
    re.IGNORECASE,
)
# A self-interview: "Q: rent? A: 13,800, a two-room house". Its "A:" is no speaker's
# initial, and what follows it answers the question before it.
_QUESTION_TAG = re.compile(r"^\W*(?:q|ques|question)\s*[:.)-]\s*\S[^\n]*\?\W*$", re.IGNORECASE)
_ANSWER_TAG = re.compile(r"^\W*(?:a|ans|answer)\s*[:.)-]\s*(?=\S)", re.IGNORECASE)


def answer_start(before: str, sentence: str) -> int:
    """Where the answer in `sentence` starts, past its "A:", when `before` is the "Q: ...?"
    it answers; 0 otherwise."""
    answer = _ANSWER_TAG.match(sentence)
    return answer.end() if answer and _QUESTION_TAG.match(before) else 0


# A condition opens the clause: "if I get the raise", "in case the FD breaks early". In a
# question it asks about a what-if; in a statement it may qualify a fact ("if private, it
# can be 60 lakh"): each reader decides.
CONDITION = re.compile(r"^\W*(?:if|in case)\b", re.IGNORECASE)
# The user's spouse, as people call them.
SPOUSE_WORDS = r"wife|husband|hubby|spouse|partner|missus"
# Capitalised words that start sentences or stand before names, and are no one's name.
NOT_NAMES = frozenset(
    "Not Just Also So Very Quite Still Now Currently Planning Looking Trying Saving Going "
    "Married Single Thinking Worried In From On At Here Back Sure Okay Ok Fine Good Happy "
    "Glad Paying Getting Earning Living Based Sorry A An The Really Pretty Rather Bit And Aur "
    "Is Was Has Earns Gets Makes Works Both Our My His Her Their She He They It This That But "
    "Hi Hello Yes No Rs Sir Madam".split()
)
MONTHS = (
    "january february march april may june july august september october november december"
).split()
MONTH_ABBREVIATIONS = [m[:3].title() for m in MONTHS]  # "Jan" ... "Dec"
# A month's name, full or short: "March", "Mar", "Sept".
MONTH_NAME = (
    r"(?:jan(?:uary)?|feb(?:ruary)?|mar(?:ch)?|apr(?:il)?|may|june?|july?|aug(?:ust)?|"
    r"sep(?:t(?:ember)?)?|oct(?:ober)?|nov(?:ember)?|dec(?:ember)?)"
)
# A month's name as a word, full or short: "march", "mar", "sept".
MONTH_WORDS = frozenset([*MONTHS, *(m[:3] for m in MONTHS), "sept"])
# Words that are not a place after "in"/"to": months, and the short words before a name.
NOT_PLACES = MONTH_WORDS | {"the", "also", "our", "my"}
# Words before a figure that say whose it is, how near, or that it is more of the same
# thing, and name no other thing: "my share 9k", "approx 15k", "and another 2k".
SAME_THING_WORDS = frozenset(
    "the a an my our its his her balance total then now only just about around approx nearly "
    "roughly another extra more".split()
)
# Words that refer back to what was just said: that it changed ("went up", "revised"), or
# that it is corrected ("correction: 24,500", "sorry, 18k not 16k").
BACK_WORDS = frozenset(
    "it its it's that same now went gone goes increased decreased raised hiked cut reduced up "
    "down became become changed revised actually ab abhi "
    "correction corrected sorry oops typo meant rather instead".split()
)
# A message that refers back to what was just discussed, rather than starting afresh.
REFERS_BACK = re.compile(rf"\b(?:{'|'.join(sorted(BACK_WORDS))})\b", re.IGNORECASE)


def first_group(match: re.Match[str], *names: str) -> str:
    """The first of a pattern's alternative groups that matched ("who", "who2", ...): the
    same thing said in one of several shapes; "" if none did."""
    found = match.groupdict()
    return next((found[name] for name in names if found.get(name)), "")


# Things people buy on EMI, by the name the loan is then kept under: "phone on EMI",
# "camera on a no-cost EMI", "EMI for the fridge", "laptop EMI".
_GOODS = {
    "phone": r"phone|mobile|iphone|smartphone",
    "laptop": r"laptop|macbook|computer",
    "camera": r"camera",
    "tv": r"tv|television",
    "fridge": r"fridge|refrigerator",
    "appliance": r"washing machine|appliances?",
    "furniture": r"furniture|sofa",
    "tablet": r"tablet|ipad",
}


def named_words(table: dict[str, str]) -> re.Pattern[str]:
    """One pattern for a table of slug -> words: the group named by its slug says which
    matched (a whole word, any case)."""
    alternatives = "|".join(f"(?P<{slug}>{words})" for slug, words in table.items())
    return re.compile(rf"\b(?:{alternatives})\b", re.IGNORECASE)


_GOODS_WORD = named_words(_GOODS)


def goods_on_emi(text: str) -> str:
    """The thing a loan named without a type was taken for ("phone"), or "": one of the
    usual goods, else the purpose said after "for" ("an EMI of 3,000 for a course", "a
    loan for the shop's oven"): a new purpose is a new loan, not the one talked of last."""
    match = _GOODS_WORD.search(text)
    if match:
        return str(match.lastgroup)
    purpose = _FOR_PURPOSE.search(text) or _PURPOSE_BEFORE.search(text)
    what = first_group(purpose, "what", "opening") if purpose else ""
    if purpose and purpose.groupdict().get("opening") and what.lower() not in _PURPOSES:
        # a clause's opening word names a purpose only from the usual ones: "took loan 2
        # lakh", "paying loan 8k" name none, "Activa loan finished" is the loan talked of
        return ""
    what = what.lower()
    if not what or what in _NOT_PURPOSES:
        return ""
    return "home" if what in ("flat", "apartment") else what


# "EMI ... for a course", "loan for my daughter's coaching": the word after "for" and its
# article; not a time, a count, an amount or a pronoun ("EMI for 3 more years", "for it").
_FOR_PURPOSE = re.compile(
    r"\b(?:emis?|loans?|instal+ments?)\b(?:[^.;,?!]|[.,](?=\d)){0,25}?\bfor\s+"
    r"(?:(?:a|an|my|our|the|his|her|their|this|that)\s+)?(?:[a-z]+'s\s+)?(?:new\s+)?"
    r"(?P<what>[a-z]{3,})\b",
    re.IGNORECASE,
)
# "the oven loan", "our shop EMI", "plot loan outstanding 9.8 lakh" (a clause opening on
# it): the word before names what it was taken for.
_PURPOSE_BEFORE = re.compile(
    r"\b(?:the|my|our|his|her|their|this|that)\s+(?P<what>[a-z]{3,})\s+(?:loan|emi)s?\b"
    r"|(?:^|[,;:(])\s*(?P<opening>[a-z]{3,})\s+loans?\b",
    re.IGNORECASE,
)
# What a loan opening a clause is commonly taken for, capitalised or not ("Plot loan ..."):
# any other word there is a verb or a model's name ("took loan", "Activa loan").
_PURPOSES = frozenset(
    "plot land tractor shop farm crop kisan dairy wedding marriage medical".split()
)
_NOT_PURPOSES = frozenset(
    "next last another more remaining rest same whole full entire tenure term years year "
    "months month weeks days it that this them which what how now ever long emi emis loan "
    "loans one two three four five six seven eight nine ten twenty thirty few some many all "
    "both each every first second third about around nearly almost over under only just "
    "me us him her you myself ourselves now bank big small old new first second other "
    "existing current outstanding total monthly pending running last final whole joint "
    "family hand cheap costly interest free zero also and but the our his their".split()
)
