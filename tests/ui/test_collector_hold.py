"""`fincoach` holds Python's cyclic collector off from launch until the app's first frame
(ui/collector_hold.py): every way out of the command line resumes it, and an app started
any other way collects as usual."""

from __future__ import annotations

import gc
import json
import subprocess
import sys

from fincoach_tui.ui import collector_hold
from tests.app_harness import make_app, started
from tests.processes import child_env

# `fincoach` full-screen as the command line runs it, the app's run stubbed: is collection
# on while the app runs, and after the command returns?
FULL_SCREEN = """
import gc, io, json, sys

from fincoach_tui import cli
from fincoach_tui.ui.app import FinCoachApp

seen = {}

def run(self):
    seen["during_run"] = gc.isenabled()
    self._first_file.close()

class Terminal(io.StringIO):
    def isatty(self):
        return True

FinCoachApp.run = run
sys.stdin = sys.stdout = Terminal()
code = cli.main(["--session", "held"])
seen["after"] = gc.isenabled()
sys.__stdout__.write(json.dumps({"code": code, **seen}))
"""

# The line chat (input piped in): it has no first frame, so it collects from the start.
LINE_CHAT = """
import gc, io, json, sys

import fincoach_tui.cli.plain_chat as plain_chat
from fincoach_tui import cli

seen = {}

async def run(live, budget=None, kept_if_empty=True):
    seen["during_run"] = gc.isenabled()
    return 0

plain_chat.run = run
code = cli.main(["--session", "piped"])
seen["after"] = gc.isenabled()
sys.__stdout__.write(json.dumps({"code": code, **seen}))
"""


def probe(code: str) -> dict:
    done = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, env=child_env(), timeout=60
    )
    assert done.returncode == 0, done.stderr
    return json.loads(done.stdout)


def test_the_command_line_holds_collection_while_the_app_starts_and_resumes_it_after():
    assert probe(FULL_SCREEN) == {"code": 0, "during_run": False, "after": True}


def test_the_line_chat_collects_from_the_start():
    assert probe(LINE_CHAT) == {"code": 0, "during_run": True, "after": True}


def test_hold_and_release_only_undo_their_own_work():
    assert gc.isenabled()
    gc.disable()  # someone else's choice: not ours to undo
    try:
        collector_hold.hold()
        assert not collector_hold.held()
        collector_hold.release()
        assert not gc.isenabled()
    finally:
        gc.enable()
    collector_hold.hold()
    try:
        assert collector_hold.held() and not gc.isenabled()
    finally:
        collector_hold.release()
    assert gc.isenabled() and not collector_hold.held()
    collector_hold.release()  # idempotent
    assert gc.isenabled()


async def test_the_first_frame_resumes_collection(tmp_path):
    app = make_app(tmp_path)
    collector_hold.hold()  # as the command line does before it builds the app
    try:
        async with app.run_test(size=(80, 24)) as pilot:
            await started(app, pilot)
            assert gc.isenabled() and not collector_hold.held()
    finally:
        collector_hold.release()
