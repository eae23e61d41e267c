"""Which deposit a figure is of, when people hold more than one: by where it is kept. Pure.

"FD in Indian Bank, 8 lakh, 7.25%", "another small FD in post office, 3.5 lakh", "post
office FD matured, renewed at 7.1%", "2 FDs. SBI 1.2L at 6.9%. HDFC 80k at 7.35%": a
deposit named with its bank (a bounded table of the banks, small-finance banks and
deposit-takers people in India name, and the post office or a co-operative bank) is kept
under that bank's key (`fd_sbi_amount`, `rd_post_office_end`), so that one deposit's new
rate does not replace another's. A deposit named without a bank keeps the plain key.
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

from fincoach_tui.domain.recognise.words import named_words

if TYPE_CHECKING:
    from fincoach_tui.domain.recognise.parts import Anchor

# slug -> the ways it is named
INSTITUTIONS = {
    "sbi": r"sbi|state bank(?: of india)?",
    "hdfc": r"hdfc(?: bank)?",
    "icici": r"icici(?: bank)?",
    "axis": r"axis(?: bank)?",
    "kotak": r"kotak(?: mahindra)?(?: bank)?",
    "pnb": r"pnb|punjab national bank",
    "bank_of_baroda": r"bank of baroda|bob",
    "bank_of_india": r"bank of india",
    "canara": r"canara(?: bank)?",
    "union_bank": r"union bank(?: of india)?",
    "indian_bank": r"indian bank",
    "iob": r"iob|indian overseas bank",
    "idfc": r"idfc(?: first)?(?: bank)?",
    "yes_bank": r"yes bank",
    "indusind": r"indusind(?: bank)?",
    "federal_bank": r"federal bank",
    "south_indian_bank": r"south indian bank",
    "au_bank": r"au (?:small finance )?bank",
    "equitas": r"equitas(?: small finance bank)?",
    "ujjivan": r"ujjivan(?: small finance bank)?",
    "bajaj": r"bajaj(?: finance)?",
    "shriram": r"shriram(?: finance)?",
    "post_office": r"post ?office|india post|po(?= fd| rd| td)|(?<=the )po",
    "cooperative": r"co-?operative bank|co-?op bank|sahakari bank|cooperative",
}
_INSTITUTION = named_words(INSTITUTIONS)
# A slug's words as a label writes them ("FD post office amount") name it too.
_LABELLED = {slug: re.compile(rf"\b{slug.replace('_', ' ')}\b", re.I) for slug in INSTITUTIONS}


def institutions_in(text: str) -> list[tuple[int, str]]:
    """Where each bank is named in `text`, and its slug."""
    matches = list(_INSTITUTION.finditer(text))
    found = [(m.start(), str(m.lastgroup)) for m in matches]
    for slug, label in _LABELLED.items():  # not inside a name found ("State Bank of India")
        found += [
            (m.start(), slug)
            for m in label.finditer(text)
            if not any(n.start() <= m.start() < n.end() for n in matches)
        ]
    return sorted(set(found))


def institution_near(text: str, position: int) -> str:
    """The bank named nearest `position` in `text` ("" if none is)."""
    found = institutions_in(text)
    if not found:
        return ""
    return min(found, key=lambda pair: abs(pair[0] - position))[1]


def with_institution(key: str, slug: str) -> str:
    """ "fd_amount" kept at a bank: "fd_sbi_amount"."""
    kind, _, slot = key.partition("_")
    return f"{kind}_{slug}_{slot}" if slug and kind in ("fd", "rd") else key


# Money moved into an instrument is that instrument's, whatever pot it came from: "put 4
# lakh of my retirement savings into an FD", "parked 2L of the emergency fund in a liquid
# fund". The pot named after "of" is where it came from, not what the figure is.
_MOVES = re.compile(
    r"\b(?:put|puts|putting|moved?|moving|invest(?:s|ed|ing)?|park(?:s|ed|ing)?|"
    r"shift(?:s|ed|ing)?|transferr?(?:s|ed|ing)?|lock(?:s|ed|ing)?|deposit(?:s|ed|ing)?)\b",
    re.IGNORECASE,
)
_FROM_POT = re.compile(
    r"\b(?:of|from)\s+(?:(?:my|our|his|her|their|the|this|that)\s+)?(?:[\w-]+\s+){0,2}$",
    re.IGNORECASE,
)
_INTO = re.compile(
    r"^(?:\s+[\w'-]+){0,3}?\s+(?:into|in|to)\s+(?:(?:an?|the|my|our|one|new|some)\s+){0,2}"
    r"(?:[\w-]+\s+){0,3}$",
    re.IGNORECASE,
)
_INSTRUMENTS = frozenset({"fd", "rd", "sip", "investment"})


def moved_from(clause: str, anchors: tuple[Anchor, ...]) -> tuple[Anchor, ...]:
    """`anchors` less a pot money was moved out of into an instrument (`_MOVES`): "15L of
    my retirement money into the SCSS" is the SCSS's 15L."""
    if not _MOVES.search(clause):
        return anchors
    kept = []
    for index, anchor in enumerate(anchors):
        later = anchors[index + 1 :]
        into = next((a for a in later if a.kind in _INSTRUMENTS), None)
        if (
            anchor.kind not in _INSTRUMENTS
            and into is not None
            and _FROM_POT.search(clause, 0, anchor.start)
            and _INTO.match(clause[anchor.end : into.start])
        ):
            continue
        kept.append(anchor)
    return tuple(kept)
