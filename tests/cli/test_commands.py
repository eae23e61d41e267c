"""The `fincoach` subcommands, run in-process through `cli.main` as a user types them."""

from __future__ import annotations

import json

import pytest

from fincoach_tui.cli import main
from fincoach_tui.domain.persona import DEMO_TURNS
from fincoach_tui.domain.session_state import replay
from fincoach_tui.settings import paths
from fincoach_tui.store.sessions import SessionStore
from tests.domain.test_simulate import NOTEBOOK_OUTPUT


def test_simulate_prints_the_notebook_table(capsys):
    assert main(["simulate"]) == 0
    out = capsys.readouterr().out
    assert out.startswith(NOTEBOOK_OUTPUT + "\n")  # seed 001's printed table, verbatim
    # every strategy side by side, with its total and growth factor
    assert "buffer |    window |    budget |   summary" in out
    assert " sum |     5,611 |     3,661 |" in out


def test_simulate_takes_messages_and_reply_length(tmp_path, capsys):
    messages = tmp_path / "m.txt"
    messages.write_text(
        "Hi, I'm Chiru. My monthly salary is ₹1,20,000.\n\nMy monthly expenses are ₹60,000.\n"
    )
    assert main(["simulate", "--messages", str(messages), "--reply-tokens", "10"]) == 0
    out = capsys.readouterr().out
    # turn 2: 132 system + 17 + 10 (reply) + 9
    assert "   2 |          9 |           36 |           168 |         317" in out


def test_simulate_rejects_an_empty_message_file(tmp_path, capsys):
    empty = tmp_path / "empty.txt"
    empty.write_text("\n\n")
    assert main(["simulate", "--messages", str(empty)]) == 2
    assert "has no messages" in capsys.readouterr().err


def plain_chat(monkeypatch, name: str, lines: list[str], *extra: str) -> int:
    import io

    monkeypatch.setattr("sys.stdin", io.StringIO("\n".join(lines) + "\n"))
    return main(["--plain", "--session", name, *extra])


def test_plain_chat_session_is_listed_and_exported(monkeypatch, capsys, tmp_path):
    assert plain_chat(monkeypatch, "chiru", list(DEMO_TURNS[:2])) == 0
    out = capsys.readouterr().out
    assert "[turn 2 · buffer · 4 msgs" in out

    assert main(["sessions"]) == 0
    listing = capsys.readouterr().out.splitlines()
    assert listing[1].split()[:3] == ["chiru", "2", "buffer"]

    assert main(["export", "chiru", "--format", "json"]) == 0
    exported = json.loads(capsys.readouterr().out)
    assert [m["content"] for m in exported["messages"]][::2] == list(DEMO_TURNS[:2])
    assert len(exported["records"]) == 2

    target = tmp_path / "chiru.md"
    assert main(["export", "chiru", "--format", "md", "-o", str(target)]) == 0
    text = target.read_text()
    assert text.startswith("# FinCoach session `chiru`")
    assert DEMO_TURNS[0] in text and "| turn | kind | strategy |" in text


def test_plain_chat_switches_strategy(monkeypatch, capsys):
    lines = [*DEMO_TURNS[:3], "/strategy window k=2", DEMO_TURNS[3], "/strategy nope"]
    assert plain_chat(monkeypatch, "s", lines) == 0
    out = capsys.readouterr().out
    assert "[turn 4 · window · 4 msgs" in out  # system + 2 earlier + new
    assert "error: unknown strategy 'nope'" in out


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["--session", "../etc"], "may not contain '/'"),
        (["--session", "a" * 300], "64"),
        (["--strategy", "nope", "--plain"], "unknown strategy 'nope'"),
        (["--provider", "nope", "--plain"], "unknown provider"),
        (["--provider", "groq", "--plain"], "GROQ_API_KEY is not set"),
        (["export", "missing"], "no session named 'missing'"),
        # A base URL no server could be at is refused at start, whatever the command.
        (["--base-url", "notaurl", "--model", "m", "--plain"], "does not start with http"),
        (["--base-url", "notaurl", "--model", "m", "sessions"], "--base-url 'notaurl'"),
        (["--base-url", "http://", "--plain"], "names no host"),
        (["--base-url", "https://:8080/v1", "--plain"], "names no host"),
        (["--base-url", "http://localhost:80x/v1", "--plain"], "port is not a number"),
        (["--base-url", "http://localhost:70000", "--plain"], "port is not a number"),
        (["--base-url", "http://local host/v1", "--plain"], "no spaces"),
        (["--base-url", "localhost:8000", "prices", "m"], "does not start with http"),
    ],
)
def test_user_errors_are_one_line_and_exit_2(argv, message, capsys):
    assert main(argv) == 2
    err = capsys.readouterr().err
    assert message in err
    assert err.count("\n") == 1 and "Traceback" not in err


