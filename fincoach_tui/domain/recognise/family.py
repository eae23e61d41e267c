"""Family and dependants: spouse (and whether they earn), children (how many, their names),
parents or others who depend on the user, a retirement age. Pure.

Found by the shape of what is said, in English and the Hindi and regional words for kin
people use: "two kids", "our daughter Ira is 7 months old", "one son, Dev, aged 5", "son
is 15 and daughter is 11", "3 bachche hain", "wife doesn't work", "I'm a single mother",
"my mother lives with us", "dependent parents", "amma and nanna ... are dependent on us".
"""

from __future__ import annotations

import re

from fincoach_tui.domain.number_words import NUMBER, count_value
from fincoach_tui.domain.own_words import with_own_words
from fincoach_tui.domain.recognise.city_names import is_place
from fincoach_tui.domain.recognise.costs import GIVEN_TO
from fincoach_tui.domain.recognise.goals import RETIRE_AGE
from fincoach_tui.domain.recognise.kin_words import (
    ELDERS_SAID,
    SIBLINGS_AND_OTHERS,
    elders_living_with_user,
)
from fincoach_tui.domain.recognise.words import (
    NOT_NAMES,
    OTHER_PEOPLE,
    SPOUSE_WORDS,
    first_group,
)

_SPOUSE = re.compile(
    r"\b(?:i'm|i am|we're|we are|got)\s+(?:happily\s+)?(?P<m>married|single|divorced|engaged)\b"
    rf"|\b(?:my|our)\s+(?P<s>{SPOUSE_WORDS})\b"
    # opening the sentence, or a list after a dash or a colon ("3 dependants — wife and ...")
    rf"|(?:^|\s[—–-]+\s|:\s)\W*(?P<s2>{SPOUSE_WORDS})(?:'s)?\b"
    r"|(?<!un)(?<!not )(?<!getting )(?<!get )\b(?P<m2>married)\b(?!\s+(?:next|in|this|soon))",
    re.IGNORECASE,
)
# The spouse's name after the word ("my wife Komal"), or before it: "Anjali's (wife) is
# 1.05 lakh", "Anjali (my wife)", "Anjali, my wife,". The name after wins: in "Bapuji and
# Ba, my wife Komal" the name before the comma is the list's.
_SPOUSE_NAME_AFTER = re.compile(r"\b(?i:wife|husband|partner|spouse),?\s+(?P<name>[A-Z][a-z]+)\b")
_SPOUSE_NAME = re.compile(
    rf"{_SPOUSE_NAME_AFTER.pattern}"
    r"|\b(?P<name2>[A-Z][a-z]+)(?:'s)?\s*(?:\(\s*|,\s+)(?i:my\s+|the\s+)?"
    r"(?i:wife|husband|partner|spouse)\b"
)
_CHILD_WORDS = (
    r"kids?|children|child|sons?|daughters?|babies|baby|bachche|bacche|bachhe|bachon|bachcha|"
    r"betiyan|betiyaan|beti|bete|beta|ladkiyan|ladke"
)
_HINDI_CHILD = {"bachche": "child", "bacche": "child", "bachhe": "child", "bachon": "child"}
_HINDI_CHILD |= {"bachcha": "child", "betiyan": "daughter", "betiyaan": "daughter"}
_HINDI_CHILD |= {"beti": "daughter", "bete": "son", "beta": "son", "ladkiyan": "daughter"}
_HINDI_CHILD |= {"ladke": "son", "mula": "child", "mule": "child", "mulga": "son", "mulge": "son"}
_HINDI_CHILD |= {"mulgi": "daughter", "muli": "daughter", "chele": "son", "meye": "daughter"}
_HINDI_CHILD |= {"pasanga": "child", "pillaigal": "child", "kuzhandhaigal": "child"}
_CHILDREN = re.compile(
    r"(?:\b(?:have|with|got|raising)\s+(?P<n>a|an)|(?<![\d,.])\b(?P<n2>\d|no|twins?|"
    + NUMBER
    + r"))\s+"
    r"(?:(?:young|little|small|school-going|grown-up|\d{1,2}[- ](?:year|month)s?[- ]old)\s+)?"
    r"(?P<w>" + _CHILD_WORDS + r")\b",
    re.IGNORECASE,
)
# Children the user teaches or minds, not their own: "Ten kids joined my dance class", "I
# coach 8 kids", "five children come for tuition", "12 children attend my daycare", "ten
# bachche aate hain tuition ke liye" (the user's own are "my kids", "we have 3 kids").
_CLASS = (
    r"class(?:es)?|batch(?:es)?|tuitions?|coaching|academy|studio|daycare|creche|"
    r"lessons?|sessions?|training|workshop|camp|team|centre|center|dance|yoga|music|art"
)
_TEACHES = re.compile(
    r"\b(?:teach|teaches|teaching|coach|coaches|coaching|train|trains|training|tutor|tutors|"
    r"tutoring|mind|minding|look\s+after)\s+(?:about\s+|around\s+)?$",
    re.IGNORECASE,
)
_JOIN_CLASS = re.compile(
    r"(?:\s+(?:new|more|other|regular|extra|local))?\s+"
    r"(?:joined|enrolled|signed\s+up|registered|dropped|left|quit|attend|attended|come|came|"
    r"aate|aati|aaye|(?:are\s+|were\s+)?in(?=\s+(?:my|our)\b))\b"
    rf"(?=[^.;!?]{{0,30}}?\b(?:{_CLASS})\b)",
    re.IGNORECASE,
)

