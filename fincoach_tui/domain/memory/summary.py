"""summary: a running summary of old turns + the last N turns verbatim (seeds 003, 004).

Folding is a model call, so it happens in batches: only once at least `batch_turns`
turns have left the verbatim tail are they folded, together, into the summary. Between
folds those turns are still sent verbatim, so nothing is ever in neither place.

The cap grows with what there is to keep: the configured cap is the size for a summary with
little to hold; when the previous summary and the folded turns hold more of the user's
statements (see `user_statements`), the cap grows to fit them, up to `CAP_GROWTH` times the
configured cap. A fold never makes the request larger than what it replaces: the cap is
never more than the tokens of the previous summary plus the turns it folds
(`FoldPlan.bounded`). A text over the cap loses its older lines first and says so. A fold
that gives back the previous text unchanged claims the turns it read only if they held no
figure the text lacks; otherwise they stay verbatim and are folded again with the next
batch, not every turn (`Summary.read_to`).
"""

from __future__ import annotations

import bisect
import re
from collections.abc import Callable, Iterable
from dataclasses import dataclass, replace

from fincoach_tui.domain.context import Context, Section
from fincoach_tui.domain.conversation import Message
from fincoach_tui.domain.covered_ids import extended
from fincoach_tui.domain.fact_store import same_value
from fincoach_tui.domain.finance_facts import find_facts
from fincoach_tui.domain.memory.base import (
    MemoryView,
    Summary,
    Turn,
    assemble,
    ordered_turns,
    positive_int,
    turns_of,
)
from fincoach_tui.domain.memory.session_memo import SessionMemo
from fincoach_tui.domain.relative_dates import day_label
from fincoach_tui.domain.user_statements import statements_in

# How far a summary's cap may grow past the configured one as there is more to keep, and
# what one kept statement costs beyond its words ("- (turn 12) ... (outdated)").
CAP_GROWTH = 3
TOKENS_PER_STATEMENT_LINE = 8
TOKENS_PER_FACT_LINE = 10  # "- loan home EMI: ₹47,000 (was ₹45,000)"
_SUMMARY_FRAME = 40  # the headings and the "dropped" note

SUMMARIZER_MARKER = "You maintain the running summary of a conversation"

# What a person would keep, in the order they would give it up last: the same things the
# offline summarizer keeps, so a real model's summary can be checked against it.
SUMMARIZER_PROMPT = (
    SUMMARIZER_MARKER + " between a user and FinCoach, a personal-finance coach. "
    "Rewrite the summary so that it also covers the new turns. Keep every figure the user "
    "stated: amounts (as written, e.g. ₹25,000, 25k, 2.5 lakh), dates and durations, rates, "
    "names, family and dependants, city, goals with their amount and date, preferences with "
    "their reason, and decisions. When something changed (rent went up, \"actually it's "
    '..."), keep only the newest value and say it replaced the old one. Put these facts '
    "first, one per line, oldest first; then, in the user's own words, every other statement "
    "they made about their situation (where they live, family, why they prefer something, a "
    "goal named in words), newest first; then open questions; drop pleasantries and the "
    "coach's advice. Use at most {cap} tokens. Reply with the summary only."
)


