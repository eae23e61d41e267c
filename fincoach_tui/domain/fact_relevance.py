"""Which stored facts a question is about, and how large a facts section may grow. Pure.

A fact section has a budget; when more facts are stored than fit, the ones the question
needs must not be the ones left out. A fact is relevant to a question when the question
names its kind in any of the words the recogniser knows for that kind ("how much do I pay
for the flat" names rent through "for the flat"; "when does my deposit mature" names the
FD), or names a word of the fact's label or value ("Japan" for a trip to Japan). A
question said in romanised Hindi, Marathi, Bengali, Tamil, Telugu, Gujarati, Punjabi,
Kannada, Malayalam or Odia names its kinds in the words of
`LANGUAGE_TOPICS` too, and asks the user's notes by its topics and its other words, not by
its grammar words ("kya", "hai", "aahe", "ache"), which every note in that language says.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from functools import lru_cache

from fincoach_tui.domain.fact_kinds import KINDS
from fincoach_tui.domain.recognise_context import topic_words
from fincoach_tui.domain.recognise_parts import GOAL_OBJECTS
from fincoach_tui.domain.statement_words import UNITS_AND_TIME
from fincoach_tui.domain.user_statements import CLASSES

# Tokens one fact line takes, roughly ("- loan car EMI: ₹9,500 (turn 3, 14 May 2026)"), and
# how far the section may grow past its configured size as facts accumulate.
TOKENS_PER_FACT = 24
GROWTH_LIMIT = 4


def facts_budget(base: int, current: int) -> int:
    """The facts section's budget with `current` facts stored: `base`, grown to hold every
    fact up to `GROWTH_LIMIT` times `base`. Flat per turn while the count is."""
    return min(max(base, TOKENS_PER_FACT * current), GROWTH_LIMIT * base)


_ANCHOR = {kind.name: kind.anchor for kind in KINDS}
# A question names family and risk in the words a statement of them is said in (the word
# classes of `user_statements`: "whose medical costs", "amma", "is mutual fund paisa safe",
# "should we add blue-chip stocks"), as well as in the words of the kind.
_FAMILY = re.compile(
    r"\b(?:family|famil|depend\w*|whose|protected|"
    r"wife|husband|spouse|partner|kids?|child(?:ren)?|sons?|"
    r"daughters?|parents?|mother|father|mom|mum|dad|papa|mummy|in-laws|married)\b"
    rf"|{CLASSES['family'][0].pattern}",
    re.IGNORECASE,
)
_RISK = re.compile(
    r"\b(?:risk\w*|safe|conservative|aggressive|volatil\w*|invest\w*|mutual funds?|"
    r"blue[- ]chips?|returns?|riskier|small[- ]?caps?|mid[- ]?caps?|nifty|sensex|"
    # where money should go is a question the stance answers ("where do I park the bonus")
    r"park|allocat\w*|portfolio|lump ?sum|loss|losses|losing)\b"
    # so is where a sum should go: into funds, or to one use or another ("should the money
    # go to the flat or into funds", "where should the bonus go")
    r"|\b(?:in|into)\s+(?:(?:index|equity|debt|hybrid|some|the)\s+)?funds\b"
    r"|\bshould\s+(?:the|this|that|my|our|it)\s+(?:(?:money|cash|bonus|amount|proceeds)\s+)?go\b"
    # how the user feels about money, or losing it, is their stance ("you know how I feel
    # about this money", "how comfortable am I with a fall")
    r"|\bhow\s+(?:do\s+|does\s+)?(?:i|we|she|he|they)\s+feels?\s+about\b"
    r"|\b(?:comfortable|okay|ok)\s+with\s+(?:a\s+)?(?:fall|drop|dip|crash|loss)"
    # the user's nature is their stance ("given our nature", "for someone like me")
    r"|\b(?:my|our|his|her|their)\s+(?:nature|temperament|personality|mindset)\b"
    r"|\b(?:someone|somebody|a person|people)\s+like\s+(?:me|us)\b"
    rf"|{CLASSES['risk'][0].pattern}",
    re.I,
)
_CITY = re.compile(r"\b(?:city|live|living|where|move|relocat\w*|based)\b", re.I)
_GOAL = re.compile(r"\b(?:goals?|target|save|saving|plan\w*|when)\b", re.I)
_WORD = re.compile(r"[a-z][a-z']{2,}")
_COMMON = frozenset(
    "the and for how what much many when does did my our its with from this that amount "
    "date end rate value turn edited".split()
)


_OWNER = re.compile(
    r"^(?:spouse_|parents_)?(salary|pension|sip|bonus)(?:_expected)?(?:_of_[a-z]+)?$"
)

# The topics a question in romanised Hindi (hi), Marathi (mr), Bengali (bn), Tamil (ta),
# Telugu (te), Gujarati (gu), Punjabi (pa), Kannada (kn), Malayalam (ml) or Odia (or) names,
# in the words of each language ("ke ke amar upor nirbhor": who depends on me; "bhade kiti
# aahe": how much is the rent; "adde entha": how much is the rent), and the fact keys each
# topic asks. A word that is also a common name or another language's grammar word is left
# out ("kadam" alone, a step in Hindi; "guri" only as itself, not "gurinchi", Telugu "about"). One table: a question's topics and a note's
# are both read with it (`language_topics`), so a question in these languages asks the notes
# of its topics, not every note that shares its grammar words ("kya", "hai", "aahe", "ache").
LANGUAGE_TOPICS: dict[str, dict[str, str]] = {
    "pay": {
        # and money that comes in, said with the verb ("homestay se 41,500 aa raha hai")
        "hi": r"tankh?w?ah?|tankha|tanakh\w*|kamai|kama(?:ta|ti|te|na)|aamdani|amdani|vetan|"
        r"mil(?:ta|ti|te)|mil\s+raha|aa\s+(?:raha|rahe|rahi)|aa(?:ta|ti|te)\s+hai\w*",
        "mr": r"pagar\w*|pagaar\w*|kamav\w*|utpann?a|milt[aoe]|milat\w*|yet[aoe]",
        "bn": r"mayne|maine|beton|betan|rojgar\w*|aay|kamai|aa?sh?chh?e|paa?i",
        "ta": r"sambal\w*|sampal\w*|varumaa?nam|kooli|sampaadh\w*|sambaadh\w*|"
        r"varudhu|varuthu|kidaikk?\w*",
        "te": r"jee?th?am\w*|sampaadan\w*|sampadan\w*|aa?daa?yam|vastu?h?und\w*",
        "gu": r"kamaa?ni|aavak|avak|male\s+chh?e",
        "pa": r"mild[aie]|kamaa?und[aie]",
        "kn": r"aa?daa?ya\w*|barutt\w*|baruth\w*",
        "ml": r"shamb?alam\w*|kittu(?:nnu|nnath\w*|m)",
        "or": r"daramaa?\w*|rojgaar\w*",
    },
    "rent": {
        "hi": r"kiraa?y[ae]\w*|bhaa?d[ae]",
        "mr": r"bhaa?d[ae]\w*|bhadya\w*",
        "bn": r"bhaa?ra",
        "ta": r"vaa?dag[ae]i|vaa?dak[ae]i",
        "te": r"adde\w*|addhe\w*",
        "gu": r"bhaa?du\w*",
        "pa": r"kiraa?y[ae]\w*",
        "kn": r"baa?dige\w*",
        "ml": r"vaa?daka\w*",
        "or": r"bhaa?da\w*",
    },
    # what things cost, and the verb a cost is said with ("75,000 lagtat": it takes 75,000)
    "cost": {
        "hi": r"kharch\w*|lag(?:ta|ti|te|ega|egi)",
        "mr": r"kharch\w*|khurch\w*|lagt\w*|lagel",
        "bn": r"khoroch\w*|khorch\w*|lagbe|lagche",
        "ta": r"selav\w*|chelav\w*|aagudhu|aaguthu",
        "te": r"kharchu\w*",
        "gu": r"kharch\w*|laag\w*",
        "pa": r"kharch\w*|lagd[aie]",
        "kn": r"kharchu\w*|aagutt\w*",
        "ml": r"chilav\w*|chelav\w*",
        "or": r"kharch\w*|laaguchh\w*|laguchh\w*",
    },
    "loan": {
        "hi": r"karz\w*|karj\w*|udh?aa?r|kisht\w*|kist\w*",
        "mr": r"karj\w*|hapt[ae]\w*|haft[ae]",
        "bn": r"rin|rinn|dhaa?r|kisti\w*|kisthi\w*",
        "ta": r"kadan\w*|thavanai\w*|tavanai\w*",
        "te": r"appu\w*|runam|vaa?yidal\w*",
        "gu": r"karaj\w*|karj\w*|hapt[ao]\w*",
        "pa": r"karz\w*|karj\w*|kisht\w*",
        "kn": r"saala|saalad\w*|saalag\w*|kanthu\w*",
        "ml": r"kadabaadh\w*|kadathil\w*|kadamund\w*|kadam\s+(?:und\w*|edu\w*|baakki)|vaa?ypa\w*",
        "or": r"rina|karja\w*|kisti\w*",
    },
    "deposit": {
        "hi": r"jamaa?|sthayi|mi?yaadi",
        "mr": r"mudat\s*thev\w*|thev\s+p[ae]v\w*",
        "bn": r"joma\w*|amanat\w*|sthayi",
        "ta": r"vaipp?u\s*nidhi\w*|vaipp?u\w*",
        "te": r"podupu\w*|nilva\w*",
        "gu": r"thaa?pan\w*|bachat\w*",
        "pa": r"jamaa?|bachat\w*",
        "kn": r"th?ee?vani\w*|ulithaa?ya\w*|ulitaa?ya\w*",
        "ml": r"sthira\s*nikshep\w*|sampaadyam",
        "or": r"sanchay\w*|jamaa?",
    },
    "sip": {
        "hi": r"nive?sh\w*|niwesh\w*",
        "mr": r"guntavnuk\w*|nivesh\w*",
        "bn": r"biniyog\w*|binijog\w*",
        "ta": r"mud?h?aleedu\w*|muthaleedu\w*",
        "te": r"pettubadi\w*|pettu\s+badi\w*",
        "gu": r"rokaa?n\w*",
        "pa": r"nivesh\w*",
        "kn": r"hoo?dike\w*",
        "ml": r"nikshep\w*",
        "or": r"biniyog\w*|punji\w*",
    },
    "insurance": {
        "hi": r"bi+ma\w*|bee?ma\w*",
        "mr": r"vima\w*|veema\w*",
        "bn": r"bi+ma\w*|bee?ma\w*",
        "ta": r"kaa?pp?ee?du\w*",
        "te": r"bhee?ma\w*|bi+ma\w*",
        "gu": r"vimo\w*|vima\w*",
        "pa": r"bee?ma\w*|bi+ma\w*",
        "kn": r"vime\w*",
        "ml": r"inshuran\w*|pariraksha\w*",
        "or": r"bi+ma\w*|bee?ma\w*",
    },
    "goal": {
        "hi": r"sapn[aeo]\w*|lakshya?|iraada|ma[qk]sad",
        "mr": r"swapn\w*|dhyey\w*|uddisht\w*",
        "bn": r"sh?w?apno\w*|lokkho|lakkho|icche\w*",
        "ta": r"kanavu\w*|ilakk?u\w*|aasai\w*",
        "te": r"lakshy\w*|kalal[ua]\w*|aasay\w*|pelli\w*",
        "gu": r"sapn[aeou]\w*|dhyey\w*|lakshy\w*|lagna\w*",
        "pa": r"sup?n[ae]\w*|tamann\w*|viah\w*|vyah\w*",
        "kn": r"guri(?:ya|yannu|ge)?|kanas\w*|lakshy\w*",
        "ml": r"lakshy\w*|swapn\w*|aagrah\w*",
        "or": r"lakshy\w*|swapn\w*",
    },
    "family": {
        "hi": r"pari[wv]aa?r\w*|ghar\s*wal[ea]|nirbhar|aashrit|bach+[ae]|biwi|patni|pati|beti|beta",
        "mr": r"kutumb\w*|gharch[ea]|avalamb\w*|bayko|navra|mulg[ai]|mula|aai|baba",
        "bn": r"poribar\w*|paribar\w*|nirbhor\w*|bou|meye|chele|ma|baba",
        "ta": r"kudumb\w*|saa?rndh?u\w*|manaivi|kanavar|pasanga|amma|appa|magal|magan",
        "te": r"kutumb\w*|intlo\s+vaa?ll\w*|inti\s+vaa?ll\w*|bharya|bhartha|pillal\w*|kooth?uru|koduku|aadhaa?rapad\w*",
        "gu": r"parivaa?r\w*|gharn[aie]\b|patni|pati|dikr[aio]|baa?pu\w*",
        "pa": r"parivaa?r\w*|ghar\s*wal[ea]|vohti|voti|mund[ae]|kudi|bebe|bapu\w*",
        "kn": r"kutumb\w*|hendat?h?i|makkal\w*|avalambit\w*",
        "ml": r"kudumb\w*|bhaarya|bharya|bharth\w*|makkal\w*|makan|makal|aashrith\w*",
        "or": r"paribaa?r\w*|stree|pua|jhia|nirbhar\w*",
    },
    "city": {
        "hi": r"shaha?r|sheher|shehar|reh(?:te|ta|ti|na)",
        "mr": r"shahar\w*|gaav\w*|rah(?:to|te|ta|ato|ate)",
        "bn": r"shohor\w*|thaki|thakbo|thakchi",
        "ta": r"ooru|ooril|oorla|oorula|vasikk\w*|vasip\w*",
        "te": r"nagaram\w*|pattanam\w*|untunn\w*|untanu|untaamu|untamu",
        "gu": r"shaher\w*|shahe?r|rahi[ea]\w*|rahu\s+chh?u",
        "pa": r"shehar\w*|rehnd[ae]\w*",
        "kn": r"ooru|ooral?li|nagara\w*|vaasa\w*",
        "ml": r"nagaram\w*|thaa?masikk?\w*|taa?masikk?\w*",
        "or": r"sahara|rahuchh?[ui]\w*",
    },
    "risk": {
        "hi": r"jokh[ai]m\w*|khatr[ae]\w*|surakshit|suraksha",
        "mr": r"jokh[ai]m\w*|dhoka\w*|surakshit|bhiti",
        "bn": r"jhu+n?ki\w*|nira+pod\w*|bhoy\w*",
        "ta": r"aba+yam\w*|apaa?yam\w*|bayam\w*|paadhukaapp?\w*",
        "te": r"pramaad\w*|bhayam|bhadrath?\w*|nashtam\w*",
        "gu": r"jokh[ai]m\w*|salaamat\w*|salamat\w*",
        "pa": r"khatr[ae]\w*|jokh[ai]m\w*",
        "kn": r"a(?:p|b)aa?ya\w*|suraksh\w*|nashta\w*",
        "ml": r"apakad\w*|suraksh\w*|nashtam\w*",
        "or": r"bipad\w*|surakhy\w*",
    },
}
# The fact keys (heads, as `_CLASS_KEYS` of the notes name them) each topic asks.
TOPIC_KEYS: dict[str, tuple[str, ...]] = {
    "pay": ("salary",),
    "rent": ("rent",),
    "cost": ("expenses", "cost"),
    "loan": ("loan", "debt"),
    "deposit": ("fd", "rd"),
    # investing, as in English ("invest" is a word of the stance, `_RISK`), asks the stance too
    "sip": ("sip", "invest", "risk"),
    "insurance": ("insurance",),
    "goal": ("goal_",),
    "family": ("family",),
    "city": ("city",),
    "risk": ("risk",),
}
_LANGUAGE_TOPIC = {
    topic: re.compile(rf"\b(?:{'|'.join(words.values())})\b", re.IGNORECASE)
    for topic, words in LANGUAGE_TOPICS.items()
}
# The grammar words that tell a question is said in one of those languages: question
# words, pronouns, postpositions and auxiliaries, none of them an English word.
_GRAMMAR = frozenset(
    (
        # Hindi
        "kya kyaa hai hain ka ki ke ko mein mai mujhe mera meri mere hamara hamari hamare "
        "kitna kitni kitne kaise kaisa kahan kab kyun kyon nahi nahin hoga hogi chahiye aur "
        "toh bhi apna apni hum batao bataiye sakta sakti sakte karu karun raha rahi rahe "
        # Marathi
        "aahe ahe aahet kiti kasa kashi kase kuthe majha majhi majhe maza mazi maze amcha "
        "amchi amche ani nahi kay kaay hoil pahije sanga mala amhala kon kadhi "
        # Bengali
        "koto kemon kothay amar amader ache achhe nei hobe korbo bolo theke keno ebar ekhon "
        "kichu kotha amake tumi ami kobe "
        # Tamil
        "enna evvalavu eppadi enga enakku naan naanga irukku illa pannanum sollunga ennoda "
        "enoda namma nanga epdi evlo yenna eppo eppadi "
        # Telugu
        "entha enta enti emiti eppudu ekkada enni nenu memu naaku maaku undi unnayi ledu "
        "kavali cheppandi cheppu gurinchi saripotunda "
        # Gujarati
        "ketlo ketli ketla ketlu shu kyare maro amaro amaru amari chhe nathi joie joiye "
        "kevi kevu amne "
        # Punjabi
        "kinna kinni kinne kiwe kiven kithe kadon sada sadi chahida chaidi dasso sakda sakdi "
        "layi vich "
        # Kannada
        "eshtu yaavaga yavaga nanna nange naavu beku heli hege "
        # Malayalam
        "ethra enthu enthanu engane eppol evide ente njan njangal nammude venam parayu enikku "
        # Odia
        "kete kemiti kebe kouthi achhi darkar kuha"
    ).split()
)
# A question with this many of them is said in one of those languages: one, since none
# of them is an English word.
_GRAMMAR_MARKS = 1


@lru_cache(maxsize=8192)
def language_topics(text: str) -> frozenset[str]:
    """The topics of `LANGUAGE_TOPICS` `text` names in a romanised Indian language."""
    return frozenset(topic for topic, pattern in _LANGUAGE_TOPIC.items() if pattern.search(text))


def language_topic_keys(text: str) -> frozenset[str]:
    """The fact keys (heads) of the topics `text` names in those languages (`TOPIC_KEYS`)."""
    return frozenset(key for topic in language_topics(text) for key in TOPIC_KEYS[topic])


@lru_cache(maxsize=4096)
def romanised(question: str) -> bool:
    """Whether `question` is said in a romanised Indian language of `LANGUAGE_TOPICS`: it
    has `_GRAMMAR_MARKS` of those languages' grammar words."""
    words = re.findall(r"[a-z]+", question.lower())
    return sum(word in _GRAMMAR for word in words) >= _GRAMMAR_MARKS


