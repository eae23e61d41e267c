"""Crash safety: a real `fincoach --plain` process SIGKILLed at random points, resumed every
time; torn lines crafted byte by byte; a kill while the model is still answering.

The promise under test (README, "Crash safety"): the session file is always readable, a
crash loses at most the turn in flight (its question is handed back on resume), and a torn
last line is dropped with a warning.
"""

from __future__ import annotations

import json
import random
import subprocess
from pathlib import Path

import pytest

from fincoach_tui.domain.session_state import SessionState, replay
from fincoach_tui.service.runtime import build_engine, open_session
from fincoach_tui.settings import paths
from fincoach_tui.settings.config import Config
from fincoach_tui.store.session_file import load_events
from fincoach_tui.store.sessions import SessionStore
from tests.app_harness import offline_settings, workers_done
from tests.processes import Fincoach, poll_until

KILLS = 24
SEED = 20240606
INTERRUPTED = "had no reply (interrupted)"
TORN = "dropped an incomplete last line"


def session_path(name: str) -> Path:
    return paths.sessions_dir() / f"{name}.jsonl"


def read_session(name: str) -> tuple[SessionState, list[str], list[str]]:
    """The session as the next open would see it, without opening (or repairing) it."""
    events, warnings = load_events(session_path(name))
    state, problems = replay(events)
    return state, warnings, problems


def questions(state: SessionState) -> list[str]:
    return [m.content for m in state.transcript.messages if m.role == "user"]


def assert_replies_are_accounted(state: SessionState, *, torn: bool = False) -> None:
    """A reply and its record are written with one write, so they survive together. Only a
    write cut short (a power cut, or a kill during a write of several pages) can keep the
    reply and tear its record; then that is the newest reply, and a torn line was dropped."""
    replies = [m.id for m in state.transcript.messages if m.role == "assistant"]
    unaccounted = set(replies) - {r.reply_id for r in state.chat_records}
    assert unaccounted <= ({replies[-1]} if torn else set()), unaccounted


