"""The command line's help and `fincoach plan` speak the app's words (buffer, window,
budget, summary, hybrid, facts), never the background documents' ("notebook", "seed 002",
"replay", "compaction")."""

from __future__ import annotations

import argparse
import re

import pytest

from fincoach_tui.cli import main
from fincoach_tui.cli.commands import build_parser

FOREIGN = re.compile(r"notebook|seed 0\d\d|replay|compaction", re.IGNORECASE)


def every_help() -> dict[str, str]:
    """`fincoach --help` and each subcommand's `--help`, as printed."""
    parser = build_parser()
    helps = {"fincoach": parser.format_help()}
    for action in parser._actions:  # argparse keeps its subparsers only here
        if isinstance(action, argparse._SubParsersAction):
            for name, sub in action.choices.items():
                helps[name] = sub.format_help()
    return helps


def test_every_subcommand_has_a_help_text():
    assert set(every_help()) == {
        "fincoach",
        "sessions",
        "simulate",
        "plan",
        "probe",
        "prices",
        "export",
        "compare",
        "usage",
    }


@pytest.mark.parametrize("command", sorted(every_help()))
def test_help_texts_use_the_apps_words(command):
    text = every_help()[command]
    assert FOREIGN.findall(text) == []


def test_the_help_names_every_strategy_and_the_planners_use():
    text = " ".join(every_help()["fincoach"].split())  # argparse wraps to the terminal
    assert "memory strategy: buffer, window, budget, summary, hybrid, facts" in text
    assert "when window, summary, facts and hybrid get cheaper than buffer" in text


def test_plan_output_uses_the_apps_words(capsys):
    assert main(["plan", "--turns", "40"]) == 0
    out = capsys.readouterr().out
    assert FOREIGN.findall(out) == []
    assert out.splitlines()[3].split() == ["turn", "|", "buffer", "|", "window", "|"] + [
        "summary",
        "|",
        "facts",
        "|",
        "hybrid",
    ]
