"""Personal-finance facts found in plain text: pay, rent, loans, deposits, goals, risk...

Used by the offline coach (to say which facts a request lets it see), its simulated
summarizer and extractor, and the precedence check (an old value in a recalled passage or
a summary). A deterministic recogniser, not understanding: it finds anchor words (the
kinds in `fact_kinds`) and the figures near them (amounts in any phrasing, rates, dates,
durations) within one clause, and names each fact by a normalised key, so that "rent went
up to 28k" and "landlord raised it to ₹28,000" both state `rent`. Questions and
hypotheticals ("can I afford a SIP of 15k?", "if my rent goes to 30k") state no fact.

A summary or a fact section states facts as "label: value" lines; those read back exactly
(a "(was ...)" note after a value names the replaced value, not the current one).
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass
from functools import lru_cache

from fincoach_tui.domain.amounts import find_amounts, format_rupees, rupees
from fincoach_tui.domain.fact_kinds import (
    FIXED_COSTS,
    INVESTMENTS,
    KINDS,
    insurance_type,
    is_known_key,
    key_of,
    label_of,
    loan_type,
    normalise_key,
    table_slug,
)
from fincoach_tui.domain.recognise_context import (
    PERSON_FIRST,
    REFERS_BACK,
    SPOUSE_PRONOUN_NEXT,
    Reading,
    Subject,
    anchor_of,
    carried,
    mend_typos,
    spouse_subject,
    topic_in,
)
from fincoach_tui.domain.recognise_costs import regular_cost
from fincoach_tui.domain.recognise_endings import ENDING_KINDS, ended_value, has_ended
from fincoach_tui.domain.recognise_family import family_facts, insured
from fincoach_tui.domain.recognise_goals import goal_anchors, mentioned_goal
from fincoach_tui.domain.recognise_parts import Anchor, Figure, figures_in, said_in_passing
from fincoach_tui.domain.recognise_phrases import name_facts, risk_facts
from fincoach_tui.domain.recognise_places import city_facts
from fincoach_tui.domain.recognise_values import YEARLY, amount_value, canonical
from fincoach_tui.domain.relative_dates import resolve_relative

__all__ = [
    "FinanceFact",
    "Reading",
    "coach_subject",
    "find_facts",
    "format_rupees",
    "is_known_key",
    "key_of",
    "label_of",
    "normalise_key",
    "recognise",
    "restate",
    "rupees",
]


@dataclass(frozen=True)
class FinanceFact:
    key: str
    label: str
    value: str
    source: str  # where it was seen: a message id, or "summary"


def restate(fact: FinanceFact) -> str:
    """How a summary states a fact so that `find_facts` reads it back: "label: value"."""
    return f"{label_of(fact.key)}: {fact.value}"


def find_facts(
    texts: Iterable[tuple[str, str]], said_at: float | None = None, reading: Reading | None = None
) -> dict[str, FinanceFact]:
    """Facts in `(source, text)` pairs, oldest first; a later mention replaces an earlier one.

    Each text is read knowing the ones before it (see `recognise_context`), and `reading`
    (what was known before the first). With `said_at`, relative dates are made absolute as
    of then; without, kept as said.
    """
    facts: dict[str, FinanceFact] = {}
    reading = reading or Reading()
    for source, text in texts:
        found, reading = read(text, said_at, reading)
        for key, value in found:
            facts.pop(key, None)  # re-inserted: the dict's order is the order of mention
            facts[key] = FinanceFact(key, label_of(key), value, source)
    return facts


def read(
    text: str, said_at: float | None, reading: Reading
) -> tuple[list[tuple[str, str]], Reading]:
    """The facts one message states, read after the messages `reading` knows, and the
    reading for the message after it."""
    found, subject = _recognise(text, said_at, reading)
    if text.rstrip().endswith("?"):
        subject = None  # the user's own question is not what their next figure is about
    return list(found), reading.knowing(found).about(subject)


@lru_cache(maxsize=8192)
def coach_subject(text: str) -> Subject | None:
    """What the coach just asked about, if its message ends with a question ("And your
    rent?"): the user's bare "28k" answers it."""
    sentences = _sentences(text)
    if not sentences or not sentences[-1].rstrip().endswith("?"):
        return None
    anchors = _anchors(sentences[-1])
    return carried(anchors[-1], sentences[-1]) if anchors else None


# ---- the recogniser ------------------------------------------------------------------

_LINE_FACT = re.compile(
    r"^\s*(?:[-•*]\s*)?(?P<label>[A-Za-z][A-Za-z0-9' ]{0,40}):\s*(?P<value>\S.*)$"
)
_LINE_NOTES = re.compile(r"\s*\((?:was|earlier|previously|turn \d+|edited)\b[^)]*\)")
_NOT_FACTS = re.compile(r"^\s*(?:asked about|dropped|topics?|questions?)\b", re.IGNORECASE)
_OLD_NOTE = re.compile(r"\((?:was|earlier|previously|outdated)\b[^)]*\)", re.IGNORECASE)
_LOAN_WORD = re.compile(
    r"\b(?:home|housing|house|mortgage|car|vehicle|bike|two-wheeler|personal|education|"
    r"student|gold)\b",
    re.IGNORECASE,
)
_INCLUDED = re.compile(
    r"\b(?:including|incl\.?|inclusive of|excluding|plus|besides)\s+(?:the\s+|my\s+|our\s+)?"
    r"(?:\w+\s+)?$",
    re.IGNORECASE,
)
_MARKED_OLD = re.compile(r"[^;.\n]*\((?:outdated|superseded)\b[^)]*\)", re.IGNORECASE)
_SENTENCE_END = re.compile(r"[.!?;]+(?=\s|$)|\n+|\s[—–]\s")
_NOT_AN_END = re.compile(r"\b(?:rs|inr|p\.a|e\.g|i\.e|approx|etc|no|vs)$", re.IGNORECASE)
_CLAUSE = re.compile(r",\s+|\s+(?:and|but|so|while|whereas)\s+", re.IGNORECASE)
_HYPOTHETICAL = re.compile(
    r"^\W*(?:if|what if|suppose|supposing|assuming|assume|say|imagine|in case)\b|\bif\s+i\b",
    re.IGNORECASE,
)
# Someone else's figures ("my friend pays 30k rent") are not the user's facts.
_SOMEONE_ELSE = re.compile(
    r"^\W*(?:my|our|a)\s+(?:friends?|colleagues?|brother|sister|cousin|neighbou?rs?|boss|"
    r"manager|roommate|flatmate)\b|^\W*(?:he|she|they|someone|people|everyone|most people)\b",
    re.IGNORECASE,
)


def recognise(
    text: str, said_at: float | None = None, reading: Reading | None = None
) -> list[tuple[str, str]]:
    """(key, value) pairs in the order stated; a later one for a key replaces an earlier."""
    return list(_recognise(text, said_at, reading or Reading())[0])


# The same texts are read again and again (a request re-sends old turns, a summary is re-read
# at every fold): each is read once. Pure, so a cache cannot change an answer.
@lru_cache(maxsize=8192)
def _recognise(
    text: str, said_at: float | None, reading: Reading
) -> tuple[tuple[tuple[str, str], ...], Subject | None]:
    found: list[tuple[str, str]] = []
    free: list[str] = []
    for line in text.splitlines():
        if _NOT_FACTS.match(line):
            continue  # a summary's topics restate questions, not facts
        structured = _line_fact(line)
        if structured is not None:
            found.append(structured)
        else:
            free.append(line)
    body = _MARKED_OLD.sub(" ", "\n".join(free))  # "I pay 25k rent (outdated)" states nothing
    body = mend_typos(_OLD_NOTE.sub(" ", body))
    sentences = _sentences(body)
    # The last thing named: "They revised my pay. 95k from now on." is about the pay. At
    # first, what the message before was about, for a message that refers back to it.
    subject = reading.subject
    from_before = subject is not None
    short = len(body.split()) <= 4
    spouse, name = reading.spouse, reading.spouse_name
    # The one kind of loan the message names anywhere types a loan named without one.
    named_loans = {loan_type(m.group(0)) for m in _LOAN_WORD.finditer(body)} - {"loan"}
    message_loan = ("message", named_loans.pop()) if len(named_loans) == 1 else None
    for index, sentence in enumerate(sentences):
        question = sentence.rstrip().endswith("?")
        following = sentences[index + 1] if index + 1 < len(sentences) else ""
        family = family_facts(sentence)
        spouse = next((v for k, v in family if k == "family_spouse"), spouse)
        name = next((v for k, v in family if k == "spouse_name"), name)
        about_spouse = False  # the sentence so far is about the spouse
        found += name_facts(sentence) + city_facts(sentence) + family
        found += risk_facts(sentence, question, following)
        for clause in _clauses(sentence):
            # An anchor after "including" is a part of what is priced, not its subject.
            anchors = tuple(a for a in _anchors(clause) if not _INCLUDED.search(clause, 0, a.start))
            named = carried(anchors[-1], clause) if anchors else topic_in(reading, clause)
            if not named and mentioned_goal(clause):  # "the renovation ...": what follows
                named = ("goal", mentioned_goal(clause))
            hint = subject if subject and subject[0] == "loan" else message_loan
            if named:
                subject, from_before = named, False
            spouses = spouse_subject(clause, spouse, name) or bool(
                about_spouse and SPOUSE_PRONOUN_NEXT.match(clause)
            )
            about_spouse = spouses or (about_spouse and not anchors)
            if _HYPOTHETICAL.search(clause) or (_SOMEONE_ELSE.match(clause) and not spouses):
                continue
            extra = None
            if not anchors and subject and (figures_in(clause) or has_ended(clause)):
                if not from_before or short or REFERS_BACK.search(clause):
                    extra = anchor_of(subject)
            if not anchors and extra is None and not _anchors(clause):
                extra = regular_cost(clause)
            # A question states only the figures it gives as the user's own, in passing:
            # "with my 62k salary can I afford a car?", not the 15k SIP it asks about.
            found += _clause_facts(clause, extra, hint, spouses, name, asked=question)
    if said_at is not None:
        found = [(k, resolve_relative(v, said_at)) for k, v in found]
    return tuple(found), subject


def _line_fact(line: str) -> tuple[str, str] | None:
    """A "label: value" line's fact: a summary's or fact section's "- rent: ₹28,000", or a
    user's "Rent: 25k". A user's "fixed deposit: 13L at 6.5 percent, comes out in June"
    holds more than one figure, so it is read as free text."""
    match = _LINE_FACT.match(line)
    if not match:
        return None
    key = normalise_key(match["label"])
    if not line.lstrip().startswith("-") and (
        len(figures_in(match["value"])) > 1
        or (key == "risk" and len(match["value"].split()) > 4)  # "Risk: I'm all-in on ..."
    ):
        return None
    if not is_known_key(key):
        return None
    value = _LINE_NOTES.sub("", match["value"]).strip().rstrip(".")
    return (key, canonical(key, value)) if value else None


def _sentences(text: str) -> list[str]:
    sentences, start = [], 0
    for match in _SENTENCE_END.finditer(text):
        if match.group(0).startswith(".") and _NOT_AN_END.search(text[start : match.start()]):
            continue
        sentences.append(text[start : match.end()].strip())
        start = match.end()
    sentences.append(text[start:].strip())
    return [s for s in sentences if s]


def _clauses(sentence: str) -> list[str]:
    parts, start = [], 0
    amounts = [(a.start, a.end) for a in find_amounts(sentence)]
    for match in _CLAUSE.finditer(sentence):
        if any(a < match.start() < b for a, b in amounts):
            continue  # the "and" of "two and a half lakh"
        parts.append(sentence[start : match.start()])
        start = match.end()
    parts.append(sentence[start:])
    # A clause with figures but no anchor of its own borrows from the clause before it
    # ("my FD is ₹50,000, maturing in March"): join them back when that happens.
    joined: list[str] = []
    for part in parts:
        if joined and not _anchors(part) and figures_in(part) and not PERSON_FIRST.match(part):
            joined[-1] = joined[-1] + ", " + part
        else:
            joined.append(part)
    return joined


# Every kind's anchor words in one pattern (one pass per clause, not one per kind); at a
# given place the kinds are tried in the table's order.
_ANY_ANCHOR = re.compile(
    "|".join(f"(?P<k{n}>{kind.anchor.pattern})" for n, kind in enumerate(KINDS)), re.IGNORECASE
)


_NOT_PAY = re.compile(r"\s*(?:tax|interest|\d+(?:\.\d+)?\s*(?:%|percent))", re.IGNORECASE)


@lru_cache(maxsize=8192)
def _anchors(clause: str) -> tuple[Anchor, ...]:
    anchors: list[Anchor] = []
    for match in _ANY_ANCHOR.finditer(clause):
        kind = KINDS[int(str(match.lastgroup)[1:])]
        word = match.group(0)
        if kind.name == "salary" and _NOT_PAY.match(clause, match.end()):
            continue  # "income tax", "earning 7.2%": not the user's pay
        anchors.append(Anchor(match.start(), match.end(), kind.name, word, kind.slots))
    anchors += goal_anchors(clause, any(f.kind == "amount" for f in figures_in(clause)))
    return tuple(sorted(anchors, key=lambda a: a.start))


_CONNECTOR = re.compile(
    r"^\s*(?:(?:a|per|/|every)\s*(?:month|year)\s*|monthly\s*|each month\s*)?"
    r"(?:(?:in|into|on|for|towards?|as|of|in an?|into an?|to)\s+)?(?:(?:an?|the|my|our)\s+)?$",
    re.IGNORECASE,
)


def _clause_facts(
    clause: str,
    extra: Anchor | None = None,
    hint: Subject | None = None,
    spouse: bool = False,
    name: str = "",
    asked: bool = False,
) -> list[tuple[str, str]]:
    """The facts of one clause: its figures, each with the anchor it belongs to (`extra`
    when the clause names none), the loan's type from `hint` where the clause gives none."""
    anchors = tuple(a for a in _anchors(clause) if not _INCLUDED.search(clause, 0, a.start))
    anchors = anchors or (() if extra is None else (extra,))
    if not anchors:
        return []
    facts: list[tuple[str, str]] = []
    filled: dict[tuple[int, str], int] = {}  # (anchor, slot) -> how many figures filled it
    for figure in figures_in(clause):
        anchor = _anchor_for(figure, anchors, clause)
        if anchor is None or (asked and not said_in_passing(clause, anchor, figure)):
            continue
        fact = _fact(anchor, figure, clause, hint, spouse, name)
        if fact is None:
            continue
        slot = (anchor.start, str(_slot_for(anchor, figure, clause)))
        filled[slot] = filled.get(slot, 0) + 1
        if anchor.kind in ("fd", "rd") and filled[slot] > 1:
            # "three FDs: 10 lakh at 7.4% ..., 8 lakh at 7.6% ...": each deposit its own
            fact = (f"{anchor.kind}{filled[slot]}_{fact[0].split('_', 1)[1]}", fact[1])
        facts.append(fact)
    if asked:
        return facts
    if has_ended(clause) and not any(f.kind == "date" for f in figures_in(clause)):
        facts += _endings(anchors, facts, clause, hint)
    for anchor in anchors:
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
        kind = (
            _loan_kind(anchor, clause, hint) if anchor.kind == "loan" else _type_of(anchor, clause)
        )
        key = anchor.slots["amount"].format(t=kind)
        if any(k == key for k, _ in facts + ended):
            continue
        thing = {"loan": f"{kind} loan".replace("loan loan", "loan"), "sip": "SIP", "rd": "RD"}
        ended.append((key, ended_value(anchor.kind, thing.get(anchor.kind, anchor.word.lower()))))
    return ended


def _loan_kind(anchor: Anchor, clause: str, hint: Subject | None) -> str:
    """A loan's type: the clause's, else the one the message or the subject names."""
    kind = _type_of(anchor, clause)
    if kind == "loan" and hint and hint[0] == "loan":
        return loan_type(hint[1])
    if kind == "loan" and hint and hint[0] == "message":
        return hint[1]
    return kind


def _anchor_for(figure: Figure, anchors: tuple[Anchor, ...], clause: str) -> Anchor | None:
    """A figure belongs to the anchor right after it when only small words come between
    ("25k rent", "₹10,000 a month in SIPs"), else to the nearest anchor before it, else to
    the nearest after it; each time only anchors with a slot for that figure count."""
    fits = [a for a in anchors if _slot_for(a, figure, clause) is not None]
    after = [a for a in fits if a.start >= figure.end]
    if after and _CONNECTOR.match(clause[figure.end : after[0].start]):
        return after[0]
    before = [a for a in fits if a.end <= figure.start]
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
            return "amount" if anchor.word.lower().startswith("emi") else "principal"
        if anchor.kind == "insurance":
            nearest = _nearest_word(clause, figure, _PREMIUM_OR_COVER)
            yearly = bool(YEARLY.match(clause[figure.end :]))
            if yearly or nearest.startswith(_PREMIUM_WORDS):  # a cover is not paid yearly
                return "premium"
        return "amount" if "amount" in slots else None
    return figure.kind if figure.kind in slots else None


_PREMIUM_OR_COVER = re.compile(
    r"premium|cover(?:age)?|sum assured|sum insured|insured for|floater|policy of|plan of|"
    r"costing|costs? (?:me|us)|"
    r"(?:i|we) pay|renews at",
    re.IGNORECASE,
)
_PREMIUM_WORDS = ("premium", "costing", "cost", "costs", "i pay", "we pay", "renews at")


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
    clause: str, figure: Figure, words: re.Pattern[str], span: tuple[int, int] | None = None
) -> str:
    """Which of `words` stands nearest the figure ("" if none does), lowercased; a word
    before the figure counts three times nearer than one after ("cover of 1 crore, premium").
    With `span`, only words inside it count."""
    best, distance = "", 3 * len(clause) + 1
    low, high = span or (0, len(clause))
    for match in words.finditer(clause, low, high):
        before = match.end() <= figure.start
        gap = figure.start - match.end() if before else 3 * (match.start() - figure.end)
        if 0 <= gap < distance:
            best, distance = match.group(0).lower(), gap
    return best