# Children counted as a class's, with no verb: "4 bacche in the morning batch", "12 kids per
# batch", "8 students-like kids in each class", "6 bacche batch mein"; or the class said
# first: "morning batch me 4 bacche", "evening batch: 6 kids", "is batch mein ab 7 bacche".
_IN_CLASS = re.compile(
    r"\s+(?:(?:in|per|for|of|at|from)\s+(?:(?:the|my|our|a|each|every|one|this|that)\s+)?"
    rf"(?:\w+\s+)?(?:{_CLASS})\b|(?:\w+\s+)?(?:batch|class|tuition|coaching)\s+(?:mein|me|main|"
    r"ke|ki|mai)\b)",
    re.IGNORECASE,
)
_CLASS_BEFORE = re.compile(
    r"\bbatch(?:es)?\b[^.;!?]{0,40}$"
    r"|\b(?:class(?:es)?|tuitions?|coaching)\s*(?:mein|me|main|mai|:|-|has|have|had|pe|par)\s*"
    r"(?:(?:ab|now|abhi|also|bhi|total|only|sirf)\s+)*$",
    re.IGNORECASE,
)


def _pupils(children: re.Match[str]) -> bool:
    """Whether a count of children is of pupils: the user teaches them, or they joined or
    come to a class, and the sentence does not call them the user's own."""
    text = children.string
    if re.search(r"\b(?:my|our|hamare|mere)\s+$", text[: children.start()], re.I):
        return False
    if _CLASS_BEFORE.search(text, 0, children.start()):
        return True  # "in the Saturday batch I have 9 kids"
    if re.search(r"\bhave\s+$", text[: children.start()], re.I):
        return False
    return bool(
        _TEACHES.search(text[: children.start()])
        or _JOIN_CLASS.match(text, children.end())
        or _IN_CLASS.match(text, children.end())
    )


