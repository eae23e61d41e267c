"""A session as Markdown (to read or share) or JSON (to analyse). Pure formatting.

Exports are built from the replayed session, which never holds an API key.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from fincoach_tui.domain.inert_text import inert
from fincoach_tui.domain.session_state import SessionState

FORMATS = ("md", "json")


def to_json(name: str, state: SessionState) -> str:
    data: dict[str, Any] = {
        "session": name,
        "messages": [m.to_dict() for m in state.transcript.messages],
        "records": [r.to_dict() for r in state.records],
        "strategies": [s.__dict__ for s in state.switches],
        "summaries": [
            {"text": s.text, "last_turn": s.last_turn, "tokens": s.tokens} for s in state.summaries
        ],
        "total_cost_usd": state.total_cost,
    }
    return json.dumps(data, ensure_ascii=False, indent=2) + "\n"


def to_markdown(name: str, state: SessionState) -> str:
    records = {r.reply_id: r for r in state.chat_records}
    lines = [f"# FinCoach session `{name}`", ""]
    for message in state.transcript.messages:
        speaker = "You" if message.role == "user" else "FinCoach"
        # inert: an export is read in terminals and pagers, where ESC sequences would act.
        lines += [f"**{speaker}** (turn {message.turn}):", "", inert(message.content), ""]
        record = records.get(message.id)
        if record is not None:
            lines += [f"> {_record_line(record)}", ""]
    lines += ["## Cost per turn", "", _table(state), ""]
    return "\n".join(lines)


def _record_line(record) -> str:
    cost = "no price" if record.cost_usd is None else f"${record.cost_usd:.6f}"
    sim = " (simulated)" if record.simulated else ""
    note = f" · **{record.note}**" if record.note else ""  # e.g. "cut off at 1,024 tokens"
    return (
        f"{record.strategy} · {len(record.sent)} messages · {record.counted_tokens} counted · "
        f"{record.usage.prompt_tokens} billed prompt · {record.usage.completion_tokens} completion · "
        f"{cost}{sim}{note}"
    )


def _table(state: SessionState) -> str:
    rows = [
        "| turn | kind | strategy | sent | counted | billed prompt | cached | completion | reasoning | cost (USD) |",
        "|---:|---|---|---:|---:|---:|---:|---:|---:|---:|",
    ]
    for r in state.records:
        cost = "no price" if r.cost_usd is None else f"{r.cost_usd:.6f}"
        rows.append(
            f"| {r.turn} | {r.kind} | {r.strategy} | {len(r.sent)} | {r.counted_tokens} | "
            f"{r.usage.prompt_tokens} | {r.usage.cached_tokens} | {r.usage.completion_tokens} | "
            f"{r.usage.reasoning_tokens} | {cost} |"
        )
    total = state.total_cost
    rows.append(f"\nTotal: {'no price' if total is None else f'${total:.6f}'}")
    return "\n".join(rows)


class ExportError(Exception):
    """An export that could not be written; the message is one line naming the file."""


def write_export(target: Path, text: str) -> None:
    """Write an export readable by the user only (0600, like the session it comes from),
    creating its folder if needed; ExportError (one line) if it cannot be written."""
    from fincoach_tui.store.disk import describe, write_private

    target = Path(target)
    try:
        target.parent.mkdir(parents=True, exist_ok=True, mode=0o700)
        write_private(target, text)
    except OSError as exc:
        raise ExportError(f"cannot write {target}: {describe(exc)}") from None


def export_session(name: str, state: SessionState, fmt: str) -> str:
    if fmt == "json":
        return to_json(name, state)
    if fmt == "md":
        return to_markdown(name, state)
    raise ValueError(f"unknown export format {fmt!r}: choose md or json")
