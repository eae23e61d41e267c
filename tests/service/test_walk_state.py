"""The comparison's walk, kept between turns and between openings, equals the walk from
scratch after every turn, on every strategy; and a new turn costs the same work however
long the session already is."""

from __future__ import annotations

import json
from dataclasses import dataclass, replace

from fincoach_tui.domain import recall
from fincoach_tui.domain.context import Context
from fincoach_tui.domain.counterfactual import CounterfactualLedger
from fincoach_tui.domain.memory import MemoryView, SessionMemo
from fincoach_tui.domain.memory.hybrid import HybridStrategy
from fincoach_tui.domain.walk_state import dump_walk, restore_walk
from fincoach_tui.service.cost_comparison import CostComparison, comparison_strategies
from fincoach_tui.service.runtime import Overrides, build_engine, open_session, resolve
from fincoach_tui.settings.config import Config
from fincoach_tui.store.sessions import SessionStore
from fincoach_tui.store.walk_cache import WalkCache
from tests.domain.test_recall_index import Listed
from tests.service.test_counterfactual import make_coach, talk

TURNS = 40
QUESTIONS = [
    "Hi, I'm Chiru. My monthly salary is ₹1,20,000.",
    "My monthly expenses are ₹60,000 and rent is 25k.",
    "I have an FD of ₹50,000 maturing in 3 months.",
    "What about SIPs? How much should I invest monthly?",
    "Actually my rent went up to 28k. Remember that.",
    "Can you give me a complete monthly budget breakdown based on my salary?",
    "Is ₹10,000 per month in SIPs realistic given my expenses?",
]

# Small sizes, so that 40 turns fold, cut and recall many times, and run far past hybrid's
# recall window.
PARAMS = {
    "window": {"k": 4},
    "budget": {"budget_tokens": 300},
    "summary": {"tail_turns": 2, "batch_turns": 3, "cap_tokens": 120},
    "hybrid": {
        "tail_turns": 2,
        "batch_turns": 3,
        "summary_tokens": 120,
        "recall_tokens": 200,
        "recall_window": 8,
    },
    "facts": {},
}


def strategies_for(coach):
    return comparison_strategies(coach.strategy, lambda name: PARAMS.get(name, {}))


def walked(ledger: CounterfactualLedger, strategies) -> dict:
    return {s.name: list(ledger.walkers[_key(s)].steps) for s in strategies}


def _key(strategy):
    from fincoach_tui.domain.counterfactual import strategy_key

    return strategy_key(strategy)


def test_kept_and_restored_walks_equal_the_walk_from_scratch_after_every_turn(counter):
    coach = make_coach(counter, "hybrid", PARAMS["hybrid"])
    strategies = strategies_for(coach)
    kept = CostComparison(coach)
    for turn in range(1, TURNS + 1):
        if turn == 15:
            coach.switch_strategy("summary", PARAMS["summary"])
        if turn == 28:
            coach.switch_strategy("window", PARAMS["window"])
        strategies = strategies_for(coach)
        # The walk as kept last turn, through JSON as the cache keeps it.
        data = json.loads(json.dumps(dump_walk(kept.ledger, coach.state)))
        talk(coach, [f"{QUESTIONS[turn % len(QUESTIONS)]} (turn {turn})"])

        report = kept.snapshot(strategies, context_window=None).report
        scratch = CostComparison(coach)
        assert report == scratch.snapshot(strategies, context_window=None).report
        restored = CostComparison(coach)
        names = restore_walk(restored.ledger, coach.state, data, strategies)
        assert len(names) == (len(strategies) if turn > 1 else 0)
        assert restored.snapshot(strategies, context_window=None).report == report
        assert walked(restored.ledger, strategies) == walked(scratch.ledger, strategies)
    assert any(r.kind == "summary" for r in coach.state.records)  # real folds were read back


def test_hybrids_walk_past_its_window_sends_what_recall_over_the_listed_window_sends(counter):
    """Every request of the comparison's hybrid walk, its recall read from the walk's index
    (which forgets each question that leaves the window), is the request built afresh with
    recall scoring the window's turns one by one; and the index holds the window only."""
    seen: list[tuple[MemoryView, Context]] = []

    @dataclass(frozen=True)
    class Watched(HybridStrategy):
        def build(self, view: MemoryView) -> Context:
            context = super().build(view)
            seen.append((view, context))
            return context

    coach = make_coach(counter, "buffer")
    talk(coach, [f"{QUESTIONS[t % len(QUESTIONS)]} (turn {t})" for t in range(1, TURNS + 1)])
    watched = Watched(**PARAMS["hybrid"])
    ledger = CostComparison(coach).ledger
    template = coach.view(coach.state.transcript.messages[0])
    while not ledger.update(coach.state, [watched], template, limit=1):
        pass
    assert len(seen) == TURNS
    assert ledger.indexed_questions == watched.recall_window
    plain, wide = (
        HybridStrategy(**PARAMS["hybrid"]),
        HybridStrategy(**PARAMS["hybrid"] | {"recall_window": 1500}),
    )
    bitten = 0
    for view, context in seen:
        afresh = replace(view, retriever=Listed(), memo=SessionMemo())
        assert plain.build(afresh) == context, view.new.turn
        bitten += wide.build(afresh) != context
    assert sum(bool(c.recalled) for _, c in seen) > TURNS // 2
    assert bitten > TURNS // 4  # the window changed what was recalled


