"""A thing named without what tells it apart is the one of its kind the user has. Pure.

"the FD rate is now 7.4%" when the only FD known is the SBI one is that FD's rate; "after the
rate reset the EMI is now 40k" when the only loan known is the home loan is that loan's EMI.
Read after a message's facts (`finance_facts`), knowing the messages before it (`Reading`):
a value kept under a second, plain key beside the first would leave the old one current.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass

from fincoach_tui.domain.fact_kinds import LOAN_TYPES, loan_type
from fincoach_tui.domain.recognise.context import Reading
from fincoach_tui.domain.recognise.vehicle_models import model_key

_BANK_DEPOSIT = re.compile(
    r"^(?P<kind>fd|rd)_(?P<bank>[a-z_]+)_(?:amount|rate|maturity|tenure|end)$"
)
# A deposit said to be another one than those known: "another FD", "opened an RD".
_ANOTHER_DEPOSIT = re.compile(
    r"\b(?:another|second|2nd|third|one more|other|an? new|extra|opened|opening|booked|booking|"
    r"started|starting|took|taking|"
    # Hindi, Marathi, Tamil, Bengali: "naya RD", "ek aur FD", "pudhu FD", "notun FD"
    r"naya|nayi|naye|ek aur|doosra|dusra|doosri|dusri|navin|nava|pudhu|puthu|notun)\b"
    r"(?:\s+\w+){0,3}?\s+(?:fds?|rds?|fixed|recurring|deposits?)\b"
    # the deposit, then the verb of opening: "RD khola", "FD ughadli", "RD open kiya"
    r"|\b(?:fds?|rds?|deposits?)\s+(?:bhi\s+)?(?:khola|kholi|khulwaya|khulwayi|kholla|ughadla|"
    r"ughadli|open\s+(?:kiya|ki|kela|keli|pannen|korlam))\b",
    re.IGNORECASE,
)


@dataclass(frozen=True)
class _Unnamed:
    """One kind of thing that can be named without what tells it apart."""

    plain: re.Pattern[str]  # a key that names it plainly: groups `kind` and `slot`
    another: re.Pattern[str]  # words saying it is another one than those known
    # per kind, what tells apart each one known ("" for one known without it)
    known: Callable[[list[tuple[str, str]], Reading], dict[str, set[str]]]
    key: Callable[[str, str, str], str]  # kind, what tells it apart, slot -> its key


def _the_one(
    found: list[tuple[str, str]], reading: Reading, body: str, things: _Unnamed
) -> list[tuple[str, str]]:
    """`found` with each plain key given to the one thing of its kind known, where exactly
    one is known and it is told apart; unchanged for a thing said to be another one."""
    if not any(things.plain.match(key) for key, _ in found) or things.another.search(body):
        return found
    held = things.known(found, reading)
    kept: list[tuple[str, str]] = []
    for key, value in found:
        plain = things.plain.match(key)
        names = held.get(plain["kind"], set()) if plain else set()
        if plain and len(names) == 1 and "" not in names:
            key = things.key(plain["kind"], next(iter(names)), plain["slot"])
        kept.append((key, value))
    return kept


def _deposits_known(found: list[tuple[str, str]], reading: Reading) -> dict[str, set[str]]:
    """The banks of the deposits known, by type: "fd" (no bank), "sbi fd", "post office rd"."""
    held: dict[str, set[str]] = {"fd": set(), "rd": set()}
    for _, kind, word in reading.topics:
        if kind in held:
            held[kind].add("" if word == kind else word.removesuffix(f" {kind}"))
    for key, _ in found:
        banked = _BANK_DEPOSIT.match(key)
        if banked:
            held[banked["kind"]].add(banked["bank"].replace("_", " "))
    return held


_DEPOSITS = _Unnamed(
    re.compile(r"^(?P<kind>fd|rd)_(?P<slot>amount|rate|maturity|tenure|end)$"),
    _ANOTHER_DEPOSIT,
    _deposits_known,
    lambda kind, bank, slot: f"{kind}_{bank.replace(' ', '_')}_{slot}",
)


_ANOTHER_LOAN = re.compile(
    r"\b(?:another|second|2nd|one more|other|an? new|extra|took|taking|taken|applied)\b"
    r"(?:\s+\w+){0,3}?\s+(?:loans?|emis?)\b",
    re.IGNORECASE,
)


def _loans_known(found: list[tuple[str, str]], reading: Reading) -> dict[str, set[str]]:
    """The types of the loans known ("" for a loan known without one: "the EMI")."""
    types = {loan_type(word) for _, kind, word in reading.topics if kind == "loan"}
    types |= {key.split("_")[1] for key, _ in found if key.startswith("loan_")}
    types.discard("loan")  # the loan this message names without a type
    if any(w.lower() in ("loan", "emi") for _, k, w in reading.topics if k == "loan"):
        types.add("")
    return {"loan": types}


_LOANS = _Unnamed(
    re.compile(r"^loan_(?P<kind>loan)_(?P<slot>emi|amount|rate|tenure|end)$"),
    _ANOTHER_LOAN,
    _loans_known,
    lambda _, type_, slot: f"loan_{type_}_{slot}",
)


def the_one_known(
    found: list[tuple[str, str]], reading: Reading, body: str
) -> list[tuple[str, str]]:
    """A deposit named without its bank ("the FD rate is now 7.4%") is the one deposit of
    its type known, when that one is kept at a named bank; a loan named without its type
    ("after the rate reset the EMI is now 40k") is the one loan known, when that one has a
    type: its rate or EMI, not a new plain one sent beside the old. With two or more known
    (or one known without its bank or type), which one is not guessed; nor for one said to
    be another ("opened another FD", "took another loan")."""
    for things in (_DEPOSITS, _LOANS):
        found = _the_one(found, reading, body, things)
    return found


# Two loans of one type in one clause ("two home loans: the Pune flat's EMI is 32,000, the
# Nagpur one's 18,500"): each is told apart by a name in its own piece of the clause, or by
# a word that says which ("the old flat", "the new one"); failing those, when the clause says
# there are several, by its order ("second"). A figure said again without either is a new
# value of the same loan, not another loan.
_PIECES = re.compile(r"\s*(?:;|,(?!\d)|\s-\s|\band\b|\baur\b|\bplus\b)\s*", re.IGNORECASE)
_WHICH = re.compile(
    r"\b(?P<which>old|older|new|newer|first|second|third|other|bigger|smaller|main|joint|"
    r"top-up|topup)\b",
    re.IGNORECASE,
)
_NAME = re.compile(r"(?<![\w'])(?P<name>[A-Z][A-Za-z]{2,})\b")
_NOT_A_NAME = frozenset(
    "emi emis loan loans home house flat car bike personal gold education we i my our the two "
    "both one another also plus and then total her his their its this that revised current "
    "now earlier previous updated reduced increased latest monthly ka ki ke wala last final "
    "next".split()
)
_SEVERAL = re.compile(
    r"\b(?:two|2|three|3|both|each|several|multiple)\s+(?:\w+\s+)?(?:loans|emis|flats|houses|"
    r"homes|cars|properties)\b|\b(?:both|emis|loans)\b|\b(?:the\s+)?(?:other|second|another)\s+one\b",
    re.IGNORECASE,
)
_ORDER = ("", "second", "third", "fourth")
_LOAN_KEY = re.compile(r"^loan_(?P<type>[a-z]+)_(?P<slot>emi|amount|rate|tenure)$")


def loan_piece(clause: str, start: int) -> str:
    """The piece of a clause a figure at `start` is said in: between the commas, "and"s
    and dashes around it ("the Pune flat EMI is 32,000")."""
    cuts = [0, *(m.end() for m in _PIECES.finditer(clause, 0, start))]
    after = _PIECES.search(clause, start)
    return clause[cuts[-1] : after.start() if after else len(clause)]


def _which_loan(piece: str) -> str:
    """What tells apart the loan a piece of a clause gives a figure of: a name ("the Pune
    flat", "SBI") or a word of which one ("the old flat", "the new one"), or ""."""
    names = [m["name"] for m in _NAME.finditer(piece) if m["name"].lower() not in _NOT_A_NAME]
    if names:
        return names[0].lower()
    which = _WHICH.search(piece)
    if which:
        return which["which"].lower().replace("-", "")
    # typed in lower case: the name right before the EMI or loan ("hdfc emi", "her i20 EMI")
    named = _NAME_BEFORE.search(piece)
    return named["name"].lower() if named and named["name"].lower() not in _NOT_A_NAME else ""


# "hdfc emi", "her i20 EMI", "the i20 one" (one of two loans)
_NAME_BEFORE = re.compile(r"\b(?P<name>[a-z][a-z0-9]{2,}|[a-z]\d+)\s+(?:emi|loan|one)\b", re.I)


def loans_told_apart(
    facts: list[tuple[str, str]], places: list[tuple[int, str]], said: str
) -> list[tuple[str, str]]:
    """`facts` with the loans of one type given two figures in `said` (a clause or a
    sentence) kept apart. `places` holds (the fact's index, the piece it was said in) for
    each figure, in order (other facts are left as they are); each loan key given two
    values is split when every piece names its own loan, or when `said` says there are
    several (then the first keeps its key). A vehicle loan named by its model is kept
    under the model ("Creta EMI 21k, Swift 11k": `loan_car_creta_emi`, `loan_car_swift_emi`)."""
    facts = [
        (model_key(facts[index][0], piece, said), facts[index][1]) if index in at else fact
        for index, fact in enumerate(facts)
        for at in [dict(places)]
        for piece in [at.get(index, "")]
    ]
    by_key: dict[str, list[tuple[int, str]]] = {}
    for index, piece in places:
        by_key.setdefault(facts[index][0], []).append((index, piece))
    kept = list(facts)
    for key, places in by_key.items():
        loan = _LOAN_KEY.match(key)
        values = {facts[i][1] for i, _ in places}
        if loan is None or len(values) < 2 or any(v.startswith("closed") for v in values):
            continue  # "Activa loan finished, last EMI paid": one loan's end, said twice
        names = [_which_loan(piece) for _, piece in places]
        if all(names) and len(set(names)) == len(names):
            tags = names
        elif _SEVERAL.search(said) and len(places) <= len(_ORDER):
            tags = [""] + [n or _ORDER[k] for k, n in enumerate(names) if k]
            if len(set(tags)) < len(tags):
                continue
        else:
            continue
        for (index, _), tag in zip(places, tags, strict=True):
            if tag:
                kept[index] = (f"loan_{loan['type']}_{tag}_{loan['slot']}", facts[index][1])
    return kept


# A loan told apart from another of its type: "loan_home_pune_emi".
_TAGGED_LOAN = re.compile(
    # a loan of no type told apart by its name too ("loan_loan_alto_emi")
    rf"^loan_(?P<type>{'|'.join(sorted({*LOAN_TYPES.values(), 'loan'}))})_(?P<tag>[a-z0-9]+(?:_[a-z0-9]+)*?)_"
    r"(?P<slot>emi|amount|rate|tenure|end)$"
)
_PLAIN_LOAN = re.compile(r"^loan_(?P<type>[a-z]+)_(?P<slot>emi|amount|rate|tenure|end)$")
_ORDINALS = {"first": 0, "1st": 0, "second": 1, "2nd": 1, "third": 2, "3rd": 2}


def which_loan_meant(
    found: list[tuple[str, str]], reading: Reading, body: str
) -> list[tuple[str, str]]:
    """`found` with a loan figure said plainly ("EMI now 33k", "HDFC EMI now 21k", "the
    Nagpur loan's EMI") given to the one of the loans told apart before that it means: the
    one the message names (by its name, or as "the second one"), else the one the message
    before spoke of. When neither says, it stays under its plain key: both loans known keep
    their values, and neither is replaced by a guess."""
    tagged: dict[str, list[str]] = {}  # loan type -> its tags, in the order first known
    for key, _ in reading.figures:
        match = _TAGGED_LOAN.match(key)
        if match and match["tag"] not in tagged.setdefault(match["type"], []):
            tagged[match["type"]].append(match["tag"])
    if not tagged:
        return found
    spoken = f"{reading.subject[1]}" if reading.subject and reading.subject[0] == "loan" else ""
    kept: list[tuple[str, str]] = []
    for key, value in found:
        plain = _PLAIN_LOAN.match(key)
        if plain is not None:
            meant = _meant(plain["type"], tagged, body) or _meant(plain["type"], tagged, spoken)
            key = f"loan_{meant[0]}_{meant[1]}_{plain['slot']}" if meant else key
        kept.append((key, value))
    return kept


def _meant(said: str, tagged: dict[str, list[str]], text: str) -> tuple[str, str] | None:
    """The (type, tag) of the one loan known told apart that `text` names, of the type
    `said` ("loan" for any, or a tag said as the loan's type: "the Nagpur loan"), if one."""
    words = set(re.findall(r"[a-z0-9]+", text.lower()))
    candidates = [
        (type_, tag)
        for type_, tags in tagged.items()
        if said in ("loan", type_) or said in tags
        for tag in tags
    ]
    named = [c for c in candidates if c[1] in words or c[1] == said]
    if not named:
        ordinal = [_ORDINALS[w] for w in words if w in _ORDINALS]
        types = {t for t, _ in candidates}
        if len(ordinal) == 1 and len(types) == 1:
            tags = tagged[types.pop()]
            named = [c for c in candidates if ordinal[0] < len(tags) and c[1] == tags[ordinal[0]]]
    return named[0] if len(named) == 1 else None


def the_vehicle_meant(
    found: list[tuple[str, str]], reading: Reading, body: str
) -> list[tuple[str, str]]:
    """`found` with a loan figure said without its vehicle given to the vehicle's loan: in a
    message that names one model ("two-wheeler loan for Activa, EMI 2,750"), that model's;
    in one that names none, the one model's loan of its type known, when no plain loan of
    that type is ("car EMI is 22k now" after "Creta EMI 21k"), unless it is another loan.
    A loan told apart ("the i20") known only as the spouse's or a parent's is theirs."""
    held = [key for key, _ in reading.figures]
    kept: list[tuple[str, str]] = []
    for key, value in found:
        theirs = [f"{who}_{key}" for who in ("spouse", "parents") if f"{who}_{key}" in held]
        if _TAGGED_LOAN.match(key) and key not in held and len(theirs) == 1:
            key = theirs[0]  # "closed the i20 loan" when the i20 is the spouse's
        plain = _PLAIN_LOAN.match(key)
        if plain is not None and plain["type"] in ("loan", "car", "bike"):
            named = model_key(key, "", body)
            if named == key and plain["type"] != "loan" and not _ANOTHER_LOAN.search(body):
                tags = {
                    m["tag"]
                    for k in held
                    if (m := _TAGGED_LOAN.match(k)) and m["type"] == plain["type"]
                }
                if len(tags) == 1 and f"loan_{plain['type']}_{plain['slot']}" not in held:
                    named = f"loan_{plain['type']}_{tags.pop()}_{plain['slot']}"
            key = named
        kept.append((key, value))
    return kept
