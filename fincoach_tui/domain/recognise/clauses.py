"""How the finance recogniser cuts a message: into sentences, each into clauses, and
finds the anchor words (the kinds of `fact_kinds`, and goals) in a clause. Pure.

A clause with figures but no anchor of its own continues the clause before it ("my FD is
₹50,000, maturing in March"), unless it starts with someone else ("hers is 96k").
"""

from __future__ import annotations

import re
from functools import lru_cache

from fincoach_tui.domain.amounts import find_amounts
from fincoach_tui.domain.currencies import CURRENCIES
from fincoach_tui.domain.fact_kinds import KINDS
from fincoach_tui.domain.recognise.costs import given_to_family
from fincoach_tui.domain.recognise.family_rent import towards_family_home
from fincoach_tui.domain.recognise.goals import goal_anchors
from fincoach_tui.domain.recognise.income import income_anchors
from fincoach_tui.domain.recognise.money_flow import sent_to_another, users_sending
from fincoach_tui.domain.recognise.owners import OWNER_FIRST, OWNER_NEXT
from fincoach_tui.domain.recognise.parts import Anchor, figures_in
from fincoach_tui.domain.recognise.rents import lodging_of_another, priced_item, rent_named
from fincoach_tui.domain.recognise.small_bills import small_bills
from fincoach_tui.domain.recognise.spouse import PERSON_FIRST
from fincoach_tui.domain.relative_dates import RELATIVE_DATE
from fincoach_tui.domain.word_start import starts_words

# What a figure includes is not what it is: "25k including electricity", "31,000 with
# maintenance", "40k along with the parking": the figure is of the thing talked about.
INCLUDED = re.compile(
    r"(?:\b(?:including|incl\.?|inclusive of|excluding|plus|besides)"
    r"|(?:\d|\d\s?(?:k|l|lakhs?|lacs?|thousand|rupees))\s+(?:along\s+|together\s+)?with)"
    r"\s+(?:the\s+|my\s+|our\s+)?(?:(?!\d)\w+\s+)?$"
    # "₹19,000 + we split groceries": what is added is another thing
    r"|\d\s*\+\s*(?:(?!\d)\w+\s+){0,3}$",
    re.IGNORECASE,
)
# "plus" a thing with a figure of its own is another thing: "rent 20k plus maintenance 2k",
# "rent 16,500 + bijli 2k", "rent PHP 24,000 plus dues PHP 3,200" (in any currency).
_ADDED = re.compile(r"(?:\b(?:plus|besides)|\+)\s*(?:the\s+|my\s+|our\s+)?$", re.IGNORECASE)
_SIGN = rf"(?:₹|rs\.?|inr|{'|'.join(before for before, _ in CURRENCIES.values())})"
_OWN_FIGURE = re.compile(
    r"\s*(?:charges?|fees?|bills?|of|is|:|-|=)?\s*(?:~|approx\.?\s*|about\s+|around\s+)?"
    rf"{_SIGN}?\s*\d",
    re.IGNORECASE,
)


def included(clause: str, anchor: Anchor) -> bool:
    """Whether `anchor` names a part of the figure before it (`INCLUDED`), not a thing
    priced on its own."""
    if not INCLUDED.search(clause, 0, anchor.start):
        return False
    return not (_ADDED.search(clause, 0, anchor.start) and _OWN_FIGURE.match(clause, anchor.end))


# A dash between words ("we are five — me, wife, three kids", "6 log hain - main, biwi")
# ends a clause, not the sentence: what is on either side of it is read together (a
# headcount with its list), and a figure after it with no name of its own borrows the one
# before it.
_SENTENCE_END = re.compile(r"[.!?;]+(?=\s|$)|\n+")
_NOT_AN_END = re.compile(r"\b(?:rs|inr|p\.a|p\.m|e\.g|i\.e|approx|etc|no|vs)$", re.IGNORECASE)
_DASH = re.compile(r"\s+[—–-]+\s+")
# "plus" after a figure, then a thing with a figure of its own, starts another clause: "rent
# $2,400 plus parking $150" (the figure after it is not the rent's; recognise_rents).
_PLUS = r"\s+(?:plus|besides)\s+(?=(?:[a-z][\w'-]*\s+){1,3}" + _SIGN + r"?\s*\d)"
_PER_MONTH = re.compile(r"\s*(?:(?:a|per|every)\s+month|monthly|pm|p\.m\.?)?\s*", re.I)
_CLAUSE = re.compile(
    rf",\s+|\s+(?:and|but|so|while|whereas)\s+|{_DASH.pattern}|{_PLUS}", re.IGNORECASE
)