def counting(monkeypatch) -> dict[str, int]:
    """Strategy steps and BM25 scorings, counted as they happen."""
    counts = {"steps": 0, "bm25": 0}
    step, scores = CounterfactualLedger.step, recall.BM25Index.scores
    prefix_scores = recall.BM25Index.prefix_scores
    prefix_best = recall.BM25Index.prefix_best

    def counted_step(self, *args, **kwargs):
        counts["steps"] += 1
        return step(self, *args, **kwargs)

    def counted_scores(self, *args, **kwargs):
        counts["bm25"] += 1
        return scores(self, *args, **kwargs)

    def counted_prefix_scores(self, *args, **kwargs):
        counts["bm25"] += 1
        return prefix_scores(self, *args, **kwargs)

    def counted_prefix_best(self, *args, **kwargs):
        counts["bm25"] += 1
        return prefix_best(self, *args, **kwargs)

    monkeypatch.setattr(CounterfactualLedger, "step", counted_step)
    monkeypatch.setattr(recall.BM25Index, "scores", counted_scores)
    monkeypatch.setattr(recall.BM25Index, "prefix_scores", counted_prefix_scores)
    monkeypatch.setattr(recall.BM25Index, "prefix_best", counted_prefix_best)
    return counts


def test_a_new_turn_costs_the_same_work_at_turn_10_and_turn_40(counter, monkeypatch):
    coach = make_coach(counter, "buffer")
    strategies = strategies_for(coach)
    ledger = CounterfactualLedger(coach.count_context, coach.count_text)
    counts = counting(monkeypatch)
    per_turn = {}
    for turn in range(1, TURNS + 1):
        talk(coach, [f"{QUESTIONS[turn % len(QUESTIONS)]} (turn {turn})"])
        counts.update(steps=0, bm25=0)
        ledger.update(coach.state, strategies, coach.view(coach.state.transcript.messages[0]))
        per_turn[turn] = dict(counts)
    # One step per strategy, and one BM25 scoring (hybrid's recall), for every new turn
    # once there are earlier turns to recall, however many came before.
    assert per_turn[1] == {"steps": len(strategies), "bm25": 0}
    assert {p["steps"] for p in per_turn.values()} == {len(strategies)}, per_turn
    assert {p["bm25"] for p in per_turn.values()} <= {0, 1}, per_turn
    assert per_turn[10] == per_turn[TURNS] == {"steps": len(strategies), "bm25": 1}, per_turn
    # From scratch: every turn once.
    counts.update(steps=0, bm25=0)
    fresh = CounterfactualLedger(coach.count_context, coach.count_text)
    fresh.update(coach.state, strategies, coach.view(coach.state.transcript.messages[0]))
    assert counts["steps"] == len(strategies) * TURNS


def engine():
    config = Config()
    return build_engine(config, resolve(config, Overrides(), {}))


async def test_opening_a_session_again_reads_its_walk_and_walks_only_new_turns(
    tmp_path, monkeypatch
):
    store = SessionStore(tmp_path)
    e = engine()
    live = open_session(e, store.open("kept"), strategy="hybrid")
    for turn in range(1, 25):
        async for _ in live.coach.turn(f"{QUESTIONS[turn % len(QUESTIONS)]} (turn {turn})"):
            pass
    strategies = comparison_strategies(live.coach.strategy, lambda name: {})
    first = CostComparison(live.coach, live.walk_cache())
    report = first.snapshot(strategies, context_window=None).report
    first.close()  # leaving the session keeps the walk
    live.close()
    assert WalkCache(store.path_for("kept"), "").path.exists()

    counts = counting(monkeypatch)
    again = open_session(e, store.open("kept"))
    restored = CostComparison(again.coach, again.walk_cache())
    assert restored.snapshot(strategies, context_window=None).report == report
    assert counts["steps"] == 0 or counts["steps"] == _ahead_steps(restored)
    scratch = CostComparison(again.coach).snapshot(strategies, context_window=None).report
    assert scratch == report
    # A turn later the file is not the one the walk was kept for: a fresh walk next time.
    async for _ in again.coach.turn("My rent is 30k now."):
        pass
    assert again.walk_cache().load() is None
    again.close()


def _ahead_steps(comparison) -> int:
    """Steps the projection's walk ahead takes (it is walked at every opening)."""
    ahead = comparison.ahead
    return 0 if ahead is None else (ahead.horizon - ahead.done) * 6
