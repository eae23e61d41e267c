"""What the user said about themselves, in their own words: the fallback of the memory. Pure.

The finance recogniser reads the phrasings it knows; a person says the rest in ways no
list foresees ("my better half earns a bit more than me, around 95k", "papa ki pension
30 hazaar aati hai", "first job. noida."). So that what it cannot classify is still kept,
the user's messages are cut into sentences and clauses, and every clause that states
something is kept verbatim with its turn: not a question or a request to the coach, not
small talk, not someone else's figure or a what-if. Fragments too short to stand alone
("noida", "23M") are kept joined to their neighbours. `salience` ranks what is kept: a
figure (an amount, rate, date, year or count) first, then a word of a fact-bearing class
(family, a place, risk, goals, insurance, loans, deposits, income, costs), then the rest.

Whether the structured facts already hold a statement, or replaced what it says, is
`statement_verdicts`.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass
from functools import lru_cache

from fincoach_tui.domain.amounts import find_amounts
from fincoach_tui.domain.recognise.parts import figures_in
from fincoach_tui.domain.recognise.words import (
    CONDITION,
    FIRST_PERSON,
    OWN_WHAT,
    SOMEONE_ELSE,
    WHAT_IF,
    answer_start,
)

# A statement longer than this is cut at a word boundary: the figure is usually early.
MAX_WORDS = 40
OUTDATED = " (outdated)"


@dataclass(frozen=True)
class Statement:
    turn: int
    text: str

    def line(self, outdated: bool = False, partly: Sequence[str] = ()) -> str:
        """The statement as a line; marked outdated, or, when only some of what it says has
        been replaced, outdated for those (`partly`: their labels)."""
        mark = OUTDATED if outdated else f" (outdated: {', '.join(partly)})" if partly else ""
        return f"- (turn {self.turn}) {self.text}{mark}"


_LINE = re.compile(
    r"^- \(turn (?P<turn>\d+)\) (?P<text>.*?)(?: \(outdated(?:: (?P<partly>(?:[^()]|\([^()]*\))*))?\))?$"
)


def parse_line(line: str) -> Statement | None:
    """The statement a `Statement.line` wrote, or None for any other line."""
    match = _LINE.match(line.strip())
    return Statement(int(match["turn"]), match["text"]) if match else None


def partly_outdated(line: str) -> tuple[str, ...]:
    """The labels a line marks outdated ("(outdated: loan home rate)"), if only some."""
    match = _LINE.match(line.strip())
    return tuple(match["partly"].split(", ")) if match and match["partly"] else ()


# The classes of words that make a clause worth keeping without a figure, each with the
# fact-key prefixes that carry that class (a statement is carried only when every class it
# names is among the facts the recogniser read from it).
CLASSES: dict[str, tuple[re.Pattern[str], tuple[str, ...]]] = {
    "family": (
        re.compile(
            r"\b(?:wife|husband|spouse|partner|kids?|child(?:ren)?|sons?|daughters?|baby|"
            r"pregnant|parents?|mother|father|mom|mum|dad|papa|mummy|maa|amma|appa|in-laws?|"
            r"married|single|widow\w*|divorc\w*|dependa?n\w*|twins|grand\w*|brother|sister|"
            r"siblings?|bhai|behen|biwi|beta|beti|bachche|bacche|family|"
            # the kin words of Marathi, Bengali and Tamil: "bayko, don mula, ani aai"
            r"bayko|navra|mula|mulga|mulgi|aai|chele|meye|bou|boudi|dada|pasanga|"
            r"amma|appa|achan|joint family)\b",
            re.IGNORECASE,
        ),
        ("family", "dependants", "spouse"),
    ),
    "place": (
        re.compile(
            r"\b(?:live|living|lives|based|moved|moving|move|relocat\w*|shift(?:ed|ing)?|"
            r"settled|stay(?:ing)?|rehte|rehta|rehti)\b[^.;]{0,20}?\b(?:in|to|from|at|mein)\b"
            r"|\b(?:from|in|mein|near)\s+[A-Z][a-z]{2,}|\b[A-Z][a-z]{2,}\s+(?:mein|se)\s+\w"
            # a place before the word for "in" or "from" of Telugu, Gujarati, Punjabi,
            # Marathi: "Guntur lo", "Rajkot ma", "Ludhiana vich", "Pune madhe", a short
            # name in capitals between ("Vizag RTC lo")
            r"|\b[A-Z][a-z]{2,}\s+(?:[A-Z]{2,5}\s+)?(?:lo|loni|nunchi|ma|maa|vich|madhe)\b",
        ),
        ("city",),
    ),
    "risk": (
        re.compile(
            r"\b(?:risk\w*|safe(?:ty)?|secure|conservative|aggressive|volatil\w*|cautious|"
            r"crash\w*|los[st]|losing|guarantee\w*|nervous|scared|afraid|sleep|gamble|"
            r"capital (?:protection|safety|preservation)|protect\w*|preserv\w*|"
            r"darr?|dar lagta|stock market|equit(?:y|ies)|shares?|stocks?|crypto|"
            # the market and what it does to money, the words a stance's reason is said in
            # ("can't sleep if markets fall", "burnt in F&O", "paisa doob gaya", "take a hit")
            r"markets?|trading|f&o|intraday|futures|fall(?:s|ing)?|dips?|swings?|ups and downs|"
            r"burn(?:t|ed)|wiped|fiasco|scam|doob\w*|take a hit|tension|peace of mind)\b",
            re.IGNORECASE,
        ),
        ("risk",),
    ),
    "goal": (
        re.compile(
            r"\b(?:goals?|target|dream|save (?:up )?for|saving (?:up )?for|plan(?:ning)? to|"
            r"want to (?:buy|build|retire|travel|go|save|start|send)|buy(?:ing)? a|retire\w*|"
            r"wedding|shaadi|education|college|abroad|down ?payment|corpus|trip|vacation|"
            r"holiday)\b",
            re.IGNORECASE,
        ),
        ("goal", "retirement"),
    ),
    "insurance": (
        re.compile(
            r"\b(?:insur\w*|polic(?:y|ies)|premium|term plan|cover(?:age)?|mediclaim|lic|ulip|"
            # a family floater, and the government health schemes that stand for a policy
            r"floater|echs|cghs|esic?)\b",
            re.IGNORECASE,
        ),
        ("insurance",),
    ),
    "debt": (
        re.compile(
            r"\b(?:loans?|emis?|mortgage|credit card|debt|borrow\w*|owe|outstanding|karz|karza)\b",
            re.IGNORECASE,
        ),
        ("loan", "debt", "cost"),
    ),
    "saving": (
        re.compile(
            r"\b(?:sips?|fds?|rds?|fixed deposit|recurring deposit|deposit|mutual funds?|mf|"
            r"ppf|epf|pf|nps|elss|index fund|gold|bonds?|invest\w*|portfolio|savings?|"
            r"emergency fund|matur\w*|corpus)\b",
            re.IGNORECASE,
        ),
        ("fd", "rd", "sip", "invest", "savings", "emergency"),
    ),
    "income": (
        re.compile(
            r"\b(?:salary|take[- ]home|in[- ]hand|ctc|earn\w*|income|freelanc\w*|"
            r"consult\w*|side (?:gig|hustle|business)|business|rental|tenant|dividend\w*|"
            r"bonus|pension|stipend|tuitions?|kamata|kamati|kamai|tankhwah)\b",
            re.IGNORECASE,
        ),
        ("salary", "spouse_salary", "pension", "income", "bonus", "other"),
    ),
    "cost": (
        re.compile(
            r"\b(?:rent|expenses?|spend\w*|bills?|fees?|groceries|maid|school|kharcha)\b",
            re.IGNORECASE,
        ),
        ("rent", "expenses", "cost"),
    ),
}

_COUNT = re.compile(
    r"\b(?:\d+|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|fifteen|twenty|"
    r"thirty|forty|fifty|sixty|do|teen|char)\b(?!\s*\?)",
    re.IGNORECASE,
)
_YEAR = re.compile(r"\b(?:19|20)\d\d\b")
# A scale word of an Indian language (thousand, lakh, crore), alone or ending the word it
# was written into: "munnooraayiram" (Tamil, 3 lakh), "kuri hajar" (Bengali, 20,000),
# "nooru saavira" (Kannada, 1 lakh). Money said so is money whether or not the amount
# reader turns it into a figure. "velu" and "koti" are also names ("my
# brother Velu"): those count only in small letters.
_SCALE_WORD = re.compile(
    r"\b\w*?(?i:aa?yiram|haz?jaa?r|hazaa?r|saa?vira|veyyi|laksh(?:a|am|al)?|lakhs?|laakh|"
    r"lacs?|l?atcham|karod|karor|crores?)\b|\b\w*?(?:velu|koti)\b"
)
# A question, or a request to the coach (an imperative: "explain ...", "sum up ..."): a
# question word or a request opens it. An auxiliary verb opens a question only when a
# subject follows it ("do I", "is it", "can we", "are there"): "do saal baad plot lena hai"
# and "Do bachche hain" (Hindi "two") state something.
_AUXILIARY = (
    "should|shall|can|could|would|will|is|are|am|do|does|did|was|were|has|have|had|may|might|must"
)
_QUESTION = re.compile(
    r"^\W*(?:what|whats|wat|how|hows|which|where|when|why|who|whom|whose|any|tell me|tell us|"
    r"explain|suggest|help|advise|recap|summari[sz]e|sum up|list|lay out|show|give (?:me|us)|"
    r"calculate|compute|compare|let me know|kindly|kya|kaise|kitna|kitne|kitni|kab|kyun|kahan|"
    r"konsa|kaunsa|batao|bataiye|please (?:tell|explain|suggest|help|give|list|show|"
    r"summari[sz]e|advise))\b"
    rf"|^\W*(?:{_AUXILIARY})(?:n'?t)?\s+(?:i|you|u|we|he|she|it|they|there|this|that|these|those|my|"
    r"our|your|his|her|their|the|a|an|one|someone|anyone|anybody|me|us)\b",
    re.IGNORECASE,
)
# After a statement, a part with a question mark that opens with neither a question word nor
# an auxiliary verb is a hedge ("idk my risk, high i guess?"), not a question.
_ASKS = re.compile(rf"^\W*(?:{_AUXILIARY})\b", re.IGNORECASE)
# Small talk: greetings, thanks, acknowledgements ("Noted.", "Understood, thank you.").
_PLEASANTRY = re.compile(
    r"^\W*(?:(?:thanks?|thank you|thx|ty|ok(?:ay)?|k|cool|great|got it|sure|hi|hello|hey|bye|"
    r"makes sense|sounds good|perfect|nice|noted|understood|i see|good|fine|alright|right|yes|"
    r"no|yeah|yep|nope|hmm+|wow|awesome|good (?:morning|evening|afternoon)|namaste)\W*)+$"
    # an apology for the chat itself: "Sorry, long day", "sorry for the typos", "my bad"
    r"|^\W*(?:sorry|my bad|oops)\b(?!.*\d)"
    r"(?:\W+(?:for|if|about)\b(?![^.]*\bbut\b)[^.]*|(?:\W+\w+){0,2})\W*$"
    r"|^\W*(?:thanks?|thank you)\b(?!.*\d)",
    re.IGNORECASE,
)
# What opens a lead-in to a question rather than a statement: a preposition, a participle
# or a connective ("For the trip, ...", "Keeping our risk in mind, ...", "Incidentally, ...").
_LEAD_IN = re.compile(
    r"^\W*(?:with|without|for|given|keeping|considering|regarding|concerning|about|on|as|"
    r"since|after|before|once|now that|in|at|by|from|to|apart from|besides|also|and|but|so|"
    r"then|now|btw|anyway|incidentally|speaking of|coming to|\w+ly)\b",
    re.IGNORECASE,
)
# A clause shorter than this is a fragment ("noida", "23M"): kept joined to its neighbours.
_FRAGMENT_WORDS = 3
_WORD = re.compile(r"[^\W\d_]{3,}")  # a word of three letters or more ("Pune", not "q1")
_SENTENCE = re.compile(r"(?<=[.!?])\s+(?=[^\d])|\n+|;\s*")
_ABBREVIATION = re.compile(r"\b(?:rs|no|approx|vs|etc|e\.g|i\.e|mr|mrs|dr|st)\.$", re.IGNORECASE)
_COMMA = re.compile(r",\s+")


# Hindi puts the question word last, and people leave out the question mark: "term insurance
# lena chahiye kya", "health insurance kitne ka hota h", "rain me orders kam hote h, kya karu".
_ASKED_LAST = re.compile(
    r"\b(?:kya|kaise|kitna|kitne|kitni|kab|kyun|kahan|kaun(?:sa|si)?|konsa|batao|bataiye)"
    r"(?:\s+(?:hai|h|hota|hoti|hote|karu|karun|karein|kare|karna|chahiye)){0,3}\W*$"
    r"|\b(?:kitne|kitna|kitni)\s+(?:ka|ki|ke)\s+(?:hota|hoti|hote)\b",
    re.IGNORECASE,
)


def is_question(clause: str) -> bool:
    return (
        clause.rstrip().endswith("?")
        or bool(_QUESTION.match(clause) and not OWN_WHAT.match(clause))
        or bool(_ASKED_LAST.search(clause))
    )


def classes_of(clause: str) -> tuple[str, ...]:
    """The fact-bearing word classes a clause names, in `CLASSES` order."""
    return tuple(name for name, (pattern, _) in CLASSES.items() if pattern.search(clause))


def has_figure(clause: str) -> bool:
    """An amount, rate, date or duration the recogniser's figure reader sees, a year, or a
    count ("two kids", "3 dependants")."""
    return bool(figures_in(clause) or find_amounts(clause) or _YEAR.search(clause)) or bool(
        _COUNT.search(clause) or money_in_words(clause)
    )


def money_in_words(clause: str) -> bool:
    """Whether `clause` says money in number words the amount reader turned into no figure:
    a scale word of an Indian language (`_SCALE_WORD`) outside every amount it read."""
    read = [(a.start, a.end) for a in find_amounts(clause)]
    return any(
        not any(start <= m.start() and m.end() <= end for start, end in read)
        for m in _SCALE_WORD.finditer(clause)
    )


def _sentences(text: str) -> list[str]:
    parts: list[str] = []
    for piece in _SENTENCE.split(text):
        piece = piece.strip()
        if not piece:
            continue
        if parts and _ABBREVIATION.search(parts[-1]):  # "Rs. 25,000": not an end
            parts[-1] = f"{parts[-1]} {piece}"
        else:
            parts.append(piece)
    return parts


def _statement_part(sentence: str) -> str:
    """A sentence without its question: "My salary is 80k, how much should I save?" keeps
    "My salary is 80k"; a sentence that is all question keeps nothing, and neither does a
    lead-in with no figure ("With that loan gone, what is left?": it sets up the question).
    After a statement, a part with a question mark but no question word is a hedge, not a
    question: "idk my risk, high i guess?" keeps both."""
    if not is_question(sentence):
        return sentence
    if not sentence.rstrip().endswith("?"):
        return ""
    kept: list[str] = []
    for part in _COMMA.split(sentence):
        if is_question(part) and not (kept and not (_QUESTION.match(part) or _ASKS.match(part))):
            preamble = ", ".join(kept)
            return "" if _LEAD_IN.match(preamble) and not has_figure(preamble) else preamble
        kept.append(part)
    return ", ".join(kept).rstrip("?")


def _trimmed(text: str) -> str:
    # No full stop at the end: "5k. (outdated)" would put the mark in a sentence of its own.
    words = text.strip().rstrip(",.!").split()
    text = " ".join(words[:MAX_WORDS]) + (" …" if len(words) > MAX_WORDS else "")
    return text.replace(";", ",")  # one clause for the judge's "(outdated)" and ours


def _not_theirs(clause: str) -> bool:
    """Someone else's figure or a what-if: "my colleague pays 40k rent", "if I get a raise".
    A first-person word after the one it names makes it the user's: "my boss and I split"."""
    if WHAT_IF.match(clause):
        return True
    other = SOMEONE_ELSE.match(clause)
    return other is not None and not FIRST_PERSON.search(clause[other.end() :])


