"""The `fincoach` command. Every failure a user can cause ends in one clear line, exit 2."""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import os
import sys
from collections.abc import Sequence
from datetime import datetime
from pathlib import Path

from fincoach_tui.settings import paths

EXIT_USAGE = 2


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="fincoach",
        description="A personal-finance coach in your terminal that shows what conversation memory costs.",
    )
    parser.add_argument("--session", metavar="NAME", help="resume (or create) the named session")
    parser.add_argument(
        "--strategy", help="memory strategy: buffer, window, budget, summary, hybrid, facts"
    )
    parser.add_argument("--provider", help="openai, groq, openrouter, ollama, offline or custom")
    parser.add_argument("--model", help="model id sent to the provider")
    parser.add_argument(
        "--base-url", help="any OpenAI-compatible server, e.g. http://localhost:8000/v1"
    )
    parser.add_argument(
        "--api-key-env", metavar="VAR", help="environment variable holding the API key"
    )
    parser.add_argument(
        "--plain", action="store_true", help="line-by-line chat instead of the full-screen app"
    )
    sub = parser.add_subparsers(dest="command", metavar="COMMAND")

    sub.add_parser("sessions", help="list saved sessions")

    sim = sub.add_parser(
        "simulate",
        help="token growth per turn with no model: every strategy side by side, on a sample "
        "conversation or your own messages",
    )
    sim.add_argument(
        "--reply-tokens", type=int, default=80, help="assumed length of every reply (default 80)"
    )
    sim.add_argument(
        "--messages",
        type=Path,
        metavar="FILE",
        help="user messages, one per line (default: the ten of the sample conversation)",
    )
    sim.add_argument(
        "--model",
        dest="sim_model",
        default="gpt-4o",
        help="model whose tokenizer counts (default gpt-4o)",
    )

    plan = sub.add_parser(
        "plan",
        help="the crossover planner: when window, summary, facts and hybrid get cheaper than "
        "buffer, per turn and in total",
        description="Input tokens per turn and cumulative for buffer and each bounded strategy, and "
        "the turns where each gets cheaper than buffer. Every size below has a default; "
        "give your own (the app's planner, Ctrl+L, starts from your session's averages).",
    )
    for flag, default, what in (
        ("--system-tokens", 1800, "system block"),
        ("--turn-tokens", 400, "average turn, user message plus reply"),
        ("--tail-turns", 3, "turns kept verbatim by the bounded strategies"),
        ("--summary-tokens", 900, "running summary (its cap)"),
        ("--fact-tokens", 250, "fact-store section"),
        ("--recall-tokens", 1500, "recall budget (hybrid)"),
        ("--turns", 20, "turns in the session"),
    ):
        plan.add_argument(
            flag, type=int, default=default, metavar="N", help=f"{what} (default {default:,})"
        )
    plan.add_argument(
        "--every",
        type=int,
        default=0,
        metavar="K",
        help="print every K-th turn (default: all up to 30 turns, else about 25 rows)",
    )

    probe = sub.add_parser(
        "probe",
        help="the recall probe: do generated conversations' late requests still carry "
        "the facts they need, at what cost",
    )
    probe.add_argument(
        "--strategies", metavar="A,B", help="comma-separated strategies (default: all)"
    )
    probe.add_argument(
        "--seed", type=int, default=None, help="the conversations' seed (default: 11)"
    )
    probe.add_argument(
        "--conversations",
        type=int,
        default=None,
        metavar="N",
        help="how many conversations to generate and play (default: 50)",
    )
    probe.add_argument("--json", action="store_true", help="print the results as JSON")
    probe.add_argument(
        "--example",
        action="store_true",
        help="walk through one scripted conversation instead (a readable example, not the score)",
    )
    probe.add_argument(
        "--corpus",
        metavar="PATH",
        help="play written conversations instead: a JSON file, or a directory of them "
        "(format: docs/PROBE_CORPUS.md)",
    )

    prices = sub.add_parser(
        "prices", help="the price used for a model, where it comes from and its date"
    )
    prices.add_argument("model", help="model id, as sent to the provider")
    prices.add_argument(
        "--provider",
        dest="price_provider",
        metavar="P",
        help="openai, groq, openrouter, or any provider genai-prices knows (deepseek, "
        "anthropic, google...); default: the configured provider, else the model's maker",
    )

    cmp = sub.add_parser(
        "compare", help="every strategy's cost on a saved session, all in, and what was paid"
    )
    cmp.add_argument("name", help="session name")
    cmp.add_argument("--format", choices=("text", "json"), default="text")
    cmp.add_argument(
        "--models",
        metavar="M,M@PROVIDER",
        help="also price the session's requests on these models, e.g. "
        "gpt-4o,gpt-4.1-mini,openai/gpt-oss-120b@groq",
    )

    usage = sub.add_parser("usage", help="tokens and cost across sessions, per day, week or month")
    period = usage.add_mutually_exclusive_group()
    for flag in ("daily", "weekly", "monthly"):
        period.add_argument(
            f"--{flag}", dest="period", action="store_const", const=flag, help=f"{flag} totals"
        )
    usage.add_argument(
        "--by",
        choices=("model", "strategy", "session"),
        help="one line per model, strategy or session",
    )
    usage.add_argument("--since", metavar="DATE", help="from this day on (YYYY-MM-DD)")
    usage.add_argument("--json", action="store_true", help="print the report as JSON")

    exp = sub.add_parser("export", help="write a session as Markdown or JSON")
    exp.add_argument("name", help="session name")
    exp.add_argument("--format", choices=("md", "json"), default="md")
    exp.add_argument("-o", "--output", type=Path, help="file to write (default: standard output)")
    exp.add_argument(
        "--expand",
        action="store_true",
        help="JSON: write every request in full (default: records name messages by id)",
    )
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    try:
        return _main(argv)
    except BrokenPipeError:
        # `fincoach sessions | head -1`: the reader has all it wanted. End quietly, and
        # point stdout at /dev/null so the interpreter's final flush cannot complain.
        with contextlib.suppress(OSError, ValueError):
            devnull = os.open(os.devnull, os.O_WRONLY)
            os.dup2(devnull, sys.stdout.fileno())
        return 0