@dataclass(frozen=True)
class FoldPlan:
    """Which turns to fold into the summary, and the summarizer request for it."""

    previous: Summary | None
    turns: tuple[Turn, ...]
    cap_tokens: int
    # How many times `cap_tokens` the cap may grow to (1: a fixed cap, as hybrid's budget).
    cap_growth: int = CAP_GROWTH

    @property
    def first_turn(self) -> int:
        return self.turns[0][0].turn

    @property
    def last_turn(self) -> int:
        return self.turns[-1][0].turn

    @property
    def message_ids(self) -> tuple[str, ...]:
        return tuple(m.id for turn in self.turns for m in turn)

    def bounded(self, count: Callable[[Message], int]) -> FoldPlan:
        """This plan with its cap grown to what there is to keep (`to_keep`), at most
        `cap_growth` times the configured cap, and never more than what the summary replaces:
        the previous summary and the folded turns, so a fold never makes the request larger."""
        replaced = (self.previous.tokens if self.previous else 0) + sum(
            count(m) for turn in self.turns for m in turn
        )
        ceiling = self.cap_growth * self.cap_tokens
        grown = min(max(self.cap_tokens, self.to_keep(count)), ceiling)
        return replace(self, cap_tokens=max(1, min(grown, replaced)), cap_growth=1)

    def to_keep(self, count: Callable[[Message], int]) -> int:
        """About how many tokens the summary needs to keep everything the user stated: the
        previous summary (it held what it had to keep), and the user's statements in the
        folded turns, each its share of its message's tokens plus its line's frame, and a
        line for each figure the finance-fact finder reads in them."""
        need = self.previous.tokens if self.previous else _SUMMARY_FRAME
        for question, _ in self.turns:
            said = statements_in(question.content)
            if said and question.content:
                share = sum(len(s) for s in said) / len(question.content)
                need += round(count(question) * share) + TOKENS_PER_STATEMENT_LINE * len(said)
        figures = find_facts((q.id, q.content) for q, _ in self.turns)
        return need + TOKENS_PER_FACT_LINE * len(figures)

    def request(self) -> list[dict[str, str]]:
        previous = self.previous.text if self.previous else "(none yet)"
        lines = [
            f"Previous summary:\n{previous}",
            "",
            f"New turns ({self.first_turn}-{self.last_turn}):",
        ]
        for question, answer in self.turns:
            # Dated, so that "matures in 18 months" is kept as the month it names.
            said = f" ({day_label(question.ts)})" if question.ts > 0 else ""
            lines.append(f"User{said}: {question.content}")
            lines.append(f"FinCoach: {answer.content}")
        return [
            {"role": "system", "content": SUMMARIZER_PROMPT.format(cap=self.cap_tokens)},
            {"role": "user", "content": "\n".join(lines)},
        ]

    def result(self, text: str, count_text: Callable[[str], int]) -> Summary:
        """The new summary: cut to the cap if the summarizer ignored it (older lines first),
        checked for figures its input held and it lost, and claiming the folded turns only
        when it covers them."""
        capped, cut = cap_summary(text.strip(), self.cap_tokens, count_text)
        previous = self.previous
        sources = [("summary", previous.text)] if previous else []
        sources += [(m.id, m.content) for turn in self.turns for m in turn if m.role == "user"]
        lost = lost_figures(sources, capped)
        if previous is not None and capped == previous.text:
            turns_lost = lost_figures(sources[1:], capped)
            if turns_lost:  # the new turns are not in it: do not claim them
                return replace(
                    previous, read_to=self.last_turn, dropped=turns_lost, cut="", unchanged=True
                )
            covered = extended(previous.covers_ids, self.message_ids)
            return replace(previous, last_turn=self.last_turn, covers_ids=covered, unchanged=True)
        covered = extended(previous.covers_ids if previous else (), self.message_ids)
        return Summary(capped, self.last_turn, covered, count_text(capped), dropped=lost, cut=cut)


def lost_figures(sources: Iterable[tuple[str, str]], text: str) -> tuple[str, ...]:
    """The figures `sources` state (their newest value per kind, as the finance-fact finder
    reads them) that `text` does not state with the same value, as "label value"."""
    held = find_facts(sources)
    kept = find_facts([("summary", text)])
    lost = []
    for key, fact in held.items():
        now = kept.get(key)
        if now is None or not same_value(key, now.value, fact.value):
            lost.append(f"{fact.label} {fact.value}")
    return tuple(lost)


_SENTENCE_END = re.compile(r"(?<=[.!?])\s+")
_LABEL = re.compile(r"^([A-Za-z][\w ]{0,24}:\s+)(.*)$")


def cap_summary(text: str, cap_tokens: int, count_text: Callable[[str], int]) -> tuple[str, str]:
    """`text` within `cap_tokens`, and a note of what was cut ("" if nothing).

    The text is read as items: its lines, each line's "; "-separated clauses (its
    sentences, for a text in one paragraph). Items go whole, older (earlier) first, in
    order of salience: those that state no figure, then those whose figures another item
    also states (the longer first), then the rest. The text ends with a line saying how many items were
    dropped and which figures they held. If even the last item left does not fit, it is cut
    at a word boundary.
    """
    if count_text(text) <= cap_tokens:
        return text, ""
    lines = [line for line in text.splitlines() if line.strip()]
    if len(lines) <= 1:
        lines = [part for part in _SENTENCE_END.split(text) if part.strip()]
    labels: list[str] = []
    units: list[tuple[int, str]] = []  # (line number, clause)
    for number, line in enumerate(lines):
        labelled = _LABEL.match(line)
        labels.append(labelled.group(1) if labelled else "")
        body = labelled.group(2) if labelled else line
        units += [(number, clause) for clause in body.split("; ") if clause.strip()]
    order = _drop_order([clause for _, clause in units])
    for n in range(1, len(units)):
        gone = set(order[:n])
        note = _dropped_note([clause for i, (_, clause) in enumerate(units) if i in gone])
        trial = "\n".join([*_rebuild(units, labels, gone), note])
        if count_text(trial) <= cap_tokens:
            return trial, note
    last = order[-1] if units else -1
    note = _dropped_note([c for i, (_, c) in enumerate(units) if i != last]) if units[1:] else ""
    newest = units[last][1] if units else text
    room = cap_tokens - (count_text(note) + 1 if note else 0)
    if room < 1:  # no room for the note: the most salient item's words alone
        return cap_text(newest, cap_tokens, count_text), note
    return cap_text(newest, room, count_text) + ("\n" + note if note else ""), note


