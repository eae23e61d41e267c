"""The summary the offline summarizer is writing: the user's facts with the newest value of
each and the one it replaced, their statements the facts do not hold, their decisions, the
questions they asked and what was dropped to fit the cap, and its text, line by line."""

from __future__ import annotations

from dataclasses import dataclass, field

from fincoach_tui.domain.fact_store import same_value
from fincoach_tui.domain.finance_facts import recognise
from fincoach_tui.domain.recognise.endings import ENDING_KINDS
from fincoach_tui.domain.statement_verdicts import carried, marked_line, replacing
from fincoach_tui.domain.user_statements import Statement
from fincoach_tui.llm.summary_fact_line import fact_line

HEADER = "[simulated summary]"
FACTS_HEADING = "Facts the user stated (newest values):"
WORDS_HEADING = "In the user's words (newest first):"
DECISIONS = "Decisions and preferences: "
TOPICS = "Asked about: "
DROPPED = "Dropped to fit the cap: "
OUTDATED = " (outdated)"


@dataclass
class SummaryDraft:
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
        "loan EMI: closed" does not hold "the tractor loan is closed now". Nor do they hold
        an ending: "loan car EMI: closed" is the recogniser's word for "the car loan is
        paid off since Diwali", which says it in the user's words and when."""
        decided = tuple(d.rstrip("…").rstrip() for d in self.decisions)
        return [
            s
            for s in self.statements
            if (not carried(s.text, self.facts) or _ends(s.text))
            and not s.text.startswith(decided or ("\0",))
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


_ENDINGS = frozenset(ENDING_KINDS.values())


def _ends(statement: str) -> bool:
    """Whether the recogniser reads in `statement` that something has ended ("closed",
    "stopped"): a value in its words, not the user's."""
    return any(value.split(" ", 1)[0] in _ENDINGS for _, value in recognise(statement))
