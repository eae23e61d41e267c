"""Money said in shapes that used to be misread: an income in another currency, a goal's
price with its year, a total over a list, a cover beside its premium, a stance restated,
money given to the family for the home."""

from __future__ import annotations

import pytest

from fincoach_tui.domain.finance_facts import find_facts, recognise
from fincoach_tui.domain.recognise.context import Reading
from fincoach_tui.domain.recognise.known import the_one_known
from fincoach_tui.domain.recognise.phrases import stance_level


def said(*texts: str) -> dict[str, str]:
    """The facts' values in messages m1, m2, ... said one after the other."""
    facts = find_facts([(f"m{n}", text) for n, text in enumerate(texts, start=1)])
    return {key: fact.value for key, fact in facts.items()}


# ---- an income in another currency keeps it, and goes where the clause says ----------


@pytest.mark.parametrize(
    ("texts", "key", "value"),
    [
        (("Scooter loan EMI 4,100. Plus $950 from consulting.",), "income_freelance", "$950"),
        (
            ("We bought a car on loan in May.", "Also USD 700 a month from freelancing."),
            "income_freelance",
            "USD 700 a month",  # by its code, as said
        ),
        (("Bike loan EMI 3,000, and €600 from freelance gigs.",), "income_freelance", "€600"),
        (("Freelancing brings in £450 a month.",), "income_freelance", "£450 a month"),
        (
            ("I get paid 800 euros a month for consulting work.",),
            "income_freelance",
            "800 euros a month",
        ),
        (("Another 9k comes from tuitions.",), "income_tuition", "₹9,000"),
    ],
)
def test_a_figure_from_a_source_of_income_is_that_income_in_its_currency(texts, key, value):
    facts = said(*texts)
    assert facts[key] == value
    assert not any(k.startswith("loan_") and v == value for k, v in facts.items())


def test_a_figure_paid_from_a_source_is_not_income_from_it():
    assert said("I pay 5k from the shop for electricity") == {"cost_electricity": "₹5,000"}


def test_a_foreign_currency_cost_and_saving_keep_their_currency():
    assert said("Groceries here run about 380 euros a month.") == {"cost_groceries": "380 euros"}
    assert said("I put aside $450 every month into savings.") == {"savings": "$450 a month"}


# ---- a goal's price said before the thing, with its year or month --------------------


@pytest.mark.parametrize(
    ("text", "goal", "amount", "date"),
    [
        ("We hope to buy a 95 lakh house by 2031.", "house", "₹95,00,000", "by 2031"),
        ("Want a 14 lakh car by March 2028", "car", "₹14,00,000", "by Mar 2028"),
        ("Saving for a 65k laptop by August.", "laptop", "₹65,000", "by August"),
        ("Planning a 2.5 lakh bike in 2027", "bike", "₹2,50,000", "in 2027"),
        ("Target: 70 lakh house by 2033", "house", "₹70,00,000", "by 2033"),
        ("9 lakh car by next June, fingers crossed", "car", "₹9,00,000", "by next June"),
    ],
)
def test_a_price_before_the_thing_wanted_is_the_goals_amount(text, goal, amount, date):
    facts = said(text)
    assert facts[f"goal_{goal}_amount"] == amount
    assert facts[f"goal_{goal}_date"] == date


def test_a_goal_price_beside_a_loan_is_not_the_loans():
    facts = said("Housing loan EMI is 27,500, ends 2036.", "Next: a 80 lakh flat by 2032.")
    assert facts["loan_home_emi"] == "₹27,500"
    assert facts["goal_house_amount"] == "₹80,00,000"
    assert facts["goal_house_date"] == "by 2032"
    assert "loan_home_amount" not in facts


def test_a_thing_bought_at_a_price_is_no_goal():
    assert said("We bought a 45 lakh flat in 2018.") == {}


# ---- a total over several things is what they cost together --------------------------


@pytest.mark.parametrize(
    ("text", "key", "value"),
    [
        (
            "His tuition, mess and bus pass together come to 23,500 a month.",
            "cost_tuition_mess_bus_pass",
            "₹23,500",
        ),
        ("Gas, water and internet add up to 6,200.", "cost_gas_water_internet", "₹6,200"),
        ("Uniform, books aur shoes sab milake 9k", "cost_uniform_books_shoes", "₹9,000"),
        (
            "For the twins: daycare, milk and nappies - 31k in all.",
            "cost_daycare_milk_nappies",
            "₹31,000",
        ),
        ("Maid, cook and driver total 38,000.", "cost_maid_cook_driver", "₹38,000"),
    ],
)
def test_a_total_over_a_list_is_one_combined_cost(text, key, value):
    assert said(text) == {key: value}


