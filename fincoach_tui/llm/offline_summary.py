"""The offline coach's summarizer: the fold of the embedded default. Deterministic.

It keeps what a person would keep: every figure, date, preference and decision the user
stated (read by the finance recogniser), with the newest value of anything that changed
and the value it replaced ("rent: ₹28,000 (was ₹25,000)"); then the user's decisions and
preferences in their words; then, last, the questions they asked. It reads the previous
summary (part of the fold request) and the user's lines only: the coach's replies restate
figures in other roles ("an emergency fund of 3-6 months of expenses is ₹1,80,000"), which
would be mistaken for the user's own.

Within the cap the request names, it drops the oldest question topics first, then the
oldest decisions, then the "was" notes, then the least salient, oldest facts, and says
what it dropped. It is a recogniser of phrasings, not understanding.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass, field
from datetime import UTC, datetime

from fincoach_tui.domain.amounts import find_amounts
from fincoach_tui.domain.fact_store import same_value
from fincoach_tui.domain.finance_facts import (
    Reading,
    coach_subject,
    find_facts,
    label_of,
    read,
    recognise,
)
from fincoach_tui.domain.statement_pieces import with_continuations
from fincoach_tui.domain.statement_verdicts import (
    carried,
    marked_line,
    paraphrased,
    replaced,
    replacing,
)
from fincoach_tui.domain.statement_words import on_topic
from fincoach_tui.domain.user_statements import (
    Statement,
    is_question,
    parse_line,
    pick_statements,
    salience,
)
from fincoach_tui.llm.base import ChatMessages
from fincoach_tui.llm.summary_fact_line import fact_line

HEADER = "[simulated summary]"
FACTS_HEADING = "Facts the user stated (newest values):"
WORDS_HEADING = "In the user's words (newest first):"
DECISIONS = "Decisions and preferences: "
TOPICS = "Asked about: "
DROPPED = "Dropped to fit the cap: "
OUTDATED = " (outdated)"

# The questions asked are context, not facts: only the newest few are named.
MAX_TOPICS = 4
_CAP = re.compile(r"at most (\d+) tokens", re.IGNORECASE)
_FACT_LINE = re.compile(r"^- (?P<label>[^:]+): (?P<value>.*?)(?: \(was (?P<was>[^)]*)\))?$")
_DECISION = re.compile(
    r"\b(?:i've decided|i have decided|i decided|we decided|we've decided|i'll|i will|"
    r"i'm going to|we're going to|i am going to|i plan to|we plan to|i've started|i started|"
    r"i've opened|i opened|i've stopped|i stopped|i prefer|we prefer|i'd rather|i would rather|"
    r"i don't want|i do not want|i want to|i never|i always)\b",
    re.IGNORECASE,
)
# Lower is kept longer: money the user lives on first, then what shapes the advice.
_SALIENCE = (
    (
        re.compile(
            r"^(?:(?:spouse_)?(?:salary|pension|sip)|(?:salary|pension|sip|bonus)_of_[a-z]+|rent|"
            r"expenses|loan_\w+|fd_\w+|rd_\w+|risk|goal_\w+)$"
        ),
        0,
    ),
    (
        re.compile(
            r"^(?:invest_\w+|insurance_\w+|emergency_fund|savings|debt_\w+|risk_reason|"
            r"parents_\w+)$"
        ),
        1,
    ),
    (re.compile(r"^(?:family_\w+|dependants|city|name|cost_\w+|retirement_age)$"), 2),
)


@dataclass
class _Summary:
    facts: dict[str, str] = field(default_factory=dict)  # key -> newest value, first-said order
    was: dict[str, str] = field(default_factory=dict)  # key -> the value it replaced
    said_in: dict[str, int] = field(default_factory=dict)  # key -> turn (0: previous summary)
    statements: list[Statement] = field(default_factory=list)  # oldest first
    decisions: list[str] = field(default_factory=list)
    topics: list[str] = field(default_factory=list)
    dropped: list[str] = field(default_factory=list)

    def state(self, key: str, value: str, turn: int) -> None:
        old = self.facts.get(key)
        if old is not None and (
            same_value(key, old, value)
            or same_value(key, fact_line(key, old), fact_line(key, value))
        ):  # the line a previous summary wrote is the value without its echo
            return
        if old is not None:
            self.was[key] = old
        self.facts[key] = value
        self.said_in[key] = turn

    def _marked(self, decision: str) -> str:
        """A decision in the user's words, marked outdated where it states a value the
        facts above have since replaced ("I've started an SIP of 5k" once the SIP is 7.5k):
        the newest value wins, in the text as for the recogniser."""
        if decision.endswith(OUTDATED):
            return decision
        for key, value in recognise(decision):
            newest = self.facts.get(key)
            if newest is not None and not same_value(key, value, newest):
                return decision + OUTDATED
        return decision

    def against(self, statement: Statement) -> dict[str, str]:
        """The facts that may replace what `statement` says: those about its topic."""
        return replacing(statement, self.facts, self.said_in, self.statements)

    def add_statement(self, statement: Statement) -> None:
        if all(s.text != statement.text for s in self.statements):
            self.statements.append(statement)

    def shown_statements(self) -> list[Statement]:
        """The statements the facts and decisions above do not already hold, oldest first.
        The facts hold one only when they name its words as well as its values (`carried`):
        "loan EMI: closed" does not hold "the tractor loan is closed now"."""
        decided = tuple(d.rstrip("…").rstrip() for d in self.decisions)
        return [
            s
            for s in self.statements
            if not carried(s.text, self.facts) and not s.text.startswith(decided or ("\0",))
        ]

    def lines(self) -> list[str]:
        out = [HEADER]
        if self.facts:
            out.append(FACTS_HEADING)
            for key, value in self.facts.items():
                was = f" (was {self.was[key]})" if key in self.was else ""
                out.append(f"{fact_line(key, value)}{was}")
        shown = self.shown_statements()
        if shown:
            out.append(WORDS_HEADING)
            out += [marked_line(s, self.against(s)) for s in reversed(shown)]
        if self.decisions:
            out.append(DECISIONS + "; ".join(map(self._marked, self.decisions)) + ".")
        if self.topics:
            out.append(TOPICS + "; ".join(self.topics) + ".")
        if self.dropped:
            out.append(DROPPED + "; ".join(self.dropped) + ".")
        return out


def summarize(messages: ChatMessages, count_text: Callable[[str], int] | None = None) -> str:
    """The new summary for a fold request, within the cap it names when `count_text` is given."""
    prompt = messages[0]["content"] if messages else ""
    body = messages[-1]["content"] if messages else ""
    previous, _, new = body.partition("\nNew turns")
    summary = _read_previous(previous)
    first = re.match(r" \((\d+)-", new)
    turn = int(first.group(1)) if first else 1
    # Each message is read knowing the facts before it and what was just talked about.
    reading = Reading().knowing(summary.facts.items())
    offset = 0
    for role, text, said_at in _blocks(new.splitlines()):
        if role == "user":
            reading = _read_user(summary, text, turn + offset, said_at, reading)
            offset += 1
        else:
            reading = reading.about(coach_subject(text) or reading.subject)
    summary.topics = summary.topics[-MAX_TOPICS:]
    cap = _CAP.search(prompt)
    if cap and count_text is not None:
        _fit(summary, int(cap.group(1)), count_text)
    return "\n".join(summary.lines())


def _read_previous(previous: str) -> _Summary:
    summary = _Summary()
    in_words = False
    for line in previous.splitlines():
        line = line.strip()
        if line == WORDS_HEADING or line == FACTS_HEADING:
            in_words = line == WORDS_HEADING
            continue
        statement = parse_line(line) if in_words else None
        if statement is not None:  # newest first in the text: oldest first here
            summary.statements.insert(0, statement)
            continue
        in_words = False
        match = _FACT_LINE.match(line)
        if match:
            found = recognise(f"- {match['label']}: {match['value']}")
            if found:
                key, value = found[-1]
                summary.facts[key] = value
                summary.said_in[key] = 0
                if match["was"]:
                    summary.was[key] = match["was"]
        elif line.startswith(DECISIONS):
            summary.decisions = _items(line, DECISIONS)
        elif line.startswith(TOPICS):
            summary.topics = _items(line, TOPICS)
        elif line.startswith(DROPPED):
            summary.dropped = _items(line, DROPPED)
        elif line.startswith("Facts:"):  # an older summary's one-line form
            for key, fact in find_facts([("summary", line.replace("Facts:", "", 1))]).items():
                summary.state(key, fact.value, 0)
    return summary


def _items(line: str, prefix: str) -> list[str]:
    return [item.strip() for item in line[len(prefix) :].rstrip(".").split("; ") if item.strip()]


def _read_user(
    summary: _Summary, text: str, turn: int, said_at: float | None, reading: Reading
) -> Reading:
    stated, reading = read(text, said_at, reading)
    for key, value in stated:
        summary.state(key, value, turn)
    statements = pick_statements(text, turn)
    for statement in with_continuations(statements):  # a classless piece with its statement
        summary.add_statement(statement)
    for sentence in re.split(r"(?<=[.!?])\s+|\n+", text):
        sentence = sentence.strip()
        if not sentence:
            continue
        if is_question(sentence):
            if not stated:
                summary.topics.append(_first_words(sentence))
        elif _DECISION.search(sentence) and not any(
            s.text in sentence and not carried(s.text, summary.facts) for s in statements
        ):
            decision = _first_words(sentence, 18)
            if decision not in summary.decisions:
                summary.decisions.append(decision)
    return reading


def _fit(summary: _Summary, cap: int, count_text: Callable[[str], int]) -> None:
    """Drop what matters least until the summary fits `cap` tokens, and say what went:
    the oldest question topics, then the oldest decisions, then the user's statements all of
    whose values were replaced, then the "was" notes, then the other statements (those with
    no figure and no fact-bearing word first, the oldest first), then the least salient and
    oldest facts; the newest value of something that changed goes last of all."""
    earlier = summary.dropped[-4:]
    # Statements the facts hold are not in the text; they must not come back in it when
    # those facts are dropped below.
    summary.statements = summary.shown_statements()
    counts = {"older question topic": 0, "older decision": 0, "older statement": 0}
    named: list[str] = []
    changed = set(summary.was)

    def over() -> bool:
        notes = [f"{n} {what}{'s' * (n != 1)}" for what, n in counts.items() if n]
        summary.dropped = list(dict.fromkeys([*earlier, *notes, *named]))
        return count_text("\n".join(summary.lines())) > cap

    while over() and summary.topics:
        summary.topics.pop(0)
        counts["older question topic"] += 1
    while over() and summary.decisions:
        summary.decisions.pop(0)
        counts["older decision"] += 1
    while over() and (stale := [s for s in summary.statements if _superseded(summary, s)]):
        summary.statements.remove(stale[0])  # only old values, the oldest first
        counts["older statement"] += 1
    while over() and summary.was:
        key = min(summary.was, key=lambda k: summary.said_in.get(k, 0))
        del summary.was[key]
        named.append(f"the old {label_of(key)}")
    while over() and summary.statements:
        least = min(summary.statements, key=lambda s: (salience(s.text), _words_only(s), s.turn))
        # Never a newer statement while an older one on its topic stays: the older goes
        # first, so an old value is never left without the newer one that may replace it.
        # But not an older one in words the facts only paraphrase (a stance, a place, who
        # the family are) for a newer one that states none of those (`_restates`): that one
        # cannot have replaced it ("Kabir depends on me" does not replace "just me and my
        # son Kabir"; "my husband drives a cab" does replace "married, one kid").
        restates = _restates(least)
        older = [
            s
            for s in summary.statements
            if s.turn < least.turn
            and (restates or not _words_only(s))
            and on_topic(s.text, least.text)
        ]
        summary.statements.remove(min(older, key=lambda s: s.turn) if older else least)
        counts["older statement"] += 1
    for key in sorted(
        summary.facts, key=lambda k: (k in changed, -_salience(k), summary.said_in.get(k, 0))
    ):
        if not over():
            break
        del summary.facts[key]
        named.append(label_of(key))
    while over() and (earlier or named):  # the note itself must fit too: shorten it
        if earlier:
            earlier = earlier[1:]
        else:
            named = named[1:]


def _restates(statement: Statement) -> bool:
    """Whether `statement` states a stance, a place or who the family are: what the facts
    only paraphrase, so what may replace another statement's words."""
    return any(paraphrased(key) for key, _ in recognise(statement.text))