# Hindi counts before the Hindi words for children: "do bachche", "teen betiyan".
# And the counts and words of Marathi ("don mula", "ek mulgi"), Bengali ("dui chele", "ek
# meye") and Tamil ("rendu pasanga").
_HINDI_COUNT = {"ek": 1, "do": 2, "teen": 3, "char": 4, "chaar": 4, "paanch": 5}
_HINDI_COUNT |= {"don": 2, "dui": 2, "tin": 3, "pach": 5, "rendu": 2, "moonu": 3}
_HINDI_CHILDREN = re.compile(
    r"\b(?P<n2>ek|do|don|dui|teen|tin|chaa?r|paanch|pach|rendu|moonu)\s+"
    r"(?P<w>bachche|bacche|bachhe|bachcha|betiyan|betiyaan|beti|bete|beta|ladkiyan|ladke|"
    r"mula|mule|mulga|mulge|mulgi|muli|chele|meye|pasanga|pillaigal|kuzhandhaigal)\b",
    re.IGNORECASE,
)
# An age is a small whole number: never an amount ("Tuition is 8,000", "Rent is 12.5k",
# "Fees are 8 thousand"), which has separators, decimals, a unit or a currency.
_AGE = (
    r"\d{1,2}\b(?![,.]\d)(?!\s*(?:%|k\b|l\b|lakhs?|lacs?|thousand|hazaa?r|cr\b|crores?|"
    r"rs\b|rupees|inr|[₹$£€]))"
)
# A child's name: "our daughter Ira", "one son, Dev, aged 5", "two daughters, Anna is 12".
_CHILD_NAME = re.compile(
    r"\b(?i:sons?|daughters?|kids?|children|child|baby)\b,?\s+(?:(?i:named|called)\s+)?"
    r"(?P<name>[A-Z][a-z]+)\b(?!\s+(?i:loan|school|fund))"
    # not a thing with its amount: "one son, Tuition is 8,000", "two kids, Rent 12.5k"
    rf"(?!\s*(?i:is|are|was|:|=)?\s*(?:[₹$£€]\s*|(?i:rs|inr)\.?\s*)?(?!{_AGE})\d)"
    rf"|\b(?P<name2>[A-Z][a-z]+)\s+(?i:is|aged)\s+{_AGE}(?!\s*years? (?:old )?(?:fd|loan))"
)
# Children listed with their ages: "son is 15 and daughter is 11".
_CHILD_AGED = re.compile(
    rf"\b(?P<w>sons?|daughters?|kids?|child)\s+(?:is|aged|who is)\s+(?P<age>{_AGE})", re.I
)
_ONE_CHILD = re.compile(r"\b(?:our|my)\s+(?P<w>son|daughter|kid|child|baby)\b", re.I)
_SINGLE_PARENT = re.compile(r"\bsingle\s+(?P<who>mother|mom|mum|father|dad|parent)\b", re.I)
# A spouse who does not earn: "wife doesn't work", "husband is a homemaker".
_NOT_EARNING = re.compile(
    r"\b(?:wife|husband|spouse|partner|she|he)\s+(?:(?:does\s*n[o']?t|doesnt|is\s*n[o']?t|isnt)\s+"
    r"(?:work|working|earn|earning)|is\s+(?:a\s+)?(?:homemaker|housewife|house\s*wife|"
    r"home\s*maker|stay-at-home)|stays\s+at\s+home|left\s+(?:her|his)\s+job)\b",
    re.IGNORECASE,
)
# "Kids: two", "children - 2": the count after the word, as in a list.
_CHILDREN_LISTED = re.compile(
    r"\b(?P<w>kids|children|sons|daughters)\s*[:=–-]\s*(?P<n2>\d|no|none|one|two|three|four)\b",
    re.IGNORECASE,
)
_EXPECTING = re.compile(
    r"\b(?:expecting|pregnant|due)\b[^.]*\b(?:baby|child|kid|twins|delivery)\b"
    r"|\b(?:we're|we are|wife is|i'm|i am)\s+(?:expecting|pregnant)\b",
    re.IGNORECASE,
)
_PARENT_OF = re.compile(
    r"\b(?:dad|father|mom|mum|mother|parent)\s+of\s+(?P<n2>\d|one|two|three|four)(?P<w>)", re.I
)
_PARENTS = re.compile(
    r"\b(?:support|supporting|look after|looking after|take care of|taking care of|"
    r"provide for|providing for)\s+(?:my\s+|our\s+)?(?:elderly\s+|retired\s+)?"
    r"(?P<who>parents|mother|father|mom|mum|dad|in-laws|mother-in-law|father-in-law)"
    r"|\b(?:my\s+|our\s+)(?P<who2>parents|mother|father|mom|mum|dad|in-laws)\s+"
    r"(?:depend|are dependent|is dependent|live with|lives with|stay with|stays with|rely on me)"
    r"|\b(?P<who3>mom and dad|mum and dad|my parents)\s+(?:rely|depend)\s+on\s+me"
    r"|\bdependent\s+(?P<who4>parents|mother|father|mom|dad|in-laws|mother-in-law|father-in-law)",
    re.IGNORECASE,
)
_DEPENDANTS = re.compile(
    r"\b(?P<n>\d|no|one|two|three|four|five)\s+dependa?e?nts?\b"
    r"|\b(?P<none>nobody|no one|no-one)\s+depends\s+on\s+me\b",
    re.IGNORECASE,
)
_ELDERS = re.compile(
    r"\b(?:parents|mother-in-law|father-in-law|in-laws|mother|father|mom|mum|dad|papa|mummy|"
    r"maa|ammi|abbu|abba|amma|nanna|appa|achan|aai|baba|pitaji|mataji|saas|sasur|sasu|sasra|"
    r"saasu|sasre|sasubai|grandparents|grandmother|grandfather|grandma|grandpa|nani|dadi)\b",
    re.IGNORECASE,
)
# An in-law pair in the user's language is both in-laws: "sasu-sasra", "saas sasur".
_IN_LAWS = {w for w, who in ELDERS_SAID.items() if who.endswith("-in-law")}
_DEPENDS = re.compile(
    r"\b(?:depend\w*|dependent|rel(?:y|ies) on (?:me|us)|(?:stays?|staying|lives?|living)\s+"
    r"with\s+(?:us|me)|moved\s+in\s+with\s+(?:us|me)|(?:our|my)\s+responsibility|"
    r"support(?:s|ing)?|look(?:s|ing)? after|tak(?:e|es|ing) care of|"
    r"on me\b|mujh\s*(?:pe|par|pr)|hum\s*(?:pe|par)|financially|send(?:s|ing)?\b[^.]*\bto)",
    re.IGNORECASE,
)
_OTHER_PERSON_FIRST = re.compile(rf"^\W*(?:my|our)\s+(?:{OTHER_PEOPLE})\b", re.I)