def _main(argv: Sequence[str] | None) -> int:
    args = build_parser().parse_args(argv)
    try:
        if args.command == "sessions":
            return cmd_sessions()
        if args.command == "simulate":
            return cmd_simulate(args)
        if args.command == "plan":
            return cmd_plan(args)
        if args.command == "probe":
            return cmd_probe(args)
        if args.command == "export":
            return cmd_export(args)
        if args.command == "compare":
            return cmd_compare(args)
        if args.command == "prices":
            return cmd_prices(args)
        if args.command == "usage":
            from fincoach_tui.cli.usage import cmd_usage

            sessions = _sessions_dir()
            return _guard(lambda: cmd_usage(args, sessions))  # ConfigError, a bad --since
        return cmd_chat(args)
    except KeyboardInterrupt:
        return 130
    except UserFacingError as exc:
        print(f"fincoach: {exc}", file=sys.stderr)
        return EXIT_USAGE


class UserFacingError(Exception):
    """An error whose message is all the user needs."""


def _user_errors():
    """The exception types whose message is already written for the user."""
    from fincoach_tui.domain.memory import StrategyError
    from fincoach_tui.llm.providers import ProviderError
    from fincoach_tui.llm.vocab import VocabularyError
    from fincoach_tui.settings.config import ConfigError
    from fincoach_tui.store.session_file import SessionError

    return (ConfigError, StrategyError, ProviderError, SessionError, VocabularyError, ValueError)


def _guard(action):
    try:
        return action()
    except _user_errors() as exc:
        raise UserFacingError(str(exc)) from None


