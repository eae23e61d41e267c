"""A fact's line in the offline summary ("- rent: ₹28,000"), each thing said once, and
written shorter only when the next fold reads it back as the same fact."""

from __future__ import annotations

import re
from functools import lru_cache

from fincoach_tui.domain.finance_facts import label_of, recognise

_ECHO = re.compile(r"^(?P<head>.+?)\s*\((?P<inner>[^()]*)\)$")
_WORD = re.compile(r"[^\W_]+")


def _words(text: str) -> set[str]:
    return set(_WORD.findall(text.casefold()))


@lru_cache(maxsize=4096)
def fact_line(key: str, value: str) -> str:
    """A fact's line, each thing said once: "- goal: trip (Kashi)", not "- goal trip: trip
    (Kashi)"; "- loan car EMI: closed", not "closed (car loan closed)". A shorter line is
    written only when it reads back as the same fact (the next fold reads it)."""
    label = label_of(key)
    echo = _ECHO.match(value)
    if echo and _words(echo["inner"]) <= _words(echo["head"]) | _words(label):
        value = _shortest(key, label, value, echo["head"])
    thing = label.removeprefix("goal ")
    if thing != label and value.casefold().startswith(thing.casefold()):
        label = _shortest(key, value, label, "goal", as_label=True)
    return f"- {label}: {value}"


def _shortest(key: str, other: str, long: str, short: str, *, as_label: bool = False) -> str:
    """`short` if the line with it (as the label, or as the value beside label `other`)
    reads back as `key`, else `long`."""
    line = f"- {short}: {other}" if as_label else f"- {other}: {short}"
    return short if [k for k, _ in recognise(line)] == [key] else long
