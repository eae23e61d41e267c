"""Whose a figure is: the user's, the spouse's, a parent's, someone else's, or, when two
people type together ("R: my take-home is 95k", "I: SIP 15k"), which of them said it. Pure.

Only money that belongs to one person (`PERSONAL`: pay, a pension, a SIP, a bonus) is filed
by owner; rent, loans and deposits are the household's. A figure filed under another
owner's key never replaces the user's own: "my army pension is 68k; her pension is 41k"
keeps both, and "my father draws a pension of 31,500" is not the user's pension.
"""

from __future__ import annotations

import re

from fincoach_tui.domain.recognise.kin_words import ELDERS_SAID
from fincoach_tui.domain.recognise.words import NOT_NAMES

# The keys a person, not a household, has: each owner has their own.
PERSONAL = frozenset({"salary", "pension", "sip", "bonus"})
# A stance is a person's own too: "Priya: I'm conservative" is hers ("risk_of_priya").
STANCES = frozenset({"risk", "risk_reason"})
# A parent in English, or in any Indian language's word for a parent or a parent-in-law
# (`ELDERS_SAID`: "Abbu", "Aai", "Achan", "Sasra"), but the two-letter ones ("ma", "ba"),
# which are as often something else.
_PARENT = "|".join(
    sorted(
        {
            *"father mother dad daddy mom mum mummy papa parents in-laws father-in-law".split(),
            *"mother-in-law sasurji saasu".split(),
            *(
                word
                for word, who in ELDERS_SAID.items()
                if len(word) > 2 and (who in ("mother", "father") or who.endswith("-in-law"))
            ),
        },
        key=len,
        reverse=True,
    )
)
# A clause about a parent: "My father, who lives with us, draws ...", "papa ki pension ...",
# "mother's pension is 20k".
_PARENT_SUBJECT = re.compile(
    rf"^\W*(?:(?:and|but|so|also)\s+)?(?:(?:my|our|the)\s+)?(?P<parent>{_PARENT})(?:'s|\s+ki|\s+ka|\s+ke)?\b",
    re.IGNORECASE,
)
_PARENT_OWNS = re.compile(rf"\b(?P<parent>{_PARENT})(?:'s|\s+(?:ki|ka|ke))\s", re.IGNORECASE)
# A third person the user does not name as the spouse: "her pension is 41,000" when the user
# has not said whose ("her" could be a mother, a daughter, a friend).
_THIRD_PERSON = re.compile(r"^\W*(?:(?:and|but|so|while|whereas)\s+)?(?:his|her|their)\b", re.I)
# The whole household: "we do a joint SIP of 27k", "our SIPs", "both of us".
# Someone named as the subject ("Gurpreet gets 41k", "Arjun's pay is 1.3L"): not the user.
_NAMED_SUBJECT = re.compile(
    r"^\W*(?:(?:and|but|so|while|whereas)\s+)?(?P<name>[A-Z][a-z]+)(?:'s\b|\s+(?:gets|earns|makes|"
    r"draws|takes|brings|receives|has)\b)"
)
_HOUSEHOLD = re.compile(r"\b(?:we|we're|our|ours|us|both|joint|together|combined)\b", re.I)
_NAMES_SELF = re.compile(r"\b(?:i|i'm|i've|im|my|me|mine|meri|mera|mere)\b", re.IGNORECASE)
# Who types, when two people share the chat: "R here: ...", "N: ...", "Karan here: ...".
# An initial (not "Q:"), or a name followed by "here"; "K+N:" is both (the household).
# Two capitals are as often an abbreviation ("PS:", "FD:") as a person.
_SPEAKER = re.compile(
    r"^\W*(?:(?P<tag>(?!Q\b)[A-Z])|(?P<name>[A-Z][a-z]{1,11})\s+here)\s*(?:here\s*)?:\s*(?=\S)"
)
_BOTH = re.compile(r"^\W*[A-Z]{1,2}\s*[+&/]\s*[A-Z]{1,2}\s*:")
# A hand-over said as a sentence of its own: "Priya here!", "Rohit again.", "Meera here
# now." (an introduction goes on in the same sentence: "Gurpreet here, hardware shop ...").
_HAND_OVER = re.compile(
    r"^\W*(?P<name>[A-Z][a-z]{1,11})\s+(?:here|again)(?:\s+(?:now|again|back))?\s*[.!]*\s*$"
)


