"""What earlier messages tell the finance recogniser about the next one. Pure.

People do not restate the subject of every figure. "Rent is the big one." then "28k."; "Got
a raise!! It's 48,500 now"; "the flat again" then "it went up to 31k"; "scratch that Japan
number, make it two and a half lakh"; "He switched jobs, his take-home is 2.75L now". A
`Reading` carries, from one message to the next:

- the subject the last message was about (the last thing it named: rent, a car loan...),
  which a bare figure in the next message belongs to when that message refers back ("it",
  "now", "went up") or is only a figure;
- the things already known (from the facts found so far, or a store's current facts) and
  the words that name each ("flat" and "landlord" for rent, "Japan" for a trip to Japan,
  "medicines" for a cost of medicines), so that a figure beside those words updates them;
- who the spouse is, so that "he" and "his" in a couple's messages are the spouse's.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass, field, replace
from functools import lru_cache

from fincoach_tui.domain.fact_kinds import GOAL_OBJECTS, KINDS, LOAN_TYPES, loan_type
from fincoach_tui.domain.recognise.costs import sent_to_family
from fincoach_tui.domain.recognise.deposits import institution_near
from fincoach_tui.domain.recognise.fee_side import WORK_OF_INCOME, fee_work
from fincoach_tui.domain.recognise.goals import GOAL_SLOTS
from fincoach_tui.domain.recognise.income import INCOME_SLOTS
from fincoach_tui.domain.recognise.parts import Anchor, figures_in
from fincoach_tui.domain.recognise.rents import home_goal, subject_of_rent
from fincoach_tui.domain.recognise.words import REFERS_BACK, SAME_THING_WORDS, goods_on_emi

Subject = tuple[str, str]  # (kind, anchor word): ("loan", "car loan"), ("goal", "trip")


@dataclass(frozen=True)
class Reading:
    subject: Subject | None = None
    topics: tuple[tuple[str, str, str], ...] = ()  # (word, kind, anchor word), oldest first
    spouse: str = ""  # "husband", "wife", "partner"...
    spouse_name: str = ""  # "Sneha": a clause that starts with it is about the spouse
    # What the user's own last message asked about ("should I increase my SIP?"): a next
    # "I've made it 12,500" that points back with "it" or "that" is about it.
    asked: Subject | None = None
    # The last message only named the subject, with no figure ("We also have an FD."): the
    # next message's figures go on with it ("4 lakh in Canara Bank, 7.1%").
    announced: bool = False
    # The user's risk stance as last stated: "still aggressive" restates it, not a new one.
    stance: str = ""
    # The facts known with a figure, (key, value), the newest last: "don't write 72, write
    # 64k" corrects the one whose figure was 72 (`recognise_restated`).
    figures: tuple[tuple[str, str], ...] = ()
    # Who writes in the user's place, message after message ("" for the user): "spouse"
    # once the spouse introduced themselves ("Rohan here, Neha's husband"), whose "my
    # salary" is the spouse's until the user is back. The same writer a forwarded message
    # names (`writer_of`), which lasts only that message.
    writer: str = ""
    # The user's work paid in fees, once said or known ("tuition": "I'm a chess coach"):
    # later fees that name no payer are what it brings in.
    work: str = ""
    _hash: int = field(default=0, init=False, repr=False, compare=False)

    # A reading keys the recogniser's cache and is rebuilt for every message of a long
    # request: its hash is computed once, and the same steps give the very same reading.
    def __hash__(self) -> int:
        return self._hash

    def __post_init__(self) -> None:
        state = (
            self.subject,
            self.topics,
            self.spouse,
            self.spouse_name,
            self.asked,
            self.announced,
            self.stance,
            self.figures,
            self.writer,
            self.work,
        )
        object.__setattr__(self, "_hash", hash(state))

    def knowing(self, facts: Iterable[tuple[str, str]]) -> Reading:
        """This reading with `facts` (key, value) known too."""
        return _knowing(self, tuple(facts))

    def about(self, subject: Subject | None) -> Reading:
        """The reading for the next message: about what this one named last (or nothing)."""
        if subject == self.subject and self.asked is None:
            return self
        return _about(self, subject)

    def working(self, text: str) -> Reading:
        """This reading with the work paid in fees that `text` says the user does."""
        work = fee_work(text)
        return self if not work or work == self.work else replace(self, work=work)

    def announcing(self, subject: Subject) -> Reading:
        """The reading after a message that named `subject` and gave no figure."""
        return _about(self, subject, announced=True)

    def asking(self, subject: Subject | None) -> Reading:
        """The reading after the user's own question about `subject`."""
        return Reading(
            None,
            self.topics,
            self.spouse,
            self.spouse_name,
            subject,
            stance=self.stance,
            figures=self.figures,
            writer=self.writer,
            work=self.work,
        )

    def written_by(self, writer: str) -> Reading:
        """This reading with `writer` writing in the user's place ("spouse"), or the user
        ("")."""
        return self if writer == self.writer else replace(self, writer=writer)


