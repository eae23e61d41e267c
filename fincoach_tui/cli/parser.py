"""The `fincoach` command line: its options and subcommands (what `--help` shows)."""

from __future__ import annotations

import argparse
from pathlib import Path

__all__ = ["build_parser"]


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
