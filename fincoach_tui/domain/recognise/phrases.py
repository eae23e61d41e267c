"""The facts that are phrases rather than figures: name, risk preference and its reason.
(City and family are in `recognise_places` and `recognise_family`.) Pure; see
`finance_facts` for how they combine with figures."""

from __future__ import annotations

import re

from fincoach_tui.domain.own_words import QUOTE_WORDS, with_own_words
from fincoach_tui.domain.recognise.clauses import anchors_in
from fincoach_tui.domain.recognise.stance_words import INDIAN_STANCES, indian_stance, stance_heard
from fincoach_tui.domain.recognise.words import NOT_NAMES, first_group

_NAME = re.compile(r"\b(?:I'm|I am|[Mm]y name is|[Tt]his is|[Cc]all me)\s+([A-Z][a-z]+)\b")


def name_facts(sentence: str) -> list[tuple[str, str]]:
    return [("name", m.group(1)) for m in _NAME.finditer(sentence) if m.group(1) not in NOT_NAMES]


# What falls: the words for money going down, and for the feeling it gives.
_FALLS = (
    r"(?:losing|lose|loss(?:es)?|dips?|drops?|falls?|crash(?:es)?|swings?|ups and downs|"
    r"go(?:es|ing)?\s+down|"
    r"volatility|red|the market (?:falling|dropping|crashing)|markets? (?:falling|dropping|"
    r"crashing))"
)
_UNEASE = r"(?:sick|nervous|anxious|uneasy|jittery|queasy|scared|panic(?:ky)?|restless)"
_LOSS_FEAR = (
    rf"(?:the\s+)?(?:thought|idea)\s+of\s+(?:\w+\s+){{0,3}}?{_FALLS}\b[^.;!?]{{0,30}}?"
    rf"(?:makes?|gives?)\s+me\s+(?:feel\s+)?(?:\w+\s+)?{_UNEASE}"
    rf"|(?:i'd|i\s+would|i\s+will|i'll|i)\s+(?:totally\s+|probably\s+|just\s+)?"
    r"(?:panic|freak(?:\s+out)?|lose\s+it|break\s+down)\s+(?:if|when|seeing)"
    rf"|{_FALLS}\s+(?:\w+\s+){{0,4}}?(?:makes?|make|gives?)\s+me\s+(?:feel\s+)?{_UNEASE}"
    rf"|(?:get|gets|getting|feel|am|i'm)\s+(?:really\s+|very\s+|so\s+)?{_UNEASE}\s+"
    r"(?:when|if|seeing|about)\s+(?:\w+\s+){0,3}?(?:money|markets?|portfolio|savings|"
    r"investments?|it|prices?)\s+(?:go(?:es)?\s+down|falls?|drops?|dips?|crash(?:es)?)"
    rf"|(?:can't|cannot|cant|couldn't)\s+(?:bear|stand|handle|take)\s+(?:to\s+)?"
    rf"(?:see\s+|seeing\s+)?(?:\w+\s+){{0,2}}?{_FALLS}"
    rf"|hate\s+(?:to\s+)?(?:see\s+|seeing\s+)?(?:\w+\s+){{0,2}}?{_FALLS}"
)
_LOSS_EASE = (
    rf"(?:don't|do\s+not|dont|never)\s+(?:really\s+)?(?:mind|worry\s+about|care\s+about|"
    rf"lose\s+sleep\s+over)\s+(?:seeing\s+)?(?:some\s+|short[- ]term\s+|the\s+)?{_FALLS}"
    rf"|{_FALLS}\s+(?:don't|doesn't|do\s+not|does\s+not|never)\s+(?:really\s+)?"
    r"(?:bother|scare|worry|faze|rattle)\s+me"
    rf"|(?:ok(?:ay)?|fine|comfortable|cool|at\s+ease)\s+(?:with|seeing)\s+"
    rf"(?:some\s+|short[- ]term\s+|big\s+|the\s+)?{_FALLS}"
    rf"|can\s+ride\s+out\s+(?:the\s+|any\s+)?{_FALLS}"
)
_RISK = re.compile(
    r"\b(?P<risk>(?:(?:very|quite|a bit|a little|fairly|somewhat|rather|pretty|extremely|really|"
    r"full|ekdum|ekdam|bilkul)\s+)?"
    r"(?:risk[- ]averse|risk[- ]taker|conservative|cautious|aggressive|"
    r"moderate(?:[- ]risk|ly aggressive)|balanced(?= investor| approach| portfolio| risk)|"
    r"(?:high|low|medium|moderate)[- ]risk(?:[- ](?:appetite|tolerance|investor|profile|taker))?)"
    r"|(?:can(?:'t|not)|cant|don't|dont|do not)\s+(?:want\s+to\s+)?(?:stomach|handle|take|"
    r"tolerate|like)\s+(?:much\s+|any\s+|a lot of\s+)?risks?"
    # a range: "moderate to high"
    r"|(?:low|medium|moderate|high)\s+to\s+(?:low|medium|moderate|high)(?=[\s,.;!?]|$)"
    # "my risk tolerance is fairly high", "risk appetite is high-ish"
    r"|(?<=risk )(?:appetite|tolerance|profile)\s+(?:is\s+)?(?:(?:fairly|quite|very|pretty|rather)\s+)?"
    r"(?:high|low|medium|moderate)(?:\s+to\s+(?:high|low|medium|moderate))?(?:-ish)?"
    r"|comfortable with (?:high |some |a lot of )?risk|play(?:ing)? (?:it )?safe)\b"
    # "moderate", "balanced" alone say a risk level only where money or risk is the subject
    r"|\b(?P<mild>moderate|balanced|middle[- ]of[- ]the[- ]road)\b"
    r"(?=[^.?!]*\b(?:risk|invest\w*|money|approach)\b|\s+(?:with|when)\s)"
    r"|\b(?:risk|approach) is (?P<mild2>moderate|balanced|middle[- ]of[- ]the[- ]road)\b"
    r"|\b(?:i'm|i am|we're|we are|(?:i|we)\s+(?:now\s+)?(?:want|prefer|would like)(?:\s+to\s+be)?"
    r"|now)\s+(?:\w+\s+)?(?P<mild3>moderate|balanced|middle[- ]of[- ]the[- ]road)\b"
    r"|^\W*(?P<mild4>moderate|balanced|middle[- ]of[- ]the[- ]road)\W*$"
    r"|\brisk\b[^.?!]{0,40}?\b(?P<mild5>(?:(?:fairly|quite|very|pretty|rather|somewhat)\s+)?"
    r"(?:moderate|balanced|middle[- ]of[- ]the[- ]road|high|low|medium)"
    r"(?:\s+to\s+(?:high|low|medium|moderate))?(?:-ish)?(?:[- ]risk)?"
    r"(?:\s+i\s+(?:guess|think|suppose))?)\b"
    # Hindi: "jokhim madhyam rakhiye", "meri jokhim kshamata kam hai", "madhyam jokhim"
    r"|\b(?:jokhim|jokham)\s+(?:(?:kshamata|uthane\s+ki\s+kshamata)\s+)?(?:\w+\s+)?"
    r"(?P<hindi>madhyam|kam|nimn|adhik|zyada|jyada|uchch)\b"
    r"|\b(?P<hindi2>madhyam|nimn|adhik|uchch)\s+jokh[ia]m\b"
    # afraid of the market: a cautious investor ("share bazaar se darr lagta hai")
    r"|\b(?P<fear>(?:scared|afraid|terrified|wary|fearful)\s+of\s+(?:the\s+)?(?:stock\s+|share\s+)?"
    r"(?:market|stocks|equity|equities|shares)|(?:share\s+)?(?:bazaar|market)\s+se\s+darr?"
    # the ways a cautious stance is said without its word: what the user cannot bear, what
    # they keep money in only, what they keep away from
    r"|(?:can(?:'t|not)|cant|don't|dont|do not|won't)\s+sleep|lose\s+sleep"
    r"|capital\s+(?:protection|safety|preservation)"
    r"|(?:only|just|sirf)\s+(?:in\s+)?(?:fds?|fixed deposits?|gold|ppf)"
    # "no stocks for me", not "no stocks were harmed" (a joke, not a stance)
    r"|no\s+(?:direct\s+)?(?:stocks|equity|shares)\b(?!\s+(?:were|was|are|is|got|have|had)\b)"
    r"|(?:stay|keep)\s+away\s+from\s+(?:the\s+)?(?:stock\s+|share\s+)?(?:market|stocks|equity)"
    r"|(?:share\s+)?(?:bazaar|market)\s+se\s+door"
    # speculation refused: "I will not put the offerings into speculation", "we never gamble
    # with our savings", "not into speculation", "no speculation", "satta nahi karna"
    r"|(?P<refused>(?:will\s+not|won't|wont|would\s+not|wouldn't|do\s+not|don't|dont|never|"
    r"refuse\s+to|"
    r"not\s+going\s+to)\s+(?:ever\s+)?(?:(?P<verb>put|invest|gamble|speculate|bet|risk|play|"
    r"touch|park|throw)\b[^.;!?,]{0,40}?\b(?:speculat\w*|gambl\w*|satta|jua|betting|the\s+market)"
    r"|speculate|gamble|bet))"
    r"|(?:i'm|i\s+am|im|we're|we\s+are)\s+not\s+into\s+(?:speculat\w*|gambl\w*|satta|crypto)"
    r"|\bno\s+(?:speculation|gambling|satta)"
    r"|(?:satta|sattebaazi|sattebazi|jua|juaa)\s+(?:\w+\s+)?(?:nahi|nahin|nai|mat)"
    # the market said to be for others: "stock market is not for me", "share market is for
    # those who do not fear God"
    r"|(?:share\s+|stock\s+)?(?:market|stocks|shares|equity|equities|crypto)\s+(?:is|are)\s+"
    r"(?:not\s+for\s+(?:me|us|people\s+like\s+(?:me|us))|for\s+(?:those|people|others)\s+who)"
    # only what the state or a bank backs: "Only government and bank", "just post office"
    r"|(?:only|just|sirf)\s+(?:in\s+)?(?:govt\.?|government|bank|post\s+office|sovereign)"
    r"(?=\s*(?:[,.;!]|$|and\b|&|schemes?\b|bonds?\b|securities\b|fds?\b|deposits?\b|"
    r"for\s+me\b|please\b))"
    # the market said not to be wanted, in Indian languages: Marathi "share market vagaire
    # nako", Hindi "stocks nahi chahiye", Tamil "share market vendam", Kannada "beda"
    r"|(?:share\s+|stock\s+)?(?:market|bazaar|stocks|shares|equity|equities)\s+(?:\w+\s+)?"
    r"(?:nako|nakoch|vendam|venaam|beda|nahi\s+chahiye|nahin\s+chahiye|nai\s+chahiye)"
    # Hindi: "koi risk nahi lena", "paisa doobna nahi chahiye"
    r"|risk\s+(?:nahi|nahin|mat)\s+(?:lena|leni|le\s+sakt\w+|chahiye|uthana)"
    r"|(?:paisa|paise|pesa|rupaya|rupiya)\s+(?:\w+\s+){0,2}?(?:doob\w*|dub\w*)\s+(?:nahi|nahin)"
    r"|koi\s+(?:shares?|stocks?|equity)(?:-\w+)?\s+(?:nahi|nahin)"
    # a feeling about losing, said without a word of risk: "the thought of losing money
    # makes me sick", "I'd panic if it dropped", "red numbers make me anxious"
    rf"|{_LOSS_FEAR})\b"
    # a bold stance said as what the user can bear
    r"|\b(?P<bold>can\s+(?:take|afford)\s+(?:a\s+)?(?:hit|losses|to\s+lose)"
    r"|(?:full|all|100%)\s+equity"
    # at ease with losses and swings: "dips don't bother me", "I don't mind seeing red"
    rf"|{_LOSS_EASE})\b"
    # the stances of Hindi, Punjabi and Urdu words: "dhire dhire chalo", "thoda risk chalega"
    rf"|{INDIAN_STANCES}"
    # wholly safe, kept in the user's words: "ekdum safe chahiye", "bilkul safe", "poora
    # safe venum", "ekdom safe", "I want it totally safe"
    r"|\b(?P<safe>(?:ekdum|ekdam|ekdom|bilkul|poora|pura|fully|completely|totally|100%)\s+safe"
    # "I want it safe", "keep my money safe"
    r"|(?:want|keep|prefer|need)\s+(?:it|things|my\s+money|money|savings)\s+safe)"
    r"\b(?!\s+(?:hai|he|h|ahe|aahe)?\s*\?)",
    re.IGNORECASE,
)
# The Hindi words of a level, in English: "madhyam" is medium.
_HINDI_LEVEL = {"madhyam": "medium", "kam": "low", "nimn": "low", "adhik": "high"}
_HINDI_LEVEL |= {"zyada": "high", "jyada": "high", "uchch": "high"}
_QUALIFIER = re.compile(
    r"^(?:very|quite|a bit|a little|fairly|somewhat|rather|pretty|extremely|really)\s+", re.I
)
_REASON_AFTER = re.compile(
    r"^\W*(?:(?:investor|person|with (?:my )?money|by nature|about (?:investing|money))\b)?\s*"
    # "as" gives a reason only before its clause's subject: "as I have two kids", not "as
    # a household"
    r"(?:[,:;—–-]\s*|\s+)(?:(?:because|since|cause|coz|ever since|kyunki|kyonki|"
    r"as(?=\s+(?:i|i'm|we|we're|my|our|he|she|they|it|there|this)\b))\s+)(?P<r>.{6,})"
    r"|^\W*(?:(?:investor|person|with (?:my )?money|by nature|when investing)\b)?\s*"
    r"[:—–]\s*(?P<r2>.{6,})"
    # "my risk appetite is low, I'm the only earning member": a reason about the user
    r"|^\W*,\s*(?P<r3>(?:i'm|i am|im|we're|we are|i have|we have|i've|being|as)\b.{6,})",
    re.IGNORECASE,
)
# A reason given with its label: "reason: yen is weak", "but the reason is different now: ...".
_REASON_LABEL = re.compile(
    r"\b(?:new\s+|my\s+|the\s+)?reason(?:\s+(?:is|now|being|this\s+time|different|has\s+changed))*"
    r"\s*[:—–-]\s*(?P<r>[^・•]{6,})",
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
    r"nuksaan|nuksan|ghaata|notebandi|demoneti[sz]ation|"
    # the usual reasons for a stance: a life stage, a job, who depends on the user
    r"young|age|baby|kids?|children|first job|learning|mindset|guaranteed|contract|job|"
    r"retired|pension|horizon|years away|only earning|single|family|"
    r"earner|depends?|depend[ae]nts?|trading|f&o|fiasco|scam|doob\w*|"
    # a gamble, in English and Indian languages ("farming is already a gamble", "satta hai")
    r"gambl\w*|jua|jugar|satta|umar|umr|bach?ch?e|bachon|zimm?edari|responsibilit\w*|"
    r"(?:19|20)\d\d)\b",
    re.IGNORECASE,
)
_REASON_NEXT = re.compile(
    r"^\s*(?:because|i lost|we lost|my (?:father|dad|mother|mom|parents|family)|losing|"
    r"last time|in (?:19|20)\d\d|back in|i saw|i've seen|i have seen|i got burnt|i got burned|"
    # a story from the past: "In the nineties I watched ...", "Years ago my uncle ...",
    # "When I was small ...", "I remember when ..."
    r"(?:in|during|back in)\s+the\s+(?:(?:late|early|mid)[- ])?(?:sixties|seventies|eighties|"
    r"nineties|(?:19)?[5-9]0'?s|2000s)|(?:many\s+|some\s+|a\s+few\s+|\w+\s+)?years\s+ago|"
    r"(?:when|as)\s+(?:i|we)\s+(?:was|were)\s+(?:small|young|little|a\s+(?:kid|child|boy|girl))|"
    r"i\s+(?:watched|remember|still\s+remember|grew\s+up))\b",
    re.IGNORECASE,
)
# A stance said with word that its reason follows: "I am cautious, and I have reason to
# be.", "conservative, for good reason:", "Low risk. Here's why.", "there's a story there".
_REASON_AHEAD = re.compile(
    r"\b(?:(?:have|has|with|for)\s+(?:good\s+|my\s+|a\s+|every\s+|my\s+own\s+)?reasons?"
    r"|here'?s\s+why|here\s+is\s+why|let\s+me\s+(?:tell|explain)(?:\s+you)?\s+why"
    r"|(?:there'?s|there\s+is)\s+a\s+(?:reason|story)|not\s+without\s+reason)\b"
    r"[^.!?]{0,20}[.!?:]*\s*$",
    re.IGNORECASE,
)
# A stance said as what follows from what was just told: "So he trusts only gold.",
# "That's why I keep everything in FDs.", "Since then I've been conservative."
_REASON_BEHIND = re.compile(
    r"^\W*(?:so|hence|therefore|that'?s\s+why|this\s+is\s+why|which\s+is\s+why|"
    r"because\s+of\s+(?:that|this|it)|since\s+then|ever\s+since(?:\s+then)?|after\s+that|"
    r"that\s+is\s+why|isliye|is\s?liye|tabse|tab\s+se|"
    # Hindi, Punjabi, Urdu: "us din se", "us din ton", "isi wajah se", "es layi", "ehi karke"
    r"(?:us|ous|oss)\s+(?:din|waqt|saal)\s+(?:se|ton|to)|tab\s+ton|ohdon\s+ton|"
    r"is(?:i)?\s+(?:wajah|karan|vajah)\s+(?:se|ton)|isi\s?liye|es\s+layi|ise\s+layi|"
    r"ehi\s+karke|isi\s+karke|uske\s+baad\s+se)\b",
    re.IGNORECASE,
)
# Another thing named after the stance, in a clause of its own: its "because" is its own
# ("only gold, and the RD only because Amma insists").
_CLAUSE_BREAK = re.compile(r"[,;]|\b(?:and|but|while|whereas)\b", re.IGNORECASE)


