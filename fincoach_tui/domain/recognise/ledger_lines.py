"""Lines of a bank statement pasted into the chat, read as what was paid or received. Pure.

A statement line is a date, a description, the amount of the entry (with "DR"/"CR" or in a
debit or a credit column) and, usually, the balance after it:

    03/11/2026  ACH DR HDFC HOME LOAN EMI   32,400.00 DR   1,00,050.00

Read as free text, the balance (the figure nearest the next line's words) would be taken
for the EMI and the date for when the loan ends. `as_entry` gives the line as the recogniser
should read it, "HDFC HOME LOAN EMI 32,400.00": the description and the entry's amount,
without the date, the balance or the bank's codes. Any other line is left as it is.
"""

from __future__ import annotations

import re

from fincoach_tui.domain.recognise.words import MONTH_NAME

# The date a line opens with: "03/11/2026", "3-11-26", "03 Nov 2026", "03-Nov-26", "Nov 03".
_DATE = re.compile(
    r"^\s*(?:\d{1,2}[/.-]\d{1,2}(?:[/.-]\d{2,4})?"
    rf"|\d{{1,2}}[\s-]{MONTH_NAME}[a-z]*(?:[\s,-]+\d{{2,4}})?"
    rf"|{MONTH_NAME}[a-z]*\s+\d{{1,2}}(?:,?\s+\d{{4}})?)\b",
    re.IGNORECASE,
)
# Cells are cut by a tab, a pipe or two spaces or more.
_CELL = re.compile(r"\t+|\s*\|\s*|\s{2,}")
# An amount as a statement writes it: grouped, or with paise ("32,400.00", "4210.00").
_ENTRY_AMOUNT = re.compile(
    r"^[-+]?(?:₹|rs\.?|inr)?\s*(?:\d{1,3}(?:,\d{2,3})+|\d+)\.\d{2}(?:\s*(?:dr|cr))?$|"
    r"^[-+]?(?:₹|rs\.?|inr)?\s*\d{1,3}(?:,\d{2,3})+(?:\s*(?:dr|cr))?$",
    re.IGNORECASE,
)
# The bank's codes in a description: the channel and the side of the entry.
_CODES = re.compile(
    r"\b(?:neft|rtgs|imps|upi|ach|nach|ecs|pos|atm|dr|cr|txn|ref|inb|mb|bil|si)\b|[/_*#:-]+",
    re.IGNORECASE,
)
_NUMBERS = re.compile(r"\b[a-z]{0,3}\d+[a-z]{0,3}\b", re.IGNORECASE)
# The bank's short words: "LIC PREM" is a premium, "RD MONTHLY INST" an instalment.
_ABBREVIATIONS = {
    "prem": "premium",
    "prm": "premium",
    "inst": "instalment",
    "instl": "instalment",
    "sal": "salary",
    "pens": "pension",
    "int": "interest",
    "ln": "loan",
    "hsg": "housing",
}
_EMPTY = frozenset({"", "-", "--", "0.00", "dr", "cr"})


def as_entry(line: str) -> str:
    """A statement line as "description amount"; any other line unchanged."""
    date = _DATE.match(line)
    if date is None:
        return line
    cells = [c.strip() for c in _CELL.split(line[date.end() :].strip()) if c.strip()]
    amounts = [c for c in cells if _ENTRY_AMOUNT.match(c)]
    words = [c for c in cells if not _ENTRY_AMOUNT.match(c) and c.lower() not in _EMPTY]
    if not amounts or not words:
        return line
    if len(amounts) < 2 and not re.search(r"\.\d{2}\b|\b(?:dr|cr)\b", amounts[0], re.I):
        return line  # "12/3 paid 4,000 to the plumber": a note with a date, not a statement
    description = _CODES.sub(" ", " ".join(words))
    description = _NUMBERS.sub(" ", description)  # an account or a reference number
    description = " ".join(_ABBREVIATIONS.get(w.lower(), w) for w in description.split())
    amount = re.sub(r"\s*(?:dr|cr)$", "", amounts[0], flags=re.IGNORECASE).lstrip("+-")
    if re.search(r"\bloan\b", description, re.I) and not re.search(r"\bemi\b", description, re.I):
        description += " EMI"  # what a statement shows of a loan is its instalment
    return f"{description} {amount}" if description else line