def _language_topic(key: str) -> str | None:
    """The topic of `LANGUAGE_TOPICS` whose words ask about facts of `key`."""
    key = _OWNER.sub(r"\1", key)
    if key in ("salary", "pension") or key.startswith("income_"):
        return "pay"
    head = key.split("_", 1)[0]
    for topic, heads in TOPIC_KEYS.items():
        if head in heads or (topic == "goal" and key.startswith("goal_")):
            return topic
    return "family" if head == "dependants" else None


def _topic(key: str) -> re.Pattern[str] | None:
    """The pattern a question matches when it asks about facts of `key`'s kind."""
    # Someone else's pay or SIP is asked about in the same words: "spouse_pension", "sip_of_r".
    key = _OWNER.sub(r"\1", key)
    if key in ("salary", "pension") or key.startswith("income_"):  # income_dairy, income_shop
        return _ANCHOR["salary"]
    head = key.split("_", 1)[0]
    by_head = {
        "rent": "rent",
        "expenses": "expenses",
        "loan": "loan",
        "fd": "fd",
        "rd": "rd",
        "sip": "sip",
        "invest": "investment",
        "insurance": "insurance",
        "cost": "cost",
        "emergency": "emergency",
        "savings": "savings",
        "bonus": "bonus",
        "debt": "debt",
    }
    if head in by_head:
        return _ANCHOR[by_head[head]]
    if head in ("family", "dependants"):
        return _FAMILY
    if head == "risk":
        return _RISK
    if head == "city":
        return _CITY
    return None


