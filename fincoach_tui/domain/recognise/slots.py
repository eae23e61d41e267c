"""Which figure of a clause belongs to which anchor, and in which slot: the facts of one
clause. Pure.

A figure belongs to the anchor right after it when only small words come between ("25k
rent"), else to the nearest before it, else after it; the slot (an EMI or a principal, a
premium or a cover, an amount, a rate, a date) is read from the words nearest the figure.
Whose it is (the user's, the spouse's, the parents') and what has ended ("closed the car
loan") are read here too.
"""

from __future__ import annotations

import re

from fincoach_tui.domain.fact_kinds import FIXED_COSTS, INVESTMENTS, insurance_type, table_slug
from fincoach_tui.domain.recognise.clauses import anchors_in, included
from fincoach_tui.domain.recognise.context import Subject, loan_slug
from fincoach_tui.domain.recognise.corrections import retaken_in_clause, retracts, takes_back
from fincoach_tui.domain.recognise.deposits import (
    institution_near,
    institutions_in,
    moved_from,
    with_institution,
)
from fincoach_tui.domain.recognise.endings import (
    ENDING_KINDS,
    ended_value,
    has_ended,
    paid_up,
    rent_end_at,
)
from fincoach_tui.domain.recognise.figure_roles import not_a_value
from fincoach_tui.domain.recognise.insured import ASSET_INSURED, insured_asset, insured_person
from fincoach_tui.domain.recognise.known import loan_piece, loans_told_apart
from fincoach_tui.domain.recognise.owners import owned_key
from fincoach_tui.domain.recognise.parts import Anchor, Figure, figures_in, said_in_passing
from fincoach_tui.domain.recognise.payslips import NET_OF, deduction_labelled
from fincoach_tui.domain.recognise.values import RANGE_JOIN, amount_value, period_after
from fincoach_tui.domain.recognise.vehicle_models import INSTALMENT_WORD, model_key

_CONNECTOR = re.compile(
    r"^\s*(?:(?:a|per|/|every)\s*(?:month|year)\s*|monthly\s*|each month\s*|p\.?[ma]\.?\s*)?"
    r"(?:(?:in|into|on|for|towards?|as|of|in an?|into an?|to)\s+)?(?:(?:an?|the|my|our)\s+)?$",
    re.IGNORECASE,
)

_REASON = re.compile(r"\b(?:since|because|coz|cause|after|when|once)\b", re.I)
_SOURCE = re.compile(r"\b(?:through|via|from)\s+(?:(?:my|our|the|his|her|their|a)\s+)?$", re.I)


def clause_facts(
    clause: str,
    extra: Anchor | None = None,
    hint: Subject | None = None,
    spouse: bool = False,
    name: str = "",
    asked: bool = False,
    owner: str = "",
) -> list[tuple[str, str]]:
    """The facts of one clause: its figures, each with the anchor it belongs to (`extra`
    when the clause names none), the loan's type from `hint` where the clause gives none."""
    named = tuple(a for a in anchors_in(clause) if not included(clause, a))
    named = moved_from(clause, named) or (() if extra is None else (extra,))
    if not named:
        return []
    facts: list[tuple[str, str]] = []
    filled: dict[tuple[int, str], int] = {}  # (anchor, slot) -> how many figures filled it
    last_end = 0  # where the figure before ends: "4 thousand, I mean 5" is one deposit
    low: tuple[str, str] | None = None  # the low end of a range, just read
    loans: list[tuple[int, str]] = []  # each loan figure: its fact's index, its piece
    for figure in figures_in(clause):
        if figure.kind == "date" and figure.text.startswith("from ") and not has_ended(clause):
            continue  # "EMI now 29,400 from May": when a value starts, not when it ends
        if not_a_value(clause, figure, named):
            continue
        anchor = _anchor_for(figure, named, clause)
        if anchor is None or (asked and not said_in_passing(clause, anchor, figure)):
            continue
        fact = _fact(anchor, figure, clause, hint, spouse, name, owner)
        if fact is None:
            continue
        if low is not None and low[0] == fact[0]:  # "shop brings in 40-50k": one range
            fact = (fact[0], f"{low[1]} to {fact[1]}")
            facts = [f for f in facts if f is not low]
        joined = RANGE_JOIN.match(clause, figure.end)
        after = [f for f in figures_in(clause) if f.start >= figure.end]
        ranged = figure.amount is not None and joined and after and after[0].start == joined.end()
        low = fact if ranged else None
        slot = (anchor.start, str(_slot_for(anchor, figure, clause)))
        corrected = takes_back(clause[last_end : figure.start])
        if not corrected:
            filled[slot] = filled.get(slot, 0) + 1
        between = clause[last_end : figure.start]
        retaken = (
            retaken_in_clause(facts, fact, figure, clause, last_end) if retracts(between) else None
        )
        last_end = figure.end
        if retaken is not None:  # "EMI is 32k, sorry, 23k": the EMI is 23k, not 32k
            facts[-1] = retaken
            low = None
            continue
        if anchor.kind in ("fd", "rd") and filled.get(slot, 0) > 1 and fact[0].count("_") == 1:
            # "three FDs: 10 lakh at 7.4% ..., 8 lakh at 7.6% ...": each deposit its own
            fact = (f"{anchor.kind}{filled[slot]}_{fact[0].split('_', 1)[1]}", fact[1])
        if anchor.kind == "loan" and not (ranged or corrected):
            loans.append((len(facts), loan_piece(clause, figure.start)))
        facts.append(fact)
    facts = loans_told_apart(facts, loans, clause)  # "two home loans: 32,000 and 18,500"
    if asked:
        return facts
    # "no more car EMI from this month": when it ended, not a date it ends on
    dated = any(f.kind == "date" and not f.text.startswith("from ") for f in figures_in(clause))
    ending = has_ended(clause)  # else "no rent now" ends the rent alone, nothing else named
    if (ending or rent_end_at(clause, named=True) is not None) and (paid_up(clause) or not dated):
        facts += _endings(
            named if ending else tuple(a for a in named if a.kind == "rent"), facts, clause, hint
        )
    for anchor in named:
        goal = f"goal_{anchor.word}"
        if anchor.kind != "goal":
            continue
        if anchor.detail:  # what the goal is, so that a later mention of it finds it
            facts.insert(0, (goal, anchor.detail))
        elif not any(k.startswith(goal) for k, _ in facts):  # named without a figure
            facts.append((goal, anchor.word.replace("_", " ")))
    return facts


