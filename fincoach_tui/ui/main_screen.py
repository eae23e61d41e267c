"""The app's first screen (the chat and the side panel), made ready to be styled once.

Two things Textual would otherwise settle after the screen's widgets are styled, each
restyling them all once more before the first frame:
- focus: Textual's default gives it to the first focusable widget (the chat), and the
  app then moves it to the composer; this screen focuses the composer from the start.
- the width's breakpoint class (`-narrow`, `-wide`): Textual sets it on the first resize;
  this screen is made with it, so that resize finds it already there.
"""

from __future__ import annotations

from textual.screen import Screen


def breakpoint_classes(width: int, breakpoints: list[tuple[int, str]]) -> set[str]:
    """The class Textual's screen gives for `width`: the widest breakpoint it reaches."""
    for threshold, name in sorted(breakpoints, reverse=True):
        if width >= threshold:
            return {name}
    return set()


class MainScreen(Screen):
    AUTO_FOCUS = "#composer"

    def __init__(self, *, width: int, breakpoints: list[tuple[int, str]]) -> None:
        # The id Textual gives its own default screen.
        super().__init__(id="_default", classes=" ".join(breakpoint_classes(width, breakpoints)))