# A figure's name, then what it is net of, still going on: "take-home after PF and ESI ...".
_NET_LIST = re.compile(r"\b(?:after|net\s+of|minus|excluding)\s+(?:[\w-]+\s+){0,2}[\w-]+$", re.I)


def sentences_of(text: str) -> list[str]:
    sentences, start = [], 0
    for match in _SENTENCE_END.finditer(text):
        if match.group(0).startswith(".") and _NOT_AN_END.search(text[start : match.start()]):
            continue
        sentences.append(text[start : match.end()].strip())
        start = match.end()
    sentences.append(text[start:].strip())
    return [s for s in sentences if s]


# A label, then a list of what it is made of: "software: Adobe, cloud backup… 4,800 a month".
_LABEL_LIST = re.compile(r"^\W*(?:\w+\s+){0,2}[a-z][\w-]*\s*:\s", re.IGNORECASE)


# What was taken off before a figure, said as an aside between its subject and its verb:
# "Mine, net of tax and the housing levy, is 95k", "my salary (after PF and TDS) is 1.2L",
# "take-home - after the NPS cut - comes to 88k". What was deducted names no figure of its
# own: "housing", "PF" there are not a rent or a provident fund.
_DEDUCTED_ASIDE = re.compile(
    r"(?:,\s*|\s*\(\s*|\s+[—–-]+\s+)"
    r"(?:net\s+of|after(?:\s+(?:deducting|cutting|paying))?|less|minus|excluding|before|"
    r"post|once|leaving\s+out)\s+[^,()—–\d₹$£€]{1,60}?"
    r"(?:,\s*|\s*\)\s*|\s+[—–-]+\s+)"
    r"(?=(?:is|was|comes\s+to|came\s+to|works\s+out\s+to|stands\s+at|totals|becomes)\b|[=:])",
    re.IGNORECASE,
)

# ... or said before the user and what they keep: "after medicines and the compounder's pay
# I keep roughly 68k", "after rent and bills we are left with 20k": no pay, rent or bill.
_DEDUCTED_BEFORE = re.compile(
    r"\b(?:net\s+of|after(?:\s+(?:deducting|cutting|paying))?|minus)\s+[^,()\d₹$£€]{1,60}?\s+"
    r"(?=(?:i|we)\s+(?:\w+\s+)?(?:keep|kept|take\s+home|am\s+left|are\s+left|pocket|save|"
    r"clear)\b)",
    re.IGNORECASE,
)


def clauses_of(sentence: str) -> list[str]:
    return list(_clauses(_DEDUCTED_BEFORE.sub(" ", _DEDUCTED_ASIDE.sub(" ", sentence))))


