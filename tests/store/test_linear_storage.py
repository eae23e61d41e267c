"""Linear session files (domain/record_refs.py): a record refers to transcript messages
by id and to every other text once, by digest, yet the exact request of every call is
rebuilt byte for byte from the reopened file, for every strategy, against what the model
server received."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest

from fincoach_tui.cli.commands import main
from fincoach_tui.domain.conversation import Message
from fincoach_tui.domain.persona import DEMO_TURNS
from fincoach_tui.domain.record_refs import RefTable, SentRefs, text_digest
from fincoach_tui.domain.records import CallRecord, SentMessage, Usage
from fincoach_tui.domain.session_events import message_event, record_event
from fincoach_tui.domain.session_state import replay
from fincoach_tui.service.export import export_chunks
from fincoach_tui.service.runtime import build_engine, open_session
from fincoach_tui.settings import paths
from fincoach_tui.settings.config import Config
from fincoach_tui.store.session_file import SessionFile, SessionWriteError, load_events
from tests.app_harness import saved_session, server_settings, sessions_under

STRATEGIES = ["buffer", "window", "summary", "hybrid", "facts"]


async def play(path, base_url: str, strategy: str, turns: int) -> None:
    engine = build_engine(Config(), server_settings(base_url))
    live = open_session(engine, SessionFile.open(path), strategy=strategy)
    try:
        for turn in range(turns):
            async for _ in live.coach.turn(f"{DEMO_TURNS[turn % len(DEMO_TURNS)]} ({turn})"):
                pass
    finally:
        live.close()
        await engine.llm.aclose()


def requests_of(state) -> list[str]:
    """Each recorded model call's `messages`, as JSON bytes, in the order they were made."""
    return [
        json.dumps([{"role": m.role, "content": m.content} for m in r.sent], ensure_ascii=False)
        for r in state.records
        if r.kind != "embed"
    ]


@pytest.mark.parametrize("strategy", STRATEGIES)
async def test_every_request_is_rebuilt_byte_for_byte_after_reopening(
    tmp_path, fake_openai, strategy
):
    path = tmp_path / f"{strategy}.jsonl"
    await play(path, fake_openai.base_url, strategy, turns=9)
    received = [json.dumps(body["messages"], ensure_ascii=False) for body in fake_openai.requests]
    events, warnings = load_events(path)
    state, problems = replay(events)
    assert warnings == [] and problems == []
    assert len(state.chat_records) == 9
    assert requests_of(state) == received
    stored = [e["record"]["sent"] for e in events if e["type"] == "record"]
    assert [r.sent.file_items() for r in state.records] == stored  # read as written
    with SessionFile.open(path) as reopened:  # and through the locked open, too
        assert requests_of(replay(reopened.events)[0]) == received


@pytest.mark.parametrize("strategy", ["buffer", "summary"])
async def test_no_message_text_is_written_twice(tmp_path, fake_openai, strategy):
    path = tmp_path / "s.jsonl"
    await play(path, fake_openai.base_url, strategy, turns=9)
    events = [json.loads(line) for line in path.read_text().splitlines()]
    texts = [e["message"]["content"] for e in events if e["type"] == "message"]
    texts += [e["content"] for e in events if e["type"] == "text"]
    data = path.read_text()
    for text in texts:
        assert data.count(json.dumps(text, ensure_ascii=False)) == 1, text[:40]
    stored = [e["digest"] for e in events if e["type"] == "text"]
    assert len(stored) == len(set(stored))  # each text once


async def test_a_buffer_record_stays_the_same_size_as_the_session_grows(tmp_path, fake_openai):
    path = tmp_path / "s.jsonl"
    await play(path, fake_openai.base_url, "buffer", turns=12)
    lines = [line for line in path.read_text().splitlines() if '"type":"record"' in line]
    records = [json.loads(line)["record"] for line in lines]
    # the system text, the earlier messages as one run (their counts known), then the two
    # never sent before, with their counts: the last reply and the new question
    assert [item.get("ids") for item in records[-1]["sent"]] == [
        None, ["m1..m21"], ["m22"], ["m23"]
    ]  # fmt: skip
    assert [item.get("tokens") for item in records[-1]["sent"]][1] is None
    assert len(lines[-1]) - len(lines[3]) < 16  # a few more digits, nothing more


