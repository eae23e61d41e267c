"""The usage report as a text table: what `fincoach usage` prints and the usage screen
shows. Pure: no Textual, no I/O.

Estimated figures (a server that sent no usage) carry "≈"; a cost missing some calls'
prices carries "+?" and a footnote, and one with no price at all says "no price".
"""

from __future__ import annotations

from fincoach_tui.domain.plurals import plural
from fincoach_tui.domain.usage import UsageReport, UsageTotals
from fincoach_tui.ui.format import usd

HEADINGS = ("input", "cached", "output", "reasoning", "maint.", "cost")
_PERIOD_HEADING = {"daily": "day", "weekly": "week of", "monthly": "month"}


def cost_text(totals: UsageTotals) -> str:
    if totals.calls and totals.unpriced_calls == totals.calls:
        return "no price"
    text = usd(totals.cost_usd)
    if totals.estimated_calls:
        text = "≈" + text
    return text + ("+?" if totals.unpriced_calls else "")


def figures(totals: UsageTotals) -> list[str]:
    mark = "≈" if totals.estimated_calls else ""
    tokens = (
        totals.input_tokens,
        totals.cached_tokens,
        totals.output_tokens,
        totals.reasoning_tokens,
        totals.maintenance_tokens,
    )
    return [f"{mark}{n:,}" if n else "0" for n in tokens] + [cost_text(totals)]


def usage_lines(report: UsageReport, width: int = 100) -> list[str]:
    """The table, a total line and its footnotes, each at most `width` characters."""
    group = report.by or ""
    head = [_PERIOD_HEADING[report.period], *([group] if group else []), *HEADINGS]
    rows = [
        [line.period, *([line.group] if group else []), *figures(line.totals)]
        for line in report.lines
    ]
    rows.append(["total", *([""] if group else []), *figures(report.total)])
    widths = [max(len(r[i]) for r in [head, *rows]) for i in range(len(head))]
    labels = 2 if group else 1
    fixed = sum(widths) - (widths[1] if group else 0) + len(widths) * 2
    if group and fixed + widths[1] > width:  # the group column gives way first
        widths[1] = max(8, width - fixed)

    def line(cells: list[str]) -> str:
        out = []
        for i, (cell, w) in enumerate(zip(cells, widths, strict=True)):
            cell = cell if len(cell) <= w else cell[: w - 1] + "…"
            out.append(cell.ljust(w) if i < labels else cell.rjust(w))
        return "  ".join(out).rstrip()

    rule = "─" * min(width, len(line(head)))
    text = [line(head), rule, *(line(r) for r in rows[:-1]), rule, line(rows[-1])]
    return text + footnotes(report.total)


LEGEND = "cached is in input, reasoning in output; maint.: summary and fact calls"


def footnotes(total: UsageTotals) -> list[str]:
    notes = [LEGEND]
    if total.estimated_calls:
        notes.append(f"≈ {_calls(total.estimated_calls)} estimated (the server sent no usage)")
    if total.unpriced_calls:
        notes.append(f"+? {_calls(total.unpriced_calls)} with no price, not in the cost")
    return notes


def _calls(n: int) -> str:
    return plural(n, "call")