_GREETED_HAND_OVER = re.compile(
    r"^\W*(?i:hi+|hello|hey|namaste|namaskar)\W+(?P<name>[A-Z][a-z]{1,11})\s+here\s*[.!]*\s*$"
)


# "Priya: ..." is a speaker's tag only for a name the chat has given (a label such as
# "Goal: ..." or "Update: ..." looks the same).
_NAME_TAG = re.compile(r"^\W*(?P<name>[A-Z][a-z]{1,11})\s*:\s*(?=\S)")
# The name the chat has given, in any case, opening a sentence as its typist: "arjun: emi
# is 18k", "arjun here. mine is 1.1L", "arjun here with an update - ...".
_KNOWN_OPENS = re.compile(
    r"^\W*(?P<name>[a-z]{2,12})(?:\s*:\s*(?=\S)|\s+(?:here|again)\b)", re.IGNORECASE
)


# The spouse introducing themselves in the chat's usual user's place: "Rohan here, Neha's
# husband", "Hi, this is Rohan (Neha's husband)", "I'm Rohan, Neha's hubby", "Neha's
# husband Rohan here". What they say after it is theirs: their "my salary" is the spouse's.
_SPOUSE_ROLE = r"(?P<role>husband|hubby|wife|partner|spouse)"
_INTRODUCES_SPOUSE = re.compile(
    r"^\W*(?:(?i:hi+|hello|hey|namaste|namaskar)\W+)?"
    r"(?:(?:(?i:this\s+is|i'm|i\s+am|im|it's|its|myself|main)\s+)?(?P<name>[A-Z][a-z]{1,11})"
    r"(?:\s+(?i:here|again|bol\s+raha\s+hoon|this\s+side))?\s*[,(–—-]\s*(?i:i'm\s+|i\s+am\s+)?"
    rf"(?P<user>[A-Z][a-z]{{1,11}})(?:'s|’s)\s+(?i:{_SPOUSE_ROLE})\b"
    rf"|(?P<user2>[A-Z][a-z]{{1,11}})(?:'s|’s)\s+(?i:{_SPOUSE_ROLE.replace('role', 'role2')})"
    r"(?:,?\s+(?P<name2>[A-Z][a-z]{1,11}))?\s+(?i:here|this\s+side)\b)"
)


def spouse_introduction(sentence: str) -> tuple[str, str] | None:
    """(the spouse's name or "", their role: "husband", "wife") when a sentence is the
    spouse introducing themselves as the chat's usual user's ("Rohan here, Neha's
    husband"); None when it is not."""
    match = _INTRODUCES_SPOUSE.match(sentence)
    if match is None:
        return None
    name = match["name"] or match["name2"] or ""
    if name in NOT_NAMES or (match["user"] or match["user2"]) in NOT_NAMES:
        return None
    role = (match["role"] or match["role2"]).lower()
    return name, "husband" if role == "hubby" else role


def speaker_of(sentence: str, known: str = "") -> str | None:
    """Who a sentence says is typing it ("r" of "R here: ...", "priya" of "Priya: ..." when
    `known` is that name), "" when it is both of them ("K+N: ..."), None when it names no one."""
    if _BOTH.match(sentence):
        return ""
    match = _SPEAKER.match(sentence)
    if match:
        return (match["tag"] or match["name"]).lower()
    tag = _NAME_TAG.match(sentence) or _KNOWN_OPENS.match(sentence)
    if tag and known and tag["name"].lower() == known.lower():
        return known.lower()
    handed = _HAND_OVER.match(sentence) or _GREETED_HAND_OVER.match(sentence)
    if handed and handed["name"] not in NOT_NAMES:
        greeted = handed.re is _GREETED_HAND_OVER
        # "Hi, Salim here." opens a chat; it hands over only to someone the chat has named
        if not greeted or (known and handed["name"].lower() == known.lower()):
            return handed["name"].lower()
    return None


