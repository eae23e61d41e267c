"""Under which label a request files each value, and whether that label can be the fact a
question needs. Pure.

The matcher compares values, not labels: "spouse salary: ₹1,10,000" carries the figure
₹1,10,000, so without this module it counts as the user's own salary of ₹1,10,000 being
sent. The memory's own lines label their values; this module finds those lines in the
request text and says which kind of fact (and whose, and which part of it) each label
names, so that a value found only under a label that cannot be the need is "misfiled":
not present.

What is labelled (memory-made, in the formats the memory writes them; read here, never
changed):
- a fact line of the fact store or of the summary, "- spouse salary: ₹81,000 (turn 19,
  3 May 2026)", "- rent: ₹26,000 (was ₹24,000)": the label is what comes before ": ";
- an outdated note on a recalled passage or a summary, "(Outdated: rent was ₹24,000 then;
  the summary has ₹26,000.)", "(Outdated: the coach restated rent as ...)";
- the offline coach's list of what it read, "From this request I can see: salary ₹92,000;
  spouse salary ₹81,000; ...": each item's label is its words before its figure.
The stamp of when a fact or passage was said, "(turn 2, 3 May 2026)", "(edited, 3 May
2026)", "[Turn 2, 3 May 2026]", is no fact's value: a month in it is not counted at all.

Everything else is the conversation's own text and counts wherever it is: the user's
messages, the coach's replies but for that list, recalled passages, and the user's words
the summary and the notes quote ("- (turn 9) Mummy lives with us ...").

A label's kind, and a need's (its key's first word: "salary.spouse" is a salary, whose
owner is the spouse), come from one table of words (`KIND_WORDS`); two kinds are
compatible when `COMPATIBLE` says so, and an unknown kind is compatible with everything.
The owner (the user, the spouse, the parents, the children) and the part (insurance cover
or premium, a loan's EMI or the sum borrowed, an FD, an RD or a SIP) must not contradict
each other where both sides name them. Phrases are never misfiled: words carry their own
meaning wherever they are filed; a figure means only what its label says.
"""

from __future__ import annotations

import re
from collections.abc import Iterator, Sequence
from dataclasses import dataclass

# Kinds by the word that names them, in a need's key or a memory's label.
KIND_WORDS = {
    **dict.fromkeys(
        ("salary", "income", "pay", "pension", "bonus", "stipend", "draw", "drawings"), "salary"
    ),
    "rent": "rent",
    **dict.fromkeys(("emi", "loan", "debt"), "loan"),
    **dict.fromkeys(("deposit", "fd", "rd"), "deposit"),
    **dict.fromkeys(
        (
            *("sip", "investment", "investments", "invest", "portfolio", "savings", "emergency"),
            *("ppf", "nps", "esop", "nisa"),
        ),
        "investment",
    ),
    "insurance": "insurance",
    **dict.fromkeys(("goal", "retirement"), "goal"),
    **dict.fromkeys(("family", "dependants", "dependant", "support"), "family"),
    **dict.fromkeys(
        ("fixed", "cost", "costs", "expense", "expenses", "fees"),
        "fixed_cost",
    ),
    # money sent home (or received from abroad): whose way it goes the key may not say
    **dict.fromkeys(("remittance", "remit"), "remittance"),
    "city": "city",
    "risk": "risk",
}
# Which kinds of label a need's kind may be filed under (a kind is compatible with itself):
# the money a family is given is one of the month's fixed costs (rent is not: "cost maid"
# holding the rent is the rent lost); a deposit is an investment (a post office scheme, a PPF are either), though a SIP is
# never a deposit (its part, below, says so); a remittance is income or an outgoing, by
# which way it goes, never a loan; and what is sent home is a family's support and one of
# the month's fixed costs.
COMPATIBLE = {
    "fixed_cost": frozenset({"family", "remittance"}),
    "family": frozenset({"fixed_cost", "remittance"}),
    "deposit": frozenset({"investment"}),
    "investment": frozenset({"deposit"}),
    "remittance": frozenset({"salary", "fixed_cost", "family"}),
}
# Whose a figure is, by a word of a key or a label; a name (or no word) says nothing.
_OWNER_WORDS = {
    **dict.fromkeys(("self", "own", "my", "mine"), "self"),
    **dict.fromkeys(("spouse", "wife", "husband", "partner"), "spouse"),
    **dict.fromkeys(("parents", "parent", "father", "mother", "papa", "mom"), "parents"),
    **dict.fromkeys(("children", "child", "kids", "son", "daughter"), "children"),
}
# Kinds where whose a figure is makes it another fact: one's own pay is not the spouse's.
_OWNED = frozenset({"salary", "investment", "insurance"})
# Which part of a fact a figure is, by kind: insurance cover or premium, a loan's EMI or
# the sum borrowed, a deposit's type.
_PARTS = {
    "insurance": {
        "premium": "premium",
        "cover": "cover",
        "sum": "cover",
        "topup": "cover",
    },
    "loan": {"emi": "emi", "payment": "emi", "amount": "principal", "principal": "principal"},
    "deposit": {"fd": "fd", "rd": "rd"},
    "investment": {"sip": "sip"},
}


@dataclass(frozen=True)
class Filing:
    """What a need or a label names: a kind, whose, which part; None where it says nothing."""

    kind: str | None
    owner: str | None = None
    part: str | None = None


def _words(text: str) -> list[str]:
    """Lower-case words, a numbered deposit's digit dropped ("fd2" is an "fd")."""
    return [re.sub(r"^([fr]d)\d+$", r"\1", w) for w in re.findall(r"[a-z0-9]+", text.lower())]


