"""Reading a probe corpus from disk: one JSON file, or every `*.json` file of a directory
(in name order), each one conversation in the format of docs/PROBE_CORPUS.md. The parsing
and checking is domain/probe/corpus.py; this module only reads files and names the bad ones.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

from fincoach_tui.domain.probe.conversations import Conversation
from fincoach_tui.domain.probe.corpus import CorpusError, conversation_from_json


@dataclass(frozen=True)
class Corpus:
    source: str  # the path as given
    conversations: tuple[Conversation, ...]  # numbered 0, 1, ... in file order
    files: tuple[str, ...]  # each conversation's file name, in the same order


class CorpusFilesError(Exception):
    """Files that cannot be played: one line per bad file, each saying which and why."""

    def __init__(self, problems: Sequence[str]) -> None:
        super().__init__("\n".join(problems))
        self.problems = tuple(problems)


def corpus_files(path: Path) -> list[Path]:
    """The files `path` names: itself, or a directory's `*.json` files in name order."""
    if path.is_dir():
        files = sorted(p for p in path.glob("*.json") if p.is_file())
        if not files:
            raise CorpusFilesError([f"{path}: no .json files in this directory"])
        return files
    if not path.exists():
        raise CorpusFilesError([f"{path}: no such file or directory"])
    return [path]


def load_corpus(path: Path) -> Corpus:
    """Every conversation under `path`; raises CorpusFilesError naming every bad file."""
    files = corpus_files(path)
    conversations: list[Conversation] = []
    problems: list[str] = []
    for file in files:
        try:
            conversations.append(conversation_from_json(_parsed(file), len(conversations)))
        except (CorpusError, OSError, UnicodeDecodeError) as exc:
            problems.append(f"{file}: {_reason(exc)}")
    if problems:
        raise CorpusFilesError(problems)
    return Corpus(str(path), tuple(conversations), tuple(f.name for f in files))


def _parsed(file: Path) -> object:
    text = file.read_text(encoding="utf-8")
    try:
        return json.loads(text)
    except json.JSONDecodeError as exc:
        raise CorpusError(f"not JSON: {exc.msg} at line {exc.lineno} column {exc.colno}") from None


def _reason(exc: Exception) -> str:
    if isinstance(exc, UnicodeDecodeError):
        return "not UTF-8 text"
    if isinstance(exc, OSError):
        return exc.strerror or str(exc)
    return str(exc)
