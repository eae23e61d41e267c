"""The inspector's check that a record shows the rows of the request on screen gives the
verdict it always gave (every message compared), over many played turns and their edge
cases, and tells the request in flight from its record without building a message."""

from __future__ import annotations

import itertools
from collections.abc import Sequence
from dataclasses import dataclass, replace
from typing import Any

from fincoach_tui.domain.memory import make_strategy
from fincoach_tui.domain.persona import SIMULATED_TURNS
from fincoach_tui.domain.record_refs import RefTable
from fincoach_tui.domain.records import CallRecord, SentMessage
from fincoach_tui.domain.session_state import SessionState, replay
from fincoach_tui.domain.tokens import OPENAI_CHAT_OVERHEAD
from fincoach_tui.llm.base import LLMError
from fincoach_tui.llm.offline import OfflineCoach
from fincoach_tui.service.events import RequestReady, TurnFailed
from fincoach_tui.service.record_extra import context_extra
from fincoach_tui.ui.inspector_rows import RequestRows, lead_length, rows_for, with_memory_rows
from tests.domain.test_sent_refs_known import counting
from tests.memory_helpers import offline_coach
from tests.service.test_coach import Recording

# (the turn it starts at, strategy, parameters): a sitting that switches strategy
PHASES = (
    (1, "buffer", None),
    (9, "window", {"k": 4}),
    (17, "summary", {"tail_turns": 2, "batch_turns": 2}),
    (25, "budget", {"budget_tokens": 400}),
    (33, "buffer", None),
)
TURNS = 40
FAILS_AT = 5  # this turn's first try fails (its question withdrawn), then is asked again


def old_verdict(ours: Sequence[SentMessage], ours_extra: dict, theirs, theirs_extra) -> bool:
    """RequestRows equality as it was: the same rows before the transcript, as many rows,
    and every transcript message equal (each read)."""
    first, other_first = lead_length(ours), lead_length(theirs)
    lead = with_memory_rows(rows_for([ours[i] for i in range(first)]), ours_extra)
    other_lead = with_memory_rows(rows_for([theirs[i] for i in range(other_first)]), theirs_extra)
    return (
        first == other_first
        and len(lead) + len(ours) - first == len(other_lead) + len(theirs) - other_first
        and lead == other_lead
        and list(ours)[first:] == list(theirs)[other_first:]
    )


@dataclass(frozen=True)
class Shown:
    """What the inspector is given: a request's messages and its `extra`."""

    sent: Sequence[SentMessage]
    extra: dict[str, Any]
    name: str


class Sitting:
    """A session played through the offline coach, keeping each turn's request in flight."""

    def __init__(self, counter: Any, state: SessionState | None = None) -> None:
        self.state = state or SessionState()
        self.events: list[dict] = []
        self.llm = Recording(OfflineCoach(counter.count, OPENAI_CHAT_OVERHEAD))
        ticks = itertools.count(1_700_000_000.0, 0.25)

        async def sleep(_seconds: float) -> None:
            return None

        self.coach = offline_coach(
            self.state,
            self.events,
            self.llm,
            counter,
            make_strategy("buffer", None),
            clock=lambda: next(ticks),
            sleep=sleep,
        )

    async def turn(self, text: str) -> tuple[list, RequestReady | None]:
        events = [event async for event in self.coach.turn(text)]
        requests = [e for e in events if isinstance(e, RequestReady) and e.sent]
        return events, (requests[-1] if requests else None)


def chat_record(state: SessionState) -> CallRecord:
    return [r for r in state.records if r.kind == "chat"][-1]


def check(a: Shown, b: Shown) -> None:
    new = RequestRows(a.sent, a.extra) == RequestRows(b.sent, b.extra)
    assert new == old_verdict(a.sent, a.extra, b.sent, b.extra), (a.name, b.name)


def counting_builds(table: RefTable) -> list[str]:
    """The ids of the messages `table` builds from here on (each reference read)."""
    return counting(table)


def edits(request: Shown) -> list[Shown]:
    """The request with one thing changed: the newest question reworded, a message in the
    middle reworded, recounted, or sent under another id, the system message's ids."""
    sent = list(request.sent)
    middle = len(sent) // 2
    changed = [
        ("reworded question", -1, {"content": sent[-1].content + " (reworded)"}),
        ("reworded middle", middle, {"content": sent[middle].content + "!"}),
        ("recounted middle", middle, {"tokens": sent[middle].tokens + 1}),
        ("another id", middle, {"source_ids": ("m999999",)}),
        ("system ids", 0, {"source_ids": ("m1",)}),
    ]
    out = []
    for name, at, change in changed:
        copy = list(sent)
        copy[at] = replace(copy[at], **change)
        out.append(Shown(tuple(copy), request.extra, f"{request.name}, {name}"))
    return out


