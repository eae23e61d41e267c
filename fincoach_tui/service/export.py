"""A session as Markdown (to read or share) or JSON (to analyse). Pure formatting.

Exports are built from the replayed session, which never holds an API key.
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Iterator
from pathlib import Path
from typing import Any

from fincoach_tui.domain.inert_text import inert
from fincoach_tui.domain.money import usd
from fincoach_tui.domain.record_refs import SentRefs
from fincoach_tui.domain.session_state import SessionState

FORMATS = ("md", "json")


# How a reader resolves the default export's records (its "reading" member).
READING = (
    "records[].sent items are references: {ids, provenance, tokens?} name messages by id "
    "(in messages[], or withdrawn[] for a question whose turn failed), sent as their role and "
    "content, with tokens given at a message's first mention and as first given after that; "
    "{role, text, provenance, tokens, source_ids?} name texts{} by digest; ids like m1..m40 "
    "are runs. `fincoach export NAME --format json --expand` writes every request in full."
)


def to_json(name: str, state: SessionState, *, expand: bool = False) -> str:
    return "".join(json_chunks(name, state, expand=expand))


def json_chunks(name: str, state: SessionState, *, expand: bool = False) -> Iterator[str]:
    """The JSON export, piece by piece: written record by record, so memory stays bounded
    however long the session. By default records refer to messages by id and to other
    texts by digest (texts{}, after the records); `expand` writes every request in full,
    each record as `CallRecord.to_dict` spells it (the shape exports always had)."""
    yield "{\n" + _member("session", name)
    if not expand:
        yield _member("reading", READING)
    yield from _array("messages", (m.to_dict() for m in state.transcript.messages))
    texts: dict[str, str] = {}
    yield from _array("records", _records(state, texts, expand))
    if not expand:
        yield _member("withdrawn", _withdrawn(state))
        yield _member("texts", texts)
    yield _member("strategies", [s.__dict__ for s in state.switches])
    summaries = [
        {"text": s.text, "last_turn": s.last_turn, "tokens": s.tokens} for s in state.summaries
    ]
    yield _member("summaries", summaries)
    yield _member("total_cost_usd", state.total_cost, last=True) + "}\n"


def _records(state: SessionState, texts: dict[str, str], expand: bool) -> Iterator[dict[str, Any]]:
    """Each record as the export writes it; by reference, as the session file has it (the
    state's records were read through the same table, in the same order)."""
    for record in state.records:
        if expand:
            yield record.to_dict()
            continue
        data = record.to_dict(compact=True, sent=False)
        if isinstance(record.sent, SentRefs):
            data["sent"] = record.sent.file_items()
        else:  # a record built by hand: referred to like the file would
            data["sent"], _ = state.refs.encode(m.to_dict() for m in record.sent)
        for item in data["sent"]:
            if "text" in item:
                texts[item["text"]] = state.refs.texts[item["text"]]
        yield data


def _withdrawn(state: SessionState) -> list[dict[str, Any]]:
    """Questions whose turn failed, which a maintenance call may still have sent."""
    kept = {m.id for m in state.transcript.messages}
    return [
        {"id": message_id, "role": role, "content": content}
        for message_id, (role, content) in state.refs.messages.items()
        if message_id not in kept
    ]


def _dump(value: Any) -> str:
    # Indented two levels deeper than the top: JSON strings never hold a raw newline.
    return json.dumps(value, ensure_ascii=False, indent=2).replace("\n", "\n  ")


def _member(key: str, value: Any, *, last: bool = False) -> str:
    return f"  {json.dumps(key)}: {_dump(value)}" + ("\n" if last else ",\n")


def _array(key: str, items: Iterable[Any]) -> Iterator[str]:
    yield f"  {json.dumps(key)}: ["
    separator = "\n    "
    for item in items:
        yield separator + _dump(item).replace("\n", "\n  ")
        separator = ",\n    "
    yield ("\n  ],\n" if separator != "\n    " else "],\n")


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
    cost = usd(record.cost_usd)
    sim = " (simulated)" if record.simulated else ""
    note = f" · **{record.note}**" if record.note else ""  # e.g. "cut off at 1,024 tokens"
    if _estimated(record):  # the server sent no usage: never shown as billed
        prompt = f"≈{record.usage.prompt_tokens} prompt (est.)"
        completion = f"≈{record.usage.completion_tokens} completion"
        cost = cost if record.cost_usd is None else f"≈{cost} (est.)"
    else:
        prompt = f"{record.usage.prompt_tokens} billed prompt"
        completion = f"{record.usage.completion_tokens} completion"
    return (
        f"{record.strategy} · {len(record.sent)} messages · {record.counted_tokens} counted · "
        f"{prompt} · {completion} · {cost}{sim}{note}"
    )


def _estimated(record) -> bool:
    return record.usage.estimated and not record.simulated


def _table(state: SessionState) -> str:
    rows = [
        "| turn | kind | strategy | sent | counted | billed prompt | cached | completion | reasoning | cost (USD) |",
        "|---:|---|---|---:|---:|---:|---:|---:|---:|---:|",
    ]
    for r in state.records:
        cost = usd(r.cost_usd)
        est = "≈" if _estimated(r) else ""
        cost = cost if r.cost_usd is None else est + cost
        rows.append(
            f"| {r.turn} | {r.kind} | {r.strategy} | {len(r.sent)} | {r.counted_tokens} | "
            f"{est}{r.usage.prompt_tokens} | {r.usage.cached_tokens} | "
            f"{est}{r.usage.completion_tokens} | {r.usage.reasoning_tokens} | {cost} |"
        )
    total = state.total_cost
    shown = usd(total)
    if state.estimated and total is not None:
        shown = f"≈{shown} (est.: the server sent no usage for some calls; ≈ marks them)"
    rows.append(f"\nTotal: {shown}")
    return "\n".join(rows)


class ExportError(Exception):
    """An export that could not be written; the message is one line naming the file."""


def write_export(target: Path, text: str | Iterable[str], *, make_folder: bool = False) -> None:
    """Write an export readable by the user only (0600, like the session it comes from);
    ExportError (one line) if it cannot be written. Its folder must exist, unless
    `make_folder` (the app's own exports/ folder): a mistyped `-o` path creates nothing.
    `text` may come in pieces (json_chunks): they are written as they come."""
    from fincoach_tui.store.disk import describe, write_private

    target = Path(target)
    if not make_folder and not target.parent.is_dir():
        raise ExportError(f"cannot write {target}: there is no folder {target.parent}")
    try:
        if make_folder:
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


def export_chunks(
    name: str, state: SessionState, fmt: str, *, expand: bool = False
) -> Iterator[str]:
    """The export in pieces, to be written as they come (JSON is streamed record by record)."""
    if fmt == "json":
        return json_chunks(name, state, expand=expand)
    return iter([export_session(name, state, fmt)])
