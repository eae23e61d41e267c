"""The planner's table at any width: every number whole, in the widest form that fits.

Four forms, widest first: "1,234 / 12,345" under "buffer (turn / total)"; the same under
the strategy's name alone; the two numbers rounded ("1.2k / 12k"); the running totals
alone, rounded. A
table is never cut at the dialog's edge: it takes the first form that fits. Pure.
"""

from __future__ import annotations

from fincoach_tui.domain.planner import Plan, rows_to_show
from fincoach_tui.ui.fit_columns import CELL_PADDING, SCROLLBAR, column_widths

Table = tuple[str, list[str], list[list[str]]]  # (what a cell holds, headers, rows)


def compact(n: int) -> str:
    """12345 -> "12k", 1234 -> "1.2k", 999 -> "999", 2_500_000 -> "2.5M"."""
    for limit, suffix in ((1_000_000, "M"), (1_000, "k")):
        if n >= limit:
            value = n / limit
            return (
                f"{value:.1f}".rstrip("0").rstrip(".") + suffix
                if value < 10
                else (f"{value:.0f}{suffix}")
            )
    return str(n)


def forms(plan: Plan) -> list[Table]:
    turns = rows_to_show(plan)
    names = list(plan.strategies)

    def cells(cell) -> list[list[str]]:
        return [[str(t), *(cell(s, t) for s in names)] for t in turns]

    def both(s: str, t: int) -> str:
        return f"{plan.per_turn[s][t - 1]:,} / {plan.cumulative[s][t - 1]:,}"

    def both_short(s: str, t: int) -> str:
        return f"{compact(plan.per_turn[s][t - 1])} / {compact(plan.cumulative[s][t - 1])}"

    def total_short(s: str, t: int) -> str:
        return compact(plan.cumulative[s][t - 1])

    return [
        (
            "tokens this turn / all turns so far",
            ["turn", *(f"{s} (turn / total)" for s in names)],
            cells(both),
        ),
        ("tokens this turn / all turns so far", ["turn", *names], cells(both)),
        ("tokens this turn / all turns so far", ["turn", *names], cells(both_short)),
        ("tokens of all turns so far", ["turn", *names], cells(total_short)),
    ]


def table_width(headers: list[str], rows: list[list[str]]) -> int:
    return sum(w + CELL_PADDING for w in column_widths(headers, rows)) + SCROLLBAR


def plan_table(plan: Plan, width: int) -> Table:
    """The widest form of the plan's table that fits `width` cells (the last if none does)."""
    options = forms(plan)
    for option in options:
        if table_width(option[1], option[2]) <= width:
            return option
    return options[-1]
