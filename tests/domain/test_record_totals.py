"""The session's call totals kept as records come: after every record, exactly what the
sums over every record gave, reading only the records added since the last read."""

from __future__ import annotations

from dataclasses import replace

from hypothesis import given, settings
from hypothesis import strategies as st

from fincoach_tui.domain.record_totals import RunningSum
from fincoach_tui.domain.records import CallRecord
from fincoach_tui.domain.session_state import SessionState
from tests.ui.test_chart_incremental import Counted
from tests.widget_harness import call_record


# ---- what the session state computed before: every record, every read ----------------
def old_total_cost(records: list[CallRecord]) -> float | None:
    costs = [r.cost_usd for r in records]
    priced = [c for c in costs if c is not None]
    return sum(priced) if len(priced) == len(costs) else None


def old_values(records: list[CallRecord]) -> tuple:
    return (
        old_total_cost(records),
        sum(r.cost_usd or 0.0 for r in records),  # priced_cost
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
    assert new_values(state) == (0, 0, False, 0, 0)
    assert new_values(state) == old_values([])


def test_the_running_sum_is_the_interpreters_sum():
    for values in ([], [0.1] * 10, [1e100, 1.0, -1e100], [1e16, 1.0, 1.0, -1e16], [0, 0]):
        running = RunningSum()
        for v in values:
            running.add(v)
        assert running.value == sum(values) and type(running.value) is type(sum(values))
