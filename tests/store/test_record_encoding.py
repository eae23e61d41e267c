"""A live record is written by reference straight from its request's messages: the bytes
are the ones FinCoach has always written for it (a fixture written before records were
encoded that way), and the ones its messages spelled out as dicts give."""

from __future__ import annotations

import asyncio
import json
from dataclasses import replace
from pathlib import Path

from fincoach_tui.domain.memory import make_strategy
from fincoach_tui.domain.persona import DEMO_TURNS, FINCOACH_SYSTEM_PROMPT
from fincoach_tui.domain.record_refs import RefTable
from fincoach_tui.domain.session_events import RecordEvent, SessionEvent, event_from_dict
from fincoach_tui.domain.session_state import SessionState, replay
from fincoach_tui.service.coach import Coach
from fincoach_tui.service.runtime import Overrides, build_engine, resolve
from fincoach_tui.settings.config import Config
from fincoach_tui.store.session_file import SessionFile

# A session of every kind of item (buffer, a summary's fold and sections, hybrid's recall,
# facts, window, budget; a last record sending messages with other counts and one edited
# text), as the session file wrote it, header left out.
WRITTEN = Path(__file__).parents[1] / "fixtures" / "record_encoding" / "written.jsonl"
PLAN = [("buffer", 2), ("summary", 6), ("hybrid", 3), ("facts", 4), ("window", 2), ("budget", 1)]


def written_lines(path: Path) -> list[str]:
    return path.read_text(encoding="utf-8").splitlines(keepends=True)[1:]  # not the header


def test_a_sessions_records_are_written_byte_for_byte_as_before(tmp_path):
    lines = WRITTEN.read_text(encoding="utf-8").splitlines(keepends=True)
    events = [json.loads(line) for line in lines]
    state, problems = replay(events)
    assert problems == []
    records = iter(state.records)
    path = tmp_path / "again.jsonl"
    with SessionFile.open(path) as session:
        for event in events:
            if event["type"] == "text":
                continue  # written by the record that first sends it
            if event["type"] == "record":
                read = next(records)  # the request's own messages, as the turn had them
                live = replace(read, sent=tuple(read.sent), omitted_ids=tuple(read.omitted_ids))
                session.append_many([RecordEvent.of(live)])
            else:
                session.append(event_from_dict(event))
    assert written_lines(path) == lines


def test_a_live_sessions_records_write_what_their_messages_spelled_out_do(tmp_path):
    config = Config()
    engine = build_engine(config, resolve(config, Overrides(provider="offline"), {}))
    path = tmp_path / "live.jsonl"
    table = RefTable()
    expected: list[str] = []
    session = SessionFile.open(path)

    def write(events: list[SessionEvent]) -> None:
        # to_dict spells a record's messages out, SentMessage.to_dict each: the encoder's
        # other input (a format-1 file, a record built by hand).
        for stored in table.by_reference([e.to_dict() for e in events]):
            expected.append(json.dumps(stored, ensure_ascii=False, separators=(",", ":")) + "\n")
        session.append_many(events)

    ticks = iter(range(1_000_000, 2_000_000))
    coach = Coach(
        state=SessionState(), sink=lambda event: write([event]), sink_many=write,
        llm=engine.llm, choice=engine.choice, counter=engine.counter, prices=engine.prices,
        system_prompt=FINCOACH_SYSTEM_PROMPT,
        strategy=make_strategy("buffer", config.params_for("buffer")),
        clock=lambda: float(next(ticks)),
    )  # fmt: skip

    async def play() -> None:
        said = 0
        for name, turns in PLAN:
            if name != "buffer":
                coach.switch_strategy(name)
            for _ in range(turns):
                async for _event in coach.turn(f"{DEMO_TURNS[said % len(DEMO_TURNS)]} ({said})"):
                    pass
                said += 1

    try:
        asyncio.run(play())
    finally:
        session.close()
    assert written_lines(path) == expected
    kinds = {json.loads(line)["record"]["kind"] for line in expected if '"type":"record"' in line}
    assert kinds == {"chat", "summary", "extract"}
