"""`fincoach probe --corpus PATH`: written conversations read from disk, played and judged
like generated ones; every bad file named on its own line; and the committed corpus's
ground truth agrees with its own words."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from fincoach_tui.cli import main
from fincoach_tui.cli.probe import run_probe
from fincoach_tui.cli.probe_corpus import CorpusFilesError, load_corpus

ROOT = Path(__file__).resolve().parents[2]
DEV = ROOT / "benchmarks" / "corpora" / "dev"

TINY = {
    "title": "Rent hike",
    "start": "2026-03-14T09:00:00Z",
    "turns": [
        {"user": "hi! take-home is 85k, and rent is 25k in Pune"},
        {"user": "what is an index fund?"},
        {"user": "ugh, landlord hiked it, we now pay 28,000 rupees"},
        {
            "user": "what's left after rent?",
            "needs": [
                {"key": "rent", "current": {"amount": 28000}, "earlier": [{"amount": 25000}]},
                {"key": "salary", "current": {"amount": 85000}},
            ],
        },
    ],
}


def write(folder: Path, name: str, data: object) -> Path:
    path = folder / name
    path.write_text(data if isinstance(data, str) else json.dumps(data), encoding="utf-8")
    return path


def test_a_directory_is_read_in_name_order(tmp_path):
    write(tmp_path, "b.json", TINY | {"title": "second"})
    write(tmp_path, "a.json", TINY)
    write(tmp_path, "notes.txt", "not a conversation")
    corpus = load_corpus(tmp_path)
    assert corpus.files == ("a.json", "b.json") and corpus.source == str(tmp_path)
    assert [(c.number, c.title) for c in corpus.conversations] == [(0, "Rent hike"), (1, "second")]
    assert load_corpus(tmp_path / "b.json").files == ("b.json",)


def test_every_bad_file_gets_one_line(tmp_path):
    write(tmp_path, "a.json", TINY)
    write(tmp_path, "b.json", "{not json")
    write(tmp_path, "c.json", TINY | {"start": "soon"})
    (tmp_path / "d.json").write_bytes(b"\xff\xfe{}")
    with pytest.raises(CorpusFilesError) as caught:
        load_corpus(tmp_path)
    assert caught.value.problems == (
        f"{tmp_path / 'b.json'}: not JSON: Expecting property name enclosed in double quotes "
        "at line 1 column 2",
        f"{tmp_path / 'c.json'}: start: must be a time with its zone, such as "
        "\"2026-03-14T09:00:00Z\"; got 'soon'",
        f"{tmp_path / 'd.json'}: not UTF-8 text",
    )
    with pytest.raises(CorpusFilesError, match="no such file or directory"):
        load_corpus(tmp_path / "missing.json")
    empty = tmp_path / "empty"
    empty.mkdir()
    with pytest.raises(CorpusFilesError, match="no .json files in this directory"):
        load_corpus(empty)


def test_fincoach_probe_plays_a_corpus(tmp_path, capsys):
    write(tmp_path, "rent.json", TINY)
    args = ["probe", "--corpus", str(tmp_path), "--strategies", "buffer,window"]
    assert main(args) == 0
    out = capsys.readouterr().out
    assert f"1 written conversation(s) from {tmp_path}" in out
    assert "| `buffer` | 100% | 100% (#0: 2/2) | 0 of 1 (0%) | 0 |" in out
    assert "| needed facts sent only under another fact's label |" in out
    assert "| rent | 100% | 100% |" in out and "| salary | 100% | 100% |" in out
    assert "- #0: Rent hike (rent.json, 4 turns, 1 question)" in out
    assert main([*args, "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert (data["corpus"], data["conversations"], data["files"]) == (
        str(tmp_path),
        1,
        ["rent.json"],
    )
    buffer = data["strategies"][0]
    assert (buffer["strategy"], buffer["needed_present_mean"]) == ("buffer", 1.0)
    assert buffer["misfiled_under_another_label"] == 0
    assert buffer["by_kind"] == {
        "rent": {"present": 1, "needed": 1, "misfiled": 0},
        "salary": {"present": 1, "needed": 1, "misfiled": 0},
    }


def test_a_bad_corpus_is_one_line_per_file_and_exit_2(tmp_path, capsys):
    write(tmp_path, "a.json", TINY | {"turns": []})
    write(tmp_path, "b.json", [1, 2])
    assert main(["probe", "--corpus", str(tmp_path)]) == 2
    err = capsys.readouterr().err.splitlines()
    assert err == [
        f'fincoach: {tmp_path / "a.json"}: "turns": must be a non-empty list of '
        '{"user": ...} objects',
        f"fincoach: {tmp_path / 'b.json'}: the conversation: must be a JSON object",
    ]
    assert main(["probe", "--corpus", str(tmp_path), "--seed", "3"]) == 2
    assert "drop --example/--seed/--conversations" in capsys.readouterr().err


def test_the_dev_corpus_says_what_its_ground_truth_says(counter):
    """Buffer replays every message, so on a corpus whose ground truth matches its own
    words it sends every needed fact with its current value: a wrong figure in a `needs`,
    or a phrasing the judge cannot read, shows up here."""
    corpus = load_corpus(DEV)
    assert len(corpus.conversations) == 8
    for c in corpus.conversations:
        assert 25 <= len(c.turns) <= 45, c.title
        assert c.questions and c.changed, c.title
    (buffer,) = run_probe(["buffer"], counter=counter, played=corpus.conversations)
    for run, c in zip(buffer.runs, corpus.conversations):
        missing = [
            (a.turn, sorted(set(a.needed) - set(a.present)))
            for a in run.answers
            if set(a.needed) - set(a.present)
        ]
        assert missing == [] and run.stale == 0, c.title


def test_the_dev_corpus_questions_do_not_answer_themselves():
    """The request always carries the question, so a question that names a figure it needs
    would score that fact for every strategy, even one that remembers nothing."""
    from fincoach_tui.domain.probe.matcher import RequestText

    for c in load_corpus(DEV).conversations:
        for number, turn in c.questions:
            asked = RequestText(turn.text)
            named = [n.key for n in turn.needs if any(map(asked.has, (n.current, *n.earlier)))]
            assert named == [], (c.title, number)


def test_the_dev_corpus_gives_each_fact_its_own_figure():
    """The judge compares values, not labels: two facts with one figure would let either
    pass for the other."""
    for c in load_corpus(DEV).conversations:
        owners: dict[tuple[str, float], set[str]] = {}
        for _, turn in c.questions:
            for need in turn.needs:
                for value in (need.current, *need.earlier):
                    if value.kind != "phrase":
                        owners.setdefault((value.kind, value.number), set()).add(need.key)
        shared = {v: keys for v, keys in owners.items() if len(keys) > 1}
        assert shared == {}, c.title
