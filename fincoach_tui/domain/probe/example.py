"""The probe's readable example: one scripted 44-turn conversation, not the score.

It plants its facts in the very words the offline pattern matcher knows and changes the
salary with "Please remember: ...", so every memory strategy that keeps facts at all
scores full marks on it. It shows what the probe does, turn by turn; the generated
conversations (conversations.py) are what measure the strategies.
"""

from __future__ import annotations

from fincoach_tui.domain.probe.conversations import Conversation, Needed, ProbeTurn
from fincoach_tui.domain.probe.matcher import Value, month_index
from fincoach_tui.domain.probe.phrasing import RISK_LEVELS

START = 1_767_604_800.0  # 2026-01-05 09:20 UTC: the maturity "in 3 months" is April 2026
CHANGED_AT = 21  # the turn the salary changes

_FILLER = (
    "What is an index fund, in simple words?",
    "How does a PPF account work?",
    "Is gold a good long-term investment?",
    "What is the difference between ELSS and PPF for tax saving?",
    "How do I read a mutual fund factsheet?",
    "Should I pay off my credit card before investing?",
    "What does expense ratio mean for a fund?",
    "How do term insurance premiums change with age?",
    "What is a good way to track my spending every week?",
    "Are recurring deposits worth it compared with a liquid fund?",
    "How often should I rebalance a portfolio?",
    "What is the new tax regime, briefly?",
    "How much health cover does a person living alone need in a metro?",
    "What is NPS and who is it for?",
    "Is it wise to lend money to friends?",
    "How do I start a budget spreadsheet?",
)

_SALARY = Value("amount", 120_000)
_RAISED = Value("amount", 150_000)
_VALUES = {
    "expenses": Value("amount", 60_000),
    "fd_amount": Value("amount", 50_000),
    "fd_maturity": Value("month", month_index(2026, 4), ("in 3 months",)),
    "risk": Value("phrase", 0.0, RISK_LEVELS["conservative"]),
}


def _needs(*keys: str) -> tuple[Needed, ...]:
    return tuple(
        Needed("salary", _RAISED, (_SALARY,)) if key == "salary" else Needed(key, _VALUES[key])
        for key in keys
    )


ALL = ("salary", "expenses", "fd_amount", "fd_maturity", "risk")
_PLANTED = (
    ProbeTurn("Hi! I'm Chiru. My monthly take-home salary is ₹1,20,000.", states=("salary",)),
    ProbeTurn(
        "My monthly expenses are about ₹60,000: rent, groceries, transport and utilities.",
        states=("expenses",),
    ),
    ProbeTurn(
        "I have a fixed deposit of ₹50,000 that matures in 3 months.",
        states=("fd_amount", "fd_maturity"),
    ),
    ProbeTurn("I'm quite risk-averse: I lose sleep when markets fall.", states=("risk",)),
)
_QUESTIONS = (
    (
        "What is my take-home salary now, and how much of it can I save each month?",
        ("salary", "expenses"),
    ),
    ("When does my fixed deposit mature, and how much is in it?", ("fd_amount", "fd_maturity")),
    (
        "Given how I feel about risk, where should the deposit money go when it matures?",
        ("risk", "fd_amount", "fd_maturity"),
    ),
    ("How big should my emergency fund be, given what I spend each month?", ("expenses",)),
    ("Can I afford to invest more each month on my current pay?", ("salary", "expenses")),
    ("Summarise my whole financial picture for me.", ALL),
    ("Based on everything, what is the single most important thing to do this month?", ALL),
)


def example() -> Conversation:
    """The scripted conversation, with its ground truth in the generated ones' shape."""
    raise_turn = ProbeTurn(
        "Please remember: I got a raise, my salary is now ₹1,50,000 a month.", states=("salary",)
    )
    turns = (
        *_PLANTED,
        *(ProbeTurn(text) for text in _FILLER),  # turns 5-20
        raise_turn,  # turn 21
        *(ProbeTurn(text) for text in _FILLER),  # turns 22-37
        *(ProbeTurn(text, _needs(*keys)) for text, keys in _QUESTIONS),
    )
    history = {
        "salary": ((1, _SALARY), (CHANGED_AT, _RAISED)),
        "expenses": ((2, _VALUES["expenses"]),),
        "fd_amount": ((3, _VALUES["fd_amount"]),),
        "fd_maturity": ((3, _VALUES["fd_maturity"]),),
        "risk": ((4, _VALUES["risk"]),),
    }
    return Conversation(0, START, turns, ("salary", "fixed_cost", "deposit", "risk"), history)
