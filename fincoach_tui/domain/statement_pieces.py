"""A statement's continuation kept with it. Pure.

The user's messages are cut into statements at sentences and clauses (`user_statements`),
and a long dictated one at its joining words. A piece that names none of the fact-bearing
word classes is usually the rest of the statement before it: when or how much of what that
one named ("We want to go to Kashi, about 1.2 lakh. Around Karthigai, so November next
year"). Ranked on its own, such a piece has nothing a question names it by, so it loses to
its neighbours on the notes' budget or the summary's cap, and the date goes while the trip
stays (or is kept with nothing to say what it dates); or it says what became of that
thing ("About the old policy: I went to the branch. They explained, and I surrendered it"),
and ranked with no figure and no class it is the first to go. So the memory keeps each
classless piece that continues the statement before it with that statement, when that one
names a class, in the same message: one statement, ranked, kept and dropped as one. A piece
continues what was said before when it states a figure (an amount, a date, a count: of the
thing just named) or refers back to it (a pronoun or a demonstrative: "it", "that", "they").
A classless piece that does neither ("Want to sort out my money", "the weather is nice")
says nothing about the statement before: joined to it, it would only make it longer and
keep the facts from holding it, so it stays apart, ranked least salient, as does a classless
piece with nothing before it.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from fincoach_tui.domain.finance_facts import recognise
from fincoach_tui.domain.recognise.ledger_lines import as_entry
from fincoach_tui.domain.user_statements import (
    Statement,
    classes_of,
    has_figure,
    pick_statements,
)

# Words that point back at what was just said: English pronouns and demonstratives, and the
# Hindi ones people mix in ("wo", "uska").
_REFERS_BACK = re.compile(
    r"\b(?:it|its|that|this|these|those|they|them|their|there|he|she|him|her|"
    r"wo|woh|ye|yeh|uska|uski|uske|iska|iski|iske|unka|unki|usko|isko)\b",
    re.IGNORECASE,
)


def continues(text: str) -> bool:
    """Whether a statement that names no word class goes on with the one said before it:
    it states a figure or refers back (`_REFERS_BACK`)."""
    return has_figure(text) or bool(_REFERS_BACK.search(text))


def with_continuations(statements: Sequence[Statement]) -> list[Statement]:
    """`statements` (of one message, in the order said) with each one that names no word
    class (`classes_of`) but `continues` it joined to the one before it, when that one (with
    what was joined to it) names a class."""
    joined: list[Statement] = []
    for statement in statements:
        text = statement.text
        if joined and not classes_of(text) and continues(text) and classes_of(joined[-1].text):
            last = joined[-1]
            joined[-1] = Statement(last.turn, f"{last.text.rstrip('.')}. {statement.text}")
        else:
            joined.append(statement)
    return joined


# A header in square brackets that opens a message: the time or the channel it was sent on
# ("[0742]", "[SMT 0740, 2 days later]", "[voice note 0:21]", "[fwd]").
_HEADER = re.compile(r"^\s*\[[^\[\]\n]{1,40}\]\s*")


def without_header(text: str) -> str:
    """`text` without the header in square brackets it opens with, if any: metadata of how
    the message came, not something the user states. Its digits are no figure (a statement
    "[0805] ok, how much should I save" would rank with those that carry an amount no fact
    holds), and in every line of the notes it would only cost tokens."""
    return _HEADER.sub("", text, count=1)


# The column headings a pasted bank statement opens with ("Date  Narration  Debit  Credit
# Balance"): no statement of the user's.
_HEADINGS = frozenset(
    "date value txn tran transaction narration description particulars details remarks "
    "chq cheque ref no debit credit withdrawal withdrawals deposit deposits amount balance "
    "closing opening dr cr".split()
)
LEDGER = "Bank statement: "  # how a pasted statement's entries open their one line
_PAISE = re.compile(r"(?<=\d)\.00\b")


def _entry(line: str) -> str | None:
    """A pasted statement line as its entry ("SAIL BSP SALARY NOV 71,340"), or None."""
    entry = as_entry(line.strip())
    return None if entry == line.strip() else _PAISE.sub("", entry)


def _headings(line: str) -> bool:
    words = re.findall(r"[a-z]+", line.lower())
    return bool(words) and all(w in _HEADINGS for w in words)


def ledger_statements(text: str, turn: int) -> list[Statement]:
    """`pick_statements` of a message, but the lines of a bank statement pasted in it (two or
    more lines `as_entry` reads as entries, with the column headings above them) as one
    statement where they stood: its entries, each its description and amount, without the
    date, the balance or the bank's codes ("Bank statement: SAIL BSP SALARY NOV 71,340;
    HDFC LTD HOUSING LOAN EMI 19,880"). Each line alone took a statement's place, so one
    paste crowded out what the user said in words, and its dates and balances were figures
    no one asks about."""
    lines = text.split("\n")
    entries = [_entry(line) for line in lines]
    if sum(e is not None for e in entries) < 2:
        return pick_statements(text, turn)
    statements: list[Statement] = []
    words: list[str] = []
    rows: list[str] = []
    for line, entry in zip(lines, entries, strict=True):
        if entry is None and not (_headings(line) and not rows):
            if rows:
                statements.append(_ledger(turn, rows))
                rows = []
            words.append(line)
            continue
        if words:
            statements += pick_statements("\n".join(words), turn)
            words = []
        if entry is not None:
            rows.append(entry)
    if rows:
        statements.append(_ledger(turn, rows))
    if words:
        statements += pick_statements("\n".join(words), turn)
    return statements


def _ledger(turn: int, rows: list[str]) -> Statement:
    """A pasted statement's entries as one statement: those the recogniser reads nothing
    from alone ("DENTAL CLINIC 1,850") first, so that none of them is read as more of the
    entry before it, and the statement reads as its lines do (the salary, the EMI...)."""
    rows = sorted(rows, key=lambda row: bool(recognise(row)))  # stable: in order otherwise
    return Statement(turn, LEDGER + "; ".join(rows))


def message_statements(text: str, turn: int) -> list[Statement]:
    """The statements of one user message (`pick_statements`, a pasted bank statement one of
    them: `ledger_statements`), without the header it opens with (`without_header`), each
    classless piece kept with the classed statement before it (`with_continuations`)."""
    return with_continuations(ledger_statements(without_header(text), turn))
