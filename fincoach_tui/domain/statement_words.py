"""Whether the facts read from a statement hold its words as well as its values. Pure.

A fact is the recogniser's reading of what the user said: a label and a value. It can hold
every figure of a statement and still lose what the statement says: "the tractor loan is
closed now" read as "loan EMI: closed" loses which loan; "my parents also live with us" read
as "family parents: supports parents" loses that they live with the user; "I'm pretty
aggressive" read as "risk: aggressive" loses the qualifier. So a statement counts as held
by its facts only when each of its topic words is: a word that is not a function word, a
unit, a month or a word of time, and that the facts' labels and values do not name (by
stem), and that is not a word of a class the facts are of ("take-home" for a salary fact).
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Mapping
from functools import lru_cache

from fincoach_tui.domain.fact_keys import label_of
from fincoach_tui.domain.finance_facts import recognise
from fincoach_tui.domain.person_words import person_names
from fincoach_tui.domain.recognise.words import MONTHS

# Function words (English and the Hinglish ones people mix in), units and words of time:
# they carry no topic of their own. A whole class each, not words lifted from a corpus.
_FUNCTION = (
    "a an the and or but so if then than that this these those there here it its is are was "
    "were be been being am do does did done have has had having will would shall should can "
    "could may might must i me my mine we us our ours you your he him his she her they them "
    "their of to in on at by for from with without into onto about as up down out over under "
    "again also too very just only still even now already yet not no nor all any both each "
    "every some such own same other more most less few much many what which who whom whose "
    "when where why how per via around about roughly approx approximately almost nearly "
    "ka ki ke ko se me mein hai hain tha thi the hoga hogi aur ya bhi toh to hi na nahi "
    "wala wali wale ab abhi because since though although while actually really basically "
    "like just approx total totally "
    # the function words of the other languages people mix in: Hindi, Bengali, Marathi, Tamil
    "mera meri mere hamara hamari hamare main mai hum apna apni uska uski unka unki yeh woh "
    "ye wo kuch sab bahut raha rahi rahe gaya gayi diya liya kar karo "
    # Hindi postpositions, pronouns, quantifiers and auxiliaries the line above lacks ("pe",
    # "koi", "chahiye"): shared, they made a remark and a statement one topic
    "pe par tak liye ek koi jo jab tab mujhe mujhko hume humein humko tum aap unko usko isko "
    "iska iski inka inki ho hota hoti hote hoon hun chahiye sakte sakta sakti ji har saath "
    "ar o e te er r ache achhe nei ta ti jonno theke kore hobe hoy amar amader ami tumi se "
    "kintu tahole ekhon ekta "
    "ahe aahe ani la cha chi che pan ata mi amhi majha majhi "
    "oda irukku illa naan naanga nu um ku "
    # and of Telugu, Gujarati, Punjabi, Kannada, Malayalam and Odia: pronouns, postpositions,
    # conjunctions and the verb "to be"
    "naa maa nenu memu undi unnayi unnadi ledu lo tho kuda oka chala kani inka "
    "maro maru amaru amaro amari chhe nathi nu ni thi ane hu ame tame "
    "sada sadi sade di da nu vich layi hor haan "
    "nanna namma ide mattu alli ondu "
    "ente nammude undu alla aanu oru njan njangal enikku "
    "achhi au ku nahin"
).split()
# Light verbs and verbs of change: they say that a value is or changed, which the fact's
# value says ("rent went up to 28k", "I pay 25k rent", "my salary became 90k").
_VERBS = (
    "go goes going went gone get gets getting got gotten make makes making made take takes "
    "taking took taken give gives giving gave given pay pays paying paid put puts keep keeps "
    "kept come comes came coming become becomes became run runs ran say says said "
    "increase increased decrease decreased rise rose risen raise raised hike hiked cut cuts "
    "reduce reduced drop dropped change changed revise revised up down"
).split()
_UNITS = (
    "rs inr rupee rupees lakh lakhs lac lacs crore crores cr k thousand thousands hundred "
    "percent per cent pa month months monthly mnthly year years yearly annual annually annum "
    "week weeks weekly day days daily saal mahina mahine hazaar hazar "
    # foreign money's words ("net 3,900 euro", "600 dirhams"): every figure of a user paid
    # abroad says one, so shared they made all those statements one topic
    "euro euros eur dollar dollars usd bucks aed dirham dirhams dhs gbp pound pounds quid "
    "sgd cad aud sar riyal riyals qar yen jpy chf ringgit ringgits myr kwd omr bhd dinar "
    "dinars kes ksh kshs shilling shillings rand taka bdt baht yuan rmb rupiah peso pesos"
).split()
_TIME = (
    "today yesterday tomorrow now currently next last this coming previous ago since till "
    "until from onwards end start beginning "
    "aaj kal baad pehle"  # Hindi: today, yesterday or tomorrow, after, before
).split()
_STOP = frozenset([*_FUNCTION, *_VERBS, *_UNITS, *_TIME, *MONTHS, *(m[:3] for m in MONTHS), "sept"])
# The words of units and time alone: a question's "next year" or "per month" names no topic.
UNITS_AND_TIME = frozenset([*_UNITS, *_TIME])
_WORD = re.compile(r"[a-z][a-z'-]*[a-z]|[a-z]")
_CONTRACTION = re.compile(r"'(?:m|s|ve|ll|d|re|t)$|n't$")
_ENDINGS = ("ing", "ed", "es", "s", "ly")


def stem(word: str) -> str:
    """A crude stem: "closed" -> "clos", "ends" -> "end", "parents" -> "parent"."""
    word = word.lower().replace("'", "")
    for ending in _ENDINGS:
        if word.endswith(ending) and len(word) - len(ending) >= 3:
            return word[: -len(ending)]
    return word


@lru_cache(maxsize=8192)
def topic_words(text: str) -> frozenset[str]:
    """The stems of `text`'s topic words: its words but function words, units and time."""
    words = (_CONTRACTION.sub("", w.strip("'-")) for w in _WORD.findall(text.lower()))
    stems = (stem(w) for w in words if w and w not in _STOP and len(w) > 1)
    return frozenset(s for s in stems if s not in _STOP)


