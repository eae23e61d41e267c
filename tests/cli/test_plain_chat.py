"""The line chat as people and scripts use it: piped questions answered without --plain,
slash commands that never reach the model, word-wrapped replies, and one Ctrl+C that
ends it (after saving) with status 130 and never sends a line typed after it."""

from __future__ import annotations

import fcntl
import io
import os
import pty
import signal
import struct
import subprocess
import termios

from fincoach_tui.cli import main
from fincoach_tui.cli.plain_chat import run
from fincoach_tui.cli.wrap import StreamWrapper
from fincoach_tui.domain.money import usd
from fincoach_tui.settings import paths
from fincoach_tui.store.sessions import SessionStore
from tests.app_harness import open_offline, saved_session
from tests.processes import FINCOACH, Fincoach, child_env

HELP = [
    "commands (never sent to the coach):",
    "  /strategy NAME [k=N ...]  switch the memory strategy",
    "                            (buffer, window, budget, summary, hybrid, facts)",
    "  /retry                    send your last unanswered message again",
    "  /remember TEXT            send TEXT, its facts kept at once (facts, hybrid)",
    "  /help                     this list",
    "  /quit                     save, print the session's total and end",
    "                            (so do /exit, the end of input and Ctrl+C)",
]


def plain(monkeypatch, capsys, name: str, lines: list[str]) -> tuple[int, list[str]]:
    monkeypatch.setattr("sys.stdin", io.StringIO("".join(f"{line}\n" for line in lines)))
    code = main(["--plain", "--session", name, "--provider", "offline"])
    return code, capsys.readouterr().out.splitlines()


def test_slash_commands_are_answered_and_never_sent(monkeypatch, capsys):
    code, out = plain(
        monkeypatch, capsys, "cmds", ["/help", "/foo bar", "/strategy window k=2", "/quit", "hi"]
    )
    assert code == 0
    assert out == [
        "session cmds · strategy buffer · /help lists the commands · /quit to end",
        "you> /help",
        *HELP,
        "you> /foo bar",
        "unknown command /foo: /help lists the commands; nothing was sent",
        "you> /strategy window k=2",
        "strategy: window (k=2)",
        "you> /quit",
        "session cmds total: $0 for 0 calls over 0 turns",
    ]
    state, _ = saved_session(paths.data_dir(), "cmds")
    assert state.transcript.messages == ()  # not one command (nor the line after /quit) sent


def test_piped_questions_are_echoed_above_their_answers_and_the_total_ends_it(monkeypatch, capsys):
    code, out = plain(monkeypatch, capsys, "echo", ["My rent is ₹25,000.", "/strategy buffer"])
    assert code == 0
    state, _ = saved_session(paths.data_dir(), "echo")
    (record,) = state.records
    reply = state.transcript.messages[1].content
    assert out == [
        "session echo · strategy buffer · /help lists the commands · /quit to end",
        "you> My rent is ₹25,000.",
        reply,  # piped output: the reply's own lines, not wrapped
        f"[turn 1 · buffer · 2 msgs · tiktoken {record.counted_tokens} · billed "
        f"{record.usage.prompt_tokens} (+{record.template_gap} template) · cached 0 · "
        f"completion {record.usage.completion_tokens} · {usd(record.cost_usd)} (simulated)]",
        "you> /strategy buffer",
        "strategy: buffer",
        f"session echo total: {usd(record.cost_usd)} for 1 call over 1 turn (simulated)",
    ]


def test_the_wrapper_breaks_lines_at_word_boundaries_however_the_text_arrives():
    text = "Save ten percent of your salary first, then spend the rest.\n\n- one\n- two"
    for size in (1, 3, 7, len(text)):
        wrapper = StreamWrapper(20)
        pieces = [text[i : i + size] for i in range(0, len(text), size)]
        out = "".join(wrapper.feed(p) for p in pieces) + wrapper.flush()
        assert out.split("\n") == [
            "Save ten percent of",
            "your salary first,",
            "then spend the rest.",
            "",
            "- one",
            "- two",
        ]
    # Cells, not characters: a wide character counts twice; a word too long stays whole.
    wrapper = StreamWrapper(6)
    assert wrapper.feed("₹ 日本 日本語で ok") + wrapper.flush() == "₹ 日本\n日本語で\nok"


