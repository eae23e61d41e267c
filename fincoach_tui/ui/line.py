"""A line of text (or a few) that is drawn again only when what it says changes.

The panel's figures are set two or three times a turn, mostly to the same text, and a
Static's update lays the whole screen out again (tens of ms with the chart and tables
on it). A line that knows it is one row high whatever it says can skip that too.
"""

from __future__ import annotations

from rich.text import Text
from textual.widgets import Static


class Line(Static):
    def __init__(self, *args, **kwargs) -> None:
        super().__init__(*args, **kwargs)
        self._shown: tuple | None = None

    def show(self, text: Text, *, layout: bool = True) -> None:
        """Show `text`; `layout=False` when the line's size cannot change with it."""
        key = (text.plain, str(text.style), tuple(text.spans))  # Text's == ignores its style
        if key != self._shown:
            self._shown = key
            self.update(text, layout=layout)