def cmd_chat(args: argparse.Namespace) -> int:
    from fincoach_tui.service.runtime import Overrides, default_session_name, resolve
    from fincoach_tui.settings.config import load_config
    from fincoach_tui.store.session_file import validate_session_name
    from fincoach_tui.store.sessions import SessionStore

    config = _guard(lambda: load_config(paths.config_path()))
    for problem in config.problems:  # a bad budget: said once, the default kept
        print(f"fincoach: {problem}", file=sys.stderr)
    overrides = Overrides(args.provider, args.model, args.base_url, args.api_key_env, args.strategy)
    settings = _guard(lambda: resolve(config, overrides, os.environ))
    if args.strategy:
        from fincoach_tui.domain.memory import make_strategy

        _guard(lambda: make_strategy(args.strategy, config.params_for(args.strategy)))
    # `--session ""` is a (bad) name, not "no name": it must be refused, not auto-named.
    given = args.session is not None
    name = _guard(lambda: validate_session_name(args.session if given else default_session_name()))
    store = SessionStore(paths.sessions_dir())
    # Locked here, before any screen is drawn, so a session open in another window is a
    # one-line refusal in the shell rather than an app that starts and then gives up. It
    # is read later: by the app after its first frame (one it cannot read ends it with a
    # one-line message), by the plain chat when its coach is made.
    file = _guard(lambda: store.open(name, defer=True))
    # The full-screen app needs a terminal on both sides: with input piped in it would
    # draw, ignore every key and drop the message. The line chat answers each line instead.
    if args.plain or not (sys.stdin.isatty() and sys.stdout.isatty()):
        return _plain(config, settings, file, args.strategy)
    from fincoach_tui.ui.app import FinCoachApp

    app = FinCoachApp(
        config=config,
        settings=settings,
        store=store,
        file=file,
        strategy=args.strategy,
        auto_named=not given,
    )
    app.run()
    if app.exit_message:
        print(f"fincoach: {app.exit_message}", file=sys.stderr)
        return EXIT_USAGE
    if app.unsaved is not None:  # quit after a failed write: one line, and not success
        print(
            f"fincoach: session {name} is missing your last change: {app.unsaved}", file=sys.stderr
        )
        return 1
    return 0


def _plain(config, settings, file, strategy: str | None) -> int:
    from fincoach_tui.cli.plain_chat import run
    from fincoach_tui.service.runtime import build_engine, open_session

    try:
        engine = _guard(lambda: build_engine(config, settings))
    except UserFacingError:
        file.close()
        raise
    live = _guard(lambda: open_session(engine, file, strategy=strategy))
    from fincoach_tui.cli.plain_budget import PlainBudget
    from fincoach_tui.service.usage import SpendWatch

    budget = PlainBudget(SpendWatch.open(config, live.coach))
    try:
        return asyncio.run(run(live, budget=budget))
    finally:
        live.close()


def _sessions_dir() -> Path:
    """The sessions directory, or a one-line error if the data dir is not a directory."""
    data = paths.data_dir()
    if data.exists() and not data.is_dir():
        raise UserFacingError(f"the data directory {data} is a file, not a directory")
    return paths.sessions_dir()


