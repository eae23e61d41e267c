"""Every strategy's cost on one real conversation, checked against a from-scratch recount."""

from __future__ import annotations

import asyncio
import itertools
from dataclasses import dataclass, replace

import pytest

from fincoach_tui.domain.counterfactual import CounterfactualLedger
from fincoach_tui.domain.memory import MemoryView, make_strategy
from fincoach_tui.domain.memory.summary import SUMMARIZER_MARKER
from fincoach_tui.domain.persona import FINCOACH_SYSTEM_PROMPT, SIMULATED_TURNS
from fincoach_tui.domain.pricing import PriceTable
from fincoach_tui.domain.records import Usage
from fincoach_tui.domain.session_state import SessionState
from fincoach_tui.domain.tokens import OPENAI_CHAT_OVERHEAD
from fincoach_tui.llm.base import Completion, TextDelta
from fincoach_tui.llm.prices import price_table
from fincoach_tui.llm.providers import PRESETS
from fincoach_tui.service.coach import Coach, ModelChoice
from fincoach_tui.service.cost_comparison import CostComparison, comparison_strategies
from fincoach_tui.ui.costs_summary import summary_lines

MODEL = "gpt-4o-mini"
INPUT, CACHED, OUTPUT = 0.15, 0.075, 0.60  # shipped price of gpt-4o-mini, USD per 1M
FIXED, PER_MESSAGE = 6, 3  # the provider's template in these tests (not the family default)


