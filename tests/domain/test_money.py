"""One rule for money everywhere: a small cost keeps its significant digits, so the
sessions listing and a turn's receipt show the same figure for the same call."""

from __future__ import annotations

from fincoach_tui.cli.commands import cmd_sessions
from fincoach_tui.domain.money import usd
from fincoach_tui.settings import paths
from fincoach_tui.ui.format import usd as panel_usd
from tests.usage_sessions import at, record, utc, write_session  # noqa: F401


def test_small_costs_keep_two_significant_digits():
    assert [usd(x) for x in (0.000065, 0.0001, 0.0123, 0.5, 1234.5, 0, None)] == [
        "$0.000065",
        "$0.00010",
        "$0.0123",
        "$0.5000",
        "$1,234.50",
        "$0",
        "no price",
    ]
    assert panel_usd is usd  # the panel, receipt and usage screen format through it


def test_the_sessions_listing_shows_a_tiny_cost_as_the_receipt_does(capsys, utc):  # noqa: F811
    write_session(
        paths.sessions_dir(), "tiny", [(at("2026-12-01"), [record(1, 100, 10, 0.000065)])]
    )
    assert cmd_sessions() == 0
    (row,) = [line for line in capsys.readouterr().out.splitlines() if line.startswith("tiny")]
    assert " $0.000065 " in row and "$0.0001" not in row
