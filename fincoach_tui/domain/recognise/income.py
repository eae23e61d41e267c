"""Income that is not a salary: what a business, a farm, tuition or a tenant brings in. Pure.

"the dairy gives us about eighteen thousand every month", "shop brings in 50k", "tuition
earns me 12k a month", "my clinic makes around 1.2 lakh", "rental income 15k", "I get
15k rent from the flat in Thane", "dukaan se 40 hazaar aate hain", "kharif madhun 3.1 lakh
aale": a source of income (a bounded table of the things people earn from), then a verb of
earning or the word income, then the figure. Each source is its own fact
(`income_<source>`): a shop's takings do not replace the salary, and a later figure for the
same source replaces the earlier however it is phrased. A figure that is the source's cost
("the shop costs 30k in rent") is not income: only a verb of earning makes it one.
"""

from __future__ import annotations

import re

from fincoach_tui.domain.amounts import find_amounts
from fincoach_tui.domain.recognise.money_flow import GIVES_USER
from fincoach_tui.domain.recognise.parts import Anchor

# What people earn from, by slug: the words that name each.
SOURCES = {
    "business": r"business|biz|firm|startup|company I run|dhanda|dhandha|vyapar|karobar",
    "shop": r"shop|dukaan|dukan|dokan|kadai|store|kirana|outlet|stall|boutique|showroom",
    "dairy": r"dairy|cows?|buffal(?:o|oes)|cattle|milk",
    "farm": r"farm(?:ing)?|fields?|kheti|sheti|agriculture|orchard|crops?|harvest|plantation",
    "kharif": r"kharif",
    "rabi": r"rabi",
    "tuition": r"tuitions?|coaching|classes|teaching on the side",
    "freelance": r"freelanc\w*|consulting|consultancy|side (?:gig|hustle|business)|gigs?",
    "practice": r"clinic|practice|chamber",
    "rental": r"rental|rent(?:ed)? out|tenants?|kirayedar|kiraya(?:dar)?",
    "vehicle": r"vehicle|taxi|cab|auto|truck|tempo|tractor hire",
    "poultry": r"poultry|goats?|fishery",
    "food": r"food|restaurant|dhaba|cafe|canteen|tiffin|catering|bakery",
    "channel": r"youtube|channel|blog|podcast",
    "dividend": r"dividends?",
}
_SOURCE = "(?P<src>" + "|".join(SOURCES.values()) + ")"
_SLUG_OF = [(slug, re.compile(rf"^(?:{words})$", re.IGNORECASE)) for slug, words in SOURCES.items()]
# A verb of earning after the source: "gives us", "brings in", "earns me", "makes",
# "fetches", Hindi "se ... aata hai", Marathi "madhun ... aale".
_EARNS = (
    r"(?:gives?|giving|brings?(?:\s+(?:in|home))?|bringing\s+in|earns?|earning|makes?|making|"
    r"fetch(?:es)?|yields?|generates?|pays?\s+(?:me|us)|nets?|pulls?\s+in|rakes?\s+in|"
    r"gets?\s+(?:me|us))"
)
_SOURCE_EARNS = re.compile(
    rf"\b(?:the\s+|my\s+|our\s+|a\s+)?(?:{_SOURCE})\b(?:\s+\w+){{0,2}}?"
    # or pointed back to: "I also take tuitions, that brings in about 8k"
    r"(?:[^.;!?\d]{0,25}?,?\s+(?:that|it|which|this|they)(?:'s)?(?:\s+(?:also|only|now))?)?"
    rf"\s+{_EARNS}(?:\s+(?:me|us|him|her))?\b",
    re.IGNORECASE,
)
# "dairy income", "income from the shop", "shop ki kamai", "earnings from tuition".
_SOURCE_INCOME = (
    re.compile(
        rf"\b{_SOURCE}\s+(?:income|earnings|profit|takings|kamai|aamdani|revenue)\b",
        re.IGNORECASE,
    ),
    re.compile(
        r"\b(?:income|earnings|profit|kamai|aamdani)\s+(?:from\s+|of\s+)?(?:the\s+|my\s+|our\s+)?"
        rf"{_SOURCE}\b",
        re.IGNORECASE,
    ),
    re.compile(
        rf"\b{_SOURCE}\s+(?:ki|ka|ke|chi|cha|che)\s+(?:kamai|aamdani|income|kamaai)\b",
        re.IGNORECASE,
    ),
)
# "I earn 12k from tuitions", "we get 15k from the tenant", "makes 40k a month off the shop".
_FROM_SOURCE = re.compile(
    rf"\b(?:earn|earns|earned|make|makes|made|get|gets|got|getting|receive|receives|received|"
    rf"collect|collects|collected|kamata|kamati|kamate)\b[^;!?]{{0,40}}?\b(?:from|off|through|via)\s+"
    rf"(?:the\s+|my\s+|our\s+|a\s+)?(?:{_SOURCE})\b",
    re.IGNORECASE,
)
# Someone who pays the user for what a source yields (`GIVES_USER`): "they give us 9k from
# the milk", "the co-op pays me 30k for the harvest", "the society sends us 12k from the
# dairy" ("for" only after a verb that pays the user: "we pay 9k for the milk" is a cost).
_GIVEN_FROM_SOURCE = re.compile(
    rf"\b{GIVES_USER}[^;!?]{{0,40}}?\b(?:from|for|off|through|via)\s+"
    rf"(?:the\s+|my\s+|our\s+|a\s+)?(?:{_SOURCE})\b",
    re.IGNORECASE,
)
# Hindi and Marathi: "dukaan se 40 hazaar aate hain", "kharif madhun 3.1 lakh aale".
_INDIAN_COMES = (
    r"aata|aati|aate|aa\s+jata|milta|milti|milte|nikalta|nikalte|banta|bante|aale|ale|"
    r"yetat|yete|milale|milatat|kamata|kamate|milega|milegi|milenge|aayega|aayegi|"
    r"aa\s+raha|aa\s+rahi|aa\s+rahe|mil\s+raha|mil\s+rahi|"
    # Marathi "urtaat" (are left), Bengali "thake" (stays), Tamil "varudhu" (comes)
    r"urtaat|urtat|urte|urto|thake|thaake|varudhu|varum|kidaikkum|kidaikudhu"
)
# ... the source said with whose it is: "coaching wale ne ... ab 12,000 milega"; and the
# figure before the source: "ab sirf 7,500 aa raha hai coaching se".
_FROM_SOURCE_INDIAN = re.compile(
    rf"\b(?:{_SOURCE})\b(?:\s+\w+){{0,2}}?\s+(?:se|madhun|madhe|mein|me|wale\s+ne|walon\s+se|"
    r"theke|er\s+theke|la\s+irundhu|kitta\s+irundhu|il\s+ninnu)\s+"
    rf"[^;!?]{{0,45}}?\b(?:{_INDIAN_COMES})\b",
    re.IGNORECASE,
)
_FIGURE_FROM_SOURCE_INDIAN = re.compile(
    rf"\b(?:{_INDIAN_COMES})\s+(?:(?:hai|he|hain|h)\s+)?(?:(?:the|my|mere|meri)\s+)?"
    rf"(?P<src>{'|'.join(SOURCES.values())})\s+(?:se|madhun)\b",
    re.IGNORECASE,
)
# Rent the user receives, not pays: "I get 15k rent", "rent we get is 12k", "tenant pays
# us 10k", "rent aata hai 9k".
_RENT_RECEIVED = re.compile(
    r"\b(?:get|gets|getting|receive|receives|receiving|collect|collects|earn|earns)\s+"
    r"(?:(?:a|about|around|₹?\s*[\d,.]+\s*k?|rs\.?\s*[\d,.]+|\w+\s+thousand)\s+)?(?:in\s+)?"
    r"(?:monthly\s+)?rent\b"
    r"|\brent\s+(?:we|i)\s+(?:get|receive|collect)\b|\brent\s+(?:aata|aati|milta|milti)\b"
    r"|\brent\s+(?:comes\s+in|received)\b",
    re.IGNORECASE,
)
INCOME_SLOTS = {"amount": "income_{t}"}
# What a professional's practice takes in, said by the words such people use for it: "net
# professional receipts stand at 1,85,000", "receipts have reduced to 1.6L", "gross
# receipts", "my billing is 3L a month", "clinic collections average 1.5L". Never a receipt
# for something paid ("rent receipts", "the hospital receipt"), a billing address or cycle,
# nor someone's collection of things.
_PRACTICE_RECEIPTS = re.compile(
    r"(?<!\brent )(?<!\brental )(?<!\bpayment )(?<!\bfee )(?<!\bmedical )(?<!\bhospital )"
    r"(?<!\btax )(?<!\bshopping )(?<!\bpurchase )(?<!\bthe )(?<!\bthese )(?<!\bthose )"
    r"(?<!\bsome )(?<!\ball )(?<!\bno )(?<!\bfor )(?<!\bkeep )(?<!\bkept )(?<!\bfile )(?<!\bsubmit )"
    r"\b(?:(?:professional|practice|net|gross|monthly|yearly|annual|average|my|our|total)\s+)*"
    r"receipts\b(?!\s+(?:for|of|from)\s+(?:the\s+|my\s+)?(?:rent|hra|payment|school|fees))"
    r"|\b(?:my|our|monthly|yearly|annual|average|gross|net|total|professional|practice)\s+"
    r"(?:(?:monthly|yearly|annual|average|gross|net|total|professional|practice)\s+)*"
    r"billings?\b(?!\s+(?:address|cycle|date|period|details|account|statement|issue))"
    r"|\b(?:clinic|practice|chamber|consultation|consulting|opd|professional|my|our|monthly|"
    r"daily)\s+(?:(?:monthly|daily|average|total|gross|net)\s+)*collections\b",
    re.IGNORECASE,
)
# A figure said with where it comes from and no verb: "$1,200 from freelancing", "plus
# USD 900 a month from consulting", "12k more comes from tuitions".
_FROM_AFTER_FIGURE = re.compile(
    r"\b(?:from|through|via)\s+(?:the\s+|my\s+|our\s+|a\s+)?"
    rf"(?:{_SOURCE})\b",
    re.IGNORECASE,
)
_PAYS_OUT = re.compile(
    r"\b(?:pay|pays|paid|paying|spend|spends|spent|give|gives|send|sends|put|puts|invest|"
    r"invests|save|saves|transfer|transfers)\b(?<!\bget paid)(?<!\bgets paid)(?<!\bgot paid)",
    re.IGNORECASE,
)
# Paid for the work a source is: "I get paid 900 euros a month for freelance design work".
_PAID_FOR_SOURCE = re.compile(
    r"(?:\b(?:get|gets|got|getting|am|are|is|was|were)|'m|'re)\s+paid\b[^;!?]{0,40}?\bfor\s+"
    rf"(?:the\s+|my\s+|our\s+|a\s+)?(?:{_SOURCE})\b",
    re.IGNORECASE,
)
_FIGURE_GAP = re.compile(
    r"\s*(?:(?:a|per|every|each|month|year|monthly|yearly|comes?|coming|came|extra|more|"
    r"also|is|in|on\s+the\s+side)\s+)*$",
    re.IGNORECASE,
)