def words_held(
    statement: str,
    found: Iterable[tuple[str, str]],
    class_patterns: Mapping[str, tuple[re.Pattern[str], tuple[str, ...]]],
) -> bool:
    """Whether the facts `found` in `statement` (key, value) name each of its topic words: in
    a label or a value, or as a word of a class (`class_patterns`: name -> (pattern, key
    prefixes)) one of their keys is of."""
    found = list(found)
    held = set().union(*(topic_words(f"{label_of(k)} {v}") for k, v in found))
    missing = set(topic_words(statement)) - held
    if not missing:
        return True
    keys = [key for key, _ in found]
    for pattern, prefixes in class_patterns.values():
        if any(key.startswith(prefixes) for key in keys):
            missing = {w for w in missing if not _in_class(w, statement, pattern)}
    return not missing


def _in_class(stemmed: str, statement: str, pattern: re.Pattern[str]) -> bool:
    """Whether a word of `statement` with this stem is one the class `pattern` matches."""
    return any(
        stem(match.group()) == stemmed or stemmed in topic_words(match.group())
        for match in pattern.finditer(statement)
    )


def same_topic(older: str, newer: str, keys: Callable[[str], Iterable[str]]) -> bool:
    """Whether two statements are about the same thing, so that the newer may replace what
    the older says: the recogniser reads a fact of the same key from both (`keys`: a
    statement's fact keys), or they share a topic word ("rent is 25k" and "found a flat in
    Baner, rent 26k"; "we live in Kolkata" and "moving to Pune from Kolkata"). A clause
    that says when a value ends or starts ("till the twins join play school", "started when
    I joined the mill") names an event, not the topic: two such share no topic by it. Nor
    does a person's name (`person_words`): "Kavya earns 3,900 euro" and "Kavya's share of
    the insurance is 412 euro" are about her, but not one thing of hers."""
    if not _topic(older).isdisjoint(_topic(newer)):
        return True
    return not set(keys(older)).isdisjoint(keys(newer))


# A clause of when a value ends or starts, up to the clause's end: "until our son's board
# exams are over", "till we shift to Pune", "ever since she joined college".
_WHEN = re.compile(
    r"\b(?:till|until|untill|upto|when|whenever|once|by the time)\b[^,;.]*", re.IGNORECASE
)


def _topic(text: str) -> frozenset[str]:
    """`topic_words` of `text` without its clauses of when (`_WHEN`) and the names of its
    people (`without_names`)."""
    return without_names(_WHEN.sub(" ", text))


def without_names(text: str) -> frozenset[str]:
    """`topic_words` of `text` but the names it says someone by (`person_words`): a
    statement's topic is what it is about, not whose. (A name one statement says without
    using it as one is still dropped from the pair: the other's topic lacks it.)"""
    return topic_words(text) - _person_stems(text)


def _person_stems(text: str) -> frozenset[str]:
    return frozenset(stem(name) for name in person_names(text))


@lru_cache(maxsize=65536)
def on_topic(older: str, newer: str) -> bool:
    """`same_topic`, with the keys the finance recogniser reads."""
    return same_topic(older, newer, _keys)


def _keys(text: str) -> tuple[str, ...]:
    return tuple(key for key, _ in recognise(text))