# A message is read again with what was said before it (each strategy's walk, the coach,
# the notes): its sentences are cut once. Pure, so a cache cannot change an answer.
@lru_cache(maxsize=8192)
def _clauses(sentence: str) -> tuple[str, ...]:
    if _LABEL_LIST.match(sentence) and not anchors_in(sentence) and figures_in(sentence):
        return (sentence,)  # the list is the label's: its figure is the label's too
    parts, start, joins = [], 0, [", "]
    # Not inside a figure: the "and" of "two and a half lakh", "in a year and a half".
    amounts = [(a.start, a.end) for a in find_amounts(sentence)]
    amounts += [(m.start(), m.end()) for m in RELATIVE_DATE.finditer(sentence)]
    for match in _CLAUSE.finditer(sentence):
        if any(a < match.start() < b for a, b in amounts):
            continue
        plus = match.group(0).strip().lower() in ("plus", "besides")
        if plus and not any(_PER_MONTH.fullmatch(sentence[b : match.start()]) for _, b in amounts):
            continue  # "rent 20k a month plus dues 2k": kept whole, as before
        if _NET_LIST.search(sentence, start, match.start()) and not any(
            start <= a < match.start() for a, _ in amounts
        ):
            continue  # "Salary after tax and shakai hoken is 4.1 lakh yen": one deduction list
        parts.append(sentence[start : match.start()])
        # joined back as said after a dash ("internet - 999 a month" is a label and its
        # figure), else with a comma
        joins.append(" - " if _DASH.fullmatch(match.group(0)) else ", ")
        joins[-1] = match.group(0) if plus else joins[-1]
        start = match.end()
    parts.append(sentence[start:])
    pieces = [
        (p, j if n == 0 else ", ")
        for part, j in zip(parts, joins)
        for n, p in enumerate(_run_on(part))
    ]
    # A clause with figures but no anchor of its own borrows from the clause before it
    # ("my FD is ₹50,000, maturing in March"): join them back when that happens.
    joined: list[str] = []
    for part, join in pieces:
        if (
            joined
            and not anchors_in(part)
            # a bare figure that is a bill's by the words before it: "bijli alag se, 650"
            and (figures_in(part) or _bill_goes_on(joined[-1] + join, part))
            and not PERSON_FIRST.match(part)
            and not OWNER_FIRST.match(part)  # "..., mine is 1.1L", "..., biwi ki 45k"
            # "rent 9k flat, food 6k": another thing priced after the rent (recognise_rents)
            and not (priced_item(part) and rent_named(joined[-1]))
        ):
            joined[-1] = joined[-1] + join + part
        else:
            joined.append(part)
    return tuple(joined)


def _bill_goes_on(before: str, part: str) -> bool:
    """Whether `part` opens with a bill's bare figure whose bill `before` names."""
    return any(bill.start >= len(before) for bill in small_bills(before + part))


# What may stand between a figure and the next thing named in speech with no punctuation:
# "salary is 64000 rent is 15000", "70 thousand per month rent I pay 18 thousand".
_RUN_ON_GAP = re.compile(
    r"^[\s,]*(?:(?:a|per|every|each)\s+(?:month|year)|monthly|yearly|annually|p\.?m\.?)?"
    r"[\s,]*(?:(?:my|our|the)\s+)?$",
    re.IGNORECASE,
)
# Someone else starting a new statement in the middle of a run-on: "... sixty thousand my
# wife earns ...", "... 40k she gets 35k".
_PERSON_NEXT = re.compile(
    r"\s+(?=(?:my|our)\s+(?:wife|husband|hubby|spouse|partner|father|mother|dad|mom|papa|"
    r"parents|son|daughter|brother|sister)\b|(?:she|he|they)\s+(?:gets?|earns?|makes?|draws?|"
    r"has|pays?|is)\b)",
    re.IGNORECASE,
)


def _run_on(clause: str) -> list[str]:
    """A clause said without punctuation cut where each statement starts. Each thing named
    first and then given its figure ("rent is 15000") is its own clause when it follows
    another such figure directly ("salary is 64000 rent is 15000": otherwise 64000 stands
    right before "rent" and reads as the rent). A figure given before its name ("25k rent")
    is not cut from it; nor is a name with no figure after it ("we pay 25k rent")."""
    figures = figures_in(clause)
    if len(figures) < 2:
        return [clause]
    anchors = anchors_in(clause)
    cuts: list[int] = []
    last = 0
    for index, anchor in enumerate(anchors):
        before = [f for f in figures if last <= f.start and f.end <= anchor.start]
        if not before or not _RUN_ON_GAP.match(clause[before[-1].end : anchor.start]):
            continue
        limit = anchors[index + 1].start if index + 1 < len(anchors) else len(clause)
        own = any(anchor.end <= f.start < limit for f in figures)
        named_first = any(last <= a.start and a.end <= before[0].start for a in anchors[:index])
        if own and named_first:
            cuts.append(anchor.start)
            last = anchor.start
    for person in (*_PERSON_NEXT.finditer(clause), *OWNER_NEXT.finditer(clause)):
        if any(f.end <= person.start() for f in figures) and any(
            f.start >= person.end() for f in figures
        ):
            cuts.append(person.end())
    if not cuts:
        return [clause]
    bounds = [0, *sorted(set(cuts)), len(clause)]
    return [clause[a:b].strip() for a, b in zip(bounds, bounds[1:]) if clause[a:b].strip()]


