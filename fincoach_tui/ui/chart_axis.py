"""The chart's y axis: evenly spaced round ticks that never share a row. Pure.

textual-plot's own ticks ask for up to eight labels whatever the plot's height: on the
side panel's seven rows two labels rounded to one row and the later overwrote the earlier
(the axis read 160, 120, 80, 60, 20). Here the step is the smallest of 1, 2, 5 × 10ⁿ that
keeps labels at least two rows apart, the axis ends on a tick above the highest value
(with a little headroom, so one turn's bar is not a full-height block), and every label is
a different, short string.
"""

from __future__ import annotations

import math
from decimal import Decimal

NICE_MANTISSAS = (1, 2, 5)
ROWS_APART = 2  # a blank row between labels: adjacent labels read as one number
HEADROOM = 1.1  # the top tick clears the highest value by a tenth
LABEL_WIDTH = 9  # the plot's left margin (10) less the tick mark


def _steps(smallest: Decimal):
    """1, 2, 5 × 10ⁿ from the power of ten at or below `smallest`, upwards."""
    exponent = math.floor(math.log10(smallest)) if smallest > 0 else 0
    while True:
        for mantissa in NICE_MANTISSAS:
            yield Decimal(mantissa).scaleb(exponent)
        exponent += 1


def y_ticks(top: float, rows: int, *, whole: bool = False) -> list[float]:
    """Ticks from 0 to the first one at or above `top` × HEADROOM, at a 1-2-5 step, no
    more of them than `rows` rows hold ROWS_APART apart. `whole`: token counts, whose
    step is at least 1. With nothing to show (top <= 0), the axis is 0 to 1."""
    if top <= 0:
        return [0.0, 1.0]
    most = max(2, (rows - 1) // ROWS_APART + 1)  # ticks that fit, the 0 tick included
    reach = Decimal(repr(top * HEADROOM))
    smallest = reach / (most - 1)
    for step in _steps(smallest):
        if whole and step < 1:
            continue
        count = math.ceil(reach / step)
        if count + 1 <= most:
            return [float(step * i) for i in range(count + 1)]
    raise AssertionError("unreachable: the steps grow without bound")


def _decimals(ticks: list[float]) -> int:
    """Decimals that tell the ticks apart: those of their smallest step."""
    if len(ticks) < 2:
        return 0
    gap = min(b - a for a, b in zip(ticks, ticks[1:]))
    step = Decimal(repr(round(gap, 12))).normalize()
    return max(0, -step.as_tuple().exponent)  # type: ignore[operator]


def tick_labels(ticks: list[float], unit: str) -> list[str]:
    """ "0", "500", "1.5k", "2M" for tokens; "$0", "$0.00005", "$1.50" for cost; each at
    most LABEL_WIDTH characters and each different."""
    if unit == "cost":
        decimals = _decimals(ticks)
        labels = [f"${t:.{decimals}f}" if t else "$0" for t in ticks]
        if max(len(label) for label in labels) > LABEL_WIDTH:  # below a millionth of a dollar
            labels = [f"${t:.0e}" if t else "$0" for t in ticks]
        return labels
    top = max(ticks)
    for limit, suffix in ((1_000_000, "M"), (1_000, "k")):
        if top >= limit:
            scaled = [t / limit for t in ticks]
            decimals = _decimals(scaled)
            return [f"{t:.{decimals}f}{suffix}" if t else "0" for t in scaled]
    return [f"{t:.0f}" for t in ticks]
