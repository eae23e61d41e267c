"""How a rent is read: it ends only where the rent itself is said to end (not on another
thing's end, a wished end or "no rent" as a standing state), and a "Rent: earlier 15k, now
17k" line keeps the value now."""

from __future__ import annotations

import pytest

from fincoach_tui.domain.finance_facts import find_facts


def said(*texts: str) -> dict[str, str]:
    return {f.key: f.value for f in find_facts([("user", t) for t in texts]).values()}


@pytest.mark.parametrize(
    "later",
    [
        "Most of my pay is gone on rent by the 5th.",
        "No more rent hikes promised for two years.",
        "I don't pay rent in cash anymore, it's all UPI now.",
        "We don't pay rent to the old owner anymore, his son collects it.",
        "We don't have to worry about rent anymore because my brother pays half.",
        "I don't have savings anymore after rent.",
        "Paused the SIP because rent went up.",
        "The caretaker is gone abroad, we pay rent to his nephew.",
        "Electricity is included in rent, no more separate bill.",
        "We cancelled Hotstar, rent unchanged.",
        "The security deposit is gone, the old owner kept it.",
        "Swiggy habit is gone, saving more. Rent same.",
        # a wish or a wait for the end, not the end
        "I want to buy a house so we're not paying rent anymore.",
        "Our aim is to never pay rent again.",
        "Once we buy the flat, no more rent.",
        "After we shift to the quarters, rent is gone.",
        "Saving hard so that we don't have to pay rent any more.",
    ],
)
def test_an_ending_that_is_not_the_rents_leaves_the_rent(later: str) -> None:
    assert said("Rent is 17k.", later)["rent"] == "₹17,000"


@pytest.mark.parametrize(
    ("later", "words"),
    [
        ("Not paying rent anymore, moved back with my parents.", "Not paying rent anymore"),
        ("I don't pay rent anymore.", "don't pay rent anymore"),
        ("No more rent!", "No more rent"),
        ("The house rent is over, we shifted to our own flat.", "rent is over"),
        ("We stopped paying rent after moving in with my in-laws.", None),
        ("Not paying it anymore, the company gave us quarters.", "Not paying it anymore"),
    ],
)
def test_the_rent_said_to_end_ends(later: str, words: str | None) -> None:
    value = said("Rent is 17k.", later)["rent"]
    assert value.startswith("stopped (rent stopped)")
    assert words is None or f'"{words}' in value


@pytest.mark.parametrize(
    "text",
    [
        "We own our flat, so no rent. Society maintenance is 3,100 a month.",
        "Salary 84k. Bank gives quarters, hence no rent.",
    ],
)
def test_no_rent_as_a_standing_state_ends_nothing(text: str) -> None:
    assert "rent" not in said(text)


def test_over_before_a_figure_is_more_than_not_an_end() -> None:
    assert said("Rent is 17k.", "After the rent I'm left with a bit over 40 of it.")["rent"] == (
        "₹17,000"
    )


@pytest.mark.parametrize(
    "text",
    [
        "Rent: earlier 15k, now 17k.",
        "rent: old 15k, new 17k",
        "Rent: was 15k, revised to 17k from June",
        "House rent: previously 15,000, 17,000 now",
    ],
)
def test_a_label_line_with_the_old_and_new_value_keeps_the_new(text: str) -> None:
    assert said(text)["rent"] == "₹17,000"


@pytest.mark.parametrize(
    ("text", "key", "value"),
    [("Rent: 25k", "rent", "₹25,000"), ("- rent: ₹28,000 (was ₹25,000)", "rent", "₹28,000")],
)
def test_a_label_line_with_one_value_reads_as_before(text: str, key: str, value: str) -> None:
    assert said(text)[key] == value
