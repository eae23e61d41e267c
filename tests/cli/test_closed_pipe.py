"""`fincoach sessions | head -1` and friends: a reader that stops reading ends FinCoach
quietly with status 0, never a BrokenPipeError traceback."""

from __future__ import annotations

import os
import subprocess

import pytest

from fincoach_tui.domain.conversation import Message
from fincoach_tui.domain.session_events import message_event
from fincoach_tui.settings import paths
from fincoach_tui.store.sessions import SessionStore
from tests.processes import FINCOACH, child_env

COMMANDS = [
    (["sessions"], ""),
    (["simulate"], ""),
    (["plan"], ""),
    (["probe", "--strategies", "buffer"], ""),
    (["--plain", "--session", "piped"], "My rent is 25,000.\nHow much can I save?\n"),
]


@pytest.mark.parametrize(
    "args, stdin", COMMANDS, ids=lambda v: " ".join(v) if isinstance(v, list) else None
)
def test_a_closed_pipe_ends_quietly_with_status_0(args, stdin):
    store = SessionStore(paths.sessions_dir())
    with store.open("listed") as file:
        file.append(message_event(Message("m1", "user", "hello", 1.0, 1)))
    read_end, write_end = os.pipe()
    child = subprocess.Popen(
        [*FINCOACH, *args],
        stdin=subprocess.PIPE,
        stdout=write_end,
        stderr=subprocess.PIPE,
        env=child_env(),
    )
    os.close(write_end)
    os.close(read_end)  # closed before the child can write a byte: every write hits EPIPE
    _, stderr = child.communicate(stdin.encode(), timeout=120)
    assert stderr.decode() == ""
    assert child.returncode == 0


@pytest.mark.skipif(not os.path.exists("/dev/full"), reason="no /dev/full to write to")
@pytest.mark.parametrize("args", [["sessions"], ["plan"]], ids=" ".join)
def test_output_to_a_full_device_is_one_line_and_status_1(args):
    """`fincoach sessions > /dev/full` (a full disk under a redirect): the output is lost,
    which is said in one line, exit 1; it was an OSError traceback."""
    store = SessionStore(paths.sessions_dir())
    with store.open("listed") as file:
        file.append(message_event(Message("m1", "user", "hello", 1.0, 1)))
    with open("/dev/full", "wb") as full:
        child = subprocess.run(
            [*FINCOACH, *args], stdout=full, stderr=subprocess.PIPE, env=child_env(), timeout=120
        )
    assert (
        child.stderr.decode() == "fincoach: could not write the output: no space left on device\n"
    )
    assert child.returncode == 1