def family_facts(sentence: str) -> list[tuple[str, str]]:
    facts = []
    # The name right after the spouse's word first: in "Bapuji and Ba, my wife Komal" the
    # name before the comma is the list's, the wife is Komal.
    named = _SPOUSE_NAME_AFTER.search(sentence) or _SPOUSE_NAME.search(sentence)
    name = first_group(named, "name", "name2") if named else ""
    if name and name not in NOT_NAMES and not is_place(name):  # "in Vellore, husband ..."
        facts.append(("spouse_name", name))
    spouse = _SPOUSE.search(sentence)
    single = _SINGLE_PARENT.search(sentence)
    if single:
        facts.append(("family_spouse", f"single {single['who'].lower()}"))
    elif spouse:
        # The word said ("wife") says more than "married" and reads back the same way.
        said = (first_group(spouse, "m", "s", "s2") or "married").lower()
        said = "husband" if said == "hubby" else said
        if _NOT_EARNING.search(sentence) and said in ("wife", "husband", "spouse", "partner"):
            said += ", not earning"
        facts.append(("family_spouse", said))
    retire = RETIRE_AGE.search(sentence)
    if retire:
        facts.append(("retirement_age", retire.group(1)))
    if _EXPECTING.search(sentence):
        facts.append(("family_children", "expecting a baby"))
    children = next(
        (
            match
            for pattern in (_CHILDREN, _HINDI_CHILDREN, _CHILDREN_LISTED, _PARENT_OF)
            for match in pattern.finditer(sentence)
            if not _someone_elses(match)
        ),
        None,
    )
    if children and _pupils(children):
        pass  # "Ten kids joined my dance class": the user's pupils, not their children
    elif children:
        n = first_group(children, "n", "n2").lower().replace("none", "no")
        count = _count(n, _HINDI_COUNT.get(n, 2 if n.startswith("twin") else 1))
        word = children["w"].lower() or "child"
        word = _HINDI_CHILD.get(word, word)
        # "kids" stays kids: the user's word is the one they will ask in ("two kids")
        kind = "kid" if word.startswith("kid") else word.rstrip("s")
        kind = "child" if kind.startswith(("child", "bab")) else kind
        noun = (
            "children" if kind == "child" and count != 1 else (kind if count == 1 else kind + "s")
        )
        facts.append(("family_children", f"{count} {noun}{_names(sentence)}{_own_words(children)}"))
    elif _CHILD_AGED.search(sentence):  # "son is 15 and daughter is 11"
        aged = [f"{m['w'].lower()} ({m['age']})" for m in _CHILD_AGED.finditer(sentence)]
        facts.append(("family_children", ", ".join(aged)))
    elif _CHILD_NAME.search(sentence) and (one := _ONE_CHILD.search(sentence)):
        facts.append(("family_children", f"1 {one['w'].lower()}{_names(sentence)}"))
    parents = _PARENTS.search(sentence)
    living = elders_living_with_user(sentence)  # "Ma amader sathe thake", "papa bhi saath ..."
    if parents:
        who = first_group(parents, "who", "who2", "who3", "who4").lower()
        facts.append(("family_parents", f"supports {who}"))
    elif living:
        facts.append(("family_parents", with_own_words(f"supports {living[0]}", living[1])))
    elif (given := GIVEN_TO.search(sentence)) and given["parents"]:
        # Money sent to the parents named in the user's own words ("I give amma-appa 15k"):
        # they depend on the user, kept as the user calls them.
        facts.append(("family_parents", f"supports {given['parents']}"))
    elif _DEPENDS.search(sentence) and not _OTHER_PERSON_FIRST.match(sentence):
        # Whoever the sentence names depends on the user, in whichever order it says it:
        # "my mother stays with us, she depends on me", "Papa mummy dono mujh pe dependent".
        elders = list(dict.fromkeys(m.group(0).lower() for m in _ELDERS.finditer(sentence)))
        in_laws = [e for e in elders if e in _IN_LAWS]
        if {ELDERS_SAID[e] for e in in_laws} >= {"mother-in-law", "father-in-law"}:
            at = elders.index(in_laws[0])
            elders = [e for e in elders if e not in in_laws]
            elders.insert(at, f'in-laws ("{" ".join(in_laws)}")')
        if elders:
            facts.append(("family_parents", "supports " + " and ".join(elders)))
    dependants = _DEPENDANTS.search(sentence)
    if dependants:
        n = (dependants["n"] or "no").lower()
        count = _count(n, 1)
        facts.append(("dependants", str(count) if count else "no dependants"))
    return facts