def test_sigkill_at_random_points_never_loses_more_than_the_turn_in_flight():
    rng = random.Random(SEED)
    name = "crash"
    done: list[str] = []  # questions whose turn is saved, in order
    expect_note: str | None = None  # what the next start must report
    modes = ["startup", "before_send", "mid_stream", "after_turn", "random_delay", "torn"]
    outcomes = {"interrupted": 0, "in_flight_saved": 0, "not_reached": 0}

    for kill in range(KILLS):
        mode = modes[kill % len(modes)] if kill < len(modes) else rng.choice(modes)
        chat = Fincoach(name, "--provider", "offline")
        if mode == "startup":
            # Anywhere in start-up: imports, the lock, recovery, the header, replay.
            try:
                chat.proc.wait(timeout=rng.uniform(0.0, 0.6))
            except subprocess.TimeoutExpired:
                pass
            chat.kill()
            state, warnings, problems = read_session(name) if session_path(name).exists() else (
                SessionState(), [], [])  # fmt: skip
            assert questions(state) == done
            continue

        chat.wait_for(lambda out: b" \xc2\xb7 /quit to end\n" in out, "the banner")
        if expect_note is not None:
            assert expect_note in chat.text
        expect_note = None

        for _ in range(rng.randrange(0, 3)):  # some whole turns first
            if rng.random() < 0.2:
                strategy = rng.choice(["window k=2", "budget budget_tokens=400", "buffer"])
                chat.send(f"/strategy {strategy}")
            question = f"kill {kill}, turn {len(done) + 1}: salary ₹{rng.randrange(30, 300)},000"
            before = chat.turns_done()
            chat.send(question)
            chat.wait_for(lambda out, n=before: out.count(b"\n[turn ") > n, "a finished turn")
            done.append(question)

        in_flight = f"kill {kill}, in flight: expenses ₹{rng.randrange(10, 90)},000 a month"
        before = chat.turns_done()
        mark = chat.send(in_flight)
        if mode == "mid_stream":
            wanted = rng.randrange(1, 120)
            chat.wait_for(
                lambda out, mark=mark, wanted=wanted: len(out) >= mark + wanted, "part of the reply"
            )
        elif mode in ("after_turn", "torn"):
            chat.wait_for(lambda out, n=before: out.count(b"\n[turn ") > n, "the in-flight turn")
        elif mode == "random_delay":
            try:
                chat.proc.wait(timeout=rng.uniform(0.0, 0.02))
            except subprocess.TimeoutExpired:
                pass
        chat.kill()

        if mode == "torn":
            # What a power cut mid-write leaves: part of a line, no newline. Tear a copy of
            # the last real line so the fragment looks like the event it would have been.
            data = session_path(name).read_bytes()
            last = data.rstrip(b"\n").rsplit(b"\n", 1)[-1]
            with open(session_path(name), "ab") as handle:
                handle.write(last[: rng.randrange(1, len(last))])

        state, warnings, problems = read_session(name)
        # Never unreadable: the only damage allowed is a torn LAST line.
        assert all(TORN in w for w in warnings) and len(warnings) <= 1, warnings
        assert bool(warnings) or mode != "torn"
        assert all(INTERRUPTED in p for p in problems), problems
        assert_replies_are_accounted(state, torn=bool(warnings))
        # At most the turn in flight lost: everything finished before it is there, in order.
        got = questions(state)
        assert got in (done, [*done, in_flight]), (got[-3:], done[-3:])
        if got == [*done, in_flight]:
            done.append(in_flight)
            outcomes["in_flight_saved"] += 1
            assert state.interrupted is None
        elif state.interrupted is not None:
            assert state.interrupted.content == in_flight  # handed back, not lost
            outcomes["interrupted"] += 1
            expect_note = INTERRUPTED
        else:
            outcomes["not_reached"] += 1  # killed before the question was saved
            assert mode in ("before_send", "random_delay")
        if mode in ("after_turn", "torn"):
            assert got[-1] == in_flight  # its accounting line was printed: it was saved first
        if mode == "mid_stream":
            assert got[-1] == in_flight or state.interrupted is not None
        if warnings:
            expect_note = TORN

    # A last, clean run: everything is there and the file is whole again.
    chat = Fincoach(name, "--provider", "offline")
    chat.wait_for(lambda out: b"/quit to end\n" in out, "the banner")
    assert chat.finish() == 0
    lines = session_path(name).read_text(encoding="utf-8").splitlines()
    events = [json.loads(line) for line in lines]  # every line is valid JSON
    state, problems = replay(events)
    assert problems == []
    assert questions(state) == done
    assert state.transcript.completed_turns == len(done)
    assert len(done) >= KILLS // 2, outcomes  # the kills really were spread over many turns


def test_kill_while_the_model_is_answering_hands_the_question_back(fake_openai):
    """Deterministic mid-turn kill: the fake server holds the reply until the kill."""
    fake_openai.script(text="Noted.")
    fake_openai.script(text="never sent", delay=60)
    args = ("--base-url", fake_openai.base_url, "--model", "gpt-4o-mini")
    chat = Fincoach("cut", *args)
    chat.wait_for(lambda out: b"/quit to end\n" in out, "the banner")
    chat.send("My salary is ₹1,20,000.")
    chat.wait_for(lambda out: b"\n[turn 1 " in out, "turn 1")
    chat.send("My rent is ₹25,000.")
    poll_until(lambda: len(fake_openai.requests) == 2)  # the model is now "thinking"
    chat.kill()

    state, warnings, problems = read_session("cut")
    assert warnings == [] and questions(state) == ["My salary is ₹1,20,000."]
    assert state.interrupted.content == "My rent is ₹25,000."

    chat = Fincoach("cut", "--provider", "offline")
    chat.wait_for(lambda out: b"/quit to end\n" in out, "the banner")
    assert "note: turn 2 had no reply (interrupted)" in chat.text
    assert "note: your unanswered message was: My rent is ₹25,000." in chat.text
    chat.send("/retry")  # nothing failed in this process: the text must be sent again by hand
    chat.wait_for(lambda out: b"nothing to retry" in out, "the retry note")
    chat.send("My rent is ₹25,000.")
    chat.wait_for(lambda out: b"\n[turn 2 " in out, "turn 2")
    assert chat.finish() == 0
    state, warnings, problems = read_session("cut")
    assert problems == [] and warnings == []
    assert questions(state) == ["My salary is ₹1,20,000.", "My rent is ₹25,000."]


