"""Who the user's household is, when they list it: "me, my wife, two kids and my mother",
"mi, bayko, don mula, ani aai" (Marathi), "main, biwi, do bachche aur ammi" (Hindi). Pure.

The family facts keep a count of children and whether a spouse or parent depends on the
user; a list of the household says more (who, how many, in the user's own words), and a
later list replaces it. It is kept as said, with the headcount said before it ("5 jan",
"we are four"), under `family_household`.
"""

from __future__ import annotations

import re

from fincoach_tui.domain.number_words import NUMBER
from fincoach_tui.domain.recognise.words import OTHER_PEOPLE, SPOUSE_WORDS

# The people of a household, in English and the Indian words for kin people use.
_SELF = r"me|myself|i|mi|main|mai|mee|naan|nenu|ami|aami"
_KIN = (
    rf"{SPOUSE_WORDS}|bayko|baiko|biwi|bibi|patni|pati|navra|gharwali|gharwala|"
    r"kids?|children|child|sons?|daughters?|bab(?:y|ies)|twins|"
    r"bachche|bacche|bachhe|beta|beti|bete|betiyan|mula|mule|mulga|mulgi|muli|chele|meye|"
    r"pasanga|mother-in-law|father-in-law|parents|mother|father|mom|mum|dad|papa|mummy|maa|ammi|abbu|abba|amma|appa|"
    r"nanna|achan|aai|baba|ma|dada|dadu|boudi|bhabhi|bhaiya|in-laws|saas|sasur|grand(?:mother|father|"
    r"ma|pa|parents)|nani|dadi|brother|sister|bhai|behen|didi"
)
_COUNT_WORDS = r"\d{1,2}|a|an|one|two|three|four|ek|do|don|dui|teen|tin|rendu|" + NUMBER
_MEMBER = re.compile(
    rf"\b(?:(?:my|our|the|their|his|her)\s+)?(?:(?:{_COUNT_WORDS})\s+)?(?:(?:{_KIN})|(?:{_SELF}))\b"
    r"(?:\s+(?:ji|jee))?"  # "maa ji": the respect said after a name of kin
    r"(?:\s*\([^)]{0,20}\))?"  # "aai (mother)", "son (14)", "dada (elder brother)"
    r"(?-i:\s+[A-Z][a-z]+\b)?",  # "my wife Rupa"
    re.IGNORECASE,
)
_SELF_ONLY = re.compile(rf"^(?:{_SELF})\b(?:\s*\([^)]*\))?(?-i:\s+[A-Z][a-z]+)?$", re.IGNORECASE)
# Which family fact already says a member is there: the spouse, the children, the parents.
_COVERED_BY = {
    "family_spouse": re.compile(rf"\b(?:{SPOUSE_WORDS})\b", re.I),
    "family_children": re.compile(
        r"\b(?:kids?|children|child|sons?|daughters?|bab(?:y|ies)|twins|bachche|bacche|"
        r"bachhe|beta|beti|bete|betiyan|mula|mule|mulga|mulgi|muli|chele|meye|pasanga)\b",
        re.I,
    ),
    "family_parents": re.compile(r"\b(?:parents|mother|father|mom|mum|dad|in-laws)\b", re.I),
}
# What stands between two members of a list: a comma, "and", and "and" in Indian languages.
_BETWEEN = re.compile(r"^\s*(?:,|&|\+|/)?\s*(?:(?:and|ani|aani|aur|ar|o|mattu|um)\s+)?$", re.I)
# The headcount said before the list: "5 jan", "we are four", "char log", "family of 5".
_HEADS = rf"\d{{1,2}}|{NUMBER}|teen|tin|char|chaar|paach|pach|paanch|chhe|cheh|saat|aath"
_HEADCOUNT = re.compile(
    rf"\b(?:(?:{_HEADS})\s+(?:jan|jana|jann|log|lok|people|members|of us)"
    rf"|(?:we are|we're|family of)\s+(?:{_HEADS}))\b",
    re.IGNORECASE,
)


# A list of the people a policy covers, or a nominee, is not said to be the household.
_INSURED = re.compile(r"\b(?:cover\w*|insur\w*|floater|polic(?:y|ies)|nominees?)\b", re.I)


# A household said by its kind: "we are a joint family", "joint family mein rehte hain".
_KIND = re.compile(r"\b(?:joint|nuclear|extended)\s+family\b", re.IGNORECASE)
_OTHERS_KIND = re.compile(rf"\b(?:{OTHER_PEOPLE}|his|her|their)\b", re.IGNORECASE)


