"""The first frame imports little beyond Textual: the coach, the strategies, the cost
comparison, the side panel and the Markdown renderer are imported after it is drawn, and
at that frame the screen is the chat's shell saying what it is doing."""

from __future__ import annotations

import json
import subprocess
import sys

from tests.processes import OnTerminal, child_env

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
    # The error sentences, the palette's commands and the glossary's tooltips: used after
    # the first frame, and llm.base brings the records and context modules with it.
    "fincoach_tui.llm.base",
    "fincoach_tui.domain.records",
    "fincoach_tui.domain.context",
    "fincoach_tui.ui.commands",
    "fincoach_tui.ui.key_list",
    "fincoach_tui.ui.glossary",
)

# The real `fincoach` on a terminal, stopped at its first frame (the moment the benchmark
# hook marks, right after the first refresh): what has it imported, and what is on screen?
AT_FIRST_FRAME = """
import gc, json, os, sys

from fincoach_tui.ui import bench_hook

def mark(moment):
    if moment != "first_frame":
        return
    from textual.app import active_app

    app = active_app.get()
    screen = app.screen
    seen = {
        "modules": sorted(sys.modules),
        "activity": str(app.activity.render()),
        "chat": [str(hint.content) for hint in app.chat.query(".hint")],
        "side": type(screen.query_one("#side")).__name__,
        "focused": app.focused.id if app.focused else None,
        "footer": [type(key).__name__ for key in screen.query_one("FittingFooter").children],
        "collecting": gc.isenabled(),
    }
    with open(os.environ["PROBE_OUT"], "w") as out:
        json.dump(seen, out)
    os._exit(0)

bench_hook.mark = mark
from fincoach_tui.cli import main
sys.exit(main(["--session", "probe"]))
"""


def run_to_first_frame(tmp_path) -> dict:
    """Run AT_FIRST_FRAME with a 120x40 terminal on both sides; what it saw."""
    out = tmp_path / "first-frame.json"
    with OnTerminal([sys.executable, "-c", AT_FIRST_FRAME], env={"PROBE_OUT": str(out)}) as child:
        assert child.wait() == 0, child.tail()
    return json.loads(out.read_text())


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


def test_at_the_real_first_frame_only_the_chats_shell_is_there(tmp_path):
    seen = run_to_first_frame(tmp_path)
    assert [m for m in NOT_BEFORE_FIRST_FRAME if m in seen["modules"]] == []
    # Nor the inspector, the chart, the meter, the side panel's other widgets.
    assert [m for m in seen["modules"] if m.startswith("fincoach_tui.ui.")] == [
        f"fincoach_tui.ui.{name}"
        for name in (
            "app", "app_base", "bench_hook", "budget_actions", "cell_widths", "chat",
            "collector_hold", "comparison_messages", "composer", "drawing_fixes", "errors", "footer",
            "format", "heap", "key_routing", "keys", "layout_fixes", "main_screen", "message_box",
            "meter_line", "session_actions", "startup", "status", "strategy_actions",
            "themes", "turn_handlers", "turn_messages", "typed_ahead", "view_actions", "worker_fixes",
        )
    ]  # fmt: skip
    assert seen["activity"] == "starting: loading the tokenizer…"
    assert seen["chat"] == ["opening probe …"]
    assert seen["side"] == "Vertical"  # the panel's placeholder: the panel comes next
    assert seen["focused"] == "composer"  # typing goes to the composer from the start
    assert seen["footer"] == []  # the bar; its keys follow (tests/ui/test_first_screen.py)
    # Held until this frame, resumed right after it (tests/ui/test_collector_hold.py).
    assert seen["collecting"] is False


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