async def test_replies_wrap_to_the_given_width(tmp_path):
    live = open_offline(tmp_path, "wrap")
    out = io.StringIO()
    try:
        assert await run(live, io.StringIO("My salary is ₹1,20,000.\n"), out, width=40) == 0
    finally:
        live.close()
    lines = out.getvalue().splitlines()
    reply = live.state.transcript.messages[1].content
    assert all(len(line) <= 40 for line in lines)  # the status lines too
    asked = lines.index("you> My salary is ₹1,20,000.")
    body = lines[
        asked + 1 : lines.index(next(line for line in lines if line.startswith("[turn 1")))
    ]
    assert all(len(line) <= 40 for line in body) and len(body) > 3
    assert " ".join(body).strip() == reply  # the same words, only the breaks moved


def spawn_with_terminal_stdout(*args: str) -> tuple[subprocess.Popen, int]:
    """`fincoach ARGS` with stdin a pipe and stdout an 80x24 terminal (a pty)."""
    master, slave = pty.openpty()
    fcntl.ioctl(slave, termios.TIOCSWINSZ, struct.pack("HHHH", 24, 80, 0, 0))
    child = subprocess.Popen(
        [*FINCOACH, *args], stdin=subprocess.PIPE, stdout=slave, stderr=subprocess.PIPE,
        env=child_env(),
    )  # fmt: skip
    os.close(slave)
    return child, master


def read_all(fd: int) -> str:
    chunks = []
    while True:
        try:
            data = os.read(fd, 65536)
        except OSError:  # EIO: the child closed the terminal
            break
        if not data:
            break
        chunks.append(data)
    os.close(fd)
    return b"".join(chunks).decode().replace("\r\n", "\n")


def test_piped_input_without_plain_is_answered_and_exits_0():
    """`echo ... | fincoach` on a terminal: the line chat, not a full-screen app that
    cannot read its keyboard; every line answered, then the process ends by itself."""
    child, master = spawn_with_terminal_stdout("--session", "piped", "--provider", "offline")
    child.stdin.write("My rent is ₹25,000.\nHow much can I save?\n".encode())
    child.stdin.close()
    text = read_all(master)
    assert child.wait(timeout=60) == 0
    assert child.stderr.read() == b""
    lines = text.splitlines()
    assert lines[0] == "session piped · strategy buffer · /help lists the commands · /quit to end"
    assert lines[1] == "you> My rent is ₹25,000."
    assert "you> How much can I save?" in lines
    assert sum(line.startswith("[turn ") for line in lines) == 2
    assert lines[-1].startswith("session piped total: $") and "for 2 calls over 2 turns" in text
    replies = lines[2 : lines.index("you> How much can I save?")]
    assert all(len(line) <= 80 for line in replies if not line.startswith("[turn "))
    assert "\x1b[?1049h" not in text  # never the full-screen app's alternate screen


def test_one_ctrl_c_at_the_prompt_ends_with_130_and_sends_nothing_typed_after():
    chat = Fincoach("sigint", "--provider", "offline")
    assert chat.started()
    chat.proc.send_signal(signal.SIGINT)
    chat.send("typed after Ctrl+C")
    assert chat.proc.wait(timeout=60) == 130
    chat.wait_for(lambda out: b"total:" in out, "the session total")
    assert chat.text.splitlines()[-1] == "session sigint total: $0 for 0 calls over 0 turns"
    assert chat.proc.stderr.read() == b""
    state, _ = saved_session(paths.data_dir(), "sigint")
    assert state.transcript.messages == ()
    for stream in (chat.proc.stdin, chat.proc.stdout, chat.proc.stderr):
        stream.close()


