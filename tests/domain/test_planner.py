"""The crossover planner against seed 002's worked numbers, and `fincoach plan`."""

from __future__ import annotations

import pytest

from fincoach_tui.domain.planner import (
    BOUNDED,
    BUFFER,
    MAX_TURNS,
    PlanInputs,
    SessionAverages,
    format_plan,
    inputs_from_session,
    make_plan,
    wall_turn,
)

SEED = (
    PlanInputs()
)  # seed 002: system 1,800, turn 400, tail 3, summary 900, facts 250, recall 1,500


def test_defaults_are_seed_002s_assumptions():
    assert (
        SEED.system_tokens,
        SEED.turn_tokens,
        SEED.tail_turns,
        SEED.summary_tokens,
        SEED.fact_tokens,
        SEED.recall_tokens,
    ) == (1800, 400, 3, 900, 250, 1500)


def test_per_turn_arithmetic_of_seed_002():
    plan = make_plan(PlanInputs(turns=10))
    assert plan.per_turn[BUFFER][:3] == (1800, 2200, 2600)  # 1800 + 400*(n-1)
    assert set(plan.per_turn["summary"]) == {3900}  # 1800 + 900 + 400*3, flat
    assert set(plan.per_turn["facts"]) == {3250}
    assert set(plan.per_turn["hybrid"]) == {4500}


@pytest.mark.parametrize(
    ("turns", "buffer", "summary"),
    # Seed 002 prints 482,000 for N = 50 ("90,000 + 392,000"), but its own formula gives
    # 1800*50 + 400*50*49/2 = 90,000 + 490,000 = 580,000: 392,000 is an arithmetic slip
    # (N = 10 and N = 200 check out with the same formula). The planner follows the formula.
    [(10, 36_000, 39_000), (50, 580_000, 195_000), (200, 8_320_000, 780_000)],
)
def test_totals_reproduce_seed_002(turns, buffer, summary):
    plan = make_plan(PlanInputs(turns=turns))
    assert plan.total(BUFFER) == buffer == 1800 * turns + 400 * turns * (turns - 1) // 2
    assert plan.total("summary") == summary


def test_at_200_turns_buffer_is_about_eleven_times_summary():
    plan = make_plan(PlanInputs(turns=200))
    assert round(plan.total(BUFFER) / 1e6, 1) == 8.3  # "≈ 8.3 million"
    assert round(plan.total(BUFFER) / plan.total("summary")) == 11  # "a factor of about eleven"


def test_crossover_turns_on_seed_002s_assumptions():
    plan = make_plan(PlanInputs(turns=50))
    cross = plan.crossovers
    # per turn: the first n with 1800 + 400(n-1) above the flat cost
    assert (cross["summary"].per_turn, cross["facts"].per_turn, cross["hybrid"].per_turn) == (
        7,
        5,
        8,
    )
    # cumulative: below these turns bounded strategies cost more in total ("roughly fifteen")
    assert (
        cross["summary"].cumulative,
        cross["facts"].cumulative,
        cross["hybrid"].cumulative,
    ) == (12, 9, 15)
    assert cross["window"].per_turn == 5 and cross["window"].cumulative == 8


@pytest.mark.parametrize("strategy", BOUNDED)
def test_crossovers_agree_with_the_tables(strategy):
    plan = make_plan(PlanInputs(turns=60, turn_tokens=370, summary_tokens=700))
    c = plan.crossovers[strategy]
    per_turn = next(
        n for n in range(1, 61) if plan.per_turn[strategy][n - 1] < plan.per_turn[BUFFER][n - 1]
    )
    total = next(
        n for n in range(1, 61) if plan.cumulative[strategy][n - 1] < plan.cumulative[BUFFER][n - 1]
    )
    assert (c.per_turn, c.cumulative) == (per_turn, total)


def test_no_growth_means_no_crossover():
    plan = make_plan(PlanInputs(turn_tokens=0, turns=5))
    assert plan.crossovers["summary"].per_turn is None
    assert plan.crossovers["summary"].when() == "per turn from never · in total from never"


def test_the_crossover_and_totals_in_words():
    """One wording for `fincoach plan` and the planner screen (which joins with a comma)."""
    plan = make_plan(SEED)
    assert plan.crossovers["summary"].when() == "per turn from turn 7 · in total from turn 12"
    assert plan.crossovers["window"].when(", ") == "per turn from turn 5, in total from turn 8"
    assert plan.totals_line(" tokens in total") == (
        "At turn 20: buffer 112,000 tokens in total · window 60,000 · summary 78,000 · "
        "facts 65,000 · hybrid 90,000"
    )


