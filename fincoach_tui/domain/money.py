"""How a cost in US dollars is written, everywhere FinCoach shows one. Pure.

One rule for the panel, the receipt, `fincoach sessions`, the line chat and the export, so
the same call never reads as "$0.0001" in one place and "$0.000065" in another.
"""

from __future__ import annotations

import math

__all__ = ["usd"]


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
