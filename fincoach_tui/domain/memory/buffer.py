"""buffer: send the whole transcript every turn (seed 000/001). The baseline."""

from __future__ import annotations

from dataclasses import dataclass

from fincoach_tui.domain.context import Context
from fincoach_tui.domain.memory.base import MemoryView, assemble


@dataclass(frozen=True)
class BufferStrategy:
    name = "buffer"

    def params(self) -> dict[str, int]:
        return {}

    def build(self, view: MemoryView) -> Context:
        return assemble(view, view.history, strategy=self.name)
