"""A thing named without what tells it apart is the one of its kind the user has. Pure.

"the FD rate is now 7.4%" when the only FD known is the SBI one is that FD's rate; "after the
rate reset the EMI is now 40k" when the only loan known is the home loan is that loan's EMI.
Read after a message's facts (`finance_facts`), knowing the messages before it (`Reading`):
a value kept under a second, plain key beside the first would leave the old one current.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass

from fincoach_tui.domain.fact_kinds import loan_type
from fincoach_tui.domain.recognise_context import Reading

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


@dataclass(frozen=True)
class _Unnamed:
    """One kind of thing that can be named without what tells it apart."""

    plain: re.Pattern[str]  # a key that names it plainly: groups `kind` and `slot`
    another: re.Pattern[str]  # words saying it is another one than those known
    # per kind, what tells apart each one known ("" for one known without it)
    known: Callable[[list[tuple[str, str]], Reading], dict[str, set[str]]]
    key: Callable[[str, str, str], str]  # kind, what tells it apart, slot -> its key


def _the_one(
    found: list[tuple[str, str]], reading: Reading, body: str, things: _Unnamed
) -> list[tuple[str, str]]:
    """`found` with each plain key given to the one thing of its kind known, where exactly
    one is known and it is told apart; unchanged for a thing said to be another one."""
    if not any(things.plain.match(key) for key, _ in found) or things.another.search(body):
        return found
    held = things.known(found, reading)
    kept: list[tuple[str, str]] = []
    for key, value in found:
        plain = things.plain.match(key)
        names = held.get(plain["kind"], set()) if plain else set()
        if plain and len(names) == 1 and "" not in names:
            key = things.key(plain["kind"], next(iter(names)), plain["slot"])
        kept.append((key, value))
    return kept


def _deposits_known(found: list[tuple[str, str]], reading: Reading) -> dict[str, set[str]]:
    """The banks of the deposits known, by type: "fd" (no bank), "sbi fd", "post office rd"."""
    held: dict[str, set[str]] = {"fd": set(), "rd": set()}
    for _, kind, word in reading.topics:
        if kind in held:
            held[kind].add("" if word == kind else word.removesuffix(f" {kind}"))
    for key, _ in found:
        banked = _BANK_DEPOSIT.match(key)
        if banked:
            held[banked["kind"]].add(banked["bank"].replace("_", " "))
    return held


_DEPOSITS = _Unnamed(
    re.compile(r"^(?P<kind>fd|rd)_(?P<slot>amount|rate|maturity|tenure|end)$"),
    _ANOTHER_DEPOSIT,
    _deposits_known,
    lambda kind, bank, slot: f"{kind}_{bank.replace(' ', '_')}_{slot}",
)


def the_one_deposit(
    found: list[tuple[str, str]], reading: Reading, body: str
) -> list[tuple[str, str]]:
    """A deposit named without its bank ("the FD rate is now 7.4%") is the one deposit of
    its type known, when that one is kept at a named bank: its rate, not a new plain one
    sent beside the old. With two or more known (or one without a bank), which one is not
    guessed; nor for a deposit said to be another one ("opened another FD")."""
    return _the_one(found, reading, body, _DEPOSITS)


_ANOTHER_LOAN = re.compile(
    r"\b(?:another|second|2nd|one more|other|an? new|extra|took|taking|taken|applied)\b"
    r"(?:\s+\w+){0,3}?\s+(?:loans?|emis?)\b",
    re.IGNORECASE,
)


def _loans_known(found: list[tuple[str, str]], reading: Reading) -> dict[str, set[str]]:
    """The types of the loans known ("" for a loan known without one: "the EMI")."""
    types = {loan_type(word) for _, kind, word in reading.topics if kind == "loan"}
    types |= {key.split("_")[1] for key, _ in found if key.startswith("loan_")}
    types.discard("loan")  # the loan this message names without a type
    if any(w.lower() in ("loan", "emi") for _, k, w in reading.topics if k == "loan"):
        types.add("")
    return {"loan": types}


_LOANS = _Unnamed(
    re.compile(r"^loan_(?P<kind>loan)_(?P<slot>emi|amount|rate|tenure|end)$"),
    _ANOTHER_LOAN,
    _loans_known,
    lambda _, type_, slot: f"loan_{type_}_{slot}",
)


def the_one_loan(
    found: list[tuple[str, str]], reading: Reading, body: str
) -> list[tuple[str, str]]:
    """A loan named without its type ("after the rate reset the EMI is now 40k") is the one
    loan known, when that one has a type: its EMI, not a new untyped loan sent beside the
    old. With two or more known (or one without a type), or a loan said to be another one
    ("took another loan"), which one is not guessed."""
    return _the_one(found, reading, body, _LOANS)