# --- torn lines, crafted byte by byte ---------------------------------------------------------


@pytest.fixture(scope="module")
def engine():
    return build_engine(Config(), offline_settings())


async def make_real_session(engine, store: SessionStore, name: str, turns: int) -> bytes:
    live = open_session(engine, store.open(name))
    for i in range(turns):
        if i == 2:
            live.coach.switch_strategy("window", {"k": 2})
        async for _ in live.coach.turn(f"turn {i + 1}: my SIP is ₹{5 + i},000 a month"):
            pass
    live.close()
    return store.path_for(name).read_bytes()


async def test_every_cut_of_a_real_session_opens_with_a_prefix_of_its_events(tmp_path, engine):
    """Truncate a real session all over its last two lines (a reply and its record, written
    together) and at random offsets elsewhere: each cut opens, keeps every whole event
    before the cut, warns exactly when it dropped a torn line, and the session goes on."""
    store = SessionStore(tmp_path / "sessions")
    whole = await make_real_session(engine, store, "real", turns=4)
    original = [json.loads(line) for line in whole.splitlines()]
    line_ends = [i + 1 for i, byte in enumerate(whole) if byte == 0x0A]
    assert line_ends[-1] == len(whole)
    rng = random.Random(SEED)
    cuts = {0, *(rng.randrange(0, line_ends[-3]) for _ in range(24))}
    for start, end in zip(line_ends[-3:-1], line_ends[-2:]):
        cuts |= {*range(start, start + 12), *range(end - 12, end + 1), *range(start, end, 211)}
    target = store.path_for("cut")
    for cut in sorted(cuts):
        target.write_bytes(whole[:cut])
        complete = sum(1 for end in line_ends if end - 1 <= cut)  # lines whose JSON is all there
        torn = cut not in (0, *line_ends) and cut + 1 not in line_ends
        live = open_session(engine, store.open("cut"))
        try:
            if complete:
                assert live.file.events[:complete] == original[:complete], cut
            assert len(live.file.warnings) == torn and all(TORN in w for w in live.file.warnings)
            assert all(TORN in p or INTERRUPTED in p for p in live.problems), live.problems
            async for _ in live.coach.turn("after the cut"):  # the session goes on
                pass
        finally:
            live.close()
        state, problems = replay([json.loads(line) for line in target.read_bytes().splitlines()])
        assert problems == [] and questions(state)[-1] == "after the cut"
        # a cut between a reply and its record (one write, torn) loses that record only
        replies = [m.id for m in state.transcript.messages if m.role == "assistant"]
        assert len(set(replies) - {r.reply_id for r in state.chat_records}) <= 1


