"""`fincoach --plain`: the same coach in plain lines, for pipes, screen readers and scripts.

Reads one message per line from stdin; prints the streamed reply and one accounting line
per turn. `/strategy NAME [key=value ...]` switches strategy, `/quit` (or EOF) ends.
"""

from __future__ import annotations

import sys
from typing import TextIO

from fincoach_tui.cli.plain_budget import PlainBudget
from fincoach_tui.domain.inert_text import inert
from fincoach_tui.domain.memory import StrategyError
from fincoach_tui.service.coach import Coach, Turn
from fincoach_tui.service.events import (
    ExtractFinished,
    ExtractStarted,
    FoldFinished,
    FoldStarted,
    IndexFinished,
    ReplyDelta,
    Retrying,
    TurnFailed,
    TurnFinished,
    TurnRefused,
)
from fincoach_tui.service.maintenance import describe
from fincoach_tui.service.runtime import LiveSession
from fincoach_tui.store.session_file import SessionError


def parse_strategy_command(line: str) -> tuple[str, dict[str, int]]:
    """ "/strategy window k=4" -> ("window", {"k": 4}); raises StrategyError."""
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


def accounting_line(record, coach: Coach | None = None) -> str:
    cost = "no price" if record.cost_usd is None else f"${record.cost_usd:.6f}"
    estimated = record.usage.estimated and not record.simulated
    flags = " (simulated)" if record.simulated else (" (estimated)" if estimated else "")
    counted, gap = record.counted_tokens, record.template_gap
    how, parts = "tiktoken", f"+{gap} template"
    counter = coach.counter if coach is not None else None
    if counter is not None and counter.server is not None:
        how = "server tokenizer"
    elif counter is not None and coach is not None and not counter.exact:
        # An estimate: the gap is partly the model's other tokenizer, never all "template".
        how = "o200k estimate"
        tokenizer = coach.overhead.tokenizer_part(counted)
        parts = f"{tokenizer:+d} tokenizer, {gap - tokenizer:+d} template"
    billed = f"≈{record.usage.prompt_tokens}" if estimated else str(record.usage.prompt_tokens)
    return (
        f"[turn {record.turn} · {record.strategy} · {len(record.sent)} msgs · "
        f"{how} {counted} · billed {billed}"
        f" ({parts}) · cached {record.usage.cached_tokens} · "
        f"completion {record.usage.completion_tokens} · {cost}{flags}]"
    )


async def run(
    session: LiveSession,
    stdin: TextIO | None = None,
    out: TextIO | None = None,
    budget: PlainBudget | None = None,
) -> int:
    stdin = stdin or sys.stdin  # looked up per call: tests and pipes replace them
    out = out or sys.stdout

    def say(text: str = "") -> None:
        # Flushed line by line: a script driving this through a pipe sees every line as
        # soon as it is true, not when a buffer fills.
        print(text, file=out, flush=True)

    coach = session.coach
    for problem in session.problems:
        say(f"note: {problem}")
    if session.state.interrupted is not None:
        say(f"note: your unanswered message was: {inert(session.state.interrupted.content)}")
    say(f"session {session.name} · strategy {coach.strategy.name} · /quit to end")
    failed: str | None = None  # what /retry sends again
    for raw in stdin:
        line = raw.rstrip("\n")
        if line.strip() in ("/quit", "/exit"):
            break
        if line.startswith("/strategy"):
            try:
                name, params = parse_strategy_command(line)
                strategy = coach.switch_strategy(name, params)
                say(f"strategy: {strategy.name} {strategy.params()}")
            except (StrategyError, SessionError) as exc:  # SessionError: a full disk
                say(f"error: {exc}")
            continue
        if line.strip() == "/retry":
            if failed is None:
                say("note: nothing to retry")
                continue
            line = failed
        warning, refused_by_budget = budget.before(line) if budget else ("", False)
        if warning:
            say(f"budget: {warning}")
        if refused_by_budget:
            failed = line  # nothing lost: /retry sends it once the budget allows
            continue
        try:
            turn = coach.begin(line)  # the rules are the coach's: this only words them
        except TurnRefused as refused:
            failed = _refused(refused, line, say)
            continue
        failed = await _turn(turn, say, out)
        notice = budget.after() if budget else ""
        if notice:
            say(notice)
    if coach.unsaved is not None:
        # Quitting after a failed write: say once more what is not on disk, and exit non-zero.
        say(f"fincoach: session {session.name} is missing your last change: {coach.unsaved}")
        return 1
    return 0


def _refused(refused: TurnRefused, line: str, say) -> str | None:
    """Say why the turn did not start; the text to offer for /retry, if any."""
    if refused.kind == "empty":
        say(f"note: {refused.reason}")
        return None
    if refused.kind == "too_long":
        say(f"error: {refused.reason} Nothing was sent.")
        return line
    say(f"error: {refused.reason}")
    if not refused.resendable:
        return None  # sending it again would only be refused again
    say("your message was not sent; /retry sends it again")
    return line


async def _turn(turn: Turn, say, out: TextIO) -> str | None:
    """Run one turn, printing as it goes; the text to offer for /retry if it failed."""
    # The coach reports every failure, its own failed writes included, as TurnFailed.
    async for event in turn.events():
        if isinstance(event, ReplyDelta):
            out.write(inert(event.text))
            out.flush()
        elif isinstance(event, FoldStarted):
            say(f"(summarizing turns {event.first_turn}-{event.last_turn}…)")
        elif isinstance(event, FoldFinished) and event.error:
            say(f"(summary failed, turns kept verbatim: {event.error.message})")
        elif isinstance(event, ExtractStarted | ExtractFinished | IndexFinished):
            say(f"({describe(event)[0]})")
        elif isinstance(event, Retrying):
            say(f"(rate limited; retry {event.attempt} in {event.wait_s:.0f}s)")
        elif isinstance(event, TurnFinished):
            note = f" ({event.record.note})" if event.record.note else ""
            say(f"\n{accounting_line(event.record, turn.coach)}{note}")
        elif isinstance(event, TurnFailed):
            say(f"\nerror: {event.error.message}")
            if event.error.kind == "context_length":
                say(
                    "the conversation no longer fits the model: switch to a bounded "
                    "strategy (/strategy window, budget or summary), then /retry"
                )
            if not event.resendable:
                return None  # sending it again would only be refused again
            say("your message was not sent; /retry sends it again")
            return event.question
    return None