def _is_statement(clause: str, asked: bool) -> bool:
    """Whether `clause` (the statement part of a sentence, `asked` if it ended in a question)
    states something."""
    if asked and CONDITION.match(clause):
        return False
    return bool(clause) and not (_PLEASANTRY.match(clause) or _not_theirs(clause))


@lru_cache(maxsize=8192)
def statements_in(text: str) -> tuple[str, ...]:
    """The clauses of one user message that state something (not a question, a request,
    small talk or someone else's figure), verbatim (trimmed), in the order said. A fragment
    ("noida") is joined to the statement said just before or after it; a message that is
    only a fragment is kept whole: it answers what the coach asked."""
    sentences = _sentences(text)
    runs: list[tuple[int, str]] = []  # (index of the last sentence in it, text)
    for index, sentence in enumerate(sentences):
        part = _statement_part(sentence).strip()
        if not _is_statement(part, is_question(sentence)):
            continue
        if index and answer_start(sentences[index - 1], part):
            # "Q: rent? A: 13,800": the answer is said of what was asked
            part = f"{sentences[index - 1]} {part}"
        short = len(part.split()) < _FRAGMENT_WORDS
        if runs and runs[-1][0] == index - 1 and (short or _short(runs[-1][1])):
            runs[-1] = (index, f"{runs[-1][1].rstrip('.')}. {part}")
        else:
            runs.append((index, part))
    found: list[str] = []
    for _, part in runs:
        if len(part.split()) < 2 and (len(sentences) > 1 or not _WORD.search(part)):
            continue  # a lone word among questions ("Second, should we ...?"), or no word
        for piece in _spoken_pieces(part):
            statement = _trimmed(piece)
            if statement and statement not in found:
                found.append(statement)
    return tuple(found)


