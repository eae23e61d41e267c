"""The line chat's slash commands and the lines it words them with.

A line that starts with "/" is a command and is never sent to the model: a mistyped one
is answered with one line, not billed as a question. "/remember ..." is the exception: a
message, sent as typed, whose facts are extracted at once (as in the app).
"""

from __future__ import annotations

from collections.abc import Mapping

from fincoach_tui.domain.memory import STRATEGIES, StrategyError
from fincoach_tui.domain.money import usd
from fincoach_tui.domain.plurals import plural
from fincoach_tui.domain.records import CallRecord
from fincoach_tui.domain.session_state import SessionState

QUIT = ("/quit", "/exit")
# Sent as a message, as the app sends it: "/remember ..." extracts its fact at once.
MESSAGES = ("/remember",)

HELP = (
    "commands (never sent to the coach):",
    "  /strategy NAME [k=N ...]  switch the memory strategy",
    f"                            ({', '.join(STRATEGIES)})",
    "  /retry                    send your last unanswered message again",
    "  /remember TEXT            send TEXT, its facts kept at once (facts, hybrid)",
    "  /help                     this list",
    "  /quit                     save, print the session's total and end",
    "                            (so do /exit, the end of input and Ctrl+C)",
)


def is_command(line: str) -> bool:
    return line.lstrip().startswith("/") and command_name(line).lower() not in MESSAGES


def command_name(line: str) -> str:
    return line.split()[0] if line.split() else ""


def unknown_command(line: str) -> str:
    return f"unknown command {command_name(line)}: /help lists the commands; nothing was sent"


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


def strategy_label(name: str, params: Mapping[str, int]) -> str:
    """ "window (k=2)", "buffer": as a person writes it, not a Python dict."""
    shown = ", ".join(f"{key}={value}" for key, value in params.items())
    return f"{name} ({shown})" if shown else name


def call_cost(record: CallRecord) -> str:
    """One call's cost as the accounting lines show it: "$0.000123", "≈$0.000123" for our
    estimate of a server that sent no usage, "no price" for a model without one."""
    if record.cost_usd is None:
        return "no price"
    estimated = record.usage.estimated and not record.simulated
    return f"{'≈' if estimated else ''}{usd(record.cost_usd)}"


def session_total(name: str, state: SessionState) -> str:
    """ "session NAME total: $0.000412 for 3 calls over 2 turns", maintenance calls included."""
    records = state.records
    calls = plural(len(records), "call")
    turns = state.transcript.completed_turns
    priced = [r.cost_usd for r in records if r.cost_usd is not None]
    if not records:
        cost = "$0"
    elif not priced:
        cost = "no price"
    elif len(priced) < len(records):
        cost = f"{usd(sum(priced))} + no price ({plural(len(records) - len(priced), 'call')})"
    else:
        cost = usd(sum(priced))
    flags = ""
    if state.estimated and priced:
        cost, flags = f"≈{cost}", " (estimated)"
    elif records and all(r.simulated for r in records):
        flags = " (simulated)"
    turns_done = plural(turns, "turn")
    return f"session {name} total: {cost} for {calls} over {turns_done}{flags}"
