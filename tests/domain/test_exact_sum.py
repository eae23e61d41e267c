"""A sum kept as values come reads exactly as `math.fsum` of them all."""

from __future__ import annotations

from math import fsum

from hypothesis import given
from hypothesis import strategies as st

from fincoach_tui.domain.exact_sum import CallSums, ExactSum

finite = st.floats(allow_nan=False, allow_infinity=False, min_value=-1e300, max_value=1e300)
prices = st.one_of(st.floats(0, 1, allow_nan=False), st.sampled_from([1e-9, 0.1, 0.2, 0.3, 1e16]))


@given(st.lists(finite))
def test_the_sum_is_fsum_of_every_value_at_every_step(values):
    total = ExactSum()
    for n, value in enumerate(values, start=1):
        total.add(value)
        assert total.value == fsum(values[:n])
    assert ExactSum().value == 0.0


def test_values_that_cancel_and_tenths_sum_as_fsum_does():
    total = ExactSum()
    for value in (1e16, 1.0, -1e16, *[0.1] * 10):
        total.add(value)
    assert total.value == fsum([1e16, 1.0, -1e16, *[0.1] * 10]) == 2.0


@given(st.lists(st.tuples(prices, st.booleans())))
def test_call_sums_are_the_chat_the_maintenance_and_every_call(calls):
    sums = CallSums()
    for cost, chat in calls:
        sums.add(cost, chat)
    chat = [c for c, is_chat in calls if is_chat]
    upkeep = [c for c, is_chat in calls if not is_chat]
    assert sums.values == (fsum(chat), fsum(upkeep), fsum(chat + upkeep))
