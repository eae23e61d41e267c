"""The facts that are phrases rather than figures: name, city, family and dependants, risk
preference and its reason. Pure; see `finance_facts` for how they combine with figures."""

from __future__ import annotations

import re

from fincoach_tui.domain.number_words import count_value
from fincoach_tui.domain.recognise_goals import RETIRE_AGE

_NAME = re.compile(r"\b(?:I'm|I am|[Mm]y name is|[Tt]his is|[Cc]all me)\s+([A-Z][a-z]+)\b")
_NOT_NAMES = frozenset(
    "Not Just Also So Very Quite Still Now Currently Planning Looking Trying Saving Going "
    "Married Single Thinking Worried In From On At Here Back Sure Okay Ok Fine Good Happy "
    "Glad Paying Getting Earning Living Based Sorry A An The Really Pretty Rather Bit".split()
)


def name_facts(sentence: str) -> list[tuple[str, str]]:
    return [("name", m.group(1)) for m in _NAME.finditer(sentence) if m.group(1) not in _NOT_NAMES]


_SPOUSE = re.compile(
    r"\b(?:i'm|i am|we're|we are|got)\s+(?:happily\s+)?(?P<m>married|single|divorced|engaged)\b"
    r"|\b(?:my|our)\s+(?P<s>wife|husband|spouse|partner|hubby)\b"
    r"|^\W*(?P<s2>wife|husband|hubby|spouse|partner)(?:'s)?\b"
    r"|(?<!un)(?<!not )(?<!getting )(?<!get )\b(?P<m2>married)\b(?!\s+(?:next|in|this|soon))",
    re.IGNORECASE,
)
_SPOUSE_NAME = re.compile(r"\b(?i:wife|husband|partner|spouse),?\s+(?P<name>[A-Z][a-z]+)\b")
_NOT_A_NAME = frozenset("And Aur The Is Was Has Earns Gets Makes Works".split())
_CHILDREN = re.compile(
    r"(?:\b(?:have|with|got|raising)\s+(?P<n>a|an)|\b(?P<n2>\d|no|one|two|three|four))\s+"
    r"(?:(?:young|little|small|school-going|grown-up)\s+)?(?P<w>kids?|children|child|sons?|daughters?|babies|baby)\b",
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
    r"|\b(?P<who3>mom and dad|mum and dad|my parents)\s+(?:rely|depend)\s+on\s+me",
    re.IGNORECASE,
)
_DEPENDANTS = re.compile(
    r"\b(?P<n>\d|no|one|two|three|four|five)\s+dependa?e?nts?\b"
    r"|\b(?P<none>nobody|no one|no-one)\s+depends\s+on\s+me\b",
    re.IGNORECASE,
)
_ELDERS = re.compile(
    r"\b(?:parents|mother-in-law|father-in-law|in-laws|mother|father|mom|mum|dad|papa|mummy|"
    r"maa|ammi|abbu|grandparents|grandmother|grandfather|grandma|grandpa|nani|dadi)\b",
    re.IGNORECASE,
)
_DEPENDS = re.compile(
    r"\b(?:depend\w*|dependent|rel(?:y|ies) on (?:me|us)|(?:stays?|staying|lives?|living)\s+"
    r"with\s+(?:us|me)|support(?:s|ing)?|look(?:s|ing)? after|tak(?:e|es|ing) care of|"
    r"on me\b|mujh\s*(?:pe|par|pr)|hum\s*(?:pe|par)|financially|send(?:s|ing)?\b[^.]*\bto)",
    re.IGNORECASE,
)
_OTHER_PERSON_FIRST = re.compile(
    r"^\W*(?:my|our)\s+(?:friends?|colleagues?|neighbou?rs?|boss|manager|cousin)\b", re.I
)