def stances_of(facts: list[tuple[str, str]], speaker: str) -> list[tuple[str, str]]:
    """A stance said by a named speaker ("Priya: I'm conservative") filed as theirs."""
    if len(speaker) < 2:  # the user, the household, or an initial
        return facts
    return [(f"{k}_of_{speaker}" if k in STANCES else k, v) for k, v in facts]


# Which parent a parent's word names: a father's pay and a mother's are two facts ("Abbu
# earns 64k", "Ammi's salary is 31,500"); both parents, or an in-law, are "parents".
PARENTS = ("father", "mother", "parents")
_ONE_PARENT = {
    **dict.fromkeys("father dad daddy papa".split(), "father"),
    **dict.fromkeys("mother mom mum mummy".split(), "mother"),
    **{w: who for w, who in ELDERS_SAID.items() if who in ("father", "mother")},
}


def which_parent(word: str) -> str:
    """ "father" or "mother" for a word naming one parent, else "parents"."""
    return _ONE_PARENT.get(word.lower(), "parents")


def about_parent(clause: str) -> str:
    """Which parent a clause is about the money of ("father", "mother", or "parents" for
    both or an in-law), "" for none: it opens with the parent or names the parent's ("papa
    ki pension", "mother's pension", "Abbu says his earning is 64k")."""
    match = _PARENT_SUBJECT.match(clause) or _PARENT_OWNS.search(clause)
    if match is None:
        return ""
    other = _AND_PARENT.match(clause, match.end("parent"))  # "Mummy papa", "Abbu and Ammi"
    if other and which_parent(other["parent"]) != which_parent(match["parent"]):
        return "parents"
    return which_parent(match["parent"])


_AND_PARENT = re.compile(
    rf"\s*(?:,|&|\+|and|aur|ani|ar|o|ane)?\s*(?P<parent>{_PARENT})\b", re.IGNORECASE
)


def clause_owner(clause: str, spouse: bool, parent: str, speaker: str) -> str:
    """The owner of a clause's personal money: "" (the user), "spouse", a parent (`PARENTS`),
    "other" (someone the user does not say who is: not filed), or a speaker's tag."""
    if spouse:
        return "spouse"
    if parent:
        return parent
    if speaker:
        return "" if _HOUSEHOLD.search(clause) and not _NAMES_SELF.search(clause) else speaker
    named = _NAMED_SUBJECT.match(clause)
    if _THIRD_PERSON.match(clause) or (named and named["name"] not in NOT_NAMES):
        return "other"
    return ""


def owned_key(key: str, owner: str) -> str | None:
    """`key` for `owner`: unchanged for the user or for money a household shares, None for
    someone unnamed, "spouse_pension", "parents_salary", "sip_of_r"."""
    loan = key.startswith("loan_")  # a spouse's or a parent's EMI is theirs, not the user's
    if not owner or (key not in PERSONAL and not loan):
        return key
    if loan:  # a spouse's or parent's loan is theirs; anyone else's stays as it was filed
        owner = "parents" if owner in ("father", "mother") else owner
        return f"{owner}_{key}" if owner in ("spouse", "parents") else key
    if owner == "other":
        return None
    if owner in ("spouse", "parents"):
        return f"{owner}_{key}"
    return f"{key}_of_{owner}"


def parent_continues(clause: str, about: bool, spouse: bool) -> bool:
    """Whether a clause continues a sentence about a parent: "My father, who lives with us,
    draws a pension of 31,500" (no one else is named after the parent)."""
    return about and not spouse and not _NAMES_SELF.search(clause)


# ---- whose a short clause is, said by the word it opens with --------------------------