@lru_cache(maxsize=8192)
def _knowing(reading: Reading, facts: tuple[tuple[str, str], ...]) -> Reading:
    if not facts:
        return reading
    topics = dict.fromkeys(reading.topics)
    figures = dict(reading.figures)
    spouse, name, stance, work = reading.spouse, reading.spouse_name, reading.stance, reading.work
    for key, value in facts:
        stance = value if key == "risk" else stance
        work = WORK_OF_INCOME.get(key, work)
        figures.pop(key, None)  # re-added: the newest is last
        if _FIGURE.search(value):
            figures[key] = value
        if key == "family_spouse" and value in ("husband", "wife", "partner", "spouse"):
            spouse = value
        if key == "spouse_name":
            name = value
        subject = subject_of_key(key)
        if subject is None:
            continue
        for word in sorted(topic_words(key, value)):
            topics.pop((word, *subject), None)  # re-added: the newest mention is last
            topics[(word, *subject)] = None
    return Reading(
        reading.subject,
        tuple(topics),
        spouse,
        name,
        reading.asked,
        reading.announced,
        stance,
        tuple(figures.items()),
        reading.writer,
        work,
    )


@lru_cache(maxsize=8192)
def _about(reading: Reading, subject: Subject | None, announced: bool = False) -> Reading:
    kept = (reading.topics, reading.spouse, reading.spouse_name)
    return Reading(
        subject,
        *kept,
        announced=announced,
        stance=reading.stance,
        figures=reading.figures,
        writer=reading.writer,
        work=reading.work,
    )


_SLOTS = {kind.name: kind.slots for kind in KINDS}
_FIGURE = re.compile(r"\d")


def anchor_of(subject: Subject) -> Anchor:
    """An anchor for a subject named elsewhere (start and end 0: before every figure)."""
    kind, word = subject
    slots = GOAL_SLOTS if kind == "goal" else INCOME_SLOTS if kind == "income" else _SLOTS[kind]
    return Anchor(0, 0, kind, word, slots)


def subject_of_key(key: str) -> Subject | None:
    """The subject a fact key is about, as an anchor would name it."""
    simple = {
        "salary": ("salary", "salary"),
        "pension": ("pension", "pension"),
        "rent": ("rent", "rent"),
        "expenses": ("expenses", "expenses"),
        "sip": ("sip", "sip"),
        "emergency_fund": ("emergency", "emergency fund"),
        "savings": ("savings", "savings"),
        "bonus": ("bonus", "bonus"),
        "debt_credit_card": ("debt", "credit card"),
        "remittance": ("remittance", "remittance"),
    }
    if key in simple:
        return simple[key]
    if subject_of_rent(key):  # a business's rent: "shop rent"
        return subject_of_rent(key)
    parts = key.split("_")
    if parts[0] == "loan" and len(parts) >= 3:
        kind = parts[1]
        return ("loan", "loan" if kind == "loan" else f"{kind} loan")
    if parts[0] in ("fd", "rd"):  # "fd_post_office_amount": the post office's FD
        bank = " ".join(parts[1:-1])
        return (parts[0], f"{bank} {parts[0]}" if bank else parts[0])
    if parts[0] == "invest" and len(parts) >= 2:
        return ("investment", " ".join(p for p in parts[1:] if p != "rate"))
    if parts[0] == "insurance" and len(parts) >= 3:
        return ("insurance", f"{parts[1]} insurance")
    if parts[0] == "income" and len(parts) >= 2 and key != "income_support":
        return ("income", " ".join(parts[1:]))  # a source of income: "income_dairy"
    if parts[0] == "cost" and len(parts) >= 2:
        return ("cost", " ".join(parts[1:]))
    if parts[0] == "goal" and len(parts) >= 2:
        slug = key[len("goal_") :].removesuffix("_amount").removesuffix("_date")
        return ("goal", slug)
    return None