_REASON_WORDS = 12
# The Hindi verb that ends a stance, before its reason: "le sakta hoon, ", "hai, ".
_STANCE_VERB = re.compile(
    r"^(?:(?:le\s+sakt\w+|rakh\w*|chahiye|chalega|chalegi|hai|hain|hoon|hun|haan|ai|mujhe|"
    r"hume|humein|menu)\s*)+,\s*",
    re.I,
)
_HEDGED = re.compile(r"\b(?:i guess|i think|i suppose|probably|maybe|idk|i'd say)\b", re.I)


def _refusal(match: re.Match[str]) -> str:
    """What a refusal refuses, quoted short: its negation, its verb and what it refuses,
    "I will not put the offerings into speculation" as "not put … into speculation" (the
    middle says whose money it is)."""
    if not match["refused"] or len(match["refused"].split()) <= QUOTE_WORDS:
        return ""
    negation = next(w for w in match["refused"].split() if _NEGATION.fullmatch(w))
    return f"{negation} {match['verb']} … {' '.join(match['refused'].split()[-2:])}"


_NEGATION = re.compile(r"not|never|won't|wont|don't|dont|wouldn't|refuse", re.IGNORECASE)


# A stance said as what it was ("we were aggressive before the baby, now balanced").
_WAS_STANCE = re.compile(r"\b(?:were|was|used to be|not|no longer|earlier)\s+(?:\w+\s+)?$", re.I)
_WAS_AFTER = re.compile(r"^\s+(?:before|earlier|once|in the past)\b", re.I)


