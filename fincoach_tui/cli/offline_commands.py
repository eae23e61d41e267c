"""The subcommands that need no session and no model: `simulate`, `plan` and `probe`.

All three are offline and deterministic: the same arguments print the same figures.
"""

from __future__ import annotations

import argparse
from pathlib import Path

from fincoach_tui.cli.errors import EXIT_USAGE, UserFacingError, complain, guard

__all__ = ["cmd_plan", "cmd_probe", "cmd_simulate"]


def cmd_simulate(args: argparse.Namespace) -> int:
    from fincoach_tui.domain.memory import STRATEGIES, make_strategy
    from fincoach_tui.domain.persona import FINCOACH_SYSTEM_PROMPT, SIMULATED_TURNS
    from fincoach_tui.domain.simulate import assumptions, notebook_table, side_by_side, simulate
    from fincoach_tui.domain.tokens import encoding_for_model
    from fincoach_tui.llm.vocab import load_encoding

    if args.reply_tokens < 0:
        raise UserFacingError("--reply-tokens must be zero or more")
    messages = list(SIMULATED_TURNS)
    if args.messages:
        try:
            text = args.messages.read_text(encoding="utf-8")
        except OSError as exc:
            raise UserFacingError(f"cannot read {args.messages}: {exc.strerror}") from None
        messages = [line.strip() for line in text.splitlines() if line.strip()]
        if not messages:
            raise UserFacingError(f"{args.messages} has no messages (one per line)")
    encoding = guard(lambda: load_encoding(encoding_for_model(args.sim_model)))
    count = encoding.encode_ordinary
    system = len(count(FINCOACH_SYSTEM_PROMPT))
    results = {
        name: simulate(
            make_strategy(name),
            messages,
            system_tokens=system,
            count_text=lambda t: len(count(t)),
            reply_tokens=args.reply_tokens,
        )
        for name in STRATEGIES
    }
    print(notebook_table(results["buffer"], system))
    print()
    print(side_by_side(results))
    print()
    print("\n".join(assumptions(args.reply_tokens)))
    return 0


def cmd_plan(args: argparse.Namespace) -> int:
    from fincoach_tui.domain.planner import PlanInputs, format_plan, make_plan

    if args.every < 0:
        raise UserFacingError("--every must be zero or more")
    inputs = guard(
        lambda: PlanInputs(
            system_tokens=args.system_tokens,
            turn_tokens=args.turn_tokens,
            tail_turns=args.tail_turns,
            summary_tokens=args.summary_tokens,
            fact_tokens=args.fact_tokens,
            recall_tokens=args.recall_tokens,
            turns=args.turns,
        )
    )
    print(format_plan(make_plan(inputs), args.every))
    return 0


def _probe_corpus(path: str, names: list[str], *, as_json: bool) -> int:
    """`fincoach probe --corpus PATH`: every bad file gets its own line, then exit 2."""
    import json

    from fincoach_tui.cli.probe import run_probe
    from fincoach_tui.cli.probe_corpus import CorpusFilesError, load_corpus
    from fincoach_tui.cli.probe_report import corpus_json, corpus_report

    try:
        corpus = load_corpus(Path(path))
    except CorpusFilesError as exc:
        for problem in exc.problems:
            complain(problem)
        return EXIT_USAGE
    results = guard(lambda: run_probe(names, played=corpus.conversations))
    if as_json:
        print(json.dumps(corpus_json(results, corpus), indent=2, ensure_ascii=False))
    else:
        print(corpus_report(results, corpus))
    return 0


def cmd_probe(args: argparse.Namespace) -> int:
    """The recall probe (fincoach_tui/cli/probe.py), offline and deterministic."""
    import json

    from fincoach_tui.cli.probe import run_probe
    from fincoach_tui.cli.probe_report import as_json, example_report, report
    from fincoach_tui.domain.memory import STRATEGIES
    from fincoach_tui.domain.probe.conversations import DEFAULT_COUNT, DEFAULT_SEED
    from fincoach_tui.domain.probe.example import example

    names = [n.strip() for n in (args.strategies or ",".join(STRATEGIES)).split(",") if n.strip()]
    unknown = [n for n in names if n not in STRATEGIES]
    if unknown or not names:
        raise UserFacingError(
            f"unknown strategy {(unknown or [''])[0]!r}; choose from {', '.join(STRATEGIES)}"
        )
    seed = DEFAULT_SEED if args.seed is None else args.seed
    count = DEFAULT_COUNT if args.conversations is None else args.conversations
    if count < 1:
        raise UserFacingError(f"--conversations must be at least 1, got {count}")
    if args.corpus is not None:
        if args.example or args.seed is not None or args.conversations is not None:
            raise UserFacingError(
                "--corpus plays the conversations it names: drop --example/--seed/--conversations"
            )
        return _probe_corpus(args.corpus, names, as_json=args.json)
    if args.example:
        if args.seed is not None or args.conversations is not None:
            raise UserFacingError(
                "--example plays one scripted conversation: drop --seed/--conversations"
            )
        scripted = example()
        results = guard(lambda: run_probe(names, played=[scripted]))
        text = (
            json.dumps(as_json(results, seed=0), indent=2)
            if args.json
            else example_report(scripted, results)
        )
    else:
        results = guard(lambda: run_probe(names, seed=seed, conversations=count))
        text = json.dumps(as_json(results, seed), indent=2) if args.json else report(results, seed)
    print(text)
    return 0