# Every kind's anchor words in one pattern (one pass per clause, not one per kind); at a
# given place the kinds are tried in the table's order. Each kind's words start a word
# (`\b`, then a letter), so `\b(?=\w)` first finds the same matches and spares trying every
# kind at every other place (half the pattern's time).
_ANY_ANCHOR = re.compile(
    r"\b(?=\w)(?:"
    + "|".join(f"(?P<k{n}>{kind.anchor.pattern})" for n, kind in enumerate(KINDS))
    + ")",
    re.IGNORECASE,
)
starts_words("anchors", _ANY_ANCHOR)


_NOT_PAY = re.compile(r"\s*(?:tax|interest|\d+(?:\.\d+)?\s*(?:%|percent))", re.IGNORECASE)


@lru_cache(maxsize=8192)
def anchors_in(clause: str) -> tuple[Anchor, ...]:
    found: list[Anchor] = []
    for match in _ANY_ANCHOR.finditer(clause):
        kind = KINDS[int(str(match.lastgroup)[1:])]
        word = match.group(0)
        if kind.name == "salary" and _NOT_PAY.match(clause, match.end()):
            continue  # "income tax", "earning 7.2%": not the user's pay
        paid_to = _PAID_TO.search(clause, 0, match.start()) or _PAID_TO_AFTER.match(
            clause, match.end()
        )
        if kind.name == "salary" and paid_to:
            # "staff salaries 46,000", "the driver's salary": pay the user gives, a cost
            who = re.sub(r"(?:'s|s'|s|on)$", "", paid_to["who"].lower())
            who = who if who in ("driver", "cook", "maid", "nanny") else "staff"
            cost = next(k for k in KINDS if k.name == "cost")
            found.append(Anchor(match.start(), match.end(), "cost", who, cost.slots))
            continue
        if kind.name == "rent" and lodging_of_another(clause, match.start(), word):
            continue  # "my son's hostel fees": a cost for him (recognise_costs), no rent
        if kind.name == "rent" and _LOAN_FOR.search(clause, 0, match.end()):
            continue  # "the EMI for the flat": what a loan is for, not a rent (`_LOAN_FOR`)
        if (kind.name == "rent" and given_to_family(clause, match.start())) or (
            kind.name in ("rent", "expenses") and towards_family_home(clause) is not None
        ):
            # "I give ammi-abbu 15k for the house", "I give papa 12k towards the bhara":
            # support to the family, not a rent (recognise_family_rent)
            found.append(Anchor(match.start(), match.end(), "support", word, _SUPPORT.slots))
            continue
        if kind.name == "support_in" and sent_to_another(clause):
            continue  # "Pappu Rinki ko 2k bhejta hai": sent to someone else, not the user
        if kind.name == "support_in" and users_sending(clause):
            kind = _REMITTANCE  # "hum ghar 8k bhejte hain": the user sends it (money_flow)
        found.append(Anchor(match.start(), match.end(), kind.name, word, kind.slots))
    towards = towards_family_home(clause)
    if towards is not None and not found:  # "I give papa 12k towards the bhara"
        found.append(Anchor(*towards, "support", clause[slice(*towards)], _SUPPORT.slots))
    sent = _SENT_HOME.search(clause)
    if sent and users_sending(clause) and not any(a.kind == "remittance" for a in found):
        # "hum log gaon 10 hazaar bhejte hain": home or the village, the user sending
        found.append(Anchor(sent.start(), sent.end(), "remittance", sent[0], _REMITTANCE.slots))
    # A source of income ("the dairy gives us", "tuition earns me") is what its figure is:
    # not the pay its verb names ("earns"), nor the cost its word names ("tuition").
    income = income_anchors(clause)
    found = [a for a in found if not any(a.start < end and i.start < a.end for i, end in income)]
    found += [anchor for anchor, _ in income]
    found += goal_anchors(clause, any(f.kind == "amount" for f in figures_in(clause)))
    earns_first = _EARNS_FIRST.match(clause)
    if earns_first and not any(a.kind == "salary" for a in found):
        verb = earns_first.span("verb")
        found.append(Anchor(verb[0], verb[1], "salary", earns_first["verb"], _SALARY.slots))
    if not any(a.kind == "salary" for a in found):
        found += [
            Anchor(m.start("verb"), m.end("verb"), "salary", m["verb"], _SALARY.slots)
            for m in _PERSON_EARNS.finditer(clause)
            # "Freelancing brings in $1,200": a source's verb, not a person's
            if not any(i.start <= m.start() < end for i, end in income)
        ]
    found.sort(key=lambda a: a.start)
    # A name glossed in brackets ("shakai hoken (social insurance)") is the one thing.
    return tuple(
        a
        for n, a in enumerate(found)
        if not (
            n and _GLOSS.match(clause[found[n - 1].end : a.start]) and found[n - 1].kind == a.kind
        )
    )


