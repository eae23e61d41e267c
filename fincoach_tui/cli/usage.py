"""`fincoach usage`: tokens and cost across every session, per day, week or month."""

from __future__ import annotations

import argparse
import json
import shutil
from datetime import date
from pathlib import Path

from fincoach_tui.domain.spend_budget import check_budget
from fincoach_tui.service.usage import budget_of, month_spent, report
from fincoach_tui.ui.format import usd
from fincoach_tui.ui.usage_table import usage_lines


class UsageArgumentError(ValueError):
    """A bad --since: one line for the user."""


def parse_since(text: str | None) -> str | None:
    if text is None:
        return None
    try:
        return date.fromisoformat(text.strip()).isoformat()
    except ValueError:
        raise UsageArgumentError(
            f"--since must be a day as YYYY-MM-DD (like 2026-12-01), got {text!r}"
        ) from None


def cmd_usage(args: argparse.Namespace, sessions_dir: Path) -> int:
    since = parse_since(args.since)
    result = report(args.period or "daily", args.by, since)
    if args.json:
        print(json.dumps(result.as_json(), indent=2))
        return 0
    if not result.lines:
        where = f" since {since}" if since else ""
        print(f"no usage recorded{where} in {sessions_dir}")
        return 0
    width = shutil.get_terminal_size((100, 24)).columns
    print("\n".join(usage_lines(result, width)))
    line = budget_line(sessions_dir)
    if line:
        print(line)
    return 0


def budget_line(sessions_dir: Path) -> str:
    """This month's spend against the monthly budget, when one is set ("" otherwise)."""
    from fincoach_tui.settings import paths
    from fincoach_tui.settings.config import load_config

    config = load_config(paths.config_path())  # a broken file: one line, from the caller
    if config.budget_monthly_usd is None:
        return ""
    standing = check_budget(
        budget_of(config), month_spent(sessions_dir=sessions_dir), 0.0
    ).standings[0]
    return f"budget: {standing.short(usd)}"
