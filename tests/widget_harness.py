"""For tests that drive one widget of the interface in a bare Textual app, from hand-made
CallRecords with exact numbers, and read its tables cell by cell."""

from __future__ import annotations

from collections.abc import AsyncIterator, Callable, Sequence
from contextlib import asynccontextmanager
from typing import TypeVar

from textual.app import App, ComposeResult
from textual.coordinate import Coordinate
from textual.pilot import Pilot
from textual.widget import Widget
from textual.widgets import DataTable

from fincoach_tui.domain.records import CallRecord, SentMessage, Usage


class OneWidgetApp(App):
    """A bare app showing the widget `make` builds, and nothing else."""

    def __init__(self, make: Callable[[], Widget]) -> None:
        super().__init__()
        self._make = make

    def compose(self) -> ComposeResult:
        yield self._make()


W = TypeVar("W", bound=Widget)


@asynccontextmanager
async def mounted(
    kind: type[W], size: tuple[int, int] = (120, 40)
) -> AsyncIterator[tuple[W, Pilot]]:
    """A `kind` made with no arguments, alone in a bare app at `size`: the widget and the
    pilot (`widget.app` is the app). `async with mounted(TokenMeter) as (meter, pilot):`"""
    app = OneWidgetApp(kind)
    async with app.run_test(size=size) as pilot:
        yield app.query_one(kind), pilot


def call_record(
    turn: int,
    strategy: str,
    sent: Sequence[SentMessage],
    *,
    omitted: Sequence[str] = (),
    prompt: int = 0,
    completion: int = 0,
    cached: int = 0,
    reasoning: int = 0,
    predicted: int = 0,
    cost: float = 0.0,
    estimated: bool = False,
    simulated: bool = False,
    note: str = "",
) -> CallRecord:
    """A chat record of `sent` on gpt-4o-mini, its counted tokens the messages' own."""
    return CallRecord(
        kind="chat",
        turn=turn,
        strategy=strategy,
        provider="openai",
        model="gpt-4o-mini",
        sent=tuple(sent),
        omitted_ids=tuple(omitted),
        counted_tokens=sum(m.tokens for m in sent),
        predicted_prompt_tokens=predicted,
        usage=Usage(prompt, completion, cached, reasoning, estimated=estimated),
        cost_usd=cost,
        latency_s=0.5,
        simulated=simulated,
        note=note,
    )


def row_keys(table: DataTable) -> list[str]:
    """The table's row keys, top to bottom."""
    return [str(row.key.value) for row in table.ordered_rows]


def cell(table: DataTable, row: int, column: int) -> str:
    return str(table.get_cell_at(Coordinate(row, column)))


def cells(table: DataTable, row: int) -> list[str]:
    return [cell(table, row, column) for column in range(len(table.columns))]
