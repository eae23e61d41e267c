"""The facts that are phrases rather than figures: name, risk preference and its reason.
(City and family are in `recognise_places` and `recognise_family`.) Pure; see
`finance_facts` for how they combine with figures."""

from __future__ import annotations

import re

_NAME = re.compile(r"\b(?:I'm|I am|[Mm]y name is|[Tt]his is|[Cc]all me)\s+([A-Z][a-z]+)\b")
_NOT_NAMES = frozenset(
    "Not Just Also So Very Quite Still Now Currently Planning Looking Trying Saving Going "
    "Married Single Thinking Worried In From On At Here Back Sure Okay Ok Fine Good Happy "
    "Glad Paying Getting Earning Living Based Sorry A An The Really Pretty Rather Bit".split()
)


def name_facts(sentence: str) -> list[tuple[str, str]]:
    return [("name", m.group(1)) for m in _NAME.finditer(sentence) if m.group(1) not in _NOT_NAMES]


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
