"""[budget] and the receipt toggle in config.toml: read, written back, and a bad value is
one line with the default kept (the chat still starts)."""

from __future__ import annotations

import pytest

from fincoach_tui.settings.config import Config, load_config, save_config, update_config


def test_budget_and_receipts_round_trip(tmp_path):
    path = tmp_path / "config.toml"
    path.write_text("receipts = false\n[budget]\nmonthly_usd = 5\nsession_usd = 0.5\nhard = true\n")
    config = load_config(path)
    assert (config.budget_monthly_usd, config.budget_session_usd, config.budget_hard) == (
        5.0, 0.5, True,
    )  # fmt: skip
    assert config.receipts is False and config.problems == []
    save_config(config, tmp_path / "again.toml")
    assert load_config(tmp_path / "again.toml") == config


def test_defaults_are_no_budget_and_receipts_on(tmp_path):
    config = load_config(tmp_path / "missing.toml")
    assert config.budget_monthly_usd is None and config.budget_session_usd is None
    assert config.budget_hard is False and config.receipts is True
    save_config(Config(), tmp_path / "c.toml")
    assert "budget" not in (tmp_path / "c.toml").read_text()


@pytest.mark.parametrize(
    ("toml", "problem"),
    [
        ("[budget]\nmonthly_usd = -1\n", "budget.monthly_usd must be a number of USD above 0"),
        ('[budget]\nsession_usd = "lots"\n', "budget.session_usd must be a number of USD"),
        ("[budget]\nmonthly_usd = 1e12\n", "(at most 1,000,000)"),
        ('[budget]\nhard = "yes"\n', "budget.hard must be true or false"),
        ("[budget]\nmonthly = 5\n", "unknown key 'budget.monthly' (did you mean 'monthly_usd'?)"),
        ("budget = 5\n", "budget must be a table ([budget])"),
        ("receipts = 1\n", "receipts must be true or false"),
    ],
)
def test_a_bad_budget_value_is_one_line_and_keeps_the_default(tmp_path, toml, problem):
    path = tmp_path / "config.toml"
    path.write_text(toml)
    config = load_config(path)
    (line,) = config.problems
    assert problem in line and str(path) in line and "\n" not in line
    assert config.budget_monthly_usd is None and config.budget_session_usd is None
    assert config.budget_hard is False and config.receipts is True


def test_a_budget_set_from_the_app_is_saved(tmp_path):
    path = tmp_path / "config.toml"
    config = update_config(path, budget_monthly_usd=12.5, budget_session_usd=None)
    assert load_config(path).budget_monthly_usd == 12.5 == config.budget_monthly_usd