# The headcount said on its own, with a word that makes it the household's: "kul paanch
# log", "total 4 members", "we are five in all", "hum chaar log hain ghar mein", "family of
# six", "there are 5 of us". A count of people with none of these ("5 people came"), a
# budget's ("for the two of us") and the people who share a flat are not.
_ALONE = re.compile(
    rf"\b(?:(?:kul|total|in all|altogether)\s+)?(?:(?:sab\s+)?milake\s+)?(?:{_HEADS})\s+"
    r"(?:jan|jana|jann|log|lok|people|persons|members)\b"
    rf"|\b(?:there are|we are|we're|total|kul|in all)\s+(?:{_HEADS})\s+of us\b"
    rf"|\b(?:{_HEADS})\s+of us\s+(?:at home|in the family|in the house|in all)\b"
    rf"|\b(?:we are|we're|we r|family of|hum(?:\s+log)?)\s+(?:{_HEADS})"
    # "we are 4 in all" or "we are four." but not "we are 35 and 32", "hum 5 saal se"
    r"(?=\s+(?:jan|log|people|members|in all|at home|in the family|hain|hai)\b|\s*(?:[.,!;:]|$))"
    r"(?:\s+(?:jan|log|people|members))?",
    re.IGNORECASE,
)
_HOUSEHOLD_CUE = re.compile(
    r"\b(?:kul|total|in all|altogether|milake|ghar|home|house|household|family|parivar|"
    r"pariwar|we are|we're|we r|hum|there are)\b",
    re.IGNORECASE,
)
_ONE = re.compile(r"\b(?:one|ek|1)\b", re.IGNORECASE)
_SHARERS = re.compile(
    r"\b(?:room\s*partners?|room-?mates?|flat-?mates?|pg|hostel|share|shares|sharing|hissa|"
    r"split|budget)\b",
    re.IGNORECASE,
)


def household_facts(sentence: str, family: list[tuple[str, str]]) -> list[tuple[str, str]]:
    """The household a sentence lists (three or more people, two or more of them kin), as
    `("family_household", "<the list as said> (<headcount>)")`; none when the sentence's
    `family` facts already say who each of them is ("my wife and two kids, and I"). A
    household said by its kind ("a joint family"), not someone else's, is kept as that."""
    kind = _KIND.search(sentence)
    if kind and _OTHERS_KIND.search(sentence, 0, kind.start()):
        kind = None
    listed = _listed(sentence, family, kind.group(0).lower() if kind else "")
    if listed:
        return listed
    if not kind:
        return _headcount_alone(sentence)
    return [("family_household", kind.group(0).lower())]


def _listed(sentence: str, family: list[tuple[str, str]], kind: str) -> list[tuple[str, str]]:
    """The household the sentence lists, with its headcount, else its `kind`, after it."""
    members = [m for m in _MEMBER.finditer(sentence) if m.group(0).strip()]
    best: list[re.Match[str]] = []
    run: list[re.Match[str]] = []
    for member in members:
        if run and _BETWEEN.match(sentence[run[-1].end() : member.start()]):
            run.append(member)
        else:
            run = [member]
        if len(run) > len(best):
            best = list(run)
    kin = [m for m in best if not _SELF_ONLY.match(m.group(0).strip())]
    if len(best) < 3 or len(kin) < 2:
        return []
    if _INSURED.search(sentence[: best[0].start()]):
        return []
    said = {key for key, _ in family}
    covered = [pattern for key, pattern in _COVERED_BY.items() if key in said]
    if all(any(p.search(m.group(0)) for p in covered) for m in kin):
        return []
    listed = sentence[best[0].start() : best[-1].end()].strip()
    headcount = _HEADCOUNT.search(sentence[: best[0].start()])
    counted = headcount.group(0) if headcount else kind
    value = f"{listed} ({counted})" if counted else listed
    return [("family_household", value)]


def _headcount_alone(sentence: str) -> list[tuple[str, str]]:
    """The household's size said with no list: "kul paanch log", "we are four in all"."""
    alone = _ALONE.search(sentence)
    if alone is None or _ONE.search(alone.group(0)) or not _HOUSEHOLD_CUE.search(sentence):
        return []
    if _SHARERS.search(sentence):
        return []  # "ab hum 2 log, mera hissa 6,000": who share a flat
    if _INSURED.search(sentence) or _OTHERS_KIND.search(sentence, 0, alone.start()):
        return []  # "the policy covers 4 members", "their family of six"
    return [("family_household", alone.group(0).lower())]
