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

from fincoach_tui.domain.amounts import rupees
from fincoach_tui.domain.currencies import format_rupees
from fincoach_tui.domain.fact_household import household_facts
from fincoach_tui.domain.fact_keys import is_known_key, key_of, label_of, normalise_key
from fincoach_tui.domain.fact_kinds import loan_type
from fincoach_tui.domain.recognise.age import age_facts
from fincoach_tui.domain.recognise.clauses import anchors_in, clauses_of, included, sentences_of
from fincoach_tui.domain.recognise.context import (
    REFERS_BACK,
    Reading,
    Subject,
    anchor_of,
    carried,
    keeps_subject,
    loan_slug,
    names_another_item,
    topic_in,
)
from fincoach_tui.domain.recognise.corrections import retaken
from fincoach_tui.domain.recognise.costs import listed_total, regular_cost, stated_not_asked
from fincoach_tui.domain.recognise.deposits import moved_from
from fincoach_tui.domain.recognise.endings import has_ended
from fincoach_tui.domain.recognise.fact_lines import line_fact
from fincoach_tui.domain.recognise.family import family_facts
from fincoach_tui.domain.recognise.future_pay import job_news, pay_to_come, will_be_paid
from fincoach_tui.domain.recognise.goals import mentioned_goal
from fincoach_tui.domain.recognise.known import loans_told_apart
from fincoach_tui.domain.recognise.ledger_lines import as_entry
from fincoach_tui.domain.recognise.message_end import settled
from fincoach_tui.domain.recognise.owners import (
    PARENTS,
    PERSONAL,
    about_parent,
    as_written,
    clause_owner,
    names_self,
    owner_opening,
    owner_pairs,
    parent_continues,
    speaker_of,
    spouse_introduction,
    stances_of,
    writer_of,
)
from fincoach_tui.domain.recognise.parts import figures_in
from fincoach_tui.domain.recognise.payslips import payslip_read
from fincoach_tui.domain.recognise.per_head import per_head_income, per_piece_rate
from fincoach_tui.domain.recognise.phrases import (
    SENT_HOME,
    name_facts,
    restated,
    risk_facts,
    unsent,
)
from fincoach_tui.domain.recognise.places import city_facts
from fincoach_tui.domain.recognise.rents import rent_apart, rent_keyed
from fincoach_tui.domain.recognise.restated import corrected_figures
from fincoach_tui.domain.recognise.slots import clause_facts
from fincoach_tui.domain.recognise.spouse import SPOUSE_PRONOUN_NEXT, spouse_subject
from fincoach_tui.domain.recognise.typos import mend_typos
from fincoach_tui.domain.recognise.whose import not_the_users, without_wished_ends
from fincoach_tui.domain.recognise.words import (
    FIRST_PERSON,
    OWN_WHAT,
    answer_start,
    goods_on_emi,
)

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
    reading = reading.working(text)  # "I'm a chess coach": fees are what she is paid
    found, subject, writer = _recognise(text, said_at, reading)
    reading = reading.written_by(writer)
    if text.rstrip().endswith("?"):
        # The user's own question is not what their next figure is about, unless that
        # figure points back to it ("should I raise my SIP?" "I've made it 12,500").
        return list(found), reading.knowing(found).asking(subject)
    if subject is not None and not found and anchors_in(text) and not figures_in(text):
        # "We also have an FD." names a thing and nothing of it: what comes next does.
        return list(found), reading.announcing(subject)
    return list(found), reading.knowing(found).about(subject)


@lru_cache(maxsize=8192)
def coach_subject(text: str) -> Subject | None:
    """What the coach just asked about, if its message ends with a question ("And your
    rent?"): the user's bare "28k" answers it."""
    sentences = sentences_of(text)
    if not sentences or not sentences[-1].rstrip().endswith("?"):
        return None
    anchors = anchors_in(sentences[-1])
    return carried(anchors[-1], sentences[-1]) if anchors else None


# ---- the recogniser ------------------------------------------------------------------

