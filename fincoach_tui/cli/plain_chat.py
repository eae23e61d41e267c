"""`fincoach --plain`: the same coach in plain lines, for pipes, screen readers and scripts.

Reads one message per line from stdin; prints the streamed reply and one accounting line
per turn. Lines starting with "/" are commands (cli/plain_commands.py), never sent to the
model. On a terminal each line is asked for with `you> `; piped questions are echoed as
`you> QUESTION` before their answers, so a transcript reads the same either way. Replies
wrap at word boundaries to the terminal's width when the output is a terminal; piped
output keeps the reply's own lines (a script or a pager decides how to wrap them).
End of input, `/quit` or one Ctrl+C ends the chat, after saving; Ctrl+C exits with 130.
"""

from __future__ import annotations

import shutil
import sys
from collections.abc import Callable
from typing import TextIO

from fincoach_tui.cli.errors import missing_change, not_saved
from fincoach_tui.cli.line_input import LineInput
from fincoach_tui.cli.plain_budget import PlainBudget
from fincoach_tui.cli.plain_commands import (
    HELP,
    QUIT,
    call_cost,
    command_name,
    is_command,
    parse_strategy_command,
    session_total,
    strategy_label,
    unknown_command,
)
from fincoach_tui.cli.wrap import StreamWrapper
from fincoach_tui.domain.inert_text import inert
from fincoach_tui.domain.memory import StrategyError
from fincoach_tui.domain.money import usd
from fincoach_tui.domain.plurals import turn_span
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
from fincoach_tui.service.fold import describe_fold
from fincoach_tui.service.maintenance import describe
from fincoach_tui.service.runtime import LiveSession
from fincoach_tui.store.session_file import SessionError

__all__ = ["EXIT_INTERRUPTED", "accounting_line", "parse_strategy_command", "run"]

EXIT_INTERRUPTED = 130  # what a shell reports for a program ended by Ctrl+C (128 + SIGINT)
PROMPT = "you> "


def accounting_line(record, coach: Coach | None = None) -> str:
    cost = usd(record.cost_usd)
    estimated = record.usage.estimated and not record.simulated
    flags = " (simulated)" if record.simulated else (" (estimated)" if estimated else "")
    counted, gap = record.counted_tokens, record.template_gap
    how, parts = "tiktoken", f"{gap:+d} template"  # a server may bill fewer: "-14", not "+-14"
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


def _isatty(stream: TextIO) -> bool:
    try:
        return stream.isatty()
    except (AttributeError, ValueError):  # a closed or unusual stream: not a terminal
        return False


async def run(
    session: LiveSession,
    stdin: TextIO | None = None,
    out: TextIO | None = None,
    *,
    width: int | None = None,
    prompt: bool | None = None,
    budget: PlainBudget | None = None,
    kept_if_empty: bool = True,
) -> int:
    """The chat until end of input, /quit or Ctrl+C; the exit status (130 after Ctrl+C).
    `kept_if_empty`: False for a session FinCoach named, deleted by the caller if nothing
    of it was saved (so the line after a failed first write names no session).

    `prompt`: ask for each line with `you> ` (default: when stdin and stdout are both a
    terminal) rather than echo it. `width`: wrap replies to this many cells (default: the
    terminal's width when stdout is one, else no wrapping)."""
    stdin = stdin or sys.stdin  # looked up per call: tests and pipes replace them
    out = out or sys.stdout
    if prompt is None:
        prompt = _isatty(stdin) and _isatty(out)
    if width is None and _isatty(out):
        width = shutil.get_terminal_size().columns

    def say(text: str = "") -> None:
        # Flushed line by line: a script driving this through a pipe sees every line as
        # soon as it is true, not when a buffer fills. On a terminal, wrapped like replies.
        if width:
            wrap = StreamWrapper(width)
            text = wrap.feed(text) + wrap.flush()
        print(text, file=out, flush=True)

    coach = session.coach
    # Ctrl+C is the chat's from before its first line: the banner says it is listening.
    lines = LineInput(stdin)
    lines.start()
    try:
        for problem in session.problems:
            say(f"note: {problem}")
        if session.state.interrupted is not None:
            say(f"note: your unanswered message was: {inert(session.state.interrupted.content)}")
        strategy = strategy_label(coach.strategy.name, coach.strategy.params())
        say(
            f"session {session.name} · strategy {strategy} · /help lists the commands · /quit to end"
        )
        await _chat(session, lines, out, say, prompt=prompt, width=width, budget=budget)
    finally:
        lines.close()
    if lines.interrupted:
        say()  # the shell's prompt starts on a line of its own, after "^C"
    say(session_total(session.name, session.state))
    if coach.unsaved is not None:
        # Quitting after a failed write: say once more what is not on disk, and exit non-zero.
        line = (
            missing_change(session.name, coach.unsaved)
            if kept_if_empty or not session.empty
            else not_saved(coach.unsaved)
        )
        say(f"fincoach: {line}")
        return 1
    return EXIT_INTERRUPTED if lines.interrupted else 0


