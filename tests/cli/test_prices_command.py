"""`fincoach prices MODEL [--provider P]`: the price used, where it comes from, its date."""

from __future__ import annotations

from fincoach_tui.cli.commands import main
from fincoach_tui.settings import paths

MINI_AT_OPENAI = """\
gpt-4o-mini at OpenAI (https://api.openai.com/v1)
  input           $0.15 per 1M tokens
  cached input    $0.075 per 1M tokens
  output          $0.60 per 1M tokens
  reasoning       billed as output
  context window  128,000 tokens
  source          genai-prices 0.2.3 · OpenAI (https://developers.openai.com/api/docs/pricing)
  date            2026-10-14
"""


def test_the_price_used_with_its_source_and_date(capsys):
    assert main(["prices", "gpt-4o-mini", "--provider", "openai"]) == 0
    assert capsys.readouterr().out == MINI_AT_OPENAI


def test_a_model_outside_the_old_table_with_what_its_flat_price_leaves_out(capsys):
    assert main(["prices", "anthropic/claude-sonnet-4.5", "--provider", "openrouter"]) == 0
    assert capsys.readouterr().out == (
        "anthropic/claude-sonnet-4.5 at OpenRouter (https://openrouter.ai/api/v1)\n"
        "  input           $3.00 per 1M tokens\n"
        "  cached input    $0.30 per 1M tokens\n"
        "  output          $15.00 per 1M tokens\n"
        "  reasoning       billed as output\n"
        "  context window  1,000,000 tokens\n"
        "  source          genai-prices 0.2.3 · OpenRouter (https://openrouter.ai/models)\n"
        "  date            not recorded by the source\n"
        "  note            long-context tiers are not applied: the base tier's rates are used\n"
        "  note            cache writes ($3.75 per 1M) are not counted\n"
    )


def test_a_provider_the_library_knows_by_name(capsys):
    assert main(["prices", "deepseek-chat", "--provider", "deepseek"]) == 0
    out = capsys.readouterr().out
    assert out.startswith("deepseek-chat at Deepseek\n")
    assert "  context window  64,000 tokens\n" in out
    assert "the price varies by time of day" in out


def test_an_unknown_model_has_no_price(capsys):
    assert main(["prices", "no-such-model"]) == 1
    assert capsys.readouterr().out == (
        "no-such-model: no price (genai-prices 0.2.3 has none for it). Set one in "
        'config.toml under [prices."no-such-model"]: input, cached_input and output in USD '
        "per 1M tokens.\n"
    )


def test_a_custom_server_is_not_priced_by_the_model_name_unless_configured(capsys):
    url = "http://localhost:8000/v1"
    assert main(["--base-url", url, "prices", "gpt-oss-20b"]) == 1
    assert capsys.readouterr().out.startswith(
        f"gpt-oss-20b: no price (genai-prices 0.2.3 has none for it at {url})."
    )
    config = paths.config_path()
    config.parent.mkdir(parents=True, exist_ok=True)
    config.write_text('[prices."gpt-oss-20b"]\ninput = 0.05\noutput = 0.2\n', encoding="utf-8")
    assert main(["--base-url", url, "prices", "gpt-oss-20b"]) == 0
    assert capsys.readouterr().out == (
        f"gpt-oss-20b ({url})\n"
        "  input           $0.05 per 1M tokens\n"
        "  cached input    $0.05 per 1M tokens\n"
        "  output          $0.20 per 1M tokens\n"
        "  reasoning       billed as output\n"
        "  context window  unknown\n"
        "  source          config.toml\n"
        "  date            your own figures\n"
    )


def test_an_override_lays_over_the_library_price(capsys):
    config = paths.config_path()
    config.parent.mkdir(parents=True, exist_ok=True)
    config.write_text('[prices."gpt-4o-mini"]\noutput = 0.5\n', encoding="utf-8")
    assert main(["prices", "gpt-4o-mini", "--provider", "openai"]) == 0
    out = capsys.readouterr().out
    assert "  output          $0.50 per 1M tokens\n" in out
    assert "  input           $0.15 per 1M tokens\n" in out
    assert "  source          config.toml over genai-prices 0.2.3 · OpenAI\n" in out


def test_custom_needs_a_base_url(capsys):
    assert main(["prices", "gpt-4o", "--provider", "custom"]) == 2
    assert capsys.readouterr().err == (
        "fincoach: --provider custom needs --base-url: the server decides the price\n"
    )
