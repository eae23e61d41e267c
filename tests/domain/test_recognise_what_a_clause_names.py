"""What a clause is about when it names nothing the recogniser knows by a kind word: a
clause describing the thing before it ("with a big room for the kids") names no subject of
its own by a word a known fact was once named with; money sent home is not a new value of
the rent or loan talked about before; a wish to make a plan is no goal. Each case states
exactly the facts expected."""

from __future__ import annotations

import pytest

from fincoach_tui.domain.finance_facts import recognise
from tests.recognise_helpers import MAR_9
from tests.recognise_helpers import facts_of as facts_on


def facts_of(*texts: str) -> dict[str, str]:
    return facts_on(*texts, at=MAR_9)


@pytest.mark.parametrize(
    ("before", "said", "rent", "amount", "date"),
    [
        (
            "I rent a room in Thane for 15k.",
            "Dream is a house in Nashik, with a big room for the kids. Builder quoted 40 "
            "lakh. We want to build by 2031.",
            "₹15,000",
            "₹40,00,000",
            "by 2031",
        ),
        (
            "Our flat's rent is 22,000.",
            "We're saving for a 2BHK in Mysuru, having a small room for Amma; the builder "
            "wants 65 lakh, target 2030.",
            "₹22,000",
            "₹65,00,000",
            "target 2030",
        ),
        (
            "Rent for the place is 30k.",
            "Hoping to buy a farmhouse plot, with a place for a cowshed. Around 18 lakh, by 2032.",
            "₹30,000",
            "₹18,00,000",
            "by 2032",
        ),
    ],
)
def test_a_clause_describing_a_goal_does_not_hand_its_figures_to_the_rent(
    before, said, rent, amount, date
):
    facts = facts_of(before, said)
    assert facts["rent"] == rent
    assert facts["goal_house_amount"] == amount
    assert facts["goal_house_date"] == date


@pytest.mark.parametrize(
    ("before", "said", "kept"),
    [
        ("Rent is 18k.", "I also send 10k home every month now.", ("rent", "₹18,000")),
        ("My flat costs 25k a month.", "Sending 8,000 to my parents from now on.", None),
        ("The car EMI went up to 14k.", "Now I transfer 12k to Amma each month.", None),
        ("Rent is 18k.", "Also 6k goes back home to my mother now.", ("rent", "₹18,000")),
        ("Kiraya 12k hai.", "Ab ghar 9k bhejta hoon har mahine.", ("rent", "₹12,000")),
    ],
)
def test_money_sent_home_is_not_a_new_value_of_what_was_talked_about(before, said, kept):
    first = facts_of(before)
    facts = facts_of(before, said)
    for key, value in first.items():
        assert facts[key] == value
    if kept is not None:
        assert facts[kept[0]] == kept[1]


def test_a_figure_said_of_the_same_thing_again_still_updates_it_beside_money_sent_home():
    assert facts_of("Rent is 18k.", "Now it's 19k, I also send some home.")["rent"] == "₹19,000"


@pytest.mark.parametrize(
    "text",
    [
        "I want to make proper plan, my husband says I only spend.",
        "We need to do some proper financial planning this year.",
        "I'd like to have a clear strategy for my bonus.",
        "Planning to build a roadmap for savings.",
    ],
)
def test_a_wish_to_plan_is_no_goal(text):
    assert not [k for k, _ in recognise(text) if k.startswith("goal")]


def test_a_plan_for_a_thing_is_still_its_goal():
    assert dict(recognise("I want to make a retirement plan.")) == {"goal_retirement": "retirement"}
    assert dict(recognise("We want to plan a trip to Bali next year, about 2 lakh.")) == {
        "goal_trip": "trip to Bali",
        "goal_trip_date": "next year",
        "goal_trip_amount": "₹2,00,000",
    }
