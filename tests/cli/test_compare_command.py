"""`fincoach compare NAME`: the panel's comparison of a saved session, all in, from the
command line, on sessions made against the fake server."""

from __future__ import annotations

import json
import math

import pytest

from fincoach_tui.cli.commands import main
from fincoach_tui.settings import paths
from fincoach_tui.settings.config import save_config
from fincoach_tui.ui.format import usd
from tests.fake_sessions import MODEL, QUESTIONS, config, make_session


def run(fake, capsys, *args: str) -> tuple[int, str, str]:
    save_config(config(), paths.config_path())
    code = main(["--provider", "custom", "--base-url", fake.base_url, "compare", *args])
    out, err = capsys.readouterr()
    return code, out, err


@pytest.mark.parametrize("strategy", ["facts", "summary", "hybrid"])
async def test_a_session_run_wholly_on_one_strategy_costs_what_was_paid(
    fake_openai, capsys, strategy
):
    state = await make_session(fake_openai, f"on-{strategy}", strategy, [*QUESTIONS, *QUESTIONS])
    paid = math.fsum(r.cost_usd for r in state.records)
    assert any(r.kind != "chat" for r in state.records)  # folds or extractions were billed
    code, out, err = run(fake_openai, capsys, f"on-{strategy}", "--format", "json")
    assert (code, err) == (0, "")
    data = json.loads(out)
    assert data["paid_usd"] == paid
    mine = data["strategies"][strategy]
    assert mine["cost_usd"] == paid and mine["estimated"] is False
    upkeep = math.fsum(r.cost_usd for r in state.records if r.kind != "chat")
    assert mine["maintenance_usd"] == upkeep and mine["maintenance_usd"] > 0
    assert mine["chat_usd"] == math.fsum(r.cost_usd for r in state.records if r.kind == "chat")
    assert mine["input_tokens"] == sum(r.usage.prompt_tokens for r in state.records)
    assert set(data["strategies"]) == {"buffer", "window", "budget", "summary", "hybrid", "facts"}
    assert data["model"] == MODEL and data["turns"] == 2 * len(QUESTIONS)
    assert data["path"] == [strategy]

    code, text, _ = run(fake_openai, capsys, f"on-{strategy}")
    assert code == 0
    assert f"you paid {usd(paid)}" in text.splitlines()[0]
    row = next(line for line in text.splitlines() if line.startswith(strategy)).split()
    assert row[:3] == [strategy, "*", usd(paid)]  # in use, all in, not estimated


async def test_strategies_that_did_not_run_are_estimated_and_marked(fake_openai, capsys):
    await make_session(fake_openai, "on-buffer", "buffer", QUESTIONS)
    code, out, _ = run(fake_openai, capsys, "on-buffer", "--format", "json")
    data = json.loads(out)["strategies"]
    assert data["buffer"]["estimated"] is False and data["buffer"]["maintenance_usd"] == 0
    assert data["facts"]["estimated"] is True and data["facts"]["maintenance_usd"] > 0
    assert data["summary"]["estimated"] is True
    assert data["facts"]["cost_usd"] == pytest.approx(
        data["facts"]["chat_usd"] + data["facts"]["maintenance_usd"], rel=1e-12
    )
    code, text, _ = run(fake_openai, capsys, "on-buffer")
    facts = next(line for line in text.splitlines() if line.startswith("facts"))
    assert facts.split()[1].startswith("≈$") and "≈: with folds or extractions it never" in text


async def test_a_one_turn_session_is_one_turn_not_one_turns(fake_openai, capsys):
    state = await make_session(fake_openai, "one-turn", "buffer", QUESTIONS[:1])
    code, text, _ = run(fake_openai, capsys, "one-turn")
    paid = math.fsum(r.cost_usd for r in state.records)
    assert text.splitlines()[0] == f"one-turn: 1 turn on {MODEL} (buffer); you paid {usd(paid)}"


def test_a_bad_session_name_is_one_line_and_fails(fake_openai, capsys):
    code, out, err = run(fake_openai, capsys, "no-such-session")
    assert code != 0 and out == ""
    assert err.strip().splitlines() == [
        "fincoach: no session named 'no-such-session'; see: fincoach sessions"
    ]
    code, out, err = run(fake_openai, capsys, "../etc")
    assert code != 0 and out == "" and len(err.strip().splitlines()) == 1
    assert "Traceback" not in err


