"""The session's call totals kept as records come: after every record, exactly the sums over
every record (the costs exact, as `math.fsum` gives them), reading only the records added
since the last read."""

from __future__ import annotations

from dataclasses import replace
from math import fsum

from hypothesis import given, settings
from hypothesis import strategies as st

from fincoach_tui.domain.money import usd
from fincoach_tui.domain.pricing import Price, call_cost
from fincoach_tui.domain.records import CallRecord
from fincoach_tui.domain.session_state import SessionState
from tests.ui.test_chart_incremental import Counted
from tests.widget_harness import call_record


# ---- the sums over every record, every read -------------------------------------------
def old_total_cost(records: list[CallRecord]) -> float | None:
    costs = [r.cost_usd for r in records]
    priced = [c for c in costs if c is not None]
    return fsum(priced) if len(priced) == len(costs) else None


def old_values(records: list[CallRecord]) -> tuple:
    return (
        old_total_cost(records),
        fsum(r.cost_usd or 0.0 for r in records),  # priced_cost
        any(r.usage.estimated and not r.simulated for r in records),  # estimated
        sum(r.usage.prompt_tokens for r in records),  # billed_prompt_tokens
        len([r for r in records if r.cost_usd is not None]),  # the bar's priced calls
    )


def new_values(state: SessionState) -> tuple:
    totals = state.totals
    assert totals.unpriced_calls == len(state.records) - totals.priced_calls
    return (
        state.total_cost,
        state.priced_cost,
        state.estimated,
        state.billed_prompt_tokens,
        totals.priced_calls,
    )


def made(turn: int, cost: float | None, prompt: int, estimated: bool, simulated: bool):
    base = call_record(turn, "buffer", [], prompt=prompt, completion=3)
    usage = replace(base.usage, estimated=estimated)
    return replace(base, cost_usd=cost, usage=usage, simulated=simulated)


costs = st.one_of(
    st.none(),
    st.floats(min_value=0.0, max_value=5.0, allow_nan=False),
    st.sampled_from([1e-9, 0.1, 0.2, 0.3, 1e16, 3.0000000000000004e-07]),
)
calls = st.lists(
    st.tuples(costs, st.integers(0, 200_000), st.booleans(), st.booleans()), max_size=60
)


@settings(max_examples=200, deadline=None)
@given(calls)
def test_every_read_equals_the_sums_over_every_record(played):
    state = SessionState()
    records = Counted([])
    state.records = records  # type: ignore[assignment]
    for turn, (cost, prompt, estimated, simulated) in enumerate(played, start=1):
        records.forget()
        seen = len(records)
        records.append(made(turn, cost, prompt, estimated, simulated))
        got = new_values(state)
        # The new record, and the one before (the list is still this session's): never
        # every record.
        assert records.walked == 0 and set(records.read) <= {seen - 1, seen}
        want = old_values(records.items)
        assert got == want  # bit for bit: `==` on the floats, None where it was None
        assert [type(v) for v in got] == [type(v) for v in want]
        records.forget()
        assert new_values(state) == want and set(records.read) == {seen}  # read again: no fold


def test_a_session_of_five_thousand_calls_matches_at_every_call():
    state = SessionState()
    for turn in range(1, 5_001):
        cost = None if turn % 997 == 0 else (turn % 13) * 1.1e-7 + 3e-6
        state.records.append(made(turn, cost, 100 + 37 * turn, turn == 4_000, turn % 2 == 0))
        assert new_values(state) == old_values(state.records)
    assert state.total_cost is None and state.estimated is False  # turn 4,000 is simulated
    assert state.totals.unpriced_calls == 5 and state.totals.calls == 5_000


def test_a_list_that_is_not_the_one_followed_is_folded_again():
    state = SessionState()
    state.records.extend(made(t, 0.25, 10, t == 2, False) for t in (1, 2, 3))
    assert new_values(state) == (0.75, 0.75, True, 30, 3)
    state.records = [made(1, None, 7, False, False)]  # shorter: another session's
    assert new_values(state) == (None, 0.0, False, 7, 0)
    state.records = [made(1, 0.5, 9, False, False)]  # as long, its last record another
    assert new_values(state) == (0.5, 0.5, False, 9, 1)


def test_no_records_give_the_empty_sums():
    state = SessionState()
    assert new_values(state) == (0.0, 0.0, False, 0, 0)
    assert new_values(state) == old_values([])


def test_a_long_session_totals_exactly_where_adding_in_turn_drifts():
    # 10,000 calls of $0.000123 (205 prompt tokens at $0.6/M): $1.23 exactly, as fsum says.
    state = SessionState()
    state.records.extend(made(t, 0.000123, 205, False, False) for t in range(1, 10_001))
    costs = [r.cost_usd for r in state.records]
    assert sum(costs) != fsum(costs) == state.total_cost == state.priced_cost
    assert usd(state.total_cost) == "$1.23"


def test_a_total_on_a_rounding_edge_reads_as_the_comparison_reads_it():
    # Four gpt-4o-mini calls costing $0.00195 in all: added in turn they give
    # 0.0019500000000000001 ("$0.0020"); the exact sum, as the cost comparison's "you paid"
    # has it, 0.00195 ("$0.0019"). The bar and the comparison say the same.
    mini = Price(input=0.15, cached_input=0.075, output=0.6)
    state = SessionState()
    for turn, (prompt, completion) in enumerate(
        ((1561, 414), (2123, 22), (2383, 500), (2477, 178)), start=1
    ):
        record = call_record(turn, "buffer", [], prompt=prompt, completion=completion)
        state.records.append(replace(record, cost_usd=call_cost(record.usage, mini)))
    assert usd(sum(r.cost_usd for r in state.records)) == "$0.0020"
    assert usd(state.total_cost) == usd(fsum(r.cost_usd for r in state.records)) == "$0.0019"


def test_a_session_read_back_has_its_records_folded_with_the_reading():
    """Replay folds the sums as it finishes (the app reads a session in a thread): the
    first read of the totals, the session bar's on the event loop, folds nothing."""
    from fincoach_tui.domain.session_events import record_event
    from fincoach_tui.domain.session_state import replay

    played = [
        made(t, (t % 7) * 1.3e-6 if t % 50 else None, 40 + t, t == 9, False) for t in range(1, 301)
    ]
    state, problems = replay(record_event(r).to_dict() for r in played)
    assert problems == [] and len(state.records) == 300
    records = Counted(state.records)
    state.records = records  # type: ignore[assignment]
    assert new_values(state) == old_values(played)
    assert records.walked == 0 and set(records.read) == {299}  # the last one, to know the list
