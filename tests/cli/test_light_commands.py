"""`fincoach --help` and `fincoach sessions` start light: no event loop for the help, and
no replay (the memory and fact modules) for a listing whose kept rows are current."""

from __future__ import annotations

import json
import os
import subprocess
import sys

from fincoach_tui.settings import paths
from tests.processes import child_env, run_fincoach

# `fincoach ARGS` in-process, then the modules it imported, as JSON on the last line.
PROBE = """
import json, sys

from fincoach_tui import cli

try:
    code = cli.main(sys.argv[1:])
except SystemExit as done:  # argparse's --help
    code = done.code
print(json.dumps({"code": code, "modules": sorted(sys.modules)}))
"""


def modules_of(*args: str) -> tuple[str, set[str]]:
    done = subprocess.run(
        [sys.executable, "-c", PROBE, *args], capture_output=True, text=True,
        env=child_env(), timeout=60,
    )  # fmt: skip
    assert done.returncode == 0, done.stderr
    *printed, last = done.stdout.splitlines()
    result = json.loads(last)
    assert result["code"] == 0
    return "\n".join(printed), set(result["modules"])


def test_help_needs_no_event_loop():
    text, modules = modules_of("--help")
    assert "fincoach" in text
    assert "asyncio" not in modules and "textual" not in modules


def test_sessions_from_kept_rows_replays_nothing():
    assert run_fincoach("--session", "kept", "--provider", "offline", stdin="hi\n").returncode == 0
    first, _ = modules_of("sessions")  # reads the new session once, keeps its row
    again, modules = modules_of("sessions")
    assert again == first and "\nkept " in f"\n{again}"
    replay = {"fincoach_tui.domain.session_state", "fincoach_tui.domain.memory"}
    assert replay & modules == set()
    # The chat keeps the row current as it closes; a file changed otherwise is read again.
    assert (
        run_fincoach("--session", "kept", "--provider", "offline", stdin="more\n").returncode == 0
    )
    assert modules_of("sessions")[0].splitlines()[1].split()[:2] == ["kept", "2"]
    path = paths.sessions_dir() / "kept.jsonl"
    later = path.stat().st_mtime + 60
    os.utime(path, (later, later))
    changed, modules = modules_of("sessions")
    assert "fincoach_tui.domain.session_state" in modules
    assert changed.splitlines()[1].split()[:2] == ["kept", "2"]
