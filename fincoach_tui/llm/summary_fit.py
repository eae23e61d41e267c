"""What the offline summary gives up when its cap binds, in the order a person would: the
oldest question topics, the oldest decisions, statements a later one on their topic
replaced, the "was" notes, the least salient statements, then the least salient facts; and
the note that says so, its counts summed across folds."""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping

from fincoach_tui.domain.amounts import find_amounts
from fincoach_tui.domain.finance_facts import label_of, recognise
from fincoach_tui.domain.recognise.parts import figures_in
from fincoach_tui.domain.recognise.words import MONTHS
from fincoach_tui.domain.statement_verdicts import (
    amounts_said,
    paraphrased,
    replaced,
    value_numbers,
    without_owner,
)
from fincoach_tui.domain.statement_words import on_topic, topic_words
from fincoach_tui.domain.user_statements import (
    Statement,
    classes_of,
    has_figure,
    money_in_words,
    salience,
)
from fincoach_tui.llm.summary_draft import SummaryDraft

# Lower is kept longer: money the household lives on first, then what shapes the advice.
# Whoever's a fact is, it ranks as its kind (`_salience` reads the key without its owner):
# a spouse's pay or cover, a parent's pension, goes no sooner than the user's own.
_SALIENCE = (
    (
        re.compile(
            r"^(?:salary|pension|sip|bonus|income_\w+|rent|expenses|loan_\w+|fd_\w+|rd_\w+|"
            r"risk|goal_\w+)$"
        ),
        0,
    ),
    (
        re.compile(r"^(?:invest_\w+|insurance_\w+|emergency_fund|savings|debt_\w+|risk_reason)$"),
        1,
    ),
    (re.compile(r"^(?:family_\w+|dependants|city|name|cost_\w+|retirement_age)$"), 2),
)


def fit(summary: SummaryDraft, cap: int, count_text: Callable[[str], int]) -> None:
    """Drop what matters least until the summary fits `cap` tokens, and say what went:
    the oldest question topics, then the oldest decisions, then the user's statements all of
    whose values a later statement on their topic replaced, then the "was" notes, then
    the other statements (those with no figure and no fact-bearing word first, the oldest
    first), then the least salient and oldest facts; the newest value of something that
    changed goes last of all."""
    earlier = summary.dropped
    # Statements the facts hold are not in the text; they must not come back in it when
    # those facts are dropped below. They still tell what replaced an older statement.
    said = summary.statements
    summary.statements = summary.shown_statements()
    counts = dict.fromkeys(_DROPPED_KINDS, 0)
    named: list[str] = []
    changed = set(summary.was)

    def over() -> bool:
        summary.dropped = _dropped_note(earlier, counts, named)
        return count_text("\n".join(summary.lines())) > cap

    while over() and summary.topics:
        summary.topics.pop(0)
        counts[_TOPIC] += 1
    while over() and summary.decisions:
        summary.decisions.pop(0)
        counts[_DECISION_ITEM] += 1
    while over() and (stale := [s for s in summary.statements if _superseded(summary, s, said)]):
        summary.statements.remove(stale[0])  # only old values, the oldest first
        counts[_STATEMENT] += 1
    while over() and summary.was:
        key = min(summary.was, key=lambda k: summary.said_in.get(k, 0))
        del summary.was[key]
        named.append(f"the old {label_of(key)}")

    def rank(s: Statement) -> tuple[tuple[int, int, int], int]:
        own = (_worth(s), _beyond_facts(s, summary.facts), s.turn)
        stance = _stance_of(s, said, summary.statements)
        if stance is None:
            return own, 1
        kept = (_worth(stance), _beyond_facts(stance, summary.facts), stance.turn)
        return max(own, kept), 2  # a stance's reason ranks with it, and goes after it

    while over() and summary.statements:
        least = min(summary.statements, key=rank)
        # Never a newer statement while an older one on its topic stays: the older goes
        # first, so an old value is never left without the newer one that may replace it.
        # But not an older one in words the facts only paraphrase (a stance, a place, who
        # the family are) for a newer one that states none of those (`_restates`): that one
        # cannot have replaced it ("Kabir depends on me" does not replace "just me and my
        # son Kabir"; "my husband drives a cab" does replace "married, one kid"). Nor one
        # with a figure for a newer one with none: a remark replaces no figure ("Ankit's
        # too, add it in" does not replace "Ankit's fees are 9,500 a month").
        restates = _restates(least)
        counted = has_figure(least.text)
        older = [
            s
            for s in summary.statements
            if s.turn < least.turn
            and (restates or not _words_only(s))
            and (counted or not has_figure(s.text))
            and on_topic(s.text, least.text)
        ]
        summary.statements.remove(min(older, key=lambda s: s.turn) if older else least)
        counts[_STATEMENT] += 1
    for key in sorted(
        summary.facts, key=lambda k: (k in changed, -_salience(k), summary.said_in.get(k, 0))
    ):
        if not over():
            break
        del summary.facts[key]
        named.append(label_of(key))
    while over() and (earlier or named):  # the note itself must fit too: shorten it
        if earlier:
            earlier = earlier[1:]
        else:
            named = named[1:]


