"""summary: a running summary of old turns + the last N turns verbatim (seeds 003, 004).

Folding is a model call, so it happens in batches: only once at least `batch_turns`
turns have left the verbatim tail are they folded, together, into the summary. Between
folds those turns are still sent verbatim, so nothing is ever in neither place.
"""

from __future__ import annotations

import bisect
from collections.abc import Callable
from dataclasses import dataclass

from fincoach_tui.domain.context import Context, Section
from fincoach_tui.domain.conversation import Message
from fincoach_tui.domain.memory.base import (
    MemoryView,
    Summary,
    Turn,
    assemble,
    ordered_turns,
    positive_int,
    turns_of,
)

SUMMARIZER_MARKER = "You maintain the running summary of a conversation"

SUMMARIZER_PROMPT = (
    SUMMARIZER_MARKER + " between a user and FinCoach, a personal-finance coach. "
    "Rewrite the summary so that it also covers the new turns. Keep every figure the user "
    "gave (amounts, dates, durations), names, goals, preferences, decisions and open "
    "questions, verbatim where you can; drop pleasantries and advice already given. "
    "Use at most {cap} tokens. Reply with the summary only."
)


@dataclass(frozen=True)
class FoldPlan:
    """Which turns to fold into the summary, and the summarizer request for it."""

    previous: Summary | None
    turns: tuple[Turn, ...]
    cap_tokens: int

    @property
    def first_turn(self) -> int:
        return self.turns[0][0].turn

    @property
    def last_turn(self) -> int:
        return self.turns[-1][0].turn

    @property
    def message_ids(self) -> tuple[str, ...]:
        return tuple(m.id for turn in self.turns for m in turn)

    def request(self) -> list[dict[str, str]]:
        previous = self.previous.text if self.previous else "(none yet)"
        lines = [
            f"Previous summary:\n{previous}",
            "",
            f"New turns ({self.first_turn}-{self.last_turn}):",
        ]
        for question, answer in self.turns:
            lines.append(f"User: {question.content}")
            lines.append(f"FinCoach: {answer.content}")
        return [
            {"role": "system", "content": SUMMARIZER_PROMPT.format(cap=self.cap_tokens)},
            {"role": "user", "content": "\n".join(lines)},
        ]

    def result(self, text: str, count_text: Callable[[str], int]) -> Summary:
        """The new summary, cut to the cap if the summarizer ignored it."""
        capped = cap_text(text.strip(), self.cap_tokens, count_text)
        covered = (self.previous.covers_ids if self.previous else ()) + self.message_ids
        return Summary(capped, self.last_turn, covered, count_text(capped))


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
        numbers = ordered_turns(view.history)
        if numbers is not None:  # the same messages: those after `covered`, a tail
            kept = list(view.history[bisect.bisect_right(numbers, covered) :])
        else:
            kept = [m for m in view.history if m.turn > covered]
        sections: tuple[Section, ...] = ()
        note = "no summary yet"
        if summary:
            sections = (Section("summary", summary.label, summary.text, summary.covers_ids),)
            note = f"summary covers turns 1-{covered}"
        return assemble(view, kept, strategy=self.name, sections=sections, note=note)

    def fold_plan(self, history: tuple[Message, ...], summary: Summary | None) -> FoldPlan | None:
        """The fold due before the next request, if at least a batch has left the tail."""
        covered = summary.last_turn if summary else 0
        tail_start = len(history) // 2 - self.tail_turns  # turns numbered 1..len(turns)
        numbers = ordered_turns(history)
        if numbers is not None:  # the same pairs: those whose question is in (covered, tail_start]
            first = (bisect.bisect_right(numbers, covered) + 1) // 2
            last = min((bisect.bisect_right(numbers, tail_start) + 1) // 2, len(history) // 2)
            due = tuple(
                zip(history[2 * first : 2 * last : 2], history[2 * first + 1 : 2 * last : 2])
            )
        else:
            turns = turns_of(history)
            due = tuple([t for t in turns if covered < t[0].turn <= tail_start])
        if len(due) < self.batch_turns:
            return None
        return FoldPlan(summary, due, self.cap_tokens)
