"""The recall probe: its script, its deterministic check, what it finds, and that the README
shows exactly what it prints."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from fincoach_tui.cli.probe import (
    ALL,
    CHANGED_AT,
    PLANTED_BY,
    SCRIPT,
    check,
    run_probe,
    summary_table,
)
from fincoach_tui.domain.finance_facts import find_facts
from fincoach_tui.domain.memory import STRATEGIES
from fincoach_tui.domain.tokens import TokenCounter

ROOT = Path(__file__).resolve().parents[1]


@pytest.fixture(scope="module")
def probe_results(encoding):
    return {
        r.strategy: r
        for r in run_probe(counter=TokenCounter(encoding.encode_ordinary, encoding.name))
    }


def test_the_script_plants_early_changes_midway_and_asks_late():
    assert len(SCRIPT) >= 40
    planted = find_facts(
        (f"t{n}", text) for n, (text, _) in enumerate(SCRIPT[:PLANTED_BY], start=1)
    )
    assert set(planted) >= set(ALL)  # salary, expenses, FD amount + maturity, risk
    assert find_facts([("t", SCRIPT[CHANGED_AT - 1][0])])["salary"].value == "₹1,50,000"
    questions = [n for n, (_, needed) in enumerate(SCRIPT, start=1) if needed]
    assert min(questions) > CHANGED_AT + 10 and max(questions) == len(SCRIPT)
    # The filler and the questions state no figure of their own: only planted facts count.
    for text, _ in [*SCRIPT[PLANTED_BY : CHANGED_AT - 1], *SCRIPT[CHANGED_AT:]]:
        assert not set(find_facts([("t", text)])) & set(ALL), text


def test_the_check_knows_current_outdated_and_not_yet_said():
    assert check("salary ₹1,20,000", 5) == (("salary",), ())
    assert check("salary ₹1,20,000", 30) == ((), ("salary",))
    assert check("₹1,20,000 then, ₹1,50,000 now", 30) == (("salary",), ())
    assert check("FD maturing in Apr 2026, risk-averse", 2) == ((), ())  # stated at turns 3-4
    assert check("FD maturing in Apr 2026, risk-averse", 4) == (("fd_maturity", "risk"), ())


def test_what_the_probe_finds(probe_results):
    assert set(probe_results) == set(STRATEGIES)
    needed = probe_results["buffer"].needed_present[1]
    assert needed == sum(len(t[1]) for t in SCRIPT)
    for name in ("buffer", "summary", "hybrid", "facts"):
        assert probe_results[name].needed_present == (needed, needed), name
        assert probe_results[name].stale_sent == 0, name
    assert probe_results["window"].needed_present[0] < needed / 4
    assert probe_results["budget"].needed_present[0] < needed / 2
    last = {name: r.turns[-1].prompt_tokens for name, r in probe_results.items()}
    assert last["facts"] < last["hybrid"] < last["buffer"] / 2
    # Flat: over the last 30 turns facts moves by less than one turn's worth, hybrid stays
    # within its budgets (system ~250 + 500 + 500 + 1,200 + 250).
    facts = [t.prompt_tokens for t in probe_results["facts"].turns[14:]]
    hybrid = [t.prompt_tokens for t in probe_results["hybrid"].turns[14:]]
    assert max(facts) - min(facts) < 50
    assert max(hybrid) < 2_800
    assert (
        probe_results["buffer"].maintenance_tokens == 0 < probe_results["facts"].maintenance_tokens
    )


def test_the_probe_is_deterministic(probe_results, encoding):
    again = run_probe(
        ["hybrid", "facts"], counter=TokenCounter(encoding.encode_ordinary, encoding.name)
    )
    assert again == [probe_results["hybrid"], probe_results["facts"]]


def test_the_readme_shows_the_probe_table(probe_results):
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    table = summary_table([probe_results[name] for name in STRATEGIES])
    assert table in readme, "README.md is out of date: paste `python benchmarks/recall_probe.py`"


def test_the_benchmark_script_runs(tmp_path):
    done = subprocess.run(
        [
            sys.executable,
            str(ROOT / "benchmarks" / "recall_probe.py"),
            "--strategies",
            "window,facts",
        ],
        capture_output=True,
        text=True,
        timeout=120,
        cwd=tmp_path,
    )
    assert done.returncode == 0, done.stderr
    assert "| `window` | 0/20 |" in done.stdout and "| `facts` | 20/20 |" in done.stdout


def test_fincoach_probe_prints_the_same_table(capsys):
    from fincoach_tui.cli import main

    assert main(["probe", "--strategies", "window"]) == 0
    assert "| `window` | 0/20 | 0 |" in capsys.readouterr().out
    assert main(["probe", "--strategies", "windowed"]) == 2
    assert "unknown strategy 'windowed'" in capsys.readouterr().err
