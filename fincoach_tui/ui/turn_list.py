"""The side panel's list of turns: a long session's newest LISTED turns, and above them one
option standing for the earlier ones that lists the next page of them (Enter or a click),
as the request inspector's marker does for a long request's rows.

Each turn is kept as its first chat record and the maintenance calls run before it; its
option is made when it is listed. Opening a 10,000-turn session makes 200 options, not
10,000 (each a label built on the event loop); a new turn appends its own.
"""

from __future__ import annotations

from rich.text import Text
from textual.widgets import OptionList
from textual.widgets.option_list import Option

from fincoach_tui.domain.records import CallRecord
from fincoach_tui.ui import format as fmt

LISTED = 200  # the newest turns listed when a session is opened; one page of earlier ones
EARLIER_ID = "earlier"  # the option standing for the turns not listed


def turn_label(record: CallRecord, *, maintenance: tuple[str, ...] = ()) -> Text:
    """ "Turn 7 · window · 1,234 tok · $0.0004" (+ a mark per maintenance call that turn)."""
    label = (
        f"Turn {record.turn} · {record.strategy} · "
        f"{fmt.tokens(record.usage.prompt_tokens)} tok · {fmt.usd(record.cost_usd)}"
    )
    for kind in dict.fromkeys(
        maintenance
    ):  # "summary", "extract", "embed": calls run before the reply
        label += f" · +{kind}"
    return Text(label)


def earlier_label(earlier: int) -> Text:
    """The option standing for the `earlier` turns not listed."""
    turns = f"{earlier:,} earlier turn{'' if earlier == 1 else 's'}"
    return Text(f"… {turns} not listed · Enter: list {min(earlier, LISTED):,} more")


class TurnList(OptionList):
    """The turns of a session, in the order their first chat records came."""

    def __init__(self, *, id: str | None = None) -> None:
        super().__init__(id=id)
        self._turns: list[tuple[CallRecord, tuple[str, ...]]] = []  # record, maintenance
        self._place: dict[int, int] = {}  # turn -> its place in self._turns
        self._start = 0  # the first place listed (the ones before: the "earlier" option)
        self._made = 0  # the places listed so far end here

    def forget(self) -> None:
        """Another session: no turns."""
        self._turns.clear()
        self._place.clear()
        self._start = self._made = 0
        self.clear_options()

    def knows(self, turn: int) -> bool:
        return turn in self._place

    def add_turn(self, record: CallRecord, maintenance: tuple[str, ...]) -> None:
        """A turn's first chat record; listed by `list_new`."""
        self._place[record.turn] = len(self._turns)
        self._turns.append((record, maintenance))

    def list_new(self) -> None:
        """List the turns added since: the newest LISTED of a list that was empty, or every
        one appended after the ones listed."""
        if self._made == len(self._turns):
            return
        if self._made == 0:
            self._start = max(0, len(self._turns) - LISTED)
            self._fill()
            return
        self.add_options([self._option(place) for place in range(self._made, len(self._turns))])
        self._made = len(self._turns)

    def index_of(self, turn: int) -> int | None:
        """The option of `turn` (None: no such turn); an earlier turn not listed yet is
        listed first, with the page before it."""
        place = self._place.get(turn)
        if place is None:
            return None
        if place < self._start:
            self._start = max(0, min(place, self._start - LISTED))
            self._fill()
        return place - self._start + (1 if self._start else 0)

    def list_earlier(self) -> None:
        """List the next page of earlier turns; the cursor goes to the newest of them."""
        was = self._start
        if not was:
            return
        self._start = max(0, was - LISTED)
        self._fill()
        with self.prevent(OptionList.OptionHighlighted):
            self.highlighted = was - 1 - self._start + (1 if self._start else 0)

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        if event.option.id == EARLIER_ID:
            event.stop()  # not a turn: the panel hears only of turns
            self.list_earlier()

    def _fill(self) -> None:
        options = [self._option(place) for place in range(self._start, len(self._turns))]
        if self._start:
            options.insert(0, Option(earlier_label(self._start), id=EARLIER_ID))
        self.clear_options()
        self.add_options(options)
        self._made = len(self._turns)

    def _option(self, place: int) -> Option:
        record, maintenance = self._turns[place]
        return Option(turn_label(record, maintenance=maintenance), id=str(record.turn))