# Where speech with no punctuation goes on to the next thing: "... sixty two thousand and we
# pay eighteen thousand rent ... so i keep most money in fds".
_SPOKEN_JOIN = re.compile(r"\s+(?=(?:and|but|so|also|plus|then|because|coz|actually)\s)", re.I)
_PIECE_WORDS = 24


def _spoken_pieces(part: str) -> list[str]:
    """A statement too long to keep whole (dictated, with no full stops) cut at its joining
    words into pieces of about `_PIECE_WORDS` words, so that nothing said after the first
    forty words is cut off. A statement of ordinary length is kept as it is."""
    if len(part.split()) <= MAX_WORDS:
        return [part]
    pieces: list[str] = []
    for clause in _SPOKEN_JOIN.split(part):
        if pieces and len(pieces[-1].split()) + len(clause.split()) <= _PIECE_WORDS:
            pieces[-1] = f"{pieces[-1]} {clause}"
        else:
            pieces.append(clause)
    return pieces


def _short(text: str) -> bool:
    return all(len(piece.split()) < _FRAGMENT_WORDS for piece in text.split(". "))


# The classes whose facts have no figure by nature (a preference and its reason, who depends
# on the user, where they live): ranking by figure alone would drop them first.
PHRASE_CLASSES = frozenset({"risk", "family", "place"})


def salience(statement: str) -> int:
    """How much a statement is worth keeping when not all can be: 2 with a figure or a word
    of a class whose facts are phrases (`PHRASE_CLASSES`), 1 with a word of another
    fact-bearing class, 0 otherwise."""
    if has_figure(statement):
        return 2
    classes = classes_of(statement)
    return 2 if PHRASE_CLASSES.intersection(classes) else 1 if classes else 0


def pick_statements(text: str, turn: int) -> list[Statement]:
    """`statements_in(text)` with the turn they were said at."""
    return [Statement(turn, s) for s in statements_in(text)]
