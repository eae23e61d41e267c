"""The session file's schema as dataclasses: the JSON they write is format 2's, byte for
byte, and what they write reads back as the same event."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from fincoach_tui.domain.conversation import Message
from fincoach_tui.domain.fact_store import Fact
from fincoach_tui.domain.memory.base import Summary
from fincoach_tui.domain.session_events import (
    EmbeddingsEvent,
    ExtractionResumedEvent,
    FactDeletedEvent,
    FactEditEvent,
    FactRestoredEvent,
    HeaderEvent,
    MessageEvent,
    RecordEvent,
    StrategyEvent,
    SummaryEvent,
    TextEvent,
    UnknownEvent,
    WithdrawnEvent,
    event_from_dict,
    facts_event,
)
from fincoach_tui.domain.session_state import SessionState, replay

FIXTURES = Path(__file__).parents[1] / "fixtures" / "sessions"


def line(event: object) -> str:
    """An event as the session file writes it (store/session_file.py)."""
    data = event if isinstance(event, dict) else event.to_dict()  # type: ignore[attr-defined]
    return json.dumps(data, ensure_ascii=False, separators=(",", ":"), allow_nan=False)


FACT = Fact("f1", "salary", "₹1,20,000", ("m1",), 100.0, 1)
# Each event, and the line format 2 has always had for it.
WRITTEN = [
    (HeaderEvent(2, "2026-01-01T00:00:00+00:00"),
     '{"type":"header","format":2,"created":"2026-01-01T00:00:00+00:00"}'),
    (MessageEvent(Message("m1", "user", "My salary is ₹1,20,000.", 1.5, 1)),
     '{"type":"message","message":{"id":"m1","role":"user","content":"My salary is ₹1,20,000.",'
     '"ts":1.5,"turn":1}}'),
    (WithdrawnEvent("m3"), '{"type":"withdrawn","id":"m3"}'),
    (TextEvent("ab12", "You are a coach."),
     '{"type":"text","digest":"ab12","content":"You are a coach."}'),
    (StrategyEvent(1, "window", {"k": 4}),
     '{"type":"strategy","turn":1,"name":"window","params":{"k":4}}'),
    (SummaryEvent(Summary("Pay ₹1.2L.", 4, ("m1", "m2"), 12)),
     '{"type":"summary","summary":{"text":"Pay ₹1.2L.","last_turn":4,"covers_ids":["m1","m2"],'
     '"tokens":12}}'),
    (SummaryEvent(Summary("x", 4, ("m1",), 1, read_to=6, dropped=("rent",), cut="a", unchanged=True)),
     '{"type":"summary","summary":{"text":"x","last_turn":4,"covers_ids":["m1"],"tokens":1,'
     '"read_to":6,"dropped":["rent"],"cut":"a","unchanged":true}}'),
    (facts_event(2, ["m1", "m2"], [FACT]),
     '{"type":"facts","turn":2,"covers_ids":["m1","m2"],"facts":[{"id":"f1","key":"salary",'
     '"value":"₹1,20,000","source_ids":["m1"],"observed_at":100.0,"turn":1,'
     '"origin":"extracted","superseded_by":null,"superseded_at":null,"deleted_at":null}],'
     '"rejected":""}'),
    (facts_event(3, ["m5"], [], "bad JSON"),
     '{"type":"facts","turn":3,"covers_ids":["m5"],"facts":[],"rejected":"bad JSON"}'),
    (FactEditEvent("f1", "f2", "₹1,25,000", 300.0),
     '{"type":"fact_edit","id":"f1","new_id":"f2","value":"₹1,25,000","at":300.0}'),
    (FactDeletedEvent("f1", 500.0), '{"type":"fact_deleted","id":"f1","at":500.0}'),
    (FactRestoredEvent("f1", 510.0), '{"type":"fact_restored","id":"f1","at":510.0}'),
    (ExtractionResumedEvent(9), '{"type":"extraction_resumed","turn":9}'),
    (EmbeddingsEvent.of("emb", {"m1": [1.0, 0.5]}),
     '{"type":"embeddings","model":"emb","vectors":{"m1":"AACAPwAAAD8="}}'),
]  # fmt: skip


@pytest.mark.parametrize(("event", "written"), WRITTEN, ids=lambda v: getattr(v, "type", ""))
def test_each_event_writes_format_2_and_reads_back_as_itself(event, written):
    assert line(event) == written
    assert event_from_dict(json.loads(written)) == event


def test_a_record_is_kept_in_the_files_form():
    data = {"type": "record", "record": {"kind": "chat", "sent": [{"ids": ["m1"]}]}}
    event = event_from_dict(data)
    assert isinstance(event, RecordEvent) and event.to_dict() == data


def test_vectors_are_float32_live_as_after_a_reopen():
    event = EmbeddingsEvent.of("emb", {"m1": [0.1, 1 / 3]})
    assert event_from_dict(json.loads(line(event))) == event
    assert event.vectors["m1"] != (0.1, 1 / 3)  # rounded when made, not when read


def test_every_line_of_the_fixtures_reads_as_a_known_event_and_writes_the_same_bytes():
    for path in sorted(FIXTURES.glob("*.jsonl")):
        for raw in path.read_text(encoding="utf-8").splitlines():
            event = event_from_dict(json.loads(raw))
            assert not isinstance(event, UnknownEvent), raw[:60]
            assert line(event) == raw


def test_an_unknown_type_is_kept_and_changes_nothing():
    event = event_from_dict({"type": "remark", "text": "from a newer version"})
    assert isinstance(event, UnknownEvent) and event.type == "remark"
    state = SessionState()
    state.apply(event)
    assert (len(state.transcript), state.records, state.switches, state.fact_log) == (0, [], [], [])


@pytest.mark.parametrize(
    ("data", "error"),
    [
        ({"type": "strategy", "turn": 1, "name": "window", "params": [4]}, TypeError),
        ({"type": "message", "message": ["m1"]}, TypeError),
        ({"type": "record", "record": []}, TypeError),
        ({"type": "summary", "summary": {"text": "x"}}, KeyError),
        ({"type": "facts", "turn": 2, "facts": []}, KeyError),  # an accepted one says what it read
        ({"type": "fact_edit", "id": "f1", "new_id": "f2", "value": "x", "at": "soon"}, ValueError),
        ({"type": "embeddings", "model": "e", "vectors": {"m1": "not base64!"}}, ValueError),
        ([1, 2], TypeError),
    ],
)
def test_a_wrong_shape_is_refused_when_read(data, error):
    with pytest.raises(error):
        event_from_dict(data)


def test_a_refused_extraction_need_not_say_what_it_read():
    event = event_from_dict({"type": "facts", "turn": 2, "facts": [], "rejected": "bad"})
    assert event == facts_event(2, [], [], "bad")


def test_replay_skips_a_wrong_shape_with_a_note_and_keeps_the_rest():
    events = [
        HeaderEvent(2, "t").to_dict(),
        {"type": "strategy", "turn": 1, "name": "window", "params": [4]},
        StrategyEvent(1, "buffer", {}).to_dict(),
    ]
    state, problems = replay(events)
    assert [s.name for s in state.switches] == ["buffer"]
    assert len(problems) == 1 and problems[0].startswith("skipped line 2 (strategy): ")
