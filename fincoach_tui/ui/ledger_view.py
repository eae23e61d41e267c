"""The context ledger as lines for the request inspector: each part's tokens and cost,
the total, and the window's remaining space (domain/ledger.py computes it)."""

from __future__ import annotations

from fincoach_tui.domain.ledger import Ledger
from fincoach_tui.ui import format as fmt


def ledger_lines(ledger: Ledger) -> list[str]:
    mark = "≈" if ledger.estimated else ""
    rows = [(row.label, row.tokens, row.cost_usd) for row in ledger.rows if row.tokens]
    rows.append(("total in", ledger.prompt_tokens, ledger.cost_usd))
    width = max(len(fmt.tokens(n)) for _, n, _ in rows) + len(mark)
    lines = [
        f"{label:<15}{(mark + fmt.tokens(n)).rjust(width)}  {fmt.usd(cost)}"
        for label, n, cost in rows
    ]
    remaining = ledger.remaining
    if remaining is not None and ledger.context_window:
        left = fmt.tokens(remaining) if remaining >= 0 else f"{fmt.MINUS}{fmt.tokens(-remaining)}"
        lines.append(f"window: {mark}{left} of {fmt.tokens(ledger.context_window)} left")
    else:
        lines.append("window: size unknown")
    return lines
