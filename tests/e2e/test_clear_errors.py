"""Where the data cannot be written, one clear line (naming the path) instead of a
traceback: a read-only data dir, a data dir that is a file, a full disk when starting a
session, switching strategy, exporting or quitting, in the line chat and in the app."""

from __future__ import annotations

import io
import os
import subprocess

import pytest

from fincoach_tui.cli.commands import app_ended, main
from fincoach_tui.cli.plain_chat import run
from fincoach_tui.settings import paths
from tests.app_harness import (
    SIZE,
    fault_app,
    open_offline,
    saved_session,
    send,
    started,
    workers_done,
)
from tests.disk_faults import _mount_tmpfs


def one_line_error(stderr: str) -> str:
    lines = stderr.strip().splitlines()
    assert len(lines) == 1 and "Traceback" not in stderr, stderr
    return lines[0]


# --- the command line -------------------------------------------------------------------


def test_a_data_dir_that_is_a_file(tmp_path, monkeypatch, capsys):
    data = tmp_path / "not-a-dir"
    data.write_text("x")
    monkeypatch.setenv("FINCOACH_DATA_DIR", str(data))
    assert main(["--plain", "--session", "s"]) == 2
    line = one_line_error(capsys.readouterr().err)
    assert line == f"fincoach: cannot open session 's' in {data / 'sessions'}: not a directory"


@pytest.mark.parametrize("argv", [["sessions"], ["export", "s"]])
def test_listing_and_export_with_a_data_dir_that_is_a_file(tmp_path, monkeypatch, capsys, argv):
    data = tmp_path / "not-a-dir"
    data.write_text("x")
    monkeypatch.setenv("FINCOACH_DATA_DIR", str(data))
    assert main(argv) == 2
    line = one_line_error(capsys.readouterr().err)
    assert line == f"fincoach: the data directory {data} is a file, not a directory"


@pytest.fixture
def read_only_dir(tmp_path):
    """A directory nobody can write: a read-only tmpfs as root (root ignores modes)."""
    target = tmp_path / "ro"
    target.mkdir()
    if os.geteuid() == 0:
        reason = _mount_tmpfs(target, "64k")
        if reason:
            pytest.skip(reason)
        (target / "sessions").mkdir(mode=0o700)
        subprocess.run(["mount", "-o", "remount,ro", str(target)], check=True)
        yield target
        subprocess.run(["umount", str(target)], check=False)
    else:
        (target / "sessions").mkdir(mode=0o700)
        target.joinpath("sessions").chmod(0o500)
        yield target
        target.joinpath("sessions").chmod(0o700)


def test_a_read_only_data_dir(read_only_dir, monkeypatch, capsys):
    monkeypatch.setenv("FINCOACH_DATA_DIR", str(read_only_dir))
    assert main(["--plain", "--session", "s"]) == 2
    line = one_line_error(capsys.readouterr().err)
    assert line.startswith(f"fincoach: cannot open session 's' in {read_only_dir / 'sessions'}: ")
    assert line.endswith(("read-only file system", "permission denied"))


def test_a_new_session_on_a_full_disk(full_disk, capsys):
    full_disk.fill()
    assert main(["--plain", "--session", "new"]) == 2
    line = one_line_error(capsys.readouterr().err)
    path = paths.sessions_dir() / "new.jsonl"
    assert line == (
        f"fincoach: could not save to {path}: no space left on device; nothing of it was kept"
    )
    assert not path.exists()  # no empty session left behind


async def test_strategy_and_quit_on_a_full_disk_in_the_line_chat(tmp_path, full_disk):
    live = open_offline(tmp_path, "s")
    out = io.StringIO()

    def typed():
        yield "My rent is 25,000.\n"
        full_disk.fill()
        yield "/strategy window\n"
        yield "How much can I save?\n"
        yield "/quit\n"

    # Quitting after a failed write is not a success: one line says what is not on disk.
    assert await run(live, stdin=typed(), out=out) == 1
    assert live.coach.strategy.name == "buffer"  # the switch was not saved, so not made
    live.close()  # quitting writes nothing that could fail
    text = out.getvalue()
    assert "Traceback" not in text
    assert text.count("error: could not save to") == 2  # the switch, then the turn
    assert text.splitlines()[-1].startswith("fincoach: session s is missing your last change: ")
    assert text.splitlines()[-1].endswith("no space left on device; nothing of it was kept")
    full_disk.free()
    state, problems = saved_session(tmp_path, "s")
    assert problems == []
    assert state.transcript.completed_turns == 1
    assert [s.name for s in state.switches] == ["buffer"]


# --- the app ------------------------------------------------------------------------------


