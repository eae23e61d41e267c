"""Which stored facts a question is about, and how large a facts section may grow. Pure.

A fact section has a budget; when more facts are stored than fit, the ones the question
needs must not be the ones left out. A fact is relevant to a question when the question
names its kind in any of the words the recogniser knows for that kind ("how much do I pay
for the flat" names rent through "for the flat"; "when does my deposit mature" names the
FD), or names a word of the fact's label or value ("Japan" for a trip to Japan). A
question said in romanised Hindi, Marathi, Bengali, Tamil, Telugu, Gujarati, Punjabi,
Kannada, Malayalam or Odia names its kinds in the words of
`language_topics.LANGUAGE_TOPICS` too, and asks the user's notes by its topics and its other words, not by
its grammar words ("kya", "hai", "aahe", "ache"), which every note in that language says.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from functools import lru_cache

from fincoach_tui.domain.fact_kinds import KINDS
from fincoach_tui.domain.language_topics import (
    GRAMMAR_WORDS,
    TOPIC_KEYS,
    language_topics,
    romanised,
)
from fincoach_tui.domain.person_words import person_names
from fincoach_tui.domain.recognise.context import topic_words
from fincoach_tui.domain.recognise.parts import GOAL_OBJECTS
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
# What an age decides: a policy's premium and what it covers, a retirement, a horizon.
_AGE = re.compile(
    r"\b(?:age|old|older|young|younger|senior|insur\w*|premiums?|health|mediclaim|cover|"
    r"term plan|retire\w*|pension|horizon|how long)\b",
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
    if head == "age":
        return _AGE
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
    `question_words` but words of manner (`_MANNER`), of units and time, and the names of
    the people it is about when it asks something of theirs. A closing
    "tell me honestly", "the money" or "next year" would otherwise put ahead every note that
    shares them, at the cost of the notes the question is about."""
    # A question in a romanised Indian language asks its topics
    # (`language_topics`), not every note that says its grammar words ("kya", "aahe").
    grammar = GRAMMAR_WORDS if romanised(question) else frozenset()
    words = [
        w
        for w in _WORD.findall(question.lower())
        if w not in _COMMON and w not in _MANNER and w not in UNITS_AND_TIME and w not in grammar
    ]
    # A person it names (`person_words`) says whose, not what: "are Ravi's school fees ok?"
    # asks the notes on school fees, not every note that names Ravi. Unless the name is all
    # it asks ("and Ravi?").
    people = person_names(question)
    topic = [w for w in words if w.split("'")[0] not in people]
    return {_stem(w) for w in (topic or words)}


def fact_words(key: str, value: str) -> frozenset[str]:
    """The stems of the words that name the fact `key: value` (see `relevant`)."""
    return _words_of(key, value)


def relevant_keys(facts: Iterable[tuple[str, str]], question: str) -> set[str]:
    return {key for key, value in facts if relevant(key, value, question)}