def _stem(word: str) -> str:
    return word[:5]  # "mature" and "maturity", "premium" and "premiums"


@lru_cache(maxsize=4096)
def _words_of(key: str, value: str) -> frozenset[str]:
    """The stems of the words that name a fact: its label's, its value's, and the words a
    later message uses for its subject ("deposit" for an FD, "flat" for rent)."""
    words = set(_WORD.findall(key.replace("_", " ").lower()))
    words |= set(_WORD.findall(value.lower())) | topic_words(key, value)
    if key.startswith("goal_"):
        slug = key[len("goal_") :].removesuffix("_amount").removesuffix("_date")
        words |= set(GOAL_OBJECTS.get(slug, slug).split("|"))
    return frozenset(_stem(w) for w in words if w not in _COMMON and len(w) > 2)


def relevant(key: str, value: str, question: str) -> bool:
    """Whether `question` asks about the fact `key: value`."""
    if topic_asked(key, question):
        return True
    return bool(question_words(question) & _words_of(key, value))


def topic_asked(key: str, question: str) -> bool:
    """Whether `question` names the kind of facts of `key`, whatever their value: the part
    of `relevant` that does not read the value."""
    topic = _topic(key)
    if topic is not None and topic.search(question):
        return True
    if _language_topic(key) in language_topics(question):
        return True
    return key.startswith("goal_") and bool(_GOAL.search(question)) and "goal" in question.lower()