@pytest.mark.parametrize(
    "url", ["http://localhost:8000/v1", "https://api.example.com", "http://[::1]:11434/v1"]
)
def test_a_base_url_with_a_host_and_an_optional_port_and_path_is_accepted(url, capsys):
    assert main(["--base-url", url, "--model", "m", "sessions"]) == 0
    assert capsys.readouterr().err == ""


def test_malformed_config_names_file_and_line(capsys):
    config = paths.config_path()
    config.parent.mkdir(parents=True)
    config.write_text('provider = "offline"\nstrategy = [\n')
    assert main(["--plain", "--session", "x"]) == 2
    err = capsys.readouterr().err
    assert str(config) in err and "line" in err and "Traceback" not in err


@pytest.mark.slow  # a whole conversation through the fake server
async def test_fake_server_conversation_leaves_every_turn_in_the_session_file(fake_openai, counter):
    """Done-when of the core issue: the file holds, for every turn, the messages sent, the
    tiktoken count, billed prompt_tokens, cached and reasoning tokens, and the cost."""
    from fincoach_tui.service.runtime import build_engine, open_session
    from tests.app_harness import server_config, server_settings

    usages = [(170, 30, 0, 0), (262, 41, 128, 12), (371, 25, 256, 0)]
    for prompt, completion, cached, reasoning in usages:
        fake_openai.script(
            text="Noted.",
            prompt_tokens=prompt,
            completion_tokens=completion,
            cached_tokens=cached,
            reasoning_tokens=reasoning,
        )
    engine = build_engine(server_config(), server_settings(fake_openai.base_url, "gpt-4o-mini"))
    store = SessionStore(paths.sessions_dir())
    live = open_session(engine, store.open("served"))
    for text in DEMO_TURNS[:3]:
        async for _ in live.coach.turn(text):
            pass
    live.close()

    raw = [json.loads(line) for line in store.path_for("served").read_text().splitlines()]
    records = [e["record"] for e in raw if e["type"] == "record"]
    assert len(records) == 3
    # The file's records name what they sent by reference (domain/record_refs.py): read
    # back, they are exactly the requests the server received.
    replayed = replay(raw)[0].records
    for record, sent, request, (prompt, completion, cached, reasoning) in zip(
        records, replayed, fake_openai.requests, usages
    ):
        assert [{"role": m.role, "content": m.content} for m in sent.sent] == request["messages"]
        assert record["counted_tokens"] == sum(
            counter.count(m["content"]) for m in request["messages"]
        )
        assert record["usage"]["prompt_tokens"] == prompt
        assert record["usage"]["cached_tokens"] == cached
        assert record["usage"]["reasoning_tokens"] == reasoning
        # gpt-4o-mini: $0.15 input, $0.075 cached input, $0.60 output per 1M tokens
        expected = ((prompt - cached) * 0.15 + cached * 0.075 + completion * 0.60) / 1e6
        assert record["cost_usd"] == pytest.approx(expected, rel=1e-12)
    state, problems = replay(raw)
    assert problems == [] and state.transcript.completed_turns == 3