# The pair said contrastively, with the second half cut short: "My wife's salary is 60k and
# mine is 1.1L", "my salary is 1.2L, hers is 65k", "his take-home is 72k; I make 48k",
# "meri salary 80k hai, biwi ki 45k", "unki salary 1.2 lakh hai, meri 70k". The word that
# opens such a clause says whose its figure is, whatever the clause before was about. One
# table of words per owner, in English and the romanised Indian languages people type.
OWNER_WORDS = {
    "": "mine|my own|myself|meri|mera|mere|apni|apna|maza|mazha|mazi|majha|majhi|amar|ennoda|naa",
    "spouse": (
        "wife|husband|hubby|spouse|partner|missus|biwi|bibi|patni|pati|gharwali|gharwala|"
        "bayko|baiko|navra|navrya|bou|ghorwali|mrs"
    ),
    "parents": _PARENT,
    "other": (
        "sons?|daughters?|beta|beti|bete|brother|sister|bhai|bhaiya|behen|didi|friend|"
        "colleague|cousin"
    ),
}
# "she/her/hers" is the wife's (or a partner's) once the chat has one; "unki/uski" (Hindi's
# his-or-her) is the spouse's whoever the spouse is.
_PRONOUNS = {
    "hers": "wife partner",
    "her": "wife partner",
    "she": "wife partner",
    "his": "husband partner",
    "he": "husband partner",
    "unki": "wife husband partner",
    "unka": "wife husband partner",
    "unke": "wife husband partner",
    "uski": "wife husband partner",
    "uska": "wife husband partner",
    "uske": "wife husband partner",
}
_OWNER_WORD = "|".join([*OWNER_WORDS.values(), *_PRONOUNS])
# An owner's word opening a clause, alone or as the owner of what follows ("mine is",
# "biwi ki", "wife's", "hers"), or the bare first person with a figure or a verb of earning
# ("and I get 90k", "me 60k", "main 60k kamata hoon").
OWNER_FIRST = re.compile(
    r"^\W*(?:(?:and|but|while|whereas|aur|par|lekin|ani|ar)\s+)?"
    rf"(?:(?:my|our|the|meri|mera|mere)\s+)?(?P<word>{_OWNER_WORD})(?:'s|\s+(?:ki|ka|ke|ko|ne|chi|cha|che|er))?"
    r"(?=\s+(?:is|was|=|:|comes|gets?|earns?|makes?|draws?|takes?|brings?|ab|abhi|now|"
    r"hai|h|kamata|kamati|kamate|\d|₹|rs|inr|salary|pay|income|take|in-hand|pension|"
    # whose loan too: "biwi ki EMI 5 hazaar", "pati ka loan", "meri EMI 9k"
    r"tankhwah|pagar|pagaar|emis?|loans?|kisht)\b|\s*[\d₹])"
    r"|^\W*(?:(?:and|but|while|whereas|aur|par|lekin)\s+)?(?P<self>i|me|main|mai)"
    r"(?=\s+(?:get|gets|make|earn|take|draw|bring|kamata|kamati|\d|₹|rs)\b|\s*[\d₹])",
    re.IGNORECASE,
)

# The same owner's word after a figure and "aur" or "and", in a clause said without a
# comma: "biwi ki salary 45k hai aur meri 80k" is cut before "meri".
OWNER_NEXT = re.compile(
    rf"\s+(?:and|aur|ani|ar)\s+(?=(?:(?:my|our|meri|mera|mere)\s+)?(?:{_OWNER_WORD}|me|main|mai)"
    r"(?:'s|\s+(?:ki|ka|ke))?\s+(?:(?:salary|pay|income|pension|tankhwah|kamai|pagar)\s+)?"
    r"(?:is\s+|hai\s+)?[\d₹])",
    re.IGNORECASE,
)


# A label before the pairs: "Salaries: husband 1.5L, me 60k", "Income - wife 80k".
_LABEL = re.compile(r"^\W*[A-Za-z][\w' -]{0,24}?\s*(?::|\s[–—-])\s*(?=\w)")


def _label_end(clause: str) -> int:
    label = _LABEL.match(clause)
    return label.end() if label else 0


def owner_pairs(sentence: str) -> bool:
    """Whether a sentence is a list of owners and their figures and nothing else, for two
    owners or more: "Husband 1.5L, me 60k", "me 95k; wife 70k", "Biwi 45k, main 80k"."""
    parts = [p for p in re.split(r"\s*(?:[,;/&]|\band\b|\baur\b)\s*", sentence.strip(" .!")) if p]
    owners = set()
    for part in parts:
        match = _PAIR.fullmatch(part)
        if match is None:
            return False
        owners.add(owner_opening(part, "") or "")
    return len(parts) >= 2 and len(owners) >= 2


_PAIR = re.compile(
    rf"(?:(?:my|meri|mera)\s+)?(?:{'|'.join(OWNER_WORDS.values())}|i|me|main|mai)(?:'s)?\s*[:=-]?\s*"
    r"(?:₹|rs\.?\s*|inr\s*)?\d[\d,.]*\s*(?:k|l|lakhs?|lacs?|thousand|cr)?",
    re.IGNORECASE,
)