async def test_f2_ctrl_t_ctrl_n_and_quit_on_a_full_disk(tmp_path, full_disk, capsys):
    app = fault_app(tmp_path)  # the offline coach
    async with app.run_test(size=SIZE) as pilot:
        await started(app, pilot)
        await send(app, pilot, "My rent is 25,000.")
        session_file = tmp_path / "sessions" / "faults.jsonl"
        before = session_file.read_bytes()
        full_disk.fill()

        await pilot.press("f2")
        await pilot.pause()
        title, notice = app.notices[-1]
        assert notice.startswith(f"not exported: cannot write {paths.data_dir() / 'exports'}")
        assert notice.endswith("no space left on device")
        assert list((paths.data_dir() / "exports").glob("*")) == []

        await pilot.press("ctrl+t")
        await pilot.pause()
        assert app.notices[-1][1].startswith(
            f"strategy not changed: could not save to {session_file}"
        )
        assert app.live.coach.strategy.name == "buffer"

        await pilot.press("ctrl+n")
        await workers_done(app)
        await pilot.pause()
        assert "no space left on device" in app.notices[-1][1]
        assert app.live is not None and app.live.name == "faults"
        assert sorted(p.name for p in (tmp_path / "sessions").glob("*.jsonl")) == ["faults.jsonl"]

        await send(app, pilot, "How much can I save?")
        assert "no space left on device" in app.notices[-1][1]
        assert session_file.read_bytes().startswith(before)
        await pilot.press("ctrl+q")
    assert app.return_code == 0 and app.exit_message == ""
    # What the command line prints, and exits 1 for, after the app has closed.
    capsys.readouterr()
    assert app_ended(app) == 1
    assert one_line_error(capsys.readouterr().err) == (
        f"fincoach: session faults is missing your last change: could not save to "
        f"{session_file}: no space left on device; nothing of it was kept"
    )
    full_disk.free()
    state, _ = saved_session(tmp_path, "faults")
    assert state.transcript.completed_turns == 1


async def test_the_missing_change_line_names_each_session_it_concerns(tmp_path, full_disk, capsys):
    """A failed write in the launch session, then a switch to another that loses its last
    change too: once the app has ended, one line for each, by its own name (it named the
    launch session, and only the last one left)."""
    app = fault_app(tmp_path, session="first")
    sessions = tmp_path / "sessions"
    async with app.run_test(size=SIZE) as pilot:
        await started(app, pilot)
        full_disk.fill()
        await send(app, pilot, "My rent is 25,000.")
        full_disk.free()
        app.switch_to("second")  # as the sessions dialog does
        await workers_done(app)
        await pilot.pause()
        assert app.live.name == "second"
        await send(app, pilot, "My salary is 1,20,000.")
        full_disk.fill()
        await send(app, pilot, "How much can I save?")
        full_disk.free()
        await pilot.press("ctrl+q")
    capsys.readouterr()
    assert app_ended(app) == 1
    lost = "no space left on device; nothing of it was kept"
    assert capsys.readouterr().err.splitlines() == [
        f"fincoach: session first is missing your last change: could not save to "
        f"{sessions / 'first.jsonl'}: {lost}",
        f"fincoach: session second is missing your last change: could not save to "
        f"{sessions / 'second.jsonl'}: {lost}",
    ]
    assert saved_session(tmp_path, "first")[0].transcript.completed_turns == 0
    assert saved_session(tmp_path, "second")[0].transcript.completed_turns == 1


async def test_a_session_left_with_its_writes_saved_is_missing_nothing(tmp_path, full_disk, capsys):
    """Left after a failed write, opened again and left once its writes are saved: no line."""
    app = fault_app(tmp_path, session="first")
    async with app.run_test(size=SIZE) as pilot:
        await started(app, pilot)
        full_disk.fill()
        await send(app, pilot, "My rent is 25,000.")
        full_disk.free()
        for name in ("second", "first"):
            app.switch_to(name)
            await workers_done(app)
            await pilot.pause()
        assert app.live.name == "first"
        await send(app, pilot, "My rent is 25,000.")
        await pilot.press("ctrl+q")
    capsys.readouterr()
    assert app_ended(app) == 0
    assert capsys.readouterr().err == ""


async def test_an_unnamed_chat_whose_first_save_failed_is_not_named_on_exit(
    tmp_path, full_disk, capsys
):
    """A session FinCoach named whose first turn could not be saved is left empty, so it
    is not kept: the line on exit says it was not saved, and why, naming no session to
    resume (it named one that no longer existed)."""
    app = fault_app(tmp_path, session="chat-unsaved", auto_named=True)
    session_file = tmp_path / "sessions" / "chat-unsaved.jsonl"
    async with app.run_test(size=SIZE) as pilot:
        await started(app, pilot)
        full_disk.fill()
        await send(app, pilot, "My rent is 25,000.")
        await pilot.press("ctrl+q")
    full_disk.free()
    assert not session_file.exists()
    capsys.readouterr()
    assert app_ended(app) == 1
    out, err = capsys.readouterr()
    assert out == ""  # no "to resume this chat" line
    assert one_line_error(err) == (
        f"fincoach: this chat was not saved, so there is nothing to resume: could not save "
        f"to {session_file}: no space left on device; nothing of it was kept"
    )


def test_the_line_chat_names_no_unnamed_chat_whose_first_save_failed(
    monkeypatch, capsys, full_disk
):
    """The same in the line chat: the chat it named is deleted, and its last line says so."""
    monkeypatch.setattr("sys.stdin", io.StringIO("My rent is 25,000.\n"))
    full_disk.fill(when=b'"role":"user"')  # opened, then its first turn cannot be saved
    assert main(["--plain", "--provider", "offline"]) == 1
    full_disk.free()
    out = capsys.readouterr().out.splitlines()
    name = out[0].split()[1]  # "session chat-… · strategy …"
    assert name.startswith("chat-") and not (paths.sessions_dir() / f"{name}.jsonl").exists()
    assert out[-1] == (
        f"fincoach: this chat was not saved, so there is nothing to resume: could not save "
        f"to {paths.sessions_dir() / name}.jsonl: no space left on device; nothing of it was kept"
    )
    assert not any(line.startswith("to resume this chat") for line in out)