def test_a_torn_last_line_is_repaired_on_resume_by_the_real_command():
    chat = Fincoach("torn", "--provider", "offline")
    chat.wait_for(lambda out: b"/quit to end\n" in out, "the banner")
    chat.send("My salary is ₹1,20,000.")
    chat.wait_for(lambda out: b"\n[turn 1 " in out, "turn 1")
    assert chat.finish() == 0
    path = session_path("torn")
    good = path.read_bytes()
    fragment = b'{"type":"message","message":{"id":"m3","role":"us'
    path.write_bytes(good + fragment)

    chat = Fincoach("torn", "--provider", "offline")
    chat.wait_for(lambda out: b"/quit to end\n" in out, "the banner")
    assert (
        f"note: recovered torn: dropped an incomplete last line ({len(fragment)} bytes)"
        in chat.text
    )
    assert path.read_bytes() == good  # cut back to the last whole line, nothing else touched
    chat.send("My rent is ₹25,000.")
    chat.wait_for(lambda out: b"\n[turn 2 " in out, "turn 2")
    assert chat.finish() == 0
    state, warnings, problems = read_session("torn")
    assert (warnings, problems) == ([], [])
    assert questions(state) == ["My salary is ₹1,20,000.", "My rent is ₹25,000."]


# --- what the records keep, written compactly ---------------------------------------------

from hypothesis import given  # noqa: E402
from hypothesis import strategies as st  # noqa: E402

from fincoach_tui.domain.records import compact_ids, expand_ids  # noqa: E402

# message ids as the transcript issues them, plus oddities that must pass through untouched
message_ids = st.one_of(
    st.integers(0, 60).map(lambda n: f"m{n}"), st.sampled_from(["m01", "x", "m"])
)


@given(st.lists(message_ids, max_size=40))
def test_compacted_id_lists_read_back_exactly(ids):
    assert expand_ids(compact_ids(ids)) == tuple(ids)


def test_a_long_window_session_writes_omitted_ids_as_runs(tmp_path, engine):
    import asyncio

    store = SessionStore(tmp_path / "sessions")
    asyncio.run(make_real_session(engine, store, "runs", turns=8))
    records = [json.loads(line)["record"] for line in store.path_for("runs").read_text().splitlines()
               if '"type":"record"' in line]  # fmt: skip
    assert records[-1]["omitted_ids"] == ["m1..m12"]  # window k=2 at turn 8: one item, not 12
    state, _ = replay(
        [json.loads(line) for line in store.path_for("runs").read_text().splitlines()]
    )
    assert state.chat_records[-1].omitted_ids == tuple(f"m{i}" for i in range(1, 13))


# --- the app writes the question first -------------------------------------------------------


def user_questions_on_disk(path: Path) -> list[str]:
    events, _ = load_events(path)
    return [
        e["message"]["content"]
        for e in events
        if e.get("type") == "message" and e["message"]["role"] == "user"
    ]


async def test_the_app_writes_the_question_before_anything_else_happens(
    tmp_path, fake_openai, monkeypatch
):
    """A kill within ~50 ms of Enter used to lose the question in the app (it was written
    after the worker started and the chat mounted it). Now it is on disk when the submit
    handler returns, so before the chat shows it and before the model is asked."""
    from fincoach_tui.ui.chat import ChatView
    from tests.app_harness import SIZE, fault_app, send, started

    app = fault_app(tmp_path, fake_openai.base_url)
    path = tmp_path / "sessions" / "faults.jsonl"
    seen: dict[str, list[str]] = {}
    fake_openai.on_request = lambda body: seen.setdefault("request", user_questions_on_disk(path))
    shown = ChatView.begin_exchange

    async def begin_exchange(self, message, **options):
        seen.setdefault("mount", user_questions_on_disk(path))
        return await shown(self, message, **options)

    monkeypatch.setattr(ChatView, "begin_exchange", begin_exchange)
    async with app.run_test(size=SIZE) as pilot:
        await started(app, pilot)
        app.submit("first question")  # the Enter handler's body, with no await after it
        assert user_questions_on_disk(path) == ["first question"]
        await workers_done(app)
        await pilot.pause()
        assert seen == {"mount": ["first question"], "request": ["first question"]}
        seen.clear()
        await send(app, pilot, "second question")  # typed, and Enter pressed
        assert seen == {"mount": ["first question", "second question"]} | {
            "request": ["first question", "second question"]
        }
        assert app.live.state.transcript.completed_turns == 2
