"""The offline coach's summarizer: the fold of the embedded default. Deterministic.

It keeps what a person would keep: every figure, date, preference and decision the user
stated (read by the finance recogniser), with the newest value of anything that changed
and the value it replaced ("rent: ₹28,000 (was ₹25,000)"); then the user's decisions and
preferences in their words; then, last, the questions they asked. It reads the previous
summary (part of the fold request) and the user's lines only: the coach's replies restate
figures in other roles ("an emergency fund of 3-6 months of expenses is ₹1,80,000"), which
would be mistaken for the user's own.

Within the cap the request names, it drops what matters least first and says what it
dropped (`summary_fit`); the summary it writes is a `SummaryDraft` (`summary_draft`). It is
a recogniser of phrasings, not understanding.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from datetime import UTC, datetime

from fincoach_tui.domain.finance_facts import Reading, coach_subject, find_facts, read, recognise
from fincoach_tui.domain.statement_pieces import ledger_statements, with_continuations
from fincoach_tui.domain.statement_verdicts import carried
from fincoach_tui.domain.user_statements import is_question, parse_line
from fincoach_tui.llm.base import ChatMessages
from fincoach_tui.llm.summary_draft import (
    DECISIONS,
    DROPPED,
    FACTS_HEADING,
    TOPICS,
    WORDS_HEADING,
    SummaryDraft,
)
from fincoach_tui.llm.summary_fit import fit

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
        fit(summary, int(cap.group(1)), count_text)
    return "\n".join(summary.lines())


def _read_previous(previous: str) -> SummaryDraft:
    summary = SummaryDraft()
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
    summary: SummaryDraft, text: str, turn: int, said_at: float | None, reading: Reading
) -> Reading:
    stated, reading = read(text, said_at, reading)
    for key, value in stated:
        summary.state(key, value, turn)
    statements = ledger_statements(text, turn)  # a pasted bank statement: one of them
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
