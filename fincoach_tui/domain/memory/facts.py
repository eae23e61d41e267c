"""facts: the current facts of the store + the last N turns verbatim (seed 002, architecture 3).

The facts go into one labelled section of the system message; superseded and deleted
facts are never sent. The store is filled by extraction calls the coach runs before the
request (see `extract_plan`), so the cost per turn is small and roughly flat.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass

from fincoach_tui.domain.context import Context, Section
from fincoach_tui.domain.conversation import Message
from fincoach_tui.domain.fact_extraction import ExtractPlan, plan_extraction
from fincoach_tui.domain.fact_relevance import facts_budget, relevant_keys
from fincoach_tui.domain.fact_store import Fact, FactStore
from fincoach_tui.domain.memory.base import MemoryView, assemble, last_turns, positive_int
from fincoach_tui.domain.memory.notes_fill import facts_notes
from fincoach_tui.domain.plurals import plural
from fincoach_tui.domain.relative_dates import day_label

# "fact" in the label is how the inspector (and the offline coach) recognise the section.
FACTS_LABEL = "Known facts (current: where an older passage disagrees, these win)"


def fact_line(fact: Fact) -> str:
    said = "edited" if fact.origin == "edited" else f"turn {fact.turn}"
    return f"- {fact.label}: {fact.value} ({said}, {day_label(fact.observed_at)})"


def facts_section(
    facts: Sequence[Fact], budget: int, count_text: Callable[[str], int], question: str = ""
) -> tuple[Section | None, tuple[Fact, ...]]:
    """The section of current facts that fits `budget` tokens, and the facts it holds.

    When they do not all fit, the facts the question is about go first (see
    `fact_relevance`), then the most recently observed: an old fact the user has not
    mentioned since is the likeliest to be stale. The section lists them in the order said.
    """
    facts = tuple(facts)
    kept: list[Fact] = []
    lines = {id(f): fact_line(f) for f in facts}  # each fact's line once, not once per trial
    asked = relevant_keys(((f.key, f.value) for f in facts), question) if question else set()
    for fact in sorted(facts, key=lambda f: (f.key in asked, f.observed_at), reverse=True):
        trial = sorted([*kept, fact], key=lambda f: (f.turn, f.observed_at, f.id))
        if count_text("\n".join(lines[id(f)] for f in trial)) <= budget:
            kept = trial
    if not kept:
        return None, ()
    text = "\n".join(lines[id(f)] for f in kept)
    ids = tuple(dict.fromkeys(i for f in kept for i in f.source_ids))
    return Section("fact", FACTS_LABEL, text, ids), tuple(kept)


def not_in_tail(facts: Sequence[Fact], tail: Sequence[Message]) -> tuple[Fact, ...]:
    """The facts the tail does not already state: a fact whose key and value are, word for
    word, in a message sent verbatim in the same request adds only tokens. One the tail
    says otherwise ("actually it's 25k" for rent ₹25,000) or that the user edited is kept."""
    said = {m.id: " ".join(m.content.casefold().split()) for m in tail}
    return tuple(f for f in facts if f.origin == "edited" or not _stated(f, said))


def _stated(fact: Fact, said: dict[str, str]) -> bool:
    value, key = " ".join(fact.value.casefold().split()), fact.label.casefold()
    return any(value in said[i] and key in said[i] for i in fact.source_ids if i in said)


def word_count(text: str) -> int:
    """MemoryView.text_tokens's count when there is no tokenizer."""
    return len(text.split())


def store_note(store: FactStore | None, kept: int, in_tail: int = 0) -> str:
    """How many current facts were sent and why the others were not: `in_tail` were said,
    word for word, in the turns sent verbatim (`not_in_tail`); the rest did not fit the
    facts budget (`facts_section`)."""
    if store is None or not store.facts:
        return "no facts extracted yet"
    total = len(store.current())
    old = len(store.facts) - total
    over = total - in_tail - kept
    why = ", ".join(
        part
        for part, count in (
            (f"{in_tail} said in the turns sent", in_tail),
            (f"{over} over budget", over),
        )
        if count
    )
    shown = plural(kept, "fact") if kept == total else f"{kept} of {plural(total, 'fact')} ({why})"
    return f"{shown} · {old} superseded or deleted" if old else shown


@dataclass(frozen=True)
class FactsStrategy:
    tail_turns: int = 3
    extract_every: int = 2
    facts_tokens: int = 250  # grows with the facts stored (fact_relevance.facts_budget)
    name = "facts"

    def __post_init__(self) -> None:
        positive_int("tail_turns", self.tail_turns)
        positive_int("extract_every", self.extract_every)
        positive_int("facts_tokens", self.facts_tokens)

    def params(self) -> dict[str, int]:
        return {
            "tail_turns": self.tail_turns,
            "extract_every": self.extract_every,
            "facts_tokens": self.facts_tokens,
        }

    def build(self, view: MemoryView) -> Context:
        kept = [m for turn in last_turns(view.history, self.tail_turns) for m in turn]
        stored = view.facts.current() if view.facts else ()
        current = not_in_tail(stored, kept)
        budget = facts_budget(self.facts_tokens, len(stored))
        section, shown = facts_section(current, budget, view.text_tokens, view.new.content)
        # What extraction could not classify, in the user's words (see `notes`), kept from
        # one request to the next in the session's memo (see `notes_index`).
        words, told = facts_notes(view, kept, self.tail_turns, view.count_text or word_count)
        sections = tuple(s for s in (section, words) if s is not None)
        note = store_note(view.facts, len(shown), len(stored) - len(current))
        if told:
            note += f" · {told} of the user's statements"
        return assemble(view, kept, strategy=self.name, sections=sections, note=note)

    def extract_plan(
        self, history: tuple[Message, ...], new: Message, store: FactStore
    ) -> ExtractPlan | None:
        """Due every `extract_every` turns, and at once for "remember ..."."""
        return plan_extraction(history, new, store, every_turns=self.extract_every)