def _endings(
    anchors: tuple[Anchor, ...], facts: list[tuple[str, str]], clause: str, hint: Subject | None
) -> list[tuple[str, str]]:
    """What a clause that says something ended ("foreclosed the car loan", "no more car
    EMI", "stopped the SIP") ends: each thing it names that ends and was given no figure."""
    ended: list[tuple[str, str]] = []
    for anchor in anchors:
        if anchor.kind not in ENDING_KINDS or "amount" not in anchor.slots:
            continue
        if anchor.kind == "sip" and _named_by(anchor, anchors, clause):
            continue  # "stopped the ELSS SIP": that fund's SIP ended, not every SIP
        start = anchor.start
        if anchor.kind == "rent":
            at = rent_end_at(clause, named=anchor.end > 0)
            if at is None:
                continue  # "no more rent hikes", "half my salary is gone on rent": rent goes on
            if not has_ended(clause):
                start = min(start, at)  # quoted from "no" of "no rent now"
        kind = (
            _loan_kind(anchor, clause, hint) if anchor.kind == "loan" else _type_of(anchor, clause)
        )
        key = model_key(anchor.slots["amount"].format(t=kind), "", clause)  # "the Creta"
        if any(k == key for k, _ in facts + ended):
            continue
        thing = {"loan": f"{kind} loan".replace("loan loan", "loan"), "sip": "SIP", "rd": "RD"}
        thing["rent"] = "rent"  # "kiraya", "bhada": the rent, however named
        what = thing.get(anchor.kind, anchor.word.lower())
        value = ended_value(anchor.kind, what, clause, start)  # with the user's words
        ended.append((key, value))
        premium = anchor.slots.get("premium", "").format(t=kind)
        if premium and not any(k == premium for k, _ in facts):
            ended.append((premium, value))  # a policy given up is no longer paid for
    return ended


def _named_by(anchor: Anchor, anchors: tuple[Anchor, ...], clause: str) -> bool:
    """Whether another thing that ends is named right before `anchor` ("the ELSS SIP",
    "the index fund SIP"): the ending is that thing's, kept under its own key."""
    return any(
        other.kind in ENDING_KINDS
        and other.kind != anchor.kind
        and other.end <= anchor.start
        and not clause[other.end : anchor.start].strip(" -")
        for other in anchors
    )


def _loan_kind(anchor: Anchor, clause: str, hint: Subject | None) -> str:
    """A loan's type: the clause's, else the one the message or the subject names."""
    kind = _type_of(anchor, clause)
    if kind == "loan" and hint and hint[0] == "loan":
        return loan_slug(hint[1])
    if kind == "loan" and hint and hint[0] == "message":
        return hint[1]
    return kind