def _drop_order(items: list[str]) -> list[int]:
    """Which items to give up first: no figure (older first), then a figure another item
    states too (longer first), then the rest (older first)."""
    figures = [
        {(f.key, " ".join(f.value.casefold().split())) for f in find_facts([("", item)]).values()}
        for item in items
    ]
    order = [i for i, held in enumerate(figures) if not held]
    remaining = [i for i, held in enumerate(figures) if held]
    # Of two items stating the same figure the longer goes first: the terse one keeps it.
    for i in sorted(remaining, key=lambda i: -len(items[i])):
        others = set().union(*(figures[j] for j in remaining if j != i))
        if figures[i] <= others:
            order.append(i)
            remaining.remove(i)
    return order + remaining


def _rebuild(units: list[tuple[int, str]], labels: list[str], gone: set[int]) -> list[str]:
    lines: dict[int, list[str]] = {}
    for i, (number, clause) in enumerate(units):
        if i not in gone:
            lines.setdefault(number, []).append(clause)
    return [labels[number] + "; ".join(clauses) for number, clauses in lines.items()]


def _dropped_note(lines: list[str]) -> str:
    figures = find_facts(("", line) for line in lines)
    held = f", which held {', '.join(f.label for f in figures.values())}" if figures else ""
    plural = "s" * (len(lines) != 1)
    return f"(Dropped to fit: {len(lines)} older line{plural}{held}.)"


def cap_text(
    text: str, cap_tokens: int, count_text: Callable[[str], int], marker: str = " …"
) -> str:
    """Cut `text` at a word boundary so it (and `marker`) fit `cap_tokens` (binary search)."""
    if count_text(text) <= cap_tokens:
        return text
    words = text.split(" ")
    low, high = 0, len(words)
    while low < high:
        mid = (low + high + 1) // 2
        if count_text(" ".join(words[:mid]) + marker) <= cap_tokens:
            low = mid
        else:
            high = mid - 1
    return " ".join(words[:low]) + marker


@dataclass(frozen=True)
class SummaryStrategy:
    tail_turns: int = 3
    batch_turns: int = 4
    cap_tokens: int = 300
    name = "summary"

    def __post_init__(self) -> None:
        positive_int("tail_turns", self.tail_turns)
        positive_int("batch_turns", self.batch_turns)
        positive_int("cap_tokens", self.cap_tokens)

    def params(self) -> dict[str, int]:
        return {
            "tail_turns": self.tail_turns,
            "batch_turns": self.batch_turns,
            "cap_tokens": self.cap_tokens,
        }

    def build(self, view: MemoryView) -> Context:
        summary = view.summary
        covered = summary.last_turn if summary else 0
        numbers = ordered_turns(view.history, view.memo)
        if numbers is not None:  # the same messages: those after `covered`, a tail
            kept = list(view.history[bisect.bisect_right(numbers, covered) :])
        else:
            kept = [m for m in view.history if m.turn > covered]
        sections: tuple[Section, ...] = ()
        note = "no summary yet"
        if summary:
            sections = (Section("summary", summary.label, summary.text, summary.covers_ids),)
            note = " · ".join(
                filter(None, (f"summary covers turns 1-{covered}", summary.warning()))
            )
        return assemble(view, kept, strategy=self.name, sections=sections, note=note)

    def fold_plan(
        self,
        history: tuple[Message, ...],
        summary: Summary | None,
        memo: SessionMemo | None = None,
    ) -> FoldPlan | None:
        """The fold due before the next request, if at least a batch has left the tail since
        the last fold read (a fold that claimed nothing waits for a new batch). `memo`: the
        session's (MemoryView.memo), so a growing history's turns are read once."""
        covered = summary.last_turn if summary else 0
        read = summary.read_upto if summary else 0
        tail_start = len(history) // 2 - self.tail_turns  # turns numbered 1..len(turns)
        numbers = ordered_turns(history, memo)
        if numbers is not None:  # the same pairs: those whose question is in (covered, tail_start]
            first = (bisect.bisect_right(numbers, covered) + 1) // 2
            last = min((bisect.bisect_right(numbers, tail_start) + 1) // 2, len(history) // 2)
            due = tuple(
                zip(history[2 * first : 2 * last : 2], history[2 * first + 1 : 2 * last : 2])
            )
        else:
            turns = turns_of(history)
            due = tuple([t for t in turns if covered < t[0].turn <= tail_start])
        fresh = sum(1 for question, _ in due if question.turn > read)
        if len(due) < self.batch_turns or fresh < self.batch_turns:
            return None
        return FoldPlan(summary, due, self.cap_tokens)