def test_a_total_of_income_is_not_a_cost():
    assert not any(k.startswith("cost_") for k in said("Salary and bonus together 22 lakh"))


# ---- an insurance cover and its premium, in any order --------------------------------


@pytest.mark.parametrize(
    "text",
    [
        "Term plan: 75 lakh, premium 11,200.",
        "Term plan - 75 lakh, 11,200 premium",
        "Term plan: 11,200 premium, 75 lakh cover",
        "Premium 11,200 for a 75 lakh term plan.",
        "My term insurance premium is 11,200 and the cover is 75 lakh",
        "75 lakh ka cover hai, premium 11,200",
    ],
)
def test_a_cover_and_its_premium_each_go_to_their_own_field(text):
    facts = said(text)
    assert facts["insurance_term_cover"] == "₹75,00,000"
    assert facts["insurance_term_premium"].startswith("₹11,200")


# ---- a stance restated keeps its value; a changed one replaces it ---------------------


@pytest.mark.parametrize(
    ("first", "again", "reason"),
    [
        (
            "My risk appetite is high.",
            "Still aggressive, I'm 29 with no loans.",
            "I'm 29 with no loans",
        ),
        (
            "I'm a cautious investor.",
            "Still conservative - my job is on contract.",
            "my job is on contract",
        ),
        ("Risk: moderate", "I'm still moderate because the kids are small.", "the kids are small"),
    ],
)
def test_a_restated_stance_keeps_its_value_and_takes_the_new_reason(first, again, reason):
    before = said(first)["risk"]
    facts = said(first, again)
    assert facts["risk"] == before
    assert facts["risk_reason"] == reason


@pytest.mark.parametrize(
    ("again", "risk"),
    [
        ("Now I want to play safe, a baby is on the way.", "play safe"),
        ("Still aggressive? No, now I am conservative.", "conservative"),
    ],
)
def test_a_changed_stance_replaces_the_old_one(again, risk):
    assert said("My risk appetite is high.", again)["risk"] == risk


def test_stance_levels():
    assert [stance_level(s) for s in ("high", "aggressive", "ekdum safe", "balanced", "?")] == [
        "high",
        "high",
        "low",
        "medium",
        "",
    ]


# ---- money given to the family for the home is support, not rent ----------------------


@pytest.mark.parametrize(
    "text",
    [
        "Every month I hand umma-uppa 12k for the house.",
        "I send my parents 18,000 for the house every month",
        "We give my mother-in-law 7,500 for the flat each month",
    ],
)
def test_money_given_to_family_for_the_home_is_support(text):
    facts = said(text)
    assert "rent" not in facts
    assert any(k in ("cost_support", "cost_to_parents") for k in facts)


def test_a_landlord_or_owner_named_is_still_rent():
    # money given to parents towards a rent is theirs to pay (test_recognise_family_rent)
    assert said("I give my parents 15k for the house rent") == {"cost_support": "₹15,000"}
    assert said("I give the landlord 21k for the flat")["rent"] == "₹21,000"
    assert said("I pay rent of 20k to my uncle who owns the flat") == {"rent": "₹20,000"}


# ---- a deposit or loan named plainly is the one of its kind known ---------------------


def test_the_one_known_deposit_and_loan_take_a_plain_figure():
    deposit = Reading().knowing([("fd_canara_bank_amount", "₹3,00,000")])
    assert the_one_known([("fd_rate", "7.1%")], deposit, "FD rate 7.1%") == [
        ("fd_canara_bank_rate", "7.1%")
    ]
    assert the_one_known([("fd_rate", "7.1%")], deposit, "opened another FD at 7.1%") == [
        ("fd_rate", "7.1%")
    ]
    loan = Reading().knowing([("loan_car_emi", "₹9,000")])
    assert the_one_known([("loan_loan_emi", "₹9,400")], loan, "EMI now 9,400") == [
        ("loan_car_emi", "₹9,400")
    ]
    two = loan.knowing([("loan_home_emi", "₹30,000")])
    assert the_one_known([("loan_loan_emi", "₹9,400")], two, "EMI now 9,400") == [
        ("loan_loan_emi", "₹9,400")
    ]


def test_figures_joined_with_no_words_share_the_label_after_them():
    facts = said("Two LIC policies, 8,800 + 6,100 premium yearly")
    assert facts["insurance_term_premium"].startswith("₹6,100")
    assert "insurance_term_cover" not in facts