async def test_other_models_price_the_sessions_requests(fake_openai, capsys):
    state = await make_session(fake_openai, "models", "facts", QUESTIONS)
    code, out, err = run(
        fake_openai,
        capsys,
        "models",
        "--format",
        "json",
        "--models",
        "gpt-4o,openai/gpt-oss-120b@groq,nosuch-model",
    )
    assert (code, err) == (0, "")
    data = json.loads(out)
    # By hand: each call's counted content + the model's template (OpenAI: 3 + 4 a message;
    # harmony: 63 + system 7, user 4, assistant 6), its real reply, at genai-prices' rates
    # per 1M tokens: gpt-4o 2.50 in / 10.00 out, gpt-oss-120b at Groq 0.15 / 0.60.
    openai_in = harmony_in = out_tokens = 0
    for r in state.records:
        roles = [m.role for m in r.sent]
        openai_in += r.counted_tokens + 3 + 4 * len(roles)
        harmony_in += (
            r.counted_tokens + 63 + sum({"system": 7, "user": 4, "assistant": 6}[x] for x in roles)
        )
        out_tokens += r.usage.completion_tokens
    gpt_4o = data["models"]["gpt-4o"]
    assert gpt_4o["prompt_tokens"] == openai_in and gpt_4o["completion_tokens"] == out_tokens
    assert gpt_4o["cost_usd"] == pytest.approx(
        (openai_in * 2.50 + out_tokens * 10.00) / 1e6, rel=1e-12
    )
    assert gpt_4o["estimated"] is True  # the fake server's tokenizer is not o200k
    groq = data["models"]["openai/gpt-oss-120b@groq"]
    assert groq["cost_usd"] == pytest.approx(
        (harmony_in * 0.15 + out_tokens * 0.60) / 1e6, rel=1e-12
    )
    assert "Groq" in groq["price_source"]
    # The strategy that ran, walked on that model, is the same requests.
    assert gpt_4o["strategies"]["facts"] == pytest.approx(gpt_4o["cost_usd"], rel=1e-12)
    assert data["models"]["nosuch-model"]["cost_usd"] is None
    every = [
        (model, name, cost)
        for model, row in data["models"].items()
        for name, cost in row["strategies"].items()
        if cost is not None
    ] + [(MODEL, name, s["cost_usd"]) for name, s in data["strategies"].items()]
    best = min(every, key=lambda o: o[2])
    assert data["cheapest"] == {"model": best[0], "strategy": best[1], "cost_usd": best[2]}

    code, text, _ = run(fake_openai, capsys, "models", "--models", "gpt-4o")
    assert "gpt-4o" in text and "your requests" in text and "cheapest:" in text


def test_a_bad_model_list_is_one_line(fake_openai, capsys):
    code, out, err = run(fake_openai, capsys, "whatever", "--models", "gpt-4o@")
    assert code != 0 and out == "" and err.startswith("fincoach: --models:")
    assert len(err.strip().splitlines()) == 1


async def test_hybrid_with_embeddings_costs_what_was_paid_and_others_estimate_them(
    fake_openai, capsys
):
    cfg = config(embeddings_model="toy-embed")
    cfg.prices = {**cfg.prices, "toy-embed": {"input": 0.02, "output": 0.0}}
    state = await make_session(fake_openai, "embedded", "hybrid", QUESTIONS, cfg=cfg)
    assert any(r.kind == "embed" for r in state.records)
    save_config(cfg, paths.config_path())
    code = main(
        ["--provider", "custom", "--base-url", fake_openai.base_url, "compare", "embedded"]
        + ["--format", "json"]
    )
    data = json.loads(capsys.readouterr().out)
    paid = math.fsum(r.cost_usd for r in state.records)
    assert code == 0 and data["paid_usd"] == paid
    assert data["strategies"]["hybrid"]["cost_usd"] == paid
    assert data["strategies"]["hybrid"]["estimated"] is False
