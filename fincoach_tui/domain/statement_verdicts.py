"""Whether the facts hold what a user's statement says, or replaced it. Pure.

A statement (`user_statements`) is the user's words; the facts are the recogniser's reading
of everything said, newest value per key. `carried` says whether the current facts already
hold all of a statement (then sending it adds only tokens), `replaced` / `outdated` whether
it states a value the facts know was replaced, and `marked_line` writes it so.

A value replaces what a statement says only when it is about the same person and the same
thing: the recogniser files someone else's pay or pension under their own key
(`recognise_owners`), and a value it cannot compare (a date said relative to when it was
said, "in 16 months") is no evidence that the statement is out of date.
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence

from fincoach_tui.domain.amounts import find_amounts
from fincoach_tui.domain.fact_store import same_value
from fincoach_tui.domain.finance_facts import label_of, recognise
from fincoach_tui.domain.own_words import without_own_words
from fincoach_tui.domain.recognise.parts import denied_values, figures_in
from fincoach_tui.domain.relative_dates import RELATIVE_DATE
from fincoach_tui.domain.statement_words import on_topic, words_held
from fincoach_tui.domain.user_statements import (
    CLASSES,
    PHRASE_CLASSES,
    Statement,
    classes_of,
    has_figure,
)


def _numbers(value: str) -> set[float]:
    amounts = {round(a.value, 2) for a in find_amounts(value)}
    return amounts | {float(n) for n in re.findall(r"\d+(?:\.\d+)?(?=\s*%)", value)}


_RAW_NUMBER = re.compile(r"(?<![\w.])\d[\d,]*(?:\.\d+)?")


def _raw_numbers(text: str) -> set[float]:
    return {float(n.replace(",", "")) for n in _RAW_NUMBER.findall(text)}


def _bare_numbers(statement: str) -> set[float]:
    """The numbers written in digits in `statement` outside the amounts and rates the
    amounts parser reads ("2000" of "an rd of 2000 per month", "5" of "for 5 yrs")."""
    spans = [(a.start, a.end) for a in find_amounts(statement)]
    return {
        float(m[0].replace(",", ""))
        for m in _RAW_NUMBER.finditer(statement)
        if not any(start <= m.start() < end for start, end in spans)
        and not statement[m.end() :].lstrip().startswith("%")
    }


def amounts_said(statement: str) -> set[float]:
    """The amounts and rates `statement` says (not its years, counts or durations)."""
    return _numbers(statement)


def value_numbers(value: str) -> set[float]:
    """Every number a fact's value holds: its amounts and rates, and its digits as written
    ("2027" of "Mar 2027")."""
    return _numbers(value) | _raw_numbers(value)


# The facts that are phrases, not figures (a stance and its reason, a place, who the family
# are): the recogniser's value is a paraphrase ("risk: conservative" of "conservative-ish,
# baba's business failed"), so the user's own words are never held by it.
_PARAPHRASED = re.compile(r"^(?:risk\w*|city|dependants|family_\w+|spouse_name)$")


def paraphrased(key: str) -> bool:
    """Whether the recogniser's value for `key` is a paraphrase of the user's words."""
    return bool(_PARAPHRASED.match(key))


_ECHO = re.compile(r"^(?P<head>.+?)\s*\((?P<inner>[^()]*)\)$")
_WORD = re.compile(r"[^\W_]+")


def _words(text: str) -> set[str]:
    return set(_WORD.findall(text.casefold()))


def echo_of(key: str, value: str) -> str:
    """`value` without a last parenthesis that only repeats its words and its label's
    ("closed (car loan closed)" of `loan_car_emi`: "closed"), the user's own words quoted
    after it kept (`own_words`); `value` itself when it has none. The summary writes a
    value so, once ("- loan car EMI: closed"), and reads it back so."""
    core = without_own_words(value)
    echo = _ECHO.match(core)
    if echo and _words(echo["inner"]) <= _words(echo["head"]) | _words(label_of(key)):
        return echo["head"] + value[len(core) :]
    return value


def same_said(key: str, first: str, second: str) -> bool:
    """`same_value`, an echo (`echo_of`) no part of either: a summary's line read back
    ("closed") is the value the statement it came from reads ("closed (car loan closed)")."""
    return same_value(key, first, second) or same_value(
        key, echo_of(key, first), echo_of(key, second)
    )


def carried(statement: str, facts: Mapping[str, str]) -> bool:
    """Whether the current `facts` (key -> value) hold everything `statement` says: the
    one verdict of the summary (a statement it need not repeat) and of the facts' notes (one
    sent after the rest). The recogniser reads facts from it, none is a phrase it
    paraphrases (`_PARAPHRASED`), it is not a stance, a dependant or a place said without a
    figure (a word class of `PHRASE_CLASSES`: the facts hold only a paraphrase of such words,
    "risk: cannot take risk" of "I cannot take risk, this is his whole life's savings"),
    every fact is current, every amount, rate and other number in it is one of their
    values, it has no more figures than facts, every word class it names is among their
    kinds, and their labels and values name its topic words (`statement_words`)."""
    found = recognise(statement)
    if not found or any(_PARAPHRASED.match(key) for key, _ in found):
        return False
    if not has_figure(statement) and not PHRASE_CLASSES.isdisjoint(classes_of(statement)):
        return False
    if any(key not in facts or not same_said(key, value, facts[key]) for key, value in found):
        return False  # shown marked outdated: the recogniser may have misread what replaced it
    values = set().union(*(_numbers(value) for _, value in found))
    if not _numbers(statement) <= values or len(figures_in(statement)) > len(found):
        return False
    if not _bare_numbers(statement) <= values | _raw_numbers(" ".join(v for _, v in found)):
        return False  # "an rd of 2000 per month": a number the facts do not hold
    keys = [key for key, _ in found]
    for name in classes_of(statement):
        prefixes = CLASSES[name][1]
        if not any(key.startswith(prefixes) for key in keys):
            return False
    return words_held(statement, found, CLASSES)  # "the tractor loan is closed": which loan


def replaced(statement: str, facts: Mapping[str, str]) -> tuple[tuple[str, ...], bool]:
    """The keys `statement` states a value of that the current `facts` hold a different one
    for, and whether that is all it states (every key it names, and no figure beyond them).
    Of two values it states for one key, the last is what it says: "7.15%, not 7.35%"
    corrects 7.35% to 7.15%, so neither is replaced while the current value is one of them
    (the recogniser reads only 7.15%; the one it denies is looked for too)."""
    said: dict[str, list[str]] = {}
    for key, value in recognise(statement):
        said.setdefault(key, []).append(value)
    denied = denied_values(statement)
    old = tuple(
        key
        for key, values in said.items()
        if key in facts
        and not any(_agrees(key, v, facts[key]) for v in (*values, *denied))
        and not _unanchored(values, facts[key])
    )
    values = sum(map(len, said.values()))
    return old, bool(old) and len(old) == len(said) and len(figures_in(statement)) <= values


_WORDS = re.compile(r"[^\W_]+")


def _agrees(key: str, said: str, current: str) -> bool:
    """Whether a value a statement says is the current one: the same value, or, for a
    phrase the recogniser paraphrases, the same words with more or fewer around them
    ("I can go aggressive" and "aggressive", "conservative-ish" and "conservative")."""
    if same_said(key, said, current):
        return True
    if not _PARAPHRASED.match(key):
        return False
    words = set(_WORDS.findall(said.casefold())), set(_WORDS.findall(current.casefold()))
    return bool(words[0] and words[1]) and (words[0] <= words[1] or words[1] <= words[0])


def _unanchored(values: list[str], current: str) -> bool:
    """Whether a statement's values cannot be compared with the current one: all are dates
    said relative to when they were said ("in 16 months") and the current one is not (the
    facts made it absolute as of then: "Mar 2028"). Unknown is not outdated."""
    return all(RELATIVE_DATE.search(v) for v in values) and not RELATIVE_DATE.search(current)


def outdated(statement: str, facts: Mapping[str, str]) -> bool:
    """Whether `statement` states any value the current `facts` hold a different one for."""
    return bool(replaced(statement, facts)[0])


def marked_line(statement: Statement, facts: Mapping[str, str]) -> str:
    """`statement`'s line, marked outdated where the current `facts` replaced what it says:
    whole, or for the labels of what was replaced when it also says what still holds."""
    old, whole = replaced(statement.text, facts)
    return statement.line(whole, () if whole else tuple(label_of(k) for k in old))


# Whose a fact is, in its key: "spouse_salary", "parents_pension", "salary_of_priya".
_OWNER = re.compile(r"^(?:spouse|parents)_|_of_[a-z]+$")


def without_owner(key: str) -> str:
    """`key` as it would be the user's own: "salary" of "spouse_salary" and
    "salary_of_priya", "pension" of "parents_pension"."""
    return _OWNER.sub("", key)


def fact_kind(key: str) -> str:
    """The kind of thing `key` is a fact of, whichever one and whoever's: "rent" of
    "rent_shop", "loan" of "loan_car_emi", "salary" of "spouse_salary", "salary_of_priya",
    "pension" and "income_dairy"."""
    head = without_owner(key).split("_", 1)[0]
    return "salary" if head in ("income", "pension") else head


def misfiled(key: str, values: Sequence[str], facts: Mapping[str, str]) -> bool:
    """Whether a statement's values read under `key` are the current value of another fact
    of its kind (another key, or the same under another owner): read alone, the statement
    filed a true value under the wrong fact ("dokan bhara 9,300", the shop's rent, read as
    the home's), so a newer value of `key` does not make it outdated. A value is outdated
    only by a newer one of the same fact."""
    kind = fact_kind(key)
    return any(
        other != key and fact_kind(other) == kind and any(same_value(other, v, now) for v in values)
        for other, now in facts.items()
    )


def stated(statement: str) -> dict[str, list[str]]:
    """The values `statement` states, by key, in the order said."""
    said: dict[str, list[str]] = {}
    for key, value in recognise(statement):
        said.setdefault(key, []).append(value)
    return said


def replacing(
    statement: Statement,
    facts: Mapping[str, str],
    said_in: Mapping[str, int],
    statements: Sequence[Statement],
) -> dict[str, str]:
    """`facts` less the values that cannot replace what `statement` says: a value first said
    at a later turn (`said_in`: key -> turn) by statements none of which is on the
    statement's topic (`on_topic`). Then the recogniser filed a figure about something else
    under the key ("we'd like to give 25 lakh towards it" as the driver's pay), and the
    user's own statement stays current. A value whose statements are not known is kept.
    Nor can a value replace what the statement says under its key when that is the current
    value of another fact of the kind (`misfiled`)."""
    kept = dict(facts)
    said = stated(statement.text)
    for key, value in facts.items():
        if key in said and misfiled(key, said[key], facts):
            del kept[key]
            continue
        turn = said_in.get(key, 0)
        if turn <= statement.turn:
            continue
        stating = [s for s in statements if s.turn == turn and _states(s.text, value)]
        if stating and not any(on_topic(statement.text, s.text) for s in stating):
            del kept[key]
    return kept


def _states(text: str, value: str) -> bool:
    """Whether `text` says `value`: its figures, or its words when it has none."""
    numbers = _numbers(value)
    if numbers:
        return numbers <= _numbers(text)
    return value.casefold() in text.casefold()