def income_anchors(clause: str) -> list[tuple[Anchor, int]]:
    """The sources of income a clause says the user earns from, each as an anchor whose
    figure is `income_<source>`, with where the words that say it end (the words up to
    there name no other thing: "earns" is not the pay, "tuition" not its fees). An anchor
    ends where a figure inside those words starts ("I earn 15k from tuitions": "I earn"),
    so that the figure comes after it."""
    found: list[tuple[Anchor, int]] = []
    patterns = (_SOURCE_EARNS, *_SOURCE_INCOME, _FROM_SOURCE, _GIVEN_FROM_SOURCE, _PAID_FOR_SOURCE)
    for pattern in (*patterns, _FROM_SOURCE_INDIAN, _FIGURE_FROM_SOURCE_INDIAN):
        for match in pattern.finditer(clause):
            slug = next(slug for slug, words in _SLUG_OF if words.match(match["src"]))
            found.append(_anchor(clause, match.start(), match.end(), slug))
    for match in _FROM_AFTER_FIGURE.finditer(clause):
        figures = [
            a for a in find_amounts(clause) if _FIGURE_GAP.fullmatch(clause, a.end, match.start())
        ]
        if figures and not _PAYS_OUT.search(clause, 0, figures[0].start):
            slug = next(slug for slug, words in _SLUG_OF if words.match(match["src"]))
            found.append(_anchor(clause, match.start(), match.end(), slug))
    if not _PAYS_OUT.search(clause):  # "I pay my billing of 3k": a cost, said oddly
        for match in _PRACTICE_RECEIPTS.finditer(clause):
            found.append(_anchor(clause, match.start(), match.end(), "practice"))
    for match in _RENT_RECEIVED.finditer(clause):
        found.append(_anchor(clause, match.start(), match.end(), "rental"))
    kept: list[tuple[Anchor, int]] = []
    for anchor, end in sorted(found, key=lambda pair: (pair[0].start, -pair[1])):
        if not any(k.start <= anchor.start < claimed for k, claimed in kept):
            kept.append((anchor, end))
    return kept


