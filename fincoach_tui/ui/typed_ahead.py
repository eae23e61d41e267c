"""What was typed before the app read its own keys, as the composer should receive it.

Keys typed while `fincoach` starts reach the terminal before Textual puts it in raw mode.
The command line reads them at launch (cli/early_terminal.py) as bytes, perhaps split in
the middle of a character, with Enter as \\r, \\n or \\r\\n depending on when it was typed.
`TypedAhead` turns them into text where "\\n" stands for Enter and every other character
is printable: control bytes and the escape sequences of arrow or function keys are
dropped (they edit nothing yet), a character split across two reads is decoded whole, and
\\r\\n is one Enter. Each line ended with Enter is then sent as a message of its own, and
the unfinished last line is the composer's text (ui/key_routing.py).
"""

from __future__ import annotations

import codecs

ENTER = "\n"  # in the text `TypedAhead` gives: Enter, everything else is printable
_ESC = "\x1b"
_ERASE = ("\x7f", "\x08")  # Backspace as terminals send it


class TypedAhead:
    """Bytes in (as many reads as there were), the composer's text out (`text`)."""

    def __init__(self) -> None:
        self._decode = codecs.getincrementaldecoder("utf-8")(errors="replace").decode
        self._chars: list[str] = []
        self._after_cr = False  # \r then \n: one Enter, as a terminal without ICRNL sends it
        self._escape = ""  # the part of an escape sequence read so far

    def feed(self, data: bytes) -> None:
        for char in self._decode(data):
            self._take(char)

    @property
    def text(self) -> str:
        return "".join(self._chars)

    def _take(self, char: str) -> None:
        after_cr, self._after_cr = self._after_cr, False
        if self._escape:
            self._skip_escape(char)
        elif char == _ESC:
            self._escape = char
        elif char in "\r\n":
            if not (char == "\n" and after_cr):
                self._chars.append(ENTER)
            self._after_cr = char == "\r"
        elif char in _ERASE:
            if self._chars and self._chars[-1] != ENTER:
                self._chars.pop()
        elif char.isprintable():
            self._chars.append(char)
        # Any other control character (Tab, Ctrl+letters, C1 codes) is dropped.

    def _skip_escape(self, char: str) -> None:
        """ESC [ ... final (CSI), ESC O x (SS3), ESC x (Alt+x): all dropped."""
        self._escape += char
        if len(self._escape) == 2:
            if char not in "[O":
                self._escape = ""  # Alt+key
        elif self._escape[1] == "O" or "\x40" <= char <= "\x7e":
            self._escape = ""


def messages_and_rest(text: str) -> tuple[list[str], str]:
    """Text typed ahead: each part Enter ended, and the part after the last Enter."""
    *ended, rest = text.split(ENTER)
    return ended, rest
