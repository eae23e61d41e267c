"""Classes of phrasing the recogniser reads by their shape, each with made-up sentences: a
figure goes to the thing it is said of, not to a word that happens to stand near it."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from fincoach_tui.domain.finance_facts import find_facts, recognise
from fincoach_tui.domain.own_words import without_own_words

MAY_1 = datetime(2026, 5, 1, 10, 0, tzinfo=UTC).timestamp()


def said(*texts: str) -> dict[str, str]:
    found = find_facts([(f"m{n}", text) for n, text in enumerate(texts)])
    return {key: fact.value for key, fact in found.items()}


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("Medical cost is now 8,400 every month", [("cost_medicine", "₹8,400")]),
        ("medical expenses are 3k a month", [("cost_medicine", "₹3,000")]),
        ("physiotherapy every month about Rs 4,200", [("cost_medicine", "₹4,200")]),
        ("the maid every month 3,500", [("cost_maid", "₹3,500")]),
        # still insurance when said as one
        ("health cover of 7 lakh", [("insurance_health_cover", "₹7,00,000")]),
    ],
)
def test_what_health_costs_is_a_cost_not_an_insurance_cover(text, expected):
    assert recognise(text) == expected


def test_the_names_of_medical_care_are_one_cost():
    assert said(
        "dad's medicines every month about 5,000",
        "the doctor added injections. medical cost is now 7,800 a month",
    ) == {"cost_medicine": "₹7,800"}


def test_a_verb_before_a_cadence_is_not_a_cost():
    assert recognise("we save every month 10k") == []


@pytest.mark.parametrize(
    "text",
    [
        "after the rate reset the EMI is now 31,200",
        "after rate revision my EMI is 31,200",
        "after the top-up, EMI 31,200",
    ],
)
def test_a_change_said_with_after_is_when_not_what_is_deducted(text):
    assert [v for k, v in recognise(text) if k.endswith("_emi")] == ["₹31,200"]


def test_after_a_cost_still_says_what_is_deducted():
    assert "salary" not in dict(recognise("what is left after EMI and rent is 30k"))


def test_a_figure_is_not_given_to_a_thing_named_in_a_reason_after_it():
    assert recognise("raised the ppf to 5k a month because I got a hike") == [
        ("invest_ppf", "₹5,000 a month")
    ]
    assert recognise("put 3k more a month since the raise came") == []


def test_a_date_said_with_from_is_when_a_value_starts():
    assert recognise("the EMI is 18,700 from next month", MAY_1) == [("loan_loan_emi", "₹18,700")]


def test_school_as_a_time_or_a_place_is_not_its_fees():
    assert recognise("we need 9 lakh ready by June 2031 when she finishes school") == []
    assert recognise("school fees are 6k a month") == [("cost_school_fees", "₹6,000")]


def test_the_short_name_of_a_savings_scheme_is_the_scheme():
    assert recognise("I put 2,500 a month in sukanya for my daughter") == [
        ("invest_ssy", "₹2,500 a month")
    ]


@pytest.mark.parametrize(
    ("text", "goal"),
    [
        ("Ladakh trip we want to take, maybe 90k for both", "goal_trip_amount"),
        ("a car we are planning, around 7 lakh", "goal_car_amount"),
    ],
)
def test_a_goal_named_before_the_wish_is_a_goal(text, goal):
    assert dict(recognise(text))[goal].startswith("₹")


def test_a_goal_named_first_keeps_its_date_said_next():
    found = dict(
        recognise("Goa holiday we want, 60k. Christmas time, so December next year", MAY_1)
    )
    assert (found["goal_trip_amount"], found["goal_trip_date"]) == ("₹60,000", "in Dec 2027")


@pytest.mark.parametrize(
    ("text", "reason"),
    [
        ("Share market nako. Dukaan is already a gamble.", "Dukaan is already a gamble"),
        (
            "stocks nahi chahiye. Farming itself is jua every season",
            "Farming itself is jua every season",
        ),
    ],
)
def test_the_market_said_not_wanted_is_a_cautious_stance_with_its_reason(text, reason):
    (risk, stance), reason_fact = recognise(text)
    assert (risk, without_own_words(stance)) == ("risk", "conservative")
    assert stance.endswith(f'("{text.split(".")[0]}")')  # the class, with the user's words
    assert reason_fact == ("risk_reason", reason)


def test_the_name_right_after_the_spouse_word_is_the_spouses():
    assert said("Nana and Nani, my wife Leela, and our son")["spouse_name"] == "Leela"
    assert said("Meera, my wife, runs a boutique")["spouse_name"] == "Meera"


@pytest.mark.parametrize(
    ("text", "city"),
    [
        ("I'm a designer in pune (kothrud)", "Kothrud, Pune"),
        ("we live in Chennai - Adyar", "Adyar, Chennai"),
        ("based in Baner, Pune", "Baner, Pune"),
        ("we live in Pune and I work in Whitefield", "Pune"),  # another city's locality
    ],
)
def test_a_locality_said_beside_its_city_is_kept_with_it(text, city):
    assert said(text)["city"] == city


def test_a_question_said_without_its_mark_states_no_place():
    assert "city" not in said("how are hostel fees these days in places like Bhubaneswar")
    assert said("we live in Pune")["city"] == "Pune"


def test_an_emi_named_without_its_loan_is_the_one_loan_known():
    assert said("Car loan EMI is 14,200", "after the rate reset the EMI is now 14,900") == {
        "loan_car_emi": "₹14,900"
    }


@pytest.mark.parametrize(
    ("before", "later"),
    [
        ("Car loan EMI is 14,200", "took another loan, EMI 6k"),  # said to be another one
        ("Home loan EMI is 31k", "the EMI is now 14,900"),  # two loans known
    ],
)
def test_which_loan_is_not_guessed_when_it_could_be_another(before, later):
    facts = said("Car loan EMI is 14,200", before, "rent is 22k", later)
    assert facts["loan_car_emi"] == "₹14,200"


def test_where_the_user_works_is_no_goal():
    assert recognise("I work as a clerk in a college, salary 41k") == [("salary", "₹41,000")]


@pytest.mark.parametrize(
    ("text", "city"),
    [
        ("i send 15k every month to amma appa in Madurai", None),  # their place
        ("our daughter in Toronto calls every week", None),
        ("I stay with my parents in Nagpur", "Nagpur"),  # the user lives there too
        ("me and my husband live in Thane", "Thane"),
    ],
)
def test_a_place_said_right_after_family_is_theirs_unless_the_user_is_with_them(text, city):
    assert said(text).get("city") == city
