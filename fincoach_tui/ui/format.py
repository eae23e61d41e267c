"""How numbers and text look in the side panel. Pure: no Textual, no I/O.

Every widget formats through these helpers so a token count or a price reads the same
in the meter, the chart caption, the turn list and the inspector.
"""

from __future__ import annotations

import math
import re

from rich.style import Style

# The one money rule (domain/money.py), named here for the widgets that format through this.
from fincoach_tui.domain.money import usd as usd

_WHITESPACE = re.compile(r"\s+")
ELLIPSIS = "…"
MINUS = "−"  # a real minus sign: "-56" next to "+56" reads like a hyphen otherwise


def tokens(n: int) -> str:
    """1234 -> "1,234"."""
    return f"{n:,}"


def signed_tokens(n: int) -> str:
    """A difference of tokens, always with its sign: "+56", "−2", "0"."""
    if n > 0:
        return f"+{n:,}"
    if n < 0:
        return f"{MINUS}{-n:,}"
    return "0"


def preview(text: str, width: int) -> str:
    """One line of at most `width` characters: whitespace collapsed, cut with an ellipsis."""
    if width <= 0:
        return ""
    line = _WHITESPACE.sub(" ", text).strip()
    if len(line) <= width:
        return line
    return line[: width - 1].rstrip() + ELLIPSIS


def percent(part: float, whole: float | None) -> str:
    """part/whole as a whole percentage; "<1%" for a sliver; "–" when there is no whole.

    Rounded down, so the number never claims a threshold (80%, 100%) not yet reached.
    """
    if not whole:
        return "–"
    value = 100 * part / whole
    if 0 < value < 1:
        return "<1%"
    return f"{math.floor(value)}%"


def ink(style: Style) -> Style:
    """A style's colour and emphasis without its background.

    Textual resolves theme colours (with their transparency) against the widget's
    background; a table cell or a plot then paints only the ink, over its own background.
    """
    return Style(color=style.color, bold=style.bold, italic=style.italic, dim=style.dim)
