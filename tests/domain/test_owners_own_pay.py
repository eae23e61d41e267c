"""What an owner keeps from the business "as my own pay" is the user's pay, said in any
language around it. The sentences are made up for these tests."""

from __future__ import annotations

import pytest

from fincoach_tui.domain.finance_facts import recognise


@pytest.mark.parametrize(
    ("text", "pay"),
    [
        ("From the clinic I keep 1.4L a month as my own pay", "₹1,40,000"),
        ("karkhana mathi 80k lau chhu as my own pay", "₹80,000"),
        ("70k as my own pay, baaki business mein wapas", "₹70,000"),
    ],
)
def test_a_figure_kept_as_my_own_pay_is_the_pay(text: str, pay: str) -> None:
    assert dict(recognise(text)).get("salary") == pay