def test_ctrl_c_mid_reply_keeps_it_stopped_and_never_sends_the_next_line(fake_openai):
    reply = "Keep six months of expenses aside. Then invest the rest."
    fake_openai.script(text=reply, chunks=["Keep six months ", "of expenses aside. "], hold_after=1)
    chat = Fincoach("midreply", "--base-url", fake_openai.base_url, "--model", "gpt-4o-mini")
    assert chat.started()
    chat.send("How much should I keep aside?")
    chat.wait_for(lambda out: b"Keep six months " in out, "the first piece of the reply")
    chat.send("a second question, typed while the reply streams")
    chat.proc.send_signal(signal.SIGINT)
    assert chat.proc.wait(timeout=60) == 130
    chat.wait_for(lambda out: b"total:" in out, "the session total")
    lines = chat.text.splitlines()
    assert lines[1:3] == ["you> How much should I keep aside?", "Keep six months "]
    assert lines[3].startswith("[turn 1 · buffer · 2 msgs · ") and lines[3].endswith(
        "(estimated)] (stopped)"
    )
    assert lines[-1].startswith("session midreply total: ")
    assert chat.proc.stderr.read() == b""
    assert len(fake_openai.requests) == 1
    state, _ = saved_session(paths.data_dir(), "midreply")
    assert [m.content for m in state.transcript.messages] == [
        "How much should I keep aside?",
        "Keep six months ",
    ]
    (record,) = state.records
    assert record.note == "stopped" and record.usage.estimated
    for stream in (chat.proc.stdin, chat.proc.stdout, chat.proc.stderr):
        stream.close()


def test_on_a_terminal_each_line_is_asked_for_with_a_prompt_and_not_echoed():
    """stdin and stdout both a terminal: `you> ` before each line (the terminal echoes
    what is typed), long lines wrapped at word boundaries."""
    master, slave = pty.openpty()
    fcntl.ioctl(slave, termios.TIOCSWINSZ, struct.pack("HHHH", 24, 80, 0, 0))
    child = subprocess.Popen(
        [*FINCOACH, "--plain", "--session", "tty", "--provider", "offline"],
        stdin=slave, stdout=slave, stderr=subprocess.PIPE, env=child_env(),
    )  # fmt: skip
    os.close(slave)
    seen = b""

    def read_until(marker: bytes) -> None:
        nonlocal seen
        while seen.count(marker) < 1:
            seen += os.read(master, 65536)

    for line, answer in (
        ("/strategy window k=2", b"(k=2)\r\nyou> "),
        ("/help", b"Ctrl+C)\r\nyou> "),
    ):
        read_until(b"you> ")  # each line asked for once the chat listens, typed after it
        os.write(master, f"{line}\n".encode())
        read_until(answer)
    os.write(master, b"/quit\n")
    text = read_all(master)
    assert child.wait(timeout=60) == 0
    lines = (seen.decode() + text).replace("\r\n", "\n").splitlines()
    assert lines[1] == "you> /strategy window k=2"  # the terminal's echo after the prompt
    assert lines[2] == "strategy: window (k=2)"
    assert lines[3] == "you> /help" and lines[4 : 4 + len(HELP)] == HELP
    assert lines[-1] == "session tty total: $0 for 0 calls over 0 turns"
    assert all(len(line) <= 80 for line in lines)


def test_maintenance_calls_print_their_cost(monkeypatch, capsys):
    """A summary fold and a fact extraction each print what they cost, before the reply."""
    lines = [
        "/strategy summary tail_turns=1 batch_turns=1",
        "My salary is 120000",
        "My rent is 25000",
        "I save 10000",
        "/strategy facts tail_turns=1 extract_every=1",
        "remember my rent is 25000",
    ]
    code, out = plain(monkeypatch, capsys, "upkeep", lines)
    assert code == 0
    state, _ = saved_session(paths.data_dir(), "upkeep")
    summary, extract = [r for r in state.records if r.kind != "chat"]
    assert (summary.kind, extract.kind) == ("summary", "extract")
    facts = len(state.facts.facts)  # every fact the extraction added, superseded ones too
    assert [line for line in out if line.startswith("(")] == [
        "(summarizing turn 1…)",
        f"(summary updated · {usd(summary.cost_usd)})",
        "(extracting facts from turns 1-4 (you asked to remember)…)",
        f"(fact store: {facts} new facts · {usd(extract.cost_usd)})",
    ]


