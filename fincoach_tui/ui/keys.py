"""The keys that start a new line in the composer, however the terminal reports them.

Enter sends. A new line is Ctrl+J everywhere (terminals send it as a line feed), and
Shift+Enter or Alt+Enter where the terminal can tell them from Enter:
- kitty-protocol terminals report `shift+enter` / `alt+enter` as such;
- xterm's modifyOtherKeys (and tmux with `extended-keys`) sends Shift+Enter as
  `ESC[27;2;13~`, which Textual parses as the key `shift+\\r`;
- most terminals (tmux among them) send Alt+Enter as ESC then CR, which Textual reports
  as a plain Enter, dropping the Alt: that would send the message the person meant to
  continue. `accept_legacy_alt_enter` teaches the parser that pair (see below).
Terminals that send Shift+Enter exactly as Enter leave no way to tell them apart: there
Ctrl+J (or Alt+Enter) is the new line, as the composer's placeholder says.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable

from textual import events

NEW_LINE_KEYS = frozenset({"ctrl+j", "shift+enter", "alt+enter", "shift+\r"})
ALT_ENTER = "\x1b\r"  # what a terminal without a keyboard protocol sends for Alt+Enter
_PARSER_METHOD = "_sequence_to_key_events"  # Textual's XTermParser: sequence -> keys


def accept_legacy_alt_enter() -> None:
    """Make Textual's terminal parser report ESC CR as `alt+enter` rather than `enter`.

    Textual (8.x) has no public hook for one more key sequence, so its parser's sequence
    lookup is wrapped, once, for that one sequence; every other sequence goes through
    unchanged. If a Textual version has no such method the wrap is skipped, and Alt+Enter
    is whatever that version makes of it (Ctrl+J still starts a new line)."""
    from textual._xterm_parser import XTermParser

    original: Callable[..., Iterable[events.Key]] | None = getattr(
        XTermParser, _PARSER_METHOD, None
    )
    if original is None or getattr(original, "accepts_alt_enter", False):
        return

    def sequence_to_key_events(
        parser: XTermParser, sequence: str, alt: bool = False
    ) -> Iterable[events.Key]:
        if sequence == ALT_ENTER:
            yield events.Key("alt+enter", None)
            return
        yield from original(parser, sequence, alt)

    sequence_to_key_events.accepts_alt_enter = True  # type: ignore[attr-defined]
    setattr(XTermParser, _PARSER_METHOD, sequence_to_key_events)