async def play(sitting: Sitting, turns: range, shown: list[tuple[Shown, Shown]]) -> None:
    """Play `turns`, checking each record against its request the moment it comes (the
    inspector's case) and against the turn before's; keep both for the checks after."""
    phases = {start: (name, params) for start, name, params in PHASES}
    for turn in turns:
        if turn in phases:
            sitting.coach.switch_strategy(*phases[turn])
        text = SIMULATED_TURNS[(turn - 1) % len(SIMULATED_TURNS)]
        if turn == FAILS_AT:
            sitting.llm.script = [LLMError("auth", "Invalid API key", status=401)]
            events, _ = await sitting.turn(text)
            assert any(isinstance(e, TurnFailed) for e in events)
            text = text.replace(".", "!")  # asked again, reworded
        _events, request = await sitting.turn(f"{text} (turn {turn})")
        assert request is not None
        record = chat_record(sitting.state)
        live = Shown(request.sent, context_extra(request.context), f"request {turn}")
        read_back = Shown(record.sent, record.extra, f"record {turn}")
        # Made as the inspector makes them (the record's first transcript message is read
        # to find where its transcript begins), then compared: no message built to tell.
        drawn = RequestRows(live.sent, live.extra)
        rows = RequestRows(read_back.sent, read_back.extra)
        built = counting_builds(sitting.state.refs)
        assert rows == drawn and drawn == rows, turn
        assert built == []
        del sitting.state.refs.referenced  # the table's own method again
        check(read_back, live)
        for edited in edits(live):
            check(read_back, edited)
            check(edited, read_back)
        if shown:
            check(read_back, shown[-1][0])
            check(read_back, shown[-1][1])
            check(live, shown[-1][1])
        shown.append((live, read_back))


async def test_a_record_shows_its_requests_rows_as_every_message_compared_said(counter):
    sitting = Sitting(counter)
    shown: list[tuple[Shown, Shown]] = []
    await play(sitting, range(1, TURNS + 1), shown)
    # Every record against every request and record of the sitting, once its link to its
    # request is gone (a later record replaced it), and repeated.
    for (live, read_back), (other_live, other_read_back) in itertools.product(shown, repeat=2):
        check(read_back, other_live)
        check(read_back, other_read_back)
        check(live, other_read_back)
    # The session read back from disk: records that no request made, against the live ones.
    file_events = list(RefTable().by_reference(sitting.events))
    resumed, problems = replay(file_events)
    assert problems == []
    from_disk = [r for r in resumed.records if r.kind == "chat"]
    assert len(from_disk) == TURNS
    for (live, read_back), record in zip(shown, from_disk):
        disk = Shown(record.sent, record.extra, f"disk {record.turn}")
        assert RequestRows(disk.sent, disk.extra) == RequestRows(live.sent, live.extra)
        check(disk, live)
        check(disk, read_back)
        check(live, disk)
        for other_live, _other in shown[-3:]:
            check(disk, other_live)
    # The session resumed: its next turns' records against their requests and the disk's.
    again = Sitting(counter, resumed)
    more: list[tuple[Shown, Shown]] = []
    await play(again, range(TURNS + 1, TURNS + 6), more)
    for (live, read_back), record in itertools.product(more, from_disk[-3:]):
        disk = Shown(record.sent, record.extra, f"disk {record.turn}")
        check(read_back, disk)
        check(disk, live)


async def test_only_the_newest_record_is_known_by_its_request(counter):
    """A record stands for its request only while it is the newest: after the next one,
    the two are compared message by message (and still found equal)."""
    sitting = Sitting(counter)
    await sitting.turn(SIMULATED_TURNS[0])
    _events, second = await sitting.turn(SIMULATED_TURNS[1])
    record = chat_record(sitting.state)
    assert second is not None and sitting.state.refs.origin_of(record.sent) is second.sent  # type: ignore[arg-type]
    await sitting.turn(SIMULATED_TURNS[2])
    assert sitting.state.refs.origin_of(record.sent) is None  # type: ignore[arg-type]
    rows = RequestRows(record.sent, record.extra)
    built = counting_builds(sitting.state.refs)
    assert rows == RequestRows(second.sent, context_extra(second.context))
    # The newest message (the question), then every transcript message, each built again.
    assert built == ["m3", "m1", "m2", "m3"]
    assert [m.source_ids for m in second.sent[1:]] == [("m1",), ("m2",), ("m3",)]