def _anchor_for(figure: Figure, anchors: tuple[Anchor, ...], clause: str) -> Anchor | None:
    """A figure belongs to the anchor right after it when only small words come between
    ("25k rent", "₹10,000 a month in SIPs"), else to the nearest anchor before it, else to
    the nearest after it; each time only anchors with a slot for that figure count."""
    fitting = [a for a in anchors if _slot_for(a, figure, clause) is not None]
    deducted = deduction_labelled(clause, figure.start, fitting)
    if deducted is not None:  # "1,21,000 after PF 9,000 and TDS": the 9,000 is the PF's
        return deducted
    fits = [a for a in fitting if not NET_OF.search(clause, 0, a.start)]
    # Not a thing named in a reason or a time after the figure: "raised the SIP to 6k since
    # I got the raise" (the figure is the SIP's, not the pay's).
    after = [
        a for a in fits if a.start >= figure.end and not _REASON.search(clause, figure.end, a.start)
    ]
    if after and _CONNECTOR.match(clause[figure.end : after[0].start]):
        return after[0]
    # An anchor inside the figure is before it: "11 EMIs left" counts the EMIs.
    before = [a for a in fits if a.end <= figure.start or figure.start <= a.start < figure.end]
    # What a thing comes through or from is not what the figure is ("Health cover is
    # through school, 3 lakh", "salary from the medical college is 1.65L"): another anchor
    # before the figure wins over one said as a source.
    named = [a for a in before if not _SOURCE.search(clause, 0, a.start)]
    if named:
        return named[-1]
    if before:
        return before[-1]
    return after[0] if after else None


def _slot_for(anchor: Anchor, figure: Figure, clause: str) -> str | None:
    slots = anchor.slots
    if figure.kind == "amount":
        if anchor.kind == "loan":
            # The words nearest the figure, among those between it and its neighbour
            # figures, say which it is: "EMI 38,500 and 32 lakh outstanding".
            nearest = _nearest_word(
                clause, figure, _EMI_OR_PRINCIPAL, _neighbourhood(figure, clause)
            )
            if nearest:
                return "principal" if nearest.startswith(_PRINCIPAL_WORDS) else "amount"
            return "amount" if INSTALMENT_WORD.search(anchor.word) else "principal"
        if anchor.kind == "insurance":
            shared = _SHARED_LABEL.match(clause, figure.end)  # "9,600 + 7,200 premium"
            following = [f for f in figures_in(clause) if shared and f.start == shared.end()]
            if following and following[0].amount is not None:
                return _slot_for(anchor, following[0], clause)
            # Only the words around this figure, not a word that labels its neighbour:
            # "1 crore, premium 16,400" and "16,400 premium, 1 crore cover" each say two.
            span = _neighbourhood(figure, clause)
            nearest = _nearest_word(clause, figure, _PREMIUM_OR_COVER, span, labels=True)
            # "12k premium p.a.", "62 euro a month": a cover is not paid by the year or month
            yearly = period_after(clause[figure.end :]) in (" a year", " a month")
            if yearly or nearest.startswith(_PREMIUM_WORDS):
                return "premium"
        return "amount" if "amount" in slots else None
    return figure.kind if figure.kind in slots else None


# Figures joined with no words between share the word after the last: "9,600 + 7,200 premium".
_SHARED_LABEL = re.compile(r"\s*(?:\+|&|/|and|or)\s*", re.IGNORECASE)
_PREMIUM_OR_COVER = re.compile(
    r"premium|cover(?:age)?|sum assured|sum insured|insured for|floater|policy of|plan of|"
    r"costing|costs? (?:me|us)|"
    r"(?:i|we) pay|renews at|(?:my|our|her|his) (?:part|share)|contribution",
    re.IGNORECASE,
)
# "my part", "her share": what each pays
_PREMIUM_WORDS: tuple[str, ...] = ("premium", "costing", "cost", "i pay", "we pay", "renews at")
_PREMIUM_WORDS += ("contribution", "my ", "our ", "her ", "his ")


_EMI_OR_PRINCIPAL = re.compile(
    r"\bemis?\b|\binstal+ments?\b|\b(?:a|per|every|each)\s+month\b|\bmonthly\b|/\s?month|"
    r"\bprincipal\b|\boutstanding\b|\bborrowed\b|\bsanctioned\b|\bloan (?:amount|of)\b|"
    r"\b(?:took|taken|take|taking)\b|\b(?:balance|remaining|pending|left)\b",
    re.IGNORECASE,
)
_PRINCIPAL_WORDS = (
    "principal",
    "outstanding",
    "borrowed",
    "sanctioned",
    "loan amount",
    "loan of",
    "took",
    "taken",
    "take",
    "balance",
    "remaining",
    "pending",
    "left",
)


def _neighbourhood(figure: Figure, clause: str) -> tuple[int, int]:
    """The span around a figure up to the figures before and after it."""
    others = [f for f in figures_in(clause) if f.kind == "amount" and f.start != figure.start]
    start = max((f.end for f in others if f.end <= figure.start), default=0)
    end = min((f.start for f in others if f.start >= figure.end), default=len(clause))
    return start, end


