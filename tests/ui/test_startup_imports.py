"""The first frame imports little beyond Textual: the coach, the strategies, the cost
comparison, the side panel and the Markdown renderer are imported after it is drawn."""

from __future__ import annotations

import json
import subprocess
import sys

from tests.processes import child_env

# What `fincoach` (full-screen) has imported when `App.run` starts: `cmd_chat` as the
# command line runs it (config read, session opened, app built), the run itself stubbed.
PROBE = """
import io, json, sys

from fincoach_tui import cli
from fincoach_tui.ui.app import FinCoachApp

seen = {}

def run(self):
    seen["modules"] = sorted(sys.modules)
    self._first_file.close()

class Terminal(io.StringIO):
    def isatty(self):
        return True

FinCoachApp.run = run
sys.stdin = sys.stdout = Terminal()  # the app needs a terminal on both sides
code = cli.main(["--session", "first-frame"])
sys.__stdout__.write(json.dumps({"code": code, "modules": seen.get("modules")}))
"""

# Each is tens of milliseconds of imports the first frame does not need.
NOT_BEFORE_FIRST_FRAME = (
    "fincoach_tui.service.coach",
    "fincoach_tui.service.cost_comparison",
    "fincoach_tui.domain.memory",
    "fincoach_tui.domain.counterfactual",
    "fincoach_tui.service.maintenance",
    "fincoach_tui.ui.side_panel",
    "fincoach_tui.ui.live_comparison",
    "fincoach_tui.ui.turns",
    "fincoach_tui.ui.inspector",
    "textual.widgets._markdown",
    "markdown_it",
    "openai",
    "tiktoken",
    "genai_prices",
)


def test_first_frame_needs_none_of_the_engine_or_panel_modules():
    done = subprocess.run(
        [sys.executable, "-c", PROBE], capture_output=True, text=True, env=child_env(), timeout=60
    )
    assert done.returncode == 0, done.stderr
    result = json.loads(done.stdout)
    assert result["code"] == 0
    modules = result["modules"]
    assert modules is not None, "FinCoachApp.run was never reached"
    assert "fincoach_tui.ui.app" in modules  # the probe did build the app
    assert [m for m in NOT_BEFORE_FIRST_FRAME if m in modules] == []


def test_the_side_panel_mounted_after_it_needs_none_of_the_strategies():
    # It is mounted on the event loop right after the first frame, while the loader
    # thread imports the coach and its strategies: it must not import them there first.
    probe = "import sys, fincoach_tui.ui.side_panel; print(' '.join(sorted(sys.modules)))"
    done = subprocess.run(
        [sys.executable, "-c", probe], capture_output=True, text=True, env=child_env(), timeout=60
    )
    assert done.returncode == 0, done.stderr
    modules = done.stdout.split()
    assert "fincoach_tui.ui.side_panel" in modules
    assert [
        m
        for m in (
            "fincoach_tui.domain.memory",
            "fincoach_tui.service.maintenance",
            "fincoach_tui.service.coach",
        )
        if m in modules
    ] == []
