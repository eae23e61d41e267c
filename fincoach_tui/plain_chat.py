"""`fincoach --plain`: the same coach in plain lines, for pipes, screen readers and scripts.

Reads one message per line from stdin; prints the streamed reply and one accounting line
per turn. `/strategy NAME [key=value ...]` switches strategy, `/quit` (or EOF) ends.
"""

from __future__ import annotations

import sys
from typing import TextIO

from fincoach_tui.coach import (
    FoldFinished,
    FoldStarted,
    ReplyDelta,
    Retrying,
    TurnFailed,
    TurnFinished,
)
from fincoach_tui.domain.memory import StrategyError
from fincoach_tui.runtime import LiveSession


def parse_strategy_command(line: str) -> tuple[str, dict[str, int]]:
    """"/strategy window k=4" -> ("window", {"k": 4}); raises StrategyError."""
    parts = line.split()[1:]
    if not parts:
        raise StrategyError("usage: /strategy NAME [param=value ...]")
    params = {}
    for item in parts[1:]:
        key, sep, value = item.partition("=")
        if not sep or not value.strip().isdigit():
            raise StrategyError(f"bad parameter {item!r}: write it as name=number, e.g. k=4")
        params[key] = int(value)
    return parts[0], params


def accounting_line(record) -> str:
    cost = "no price" if record.cost_usd is None else f"${record.cost_usd:.6f}"
    flags = " (simulated)" if record.simulated else (" (estimated)" if record.usage.estimated else "")
    return (
        f"[turn {record.turn} · {record.strategy} · {len(record.sent)} msgs · "
        f"tiktoken {record.counted_tokens} · billed {record.usage.prompt_tokens}"
        f" (+{record.template_gap} template) · cached {record.usage.cached_tokens} · "
        f"completion {record.usage.completion_tokens} · {cost}{flags}]"
    )


async def run(session: LiveSession, stdin: TextIO | None = None, out: TextIO | None = None) -> int:
    stdin = stdin or sys.stdin  # looked up per call: tests and pipes replace them
    out = out or sys.stdout
    coach = session.coach
    for problem in session.problems:
        print(f"note: {problem}", file=out)
    print(f"session {session.name} · strategy {coach.strategy.name} · /quit to end", file=out)
    for raw in stdin:
        line = raw.rstrip("\n")
        if line.strip() in ("/quit", "/exit"):
            break
        if line.startswith("/strategy"):
            try:
                name, params = parse_strategy_command(line)
                strategy = coach.switch_strategy(name, params)
                print(f"strategy: {strategy.name} {strategy.params()}", file=out)
            except StrategyError as exc:
                print(f"error: {exc}", file=out)
            continue
        if not line.strip():
            continue
        async for event in coach.turn(line):
            if isinstance(event, ReplyDelta):
                out.write(event.text)
                out.flush()
            elif isinstance(event, FoldStarted):
                print(f"(summarizing turns {event.first_turn}-{event.last_turn}…)", file=out)
            elif isinstance(event, FoldFinished) and event.error:
                print(f"(summary failed, turns kept verbatim: {event.error.message})", file=out)
            elif isinstance(event, Retrying):
                print(f"(rate limited; retry {event.attempt} in {event.wait_s:.0f}s)", file=out)
            elif isinstance(event, TurnFinished):
                print("\n" + accounting_line(event.record), file=out)
            elif isinstance(event, TurnFailed):
                print(f"\nerror: {event.error.message} (your message was not sent)", file=out)
    return 0