# What the "dropped" note counts, each as "N <kind>s"; the names it lists besides.
_TOPIC = "older question topic"
_DECISION_ITEM = "older decision"
_STATEMENT = "older statement"
_DROPPED_KINDS = (_TOPIC, _DECISION_ITEM, _STATEMENT)
_COUNTED = re.compile(rf"^(?P<n>\d+) (?P<kind>{'|'.join(_DROPPED_KINDS)})s?$")
MAX_DROPPED_NAMES = 4


def _dropped_note(earlier: list[str], counts: dict[str, int], named: list[str]) -> list[str]:
    """The "dropped" note's items: the earlier folds' counts and this fold's summed per
    kind ("3 older question topics", not "1 older question topic; 2 older question
    topics"), then the newest few things dropped by name."""
    totals = dict(counts)
    names: list[str] = []
    for item in earlier:
        counted = _COUNTED.match(item)
        if counted:
            totals[counted["kind"]] += int(counted["n"])
        else:
            names.append(item)
    notes = [f"{n} {kind}{'s' * (n != 1)}" for kind, n in totals.items() if n]
    names = list(dict.fromkeys([*names, *named]))[-MAX_DROPPED_NAMES:]
    return [*notes, *names]


def _stance_of(
    statement: Statement, said: list[Statement], shown: list[Statement]
) -> Statement | None:
    """The stance `statement` gives the reason for, if it is still `shown`: a statement of
    risk (`classes_of`) said right before it in the same message (`said`, in the order
    said), or right after it when nothing of that message follows the stance. A reason
    ("our estate income is already betting on the weather") rarely names the stance's
    words; ranked on its own it goes long before the stance it explains, which then reads
    as a bare preference. One reason a stance: more would keep the stance's whole message
    at the cost of others'."""

    def stance(i: int) -> bool:
        return (
            0 <= i < len(said)
            and said[i].turn == statement.turn
            and "risk" in classes_of(said[i].text)
        )

    if "risk" in classes_of(statement.text):
        return None
    at = next((i for i, s in enumerate(said) if s is statement), None)
    if at is None:
        return None
    if stance(at - 1):
        found = said[at - 1]
    elif stance(at + 1) and not (at + 2 < len(said) and said[at + 2].turn == statement.turn):
        found = said[at + 1]
    else:
        return None
    return found if any(found is s for s in shown) else None


def _restates(statement: Statement) -> bool:
    """Whether `statement` states a stance, a place or who the family are: what the facts
    only paraphrase, so what may replace another statement's words."""
    return any(paraphrased(key) for key, _ in recognise(statement.text))


def _words_only(statement: Statement) -> bool:
    """Whether `statement` states a stance, a place or who the family are, or names someone
    or somewhere, and no money: the facts hold at most a paraphrase of it, so of two
    statements as salient it is kept the longer (one with an amount has that amount among
    the facts)."""
    return not find_amounts(statement.text) and (
        _names(statement.text) or any(paraphrased(key) for key, _ in recognise(statement.text))
    )


