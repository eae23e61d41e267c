"""A walk kept beside a session is read back only by the code that kept it: one kept by
other code (another walk version) is ignored, the session walked from scratch, and the
file replaced with the new walk when the session is left."""

from __future__ import annotations

import hashlib
import json

from fincoach_tui.domain.walk_state import dump_walk
from fincoach_tui.domain.walk_version import WALK_VERSION
from fincoach_tui.service.cost_comparison import CostComparison, comparison_strategies
from fincoach_tui.service.runtime import open_session
from fincoach_tui.store.sessions import SessionStore
from fincoach_tui.store.walk_cache import WalkCache
from tests.service.test_counterfactual import make_coach, talk
from tests.service.test_walk_state import PARAMS, QUESTIONS, counting, engine, strategies_for

TURNS = 12


def test_a_cache_of_another_walk_version_is_not_read(tmp_path):
    session = tmp_path / "s.jsonl"
    session.write_text("{}\n", encoding="utf-8")
    cache = WalkCache(session, "basis")
    cache.save({"walkers": []})
    assert cache.load() == {"walkers": []}
    data = json.loads(cache.path.read_text(encoding="utf-8"))
    assert data["walk_version"] == WALK_VERSION
    for other in (WALK_VERSION - 1, WALK_VERSION + 1, None):
        cache.path.write_text(json.dumps({**data, "walk_version": other}), encoding="utf-8")
        assert cache.load() is None
    del data["walk_version"]  # kept before walks had a version
    cache.path.write_text(json.dumps(data), encoding="utf-8")
    assert cache.load() is None


async def test_a_walk_kept_by_other_code_is_walked_again_and_replaced(tmp_path, monkeypatch):
    store = SessionStore(tmp_path)
    e = engine()
    live = open_session(e, store.open("kept"), strategy="buffer")
    for turn in range(1, TURNS + 1):
        async for _ in live.coach.turn(f"{QUESTIONS[turn % len(QUESTIONS)]} (turn {turn})"):
            pass
    strategies = comparison_strategies(live.coach.strategy, lambda name: {})
    first = CostComparison(live.coach, live.walk_cache())
    report = first.snapshot(strategies, context_window=None).report
    first.close()
    live.close()
    path = WalkCache(store.path_for("kept"), "").path
    kept = json.loads(path.read_text(encoding="utf-8"))
    # The same walk, as if older code had kept it: same file, prompt and tokenizer.
    path.write_text(json.dumps({**kept, "walk_version": WALK_VERSION - 1}), encoding="utf-8")

    counts = counting(monkeypatch)
    again = open_session(e, store.open("kept"))
    walked = CostComparison(again.coach, again.walk_cache())
    assert walked.snapshot(strategies, context_window=None).report == report
    # Every turn of every strategy walked again (and the projection's walk ahead).
    ahead = walked.ahead
    ahead_steps = 0 if ahead is None else (ahead.horizon - ahead.done) * len(strategies)
    assert counts["steps"] == TURNS * len(strategies) + ahead_steps
    walked.close()  # leaving it keeps the new walk, over the old file
    again.close()
    assert json.loads(path.read_text(encoding="utf-8"))["walk_version"] == WALK_VERSION
    assert WalkCache(store.path_for("kept"), again.walk_cache().basis).load() is not None


# What this code keeps of one fixed session's walk, every strategy (30 turns
# of hybrid with small sizes: folds, cuts and recalls). A kept walk is read back only by
# the same WALK_VERSION: when what the walk keeps changes, the version must move with it.
TURNS_KEPT = 30
KEPT_WALK = (55, "76e507c5d0863c79")


def test_the_walk_version_moves_with_what_a_walk_keeps(counter):
    coach = make_coach(counter, "hybrid", PARAMS["hybrid"])
    talk(coach, [f"{QUESTIONS[t % len(QUESTIONS)]} (turn {t})" for t in range(1, TURNS_KEPT + 1)])
    comparison = CostComparison(coach)
    comparison.snapshot(strategies_for(coach), context_window=None)
    kept = json.dumps(dump_walk(comparison.ledger, coach.state), sort_keys=True)
    digest = hashlib.sha256(kept.encode("utf-8")).hexdigest()[:16]
    assert (WALK_VERSION, digest) == KEPT_WALK, (
        "a walk of the same session keeps something else now: bump WALK_VERSION in "
        f"fincoach_tui/domain/walk_version.py and set KEPT_WALK = ({WALK_VERSION + 1}, "
        f'"{digest}") here (a walk kept by the code before would be read as this one)'
    )