class FixedTemplate:
    """A provider that bills content + a fixed template, and caches whole 64-token blocks
    of a prompt it has seen grow (a stand-in for prefix caching)."""

    provider = "custom"
    simulated = False

    def __init__(self, counter) -> None:
        self.count = counter.count
        self.calls = 0

    async def stream(self, messages, *, model, max_tokens=None):
        self.calls += 1
        prompt = FIXED + sum(PER_MESSAGE + self.count(m["content"]) for m in messages)
        if messages[0]["content"].startswith(SUMMARIZER_MARKER):
            text = f"Summary {self.calls}: salary 1,20,000; expenses 60,000; FD 50,000."
        else:
            text = f"Reply {self.calls}. " + "Save a little more every month. " * (
                1 + self.calls % 3
            )
        yield TextDelta(text)
        cached = (prompt // 64) * 64 if self.calls > 1 else 0
        yield Completion(text, Usage(prompt, self.count(text) + 4, cached_tokens=cached))


def prices() -> PriceTable:
    """genai-prices' figures at OpenAI, no overrides: gpt-4o-mini at its list price."""
    return price_table({}, base_url=PRESETS["openai"].base_url)


def make_coach(counter, strategy="buffer", params=None) -> Coach:
    ticks = itertools.count(1_700_000_000.0, 1.0)
    return Coach(
        state=SessionState(),
        sink=lambda event: None,
        llm=FixedTemplate(counter),
        choice=ModelChoice("custom", MODEL, OPENAI_CHAT_OVERHEAD),
        counter=counter,
        prices=prices(),
        system_prompt=FINCOACH_SYSTEM_PROMPT,
        strategy=make_strategy(strategy, params),
        clock=lambda: next(ticks),
    )


def talk(coach: Coach, texts) -> None:
    async def run():
        for text in texts:
            async for _ in coach.turn(text):
                pass

    asyncio.run(run())


STRATEGIES = [
    make_strategy("buffer"),
    make_strategy("window", {"k": 2}),
    make_strategy("budget", {"budget_tokens": 120}),
    make_strategy("summary", {"tail_turns": 1, "batch_turns": 2, "cap_tokens": 40}),
]


@pytest.fixture
def mixed(counter):
    """Ten turns: buffer, then window k=2, then summary, then buffer again."""
    coach = make_coach(counter)
    talk(coach, SIMULATED_TURNS[:3])
    coach.switch_strategy("window", {"k": 2})
    talk(coach, SIMULATED_TURNS[3:6])
    coach.switch_strategy("summary", {"tail_turns": 1, "batch_turns": 2, "cap_tokens": 40})
    talk(coach, SIMULATED_TURNS[6:9])
    coach.switch_strategy("buffer")
    talk(coach, SIMULATED_TURNS[9:10])
    return coach


def recount(coach: Coach, strategy, encode) -> tuple[int, float]:
    """From scratch: build each turn's request, count every text afresh, price it by hand.
    A turn whose real request was the same messages keeps its real bill."""
    messages = coach.state.transcript.messages
    chat = {r.turn: r for r in coach.state.chat_records}
    learned = coach.overhead
    tokens, cost = 0, 0.0
    for t in range(1, len(messages) // 2 + 1):
        view = MemoryView(
            FINCOACH_SYSTEM_PROMPT,
            messages[: 2 * (t - 1)],
            messages[2 * (t - 1)],
            lambda m: len(encode(m.content)),
        )
        request = strategy.build(view).as_chat()
        record = chat[t]
        if request == [{"role": m.role, "content": m.content} for m in record.sent]:
            tokens += record.usage.prompt_tokens
            cost += record.cost_usd
            continue
        prompt = sum(len(encode(m["content"])) for m in request) + learned.predict(
            m["role"] for m in request
        )
        tokens += prompt
        cost += (prompt * INPUT + record.usage.completion_tokens * OUTPUT) / 1e6
    return tokens, cost


@pytest.mark.parametrize("index", [0, 1, 2])
def test_totals_equal_an_independent_recount(mixed, encoding, index):
    strategy = STRATEGIES[index]
    report = CostComparison(mixed).snapshot(STRATEGIES, context_window=None).report
    curve = report.curve(strategy.name)
    tokens, cost = recount(mixed, strategy, encoding.encode_ordinary)
    assert (curve.total_tokens, curve.error) == (tokens, "")
    assert curve.total_cost == pytest.approx(cost, rel=1e-12)
    assert len(curve.turns) == 10


def test_the_actual_path_is_the_bill(mixed):
    report = CostComparison(mixed).snapshot(STRATEGIES, context_window=None).report
    assert report.actual.total_cost == pytest.approx(mixed.state.total_cost)
    assert report.actual.total_tokens == mixed.state.billed_prompt_tokens
    assert report.path == ("buffer", "window", "summary", "buffer")
    assert report.active == "buffer"


def test_a_strategy_used_throughout_costs_exactly_what_was_paid(counter):
    coach = make_coach(counter, "summary", {"tail_turns": 1, "batch_turns": 2, "cap_tokens": 40})
    talk(coach, SIMULATED_TURNS[:8])
    assert len(coach.state.summaries) >= 2  # real folds happened
    report = CostComparison(coach).snapshot(STRATEGIES, context_window=None).report
    summary = report.curve("summary")
    assert (summary.estimated, summary.predicted) == (0, 0)  # real summaries, real bills
    assert summary.total_cost == pytest.approx(coach.state.total_cost)
    assert summary.cumulative_tokens == report.actual.cumulative_tokens


def test_summary_without_real_summaries_is_marked_estimated(counter, encoding):
    coach = make_coach(counter)
    talk(coach, SIMULATED_TURNS[:6])
    report = CostComparison(coach).snapshot(STRATEGIES, context_window=None).report
    summary, buffer = report.curve("summary"), report.curve("buffer")
    # no summary until a batch of 2 turns has left the 1-turn tail: turn 4 folds turns 1-2
    assert summary.prompt_tokens[:3] == buffer.prompt_tokens[:3]
    # turns 4, 5, 6 assume a summary at its cap: the configured 40 tokens grown to what the
    # folded turns hold for it to keep (the name, salary and expenses, in the user's words)
    assert summary.estimated == 3
    messages = coach.state.transcript.messages
    plan = STRATEGIES[3].fold_plan(messages[:6], None)
    assert plan is not None and plan.first_turn == 1 and plan.last_turn == 2
    cap = plan.bounded(lambda m: len(encoding.encode_ordinary(m.content))).cap_tokens
    assert 40 < cap < 3 * 40
    # turn 4 sends: system + "## Conversation summary (turns 1-2)" section at the cap + turn 3 + new
    section = "\n\n## Conversation summary (turns 1-2)\n"
    content = (
        len(encoding.encode_ordinary(FINCOACH_SYSTEM_PROMPT + section))
        + cap
        + sum(len(encoding.encode_ordinary(m.content)) for m in messages[4:7])
    )
    assert summary.prompt_tokens[3] == content + coach.overhead.predict(
        ["system", "user", "assistant", "user"]
    )
    assert summary.input_tokens[3] > summary.prompt_tokens[3]  # plus the fold it would have run


def test_updates_are_incremental(counter):
    calls = []

    @dataclass(frozen=True)
    class Counting:
        inner: object
        name: str = "window"

        def params(self):
            return self.inner.params()

        def build(self, view):
            calls.append(view.new.turn)
            return self.inner.build(view)

    coach = make_coach(counter)
    costs = CostComparison(coach)
    watched = [Counting(make_strategy("window", {"k": 2}))]
    for text in SIMULATED_TURNS[:6]:
        talk(coach, [text])
        costs.snapshot(watched, context_window=None, horizon=coach.state.transcript.completed_turns)
    assert calls == [1, 2, 3, 4, 5, 6]  # one build per new turn, never the past again
    fresh = CounterfactualLedger(coach.count_context, coach.count_text)
    template = coach.view(coach.state.transcript.messages[0])
    fresh.update(coach.state, watched, template)
    again = fresh.report(coach.state, watched, coach.overhead, prices().get(MODEL))
    assert again.curves == costs.snapshot(watched, context_window=None).report.curves


def test_a_strategy_that_needs_state_we_lack_is_reported_not_fatal(counter):
    @dataclass(frozen=True)
    class NeedsFacts:
        name: str = "facts"

        def params(self):
            return {}

        def build(self, view):
            return view.facts  # a field this MemoryView does not have

    coach = make_coach(counter)
    talk(coach, SIMULATED_TURNS[:2])
    report = CostComparison(coach).snapshot([*STRATEGIES, NeedsFacts()], context_window=None).report
    assert "AttributeError" in report.curve("facts").error
    assert report.curve("buffer").total_tokens > 0


def test_projection_and_the_buffer_wall(counter):
    coach = make_coach(counter, "window", {"k": 2})
    talk(coach, SIMULATED_TURNS[:6])
    costs = CostComparison(coach)
    ahead = costs.snapshot(STRATEGIES, context_window=None, horizon=30).projections["buffer"]
    limit = ahead.prompt_tokens[len(ahead.prompt_tokens) // 2]  # a window buffer fills midway
    snap = costs.snapshot(STRATEGIES, context_window=limit, horizon=30)
    buffer, window = snap.projections["buffer"], snap.projections["window"]
    assert buffer.turns == window.turns == tuple(range(7, 31))  # every turn: 24 samples
    steps = {b - a for a, b in zip(buffer.prompt_tokens, buffer.prompt_tokens[1:])}
    assert len(steps) == 1  # one average turn more per turn, exactly
    assert len(set(window.prompt_tokens[1:])) == 1  # once the last real turn leaves it: flat
    assert buffer.cumulative_cost[0] > snap.report.curve("buffer").total_cost
    wall = snap.wall("buffer")
    assert wall == next(t for t, p in zip(buffer.turns, buffer.prompt_tokens) if p > limit)
    assert snap.wall("window") is None


def test_the_walk_ahead_is_kept_until_the_session_has_grown(counter):
    """Walking ahead builds requests over the whole history: it is done again only once
    the session has grown by `rewalk_growth`; in between the walk is re-anchored."""
    coach = make_coach(counter, "window", {"k": 2})
    talk(coach, SIMULATED_TURNS[:6])
    costs = CostComparison(coach)
    costs.rewalk_growth = 0.5  # of 6 turns: walked again at turn 9
    assert costs.snapshot(STRATEGIES, context_window=None).horizon == 16  # 6 + 10
    walked = costs.ahead
    talk(coach, SIMULATED_TURNS[6:8])
    kept = costs.snapshot(STRATEGIES, context_window=None)
    assert costs.ahead is walked and kept.horizon == 16
    window, curve = kept.projections["window"], kept.report.curve("window")
    assert window.turns == tuple(s.turn for s in walked.steps["window"] if s.turn > 8)
    # continued from turn 8's totals: the straight line from its request to the first sample
    gap, last, first = window.turns[0] - 8, curve.input_tokens[-1], window.prompt_tokens[0]
    assert window.cumulative_tokens[0] == pytest.approx(
        curve.total_tokens + gap * last + (first - last) * (gap + 1) / 2
    )
    assert set(kept.projections) == {"buffer", "window", "budget", "summary"}

    talk(coach, SIMULATED_TURNS[8:9])
    grown = costs.snapshot(STRATEGIES, context_window=None)
    assert costs.ahead is not walked and grown.horizon == 19  # 9 + 10
    assert (
        grown.projections
        == CostComparison(coach).snapshot(STRATEGIES, context_window=None).projections
    )

    rewalked = costs.ahead
    other_k = [STRATEGIES[0], make_strategy("window", {"k": 3}), *STRATEGIES[2:]]
    costs.snapshot(other_k, context_window=None)
    assert costs.ahead is not rewalked  # other parameters: other requests
    rewalked = costs.ahead
    assert costs.snapshot(other_k, context_window=None, horizon=40).horizon == 40
    assert costs.ahead is not rewalked


def test_the_walk_ahead_hands_back_between_strategies_and_follows_a_turn_answered_meanwhile(
    counter,
):
    coach = make_coach(counter, "window", {"k": 2})
    talk(coach, SIMULATED_TURNS[:6])
    costs = CostComparison(coach)
    costs.snapshot(STRATEGIES, context_window=None)
    talk(coach, SIMULATED_TURNS[6:7])  # one turn: walked in one slice, then walked ahead again
    steps = list(costs.snapshot_steps(STRATEGIES, context_window=None))
    assert steps[:-1] == [None] * len(STRATEGIES) and steps[-1].report.actual.turns[-1] == 7

    talk(coach, SIMULATED_TURNS[7:8])
    steps = costs.snapshot_steps(STRATEGIES, context_window=None)
    assert next(steps) is None  # the first strategy walked ahead from turn 8
    talk(coach, SIMULATED_TURNS[8:9])  # a turn answered between two slices
    snapshot = [s for s in steps if s is not None][-1]
    assert (
        snapshot.report.actual.turns[-1] == 9 and costs.ahead.done == 9 and snapshot.horizon == 19
    )
    assert (
        snapshot.projections
        == CostComparison(coach).snapshot(STRATEGIES, context_window=None).projections
    )


def test_running_averages_and_actual_path_read_only_what_is_new(counter):
    """Kept between turns, they equal the same figures worked out from scratch, and
    start over when given another session's transcript and records."""
    from fincoach_tui.domain.curves import ActualPath
    from fincoach_tui.domain.planner import RunningAverages

    def from_scratch(coach):
        messages, records = coach.state.transcript.messages, coach.state.records
        users = [coach.count_message(m) for m in messages if m.role == "user"]
        replies = [r.usage.completion_tokens for r in records if r.kind == "chat"]
        turns = len(messages) // 2
        inputs: dict[int, int] = {}
        for r in records:
            inputs[r.turn] = inputs.get(r.turn, 0) + r.usage.prompt_tokens
        return (
            (
                turns,
                round(sum(map(coach.count_message, messages)) / turns),
                round(sum(users) / turns),
                round(sum(replies) / len(replies)),
            ),
            (tuple(inputs), tuple(inputs.values())),
        )

    def kept(coach):
        a = averages.measure(
            coach.system_prompt,
            coach.state.transcript.messages,
            coach.state.records,
            coach.count_message,
            coach.count_text,
        )
        curve = path.curve(coach.state.records)
        assert a.system_tokens == coach.count_text(coach.system_prompt)
        return (a.turns, a.turn_tokens, a.user_tokens, a.completion_tokens), (
            curve.turns,
            curve.input_tokens,
        )

    averages, path = RunningAverages(), ActualPath()
    coach = make_coach(counter, "summary", {"tail_turns": 1, "batch_turns": 2, "cap_tokens": 40})
    for text in SIMULATED_TURNS[:6]:
        talk(coach, [text])
        assert kept(coach) == from_scratch(coach)
    assert any(r.kind == "summary" for r in coach.state.records)  # a turn with two calls
    other = make_coach(counter)
    talk(other, SIMULATED_TURNS[6:9])
    assert kept(other) == from_scratch(other)  # fewer turns than before: started over
    assert kept(coach) == from_scratch(coach)  # more, but not the ones read: over again


def test_caching_savings_and_the_prediction_errors(mixed):
    snap = CostComparison(mixed).snapshot(STRATEGIES, context_window=None)
    records = mixed.state.records
    expected = sum(r.usage.cached_tokens for r in records) * (INPUT - CACHED) / 1e6
    assert snap.cache_saved == pytest.approx(expected)
    assert snap.cached_tokens == sum(r.usage.cached_tokens for r in records)
    # Summed as the calls came, in the comparison's worker: the very sums over every call.
    assert snap.cache_saved == sum(c.saved_usd for c in snap.cache)
    for turn in {c.turn for c in snap.cache}:
        chat = [c.saved_usd for c in snap.cache if c.turn == turn and c.kind == "chat"]
        assert snap.saved_on(turn) == sum(chat)
    assert snap.saved_on(10_000) == 0
    # The prompt tokens the cached share is of: kept the same way, equal to the sum.
    assert snap.prompt_tokens == sum(r.usage.prompt_tokens for r in records)
    assert snap.prompt_tokens == sum(c.prompt_tokens for c in snap.cache)
    summed = replace(snap, cache_totals=None, saved_by_turn=None, cache_prompts=None)
    assert summary_lines(snap) == summary_lines(summed)  # what the panel shows: the same
    errors = [e for _, e in snap.errors]
    assert errors[0] != 0 and errors[2:] == [0] * (len(errors) - 2)  # learned by the third turn


def test_quote_before_sending(counter):
    coach = make_coach(counter)
    talk(coach, SIMULATED_TURNS[:3])
    quote = CostComparison(coach).quote("What about a SIP?")
    assert quote.prompt_tokens == coach.preview("What about a SIP?").predicted_prompt_tokens
    completion = round(sum(r.usage.completion_tokens for r in coach.state.chat_records) / 3)
    assert quote.completion_tokens == completion
    assert quote.cost == pytest.approx((quote.prompt_tokens * INPUT + completion * OUTPUT) / 1e6)


def test_comparison_strategies_use_saved_parameters():
    active = make_strategy("window", {"k": 4})
    chosen = comparison_strategies(
        active, lambda name: {"budget": {"budget_tokens": 0}}.get(name, {})
    )
    assert chosen[1] is active
    assert chosen[2].params() == {"budget_tokens": 1500}  # a bad saved value: defaults


def test_chart_and_panel_read_the_snapshot(mixed):
    from fincoach_tui.ui.chart_series import build_compare, dashes
    from fincoach_tui.ui.costs_summary import summary_lines

    snap = CostComparison(mixed).snapshot(STRATEGIES, context_window=128_000)
    compare = build_compare(snap, mixed.state.switches)
    roles = {line.name: line.role for line in compare.lines}
    assert roles == {
        "buffer": "active",
        "window": "other",
        "budget": "other",
        "summary": "other",
        "actual": "actual",
    }
    actual = compare.lines[-1]
    assert actual.xs == [0, *range(1, 11)] and actual.total == pytest.approx(mixed.state.total_cost)
    buffer = next(line for line in compare.lines if line.name == "buffer")
    assert buffer.projected_x[0] == 10 and buffer.projected_x[-1] == compare.horizon == 20
    pieces = dashes(buffer.projected_x, buffer.projected_y)
    assert len(pieces) == 12 and pieces[0][0][0] == 10 and pieces[-1][0][1] < 20
    lines = summary_lines(snap)
    # buffer is active again, so the sentence compares with the cheapest other strategy
    cheapest = min(
        (c for c in snap.report.curves if c.name != "buffer"), key=lambda c: c.total_cost
    )
    assert lines["compare"].startswith(f"{cheapest.name} would have cost ")
    assert lines["compare"].endswith("(buffer → window → summary → buffer)")
    assert lines["cache"].startswith("caching saved $")
    assert lines["template"].startswith("template: fixed ") and "learned from" in lines["template"]