# Whose children a count is: the clause before it names someone other than the user and
# the spouse as having them ("my sister has two kids", "bhaiya ke do bachche hain", "anna
# ku rendu pasanga", "his two kids"), with no "I" or "we" after that someone.
# ... as does a list's "+" or "&" ("me + mother (67) + twin daughters")
_CLAUSE_BREAK = re.compile(r"[,;:.!?+&]|\b(?:and|but|while|whereas|aur|par|lekin)\b", re.I)
_OTHERS_KIN = re.compile(
    rf"\b(?:{SIBLINGS_AND_OTHERS}|he|she|they|his|her|their|"
    r"(?!(?:it|that|what|there|here|let|who|he|she)'s)[a-z]+'s)\b",
    re.IGNORECASE,
)
_USER_AFTER = re.compile(
    r"\b(?:i|i'm|i've|im|me|we|we've|we're|us|our|mere|meri|hamare|humare|hamare|hum|"
    r"enakku|engalukku|naaku|maaku|nanage|namage|amar|amader|mala|amhala)\b",
    re.IGNORECASE,
)


def _someone_elses(children: re.Match[str]) -> bool:
    """Whether a count of children is someone else's, not the user's (`_OTHERS_KIN`)."""
    clause = _CLAUSE_BREAK.split(children.string[: children.start()])[-1]
    others = list(_OTHERS_KIN.finditer(clause))
    return bool(others) and not _USER_AFTER.search(clause, others[-1].end())


def _own_words(children: re.Match[str]) -> str:
    """The words the user counted their children in, as ' ("do bachche")', when the value
    says them otherwise: a count or a word for a child in their own language, or twins. The
    normalised count is what is compared; the user's words are what they will be asked in."""
    n = first_group(children, "n", "n2").lower()
    if (
        n not in _HINDI_COUNT
        and not n.startswith("twin")
        and children["w"].lower() not in _HINDI_CHILD
    ):
        return ""
    start = children.start("n2") if children["n2"] else children.start("n")
    return with_own_words("", children.string[start : children.end("w")])


def _count(said: str, otherwise: int) -> int:
    """The count `said` gives ("two", "3", "no": 0), or `otherwise` if it gives none."""
    value = count_value(said)
    return int(value or 0) if value is not None else otherwise


_MORE_NAMES = re.compile(r"(?:(?:,\s*|\s+and\s+|\s*&\s*)[A-Z][a-z]+\b)+")
_NAME = re.compile(r"[A-Z][a-z]+")


def _names(sentence: str) -> str:
    """The children's names the sentence gives, as " (Anna, Riya)"; "" if none."""
    names = []
    for match in _CHILD_NAME.finditer(sentence):
        more = _MORE_NAMES.match(sentence, match.end())  # "two kids, Aarav and Diya"
        found = [first_group(match, "name", "name2"), *_NAME.findall(more.group(0) if more else "")]
        for name in found:
            if name and name not in NOT_NAMES and name not in names:
                names.append(name)
    return f" ({', '.join(names)})" if names else ""