def question_words(question: str) -> set[str]:
    """The stems of `question`'s words that `relevant` matches against a fact's words."""
    return {_stem(w) for w in _WORD.findall(question.lower()) if w not in _COMMON}


# Words that say how the user wants an answer, or that every note of a money chat shares
# ("tell me honestly", "can we", "is it good", "the money"): a class of words, like the
# words of units and time (`statement_words.UNITS_AND_TIME`).
_MANNER = frozenset(
    "tell honestly honest frankly truly please explain suggest advise advice guide good "
    "better best okay ok money can could should would".split()
)


def note_question_words(question: str) -> set[str]:
    """The stems of `question`'s words by which it asks about a user's note: those of
    `question_words` but words of manner (`_MANNER`) and of units and time. A closing
    "tell me honestly", "the money" or "next year" would otherwise put ahead every note that
    shares them, at the cost of the notes the question is about."""
    # A question in a romanised Indian language asks its topics
    # (`language_topics`), not every note that says its grammar words ("kya", "aahe").
    grammar = _GRAMMAR if romanised(question) else frozenset()
    return {
        _stem(w)
        for w in _WORD.findall(question.lower())
        if w not in _COMMON and w not in _MANNER and w not in UNITS_AND_TIME and w not in grammar
    }


def fact_words(key: str, value: str) -> frozenset[str]:
    """The stems of the words that name the fact `key: value` (see `relevant`)."""
    return _words_of(key, value)


def relevant_keys(facts: Iterable[tuple[str, str]], question: str) -> set[str]:
    return {key for key, value in facts if relevant(key, value, question)}