def _filing(words: Sequence[str], owner: str | None) -> Filing:
    kind = next((KIND_WORDS[w] for w in words if w in KIND_WORDS), None)
    if kind is None:
        return Filing(None)
    parts = _PARTS.get(kind, {})
    # the last word that names a part: "insurance.health.topup.premium" is a premium
    part = next((parts[w] for w in reversed(words) if w in parts), None)
    return Filing(kind, owner if kind in _OWNED else None, part)


def need_filing(key: str) -> Filing:
    """What a needed fact's key names: its kind by what comes before its first dot
    ("deposit.fd.rate"; a kind of no known word, "chit.amount", is unknown), or for a key
    with no dot by its first word that names a kind ("loan_emi", "spouse_salary"); whose
    by any word that says so ("salary.spouse": the spouse's; a name says nothing, nor does
    where money comes from: "salary.from_father", nor parents or children named by an
    income's key, who may be where it comes from); which part, by the last word naming
    one ("insurance.term.premium", "emi.car")."""
    words = _words(key.replace(".", " ").replace("_", " "))
    if not any(w in KIND_WORDS for w in (words[:1] if "." in key else words)):
        return Filing(None)
    # "salary.from_father": the father is where the money comes from, not whose it is
    owners = [w for before, w in zip(["", *words], words) if before != "from"]
    owner = next((_OWNER_WORDS[w] for w in owners if w in _OWNER_WORDS), None)
    if owner in ("parents", "children") and KIND_WORDS.get(words[0]) == "salary":
        owner = None  # "income.parents": what the parents earn, or what they send the user
    return _filing(words, owner)


def label_filing(label: str) -> Filing:
    """What a memory's label names: "spouse salary" is the spouse's salary, "salary" the
    user's, "salary of Priya" Priya's (whoever she is), "insurance term premium" the
    premium; its kind by its first word that names one."""
    words = _words(label)
    if "of" in words:  # "salary of Priya": a named speaker's
        owner = None
    else:
        owner = next((_OWNER_WORDS[w] for w in words if w in _OWNER_WORDS), "self")
    return _filing(words, owner)


def compatible(need: Filing, label: Filing) -> bool:
    """Whether a figure filed under `label` can be the fact `need` names."""
    if need.kind is None or label.kind is None:
        return True
    if need.kind != label.kind and label.kind not in COMPATIBLE.get(need.kind, ()):
        return False
    return all(
        mine is None or theirs is None or mine == theirs
        for mine, theirs in ((need.owner, label.owner), (need.part, label.part))
    )


# ---- finding the labels in a request's text ------------------------------------------------
# (start, end, label): text[start:end] is filed under `label`; label "" is a stamp of when
# something was said, which holds no fact's value.
Span = tuple[int, int, str]

_FACT_LINE = re.compile(r"^- (?P<label>[^\W\d_][^:()\n]{0,60}?): (?P<value>.*)$", re.M)
_OUTDATED_NOTE = re.compile(
    r"^\(Outdated: (?:the coach restated )?(?P<label>[^()\n]+?) (?:was|as) (?P<value>.*)$", re.M
)
_STAMP = re.compile(r"[(\[](?:[Tt]urn \d+|edited), [^()\[\]\n]*[)\]]")
_SEEN = "From this request I can see: "
_ITEM_FIGURE = re.compile(r"(?:^|\s)[\d₹$€£]")


def spans_in(text: str, source: str) -> Iterator[Span]:
    """The labelled spans of one part of a request, by where it comes from (`SOURCES`)."""
    if source in ("facts", "recalled"):
        if source == "facts":
            for match in _FACT_LINE.finditer(text):
                yield match.start("value"), match.end("value"), match["label"].strip()
        for match in _OUTDATED_NOTE.finditer(text):
            yield match.start("value"), match.end("value"), match["label"].strip()
        for match in _STAMP.finditer(text):
            yield match.start(), match.end(), ""
    if source != "user":
        yield from _seen_items(text)


def _seen_items(text: str) -> Iterator[Span]:
    """ "From this request I can see: salary ₹92,000; rent ₹26,000." item by item."""
    at = text.find(_SEEN)
    while at != -1:
        start = at + len(_SEEN)
        ends = [i for i in (text.find(". ", start), text.find(".\n", start)) if i != -1]
        end = min(ends, default=len(text.rstrip(".")))
        for item in re.finditer(r"[^;]+", text[start:end]):
            figure = _ITEM_FIGURE.search(item.group())
            label = item.group()[: figure.start()] if figure else item.group()
            yield start + item.start(), start + item.end(), label.strip()
        at = text.find(_SEEN, end)


# Where a part of a request comes from: the user's own words (nothing in them is filed by
# the memory), a memory's lines of facts (the fact store's, the summary's: fact lines,
# outdated notes, stamps), recalled passages (outdated notes and stamps, the rest as said),
# or the coach's words (only its list of what it read is labelled).
SOURCES = ("user", "facts", "recalled", "coach")


def labelled_text(messages: Sequence[Sequence[tuple[str, str]]]) -> tuple[str, tuple[Span, ...]]:
    """The request's text, its messages joined by line breaks (each message its parts, one
    after the other, as (source, text)), and its labelled spans."""
    spans: list[Span] = []
    texts = []
    at = 0
    for parts in messages:
        for source, text in parts:
            spans += [(at + s, at + e, label) for s, e, label in spans_in(text, source)]
            at += len(text)
        texts.append("".join(text for _, text in parts))
        at += 1
    return "\n".join(texts), tuple(spans)
