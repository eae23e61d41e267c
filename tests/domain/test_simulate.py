"""The notebook's no-model growth simulation (seed 001), for every strategy."""

from __future__ import annotations

import pytest

from fincoach_tui.domain.memory import STRATEGIES, make_strategy
from fincoach_tui.domain.memory.buffer import BufferStrategy
from fincoach_tui.domain.memory.summary import SummaryStrategy
from fincoach_tui.domain.memory.window import WindowStrategy
from fincoach_tui.domain.persona import SIMULATED_TURNS
from fincoach_tui.domain.simulate import assumptions, notebook_table, side_by_side, simulate

SYSTEM_TOKENS = 132
# Seed 001's "Msg tokens" column, and its printed table, verbatim.
MESSAGE_TOKENS = [17, 9, 16, 9, 10, 12, 15, 11, 11, 14]
NOTEBOOK_OUTPUT = """\
System prompt: 132 tokens on every call

Turn | Msg tokens | Conv history | Prompt to API | Sent so far
   1 |         17 |           17 |           149 |         149
   2 |          9 |          106 |           238 |         387
   3 |         16 |          202 |           334 |         721
   4 |          9 |          291 |           423 |       1,144
   5 |         10 |          381 |           513 |       1,657
   6 |         12 |          473 |           605 |       2,262
   7 |         15 |          568 |           700 |       2,962
   8 |         11 |          659 |           791 |       3,753
   9 |         11 |          750 |           882 |       4,635
  10 |         14 |          844 |           976 |       5,611

Growth factor, turn 10 over turn 1: 6.55x"""


def run(strategy, counter, reply_tokens=80):
    return simulate(
        strategy,
        SIMULATED_TURNS,
        system_tokens=SYSTEM_TOKENS,
        count_text=counter.count,
        reply_tokens=reply_tokens,
    )


def test_buffer_reproduces_the_notebook(counter):
    result = run(BufferStrategy(), counter)
    assert [r.message_tokens for r in result.rows] == MESSAGE_TOKENS
    assert [r.prompt_tokens for r in result.rows] == [
        149,
        238,
        334,
        423,
        513,
        605,
        700,
        791,
        882,
        976,
    ]
    assert result.rows[-1].sent_so_far == 5611
    assert round(result.growth_factor, 2) == 6.55


def test_notebook_table_is_the_notebook_output(counter):
    result = run(BufferStrategy(), counter)
    assert notebook_table(result, SYSTEM_TOKENS) == NOTEBOOK_OUTPUT


@pytest.mark.parametrize("k", range(1, 13))
def test_window_never_exceeds_buffer(counter, k):
    buffer = run(BufferStrategy(), counter)
    window = run(WindowStrategy(k=k), counter)
    for b, w in zip(buffer.rows, window.rows, strict=True):
        assert w.prompt_tokens <= b.prompt_tokens
    assert window.rows[-1].sent_so_far <= buffer.rows[-1].sent_so_far


def test_window_of_two_sends_only_the_previous_turn(counter):
    window = run(WindowStrategy(k=2), counter)
    expected = [SYSTEM_TOKENS + MESSAGE_TOKENS[0]] + [
        SYSTEM_TOKENS + MESSAGE_TOKENS[n - 1] + 80 + MESSAGE_TOKENS[n] for n in range(1, 10)
    ]
    assert [r.prompt_tokens for r in window.rows] == expected


def test_summary_assumes_a_full_summary_once_a_fold_is_due(counter):
    strategy = SummaryStrategy(tail_turns=3, batch_turns=4, cap_tokens=300)
    rows = run(strategy, counter).rows
    # Before turn 8, seven turns are complete: four have left the three-turn tail.
    for n in range(1, 8):
        assert rows[n - 1].prompt_tokens == 149 + sum(MESSAGE_TOKENS[1:n]) + 80 * (n - 1)
    tail_8 = sum(MESSAGE_TOKENS[4:7]) + 3 * 80  # turns 5-7 verbatim
    assert rows[7].prompt_tokens == SYSTEM_TOKENS + 300 + tail_8 + MESSAGE_TOKENS[7]
    assert rows[7].history_tokens == 300 + tail_8


