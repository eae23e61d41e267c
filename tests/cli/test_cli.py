"""Two real `fincoach` processes on one session: the second is refused in one line (exit 2)
and writes nothing; a killed holder leaves no lock behind."""

from __future__ import annotations

import json
import re

from fincoach_tui.domain.session_state import replay
from fincoach_tui.settings import paths
from tests.processes import Fincoach, run_fincoach

BANNER = b"/quit to end\n"


def session_lines(name: str) -> list[dict]:
    text = (paths.sessions_dir() / f"{name}.jsonl").read_text(encoding="utf-8")
    assert text.endswith("\n")
    return [json.loads(line) for line in text.splitlines()]  # every line whole and valid


def user_questions(name: str) -> list[str]:
    state, problems = replay(session_lines(name))
    assert problems == []
    return [m.content for m in state.transcript.messages if m.role == "user"]


def test_a_second_fincoach_on_an_open_session_is_refused_and_writes_nothing():
    first = Fincoach("shared", "--provider", "offline")
    first.wait_for(lambda out: BANNER in out, "the banner")
    first.send("My salary is ₹1,20,000.")
    first.wait_for(lambda out: b"\n[turn 1 " in out, "turn 1")
    before = (paths.sessions_dir() / "shared.jsonl").read_bytes()

    for argv in (["--plain", "--session", "shared"], ["--session", "shared"]):
        second = run_fincoach(*argv, "--provider", "offline", stdin="My rent is ₹25,000.\n")
        assert second.returncode == 2 and second.stdout == ""
        assert second.stderr == (
            f"fincoach: session 'shared' is open in another FinCoach window (pid {first.proc.pid})\n"
        )
    assert (paths.sessions_dir() / "shared.jsonl").read_bytes() == before

    first.send("My rent is ₹25,000.")  # the first window carries on undisturbed
    first.wait_for(lambda out: b"\n[turn 2 " in out, "turn 2")
    assert first.finish() == 0
    assert user_questions("shared") == ["My salary is ₹1,20,000.", "My rent is ₹25,000."]


def test_two_processes_starting_together_never_both_write():
    a = Fincoach("race", "--provider", "offline")
    b = Fincoach("race", "--provider", "offline")
    outcomes = [chat.started() for chat in (a, b)]  # each opens the session or is refused
    started = [c for c, ok in zip((a, b), outcomes) if ok]
    refused = [c for c, ok in zip((a, b), outcomes) if not ok]
    assert len(started) == 1 and len(refused) == 1
    winner, loser = started[0], refused[0]
    assert loser.proc.wait(timeout=60) == 2
    err = loser.proc.stderr.read().decode()
    assert re.fullmatch(
        rf"fincoach: session 'race' is open in another FinCoach window \(pid {winner.proc.pid}\)\n",
        err,
    )
    loser.kill()
    winner.send("Only one of us writes.")
    winner.wait_for(lambda out: b"\n[turn 1 " in out, "turn 1")
    assert winner.finish() == 0
    assert user_questions("race") == ["Only one of us writes."]


def test_a_killed_fincoach_leaves_no_stale_lock():
    holder = Fincoach("stale", "--provider", "offline")
    holder.wait_for(lambda out: BANNER in out, "the banner")
    holder.send("My salary is ₹1,20,000.")
    holder.wait_for(lambda out: b"\n[turn 1 " in out, "turn 1")
    refused = run_fincoach("--plain", "--session", "stale", "--provider", "offline")
    assert refused.returncode == 2
    holder.kill()
    lock = paths.sessions_dir() / "stale.lock"
    assert lock.read_text().strip() == str(holder.proc.pid)  # the file remains, the lock does not

    after = run_fincoach("--plain", "--session", "stale", "--provider", "offline",
                         stdin="My rent is ₹25,000.\n/quit\n")  # fmt: skip
    assert after.returncode == 0, after.stderr
    assert "[turn 2 · buffer · 4 msgs" in after.stdout
    assert user_questions("stale") == ["My salary is ₹1,20,000.", "My rent is ₹25,000."]