def family_facts(sentence: str) -> list[tuple[str, str]]:
    facts = []
    named = _SPOUSE_NAME.search(sentence)
    if named and named["name"] not in _NOT_A_NAME:
        facts.append(("spouse_name", named["name"]))
    spouse = _SPOUSE.search(sentence)
    if spouse:
        # The word said ("wife") says more than "married" and reads back the same way.
        said = (spouse["m"] or spouse["s"] or spouse["s2"] or "married").lower()
        facts.append(("family_spouse", "husband" if said == "hubby" else said))
    retire = RETIRE_AGE.search(sentence)
    if retire:
        facts.append(("retirement_age", retire.group(1)))
    if _EXPECTING.search(sentence):
        facts.append(("family_children", "expecting a baby"))
    children = (
        _CHILDREN.search(sentence)
        or _CHILDREN_LISTED.search(sentence)
        or _PARENT_OF.search(sentence)
    )
    if children:
        n = (children.groupdict().get("n") or children["n2"]).lower().replace("none", "no")
        count = int(count_value(n) or 0) if count_value(n) is not None else 1
        word = children["w"].lower() or "child"
        kind = "child" if word.startswith(("kid", "child", "bab")) else word.rstrip("s")
        noun = (
            "children" if kind == "child" and count != 1 else (kind if count == 1 else kind + "s")
        )
        facts.append(("family_children", f"{count} {noun}"))
    parents = _PARENTS.search(sentence)
    if parents:
        who = (parents["who"] or parents["who2"] or parents["who3"]).lower()
        facts.append(("family_parents", f"supports {who}"))
    elif _DEPENDS.search(sentence) and not _OTHER_PERSON_FIRST.match(sentence):
        # Whoever the sentence names depends on the user, in whichever order it says it:
        # "my mother stays with us, she depends on me", "Papa mummy dono mujh pe dependent".
        who = list(dict.fromkeys(m.group(0).lower() for m in _ELDERS.finditer(sentence)))
        if who:
            facts.append(("family_parents", "supports " + " and ".join(who)))
    dependants = _DEPENDANTS.search(sentence)
    if dependants:
        n = (dependants["n"] or "no").lower()
        count = int(count_value(n) or 0) if count_value(n) is not None else 1
        facts.append(("dependants", str(count) if count else "no dependants"))
    return facts