def _fact(
    anchor: Anchor, figure: Figure, clause: str, hint: Subject | None, spouse: bool, name: str = ""
) -> tuple[str, str] | None:
    slot = _slot_for(anchor, figure, clause)
    if slot is None:
        return None
    # "Home loan for the plot, EMI is 41,500": the home loan's; "we bought a car last year;
    # the loan EMI is 14,200": the car's.
    kind = _loan_kind(anchor, clause, hint) if anchor.kind == "loan" else _type_of(anchor, clause)
    key = anchor.slots[slot].format(t=kind)
    if anchor.kind == "insurance":
        whose = insured(clause[figure.end :], clause, spouse, name)
        key = f"{whose}_{key}" if whose else key  # "1 crore on Hetal": the spouse's cover
    elif key == "salary" and spouse:
        key = "spouse_salary"  # "my wife earns 80k", "his take-home": the spouse's
    if figure.kind == "amount":
        assert figure.amount is not None
        return key, amount_value(key, figure.amount, clause[figure.amount.end :])
    if figure.kind == "duration" and key.endswith(("_date", "_end", "_maturity")):
        return key, f"in {figure.text}"  # "the plan is now for 5 years": a date from now
    return key, figure.text


def _type_of(anchor: Anchor, clause: str) -> str:
    if anchor.kind == "loan":
        return loan_type(anchor.word) if loan_type(anchor.word) != "loan" else loan_type(clause)
    if anchor.kind == "investment":
        return table_slug(INVESTMENTS, anchor.word)
    if anchor.kind == "insurance":  # "sum insured" names no type: the clause does
        named = re.search(r"term|life|health|medical|mediclaim|floater", anchor.word, re.I)
        return insurance_type(anchor.word if named else clause)
    if anchor.kind == "cost":
        return table_slug(FIXED_COSTS, anchor.word)
    return anchor.word