def _words_only(statement: Statement) -> bool:
    """Whether `statement` states a stance, a place or who the family are, and no money:
    the facts hold only a paraphrase of it, so of two statements as salient it is kept the
    longer (one with an amount has that amount among the facts)."""
    return not find_amounts(statement.text) and any(
        paraphrased(key) for key, _ in recognise(statement.text)
    )


def _superseded(summary: _Summary, statement: Statement) -> bool:
    """Whether all `statement` says was replaced by figures. A replaced stance, place or
    family word is not enough: the recogniser paraphrases those and files them per
    household, not per person ("I'm fine with high risk" and, typed by the spouse, "I'm
    conservative" are both true), so such a statement goes only by salience."""
    old, whole = replaced(statement.text, summary.against(statement))
    return whole and not any(paraphrased(key) for key in old)


def _salience(key: str) -> int:
    for pattern, rank in _SALIENCE:
        if pattern.match(key):
            return rank
    return 3


_USER = re.compile(r"^User(?: \((?P<date>\d{1,2} [A-Z][a-z]{2} \d{4})\))?: ")


def _blocks(lines: list[str]) -> list[tuple[str, str, float | None]]:
    """The messages in a fold request, (role, text, when), each from "User: " or
    "FinCoach: " up to the next; the user's dated where the request dates them ("User (14
    May 2026): ..."): then a relative date ("in 3 months") is kept as the month it names."""
    blocks: list[tuple[str, list[str], float | None]] = []
    for line in lines:
        match = _USER.match(line)
        if match:
            said = match["date"]
            at = (
                datetime.strptime(said, "%d %b %Y").replace(tzinfo=UTC).timestamp()
                if said
                else None
            )
            blocks.append(("user", [line[match.end() :]], at))
        elif line.startswith("FinCoach"):
            blocks.append(("coach", [line.partition(": ")[2]], None))
        elif blocks:
            blocks[-1][1].append(line)
    return [(role, "\n".join(block), at) for role, block, at in blocks]


def _first_words(text: str, count: int = 8) -> str:
    words = text.replace(";", ",").rstrip(".?!").split()
    return " ".join(words[:count]) + ("…" if len(words) > count else "")


def summary_keys(text: str) -> set[str]:
    """The fact keys a summary states (for tests and checks)."""
    return {
        key for line in text.splitlines() if _FACT_LINE.match(line) for key, _ in recognise(line)
    }
