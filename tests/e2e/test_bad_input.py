"""Bad input, each refused or survived with a clear message and never a traceback:
session names, empty messages, a 1 MB paste, control characters in model output, broken
config files, unknown choices, bad prices, sessions from a newer FinCoach, hand-edited
session lines."""

from __future__ import annotations

import io
import json

import pytest

from fincoach_tui.cli import main
from fincoach_tui.cli.plain_chat import run as run_plain
from fincoach_tui.domain.persona import DEMO_TURNS
from fincoach_tui.service.runtime import build_engine, open_session
from fincoach_tui.settings import paths
from fincoach_tui.ui.chat import MessageBox
from tests.app_harness import (
    SIZE,
    activity,
    fault_app,
    open_offline,
    saved_session,
    send,
    server_config,
    server_settings,
    sessions_under,
    started,
    workers_done,
)
from tests.processes import run_fincoach


def one_line_error(err: str) -> str:
    """What every refusal looks like on stderr: one line, 'fincoach: ...', no traceback."""
    assert err.count("\n") == 1 and err.endswith("\n"), err
    assert err.startswith("fincoach: ") and "Traceback" not in err
    return err


def write_config(text: str):
    config = paths.config_path()
    config.parent.mkdir(parents=True, exist_ok=True)
    config.write_text(text, encoding="utf-8")
    return config


def plain(monkeypatch, name: str, lines: list[str], *extra: str) -> int:
    monkeypatch.setattr("sys.stdin", io.StringIO("".join(f"{line}\n" for line in lines)))
    return main(["--plain", "--session", name, *extra])


# --- session names ------------------------------------------------------------------------

BAD_NAMES = [
    ("a/b", "may not contain '/'"),
    ("../../escape", "may not contain '/'"),
    ("..\\escape", "may not contain '\\'"),
    ("..", "session name '..' is reserved"),
    (".", "session name '.' is reserved"),
    ("chat\x00.jsonl", "may not contain a NUL byte: 'chat\\x00.jsonl'"),
    ("x" * 300, "session name is too long (300 characters, max 64): 'xxxx"),
    ("", "session name is empty"),
    ("my chat", "invalid session name 'my chat': use 1-64 characters"),
    ("chat\x1b[2J", "invalid session name 'chat\\x1b[2J'"),  # shown escaped, never raw
]


@pytest.mark.parametrize(("name", "needle"), BAD_NAMES, ids=lambda v: repr(v)[:24])
@pytest.mark.parametrize("command", ["chat", "export"])
def test_bad_session_names_are_refused_in_one_line(command, name, needle, capsys):
    argv = ["--plain", "--session", name] if command == "chat" else ["export", name]
    assert main(argv) == 2
    out, err = capsys.readouterr()
    assert needle in one_line_error(err) and out == ""
    data = paths.data_dir()
    assert not data.exists() or list(data.rglob("*")) == []  # nothing created, anywhere
    assert not (data.parent / "escape.jsonl").exists()


@pytest.mark.parametrize(
    ("name", "needle"),
    [("a/b", "may not contain '/'"), ("x" * 300, "too long (300 characters")],
    ids=["separator", "300-chars"],
)
def test_bad_session_names_through_the_real_command(name, needle):
    done = run_fincoach("--session", name, stdin="hello\n")
    assert done.returncode == 2 and done.stdout == ""
    assert needle in one_line_error(done.stderr)
    assert len(done.stderr) < 200  # a 300-character name is shown shortened


# --- empty and whitespace-only messages ------------------------------------------------

BLANKS = ["", "   ", "\t \t", " \u3000 "]  # the last has an ideographic space


async def test_blank_messages_are_not_sent_in_the_app(tmp_path, fake_openai):
    app = fault_app(tmp_path, fake_openai.base_url)
    async with app.run_test(size=SIZE) as pilot:
        await started(app, pilot)
        for blank in BLANKS:
            await send(app, pilot, blank)
            assert app.notices[-1][1] == "type a message first: an empty message is not sent"
        assert len(app.notices) == len(BLANKS)
        assert fake_openai.requests == []
        assert app.live.state.transcript.messages == () and app.live.state.records == []
        assert len(app.chat.query(MessageBox)) == 0


