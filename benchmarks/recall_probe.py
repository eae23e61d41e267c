"""Run the recall probe: `python benchmarks/recall_probe.py [--strategies buffer,hybrid]`.

Plays a scripted 44-turn conversation through every memory strategy with the offline
coach (no network, no API key, deterministic) and prints, as Markdown, whether the facts
the late questions need were in the request sent, and what each turn cost in tokens.
The logic lives in `fincoach_tui/cli/probe.py`; `fincoach probe` prints the same.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))  # runnable from a checkout

from fincoach_tui.cli.probe import report, run_probe  # noqa: E402
from fincoach_tui.domain.memory import STRATEGIES  # noqa: E402


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument(
        "--strategies", default=",".join(STRATEGIES), help="comma-separated (default: all)"
    )
    args = parser.parse_args(argv)
    names = [n.strip() for n in args.strategies.split(",") if n.strip()]
    unknown = [n for n in names if n not in STRATEGIES]
    if unknown:
        parser.error(f"unknown strategy {unknown[0]!r}; choose from {', '.join(STRATEGIES)}")
    print(report(run_probe(names)))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
