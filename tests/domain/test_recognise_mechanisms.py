"""The recogniser's general mechanisms, each shown on phrasings written for these tests (not
taken from the probe corpora), so that they show the mechanism rather than a sentence."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from fincoach_tui.domain.amounts import find_amounts
from fincoach_tui.domain.finance_facts import find_facts
from fincoach_tui.domain.number_words import count_value
from fincoach_tui.domain.relative_dates import as_of, resolve_relative

SAID_AT = datetime(2026, 5, 14, 10, 0, tzinfo=UTC).timestamp()  # a Thursday in May 2026


def said(*texts: str, at: float | None = SAID_AT) -> dict[str, str]:
    """The current value of each fact after messages said one after the other."""
    messages = [(f"m{n}", text) for n, text in enumerate(texts, start=1)]
    return {key: fact.value for key, fact in find_facts(messages, said_at=at).items()}


# ---- supersession across phrasings ---------------------------------------------------------


@pytest.mark.parametrize(
    ("first", "later", "key", "value"),
    [
        ("I take home about 74k.", "Got a hike, it's 81,500 now.", "salary", "₹81,500"),
        (
            "Paying 19k for the flat.",
            "The landlord bumped it to ₹21,000 from June.",
            "rent",
            "₹21,000",
        ),
        (
            "My wife Meera earns 55k.",
            "Meera's salary is now 61 thousand.",
            "spouse_salary",
            "₹61,000",
        ),
        (
            "Scooter loan EMI is 3,100 a month.",
            "Finally paid off the scooter loan last week!",
            "loan_bike_emi",
            'closed (bike loan closed) ("paid off the scooter loan …")',
        ),
        (
            "I run a SIP of 6k.",
            "We have decided to stop the SIP for now.",
            "sip",
            'stopped (SIP stopped) ("decided to stop the SIP …")',
        ),
        (
            "Personal loan EMI 8,800.",
            "I foreclosed it yesterday.",
            "loan_personal_emi",
            'closed (personal loan closed) ("I foreclosed it on 13 May 2026")',
        ),
    ],
)
def test_a_later_statement_in_other_words_supersedes(first, later, key, value):
    assert said(first, later)[key] == value


def test_an_end_that_is_still_to_come_changes_nothing():
    facts = said("Car loan EMI is 11k.", "The car loan will be closed by March next year.")
    assert facts["loan_car_emi"] == "₹11,000"
    assert said("Car loan EMI is 11k.", "Should I close the car loan early?") == {
        "loan_car_emi": "₹11,000"
    }


# ---- relative dates --------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("in three months", "in Aug 2026"),
        ("next month", "in Jun 2026"),
        ("end of next month", "end of Jun 2026"),
        ("in a year and a half", "in Nov 2027"),
        ("by Diwali next year", "by Diwali 2027 (29 Oct 2027)"),
        ("by next Holi", "by Holi 2027 (22 Mar 2027)"),  # this year's is past: the next one
        ("before 30 November this year", "before 30 Nov 2026"),
        ("in August next year", "in Aug 2027"),
        ("by the end of this FY", "by end of Mar 2027"),
        ("end of the next financial year", "end of Mar 2028"),
        ("two years from now", "in May 2028"),
        ("in 14 months", "in Jul 2027"),
        ("in fourteen months", "in Jul 2027"),
        ("in twenty-four months", "in May 2028"),
        ("planning for February next year", "planning for Feb 2027"),
        ("4 saal mein", "in May 2030"),
        ("2 mahine baad", "in Jul 2026"),
        ("around new year", "by New Year 2027 (1 Jan 2027)"),
    ],
)
def test_relative_dates_resolve_as_of_when_they_were_said(text, expected):
    assert resolve_relative(text, SAID_AT) == expected


def test_a_bare_duration_is_not_a_date_until_compared():
    assert resolve_relative("6 months", SAID_AT) == "6 months"
    assert as_of("6 months", SAID_AT) == "in Nov 2026"


@pytest.mark.parametrize(
    ("text", "value"),
    [("seventeen", 17), ("thirty six", 36), ("forty-two", 42), ("an", 1), ("no", 0), ("1.5", 1.5)],
)
def test_one_table_of_number_words(text, value):
    assert count_value(text) == value


# ---- a four-digit figure: money or a year ------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "amounts"),
    [
        ("I'm paying 2000 for the cook", ["₹2,000"]),
        ("gym 1999 a month", ["₹1,999"]),
        ("rent 2050", ["₹2,050"]),
        ("my sip is 2000", ["₹2,000"]),
        ("paying 4500 for the driver", ["₹4,500"]),
        ("the RD matures in 2028", []),
        ("we've rented here since 2019", []),
        ("bought the flat 2021", []),
        ("2024 was rough", []),
    ],
)
def test_a_year_like_figure_is_money_only_when_the_words_say_so(text, amounts):
    assert [str(a) for a in find_amounts(text)] == amounts


# ---- loans: EMI or principal; whose figure -------------------------------------------------------


def test_a_loan_figure_is_emi_or_principal_by_the_words_nearest_it():
    assert said("Home loan: EMI 29,400 and about 21 lakh still outstanding at 8.5%.") == {
        "loan_home_emi": "₹29,400",
        "loan_home_amount": "₹21,00,000",
        "loan_home_rate": "8.5%",
    }
    assert said("Took a car loan of 7 lakh, EMI 14k per month.") == {
        "loan_car_amount": "₹7,00,000",
        "loan_car_emi": "₹14,000",
    }


def test_a_clause_about_someone_else_does_not_continue_the_users():
    facts = said("My husband Kabir and I both teach.", "My in-hand is 68k and his is 72k.")
    assert (facts["salary"], facts["spouse_salary"]) == ("₹68,000", "₹72,000")
    facts = said("My wife Tara is a doctor.", "I take home 90k, Tara gets 1.4 lakh.")
    assert (facts["salary"], facts["spouse_salary"]) == ("₹90,000", "₹1,40,000")


# ---- insurance per person ----------------------------------------------------------------------


def test_insurance_cover_is_kept_per_person():
    facts = said(
        "My wife Asha and I live in Surat.", "Life cover: 1.5 crore on me and 75 lakh on Asha."
    )
    assert facts["insurance_term_cover"] == "₹1,50,00,000"
    assert facts["spouse_insurance_term_cover"] == "₹75,00,000"
    facts = said("Husband's name is Rohit.", "Term plan: I have 80 lakh, my husband has 1 crore.")
    assert facts["insurance_term_cover"] == "₹80,00,000"
    assert facts["spouse_insurance_term_cover"] == "₹1,00,00,000"
    facts = said("I also pay for mom and dad's health insurance, premium 31k a year.")
    assert facts["parents_insurance_health_premium"] == "₹31,000 a year"


def test_a_floater_premium_and_cover_are_told_apart():
    assert said("Family floater of 15 lakh, the premium is 24k per year.") == {
        "insurance_health_cover": "₹15,00,000",
        "insurance_health_premium": "₹24,000 a year",
    }


# ---- goals -------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("texts", "expected"),
    [
        (
            ("want an electric scooter.", "1.3L.", "by next Diwali"),
            {
                "goal_bike": "bike",
                "goal_bike_amount": "₹1,30,000",
                "goal_bike_date": "by Diwali 2026 (8 Nov 2026)",
            },
        ),
        (
            ("Saving up for a drone, about 90k, by December.",),
            {"goal_drone_amount": "₹90,000", "goal_drone_date": "by Dec 2026"},
        ),
        (
            ("I'd like to upgrade to a new gaming rig, 2.2 lakh, in a year.",),
            {"goal_gaming_rig_amount": "₹2,20,000", "goal_gaming_rig_date": "in May 2027"},
        ),
        (
            ("The Ladakh trip will cost around 1.6 lakh, we're planning for October.",),
            {
                "goal_trip": "trip (Ladakh)",
                "goal_trip_amount": "₹1,60,000",
                "goal_trip_date": "for Oct 2026",
            },
        ),
        (
            ("Our targets: a second car for 9 lakh in 3 years.",),
            {"goal_car_amount": "₹9,00,000", "goal_car_date": "in May 2029"},
        ),
        (
            (
                "We want a 2BHK in Baner, near 1.1 crore, in 5 years.",
                "Update: the Baner plan is now for 3 years.",
            ),
            {
                "goal_house": "house in Baner",
                "goal_house_amount": "₹1,10,00,000",
                "goal_house_date": "in May 2029",
            },
        ),
        (
            (
                "Pension is 52k a month.",
                "The kitchen renovation got pushed to November. Budget now 4 lakh.",
            ),
            {
                "pension": "₹52,000",
                "goal_renovation_date": "in Nov 2026",
                "goal_renovation_amount": "₹4,00,000",
            },
        ),
    ],
)
def test_goals_by_verb_by_cost_by_label_and_referred_to_later(texts, expected):
    assert said(*texts) == expected


def test_a_home_already_owned_is_not_a_goal():
    assert "goal_house_amount" not in said("We bought a flat for 65 lakh in 2021.")


# ---- family and city -----------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("We have two kids, Aarav and Diya.", {"family_children": "2 kids (Aarav, Diya)"}),
        ("Our son Neel is 4 months old.", {"family_children": "1 son (Neel)"}),
        ("daughter is 9 and son is 6", {"family_children": "daughter (9), son (6)"}),
        ("do bachche hain", {"family_children": '2 children ("do bachche")'}),
        # the user's own count or word for their children stays beside the count
        ("ghar pe teen betiyan hain", {"family_children": '3 daughters ("teen betiyan")'}),
        ("we have twin boys-no, twin sons", {"family_children": '2 sons ("twin sons")'}),
        ("we have two kids", {"family_children": "2 kids"}),
        # money sent to parents named in the user's words: they depend on the user
        (
            "sending ammi-abbu 9k every month",
            {"family_parents": "supports ammi-abbu", "remittance": "₹9,000"},
        ),
        ("I'm a single dad, trying to plan better.", {"family_spouse": "single dad"}),
        ("My husband doesn't work right now.", {"family_spouse": "husband, not earning"}),
        ("My mother lives with us.", {"family_parents": "supports mother"}),
        ("I have dependent in-laws.", {"family_parents": "supports in-laws"}),
        ("Appa and amma depend on me fully.", {"family_parents": "supports appa and amma"}),
    ],
)
def test_family_and_dependants(text, expected):
    assert said(text) == expected


@pytest.mark.parametrize(
    ("text", "city"),
    [
        ("We shifted base to Vadodara last month.", "Vadodara"),
        ("We're in Hubballi these days.", "Hubballi"),
        ("Originally from Patna but I live in Mysore now.", 'Mysuru ("Mysore")'),
        ("moved to Siliguri for the new job", "Siliguri"),
        ("nagpur.", "Nagpur"),
        ("I work out of Thane.", "Thane"),
    ],
)
def test_the_users_city_from_a_place_after_a_verb_of_living_or_moving(text, city):
    assert said(text)["city"] == city


@pytest.mark.parametrize(
    "text",
    [
        "Both of us work in IT.",
        "My brother is settled in Toronto.",
        "I work at Flipkart.",
        "Flights to Goa cost 9k each.",
    ],
)
def test_no_city_where_the_place_is_not_where_the_user_lives(text):
    assert "city" not in said(text)


# ---- figures in passing inside a question -------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("With my 58k salary, can I take a 12k SIP?", {"salary": "₹58,000"}),
        ("Is prepaying smart when my EMI is already 26k?", {"loan_loan_emi": "₹26,000"}),
        ("Should I raise my SIP from 4k to 8k?", {}),
        ("What should my buffer be if my expenses are 35k?", {}),
        ("Can I afford a car loan EMI of 15k?", {}),
    ],
)
def test_a_question_states_only_the_users_own_figures_in_passing(text, expected):
    assert said(text) == expected


# ---- several deposits, other schemes, family money ---------------------------------------------


def test_deposits_listed_together_keep_their_own_figures():
    facts = said(
        "Two FDs: 4 lakh at 7.25% maturing in October, and 2.5 lakh at 6.9% maturing next March."
    )
    assert (facts["fd_amount"], facts["fd_rate"], facts["fd_maturity"]) == (
        "₹4,00,000",
        "7.25%",
        "in Oct 2026",
    )
    assert (facts["fd2_amount"], facts["fd2_rate"], facts["fd2_maturity"]) == (
        "₹2,50,000",
        "6.9%",
        "in Mar 2027",
    )


@pytest.mark.parametrize(
    ("text", "key", "value"),
    [
        (
            "Put 1 lakh a year into Sukanya Samriddhi for my daughter.",
            "invest_ssy",
            "₹1,00,000 a year",
        ),
        ("NSC of 50k, bought last year.", "invest_nsc", "₹50,000"),
        ("I help my parents with 12k every month.", "cost_support", "₹12,000"),
        ("dad sends me 5k a month for books", "income_support", "₹5,000 a month"),
    ],
)
def test_schemes_and_money_to_or_from_family(text, key, value):
    assert said(text)[key] == value


def test_a_corrected_rate_keeps_the_right_one():
    assert said("RD at 6.8%.", "Sorry, the RD is at 6.5%, not 6.8%.")["rd_rate"] == "6.5%"


# ---- what a figure points back to ---------------------------------------------------------------


def test_a_figure_that_points_back_answers_the_users_own_question():
    facts = said("My SIP is 4k.", "Should I step up my SIP?", "Done, I've made it 6,500 now.")
    assert facts["sip"] == "₹6,500"
    # Without pointing back, a bare figure after one's own question belongs to nothing.
    assert said("Should I step up my SIP?", "Bought a phone for 32,000.") == {}


def test_a_question_about_family_states_no_family():
    facts = said("Our son Vihaan is 3.", "Is a 1 crore cover enough with a kid?")
    assert facts["family_children"] == "1 son (Vihaan)"


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        (
            "We're considering buying a plot in 6 years, around 40 lakh.",
            {"goal_house_date": "in May 2032", "goal_house_amount": "₹40,00,000"},
        ),
        (
            "Ishaan's college fund: 45 lakh by 2036.",
            {"goal_education_amount": "₹45,00,000", "goal_education_date": "by 2036"},
        ),
        (
            "We plan to replace the car in two and a half years and a bit, about 11 lakh.",
            {"goal_car_date": "in Nov 2028", "goal_car_amount": "₹11,00,000"},
        ),
        ("We have a 4-year-old daughter, Siya.", {"family_children": "1 daughter (Siya)"}),
        (
            "opened an RD of 1500 per month for 3 yrs",
            {"rd_amount": "₹1,500", "rd_tenure": "3 years"},
        ),
    ],
)
def test_more_goals_family_and_deposits(text, expected):
    assert said(text) == expected


def test_a_sentence_about_the_spouse_stays_about_them_until_someone_else_is_named():
    facts = said("I take home 1.3L.", "My husband's pay was revised, 1.9L in hand now.")
    assert (facts["salary"], facts["spouse_salary"]) == ("₹1,30,000", "₹1,90,000")
    facts = said("My husband earns 70k and I make 85k.")
    assert (facts["salary"], facts["spouse_salary"]) == ("₹85,000", "₹70,000")
