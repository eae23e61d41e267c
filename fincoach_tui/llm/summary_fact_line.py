"""A fact's line in the offline summary ("- rent: ₹28,000"), each thing said once, and
written shorter only when the next fold reads it back as the same fact."""

from __future__ import annotations

from functools import lru_cache

from fincoach_tui.domain.finance_facts import label_of, recognise
from fincoach_tui.domain.statement_verdicts import echo_of


@lru_cache(maxsize=4096)
def fact_line(key: str, value: str) -> str:
    """A fact's line, each thing said once: "- goal: trip (Kashi)", not "- goal trip: trip
    (Kashi)"; "- loan car EMI: closed", not "closed (car loan closed)", and so with the
    user's words quoted after it ("closed ("paid it off in May")"). A shorter line is
    written only when it reads back as the same fact (the next fold reads it)."""
    label = label_of(key)
    echo = echo_of(key, value)  # the user's words quoted last stay: they are no echo
    if echo != value:
        value = _shortest(key, label, value, echo)
    thing = label.removeprefix("goal ")
    if thing != label and value.casefold().startswith(thing.casefold()):
        label = _shortest(key, value, label, "goal", as_label=True)
    return f"- {label}: {value}"


def _shortest(key: str, other: str, long: str, short: str, *, as_label: bool = False) -> str:
    """`short` if the line with it (as the label, or as the value beside label `other`)
    reads back as `key`, else `long`."""
    line = f"- {short}: {other}" if as_label else f"- {other}: {short}"
    return short if [k for k, _ in recognise(line)] == [key] else long