def cmd_sessions() -> int:
    from fincoach_tui.domain.session_state import summarize_session
    from fincoach_tui.store.session_file import SessionError
    from fincoach_tui.store.session_summary import SummaryIndex
    from fincoach_tui.store.sessions import SessionStore

    store = SessionStore(_sessions_dir())
    names = store.names()
    if not names:
        print(f"no sessions yet in {store.root}; start one with: fincoach --session NAME")
        return 0
    print(f"{'name':<28} {'turns':>5}  {'strategy':<8} {'tokens':>9} {'cost':>10}  last used")
    # Each row from the kept summaries: only a session changed since is read again.
    rows = SummaryIndex(store.root).rows(
        names, lambda name: summarize_session(name, store.read_events(name))
    )
    for name, row in rows:
        if isinstance(row, Exception):
            if not isinstance(row, (SessionError, OSError)):
                raise row
            # e.g. a newer FinCoach's: list it, say why
            print(f"{name:<28} {'?':>5}  {'-':<8} {'-':>9} {'-':>10}  ({row})")
            continue
        cost = "no price" if row.cost_usd is None else f"${row.cost_usd:.4f}"
        tokens = f"{row.billed_tokens:,}"
        if row.estimated:  # a server that sent no usage: our estimate, never "billed"
            tokens, cost = f"≈{tokens}", cost if row.cost_usd is None else f"≈{cost}"
        used = (
            datetime.fromtimestamp(row.last_used).strftime("%Y-%m-%d %H:%M")
            if row.last_used
            else "-"
        )
        print(f"{name:<28} {row.turns:>5}  {row.strategy:<8} {tokens:>9} {cost:>10}  {used}")
    return 0


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
    encoding = _guard(lambda: load_encoding(encoding_for_model(args.sim_model)))
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
    inputs = _guard(
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


def cmd_export(args: argparse.Namespace) -> int:
    from fincoach_tui.domain.session_state import replay
    from fincoach_tui.service.export import export_chunks
    from fincoach_tui.store.session_file import validate_session_name
    from fincoach_tui.store.sessions import SessionStore

    name = _guard(lambda: validate_session_name(args.name))
    store = SessionStore(_sessions_dir())
    if not store.exists(name):
        raise UserFacingError(f"no session named {name!r}; see: fincoach sessions")
    if args.expand and args.format != "json":
        raise UserFacingError("--expand applies to --format json only")
    state, _ = replay(_guard(lambda: store.read_events(name)))
    # Streamed: a long session's expanded export is written record by record.
    chunks = export_chunks(name, state, args.format, expand=args.expand)
    if args.output:
        from fincoach_tui.service.export import ExportError, write_export

        try:
            write_export(args.output, chunks)
        except ExportError as exc:
            raise UserFacingError(str(exc)) from None
        print(f"wrote {args.output}", file=sys.stderr)
    else:
        for chunk in chunks:
            sys.stdout.write(chunk)
    return 0


def cmd_compare(args: argparse.Namespace) -> int:
    """The panel's comparison of a saved session; the session is read, never written."""
    from fincoach_tui.cli.compare import as_json, as_text
    from fincoach_tui.domain.other_models import parse_models
    from fincoach_tui.domain.session_state import replay
    from fincoach_tui.service.runtime import Overrides, build_engine, resolve
    from fincoach_tui.service.session_compare import compare, model_prices
    from fincoach_tui.settings.config import load_config
    from fincoach_tui.store.session_file import validate_session_name
    from fincoach_tui.store.sessions import SessionStore

    name = _guard(lambda: validate_session_name(args.name))
    specs = _guard(lambda: parse_models(args.models)) if args.models is not None else []
    store = SessionStore(_sessions_dir())
    if not store.exists(name):
        raise UserFacingError(f"no session named {name!r}; see: fincoach sessions")
    state, _ = replay(_guard(lambda: store.read_events(name)))
    config = _guard(lambda: load_config(paths.config_path()))
    # Priced on the model the session talked to, unless --model says otherwise.
    chats = state.chat_records
    model = args.model or (chats[-1].model if chats else None)
    overrides = Overrides(args.provider, model, args.base_url, args.api_key_env)
    settings = _guard(lambda: resolve(config, overrides, os.environ))
    engine = _guard(lambda: build_engine(config, settings))

    result = compare(name, state, engine, models=specs, price_for=model_prices(config.prices))
    print(as_json(result) if args.format == "json" else as_text(result))
    return 0


def cmd_prices(args: argparse.Namespace) -> int:
    """Exit 0 with the price used, 1 when the model has none (the line says how to set one)."""
    from fincoach_tui.cli.prices import price_report
    from fincoach_tui.settings.config import load_config

    config = _guard(lambda: load_config(paths.config_path()))
    provider = args.price_provider or args.provider
    text, priced = _guard(
        lambda: price_report(args.model, config, provider=provider, base_url=args.base_url)
    )
    print(text)
    return 0 if priced else 1


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
            print(f"fincoach: {problem}", file=sys.stderr)
        return EXIT_USAGE
    results = _guard(lambda: run_probe(names, played=corpus.conversations))
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
        results = _guard(lambda: run_probe(names, played=[scripted]))
        text = (
            json.dumps(as_json(results, seed=0), indent=2)
            if args.json
            else example_report(scripted, results)
        )
    else:
        results = _guard(lambda: run_probe(names, seed=seed, conversations=count))
        text = json.dumps(as_json(results, seed), indent=2) if args.json else report(results, seed)
    print(text)
    return 0