def test_a_list_is_read_as_its_things_only():
    assert said("Okay and the nanny plus driver together is 26,000 a month") == {
        "cost_nanny_driver": "₹26,000"
    }
    assert said("Riya's coaching and hostel for both together come to 51k") == {
        "cost_coaching_hostel": "₹51,000"
    }
    # a figure inside the list is no list: "another 50 lakh on top, so total is 1 crore"
    assert not any(k.startswith("cost_") for k in said("took 40 lakh more, so total is 90 lakh"))


def test_a_bare_number_before_a_unit_word_is_no_price():
    assert said("We now aim for 4 crore, date unchanged.") == {}
    assert said("goal: 18L down payment for a flat by 2030") == {
        "goal_house_amount": "₹18,00,000",
        "goal_house_date": "by 2030",
    }


def test_each_typist_keeps_their_own_cover():
    facts = said(
        "Term cover I have 60 lakh. He has none. — P",
        "Fine, I took a term plan too. 1.5 crore, premium 19,200 a year. — V",
    )
    assert facts["insurance_term_cover_of_p"] == "₹60,00,000"
    assert facts["insurance_term_cover_of_v"] == "₹1,50,00,000"
    assert facts["insurance_term_premium_of_v"] == "₹19,200 a year"
    assert said("My SIP is 5k now — Aditya") == {"sip": "₹5,000"}  # a name, no signature


@pytest.mark.parametrize(
    ("text", "items"),
    [
        ("Kitchen: rice 6k, oil 1,900, vegetables 3,300, total 11,200", 3),
        ("outgoings: fees 8,000 + van 2,500 + maid 4,000 = 14,500", 3),
        ("Hostel 9k, mess 4k, books 2k, all together 15k", 3),
    ],
)
def test_a_total_after_the_lists_own_figures_is_the_total_not_the_last_item(text, items):
    facts = said(text)
    assert facts["cost_total"] in ("₹11,200", "₹14,500", "₹15,000")
    assert "₹11,200" not in [v for k, v in facts.items() if k != "cost_total"]
    assert "₹14,500" not in [v for k, v in facts.items() if k != "cost_total"]


def test_a_total_that_comes_in_is_no_cost():
    assert "cost_total" not in said("mahine ka total 41k aata hai haath mein")


@pytest.mark.parametrize(
    ("text", "value"),
    [
        ("salary: JPY 365,000 a month", "JPY 365,000"),
        ("I earn 420,000 yen a month", "420,000 yen"),
        ("my pay is NZ$6,100 a month", "NZ$6,100"),
    ],
)
def test_yen_and_other_currencies_are_never_rupees(text, value):
    assert said(text)["salary"] == value


def test_a_homes_layout_is_no_amount():
    assert said("rent is JPY 71,000 for a 1K apartment") == {"rent": "JPY 71,000"}


@pytest.mark.parametrize(
    ("text", "reason"),
    [
        ("Risk: ・ cautious ・ reason: my contract ends in a year", "my contract ends in a year"),
        (
            "still moderate risk, but the reason is different now: we have a second income",
            "we have a second income",
        ),
    ],
)
def test_a_labelled_reason_is_the_stances_reason(text, reason):
    assert said(text)["risk_reason"] == reason


def test_a_want_for_safety_is_a_stance():
    assert said("On risk: I want it safe, since the shop is risk enough.")["risk"] == "want it safe"


@pytest.mark.parametrize(
    ("text", "key", "amount", "date"),
    [
        ("target: flat deposit here USD 40,000 by 2029", "house", "USD 40,000", "by 2029"),
        ("sapna: motu ghar, 70 lakh, 2031 tak", "motu_ghar", "₹70,00,000", "by 2031"),
        ("goal: motu ghar, 70 lakh. target 2031", "motu_ghar", "₹70,00,000", "target 2031"),
    ],
)
def test_a_thing_then_its_price_and_year_is_a_goal(text, key, amount, date):
    facts = said(text)
    assert facts[f"goal_{key}_amount"] == amount
    assert facts[f"goal_{key}_date"] == date


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("net pay 3,350 euro a month", [("salary", "3,350 euro")]),
        ("my take home is 2,950 quid", [("salary", "2,950 quid")]),
        # the figure's currency said before it is no thing paid for
        ("krw 5,200,000 a month.", []),
        ("usd 6,000 a month", []),
        ("gym 2,000 a month", [("cost_gym", "₹2,000")]),
    ],
)
def test_a_foreign_figure_is_filed_as_the_user_spelled_it(text, expected):
    assert recognise(text) == expected
