"""The recall probe's runner: generated conversations through the real coach, judged at
their late questions; its command line; and that the README shows what it prints."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from fincoach_tui.cli.probe import run_probe
from fincoach_tui.cli.probe_report import as_json, report
from fincoach_tui.domain.memory import STRATEGIES
from fincoach_tui.domain.probe.conversations import DEFAULT_SEED, generate
from fincoach_tui.domain.probe.example import example
from fincoach_tui.domain.tokens import TokenCounter

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "benchmarks"))


@pytest.fixture(scope="module")
def tiny(encoding):
    counter = TokenCounter(encoding.encode_ordinary, encoding.name)
    return {r.strategy: r for r in run_probe(seed=3, conversations=2, counter=counter)}


def test_buffer_sends_everything_so_it_scores_full_marks(tiny):
    """A sanity check on the matcher: buffer replays every message, so every needed fact
    is present with its current value and no old value is ever the only one."""
    conversations = generate(3, 2)
    buffer = tiny["buffer"]
    assert [r.conversation for r in buffer.runs] == [0, 1]
    for run, c in zip(buffer.runs, conversations):
        assert run.needed == sum(len(t.needs) for _, t in c.questions)
        assert run.present == run.needed and run.stale == 0
        assert run.changed == sum(1 for _, t in c.questions for n in t.needs if n.earlier) > 0
        assert [a.turn for a in run.answers] == [n for n, _ in c.questions]
        assert len(run.prompt_tokens) == len(c.turns)
        assert run.prompt_tokens == tuple(sorted(run.prompt_tokens))  # it only grows
        assert run.maintenance == ()
    assert buffer.mean_share == buffer.worst.share == 1.0
    assert buffer.stale == 0 and buffer.mean_maintenance_tokens == 0


def test_every_strategy_is_judged_on_the_same_questions(tiny):
    assert list(tiny) == list(STRATEGIES)
    needed = [r.needed for r in tiny["buffer"].runs]
    for result in tiny.values():
        assert [r.needed for r in result.runs] == needed
        assert result.stale <= result.changed
        for run in result.runs:
            for answer in run.answers:
                assert not set(answer.present) & set(answer.stale)
                assert set(answer.stale) <= set(answer.changed)
    # What folds and extracts pays for it in maintenance calls, from the records.
    assert (
        tiny["summary"].maintenance("summary")[0] > 0
        and tiny["facts"].maintenance("extract")[0] > 0
    )
    for name in ("buffer", "window", "budget"):
        assert tiny[name].mean_maintenance_tokens == 0, name
    assert tiny["window"].mean_last_prompt_tokens < tiny["buffer"].mean_last_prompt_tokens


def test_the_probe_is_deterministic(tiny, encoding):
    counter = TokenCounter(encoding.encode_ordinary, encoding.name)
    again = run_probe(["hybrid", "facts"], seed=3, conversations=2, counter=counter)
    assert again == [tiny["hybrid"], tiny["facts"]]


def test_the_example_plays_the_scripted_conversation(encoding):
    counter = TokenCounter(encoding.encode_ordinary, encoding.name)
    (buffer,) = run_probe(["buffer"], counter=counter, played=[example()])
    (run,) = buffer.runs
    assert (run.present, run.needed, run.stale) == (20, 20, 0)


def test_the_json_has_every_figure(tiny):
    data = json.loads(json.dumps(as_json(list(tiny.values()), seed=3)))
    assert data["seed"] == 3 and data["conversations"] == 2
    assert [s["strategy"] for s in data["strategies"]] == list(STRATEGIES)
    buffer = data["strategies"][0]
    assert buffer["needed_present_mean"] == buffer["needed_present_worst"] == 1.0
    assert buffer["stale_sent_as_current"] == 0
    assert set(buffer) >= {
        "worst_conversation",
        "changed_facts_needed",
        "prompt_tokens_per_turn_mean",
        "prompt_tokens_last_turn_mean",
        "maintenance_tokens_per_conversation",
        "maintenance",
        "by_kind",
        "conversations",
    }
    assert set(buffer["maintenance"]) == {"summary", "extract", "embed"}
    assert len(buffer["conversations"]) == 2


def test_fincoach_probe_command_line(capsys):
    from fincoach_tui.cli import main
    from fincoach_tui.settings import paths

    args = ["probe", "--conversations", "1", "--seed", "3", "--strategies", "buffer,window"]
    assert main([*args, "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["conversations"] == 1 and data["seed"] == 3
    assert [s["strategy"] for s in data["strategies"]] == ["buffer", "window"]
    assert main(args) == 0
    out = capsys.readouterr().out
    assert "1 generated conversations (seed 3)" in out and "| `buffer` | 100% | 100% (#0:" in out
    assert main(["probe", "--example", "--strategies", "buffer"]) == 0
    out = capsys.readouterr().out
    assert "Please remember: I got a raise" in out and "| 44 | 5/5 |" in out
    assert main(["probe", "--strategies", "windowed"]) == 2
    assert "unknown strategy 'windowed'" in capsys.readouterr().err
    assert main(["probe", "--conversations", "0"]) == 2
    assert "at least 1" in capsys.readouterr().err
    # It measures the offline coach on made-up talk: nothing of it is the user's to keep
    # (no learned template overheads, no sessions, no config).
    assert not paths.data_dir().exists() and not paths.config_dir().exists()


def test_the_benchmark_script_runs(tmp_path):
    done = subprocess.run(
        [
            sys.executable,
            str(ROOT / "benchmarks" / "recall_probe.py"),
            "--strategies",
            "window,buffer",
            "--conversations",
            "1",
        ],
        capture_output=True,
        text=True,
        timeout=300,
        cwd=tmp_path,
    )
    assert done.returncode == 0, done.stderr
    assert "| `buffer` | 100% | 100% (#0:" in done.stdout and "| `window` |" in done.stdout


def test_the_readme_block_is_replaced_between_its_markers():
    from recall_probe import BEGIN, END, replace_block

    readme = f"intro\n{BEGIN}\nold table\n{END}\noutro\n"
    assert replace_block(readme, "new table") == f"intro\n{BEGIN}\nnew table\n{END}\noutro\n"
    with pytest.raises(ValueError):
        replace_block("no markers", "new table")


@pytest.mark.slow  # the whole default probe: 50 conversations through every strategy
def test_the_readme_shows_the_probe_tables(encoding):
    """The default run (50 conversations, every strategy): README.md must show exactly what
    it prints. After a change to memory, `python benchmarks/recall_probe.py --update-readme`."""
    from recall_probe import BEGIN, END

    counter = TokenCounter(encoding.encode_ordinary, encoding.name)
    results = run_probe(counter=counter)
    buffer = results[0]
    assert buffer.strategy == "buffer" and buffer.mean_share == buffer.worst.share == 1.0
    assert buffer.stale == 0
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    block = readme[readme.index(BEGIN) + len(BEGIN) : readme.index(END)].strip()
    assert block == report(results, DEFAULT_SEED), (
        "README.md is out of date: run `python benchmarks/recall_probe.py --update-readme`"
    )
