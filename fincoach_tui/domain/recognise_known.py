"""A thing named without what tells it apart is the one of its kind the user has. Pure.

"the FD rate is now 7.4%" when the only FD known is the SBI one is that FD's rate; "after the
rate reset the EMI is now 40k" when the only loan known is the home loan is that loan's EMI.
Read after a message's facts (`finance_facts`), knowing the messages before it (`Reading`):
a value kept under a second, plain key beside the first would leave the old one current.
"""

from __future__ import annotations

import re

from fincoach_tui.domain.fact_kinds import loan_type
from fincoach_tui.domain.recognise_context import Reading

_PLAIN_DEPOSIT = re.compile(r"^(?P<kind>fd|rd)_(?P<slot>amount|rate|maturity|tenure|end)$")
_BANK_DEPOSIT = re.compile(
    r"^(?P<kind>fd|rd)_(?P<bank>[a-z_]+)_(?:amount|rate|maturity|tenure|end)$"
)
# A deposit said to be another one than those known: "another FD", "opened an RD".
_ANOTHER_DEPOSIT = re.compile(
    r"\b(?:another|second|2nd|third|one more|other|an? new|extra|opened|opening|booked|booking|"
    r"started|starting|took|taking|"
    # Hindi, Marathi, Tamil, Bengali: "naya RD", "ek aur FD", "pudhu FD", "notun FD"
    r"naya|nayi|naye|ek aur|doosra|dusra|doosri|dusri|navin|nava|pudhu|puthu|notun)\b"
    r"(?:\s+\w+){0,3}?\s+(?:fds?|rds?|fixed|recurring|deposits?)\b"
    # the deposit, then the verb of opening: "RD khola", "FD ughadli", "RD open kiya"
    r"|\b(?:fds?|rds?|deposits?)\s+(?:bhi\s+)?(?:khola|kholi|khulwaya|khulwayi|kholla|ughadla|"
    r"ughadli|open\s+(?:kiya|ki|kela|keli|pannen|korlam))\b",
    re.IGNORECASE,
)


def the_one_deposit(
    found: list[tuple[str, str]], reading: Reading, body: str
) -> list[tuple[str, str]]:
    """A deposit named without its bank ("the FD rate is now 7.4%") is the one deposit of
    its type known, when that one is kept at a named bank: its rate, not a new plain one
    sent beside the old. With two or more known (or one without a bank), which one is not
    guessed; nor for a deposit said to be another one ("opened another FD")."""
    held: dict[str, set[str]] = {"fd": set(), "rd": set()}
    for _, kind, word in reading.topics:  # "fd" (no bank), "sbi fd", "post office rd"
        if kind in held:
            held[kind].add("" if word == kind else word.removesuffix(f" {kind}"))
    for key, _ in found:
        banked = _BANK_DEPOSIT.match(key)
        if banked:
            held[banked["kind"]].add(banked["bank"].replace("_", " "))
    if not any(_PLAIN_DEPOSIT.match(key) for key, _ in found) or _ANOTHER_DEPOSIT.search(body):
        return found
    kept: list[tuple[str, str]] = []
    for key, value in found:
        plain = _PLAIN_DEPOSIT.match(key)
        banks = held[plain["kind"]] if plain else set()
        if plain and len(banks) == 1 and "" not in banks:
            bank = next(iter(banks)).replace(" ", "_")
            key = f"{plain['kind']}_{bank}_{plain['slot']}"
        kept.append((key, value))
    return kept


_PLAIN_LOAN = re.compile(r"^loan_loan_(?P<slot>emi|amount|rate|tenure|end)$")
_ANOTHER_LOAN = re.compile(
    r"\b(?:another|second|2nd|one more|other|an? new|extra|took|taking|taken|applied)\b"
    r"(?:\s+\w+){0,3}?\s+(?:loans?|emis?)\b",
    re.IGNORECASE,
)


def the_one_loan(
    found: list[tuple[str, str]], reading: Reading, body: str
) -> list[tuple[str, str]]:
    """A loan named without its type ("after the rate reset the EMI is now 40k") is the one
    loan known, when that one has a type: its EMI, not a new untyped loan sent beside the
    old. With two or more known (or one without a type), or a loan said to be another one
    ("took another loan"), which one is not guessed."""
    if not any(_PLAIN_LOAN.match(key) for key, _ in found) or _ANOTHER_LOAN.search(body):
        return found
    types = {loan_type(word) for _, kind, word in reading.topics if kind == "loan"}
    types |= {key.split("_")[1] for key, _ in found if key.startswith("loan_")}
    types.discard("loan")  # the loan this message names without a type
    if len(types) != 1 or any(
        w.lower() in ("loan", "emi") for _, k, w in reading.topics if k == "loan"
    ):
        return found
    known = next(iter(types))
    return [
        (f"loan_{known}_{plain['slot']}", value)
        if (plain := _PLAIN_LOAN.match(key))
        else (key, value)
        for key, value in found
    ]