def test_slash_remember_is_a_message_whose_fact_is_kept_at_once(monkeypatch, capsys):
    """ "/remember ..." is sent as typed, as the app sends it (the README names it), and
    its fact extracted at once; it was answered "unknown command" and lost."""
    lines = ["/strategy facts", "/remember my PPF is 1.5 lakh a year"]
    code, out = plain(monkeypatch, capsys, "slash-remember", lines)
    assert code == 0
    assert "you> /remember my PPF is 1.5 lakh a year" in out
    assert "(extracting facts from turn 1 (you asked to remember)…)" in out
    state, _ = saved_session(paths.data_dir(), "slash-remember")
    assert [(m.role, m.content) for m in state.transcript.messages][0] == (
        "user",
        "/remember my PPF is 1.5 lakh a year",
    )
    assert [(f.key, f.value) for f in state.facts.facts] == [("invest_ppf", "₹1,50,000 a year")]


def test_a_server_that_bills_fewer_tokens_than_counted_shows_a_negative_gap(
    monkeypatch, capsys, fake_openai
):
    """The fake server bills a word a token, fewer than tiktoken counts: the gap is
    written "-N template", not "+-N template"."""
    fake_openai.script(text="Noted.", prompt_tokens=100, completion_tokens=2)
    monkeypatch.setattr("sys.stdin", io.StringIO("My rent is 25k.\n"))
    args = ["--plain", "--session", "fewer", "--base-url", fake_openai.base_url]
    assert main([*args, "--model", "gpt-4o-mini"]) == 0
    state, _ = saved_session(paths.data_dir(), "fewer")
    (record,) = state.records
    gap = record.template_gap
    assert gap == 100 - record.counted_tokens < 0
    line = capsys.readouterr().out.splitlines()[3]
    assert line == (
        f"[turn 1 · buffer · 2 msgs · tiktoken {record.counted_tokens} · billed 100 "
        f"(-{-gap} template) · cached 0 · completion 2 · no price]"
    )


def test_an_unnamed_session_is_kept_only_with_something_in_it_and_named_for_resuming(
    monkeypatch, capsys
):
    """`fincoach --plain`, /help, end of input: nothing was said, and the session the chat
    named itself is gone, as the app leaves none (a named one is kept, empty or not). One
    the chat named with a turn in it is kept, and its last line says how to resume it."""
    store = SessionStore(paths.sessions_dir())

    def last_lines(said: str, *args: str) -> list[str]:
        monkeypatch.setattr("sys.stdin", io.StringIO(said))
        assert main(["--plain", "--provider", "offline", *args]) == 0
        return capsys.readouterr().out.splitlines()[-2:]

    empty = last_lines("/help\n")
    assert store.names() == []
    assert empty[-1].startswith("session chat-")
    assert empty[-1].endswith(" total: $0 for 0 calls over 0 turns")  # and no more
    assert last_lines("/help\n", "--session", "kept")[-1] == (
        "session kept total: $0 for 0 calls over 0 turns"
    )
    total, resume = last_lines("My rent is 25k.\n")
    (unnamed,) = [name for name in store.names() if name != "kept"]
    assert total.startswith(f"session {unnamed} total: $")
    assert resume == f"to resume this chat: fincoach --session {unnamed}"
    resumed = last_lines("And my salary is 80k.\n", "--session", unnamed)
    state, _ = saved_session(paths.data_dir(), unnamed)
    cost = usd(sum(record.cost_usd for record in state.records))
    # Resumed: its first turn is there, and named by the user now, nothing more is said.
    assert resumed[-1] == f"session {unnamed} total: {cost} for 2 calls over 2 turns (simulated)"