def test_references_resolve_to_the_same_messages_and_counts():
    table = RefTable()
    for number, role in ((1, "user"), (2, "assistant"), (3, "user")):
        table.add_message({"id": f"m{number}", "role": role, "content": f"text {number}"})
    sent = [
        SentMessage("system", "prompt\n\n## Summary\nshort", "system", 9, ("m1", "m2")),
        SentMessage("user", "text 1", "verbatim", 2, ("m1",)),
        SentMessage("assistant", "text 2", "verbatim", 2, ("m2",)),
        SentMessage("user", "text 3", "new", 2, ("m3",)),
    ]
    items, texts = table.encode([m.to_dict() for m in sent])
    digest = text_digest(sent[0].content)
    assert texts == [{"type": "text", "digest": digest, "content": sent[0].content}]
    assert items == [
        {"role": "system", "text": digest, "provenance": "system", "tokens": 9,
         "source_ids": ["m1..m2"]},
        {"ids": ["m1..m2"], "provenance": "verbatim", "tokens": [2, 2]},
        {"ids": ["m3"], "provenance": "new", "tokens": [2]},
    ]  # fmt: skip
    again, no_texts = table.encode([m.to_dict() for m in sent])
    assert no_texts == [] and again[1] == {"ids": ["m1..m2"], "provenance": "verbatim"}
    read = table.decode(again)
    assert isinstance(read, SentRefs) and len(read) == 4
    assert list(read) == sent and read == tuple(sent) and read[2] == sent[2] and read[-1] == sent[3]


def test_a_message_sent_with_another_count_or_text_is_written_as_it_was():
    table = RefTable()
    table.add_message({"id": "m1", "role": "user", "content": "hello"})
    table.encode([SentMessage("user", "hello", "new", 2, ("m1",)).to_dict()])
    other_count = SentMessage("user", "hello", "verbatim", 3, ("m1",))
    edited = SentMessage("user", "hello (redacted)", "verbatim", 4, ("m1",))
    items, texts = table.encode([other_count.to_dict(), edited.to_dict()])
    assert items[0] == {"ids": ["m1"], "provenance": "verbatim", "tokens": [3]}
    assert items[1]["text"] == text_digest("hello (redacted)") and len(texts) == 1
    assert list(table.decode(items)) == [other_count, edited]


# --- the JSON export: by reference by default, every request in full with --expand ------


def resolve(exported: dict) -> list[str]:
    """What a script does to read the default export's requests: look ids up in
    messages[] and digests in texts{} (expanding runs), counts as first given."""
    messages = {m["id"]: m for m in exported["messages"] + exported["withdrawn"]}
    requests = []
    for record in exported["records"]:
        sent = []
        for item in record["sent"]:
            if "text" in item:
                sent.append({"role": item["role"], "content": exported["texts"][item["text"]]})
                continue
            for run in item["ids"]:
                first, _, last = run.partition("..")
                ids = [f"m{n}" for n in range(int(first[1:]), int((last or first)[1:]) + 1)]
                sent += [
                    {"role": messages[i]["role"], "content": messages[i]["content"]} for i in ids
                ]
        requests.append(json.dumps(sent, ensure_ascii=False))
    return requests


