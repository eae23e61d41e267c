"""Word wrapping for text that arrives in pieces (a streamed reply in the line chat).

A terminal cuts a long line wherever its edge falls, often inside a word; this breaks it
at the last space that fits instead. A word is held back only until the space after it
arrives, so the reply still appears as it streams. Widths are terminal cells (a Devanagari
syllable or an emoji is not one cell per character), measured as Rich measures them.
"""

from __future__ import annotations

from rich.cells import cell_len


class StreamWrapper:
    """Feed text in any pieces; get back the same text with line breaks at word boundaries
    so no line is wider than `width` cells (a single word wider than that is left whole)."""

    def __init__(self, width: int) -> None:
        self.width = max(1, width)
        self._column = 0  # cells already on the current output line
        self._word = ""  # the word being received: not shown until its end is known
        self._space = ""  # blanks after the last word shown: dropped if a break replaces them

    def feed(self, text: str) -> str:
        out: list[str] = []
        for char in text:
            if char == "\n":
                out.append(self._place_word())
                out.append("\n")
                self._column, self._space = 0, ""
            elif char in " \t":
                out.append(self._place_word())
                self._space += char
            else:
                self._word += char
        return "".join(out)

    def flush(self) -> str:
        """The word still held back (the text's end); the wrapper starts a fresh line after."""
        rest = self._place_word()
        self._column, self._space = 0, ""
        return rest

    def _place_word(self) -> str:
        word, self._word = self._word, ""
        if not word:
            return ""
        space, self._space = self._space, ""
        cells = cell_len(word)
        if self._column and self._column + cell_len(space) + cells > self.width:
            self._column = cells
            return "\n" + word
        self._column += cell_len(space) + cells
        return space + word