# A tag a chat export or a voice note puts before a message: a time, not a figure.
_TAG = re.compile(r"^\s*\[[^\]\n]{1,30}\]\s*")
# A message signed with an initial after a dash: "Happy? — G". Only a single capital: a
# name after a dash is as often what the sentence is about.
_SIGNED = re.compile(r"\s[—–-]+\s*(?P<who>[A-Z])\s*$")
_NOT_FACTS = re.compile(r"^\s*(?:asked about|dropped|topics?|questions?)\b", re.IGNORECASE)
_OLD_NOTE = re.compile(
    r"\((?:was|earlier|previously|outdated)\b(?:[^()]|\([^()]*\))*\)", re.IGNORECASE
)
_LOAN_WORD = re.compile(
    r"\b(?:home|housing|house|mortgage|car|vehicle|bike|two-wheeler|scooter|personal|education|"
    r"student|gold)\b",
    re.IGNORECASE,
)
_MARKED_OLD = re.compile(r"[^;.\n]*\((?:outdated|superseded)\b[^)]*\)", re.IGNORECASE)
# A question word opening a sentence with no question mark (dictated, or typed fast).
_ASKS = re.compile(
    r"^\W*(?:what|whats|how|hows|which|where|why|who|whom|whose|kya|kaise|kitna|kitne|kitni|"
    r"kyun|kahan)\b(?!\s+(?:i|we)\s+(?:have|had|did|do|earn|pay|get|make|send)\b)",
    re.IGNORECASE,
)
_POINTS_BACK = re.compile(r"\b(?:it|it's|that|that's)\b", re.IGNORECASE)


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
) -> tuple[tuple[tuple[str, str], ...], Subject | None, str]:
    found: list[tuple[str, str]] = []
    free: list[str] = []
    entries: set[str] = set()  # a statement's entries: each about itself alone
    for line in text.splitlines():
        line = _TAG.sub("", line)  # "[voice note 0:32]", "[SMT 1950]": a tag, no figure
        if _NOT_FACTS.match(line):
            continue  # a summary's topics restate questions, not facts
        structured = line_fact(line)
        if structured is not None:
            found.append(structured)
        else:
            entry = as_entry(line)  # a pasted statement's line: its entry alone
            if entry != line:
                entries.add(entry.strip())
            free.append(entry)
    body = _MARKED_OLD.sub(" ", "\n".join(free))  # "I pay 25k rent (outdated)" states nothing
    body = mend_typos(_OLD_NOTE.sub(" ", body))
    sentences = sentences_of(body)
    # The last thing named: "They revised my pay. 95k from now on." is about the pay. At
    # first, what the message before was about, for a message that refers back to it.
    subject = reading.subject
    from_before = subject is not None
    short = len(body.split()) <= 4
    spouse, name = reading.spouse, reading.spouse_name
    # The one kind of loan the message names anywhere types a loan named without one.
    named_loans = {
        loan_type(m.group(0))
        for m in _LOAN_WORD.finditer(body)
        if not SENT_HOME.search(body, 0, m.start())
    } - {"loan"}
    message_loan = ("message", named_loans.pop()) if len(named_loans) == 1 else None
    if not named_loans and message_loan is None and goods_on_emi(body):
        message_loan = ("message", goods_on_emi(body))  # "a loan for the oven ... EMI 9k"
    # who types, when two people share the chat ("R: ...", "I: ...", or a message signed
    # "... — G")
    signed = _SIGNED.search(body)
    # who writes: in the user's place ("spouse", introduced before) until a signature or the
    # user's name says the user types again; or what the message forwards ("Fwd (Shobha):")
    writes_on = "" if signed else reading.writer
    writer: str | None = writes_on or None
    speaker = signed["who"].lower() if signed else (name or "spouse").lower() if writes_on else ""
    writer_before = ""  # the sentence before, when the writer spoke of themselves in it
    # the message's facts, with their clauses: "2 personal loans. hdfc emi 11,200. bajaj
    # emi 7,600" tells two loans apart across its sentences
    placed: list[tuple[int, str]] = []
    for index, sentence in enumerate(sentences):
        if sentence in entries:
            subject, from_before = None, False
        sentence = sentence[answer_start(sentences[index - 1] if index else "", sentence) :]
        tagged = speaker_of(sentence, name)
        speaker = speaker if tagged is None else tagged
        if writes_on and (
            (tagged is not None and tagged != name.lower())
            or re.search(rf"\bmy\s+{spouse}\b", sentence, re.IGNORECASE)
        ):
            # "Neha here again", or the spouse's own role said as "my husband": the user
            # types again
            writes_on, writer, speaker = "", None, ""
        introduced = spouse_introduction(sentence)  # "Rohan here, Neha's husband"
        if introduced is not None:
            name, spouse = introduced[0] or name, introduced[1]
            writes_on, writer, speaker = "spouse", "spouse", (name or "spouse").lower()
            found += [("family_spouse", spouse)] + ([("spouse_name", name)] if name else [])
            continue
        forwarded = writer_of(sentence, name)
        if forwarded is not None:  # its header is no part of what the writer says
            (writer, start), writer_before = forwarded, ""
            sentence = sentence[start:]
        # a question said without its mark: "how are fees these days in Bhubaneswar"
        question = sentence.rstrip().endswith("?") or (
            _ASKS.match(sentence) is not None and not OWN_WHAT.match(sentence)
        )
        question = question and not stated_not_asked(sentence)  # "rent 16k a month??"
        following = sentences[index + 1] if index + 1 < len(sentences) else ""
        # "don't write 72, write 64,000": the known figure of 72 corrected, when the sentence
        # names nothing else it could be of
        named_none = not question and not anchors_in(sentence)
        corrected = corrected_figures(sentence, reading.figures) if named_none else []
        if corrected:
            found += corrected
            continue
        # "with a baby?" says no count
        family = [] if question else family_facts(sentence)
        family += [] if question else household_facts(sentence, family)
        spouse = next((v for k, v in family if k == "family_spouse"), spouse)
        name = next((v for k, v in family if k == "spouse_name"), name)
        about_spouse = False  # the sentence so far is about the spouse
        about_parents = ""  # ... about a parent ("My father, who lives with us, draws")
        found += family if question else name_facts(sentence) + city_facts(sentence) + family
        found += [] if question else age_facts(sentence)
        risks = risk_facts(sentence, question, following, sentences[index - 1] if index else "")
        stance = restated(risks, sentence, reading.stance)
        found += stances_of(stance, speaker)
        named_here = False  # the sentence names something the recogniser knows
        # "fees, hostel and pocket money together come to 42k": one cost of them all
        total = None if question else listed_total(sentence) or per_head_income(sentence)
        if total is not None and not_the_users(sentence, False, ()):
            total = None
        if total is not None:
            found += total[0]
        said = sentence if total is None else sentence[: total[1]] + sentence[total[2] :]
        said = payslip_read(said, body)  # "HRA 18k", "gross 6,200, CPF 1,240, net 4,640"
        pairs = not question and owner_pairs(said)  # owners and their figures, nothing else
        for clause in clauses_of(said):
            # An anchor after "including" is a part of what is priced, not its subject.
            anchors = moved_from(
                clause,
                tuple(a for a in anchors_in(clause) if not included(clause, a)),
            )
            named = carried(anchors[-1], clause) if anchors else topic_in(reading, unsent(clause))
            if not named and job_news(clause):  # "got the offer!!! 80,000 a month"
                named = ("salary", "salary")
            if not named and mentioned_goal(clause):  # "the renovation ...": what follows
                named = ("goal", mentioned_goal(clause))
            # a loan the subject names without a type ("SBI EMI 25k and HDFC EMI 19k") is of
            # the one type the message names
            typed = subject and subject[0] == "loan" and loan_slug(subject[1]) != "loan"
            hint = subject if typed or message_loan is None else message_loan
            if named:
                subject, from_before, named_here = named, False, True
            spouses = spouse_subject(clause, spouse, name) or bool(
                # a later clause of a sentence about the spouse that names no one else:
                # "My wife's salary got revised, 2.45L in hand now"
                about_spouse
                and (SPOUSE_PRONOUN_NEXT.match(clause) or not FIRST_PERSON.search(clause))
            )
            so_far = about_parents or ("spouse" if about_spouse else "")
            opened = owner_opening(clause, spouse, so_far)  # "mine is 1.1L", "biwi ki 45k"
            if opened is not None:
                spouses, about_parents = opened == "spouse", opened if opened in PARENTS else ""
            about_spouse = spouses or (about_spouse and not anchors)
            about_parents = about_parent(clause) or (
                about_parents if parent_continues(clause, bool(about_parents), spouses) else ""
            )
            owner = (
                "other"
                if opened == "other"
                else clause_owner(clause, spouses, about_parents, speaker)
            )
            if writer is not None:  # "Fwd (Shobha): my take-home is ...": Shobha's
                before = writer_before + " " + said[: max(0, said.find(clause))]
                spouses, owner = as_written(writer, clause, spouses, owner, before)
            if not_the_users(clause, spouses, anchors, said[: said.find(clause)]):
                continue
            prior = " ".join([*sentences[:index], said[: said.find(clause)]])  # said before it
            retake = None if anchors or question else retaken(clause, found, reading.figures, prior)
            if retake is not None:  # "Home loan EMI 45k. Sorry, 54k.": the EMI is 54k
                found = [*found[:-1], retake] if found else [retake]
                continue
            extra = None
            if not anchors and subject and (figures_in(clause) or has_ended(clause)):
                if names_another_item(clause) or per_piece_rate(clause):
                    pass  # "ar kajer mashi 3,500", "avg per survey now 2,650": another thing
                elif subject[0] == "rent" and rent_apart(clause):
                    pass
                elif not REFERS_BACK.search(clause) and regular_cost(clause) is not None:
                    pass  # "library seat 1,200 monthly": a thing of its own, named first
                elif (
                    not from_before
                    or short
                    or REFERS_BACK.search(clause)
                    or (reading.announced and len(clause.split()) <= 8)
                ):
                    extra = anchor_of(subject)
            if not anchors and extra is None and subject is None and reading.asked:
                if figures_in(clause) and _POINTS_BACK.search(clause):
                    extra = anchor_of(reading.asked)
            if not anchors and extra is None and not anchors_in(clause):
                extra = regular_cost(clause)
            if not anchors and (extra is None or extra.kind not in PERSONAL) and pairs:
                extra = anchor_of(("salary", "salary"))  # "Husband 1.5L, me 60k": their pay
            if not anchors and extra is None and will_be_paid(clause):  # "I'll get 1.2L"
                extra = anchor_of(("salary", "salary"))
            # A question states only the figures it gives as the user's own, in passing:
            # "with my 62k salary can I afford a car?", not the 15k SIP it asks about.
            stated = clause_facts(clause, extra, hint, spouses, name, asked=question, owner=owner)
            known = [k for k, _ in (*reading.figures, *found)]  # a shop's rent or the home's
            stated = rent_keyed(stated, clause, extra.word if extra else "", known, sentence)
            stated = without_wished_ends(stated, said, clause)  # "once we move, no more rent"
            placed += [(len(found) + n, clause) for n in range(len(stated))]
            found += pay_to_come(clause, stated)  # "pay will be 90k": the pay expected
        found = loans_told_apart(found, placed, "")  # "SBI home loan EMI 41k and HDFC ... 12k"
        # the writer's "I am being promoted." goes on in "Take-home will be 79k."
        writer_before = sentence if writer is not None and names_self(sentence) else ""
        if from_before and not (question or named_here or keeps_subject(sentence)):
            # "We have one son in Toronto.": a topic of its own, which the recogniser does
            # not know; a later "we'd like to give 25 lakh towards it" is about that, not
            # about the driver's pay a message before named. (A subject this message named
            # stays: "Asked my manager for a hike. He agreed. 95k from April.")
            subject, from_before = None, False
    found = settled(found, reading, body, sentences, said_at)
    return tuple(found), subject, writes_on