_RISK = re.compile(
    r"\b(?P<risk>(?:(?:very|quite|a bit|a little|fairly|somewhat|rather|pretty|extremely|really)\s+)?"
    r"(?:risk[- ]averse|risk[- ]taker|conservative|cautious|aggressive|"
    r"moderate(?:[- ]risk|ly aggressive)|balanced(?= investor| approach| portfolio| risk)|"
    r"(?:high|low|medium|moderate)[- ]risk(?:[- ](?:appetite|tolerance|investor|profile|taker))?)"
    r"|(?:can(?:'t|not)|cant|don't|dont|do not)\s+(?:stomach|handle|take|tolerate|like)\s+"
    r"(?:much\s+|any\s+|a lot of\s+)?risks?"
    # "my risk tolerance is fairly high", "risk appetite is high-ish"
    r"|(?<=risk )(?:appetite|tolerance|profile)\s+(?:is\s+)?(?:(?:fairly|quite|very|pretty|rather)\s+)?"
    r"(?:high|low|medium|moderate)(?:-ish)?"
    r"|comfortable with (?:high |some |a lot of )?risk|play(?:ing)? it safe)\b"
    # "moderate", "balanced" alone say a risk level only where money or risk is the subject
    r"|\b(?P<mild>moderate|balanced|middle[- ]of[- ]the[- ]road)\b"
    r"(?=[^.?!]*\b(?:risk|invest\w*|money|approach)\b|\s+(?:with|when)\s)"
    r"|\b(?:risk|approach) is (?P<mild2>moderate|balanced|middle[- ]of[- ]the[- ]road)\b"
    r"|\b(?:i'm|i am)\s+(?:\w+\s+)?(?P<mild3>moderate|balanced|middle[- ]of[- ]the[- ]road)\b"
    r"|^\W*(?P<mild4>moderate|balanced|middle[- ]of[- ]the[- ]road)\W*$"
    r"|\brisk\b[^.?!]{0,40}?\b(?P<mild5>moderate|balanced|middle[- ]of[- ]the[- ]road)\b",
    re.IGNORECASE,
)
_QUALIFIER = re.compile(
    r"^(?:very|quite|a bit|a little|fairly|somewhat|rather|pretty|extremely|really)\s+", re.I
)
_REASON_AFTER = re.compile(
    r"^\W*(?:(?:investor|person|with (?:my )?money|by nature|about (?:investing|money))\b)?\s*"
    r"(?:[,:;—–-]\s*|\s+)(?:(?:because|since|as|cause|coz|ever since|kyunki|kyonki)\s+)(?P<r>.{6,})"
    r"|^\W*(?:(?:investor|person|with (?:my )?money|by nature|when investing)\b)?\s*"
    r"[:—–]\s*(?P<r2>.{6,})",
    re.IGNORECASE,
)
_REASON_LATER = re.compile(r"\b(?:because|since|kyunki|kyonki|coz)\s+(?P<r>.{6,})", re.I)
_REASON_BEFORE = re.compile(
    r"^\s*(?:after|since|because|having|ever since|given that)\s+(?P<r>[^,]{6,}),", re.IGNORECASE
)
# A next sentence about a loss or a fear is the reason for a cautious or middling stance.
_FEAR = re.compile(
    r"\b(?:crash\w*|lost|losing|loss|scared|scary|burnt|burned|panic\w*|sleep|worr\w+|fear\w*|"
    r"nervous|anxious|wiped|collapse\w*|sold everything|no one to support|dependants?|"
    r"(?:19|20)\d\d)\b",
    re.IGNORECASE,
)
_REASON_NEXT = re.compile(
    r"^\s*(?:because|i lost|we lost|my (?:father|dad|mother|mom|parents|family)|losing|"
    r"last time|in (?:19|20)\d\d|back in|i saw|i've seen|i have seen|i got burnt|i got burned)\b",
    re.IGNORECASE,
)


def risk_facts(sentence: str, question: bool, following: str = "") -> list[tuple[str, str]]:
    """The risk preference a statement gives, and its reason where one is stated with it
    ("because ...", "... : I lose sleep when markets fall", "After losing money in 2020, ...",
    or a next sentence that starts like a reason)."""
    if question:
        return []
    match = _RISK.search(sentence)
    if not match:
        return []
    groups = match.group("risk", "mild", "mild2", "mild3", "mild4", "mild5")
    said = next((g for g in groups if g), "")
    said = re.sub(r"^(?:appetite|tolerance|profile)\s+(?:is\s+)?", "", said, flags=re.I)
    risk = _QUALIFIER.sub("", said.lower()).replace("risk averse", "risk-averse")
    if risk in ("high", "low", "medium", "moderate", "high-ish", "low-ish"):
        risk = said.lower()  # "fairly high": the qualifier is the level
    facts = [("risk", risk)]
    after = _REASON_AFTER.match(sentence[match.end() :]) or _REASON_LATER.search(
        sentence, match.end()
    )
    before = _REASON_BEFORE.match(sentence[: match.start()])
    reason = ""
    if after:
        reason = after.groupdict().get("r") or after.groupdict().get("r2") or ""
    elif before:
        reason = before.group(0).strip().rstrip(",")
    elif _FEAR.search(sentence, match.end()):  # "..., one time i lost 20k in trading"
        reason = sentence[match.end() :].strip(" ,;:-—–.").removeprefix("at all").strip(" ,")
    elif following and (
        _REASON_NEXT.match(following)
        or _FEAR.search(following)
        or sentence.rstrip().endswith((";", ":"))
        or len(sentence.split()) <= 3  # "risk appetite? cautious. Market drops scare me."
    ):
        reason = following
    reason = " ".join(reason.replace(";", ",").split()).rstrip(".!")
    if reason:
        facts.append(("risk_reason", reason[:160]))
    return facts
