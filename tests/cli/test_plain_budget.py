"""Budgets in plain mode: a notice at 80% and 100%, a warning before a send that would
cross, and a hard budget that refuses the send and keeps the text for /retry. The
offline coach's costs are exact: turns cost $0.000070, $0.000083, $0.000090, $0.000103."""

from __future__ import annotations

from fincoach_tui.settings import paths
from tests.cli.test_commands import plain_chat

TURNS = ["hello", "how much", "more", "again"]


def budget(toml: str) -> None:
    paths.config_path().parent.mkdir(parents=True, exist_ok=True)
    paths.config_path().write_text(toml)


def said(out: str) -> list[str]:
    return [line for line in out.splitlines() if line.startswith(("budget", "[turn"))]


def test_plain_mode_warns_at_80_and_100_percent_and_sends_anyway(monkeypatch, capsys):
    budget("[budget]\nsession_usd = 0.0003\n")
    assert plain_chat(monkeypatch, "soft", TURNS) == 0
    lines = [line.split(" · ")[0] if line.startswith("[") else line for line in said(
        capsys.readouterr().out)]  # fmt: skip
    assert lines == [
        "[turn 1",
        "[turn 2",
        "[turn 3",
        "budget: at 81% of the session budget ($0.00024 of $0.00030)",
        "budget: this message (≈$0.00011) would go over the session budget of $0.00030 "
        "(spent $0.00024)",
        "[turn 4",
        "budget: over the session budget ($0.00035 of $0.00030)",
    ]


def test_a_hard_budget_refuses_the_send_and_keeps_it_for_retry(monkeypatch, capsys):
    budget("[budget]\nsession_usd = 0.0003\nhard = true\n")
    assert plain_chat(monkeypatch, "hard", [*TURNS, "/retry"]) == 0
    out = capsys.readouterr().out
    refusal = (
        "budget: not sent: this message (≈$0.00011) would go over the session budget of "
        "$0.00030 (spent $0.00024); raise it in the usage screen (Ctrl+F) or config.toml"
    )
    assert said(out)[3:] == [
        "budget: at 81% of the session budget ($0.00024 of $0.00030)",
        refusal,
        refusal,  # /retry offered the same text again: still refused, still kept
    ]
    assert "[turn 4" not in out


def test_a_month_budget_counts_every_session_of_the_month(monkeypatch, capsys):
    assert plain_chat(monkeypatch, "first", TURNS[:3]) == 0  # $0.000243 this month
    budget("[budget]\nmonthly_usd = 0.0003\n")
    capsys.readouterr()
    assert plain_chat(monkeypatch, "second", ["hi"]) == 0
    lines = said(capsys.readouterr().out)
    # The first turn's request alone (no reply to average yet) is predicted to fit:
    # 0.000243 + 144 tokens at $0.15/M < 0.0003; its reply then takes the month over.
    assert lines[0].startswith("[turn 1 ")
    assert lines[1:] == ["budget: over the month budget ($0.00031 of $0.00030)"]


def test_a_bad_budget_is_one_line_and_the_chat_goes_on(monkeypatch, capsys):
    budget("[budget]\nsession_usd = -3\n")
    assert plain_chat(monkeypatch, "bad", ["hello"]) == 0
    captured = capsys.readouterr()
    assert captured.err.count("\n") == 1
    assert "budget.session_usd must be a number of USD above 0" in captured.err
    assert "[turn 1" in captured.out