def owner_opening(clause: str, spouse: str, so_far: str = "") -> str | None:
    """Whose a clause's figure is when the clause opens with its owner (`OWNER_FIRST`): ""
    (the user), "spouse", a parent (`PARENTS`) or "other" (someone not filed); None when it
    does not.
    A pronoun is of whom the sentence so far is about (`so_far`: "spouse" or "parents":
    "Papa saath rehte hain, unki pension 20k hai"), else the spouse's when the spouse the
    chat has (`spouse`) fits it, else someone else's, never the user's."""
    match = OWNER_FIRST.match(clause) or OWNER_FIRST.match(clause[_label_end(clause) :])
    if match is None:
        return None
    if match["self"]:
        return ""
    word = match["word"].lower()
    if word in _PRONOUNS:
        if so_far:
            return so_far
        return "spouse" if spouse and spouse in _PRONOUNS[word].split() else "other"
    owner = next(
        owner
        for owner, words in OWNER_WORDS.items()
        if re.fullmatch(rf"(?:{words})", word, re.IGNORECASE)
    )
    return which_parent(word) if owner == "parents" else owner


# ---- a message someone else wrote, forwarded or quoted ---------------------------------

# "Fwd (Shobha): ...", "Forwarded from my wife: ...", "Message from Ravi - ...", "my husband
# says: ...", "Papa writes: ...": what follows is that person's, and their "I" and "my" are
# theirs, not the user's.
_WRITER = r"(?:my\s+)?(?P<{g}>[A-Za-z][a-z]{{1,11}}(?:-in-law)?)"
_FORWARDED = re.compile(
    r"^\W*(?:"
    rf"(?:fwd?|forwarded)\b\.?\s*(?:\(\s*{_WRITER.format(g='fwd')}\s*\)"
    rf"|(?:message\s+|msg\s+)?from\s+{_WRITER.format(g='fwd_from')})?"
    rf"|(?:message|msg|text|note)\s+from\s+{_WRITER.format(g='message')}"
    rf"|(?:my\s+)?(?P<says>{OWNER_WORDS['spouse']}|{_PARENT}|(?-i:[A-Z][a-z]{{1,11}}))\s+"
    r"(?:says|writes|wrote|said|messaged|texted|adds)"
    r")\s*[:–—-]\s*(?=\S)",
    re.IGNORECASE,
)


def writer_of(sentence: str, spouse_name: str = "") -> tuple[str, int] | None:
    """Who wrote what a sentence forwards or quotes, when it opens so ("Fwd (Shobha): ..."):
    "spouse" (a spouse's word, or the name the chat gave the spouse), a parent (`PARENTS`),
    a name, or "other" for a writer not said; and where their words start. None when it
    forwards nothing."""
    match = _FORWARDED.match(sentence)
    if match is None:
        return None
    who = next((w for w in match.groups() if w), "").lower()
    if not who or who.title() in NOT_NAMES:
        return "other", match.end()
    if who == spouse_name.lower() or re.fullmatch(OWNER_WORDS["spouse"], who, re.IGNORECASE):
        return "spouse", match.end()
    if re.fullmatch(_PARENT, who, re.IGNORECASE):
        return which_parent(who), match.end()
    return who, match.end()


def names_self(text: str) -> bool:
    """Whether `text` says "I", "my", "me" or "mine" (in English or Hindi)."""
    return bool(_NAMES_SELF.search(text))


def as_written(
    writer: str, clause: str, spouse: bool, owner: str, before: str = ""
) -> tuple[bool, str]:
    """(spouse, owner) of a clause someone else wrote (`writer_of`): their "I", "my" and
    "mine" are theirs, in the clause or earlier in its sentence (`before`: "I am being
    promoted; take-home will be 79k"), and a spouse writing "my husband's" means the user."""
    if spouse and writer == "spouse":
        return False, ""
    if owner == "" and not spouse and (_NAMES_SELF.search(clause) or _NAMES_SELF.search(before)):
        return (True, "spouse") if writer == "spouse" else (False, writer)
    return spouse, owner