@pytest.mark.parametrize("strategy", ["buffer", "summary"])
async def test_the_json_export_refers_by_id_and_expand_writes_todays_shape(
    tmp_path, fake_openai, capsys, strategy
):
    await play(paths.sessions_dir() / "x.jsonl", fake_openai.base_url, strategy, turns=9)
    received = [json.dumps(body["messages"], ensure_ascii=False) for body in fake_openai.requests]
    state, _ = saved_session(paths.data_dir(), "x")

    assert main(["export", "x", "--format", "json"]) == 0
    compact = json.loads(capsys.readouterr().out)
    assert resolve(compact) == received
    assert compact["reading"].startswith("records[].sent items are references")

    assert (
        main(["export", "x", "--format", "json", "--expand", "-o", str(tmp_path / "e.json")]) == 0
    )
    expanded = json.loads((tmp_path / "e.json").read_text())
    assert set(expanded) == {
        "session", "messages", "records", "strategies", "summaries", "total_cost_usd"
    }  # fmt: skip
    assert expanded["records"] == [r.to_dict() for r in state.records]
    assert [
        json.dumps([{"role": m["role"], "content": m["content"]} for m in r["sent"]],
                   ensure_ascii=False)
        for r in expanded["records"]
    ] == received  # fmt: skip
    assert {"kind", "turn", "sent", "usage"} <= set(expanded["records"][0])
    assert set(expanded["records"][0]["sent"][0]) >= {"role", "content", "provenance"}
    assert expanded["messages"] == compact["messages"]
    assert len(json.dumps(compact)) < len(json.dumps(expanded))


async def test_the_export_is_written_record_by_record(tmp_path, fake_openai):
    await play(tmp_path / "x.jsonl", fake_openai.base_url, "buffer", turns=4)
    state = replay(load_events(tmp_path / "x.jsonl")[0])[0]
    for expand in (False, True):
        chunks = export_chunks("x", state, "json", expand=expand)
        assert not isinstance(chunks, str | list)  # a generator: nothing built up front
        pieces = list(chunks)
        assert len(pieces) > len(state.records) + len(state.transcript.messages)
        assert max(map(len, pieces)) < 3 * max(
            len(json.dumps(r.to_dict(), indent=2)) for r in state.records
        )


def test_expand_is_for_json_only(capsys):
    with sessions_under(paths.data_dir()).open("s"):
        pass
    assert main(["export", "s", "--format", "md", "--expand"]) == 2
    assert capsys.readouterr().err == "fincoach: --expand applies to --format json only\n"


def test_upgrading_a_format_1_file_keeps_every_request_message_for_message(tmp_path):
    fixture = Path(__file__).parents[1] / "fixtures" / "sessions" / "format-1.jsonl"
    old = [json.loads(line) for line in fixture.read_text().splitlines()]
    spelled_out = [[SentMessage.from_dict(m) for m in e["record"]["sent"]] for e in old
                   if e["type"] == "record"]  # fmt: skip
    path = tmp_path / "old.jsonl"
    shutil.copy(fixture, path)
    with SessionFile.open(path) as session:
        assert session.warnings == ["old: upgraded from format 1 to 2 (records_refer_to_texts)"]
        state, problems = replay(session.events)
    assert problems == [] and [list(r.sent) for r in state.records] == spelled_out
    assert path.stat().st_size < fixture.stat().st_size / 2


def test_a_text_whose_write_failed_is_written_with_the_next_record(tmp_path, full_disk):
    question = Message("m1", "user", "What is an SIP?", 1.0, 1)
    sent = (
        SentMessage("system", "You are FinCoach.", "system", 4),
        SentMessage("user", question.content, "new", 6, ("m1",)),
    )
    record = CallRecord(
        "chat", 1, "buffer", "offline", "gpt-4o-mini", sent, (), 10, 12, Usage(12, 3), None, 0.1
    )
    path = tmp_path / "s.jsonl"
    with SessionFile.open(path) as session:
        session.append(message_event(question))
        full_disk.fill(when=b'"type":"text"')
        with pytest.raises(SessionWriteError):
            session.append_many([record_event(record)])
        full_disk.free()
        session.append_many([record_event(record)])  # the text is not taken as stored
    events = load_events(path)[0]
    assert [e["type"] for e in events] == ["header", "message", "text", "record"]
    assert list(replay(events)[0].records[0].sent) == list(sent)