_KIND_WORDS = {
    # not "pay": as often the verb ("so I pay 21k" of the rent) as the noun
    "salary": "salary job raise hike increment appraisal promotion income ctc employer",
    "rent": "rent flat apartment pg hostel lease room place landlord landlady owner kiraya",
    "pension": "pension",
    "expenses": "expenses expense spending",
    "sip": "sip",
    "emergency": "emergency",
    "savings": "savings",
    "insurance": "policy premium cover insurance",
    "fd": "fd deposit",
    "rd": "rd deposit",
    "loan": "emi loan",
    "remittance": "remittance remit send sending",
}
_FILLER = frozenset("to in for at of the a an my our new".split())
# Words of a subject's name that name nothing by themselves ("bank" of "indian bank").
_NOT_TOPICS = frozenset("loan insurance bank office post of india state first".split())


@lru_cache(maxsize=2048)
def topic_words(key: str, value: str) -> frozenset[str]:
    """The words that name a known fact's subject in a later message."""
    subject = subject_of_key(key)
    if subject is None:
        return frozenset()
    kind, word = subject
    words = set(_KIND_WORDS.get(kind, "").split())
    if kind == "rent" and word != "rent":  # a business's rent: its premises, not a home
        words = {word.split()[0], "landlord", "landlady", "owner"}
    if kind in ("loan", "insurance", "cost", "investment", "goal", "income", "fd", "rd"):
        words |= {w for w in re.findall(r"[a-z]+", word.lower()) if w not in _NOT_TOPICS | _FILLER}
    if kind == "loan":  # a bike loan is named a scooter loan too
        named = loan_type(word)
        words |= {w for w, t in LOAN_TYPES.items() if t == named and " " not in w and t != "loan"}
    if kind == "goal":
        words |= set(GOAL_OBJECTS.get(word, word).split("|"))
        if not key.endswith(("_amount", "_date")):  # the goal's description: "trip to Japan"
            words |= {w for w in re.findall(r"[a-z]+", value.lower()) if w not in _FILLER}
    return frozenset(_singular(w) for w in words)


def _singular(word: str) -> str:
    return word[:-1] if len(word) > 3 and word.endswith("s") and not word.endswith("ss") else word


_GENERIC = frozenset(_singular(w) for words in _KIND_WORDS.values() for w in words.split())


def topic_in(reading: Reading, clause: str) -> Subject | None:
    """The known subject a clause names by one of its words (the newest such), if any. Only
    by a word of the thing itself when the clause says what a figure is needed for: "need
    40 lakh for interiors and the deposit" is a cost of something new, not the FD's amount."""
    if not reading.topics or (_DESCRIBES.match(clause) and not figures_in(clause)):
        return None
    said = {
        _singular(w)
        for w in re.findall(r"[a-z]+", clause.lower())
        if not (w.endswith("s") and _singular(w) in _HOMES)  # "four rooms": not the rent's
    }
    matches = [(kind, aw, word) for word, kind, aw in reversed(reading.topics) if word in said]
    # A word of the thing itself ("renovation", "Japan") over a word of its kind ("home").
    specific = [(kind, aw) for kind, aw, word in matches if word not in _GENERIC]
    if specific:
        return specific[0]
    if matches and matches[0][0] == "rent" and home_goal(clause):
        return None  # "so the flat target is now 46 lakh": a goal's home, not the rent's
    return matches[0][:2] if matches and not _NEEDED_FOR.search(clause) else None


# The words of a rented home: said in the plural ("like four rooms", "the haveli rooms need
# work") they describe some other place, not the one the rent is for.
_HOMES = frozenset("room flat apartment place pg".split())
# A clause that says what the thing before it has ("a house in Almora, with one room for
# guests", "2BHK, having a small room for my mother") names no subject of its own.
_DESCRIBES = re.compile(r"^\s*(?:with|having|which has|that has|featuring)\b", re.IGNORECASE)


