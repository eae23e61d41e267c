"""Run the recall probe: `python benchmarks/recall_probe.py [--update-readme]`.

Generates 50 conversations (seed 11), plays each through every memory strategy with the
offline coach (no network, no API key, deterministic) and prints, as Markdown, the share
of facts the late questions needed that each request carried with their current value,
the changed facts sent only as their old value, tokens per turn, and maintenance. With
`--update-readme` it also writes those tables into README.md's probe section, between
its markers: after the memory code changes, that one command brings the README up to date.
The logic lives in `fincoach_tui/cli/probe.py`; `fincoach probe` prints the same.
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))  # runnable from a checkout

from fincoach_tui.cli.probe import run_probe  # noqa: E402
from fincoach_tui.cli.probe_report import report  # noqa: E402
from fincoach_tui.domain.memory import STRATEGIES  # noqa: E402
from fincoach_tui.domain.probe.conversations import DEFAULT_COUNT, DEFAULT_SEED  # noqa: E402

BEGIN = "<!-- recall-probe: begin (python benchmarks/recall_probe.py --update-readme) -->"
END = "<!-- recall-probe: end -->"


def replace_block(readme: str, block: str) -> str:
    """`readme` with the text between the probe markers replaced by `block`."""
    start, end = readme.find(BEGIN), readme.find(END)
    if start == -1 or end < start:
        raise ValueError("README.md has no recall-probe markers")
    return readme[: start + len(BEGIN)] + "\n" + block + "\n" + readme[end:]


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument(
        "--strategies", default=",".join(STRATEGIES), help="comma-separated (default: all)"
    )
    parser.add_argument("--seed", type=int, default=DEFAULT_SEED)
    parser.add_argument("--conversations", type=int, default=DEFAULT_COUNT)
    parser.add_argument(
        "--update-readme", action="store_true", help="also write the tables into README.md"
    )
    args = parser.parse_args(argv)
    names = [n.strip() for n in args.strategies.split(",") if n.strip()]
    unknown = [n for n in names if n not in STRATEGIES]
    if unknown:
        parser.error(f"unknown strategy {unknown[0]!r}; choose from {', '.join(STRATEGIES)}")
    if args.conversations < 1:
        parser.error("--conversations must be at least 1")
    started = time.perf_counter()
    results = run_probe(names, seed=args.seed, conversations=args.conversations)
    block = report(results, args.seed)
    print(block)
    print(f"\n({time.perf_counter() - started:.1f} s)", file=sys.stderr)
    if args.update_readme:
        readme = ROOT / "README.md"
        readme.write_text(replace_block(readme.read_text(encoding="utf-8"), block), "utf-8")
        print(f"updated {readme}", file=sys.stderr)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
