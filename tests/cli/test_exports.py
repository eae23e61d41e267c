"""Exports are private like the sessions they come from (0600), from the command line and
from the app's F2."""

from __future__ import annotations

import os
import stat

from fincoach_tui.cli.commands import main
from fincoach_tui.domain.conversation import Message
from fincoach_tui.domain.session_events import message_event
from fincoach_tui.settings import paths
from fincoach_tui.store.sessions import SessionStore
from tests.app_harness import SIZE, fault_app, send, started


def mode(path) -> int:
    return stat.S_IMODE(path.stat().st_mode)


def test_export_to_a_file_is_0600(tmp_path, capsys):
    with SessionStore(paths.sessions_dir()).open("s") as file:
        file.append(message_event(Message("m1", "user", "My rent is 25,000.", 1.0, 1)))
    for fmt in ("md", "json"):
        target = tmp_path / f"out.{fmt}"
        assert main(["export", "s", "--format", fmt, "-o", str(target)]) == 0
        assert mode(target) == 0o600
    target.write_text("old")
    target.chmod(0o644)
    assert main(["export", "s", "--format", "json", "-o", str(target)]) == 0
    assert mode(target) == 0o600  # an existing file is replaced, not reused with its mode


def test_export_into_a_folder_that_does_not_exist_is_refused_and_creates_nothing(tmp_path, capsys):
    with SessionStore(paths.sessions_dir()).open("s") as file:
        file.append(message_event(Message("m1", "user", "My rent is 25,000.", 1.0, 1)))
    target = tmp_path / "typo" / "deeper" / "out.md"
    assert main(["export", "s", "--format", "md", "-o", str(target)]) == 2
    assert capsys.readouterr().err == (
        f"fincoach: cannot write {target}: there is no folder {target.parent}\n"
    )
    assert list(tmp_path.iterdir()) == []  # no folder made, not even the first
    (tmp_path / "typo" / "deeper").mkdir(parents=True)
    assert main(["export", "s", "--format", "md", "-o", str(target)]) == 0  # once it exists
    assert target.read_text(encoding="utf-8").startswith("# FinCoach session `s`\n")


def test_export_to_a_pipe_writes_into_it_and_leaves_it_a_pipe(tmp_path, capsys):
    """`-o /dev/stdout`, `-o /dev/null`, a named pipe: written into, as a shell's `>`
    does. The atomic write (a file renamed over the target) replaced the pipe with a file,
    and, run as root, /dev/null or /dev/full with one."""
    with SessionStore(paths.sessions_dir()).open("s") as file:
        file.append(message_event(Message("m1", "user", "My rent is 25,000.", 1.0, 1)))
    assert main(["export", "s", "--format", "md"]) == 0
    printed = capsys.readouterr().out
    pipe = tmp_path / "pipe"
    os.mkfifo(pipe)
    reader = os.open(
        pipe, os.O_RDONLY | os.O_NONBLOCK
    )  # a reader there: opening it to write waits for none
    try:
        assert main(["export", "s", "--format", "md", "-o", str(pipe)]) == 0
        received = os.read(reader, 1 << 16).decode()
    finally:
        os.close(reader)
    assert stat.S_ISFIFO(pipe.stat().st_mode)
    assert received == printed and received.startswith("# FinCoach session `s`\n")
    assert capsys.readouterr().err == f"wrote {pipe}\n"
    assert list(tmp_path.iterdir()) == [pipe]  # no temporary file left beside it


async def test_f2_writes_a_0600_export(tmp_path):
    app = fault_app(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        await started(app, pilot)
        await send(app, pilot, "My rent is 25,000.")
        await pilot.press("f2")
        await pilot.pause()
    (export,) = (paths.data_dir() / "exports").glob("faults-*.md")
    assert mode(export) == 0o600
    assert app.notices[-1][1] == f"exported to {export}"
