"""The template-overhead learner: exact recovery from synthetic usage, and its store."""

from __future__ import annotations

import json
import random
from fractions import Fraction

import pytest

from fincoach_tui.domain.overhead_fit import (
    KEEP,
    Observation,
    OverheadLearner,
    fit_overhead,
    prediction_errors,
)
from fincoach_tui.domain.tokens import HARMONY_OVERHEAD, OPENAI_CHAT_OVERHEAD, TemplateOverhead
from fincoach_tui.store.overheads import OverheadStore


def chat_roles(turn: int) -> list[str]:
    """A buffer request at `turn`: system, the earlier turns, the new question."""
    return ["system"] + ["user", "assistant"] * (turn - 1) + ["user"]


def test_recovers_fixed_and_per_message_from_a_chat():
    truth = TemplateOverhead(fixed=7, per_role={"system": 5, "user": 5, "assistant": 5})
    observations = [Observation.of(chat_roles(t), truth.predict(chat_roles(t))) for t in (1, 2)]
    learned = fit_overhead(OPENAI_CHAT_OVERHEAD, observations)
    assert learned.fixed() + learned.per_role("system") == 12  # collinear in a chat: their sum
    assert learned.per_role("user") == learned.per_role("assistant") == 5
    for turn in range(3, 40):
        assert learned.predict(chat_roles(turn)) == truth.predict(chat_roles(turn))


def test_recovers_every_term_when_the_calls_identify_them():
    truth = TemplateOverhead(fixed=61, per_role={"system": 8, "user": 4, "assistant": 6})
    rng = random.Random(5)
    observations = []
    for _ in range(12):  # varied shapes: several system messages, replies in a row...
        roles = [rng.choice(("system", "user", "assistant")) for _ in range(rng.randint(1, 9))]
        observations.append(Observation.of(roles, truth.predict(roles)))
    learned = fit_overhead(OPENAI_CHAT_OVERHEAD, observations)
    assert learned.fixed() == 61
    assert [learned.per_role(r) for r in ("system", "user", "assistant")] == [8, 4, 6]
    assert (
        "fixed 61 + system 8 · user 4 · assistant 6 per message (learned from 12 calls)"
        == learned.describe()
    )


def test_least_squares_with_noise_is_the_best_linear_fit():
    # gaps 10, 12, 17 at 1, 2, 3 messages: the fitted line is 6 + 3.5 n
    obs = [Observation.of(["user"] * n, gap) for n, gap in ((1, 10), (2, 12), (3, 17))]
    learned = fit_overhead(TemplateOverhead(fixed=0, per_role={}, default_per_message=0), obs)
    assert learned.fixed() == 6
    assert learned.per_role("user") == Fraction(7, 2)


def test_error_is_zero_from_the_third_turn_for_a_fixed_template():
    truth = TemplateOverhead(fixed=5, per_role={"system": 3, "user": 3, "assistant": 3})
    learner = OverheadLearner(OPENAI_CHAT_OVERHEAD)
    errors = []
    for turn in range(1, 9):
        roles = chat_roles(turn)
        billed_gap = truth.predict(roles)
        errors.append(billed_gap - learner.predict(roles))
        learner.observe(Observation.of(roles, billed_gap))
    assert errors[2:] == [0] * 6
    assert errors[1] != 0  # one call only pins the fixed part


def test_harmony_prior_matches_seed_001s_groq_bills():
    # seed 001: billed - tiktoken = 74, 84, 94, 104, 114 over five buffer turns
    gaps = [225 - 151, 446 - 362, 732 - 638, 995 - 891, 1241 - 1127]
    assert [HARMONY_OVERHEAD.predict(chat_roles(t)) for t in range(1, 6)] == gaps


def test_learner_keeps_only_recent_observations():
    learner = OverheadLearner(OPENAI_CHAT_OVERHEAD, keep=KEEP)
    for _ in range(1, KEEP + 10):
        learner.observe(Observation.of(chat_roles(2), 100))
    assert len(learner.observations) == KEEP
    assert learner.predict(chat_roles(2)) == 100


def test_prediction_errors_skip_estimates(tmp_path):
    from fincoach_tui.domain.records import CallRecord, Usage

    def record(turn, prompt, predicted, estimated=False, kind="chat"):
        return CallRecord(
            kind,
            turn,
            "buffer",
            "p",
            "m",
            (),
            (),
            0,
            predicted,
            Usage(prompt, 1, estimated=estimated),
            None,
            0.0,
        )

    records = [
        record(1, 50, 40),
        record(2, 60, 60, estimated=True),
        record(3, 70, 70, kind="summary"),
        record(3, 80, 83),
    ]
    assert prediction_errors(records) == [(1, 10), (3, -3)]


