"""The offline recogniser's cost per user message, in CPU time, and against other code.

The recogniser (`finance_facts`) reads every new user message, and again with what was said
before it (the coach, each strategy's walk, the notes), so its cost is felt on every turn.
Each of these is measured in a fresh process, every cache emptied first:

- per message: every user message of the dev corpora (`corpora/*/`), each conversation read
  in order as the summary reads it (`find_facts`), CPU over all of them / the messages;
- a re-read: the same messages read again as of another moment, the caches of what does not
  depend on it kept (what a turn's second, third... reading of a message costs);
- the longest message that is not a list (a whole introduction in one go) and the longest
  pasted bank statement, each read alone (the median of 9 first readings).

`--against PATH[,PATH]` measures other checkouts of FinCoach too (each a directory with
`fincoach_tui/` in it, e.g. a detached checkout of the commit before a change), on the same
texts (this checkout's corpora): the processes alternate, `--repeat R` rounds (5 by default),
and each figure is the median of its rounds, with its ratio to the first checkout's.

    python benchmarks/bench_recognise.py [--against /path/to/old/checkout] [--repeat 5]
"""

from __future__ import annotations

import argparse
import gc
import json
import os
import statistics
import subprocess
import sys
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
FIRST_READS = 9


def conversations() -> list[list[str]]:
    """Every dev corpus conversation's user messages, in order."""
    return [
        [turn["user"] for turn in json.loads(path.read_text(encoding="utf-8"))["turns"]]
        for path in sorted((HERE / "corpora").glob("*/*.json"))
    ]


def empty_caches() -> None:
    """Every `lru_cache` of FinCoach's modules emptied: each reading is a first one."""
    for module in list(sys.modules.values()):
        if getattr(module, "__name__", "").startswith("fincoach_tui"):
            for value in list(vars(module).values()):
                if callable(getattr(value, "cache_clear", None)):
                    value.cache_clear()
    gc.collect()


def measure() -> dict:
    """This process's figures (run with the checkout measured first on PYTHONPATH)."""
    from fincoach_tui.domain.finance_facts import find_facts, recognise

    texts = conversations()
    messages = [m for conversation in texts for m in conversation]
    statement = max((m for m in messages if m.count("\n") >= 4), key=len)
    longest = max((m for m in messages if m.count("\n") < 4), key=len)
    for conversation in texts:  # imports, compiled patterns: not counted
        find_facts(enumerate(conversation))
    empty_caches()
    started = time.process_time()
    for conversation in texts:
        find_facts((str(i), m) for i, m in enumerate(conversation))
    first = time.process_time() - started
    started = time.process_time()
    for conversation in texts:
        find_facts(((str(i), m) for i, m in enumerate(conversation)), said_at=1.8e9)
    again = time.process_time() - started
    alone: dict[str, float] = {}
    for name, text in (("longest", longest), ("statement", statement)):
        samples = []
        for _ in range(FIRST_READS):
            empty_caches()
            started = time.process_time()
            recognise(text)
            samples.append(time.process_time() - started)
        alone[name] = statistics.median(samples)
    import fincoach_tui

    return {
        "code": str(Path(fincoach_tui.__file__).parent.parent),
        "messages": len(messages),
        "per_message_ms": round(first / len(messages) * 1000, 3),
        "reread_ms": round(again / len(messages) * 1000, 3),
        "longest_ms": round(alone["longest"] * 1000, 2),
        "longest_chars": len(longest),
        "statement_ms": round(alone["statement"] * 1000, 2),
        "statement_lines": statement.count("\n") + 1,
    }


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--against", default="", help="other checkouts, comma-separated")
    parser.add_argument("--repeat", type=int, default=5)
    parser.add_argument("--side", action="store_true", help=argparse.SUPPRESS)
    args = parser.parse_args(argv)
    if args.side:  # not bench_common: it puts this checkout first on sys.path
        print(json.dumps(measure()))
        return 0
    from bench_common import checkout_env, checkouts, emit

    roots = checkouts(parser, args.against)
    env = {k: v for k, v in os.environ.items() if not k.endswith("_API_KEY")}
    env.pop("PYTHONDONTWRITEBYTECODE", None)  # an installed program runs from bytecode
    load = [round(os.getloadavg()[0], 2)]
    rounds: dict[str, list[dict]] = {str(root): [] for root in roots}
    for _ in range(args.repeat):
        for root in roots:  # alternating: the machine's load falls on each alike
            done = subprocess.run(
                [sys.executable, str(Path(__file__).resolve()), "--side"],
                env=checkout_env(env, root),
                capture_output=True,
                text=True,
                check=True,
            )
            rounds[str(root)].append(json.loads(done.stdout.strip().splitlines()[-1]))
    load.append(round(os.getloadavg()[0], 2))
    figures = ("per_message_ms", "reread_ms", "longest_ms", "statement_ms")
    result: dict = {"benchmark": "recognise", "repeat": args.repeat, "load": load}
    base = None
    for root, samples in rounds.items():
        row = {**samples[0], **{f: statistics.median(s[f] for s in samples) for f in figures}}
        row["all"] = {f: [s[f] for s in samples] for f in figures}
        if base is None:
            base = row
        else:
            row["ratio_to_first"] = {f: round(row[f] / base[f], 2) for f in figures}
        result[root] = row
    emit(result)
    return 0


if __name__ == "__main__":
    sys.exit(main())
