"""Opening replays a session as its file is read, line by line (store/session_parse.py,
SessionFile.load(into=...)): the state equals the one replayed from the whole list of
events exactly, and the open session keeps no list of its file's events."""

from __future__ import annotations

import gc
import json
import subprocess
import sys
import tracemalloc
from pathlib import Path

import pytest

from fincoach_tui.domain.persona import DEMO_TURNS
from fincoach_tui.domain.session_state import Replay, SessionState, replay, summary_of
from fincoach_tui.service.runtime import build_engine, open_session
from fincoach_tui.settings.config import Config
from fincoach_tui.store.session_file import SessionFile
from fincoach_tui.store.session_parse import parse_file
from tests.app_harness import offline_settings

REPO = Path(__file__).resolve().parents[2]


async def play(path: Path, strategy: str, turns: int) -> None:
    engine = build_engine(Config(), offline_settings(), offline_chunk_delay=0.0)
    live = open_session(engine, SessionFile.open(path), strategy=strategy)
    try:
        for turn in range(turns):
            async for _ in live.coach.turn(f"{DEMO_TURNS[turn % len(DEMO_TURNS)]} ({turn})"):
                pass
    finally:
        live.close()  # the offline model holds no connection to close


def generated(path: Path, turns: int) -> Path:
    """A `turns`-turn buffer session as the benchmarks write it (benchmarks/session_gen.py)."""
    done = subprocess.run(
        [sys.executable, str(REPO / "benchmarks" / "session_gen.py"), str(path), str(turns)],
        capture_output=True, text=True, check=False,
    )  # fmt: skip
    assert done.returncode == 0, done.stderr[-2000:]
    return path


def the_old_way(path: Path) -> tuple[SessionState, list[str]]:
    """Every event parsed into one list, then replayed: what opening did before."""
    return replay(parse_file(path.read_bytes(), path.stem).events)


def streamed(path: Path) -> tuple[SessionState, list[str], list[str]]:
    file = SessionFile.open(path, defer=True)
    try:
        rebuilt = Replay()
        file.load(into=rebuilt.feed)
        state, problems = rebuilt.finish()
        return state, problems, file.warnings
    finally:
        file.close()


def same_state(new: SessionState, old: SessionState) -> None:
    assert new.transcript.messages == old.transcript.messages
    assert new.records == old.records  # every field, and every sent message as read
    for a, b in zip(new.records, old.records, strict=True):
        assert list(a.sent) == list(b.sent)
        assert list(a.omitted_ids) == list(b.omitted_ids)
    assert new.switches == old.switches
    assert new.summaries == old.summaries
    assert new.fact_log == old.fact_log
    assert [f.to_dict() for f in new.facts.facts] == [f.to_dict() for f in old.facts.facts]
    assert new.embeddings == old.embeddings
    assert (new.created, new.last_ts, new.interrupted) == (
        old.created,
        old.last_ts,
        old.interrupted,
    )
    assert (new.total_cost, new.billed_prompt_tokens, new.estimated) == (
        old.total_cost,
        old.billed_prompt_tokens,
        old.estimated,
    )
    assert summary_of("s", new) == summary_of("s", old)


@pytest.mark.parametrize("strategy", ["buffer", "window", "summary", "facts", "hybrid"])
async def test_a_played_session_replays_as_read_exactly_as_from_the_whole_list(tmp_path, strategy):
    path = tmp_path / "s.jsonl"
    await play(path, strategy, 8)
    old, old_problems = the_old_way(path)
    new, problems, warnings = streamed(path)
    same_state(new, old)
    assert problems == old_problems == [] and warnings == []


def test_a_generated_long_session_replays_as_read_exactly_as_from_the_whole_list(tmp_path):
    path = generated(tmp_path / "long.jsonl", 400)
    old, old_problems = the_old_way(path)
    new, problems, _ = streamed(path)
    same_state(new, old)
    assert len(new.records) == 400 and problems == old_problems == []


def test_damage_reads_the_same_streamed(tmp_path):
    """A damaged line in the middle, an event that does not fit, and a torn last line:
    the same state and the same notes as from the whole list, and the tail is cut."""
    path = generated(tmp_path / "d.jsonl", 30)
    lines = path.read_bytes().split(b"\n")
    lines[40] = b'{"type":"message","message":{"id":'  # unreadable
    lines[41] = json.dumps({"type": "record", "record": {"kind": "chat"}}).encode()  # no fit
    path.write_bytes(b"\n".join(lines)[:-1] + b'{"type":"mess')  # a torn append at the end
    old, old_problems = the_old_way(path)
    new, problems, warnings = streamed(path)
    same_state(new, old)
    assert problems == old_problems and problems  # the record that does not fit, noted
    assert any("skipped unreadable line 41" in w for w in warnings)
    assert any("dropped an incomplete last line" in w for w in warnings)
    assert path.read_bytes().endswith(b"}\n")  # the torn tail cut off, the rest kept


def test_the_open_session_keeps_no_list_of_its_events(tmp_path):
    path = generated(tmp_path / "k.jsonl", 300)
    file = SessionFile.open(path, defer=True)
    try:
        rebuilt = Replay()
        file.load(into=rebuilt.feed)
        held = [v for v in vars(file).values() if isinstance(v, (list, tuple))]
        assert all(not any(isinstance(x, dict) for x in v) for v in held), held
        assert file.header is not None and file.header["type"] == "header"
        assert len(file.events) == 1 + 1 + 1 + 300 * 3  # read back from the file on request
    finally:
        file.close()


def test_reading_holds_the_state_and_one_line_not_the_events(tmp_path):
    """Measured with tracemalloc (deterministic: the same allocations every run): the peak
    while opening stays near what the state keeps, and well under the events' list."""
    path = generated(tmp_path / "m.jsonl", 300)
    data = path.read_bytes()
    gc.collect()
    tracemalloc.start()
    try:
        events = parse_file(data, "m").events
        events_size, _ = tracemalloc.get_traced_memory()
        del events
        gc.collect()
        tracemalloc.reset_peak()
        base, _ = tracemalloc.get_traced_memory()
        file = SessionFile.open(path, defer=True)
        rebuilt = Replay()
        file.load(into=rebuilt.feed)
        state, _ = rebuilt.finish()
        kept, peak = tracemalloc.get_traced_memory()
        file.close()
    finally:
        tracemalloc.stop()
    assert len(state.records) == 300
    kept, peak = kept - base, peak - base
    assert peak - kept < len(data) // 20  # while reading: about one line more than kept
    assert kept < events_size // 2  # the state is far smaller than the parsed events


def test_a_replayed_session_holds_each_id_and_word_once(tmp_path):
    """Records name the transcript's messages: the reply's id and every single-id reference
    are the transcript's own string, and every part's provenance and role is one shared
    word, however many records hold it (30,000 parts at 10,000 turns)."""
    path = generated(tmp_path / "w.jsonl", 40)
    state, problems, _ = streamed(path)
    assert problems == []
    by_id = {m.id: m for m in state.transcript.messages}
    for record in state.records:
        assert record.reply_id is by_id[record.reply_id].id
        for part in record.sent.reference_runs():
            if part is None:
                continue
            provenance, items = part
            assert provenance is sys.intern(provenance)
            for item in items:
                if ".." not in item:
                    assert item is by_id[item].id
    for message_id, (role, _) in state.refs.messages.items():
        assert message_id is by_id[message_id].id
        assert role is sys.intern(role)