def _anchor(clause: str, start: int, end: int, slug: str) -> tuple[Anchor, int]:
    inside = [a.start for a in find_amounts(clause) if start <= a.start < end]
    stop = inside[0] if inside and inside[0] > start else end
    return Anchor(start, stop, "income", slug, INCOME_SLOTS), end


# Fees the user is paid, not pays: a message about the user's own pupils ("fees from my
# students", "six new kids joined the batch", "depends on how many kids pay on time", "the
# fees I collect"). Such a message's fees are what the teaching brings in.
_TEACHES = re.compile(
    r"\b(?:my|our|new|regular)\s+(?:students|pupils|trainees|batch(?:es)?)\b"
    r"|\b(?:students|pupils|trainees)\s+(?:\w+\s+)?(?:pay|paid|paying|joined|enrolled|left)\b"
    r"|\b(?:kids|children|parents)\s+(?:\w+\s+){0,2}(?:pay|paid|paying)\s+(?:me|us|on time|late)\b"
    r"|\b(?:kids|children)\s+(?:\w+\s+)?(?:joined|enrolled)\s+(?:in\s+)?(?:my|our|the|regular|new)?\s*"
    r"(?:\w+\s+)?(?:batch|class|classes|academy|studio)\b"
    r"|\bfees\s+(?:i|we)\s+(?:collect|charge|get|take)\b|\b(?:i|we)\s+(?:collect|charge)\s+fees\b"
    r"|\bfees\s+from\s+(?:my\s+|the\s+|our\s+)?(?:students|pupils|kids|trainees|classes|batch)\b"
    r"|\b(?:students|pupils|trainees)'\s+fees\b|\bfees?\s+collection\b",
    re.IGNORECASE,
)
# ... unless the fees are a child's or the user's own studies: "my son's school fees", or
# the user pays them: "I pay 3,000 in tournament fees", "my own fees for the camp", "Riya's
# dance class fees", "fees for both kids".
_FEES_PAID = re.compile(
    r"\b(?:school|college|university|hostel|exam|admission|(?:my|our)\s+(?:son|daughter|kid|"
    r"child|children|kids)|i'm\s+a\s+student|i\s+am\s+a\s+student)\b"
    r"|\b(?:i|we)\s+(?:\w+\s+)?(?:pay|paid|spend|spent)\b|\bmy\s+own\b"
    r"|\b(?:entry|tournament|registration|membership|gym|club|course|camp|late|processing|"
    r"society|creche|crèche|daycare|day-care)\s+fees?\b"
    r"|\b[a-z]+'s\s+(?:\w+\s+){0,2}fees?\b|\bfees?\s+for\s+(?:both|the|my|our)\s+"
    r"(?:kids|children|son|daughter|boys|girls)\b",
    re.IGNORECASE,
)
_FEES = ("cost_fees", "cost_tuition")
# Fees that earn: "consultation fees bring in 60k", "fees earn me 30k".
_FEES_EARN = re.compile(
    r"\bfees\s+(?:\w+\s+)?(?:brings?|brought|earns?|earned|fetch(?:es)?|gets?\s+(?:me|us))\b",
    re.IGNORECASE,
)
# A professional's fees by what they are for, said by the month or year: "consultation fees
# come to 90k a month", "professional fees received: 75,000 per month". Not a fee for one
# thing ("legal fees for the flat"), nor one visit's ("consultation fees are 800 a visit").
_PRACTICE_FEES = re.compile(
    r"\b(?:consultation|consulting|professional|legal|audit|retainer(?:ship)?|opd)\s+fees?\b"
    r"(?!\s+(?:for|of)\b)(?=[^.;!?]*\b(?:per\s+month|a\s+month|monthly|p\.?m\b|/\s*month|"
    r"per\s+annum|a\s+year|yearly|annually|p\.?a\b|mahina|mahine)\b)",
    re.IGNORECASE,
)
# Words that cannot come between "I'm" and the work: "I'm with a tutor", "I'm paying the coach".
_NOT_WORK = r"(?!(?:with|to|for|from|my|his|her|their|our|the|not|looking|paying|hiring|getting)\b)"
# Professions paid in fees by their clients ("consultation fees", "legal fees").
_PROFESSION = (
    r"(?:doctor|dentist|physio(?:therapist)?|lawyer|advocate|chartered\s+accountant|architect|"
    r"vet|psychologist|therapist|counsell?or|dietitian|nutritionist)"
)
# The user's own work paid in fees, said of themselves, by what it brings in: "I'm a chess
# coach", "maths tutor here", "Anupama here, chess coach", "I run classes at home", "I teach
# yoga online", "my clinic". Fees said later with no payer are what it brings in.
_FEE_WORK = {
    "tuition": re.compile(
        rf"\b(?:i'?m|i\s+am|myself)\s+(?:an?\s+)?(?:{_NOT_WORK}[\w-]+\s+){{0,2}}"
        r"(?:coach|tutor|trainer|instructor|tuition\s+teacher)\b"
        r"|\b(?:coach|tutor|trainer|instructor)\s+here\b"
        rf"|\bhere,\s+(?:an?\s+)?(?:{_NOT_WORK}[\w-]+\s+){{0,2}}(?:coach|tutor|trainer|instructor)\b"
        r"|\bi\s+(?:teach|tutor|coach|train)\b(?!\s+(?:at|in)\s+(?:a|the)\s+(?:school|college))"
        r"|\bi\s+(?:run|take|conduct|hold)\s+(?:\w+\s+){0,2}(?:class(?:es)?|tuitions?|coaching|"
        r"batch(?:es)?|academy|institute|studio)\b"
        r"|\btuitions?\s+(?:padhat[aei]|leta|leti|deta|deti|chalat[aei])\b",
        re.IGNORECASE,
    ),
    "practice": re.compile(
        rf"\b(?:i'?m|i\s+am)\s+an?\s+(?:{_NOT_WORK}[\w-]+\s+)?{_PROFESSION}\b"
        rf"|\b{_PROFESSION}\s+here\b|\bi\s+see\s+(?:\w+\s+)?(?:patients|clients)\b"
        r"|\bmy\s+(?:own\s+)?(?:clinic|practice|chamber)\b|\bprivate\s+(?:practice|clinic)\b"
        # "Advocate, practising at the courts", "practising law", "professional receipts"
        r"|\bpractis(?:e|ing)\s+(?:at|in|as|law|medicine)\b|\bprofessional\s+receipts\b"
        r"|\bi\s+(?:run|have)\s+(?:a|my\s+own)\s+(?:clinic|practice)\b",
        re.IGNORECASE,
    ),
}
# Income that tells the work: known tuition income makes later bare fees tuition's too.
WORK_OF_INCOME = {f"income_{slug}": slug for slug in _FEE_WORK}


def fee_work(text: str) -> str:
    """The slug of the work paid in fees that `text` says the user does ("tuition",
    "practice"), or ""."""
    return next((slug for slug, said in _FEE_WORK.items() if said.search(text)), "")


def fees_received(found: list[tuple[str, str]], body: str, work: str = "") -> list[tuple[str, str]]:
    """The message's fees as what the user's work brings in (`income_tuition`,
    `income_practice`) when it says the user teaches the ones who pay them, or when the
    user's `work` is known to be paid in fees and nobody else is named as paying them."""
    if not any(k in _FEES for k, _ in found) or _FEES_PAID.search(body):
        return found
    slug = "tuition" if _TEACHES.search(body) and not work else work
    slug = slug or ("practice" if _PRACTICE_FEES.search(body) else "")
    slug = slug or ("tuition" if _FEES_EARN.search(body) else "")
    if not slug:
        return found
    return [(f"income_{slug}" if k in _FEES else k, v) for k, v in found]