def _stance(sentence: str, around: str) -> re.Match[str] | None:
    """The stance a sentence states now: the first one not said as what it was (`around`:
    the sentences beside it, for `stance_heard`)."""
    matches = [m for m in _RISK.finditer(sentence) if stance_heard(m, around)]
    for match in matches:
        past = _WAS_STANCE.search(sentence[: match.start()]) or _WAS_AFTER.match(
            sentence, match.end()
        )
        if not past:
            return match
    return matches[-1] if matches else None


def _reason_later(sentence: str, start: int) -> re.Match[str] | None:
    """A "because ..." after the stance that is the stance's, not another thing's."""
    later = _REASON_LATER.search(sentence, start)
    if later is None:
        return None
    between = sentence[start : later.start()]
    breaks = list(_CLAUSE_BREAK.finditer(between))
    if breaks and anchors_in(between[breaks[-1].end() :]):
        return None
    return later


def risk_facts(
    sentence: str, question: bool, following: str = "", preceding: str = ""
) -> list[tuple[str, str]]:
    """The risk preference a statement gives, and its reason where one is stated with it
    ("because ...", "... : I lose sleep when markets fall", "After losing money in 2020, ...",
    a next sentence that starts like a reason or that the stance says is coming, or the
    sentence before one that says the stance follows from it: "So I keep only FDs")."""
    if question and not _HEDGED.search(sentence):
        return []  # "idk my risk, high i guess?" is a statement, hedged
    match = _stance(sentence, f"{preceding} {sentence} {following}")
    if not match:
        return []
    said = first_group(match, "risk", "mild", "mild2", "mild3", "mild4", "mild5")
    said = "conservative" if match["fear"] else "aggressive" if match["bold"] else said or match[0]
    said = re.sub(r"\s+i\s+(?:guess|think|suppose)$", "", said, flags=re.I)
    said = re.sub(r"^(?:appetite|tolerance|profile)\s+(?:is\s+)?", "", said, flags=re.I)
    level = first_group(match, "hindi", "hindi2").lower()
    said = with_own_words(_HINDI_LEVEL.get(level, ""), match[0]) if level else said
    risk = _QUALIFIER.sub("", said.lower()).replace("risk averse", "risk-averse")
    if re.match(r"(?:high|low|medium|moderate)(?:-ish)?(?:[- ]risk)?$", risk):
        risk = said.lower()  # "fairly high", "very low risk": the qualifier is the level
    if match["fear"] or match["bold"]:  # the class, with the words the user said it in
        risk = with_own_words(risk, _refusal(match) or match.group(0))
    risk = indian_stance(match) or risk
    facts = [("risk", risk)]
    after = _REASON_AFTER.match(sentence[match.end() :]) or _reason_later(sentence, match.end())
    before = _REASON_BEFORE.match(sentence[: match.start()])
    reason = ""
    labelled = _REASON_LABEL.search(sentence, match.end())
    if labelled:  # "・ new reason: NISA is tax-free", "but reason is different now: ..."
        reason = labelled["r"]
    elif following and _REASON_AHEAD.search(sentence, match.end()):
        reason = following  # "Moderate risk, I have my reasons. The tea estate ... shut."
    elif after:
        reason = first_group(after, "r", "r2", "r3")
    elif before:
        reason = before.group(0).strip().rstrip(",")
    elif _FEAR.search(sentence, match.end()):  # "..., one time i lost 20k in trading"
        reason = sentence[match.end() :].strip(" ,;:-—–.?").removeprefix("at all").strip(" ,")
        reason = _STANCE_VERB.sub("", reason)  # "jokhim zyada le sakta hoon, abhi umar ..."
    elif following and (
        _REASON_NEXT.match(following)
        or _FEAR.search(following)
        or sentence.rstrip().endswith((";", ":"))
        or len(sentence.split()) <= 5  # "risk appetite? cautious. Market drops scare me."
    ):
        reason = following
    elif preceding and _REASON_BEHIND.match(sentence) and not preceding.rstrip().endswith("?"):
        reason = preceding
    reason = " ".join(reason.replace(";", ",").split()).rstrip(".!")
    if reason:
        # The reason's first words say it ("the only earner", "the Yes Bank fiasco"); the
        # rest is sent again with every fact line and every reply that echoes the facts.
        words = reason.split()
        reason = " ".join(words[:_REASON_WORDS]) + (" …" if len(words) > _REASON_WORDS else "")
        facts.append(("risk_reason", reason[:160]))
    return facts