def test_store_round_trip_per_base_url_and_model(tmp_path):
    store = OverheadStore(tmp_path / "data" / "overheads.json")
    groq = [Observation.of(chat_roles(1), 74), Observation.of(chat_roles(2), 84)]
    store.save("https://api.groq.com/openai/v1/", "openai/gpt-oss-120b", groq)
    store.save(None, "gpt-4o-mini", [Observation.of(chat_roles(1), 11)])
    again = OverheadStore(tmp_path / "data" / "overheads.json")
    assert again.load("https://api.groq.com/openai/v1", "openai/gpt-oss-120b") == groq
    assert again.load(None, "gpt-4o-mini") == [Observation.of(chat_roles(1), 11)]
    assert again.load("http://localhost:8000/v1", "openai/gpt-oss-120b") == []
    assert not list((tmp_path / "data").glob(".*.tmp"))  # the atomic write left nothing behind


def test_store_survives_a_damaged_file(tmp_path):
    path = tmp_path / "overheads.json"
    path.write_text("{not json")
    store = OverheadStore(path)
    assert store.load("u", "m") == []
    store.save("u", "m", [Observation.of(["user"], 3)])
    assert store.load("u", "m") == [Observation.of(["user"], 3)]
    data = json.loads(path.read_text())
    data["entries"]["u m"]["observations"].append({"roles": "bad", "gap": 1})
    path.write_text(json.dumps(data))
    assert store.load("u", "m") == [Observation.of(["user"], 3)]


# --- the incremental fit equals the full refit it replaced ------------------------------
# `reference_fit` is the fit as it was written before it became incremental (columns over
# every observation, Gram-Schmidt, then the normal equations): the running sums must give
# exactly the same LearnedOverhead, Fractions and all.


def reference_fit(prior, observations):
    from fincoach_tui.domain.overhead_fit import TERMS, LearnedOverhead, term_features

    if not observations:
        return LearnedOverhead(prior)

    def dot(a, b):
        return sum((x * y for x, y in zip(a, b)), Fraction(0))

    rows = [term_features(o.counts) for o in observations]
    y = [Fraction(o.gap - prior.predict(o.role_list())) for o in observations]
    columns = {t: [Fraction(row[t]) for row in rows] for t in TERMS}
    basis, kept = [], []
    for term in TERMS:
        v = list(columns[term])
        for b in basis:
            scale = dot(v, b) / dot(b, b)
            v = [x - scale * w for x, w in zip(v, b)]
        if any(v):
            basis.append(v)
            kept.append(term)
    cols = [columns[t] for t in kept]
    a = [[dot(ci, cj) for cj in cols] + [dot(ci, y)] for ci in cols]
    size = len(cols)
    for col in range(size):
        pivot = next(r for r in range(col, size) if a[r][col] != 0)
        a[col], a[pivot] = a[pivot], a[col]
        for r in range(size):
            if r != col and a[r][col] != 0:
                factor = a[r][col] / a[col][col]
                a[r] = [x - factor * p for x, p in zip(a[r], a[col])]
    solution = [a[i][size] / a[i][i] for i in range(size)]
    return LearnedOverhead(
        prior, {t: v for t, v in zip(kept, solution) if v != 0}, len(observations)
    )


def random_observation(rng):
    shape = rng.choice(("chat", "chat", "any", "same"))
    if shape == "chat":  # the usual request: collinear per-role terms
        roles = chat_roles(rng.randint(1, 12))
    elif shape == "same":  # a bounded strategy: the same shape again and again
        roles = chat_roles(4)
    else:
        roles = [rng.choice(("system", "user", "assistant")) for _ in range(rng.randint(1, 9))]
    return Observation.of(roles, rng.randint(0, 200))


@pytest.mark.slow  # 720 reference refits, each from scratch: seconds, so out of the fast loop
def test_incremental_learner_equals_a_full_refit_on_random_observations():
    rng = random.Random(11)
    for prior in (OPENAI_CHAT_OVERHEAD, HARMONY_OVERHEAD):
        for keep in (1, 3, 8, KEEP):
            seed = [random_observation(rng) for _ in range(rng.randint(0, 5))]
            learner = OverheadLearner(prior, seed, keep=keep, guard=False)  # random gaps: no drift
            window = seed[-keep:]
            assert learner.current == reference_fit(prior, window)
            for _ in range(90):
                observation = random_observation(rng)
                window = [*window, observation][-keep:]
                assert learner.observe(observation) == reference_fit(prior, window)
                assert learner.observations == window


def test_fit_overhead_equals_the_reference_on_shapes_that_identify_few_or_all_terms():
    rng = random.Random(3)
    for _ in range(60):
        observations = [random_observation(rng) for _ in range(rng.randint(1, 20))]
        for prior in (
            OPENAI_CHAT_OVERHEAD,
            TemplateOverhead(fixed=0, per_role={}, default_per_message=0),
        ):
            assert fit_overhead(prior, observations) == reference_fit(prior, observations)


def test_a_window_taking_in_the_shape_it_lets_go_is_not_refitted():
    learner = OverheadLearner(OPENAI_CHAT_OVERHEAD, keep=4)
    for _ in range(4):
        learner.observe(Observation.of(chat_roles(3), 30))
    fitted = learner.current
    for _ in range(10):
        assert learner.observe(Observation.of(chat_roles(3), 30)) is fitted  # same sums: kept
    learner.observe(Observation.of(chat_roles(5), 40))
    assert learner.current is not fitted
    assert learner.current == reference_fit(OPENAI_CHAT_OVERHEAD, learner.observations)
