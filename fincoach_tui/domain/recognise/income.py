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
from fincoach_tui.domain.recognise.fee_side import PAYS_OUT, receipts_earned
from fincoach_tui.domain.recognise.income_sources import INDIAN_COMES, SOURCE, SOURCES, source_slug
from fincoach_tui.domain.recognise.money_flow import GIVES_USER
from fincoach_tui.domain.recognise.parts import Anchor

# A verb of earning after the source: "gives us", "brings in", "earns me", "makes",
# "fetches", Hindi "se ... aata hai", Marathi "madhun ... aale".
_EARNS = (
    r"(?:gives?|giving|brings?(?:\s+(?:in|home))?|bringing\s+in|earns?|earning|makes?|making|"
    r"fetch(?:es)?|yields?|generates?|pays?\s+(?:me|us)|nets?|pulls?\s+in|rakes?\s+in|"
    r"gets?\s+(?:me|us))"
)
_SOURCE_EARNS = re.compile(
    rf"\b(?:the\s+|my\s+|our\s+|a\s+)?(?:{SOURCE})\b(?:\s+\w+){{0,2}}?"
    # or pointed back to: "I also take tuitions, that brings in about 8k"
    r"(?:[^.;!?\d]{0,25}?,?\s+(?:that|it|which|this|they)(?:'s)?(?:\s+(?:also|only|now))?)?"
    rf"\s+{_EARNS}(?:\s+(?:me|us|him|her))?\b",
    re.IGNORECASE,
)
# "dairy income", "income from the shop", "shop ki kamai", "earnings from tuition".
_SOURCE_INCOME = (
    re.compile(
        rf"\b{SOURCE}\s+(?:income|earnings|profit|takings|kamai|aamdani|revenue)\b",
        re.IGNORECASE,
    ),
    re.compile(
        r"\b(?:income|earnings|profit|kamai|aamdani)\s+(?:from\s+|of\s+)?(?:the\s+|my\s+|our\s+)?"
        rf"{SOURCE}\b",
        re.IGNORECASE,
    ),
    re.compile(
        rf"\b{SOURCE}\s+(?:ki|ka|ke|chi|cha|che)\s+(?:kamai|aamdani|income|kamaai)\b",
        re.IGNORECASE,
    ),
)
# "I earn 12k from tuitions", "we get 15k from the tenant", "makes 40k a month off the shop".
_FROM_SOURCE = re.compile(
    rf"\b(?:earn|earns|earned|make|makes|made|get|gets|got|getting|receive|receives|received|"
    rf"collect|collects|collected|kamata|kamati|kamate)\b[^;!?]{{0,40}}?\b(?:from|off|through|via)\s+"
    # "from my pottery classes": the source said with what it is
    rf"(?:the\s+|my\s+|our\s+|a\s+)?(?:(?!(?:{'|'.join(SOURCES.values())})\b)[a-z]+\s+)?(?:{SOURCE})\b",
    re.IGNORECASE,
)
# Someone who pays the user for what a source yields (`GIVES_USER`): "they give us 9k from
# the milk", "the co-op pays me 30k for the harvest", "the society sends us 12k from the
# dairy" ("for" only after a verb that pays the user: "we pay 9k for the milk" is a cost).
_GIVEN_FROM_SOURCE = re.compile(
    rf"\b{GIVES_USER}[^;!?]{{0,40}}?\b(?:from|for|off|through|via)\s+"
    rf"(?:the\s+|my\s+|our\s+|a\s+)?(?:{SOURCE})\b",
    re.IGNORECASE,
)
# ... the source said with whose it is: "coaching wale ne ... ab 12,000 milega"; and the
# figure before the source: "ab sirf 7,500 aa raha hai coaching se".
_FROM_SOURCE_INDIAN = re.compile(
    rf"\b(?:{SOURCE})\b(?:\s+\w+){{0,2}}?\s+(?:se|madhun|madhe|mein|me|wale\s+ne|walon\s+se|"
    # Punjabi "ton", Telugu "nunchi", Kannada "inda", Nepali "bata"
    r"ton|toh|nunchi|nundi|inda|bata|"
    r"theke|er\s+theke|la\s+irundhu|kitta\s+irundhu|il\s+ninnu)\s+"
    rf"[^;!?]{{0,45}}?\b(?:{INDIAN_COMES})\b",
    re.IGNORECASE,
)
_FIGURE_FROM_SOURCE_INDIAN = re.compile(
    rf"\b(?:{INDIAN_COMES})\s+(?:(?:hai|he|hain|h)\s+)?(?:(?:the|my|mere|meri)\s+)?"
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
# receipts", "my billing is 3L a month", "clinic collections average 1.5L". Not a receipt
# someone keeps or files ("the receipts", "file receipts"), a billing address or cycle, nor
# someone's collection of things; whether they are paid for something ("rent receipts") is
# `receipts_earned`'s to say.
_PRACTICE_RECEIPTS = re.compile(
    r"(?<!\bthe )(?<!\bthese )(?<!\bthose )"
    r"(?<!\bsome )(?<!\ball )(?<!\bno )(?<!\bfor )(?<!\bkeep )(?<!\bkept )(?<!\bfile )(?<!\bsubmit )"
    r"\b(?:(?:professional|practice|net|gross|monthly|yearly|annual|average|my|our|total)\s+)*"
    r"receipts\b"
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
    rf"(?:{SOURCE})\b",
    re.IGNORECASE,
)
# Paid for the work a source is: "I get paid 900 euros a month for freelance design work".
_PAID_FOR_SOURCE = re.compile(
    r"(?:\b(?:get|gets|got|getting|am|are|is|was|were)|'m|'re)\s+paid\b[^;!?]{0,40}?\bfor\s+"
    rf"(?:the\s+|my\s+|our\s+|a\s+)?(?:{SOURCE})\b",
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
            slug = source_slug(match["src"])
            found.append(_anchor(clause, match.start(), match.end(), slug))
    for match in _FROM_AFTER_FIGURE.finditer(clause):
        figures = [
            a for a in find_amounts(clause) if _FIGURE_GAP.fullmatch(clause, a.end, match.start())
        ]
        if figures and not PAYS_OUT.search(clause, 0, figures[0].start):
            slug = source_slug(match["src"])
            found.append(_anchor(clause, match.start(), match.end(), slug))
    for match in _PRACTICE_RECEIPTS.finditer(clause):
        if receipts_earned(clause, match.start(), match.end()):
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
