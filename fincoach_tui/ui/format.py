"""How numbers and text look in the side panel. Pure: no Textual, no I/O.

Every widget formats through these helpers so a token count or a price reads the same
in the meter, the chart caption, the turn list and the inspector.
"""

from __future__ import annotations

import math
import re

from rich.style import Style

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


def usd(x: float | None) -> str:
    """A cost in US dollars that stays readable at a millionth of a cent.

    Turn costs are often far below a cent: rounding them to "$0.00" would hide exactly
    what this app is about, so small values keep two significant digits ("$0.000068").
    None means the model has no known price, which is not the same as free.
    """
    if x is None:
        return "no price"
    if x == 0:
        return "$0"
    sign = "-" if x < 0 else ""
    value = abs(x)
    if value >= 1:
        return f"{sign}${value:,.2f}"
    decimals = max(4, -math.floor(math.log10(value)) + 1)
    return f"{sign}${value:.{decimals}f}"


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