def _beyond_facts(statement: Statement, facts: Mapping[str, str]) -> int:
    """How much of what `statement` says only it keeps, so of two as salient the one with
    more is kept the longer: 3 when it says money no current fact (`facts`) holds
    (`unread_figures`: "my wife started a side gig, about 15k a month", read as no pay;
    "cover on me is 50 lakh and on him 1 crore", of which the facts keep one value);
    2 when it has no money and the facts only paraphrase it (`_words_only`); 1 when the
    recogniser reads nothing in it ("we want our daughter to study abroad some day") or it
    says a date or a duration none of the values read from it says ("a chit of 10k a
    month, it ends by Pongal"); 0 when the facts hold its every figure: theirs to carry."""
    unread = unread_figures(statement.text, facts)
    if "money" in unread:
        return 3
    if _words_only(statement):
        return 2
    return int(not recognise(statement.text) or "time" in unread)


# When a value starts ("26.5k from next month"): the newest value stands for the change.
_STARTS = re.compile(r"^(?:from|since|starting|w\.?e\.?f\.?)\b", re.IGNORECASE)


def unread_figures(text: str, facts: Mapping[str, str] | None = None) -> frozenset[str]:
    """What `text` says that the facts do not hold: "money", an amount or a rate that is
    none of the values the recogniser reads in it (with `facts`, none of their current
    values: two values read under one key are held only as the one the facts keep, and a
    figure read alone under another owner's key may be held under its owner's); "time", a
    date or a duration none of the values read says (but when a value starts)."""
    values = [value for _, value in recognise(text)]
    current = values if facts is None else list(facts.values())
    numbers = set().union(*map(value_numbers, current))
    said = " ".join(values).casefold()
    unread = {"money"} if money_in_words(text) else set()
    for figure in figures_in(text):
        if figure.kind == "amount" and figure.amount is not None:
            if round(figure.amount.value, 2) not in numbers:
                unread.add("money")
        elif figure.kind == "rate":
            if float(figure.text.rstrip("%").strip()) not in numbers:
                unread.add("money")
        elif figure.text.casefold() not in said and not _STARTS.match(figure.text):
            unread.add("time")
    return frozenset(unread)


# A name: a capitalised word inside a sentence ("I live in Nagpur", "my son Kabir"): after
# a word, not after a full stop; not "I", a word in capitals ("EMI", "SBI"), a month or a day.
_NAME = re.compile(r"(?<=[\w,)] )(?!I\b|I')[A-Z][a-z]+")
_NOT_NAMES = frozenset(
    [*MONTHS, *(m[:3] for m in MONTHS), "sept"]
    + "monday tuesday wednesday thursday friday saturday sunday".split()
)


def _names(text: str) -> bool:
    """Whether `text` names someone or somewhere: who and where are what a person keeps,
    in any language the user writes, whether or not the recogniser reads the name."""
    return any(m.group().lower() not in _NOT_NAMES for m in _NAME.finditer(text))


def _worth(statement: Statement) -> int:
    """A statement's salience (`salience`), as high as a place's or a family's when it names
    someone or somewhere the recogniser may not read ("mi Snehal, Nagpur la")."""
    return max(salience(statement.text), 2 if _names(statement.text) else 0)


def _superseded(summary: SummaryDraft, statement: Statement, said: list[Statement]) -> bool:
    """Whether all `statement` says was replaced by figures that a later statement on its
    topic states. A replaced stance, place or family word is not enough: the recogniser
    paraphrases those and files them per household, not per person ("I'm fine with high
    risk" and, typed by the spouse, "I'm conservative" are both true), so such a statement
    goes only by salience. Nor is a value the recogniser filed under the same key from words
    that share no topic word with it ("we take 85k a month for the house" after "shop rent
    is 32k"): that may be a misreading, and the statement the one place the truth is kept."""
    against = summary.against(statement)
    old, whole = replaced(statement.text, against)
    if not whole or any(paraphrased(key) for key in old):
        return False
    words = topic_words(statement.text)
    return all(
        any(
            later.turn > statement.turn
            and _states(later.text, against[key])
            and not words.isdisjoint(topic_words(later.text))
            for later in said
        )
        for key in old
    )


def _states(text: str, value: str) -> bool:
    """Whether `text` says `value`: its amounts and rates, or its words when it has none."""
    numbers = amounts_said(value)
    return numbers <= amounts_said(text) if numbers else value.casefold() in text.casefold()


def _salience(key: str) -> int:
    own = without_owner(key)
    for pattern, rank in _SALIENCE:
        if pattern.match(own):
            return rank
    return 3