async def _chat(
    session: LiveSession,
    lines: LineInput,
    out: TextIO,
    say: Callable[[str], None],
    *,
    prompt: bool,
    width: int | None,
    budget: PlainBudget | None = None,
) -> None:
    coach = session.coach
    failed: str | None = None  # what /retry sends again
    while True:
        if prompt and not lines.typed_ahead():
            out.write(PROMPT)
            out.flush()
        line = await lines.next_line()
        if line is None:
            return
        # Piped, each line is echoed above its answer; a question once it is saved, so
        # an echoed question is one the session holds (or a refusal says why not).
        echo = "" if prompt else f"{PROMPT}{inert(line)}"
        if is_command(line):
            if echo:
                say(echo)
                echo = ""
            name = command_name(line)
            if name in QUIT:
                return
            if name == "/retry":
                if failed is None:
                    say("note: nothing to retry")
                    continue
                line = failed
            elif name == "/strategy":
                _switch(coach, line, say)
                continue
            elif name == "/help":
                for row in HELP:
                    say(row)
                continue
            else:
                say(unknown_command(inert(line)))
                continue
        warning, refused_by_budget = budget.before(line) if budget else ("", False)
        if refused_by_budget:
            if echo:
                say(echo)
            say(f"budget: {warning}")
            failed = line  # nothing lost: /retry sends it once the budget allows
            continue
        try:
            turn = coach.begin(line)  # the rules are the coach's: this only words them
        except TurnRefused as refused:
            if echo:
                # A line refused for good holds what must not be shown (an API key).
                say(echo if refused.resendable else f"{PROMPT}[not shown]")
            failed = _refused(refused, line, say)
            continue
        if echo:
            say(echo)
        if warning:
            say(f"budget: {warning}")
        failed = await _turn(turn, say, out, lines, width)
        notice = budget.after() if budget else ""
        if notice:
            say(notice)
        if lines.interrupted:
            return


def _switch(coach: Coach, line: str, say: Callable[[str], None]) -> None:
    try:
        name, params = parse_strategy_command(line)
        strategy = coach.switch_strategy(name, params)
        say(f"strategy: {strategy_label(strategy.name, strategy.params())}")
    except (StrategyError, SessionError) as exc:  # SessionError: a full disk
        say(f"error: {exc}")


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


async def _turn(turn: Turn, say, out: TextIO, lines: LineInput, width: int | None) -> str | None:
    """Run one turn, printing as it goes; the text to offer for /retry if it failed.
    Ctrl+C stops the reply: what arrived is kept, and recorded as stopped."""
    wrap = StreamWrapper(width) if width else None
    lines.interrupt_hook = turn.stop  # Ctrl+C from here to the turn's end stops its reply
    try:
        return await _events(turn, say, out, wrap)
    finally:
        lines.interrupt_hook = None


async def _events(turn: Turn, say, out: TextIO, wrap: StreamWrapper | None) -> str | None:
    def streamed_end() -> str:
        return wrap.flush() if wrap is not None else ""

    # The coach reports every failure, its own failed writes included, as TurnFailed.
    async for event in turn.events():
        if isinstance(event, ReplyDelta):
            text = inert(event.text)
            out.write(wrap.feed(text) if wrap is not None else text)
            out.flush()
        elif isinstance(event, FoldStarted):
            say(f"(summarizing {turn_span(event.first_turn, event.last_turn)}…)")
        elif isinstance(event, FoldFinished):
            if event.unsaved:
                say(f"({describe_fold(event)[0]})")
            elif event.error:
                say(f"(summary failed, turns kept verbatim: {event.error.message})")
            elif event.record is not None:
                say(f"(summary updated · {call_cost(event.record)})")
        elif isinstance(event, ExtractStarted):
            say(f"({describe(event)[0]})")
        elif isinstance(event, ExtractFinished | IndexFinished):
            cost = f" · {call_cost(event.record)}" if event.record is not None else ""
            say(f"({describe(event)[0]}{cost})")
        elif isinstance(event, Retrying):
            say(f"(rate limited; retry {event.attempt} in {event.wait_s:.0f}s)")
        elif isinstance(event, TurnFinished):
            note = f" ({event.record.note})" if event.record.note else ""
            say(f"{streamed_end()}\n{accounting_line(event.record, turn.coach)}{note}")
        elif isinstance(event, TurnFailed):
            say(f"{streamed_end()}\nerror: {event.error.message}")
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
