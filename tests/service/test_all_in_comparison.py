"""Maintenance belongs to the strategy that caused it: every strategy's figure is all in
(chat, folds, extractions), a strategy run throughout costs exactly what was paid, and
the maintenance of a strategy that did not run is estimated and marked."""

from __future__ import annotations

import math

import pytest

from fincoach_tui.domain.fact_extraction import (
    ESTIMATED_ANSWER_TOKENS,
    ESTIMATED_FACT_TOKENS,
    plan_extraction,
)
from fincoach_tui.domain.fact_store import FactStore
from fincoach_tui.domain.memory import make_strategy
from fincoach_tui.service.cost_comparison import CostComparison, comparison_strategies
from fincoach_tui.ui.costs_summary import summary_lines
from tests.fake_sessions import INPUT_RATE, OUTPUT_RATE, QUESTIONS, open_live, talk


def snapshot(live):
    coach = live.coach
    strategies = comparison_strategies(coach.strategy, lambda name: {})
    return CostComparison(coach).snapshot(strategies, context_window=None)


@pytest.mark.parametrize(
    ("strategy", "kinds"),
    [
        ("facts", {"chat", "extract"}),
        ("summary", {"chat", "summary"}),
        ("hybrid", {"chat", "summary"}),
    ],
)
async def test_a_strategy_run_throughout_costs_exactly_what_was_paid(fake_openai, strategy, kinds):
    live = open_live(fake_openai, f"all-{strategy}", strategy)
    await talk(live, [*QUESTIONS, *QUESTIONS[:4]])
    snap = snapshot(live)
    records = live.state.records
    live.close()
    assert {r.kind for r in records} == kinds  # maintenance calls were billed
    paid = math.fsum(r.cost_usd for r in records)
    curve = snap.report.curve(strategy)
    assert curve.total_cost == paid  # exactly: the same calls, summed exactly rounded
    assert snap.report.actual.total_cost == paid
    assert (curve.estimated, curve.predicted) == (0, 0)
    upkeep = [r for r in records if r.kind != "chat"]
    assert curve.maintenance_cost == math.fsum(r.cost_usd for r in upkeep) > 0
    assert curve.chat_cost == math.fsum(r.cost_usd for r in records if r.kind == "chat")
    assert curve.total_tokens == sum(r.usage.prompt_tokens for r in records)
    line = summary_lines(snap)["totals"]
    assert f"{strategy} $" in line and f"{strategy} ≈" not in line


async def test_facts_extractions_count_against_facts_and_their_estimate_is_marked(fake_openai):
    live = open_live(fake_openai, "buffer-run", "buffer")
    await talk(live, QUESTIONS[:4])
    coach = live.coach
    snap = snapshot(live)
    messages = coach.state.transcript.messages
    live.close()
    facts = snap.report.curve("facts")
    # facts (extract_every=2) reads turns 1-2 before turn 3's request; before turn 4 one
    # uncovered turn is not a batch. The request is the coach's own, the answer assumed.
    plan = plan_extraction(messages[:4], messages[4], FactStore(), every_turns=2)
    assert plan is not None and plan.message_ids == tuple(m.id for m in messages[:4])
    content = sum(coach.count_text(m["content"]) for m in plan.request())
    prompt = content + coach.overhead.predict(["system", "user"], counted=content)
    completion = ESTIMATED_ANSWER_TOKENS + 2 * ESTIMATED_FACT_TOKENS  # two user messages
    assert plan.expected_answer_tokens() == completion
    estimate = (prompt * INPUT_RATE + completion * OUTPUT_RATE) / 1e6
    assert facts.input_tokens[2] == facts.prompt_tokens[2] + prompt
    assert facts.maintenance_cost == pytest.approx(estimate, rel=1e-12)
    assert facts.estimated == 1  # turn 3 only
    assert facts.total_cost == pytest.approx(facts.chat_cost + estimate, rel=1e-12)
    buffer = snap.report.curve("buffer")
    assert buffer.total_cost == math.fsum(r.cost_usd for r in coach.state.records)
    assert buffer.estimated == 0 and buffer.maintenance_cost == 0
    assert "facts ≈$" in summary_lines(snap)["totals"]


def test_an_estimated_fold_is_capped_at_what_it_replaces():
    from fincoach_tui.domain.conversation import Transcript
    from fincoach_tui.domain.counterfactual import CounterfactualLedger, Walker

    transcript = Transcript()
    for n in range(4):
        transcript.add("user", f"q{n}", ts=0.0)
        transcript.add("assistant", f"a{n}", ts=0.0)
    ledger = CounterfactualLedger(lambda m: 1, lambda text: 1)
    strategy = make_strategy("summary", {"tail_turns": 1, "batch_turns": 2, "cap_tokens": 300})
    walker = Walker(strategy)
    from fincoach_tui.domain.memory import MemoryView

    view = MemoryView("system", (), transcript.messages[0], lambda m: 1)
    messages = transcript.messages
    step = ledger.step(walker, view, messages[:6], messages[6], 5)
    # turns 1-2 folded: four messages of one token each replace at most 4 tokens
    assert step.fold is not None and step.fold.completion_tokens == 4
    assert walker.summary is not None and walker.summary.tokens == 4


def test_the_crossover_is_in_dollars_all_in_when_priced():
    from fincoach_tui.domain.curves import Curve
    from fincoach_tui.domain.projection import crossing

    # facts sends fewer chat tokens from turn 2, but its extractions cost more than it saves
    buffer = Curve("buffer", "buffer", (1, 2, 3), (100, 200, 300), (100, 200, 300), (1.0, 2.0, 3.0))
    facts = Curve("facts", "facts", (1, 2, 3), (100, 150, 160), (100, 150, 160), (1.0, 2.5, 3.5))
    assert crossing(facts, buffer, None, None).per_turn == 2  # in tokens
    in_dollars = crossing(facts, buffer, None, None, by_cost=True)
    assert (in_dollars.per_turn, in_dollars.cumulative) == (None, None)


async def test_the_panel_prices_the_conversation_on_the_configured_models(fake_openai):
    from dataclasses import replace

    from fincoach_tui.service.session_compare import on_models

    live = open_live(fake_openai, "models-line", "facts")
    await talk(live, QUESTIONS[:4])
    coach = live.coach
    strategies = comparison_strategies(coach.strategy, lambda name: {})
    comparison = CostComparison(coach)
    snap = comparison.snapshot(strategies, context_window=None)
    own = {c.name: c.total_cost for c in snap.report.curves}
    rows, best = on_models(comparison, strategies, ["gpt-4o", "nosuch-model"], {}, own)
    live.close()
    gpt_4o = rows[0]
    # by hand: every call's counted content + 3 + 4 a message, real replies, at 2.50 / 10.00
    records = coach.state.records
    prompt = sum(r.counted_tokens + 3 + 4 * len(r.sent) for r in records)
    out = sum(r.usage.completion_tokens for r in records)
    assert gpt_4o.requests.cost_usd == pytest.approx((prompt * 2.50 + out * 10.00) / 1e6, rel=1e-12)
    line = summary_lines(replace(snap, models=rows, cheapest=best))["models"]
    assert line.startswith("your requests on other models: gpt-4o ≈$")
    assert "nosuch-model no price" in line
    model, strategy, cost = best
    assert f"cheapest: {strategy} on {model}" in line
    assert cost == min(
        [c for c in own.values()] + [c for c in gpt_4o.strategies.values() if c is not None]
    )