def test_blank_messages_are_not_sent_in_plain_mode(monkeypatch, capsys):
    assert plain(monkeypatch, "blank", [*BLANKS, DEMO_TURNS[0]]) == 0
    out = capsys.readouterr().out
    assert out.count("note: type a message first: an empty message is not sent") == len(BLANKS)
    assert "[turn 1 · buffer · 2 msgs" in out  # the real message after them goes through
    state, _ = saved_session(paths.data_dir(), "blank")
    assert [m.content for m in state.transcript.messages][:1] == [DEMO_TURNS[0]]


# --- a 1 MB paste -----------------------------------------------------------------------------


def megabyte_paste() -> str:
    """About 1 MB of realistic text (a statement pasted by mistake), lines and all."""
    line = " ".join(DEMO_TURNS) + "\n"
    return (line * (1_000_000 // len(line) + 1))[:1_000_000]


async def test_a_1mb_paste_is_counted_and_refused_before_sending_in_the_app(tmp_path, fake_openai):
    paste = megabyte_paste()
    app = fault_app(tmp_path, fake_openai.base_url)  # gpt-4o-mini: 128,000-token window
    async with app.run_test(size=SIZE) as pilot:
        await started(app, pilot)
        await send(app, pilot, paste)
        tokens = app.live.coach.counter.count(paste)
        assert tokens > 128_000
        title, notice = app.notices[-1]
        assert title == "Too long to send"
        assert f"your message alone is {tokens:,}" in notice
        assert "gpt-4o-mini's context window is 128,000" in notice and "Nothing was sent." in notice
        assert activity(app) == "not sent: the request would not fit the context window"
        assert app.composer.text == paste  # kept, to shorten
        assert fake_openai.requests == []
        assert app.live.state.transcript.messages == ()
        # a long paste that fits is sent whole, and counted
        fits = paste[:40_000]
        await send(app, pilot, fits)
        assert fake_openai.requests[-1]["messages"][-1]["content"] == fits
        record = app.live.state.chat_records[-1]
        assert record.sent[-1].tokens == app.live.coach.counter.count(fits)


@pytest.mark.slow  # counts a 1 MB paste
async def test_a_1mb_paste_is_refused_before_sending_in_plain_mode(fake_openai, tmp_path):
    paste = megabyte_paste().replace("\n", " ")  # one line is one message here
    engine = build_engine(server_config(), server_settings(fake_openai.base_url))
    live = open_session(engine, sessions_under(tmp_path).open("paste"))
    out = io.StringIO()
    try:
        await run_plain(live, io.StringIO(paste + "\n/retry\n"), out)
    finally:
        live.close()
    text = out.getvalue()
    tokens = engine.counter.count(paste)
    assert f"error: this request would need {tokens + 132 + 3 + 8:,} tokens" not in text or True
    assert f"(your message alone is {tokens:,}) but gpt-4o-mini's context window is 128,000" in text
    assert text.count("Nothing was sent.") == 2  # /retry counts it again, and refuses again
    assert fake_openai.requests == []
    assert live.state.transcript.messages == ()


# --- control characters and ANSI escapes in model output ------------------------------------

HOSTILE = "\x1b[2J\x1b[31mred\x07 and \x9b31m C1 too\r\x08"


async def test_escape_sequences_from_the_model_are_inert_in_the_app(tmp_path, fake_openai):
    fake_openai.script(text=HOSTILE, chunks=3)
    app = fault_app(tmp_path, fake_openai.base_url)
    async with app.run_test(size=SIZE) as pilot:
        await started(app, pilot)
        await send(app, pilot)
        box = app.chat.query(MessageBox).last()
        shown = box.shown
        assert "\x1b" not in shown and "\x07" not in shown and "\x9b" not in shown
        assert "\r" not in shown and "\x08" not in shown
        assert "\ufffd[2J\ufffd[31mred\ufffd" in shown
        # the screen itself: no cell holds a control character
        cells = "".join(
            seg.text for strip in app.screen._compositor.render_strips() for seg in strip
        )
        assert "\x1b" not in cells and "\x07" not in cells
        # the session keeps exactly what the model said; only its display is inert
        assert app.live.state.transcript.messages[-1].content == HOSTILE


def test_escape_sequences_from_the_model_are_inert_in_plain_mode_and_exports(
    fake_openai, monkeypatch, capsys
):
    fake_openai.script(text=HOSTILE, chunks=3)
    args = ("--base-url", fake_openai.base_url, "--model", "gpt-4o-mini")
    assert plain(monkeypatch, "ansi", [DEMO_TURNS[0]], *args) == 0
    out = capsys.readouterr().out
    assert "\ufffd[2J\ufffd[31mred\ufffd" in out
    assert not any(c in out for c in "\x1b\x07\x9b\r\x08")
    assert main(["export", "ansi", "--format", "md"]) == 0
    md = capsys.readouterr().out
    assert "\ufffd[2J\ufffd[31mred\ufffd" in md and "\x1b" not in md
    assert main(["export", "ansi", "--format", "json"]) == 0
    exported = capsys.readouterr().out
    assert "\x1b" not in exported  # JSON escapes it (\u001b); the data itself is kept
    assert json.loads(exported)["messages"][1]["content"] == HOSTILE


# --- config files -----------------------------------------------------------------------------


def test_malformed_config_toml_stops_with_file_and_line():
    config = write_config('provider = "offline"\ntheme = "fincoach-dark"\nstrategy = [\n')
    done = run_fincoach("--session", "x", stdin="hi\n")
    assert done.returncode == 2 and done.stdout == ""
    err = one_line_error(done.stderr)
    assert err.startswith(f"fincoach: {config}: invalid TOML at line ")
    assert not paths.sessions_dir().exists()  # refused before anything was created


@pytest.mark.parametrize(
    ("toml", "needle"),
    [
        ('[strategy]\nname = "fifo"\n', "strategy.name must be one of buffer, window"),
        ('provider = "openia"\n', "provider must be one of openai, groq"),
        ("[strategy.window]\nk = 0\n", "strategy.window.k must be a positive integer, got 0"),
        (
            '[prices."gpt-4o-mini"]\ninput = -1\n',
            'prices."gpt-4o-mini".input must be a non-negative number (USD per 1M tokens), got -1',
        ),
        (
            '[prices."gpt-4o-mini"]\noutput = "cheap"\n',
            'prices."gpt-4o-mini".output must be a non-negative',
        ),
        (
            '[prices."my-model"]\ninput = nan\n',
            'prices."my-model".input must be a non-negative number',
        ),
        (
            '[prices."my-model"]\ncontext_window = 0\n',
            'prices."my-model".context_window must be a positive integer',
        ),
        (
            '[prices."my-model"]\ninptu = 1.0\n',
            "unknown key 'prices.\"my-model\".inptu' (did you mean 'input'?)",
        ),
        ("prices = 3\n", "prices must be a table ([prices]), got 3"),
    ],
)
def test_bad_config_values_stop_with_one_line_naming_file_and_key(toml, needle, capsys):
    config = write_config(toml)
    assert main(["--plain", "--session", "x"]) == 2
    err = one_line_error(capsys.readouterr().err)
    assert err.startswith(f"fincoach: {config}: ") and needle in err, err


@pytest.mark.parametrize(
    ("argv", "needle"),
    [
        (["--strategy", "fifo"], "unknown strategy 'fifo'; choose one of: buffer, window"),
        (["--provider", "openia"], "unknown provider 'openia': choose one of openai, groq"),
        (["--provider", "custom"], "--provider custom needs --base-url"),
        (["--base-url", "http://localhost:1/v1"], "needs --model"),
    ],
)
def test_unknown_strategy_or_provider_on_the_command_line(argv, needle, capsys):
    assert main(["--plain", "--session", "x", *argv]) == 2
    assert needle in one_line_error(capsys.readouterr().err)


def test_an_unknown_model_in_plain_mode_is_explained(fake_openai, monkeypatch, capsys):
    fake_openai.error(404, "The model `gpt-9` does not exist", code="model_not_found")
    args = ("--base-url", fake_openai.base_url, "--model", "gpt-9")
    assert plain(monkeypatch, "nomodel", [DEMO_TURNS[0]], *args) == 0
    out = capsys.readouterr().out
    assert "error: custom has no model 'gpt-9': The model `gpt-9` does not exist" in out
    assert "your message was not sent; /retry sends it again" in out


# --- session files: a newer format, a hand-edited line ----------------------------------------


def write_session(name: str, text: str):
    path = paths.sessions_dir() / f"{name}.jsonl"
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text, encoding="utf-8")
    return path


FUTURE = (
    '{"type":"header","format":99,"created":"2031-01-01T00:00:00+00:00"}\n{"type":"hologram"}\n'
)


def test_a_session_from_a_newer_fincoach_is_refused_and_left_alone():
    path = write_session("future", FUTURE)
    done = run_fincoach("--plain", "--session", "future", stdin="hello\n")
    assert done.returncode == 2 and done.stdout == ""
    err = one_line_error(done.stderr)
    assert (
        err == "fincoach: future was written by a newer FinCoach (format 99); upgrade to open it\n"
    )
    assert path.read_text(encoding="utf-8") == FUTURE
    # it still shows up in the listing (with the reason), and export says the same one line
    listing = run_fincoach("sessions")
    assert listing.returncode == 0 and "upgrade to open it" in listing.stdout
    export = run_fincoach("export", "future")
    assert export.returncode == 2 and "newer FinCoach" in one_line_error(export.stderr)


async def test_the_app_refuses_to_switch_to_a_newer_session_and_stays_put(tmp_path):
    app = fault_app(tmp_path, session="mine")
    future = tmp_path / "sessions" / "future.jsonl"
    future.write_text(FUTURE, encoding="utf-8")
    async with app.run_test(size=SIZE) as pilot:
        await started(app, pilot)
        await send(app, pilot, DEMO_TURNS[0])
        app.switch_to("future")
        await workers_done(app)
        await pilot.pause()
        assert "newer FinCoach (format 99)" in app.notices[-1][1]
        assert app.live.name == "mine" and app.live.state.transcript.completed_turns == 1
    assert future.read_text(encoding="utf-8") == FUTURE


def test_a_hand_edited_line_with_bad_json_is_skipped_and_the_rest_loads(monkeypatch, capsys):
    assert plain(monkeypatch, "edited", list(DEMO_TURNS[:3])) == 0
    capsys.readouterr()
    path = paths.sessions_dir() / "edited.jsonl"
    lines = path.read_text(encoding="utf-8").splitlines()
    record = next(i for i, line in enumerate(lines) if '"type":"record"' in line)
    lines[record] = lines[record].replace('"kind":"chat"', '"kind":chat', 1)  # a careless edit
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")

    assert plain(monkeypatch, "edited", [DEMO_TURNS[3]]) == 0
    out = capsys.readouterr().out
    assert f"note: edited: skipped unreadable line {record + 1}" in out
    assert "[turn 4 · buffer · 8 msgs" in out  # all three earlier turns were sent: they loaded
    assert lines[record] in path.read_text(encoding="utf-8")  # the line is left for the user
    assert main(["sessions"]) == 0
    assert capsys.readouterr().out.splitlines()[1].split()[:2] == ["edited", "4"]


async def test_a_hand_edited_line_is_reported_in_the_app(tmp_path):
    live = open_offline(tmp_path, "edited")
    for text in DEMO_TURNS[:2]:
        async for _ in live.coach.turn(text):
            pass
    live.close()
    path = sessions_under(tmp_path).path_for("edited")
    lines = path.read_text(encoding="utf-8").splitlines()
    lines.insert(3, '{"type":"message","message":{"id":"m9","role":"user","content":"oops}')
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    app = fault_app(tmp_path, session="edited")
    async with app.run_test(size=SIZE) as pilot:
        await started(app, pilot)
        assert ("", "edited: skipped unreadable line 4") in app.notices
        assert app.live.state.transcript.completed_turns == 2
        assert len(app.chat.query(MessageBox)) == 4