_GLOSS = re.compile(r"^\s*\(\s*$")


_SALARY = next(kind for kind in KINDS if kind.name == "salary")
_SUPPORT = next(kind for kind in KINDS if kind.name == "support")
_REMITTANCE = next(kind for kind in KINDS if kind.name == "remittance")
# Where money the user sends goes, said before a Hindi verb of sending: home, the village.
_SENT_HOME = re.compile(r"\b(?:ghar|gaon|gaaon|gav|home)\b(?!\s+(?:se|wale|waale)\b)", re.I)
# A clause that opens with a verb of earning goes on with the person before it: "my wife
# teaches at a school and draws 38,000", "Ravi drives a cab, earns about 30k".
_EARNS_FIRST = re.compile(
    r"^\W*(?:(?:also|now|only)\s+)?(?P<verb>draws|earns|makes|gets|brings\s+home|takes\s+home)\b"
    r"(?=\s+(?:(?:about|around|only|just|nearly|roughly|rs\.?|inr|₹)\s*)*\d)",
    re.IGNORECASE,
)
# "the EMI for the flat", "I draw 1.2 lakh for the house", "I keep roughly 68k for the
# house": what a loan is for, or where money drawn, kept or saved goes, not a rent.
# Who the user pays, in English and romanised Indian languages, and the possessive that may
# join them to the pay: "the driver's salary", "staff ki tankha", "helper di pagaar",
# "staff-chi pagar".
_PAID_WHO = (
    r"(?P<who>(?:staff|workers?|employees?|boys|helpers?|maids?|drivers?|cooks?|labou?r|"
    r"karigar(?:s|on)?|servants?|assistants?|nanny|nannies|naukar(?:s|on)?|"
    r"mazdoor(?:s|on)?|kaamwali(?:\s+bai)?)(?:'s|s')?)"
)
_PAID_TO = re.compile(
    rf"\b{_PAID_WHO}(?:[\s-]+(?:ki|ka|ke|di|da|de|chi|cha|che|cho|ni|no|nu))?\s+$",
    re.IGNORECASE,
)
# ... or said after it: "the salary of my staff", "salaries for the workers" (not "salary
# for the staff quarters role").
_PAID_TO_AFTER = re.compile(
    rf"\s+(?:of|for)\s+(?:(?:the|my|our)\s+)?{_PAID_WHO}\b"
    r"(?!\s+(?:quarters?|canteen|colony|bus|room|role|post|position)\b)",
    re.IGNORECASE,
)
_LOAN_FOR = re.compile(
    r"\b(?:emis?|loans?|draws?|drawing|withdraws?|withdrawing|take|takes|taking|keep|keeps|"
    r"kept|keeping|save|saves|saved|saving|left|remains|bachta|bachte|bachti)\s+"
    r"(?:[\w,.₹]+\s+){0,3}?(?:for|on)\s+"
    r"(?:(?:the|my|our|a|an|this)\s+)?"
    r"(?:new\s+)?\w+$",
    re.IGNORECASE,
)
# A person's pay said with a plain verb: "she gets about forty thousand", "my husband makes
# 90k", "Ravi brings home 55k". Without this the figure would go to whatever was named
# before ("we pay 18k rent ... she gets 40k" is not rent).
_PERSON_EARNS = re.compile(
    r"\b(?:he|she|they|i|wife|husband|hubby|partner|spouse|(?-i:[A-Z][a-z]+))\s+(?:also\s+|now\s+)?"
    r"(?P<verb>gets|makes|draws|brings(?:\s+home)?|takes\s+home|pulls\s+in)\b"
    r"(?!\s+(?:me|us|him|her|them|a\s+(?:discount|bonus|refund)))",
    re.IGNORECASE,
)
