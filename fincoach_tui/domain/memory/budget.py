"""budget: the most recent whole turns whose content fits a token budget."""

from __future__ import annotations

from dataclasses import dataclass

from fincoach_tui.domain.context import Context
from fincoach_tui.domain.memory.base import MemoryView, assemble, positive_int, turns_newest_first


@dataclass(frozen=True)
class BudgetStrategy:
    """The budget covers earlier turns only: the system prompt and the new message are
    always sent, so they are not allowed to crowd history out of a fixed allowance.
    Whole turns only: a question without its answer (or the reverse) misleads the model.
    """

    budget_tokens: int = 1500
    name = "budget"

    def __post_init__(self) -> None:
        positive_int("budget_tokens", self.budget_tokens)

    def params(self) -> dict[str, int]:
        return {"budget_tokens": self.budget_tokens}

    def build(self, view: MemoryView) -> Context:
        kept_turns = []
        used = 0
        for question, answer in turns_newest_first(view.history):
            size = view.count(question) + view.count(answer)
            if used + size > self.budget_tokens:
                break
            kept_turns.append((question, answer))
            used += size
        kept = [m for turn in reversed(kept_turns) for m in turn]
        note = f"{used} of {self.budget_tokens} history tokens"
        return assemble(view, kept, strategy=self.name, note=note)