def test_inputs_are_validated():
    with pytest.raises(ValueError, match="turns must be a whole number of at least 1"):
        PlanInputs(turns=0)
    with pytest.raises(ValueError, match="system_tokens"):
        PlanInputs(system_tokens=-1)


def test_a_plan_is_at_most_100000_turns_and_a_long_session_plans_that_many():
    """Every turn of a plan is computed and kept: 99,999,999 turns (a key held down in
    the planner screen) would take minutes and gigabytes, so it is refused; a session so
    long that twice its turns is more plans the most there can be."""
    assert MAX_TURNS == 100_000
    assert len(make_plan(PlanInputs(turns=MAX_TURNS)).per_turn[BUFFER]) == 100_000
    with pytest.raises(ValueError) as refused:
        PlanInputs(turns=99_999_999)
    assert str(refused.value) == "turns must be at most 100,000, got 99,999,999"
    averages = SessionAverages(
        turns=60_000, system_tokens=132, turn_tokens=118, user_tokens=20, completion_tokens=90
    )
    assert inputs_from_session(averages).turns == 100_000


def test_session_averages_replace_the_seeds_sizes():
    averages = SessionAverages(
        turns=12, system_tokens=132, turn_tokens=118, user_tokens=20, completion_tokens=90
    )
    inputs = inputs_from_session(averages, tail_turns=4)
    assert (inputs.system_tokens, inputs.turn_tokens, inputs.tail_turns, inputs.turns) == (
        132,
        118,
        4,
        24,
    )
    assert inputs.summary_tokens == 900  # nothing measured: the seed's assumption stays


def test_wall_turn():
    assert wall_turn(5, 1000, 100, 1500) == 11  # 1000 + 100*6 = 1600 > 1500
    assert wall_turn(5, 1000, 0, 1500) is None
    assert wall_turn(5, 2000, 0, 1500) == 5
    assert wall_turn(5, 1000, 100, None) is None


def test_format_plan_shows_rows_crossovers_and_totals():
    text = format_plan(make_plan(PlanInputs(turns=10)))
    assert "  10 | 5,400 /   36,000 | 3,000 /   30,000 | 3,900 /   39,000 |" in text
    assert "summary    flat  3,900/turn · per turn from turn 7 · in total from turn 12" in text
    assert "At turn 10: buffer 36,000 · window 30,000 · summary 39,000" in text


def test_long_plans_show_a_sample_plus_the_crossovers():
    text = format_plan(make_plan(PlanInputs(turns=200)))
    rows = [line for line in text.splitlines() if line[:4].strip().isdigit()]
    assert len(rows) < 40
    assert any(line.startswith("  15 |") for line in rows)  # hybrid's cumulative crossover
    fifty = next(line for line in rows if line.startswith("  50 |"))  # a round step: 10, 20, ...
    assert "21,400 /   580,000 |" in fifty and "3,900 /   195,000 |" in fifty
    assert "At turn 200: buffer 8,320,000" in text


def test_fincoach_plan_prints_seed_002_by_default(capsys):
    from fincoach_tui.cli import main

    assert main(["plan"]) == 0
    out = capsys.readouterr().out
    assert out.startswith("Assumptions: system 1,800 · turn 400 (user + reply) · tail 3 turns")
    assert "  10 | 5,400 /   36,000 | 3,000 /   30,000 | 3,900 /   39,000 |" in out
    assert "hybrid     flat  4,500/turn · per turn from turn 8 · in total from turn 15" in out


def test_fincoach_plan_takes_your_numbers_and_refuses_bad_ones(capsys):
    from fincoach_tui.cli import main

    assert main(["plan", "--system-tokens", "132", "--turn-tokens", "93", "--turns", "5"]) == 0
    out = capsys.readouterr().out
    assert "   5 |   504 /    1,590 |" in out  # 132 + 93*4 = 504; 5*132 + 93*10 = 1,590
    assert main(["plan", "--turns", "0"]) == 2
    assert "turns must be a whole number of at least 1" in capsys.readouterr().err
    assert main(["plan", "--turns", "100001"]) == 2
    assert capsys.readouterr().err == "fincoach: turns must be at most 100,000, got 100,001\n"