# A stance said as the one it was: "still aggressive", "same as before, cautious", "abhi
# bhi conservative".
_RESTATED = re.compile(
    r"\b(?:still|as before|same as before|as always|as ever|remains?|continue to be|"
    r"(?:haven't|hasn't|has not|have not|not)\s+changed|unchanged|no change|"
    r"abhi\s+bhi|ab\s+bhi|ippavum|ajun(?:hi)?|ekhono)\b",
    re.IGNORECASE,
)
_LEVELS = (
    (
        "high",
        re.compile(r"aggressive|high|risk[- ]taker|bold|equity|comfortable|can take|hit", re.I),
    ),
    (
        "low",
        re.compile(
            r"conservative|cautious|low|averse|safe|sleep|fd|fixed|capital|scared|"
            r"afraid|can'?t|cannot|don'?t|no |nahi|darr?|door|away",
            re.I,
        ),
    ),
    ("medium", re.compile(r"moderate|balanced|medium|middle", re.I)),
)


def stance_level(value: str) -> str:
    """Which level a stance said in any words is: "high", "low", "medium", or "" unknown."""
    return next((level for level, words in _LEVELS if words.search(value)), "")


def restated(facts: list[tuple[str, str]], sentence: str, known: str) -> list[tuple[str, str]]:
    """A stance restated ("still aggressive" after "risk appetite: high") is the known one
    said again: it keeps its value, and only a new reason given with it is new. A stance
    of another level, "still" or not, is a change."""
    said = next((v for k, v in facts if k == "risk"), "")
    if not (said and known and _RESTATED.search(sentence)):
        return facts
    level = stance_level(said)
    if not level or level != stance_level(known):
        return facts
    return [(k, v) for k, v in facts if k != "risk"]


# "home" where money is sent ("what I send home", "sent 20k home", "back home") is where
# the family lives, not a home loan.
SENT_HOME = re.compile(
    r"\b(?:(?:send|sends|sent|sending|remit\w*|transfer\w*|wire[sd]?)\b(?:\s+[\w₹.,]+){0,3}|"
    r"back)\s+$",
    re.IGNORECASE,
)


def unsent(text: str) -> str:
    """`text` less the word "home" where money is sent there (`SENT_HOME`)."""
    return re.sub(
        r"\bhome\b", lambda m: "    " if SENT_HOME.search(text, 0, m.start()) else "home", text
    )