def _nearest_word(
    clause: str,
    figure: Figure,
    words: re.Pattern[str],
    span: tuple[int, int] | None = None,
    labels: bool = False,
) -> str:
    """Which of `words` stands nearest the figure ("" if none does), lowercased; a word
    before the figure counts three times nearer than one after ("cover of 1 crore, premium").
    With `span`, only words inside it count; with `labels`, not a word that stands right
    against the neighbouring figure at the span's edge ("premium 16,400", "16,400 premium")."""
    best, distance = "", 3 * len(clause) + 1
    low, high = span or (0, len(clause))
    for match in words.finditer(clause, low, high):
        before = match.end() <= figure.start
        if labels and _labels_neighbour(clause, match, figure, low, high):
            continue
        gap = figure.start - match.end() if before else 3 * (match.start() - figure.end)
        if 0 <= gap < distance:
            best, distance = match.group(0).lower(), gap
    return best


# What stands between a word and the figure it labels: "premium 16,400", "premium of ₹16,400",
# "16,400 premium", "16,400 yearly premium".
_LABEL_GAP = re.compile(
    r"^\s*(?:(?:is|was|of|at|now|about|around|rs\.?|inr|₹|:|-|=|(?:a|per)\s+(?:year|month|annum)|"
    r"yearly|annual|monthly|annually)\s*)*$",
    re.IGNORECASE,
)


def _labels_neighbour(
    clause: str, word: re.Match[str], figure: Figure, low: int, high: int
) -> bool:
    """Whether `word` labels the figure on the other side of it, not `figure`: it stands
    against the span's edge, where the neighbouring figure is."""
    if word.start() >= figure.end and high < len(clause):
        return bool(_LABEL_GAP.match(clause[word.end() : high]))
    if word.end() <= figure.start and low > 0:
        return bool(_LABEL_GAP.match(clause[low : word.start()]))
    return False


def _fact(
    anchor: Anchor,
    figure: Figure,
    clause: str,
    hint: Subject | None,
    spouse: bool,
    name: str = "",
    owner: str = "",
) -> tuple[str, str] | None:
    slot = _slot_for(anchor, figure, clause)
    if slot is None:
        return None
    # "Home loan for the plot, EMI is 41,500": the home loan's; "we bought a car last year;
    # the loan EMI is 14,200": the car's.
    kind = _loan_kind(anchor, clause, hint) if anchor.kind == "loan" else _type_of(anchor, clause)
    thing = ASSET_INSURED.search(clause) if anchor.kind == "insurance" else None
    if thing is not None and figure.amount is not None:
        # A car's or a shop's insurance is a bill, not the family's cover: what it costs.
        key = f"insurance_{insured_asset(thing)}_premium"
        return key, amount_value(key, figure.amount, clause[figure.amount.end :])
    key = anchor.slots[slot].format(t=kind)
    if anchor.kind == "insurance":
        whose = insured_person(clause[figure.end :], clause, spouse, name, clause[: figure.start])
        key = f"{whose}_{key}" if whose else key  # "1 crore on Hetal": the spouse's cover
        if not whose and owner not in ("", "spouse", "parents", "father", "mother", "other"):
            key = f"{key}_of_{owner}"  # two typing: "1 crore, premium 16,400 — G" is G's
    else:  # "my wife earns 80k", "her pension", "R: SIP 10k": whose (recognise_owners)
        if name and owner == name.lower():
            owner = "spouse"  # the spouse typing ("Hi, Anjali here."): the spouse's money
        owned = owned_key(key, owner or ("spouse" if spouse else ""))
        if owned is None:
            return None
        key = owned
    if anchor.kind in ("fd", "rd"):  # "FD in Indian Bank": that bank's deposit
        named = institutions_in(anchor.word)
        key = with_institution(
            key, named[0][1] if named else institution_near(clause, figure.start)
        )
    if figure.kind == "amount":
        assert figure.amount is not None
        return key, amount_value(key, figure.amount, clause[figure.amount.end :])
    if figure.kind == "duration" and key.endswith(("_date", "_end", "_maturity")):
        return key, f"in {figure.text}"  # "the plan is now for 5 years": a date from now
    return key, figure.text


def _type_of(anchor: Anchor, clause: str) -> str:
    if anchor.kind == "loan":
        loan = loan_slug(anchor.word)  # "car loan", "phone loan EMI" carried from before
        return loan if loan != "loan" else loan_slug(clause)
    if anchor.kind == "investment":
        return table_slug(INVESTMENTS, anchor.word)
    if anchor.kind == "insurance":  # "sum insured" names no type: the clause does
        named = bool(re.search(r"term|life|health|medical|mediclaim|floater", anchor.word, re.I))
        named = named or insurance_type(anchor.word) == "health"  # "VHI", "TK": a scheme's
        return insurance_type(anchor.word if named else clause)
    if anchor.kind == "cost":
        return table_slug(FIXED_COSTS, anchor.word)
    return anchor.word