@pytest.mark.parametrize("name", sorted(STRATEGIES))
def test_every_strategy_starts_where_buffer_starts(counter, name):
    result = run(make_strategy(name), counter)
    assert result.strategy == name
    assert result.rows[0].prompt_tokens == 149
    assert result.rows[0].history_tokens == 0


def test_side_by_side_lists_every_strategy(counter):
    results = {name: run(make_strategy(name), counter) for name in ("buffer", "window")}
    table = side_by_side(results)
    lines = table.splitlines()
    assert lines[2].split() == ["Turn", "|", "buffer", "|", "window"]
    assert lines[4].split() == ["1", "|", "149", "|", "149"]
    # The totals, then the maintenance calls and everything together (none for these two).
    rows = {line.split()[0]: line.split() for line in lines if " | " in line}
    assert rows["sum"][:3] == ["sum", "|", "5,611"]
    assert rows["grow"][:3] == ["grow", "|", "6.55x"]
    assert rows["mnt"] == ["mnt", "|", "0", "|", "0"]
    assert rows["all"] == ["all", "|", "5,611", "|", "3,661"]


def default_table(counter):
    return {name: run(make_strategy(name), counter) for name in STRATEGIES}


def test_no_bounded_strategy_sends_more_than_buffer_in_the_default_table(counter):
    results = default_table(counter)
    buffer = [r.prompt_tokens for r in results["buffer"].rows]
    for name, result in results.items():
        assert all(r.prompt_tokens <= b for r, b in zip(result.rows, buffer, strict=True)), name
    # hybrid's fold at turn 8 replaces turns 1-4 (371 tokens) with a summary no larger, and
    # recall has no room left: it sends what buffer sends, never more.
    assert [r.prompt_tokens for r in results["hybrid"].rows] == buffer
    assert results["hybrid"].rows[7].maintenance_tokens == 671


def test_facts_counts_its_section_and_its_extraction_calls(counter):
    results = default_table(counter)
    facts, window = results["facts"].rows, results["window"].rows
    # (the user's statements the simulated store does not hold ride along as notes)
    assert [r.prompt_tokens for r in facts] == [149, 238, 334, 423, 476, 518, 539, 580, 606, 635]
    # Extraction every 2 turns (turns 3, 5, 7, 9), each call its request plus its answer;
    # from turn 5 the request also carries the turn before its batch, as context.
    assert [r.maintenance_tokens for r in facts] == [0, 0, 496, 0, 582, 0, 588, 0, 627, 0]
    assert results["facts"].maintenance_tokens == 2293
    # From turn 5 on its requests carry the facts of the turns that left the tail: more than
    # window's by exactly that section.
    for row, bare in zip(facts[4:], window[4:], strict=True):
        assert row.prompt_tokens > bare.prompt_tokens
    # Turn 5: the tail holds turns 2-4; the only fact not stated there is turn 1's, and its
    # salary statement is a note too (the simulated store keys it "hi", not salary), and so
    # is "Hi, I'm Chiru" (the user's name): 28 tokens with the notes section's heading.
    line = "- hi: Hi, I'm Chiru. My monthly salary is ₹1,20,000. (turn 1, 01 Jan 1970)"
    assert facts[4].prompt_tokens == window[4].prompt_tokens + counter.count(line) + 28
    assert results["summary"].maintenance_tokens == 600  # the fold at turn 8, its summary at 300
    assert results["buffer"].maintenance_tokens == 0


def test_the_table_says_what_it_assumes(counter):
    lines = assumptions(80)
    assert lines[0] == "Assumed: every reply is 80 tokens."
    assert "summary is at its cap" in lines[1] and "Recall (hybrid)" in lines[2]
    assert "extraction" in lines[3]
    table = side_by_side(default_table(counter))
    assert table.splitlines()[-1].startswith("sum: requests · mnt: maintenance calls")
