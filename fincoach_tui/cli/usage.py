"""`fincoach usage`: tokens and cost across every session, per day, week or month."""

from __future__ import annotations

import argparse
import json
import shutil
from datetime import date
from pathlib import Path

from fincoach_tui.service.usage import report
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
    return 0
