"""The messages the cost comparison posts (ui/live_comparison.py computes; the app's `@on`
handlers show them in the side panel and under the composer). Apart from the comparison
so the app can name them in its handlers without importing the strategies before its
first frame."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from textual.message import Message

if TYPE_CHECKING:
    from fincoach_tui.service.cost_comparison import ComparisonSnapshot


@dataclass
class CostsCompared(Message):
    """Every strategy's cost on the session on screen, as of its newest turn."""

    snapshot: ComparisonSnapshot
    first: bool = False  # the session's first: all of it is in memory now


@dataclass
class DraftQuoted(Message):
    """What sending the draft now would cost ("next: …"); "" when there is nothing to say."""

    line: str
