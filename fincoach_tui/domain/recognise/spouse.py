"""Whether a clause is about the spouse or opens with someone else.

"my wife's salary", "Husband earns", and once the spouse is known "his take-home" or
"Sneha gets 68k" are the spouse's; "Lakshmi gets 95k" or "my parents ..." open with a
person of their own, so such a clause does not continue the one before it.
"""

from __future__ import annotations

import re

from fincoach_tui.domain.recognise.owners import OWNER_WORDS
from fincoach_tui.domain.recognise.words import SPOUSE_WORDS

# (after a list's number or letter: "(2) my wife ...", "b) husband ...")
_SPOUSE_SUBJECT = re.compile(
    rf"^\W*(?:\(?(?:\d{{1,2}}|[a-h])[.)]\s*)?(?:(?:my|our|the)\s+)?(?:{SPOUSE_WORDS})(?:'s)?\b",
    re.I,
)
_SPOUSE_PRONOUN = {
    "husband": r"he|his|him",
    "wife": r"she|her|hers",
    "partner": r"he|his|she|her|hers",
}


# The spouse's, in an Indian language's possessive, opening a clause: Marathi "navryacha",
# "bayko chi", Hindi "pati ka", "biwi ki", Punjabi "ghar aali di", Bengali "bor er".
_SPOUSES_SAID = re.compile(
    r"^\W*(?:(?:maza|majha|maze|majhe|mera|meri|mere|amar|maro|mari|mera)\s+)?"
    r"(?:navr(?:y|ya)?|bayko|bayku|baiko|biwi|bibi|patni|pati|ghar\s*(?:wal|aal)[aie]|"
    r"gharwal[aie]|ghorwali|bor|bou|mister|missus)"
    r"\s*(?:cha|chi|che|chya|ka|ki|ke|da|di|de|er|ra|no|ni|nu)\b",
    re.IGNORECASE,
)


def spouse_subject(clause: str, spouse: str, name: str = "") -> bool:
    """Whether the clause is about the spouse: "my wife's salary", "Husband earns",
    "navryacha utpanna", and, once the spouse is known, "his take-home", "Sneha gets 68k"."""
    if _SPOUSE_SUBJECT.match(clause) or _SPOUSES_SAID.match(clause):
        return True
    if name and re.match(rf"^\W*(?:(?:and|but|so|ab|now)\s+)?{re.escape(name)}\b", clause):
        return True
    pronouns = _SPOUSE_PRONOUN.get(spouse)
    if pronouns and re.match(rf"^\W*(?:{pronouns})\b", clause, re.IGNORECASE):
        return True
    # Whose pay, said anywhere in the clause: "Correction: Hetal's net income is 1.04L now".
    owners = [r"(?:wife|husband|hubby|spouse|partner)'s"]
    if name:
        owners.append(rf"{re.escape(name)}'s")
    if spouse in ("wife", "partner"):
        owners.append("her")
    if spouse in ("husband", "partner"):
        owners.append("his")
    return bool(re.search(rf"\b(?:{'|'.join(owners)})\s+{_PAY}", clause, re.IGNORECASE))


_PAY = (
    r"(?:\w+\s+){0,2}?(?:salary|income|pay|take[- ]?home|in[- ]hand|ctc|package|earnings|"
    r"stipend|pension)\b"
)


# A clause that starts with someone else ("hers is 96k", "Lakshmi gets 95k", "Arjun's is
# 1.3 lakh", "my wife earns 80k") has a subject of its own: it does not continue the clause
# before it, even when it names no kind.
PERSON_FIRST = re.compile(
    r"^\W*(?:(?:and|but|while|whereas)\s+)?(?:(?i:he|she|his|hers|her|they|their)\b"
    r"|(?i:(?:my|our|the)\s+)?(?i:wife|husband|hubby|spouse|partner)\b"
    r"|(?i:(?:my|our|the)\s+[a-z]+'s\b)"
    r"|(?i:(?:my|our)\s+(?:sons?|daughters?|kids?|children|parents|mother|father|mom|dad)\b)"
    r"|[A-Z][a-z]+(?:'s\b|\s+(?:gets|earns|makes|has|takes|draws|brings|is|was)\b))"
)


# "Sneha switched jobs, ab uska in-hand 81k hai": a later clause of a sentence about the
# spouse, starting with a pronoun, is about the spouse too.
SPOUSE_PRONOUN_NEXT = re.compile(
    r"^\W*(?:(?:and|but|so|ab|now)\s+)?(?:uska|uski|unka|unki|her|his|she|he)\b", re.IGNORECASE
)


# News of the spouse's work, the spouse its subject: "Shafeeq promoted to bosun!!", "wife got
# a raise", "biwi ka promotion hua", "husband switched jobs".
_WORK_NEWS = re.compile(
    r"\b(?:promoted|promotion|raise|hike|increment|appraisal|new\s+job|"
    r"(?:switched|changed)\s+(?:jobs?|companies|company)|made\s+permanent|naukri\s+(?:lagi|mili))\b",
    re.IGNORECASE,
)
# The user in the first person, in English and romanised Hindi: then the pay may be theirs.
_USER_SPEAKS = re.compile(
    r"\b(?:i|i'm|im|my|me|mine|meri|mera|mere|main|mujhe|apni|apna)\b", re.IGNORECASE
)
_BARE_PAY = re.compile(r"^salary(?:_expected|_from)?$")


def spouse_news_pay(
    found: list[tuple[str, str]], sentences: list[str], spouse_name: str
) -> list[tuple[str, str]]:
    """`found`, a message's facts, with a pay said bare after news of the spouse's work as
    the spouse's: "Shafeeq promoted to bosun!! salary approx 36,500 now", "Wife got a raise.
    Salary 90k now". A message where the user speaks of themselves is left as it is."""
    name = rf"|{re.escape(spouse_name)}" if spouse_name else ""
    for index, sentence in enumerate(sentences):
        spouse = rf"(?:my|our|meri|mera)\s+)?(?:{OWNER_WORDS['spouse']}{name})"
        subject = re.match(rf"^\W*(?:{spouse}\b", sentence, re.IGNORECASE)
        if subject and _WORK_NEWS.search(sentence) and not re.search(r"\d", sentence):
            rest = " ".join(
                sentences[:index] + [sentence[subject.end() :]] + sentences[index + 1 :]
            )
            if _USER_SPEAKS.search(rest):
                return found
            return [(f"spouse_{k}" if _BARE_PAY.match(k) else k, v) for k, v in found]
    return found