# What a figure is needed for: "need 40 lakh for interiors", "requires 5L for the deposit".
_NEEDED_FOR = re.compile(
    r"\b(?:need|needs|needed|require|requires|required|budget(?:ed)?|will cost|would cost)\b"
    r"[^.;]*?\d[^.;]*?\bfor\b",
    re.IGNORECASE,
)


def loan_slug(text: str) -> str:
    """The loan a text names: its type ("car"), else what it was taken for ("phone" of
    "phone on EMI"), else "loan"."""
    named = loan_type(text)
    if named != "loan":
        return named
    # a subject kept as "<purpose> loan ..." ("course loan EMI"), see `carried`
    kept = re.fullmatch(r"([a-z]{3,}) loan(?: [a-z]+)?", text)
    purpose = kept[1] if kept and kept[1] not in _NOT_A_PURPOSE else "loan"
    return goods_on_emi(text) or purpose


_NOT_A_PURPOSE = frozenset("loan the our my his her their this that new old any one".split())


def carried(anchor: Anchor, clause: str) -> Subject:
    """The subject an anchor names, with the type its clause gives it ("EMI" in "car loan
    EMI 9,500" is the car loan's)."""
    if anchor.kind == "loan" and loan_type(anchor.word) == "loan":
        named = loan_type(clause)
        if named != "loan":
            return ("loan", f"{named} loan")
        goods = goods_on_emi(clause)  # "phone EMI": the phone's loan, and still its EMI
        return ("loan", f"{goods} loan {anchor.word}" if goods else anchor.word)
    if anchor.kind in ("fd", "rd"):  # "post office FD": that deposit, for what follows
        bank = institution_near(clause, anchor.start)
        return (anchor.kind, f"{bank.replace('_', ' ')} {anchor.kind}" if bank else anchor.word)
    return (anchor.kind, anchor.word)


# "and the maid 3,500", "ar kajer mashi 3,500", "plus 2k for the gym": a clause that opens
# with an additive word and names something before its figure adds another item; its figure
# is not a new value of what was named before.
_ANOTHER = re.compile(
    r"^\W*(?:and|also|plus|aur|ar|ani|mattu|innum|pinne|ebong)\s+(?P<words>[^\d₹]*?)\s*(?:rs\.?|inr|₹)?\s*\d",
    re.IGNORECASE,
)
# Words that say which part of the same thing a figure is, or nothing: not another item.
_SAME_THING = SAME_THING_WORDS | frozenset(
    "interest rate return returns emi premium cover tenure maturity matures period amount "
    "outstanding principal left remaining pending".split()
)


# A year the clause tells a past event by ("I lost money in 2020", "back in 2008", "the
# business failed in 2009"): a story, not a date of the thing talked about before.
_PAST_EVENT = re.compile(
    r"\b(?:lost|failed|crashed|burnt|burned|happened|went bust|collapsed|sold|quit|"
    r"got (?:married|burnt|burned)|back in|ever since)\b[^.;]{0,40}?\b(?:19|20)\d\d\b",
    re.IGNORECASE,
)


def names_another_item(clause: str) -> bool:
    """Whether a clause opens with "and"/"also"/"plus" (or its Hindi, Bengali, Marathi,
    Kannada, Tamil, Malayalam word) and names something of its own before its figure, or
    tells a past event by its year ("I lost money in 2020"), or sends money home
    (`sent_to_family`)."""
    if _PAST_EVENT.search(clause) or sent_to_family(clause):
        return True
    match = _ANOTHER.match(clause)
    if not match or REFERS_BACK.search(match["words"]):
        return False
    words = re.findall(r"[a-z]{3,}", match["words"].lower())
    return any(w not in _SAME_THING for w in words)


_STILL_ON = re.compile(r"\b(?:it|its|it's|that|that's|this|same|again)\b", re.IGNORECASE)


def keeps_subject(sentence: str) -> bool:
    """Whether a sentence that names nothing known leaves the subject as it was: it is short
    ("ugh."), gives a figure, or refers back ("it went up again")."""
    return (
        len(sentence.split()) < 4 or bool(figures_in(sentence)) or bool(_STILL_ON.search(sentence))
    )
