"""Classes of phrasing where what a figure is about comes from around it: a share taken by
a named thing, a figure that includes a cost, a message that goes on with a thing just
announced, a festival as a date, a purpose that starts a new loan, a wish for a state of
things, and a figure with a minus sign. Made-up sentences, each of a class."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from fincoach_tui.domain.amounts import find_amounts, rupees
from fincoach_tui.domain.currencies import format_rupees
from fincoach_tui.domain.finance_facts import find_facts, recognise
from fincoach_tui.domain.relative_dates import resolve_relative

NOV_20 = datetime(2026, 11, 20, 9, 0, tzinfo=UTC).timestamp()


def said(*texts: str, at: float | None = None) -> dict[str, str]:
    found = find_facts([(f"m{n}", text) for n, text in enumerate(texts)], at)
    return {key: fact.value for key, fact in found.items()}


# ---- a share of a figure, taken by a thing the clause names ---------------------------


@pytest.mark.parametrize(
    ("texts", "expected"),
    [
        (
            ("My take-home is 90k. The flat's rent swallows 27k of it",),
            {"salary": "₹90,000", "rent": "₹27,000"},
        ),
        (
            ("Take-home is 1.2 lakh, the home loan EMI eats up 40k of that",),
            {"salary": "₹1,20,000", "loan_home_emi": "₹40,000"},
        ),
        (
            ("Salary 80k.", "Out of that, rent takes 30k"),
            {"salary": "₹80,000", "rent": "₹30,000"},
        ),
    ],
)
def test_a_share_taken_by_a_named_thing_is_that_things_figure(texts, expected):
    assert said(*texts) == expected


def test_a_share_with_no_taker_is_still_no_new_value():
    assert recognise("Staff cost 20,000 a month; the cook alone is 8k of that.") == [
        ("cost_staff", "₹20,000")
    ]


# ---- a figure that includes a cost is the figure of the thing discussed ----------------


def test_a_figure_with_a_cost_included_stays_with_the_thing_talked_about():
    assert said("Our rent is 18k", "Wife here - it's 19,500 with the society charges") == {
        "family_spouse": "wife",
        "rent": "₹19,500",
    }
    assert said("The flat costs us 22k", "correction: 23k along with parking") == {
        "rent": "₹23,000"
    }


def test_a_deposit_kept_with_a_bank_is_not_an_inclusion():
    assert recognise("I have an FD with Canara Bank of 3 lakh") == [
        ("fd_canara_amount", "₹3,00,000")
    ]


# ---- a message that only names a thing: the next message goes on with it --------------


def test_figures_after_a_thing_announced_alone_are_that_things():
    assert said("There's a recurring deposit too.", "6,000 every month, ends April 2028") == {
        "rd_amount": "₹6,000",
        "rd_end": "Apr 2028",
    }
    assert said("Also have one fixed deposit", "2.5 lakh at Canara Bank", "7.1% interest") == {
        "fd_canara_amount": "₹2,50,000",
        "fd_canara_rate": "7.1%",
    }


def test_a_thing_announced_in_a_question_is_not_continued():
    assert said("Should I open an FD?", "2.5 lakh lying in savings") == {"savings": "₹2,50,000"}


# ---- festivals as dates; when something began is not when it ends ----------------------


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("matures holi next year", "matures by Holi 2027 (22 Mar 2027)"),
        ("Diwali this year", "by Diwali 2026 (8 Nov 2026)"),
        ("ends in Dussehra", "ends in Dussehra 2027 (Oct 2027)"),
        ("by Baisakhi", "by Baisakhi 2027 (13 Apr 2027)"),
        # an occasion, not a date: no word of time, no year
        ("the Diwali bonus was 20k", "the Diwali bonus was 20k"),
    ],
)
def test_a_festival_with_its_year_or_a_word_of_time_is_a_date(text, expected):
    assert resolve_relative(text, NOV_20) == expected


def test_a_deposit_maturing_at_a_festival_and_begun_at_another():
    assert said(
        "We have one FD as well",
        "3 lakh with Indian Bank",
        "Will mature holi next year, we booked it on dussehra",
        at=NOV_20,
    ) == {
        "fd_indian_bank_amount": "₹3,00,000",
        "fd_indian_bank_maturity": "by Holi 2027 (22 Mar 2027)",
    }


def test_when_a_deposit_was_opened_is_not_its_end():
    assert recognise("RD of 4k, opened it in June 2024, ends June 2027") == [
        ("rd_amount", "₹4,000"),
        ("rd_end", "Jun 2027"),
    ]


# ---- a new purpose is a new loan ---------------------------------------------------------


def test_an_emi_for_a_new_purpose_is_a_loan_of_its_own():
    assert said(
        "Bike loan EMI 4,100", "how do I close it faster?", "EMI of 2,600 for a course"
    ) == {
        "loan_bike_emi": "₹4,100",
        "loan_course_emi": "₹2,600",
    }
    assert said("Took a loan for the salon chairs, EMI 7k") == {"loan_salon_emi": "₹7,000"}


def test_an_emi_for_a_time_or_for_the_flat_keeps_its_loan():
    # "for 3 more years" is what is left of the loan: when it ends
    assert said("Car loan EMI 12k", "EMI 12,500 now, for 3 more years") == {
        "loan_car_emi": "₹12,500",
        "loan_car_end": "in 3 years",
    }
    assert said("Home loan EMI 30k", "The EMI for the flat went up to 32k") == {
        "loan_home_emi": "₹32,000"
    }


# ---- a wish for a state of things is no goal -------------------------------------------


@pytest.mark.parametrize(
    "text",
    [
        "want to get my money sorted this time",
        "We need to get our spending under control",
        "I'd like to have my finances in shape",
        "planning to get my investments organised",
    ],
)
def test_a_wish_for_order_is_not_a_goal(text):
    assert not [k for k, _ in recognise(text) if k.startswith("goal")]


def test_a_wish_for_a_thing_is_still_a_goal():
    assert recognise("we want to do a sabbatical") == [("goal_sabbatical", "sabbatical")]


# ---- a minus sign -----------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "value"),
    [("-₹10,000", -10000.0), ("shortfall: -₹2,500", -2500.0), ("₹-7,000", -7000.0)],
)
def test_a_minus_before_a_figure_reads_back_negative(text, value):
    assert rupees(text) == value


def test_a_negative_value_reads_back_as_written():
    assert rupees(format_rupees(-12345)) == -12345.0


def test_a_dash_of_a_range_or_a_list_is_no_minus():
    assert [a.value for a in find_amounts("10-15k")] == [10000.0, 15000.0]
    assert [a.value for a in find_amounts("rent 20k - 25k")] == [20000.0, 25000.0]
    assert [a.value for a in find_amounts("- ₹5,000 groceries")] == [5000.0]


# ---- an owner's drawings, a business loan, its instalment, a loan paid up ---------------


def test_money_an_owner_draws_from_the_business_is_their_pay():
    assert said(
        "From the clinic I draw Rs 80,000 every month for home.",
        "Patients dropped, so from June I will draw only 65,000 for the house.",
    ) == {"salary": "₹80,000", "salary_expected": "₹65,000 from June"}  # pay to come
    assert said(
        "From the clinic I draw Rs 80,000 every month for home.",
        "Patients dropped, so I draw only 65,000 for the house now.",
    ) == {"salary": "₹65,000"}
    assert recognise("my monthly drawings are 1.1 lakh") == [("salary", "₹1,10,000")]


def test_a_working_capital_loans_instalment_is_a_business_loans_emi():
    assert said(
        "The shop has a working capital loan; its instalment of 31,000 I pay from my drawings"
    ) == {"loan_business_emi": "₹31,000"}


@pytest.mark.parametrize(
    ("text", "quoted"),
    [
        ("the scooter is completely ours now", "the scooter is completely ours …"),
        ("final EMI got deducted yesterday", "final EMI got deducted yesterday"),
        ("Last instalment was paid in March, so that's that", "Last instalment was paid in …"),
    ],
)
def test_a_loan_paid_up_has_ended(text, quoted):
    # ended, with how the user said it (at most five words of it)
    assert (
        said("Scooter loan EMI 3,200", text)["loan_bike_emi"]
        == f'closed (bike loan closed) ("{quoted}")'
    )


# ---- romanised Indian languages: dates, costs named before "of", money from home ---------

MAY_20 = datetime(2026, 5, 20, 9, 0, tzinfo=UTC).timestamp()


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("agle saal march mein band hoga", "in Mar 2027 band hoga"),
        ("dec tak chahiye", "by Dec 2026 chahiye"),
        ("agle mahine se", "in Jun 2026 se"),
        ("adutha varusham", "in 2027"),
        ("samner bochor", "in 2027"),
        ("is saal", "in 2026"),
        ("may I ask", "may I ask"),
    ],
)
def test_dates_said_in_romanised_indian_languages(text, expected):
    assert resolve_relative(text, MAY_20) == expected


def test_a_thing_named_before_its_figure_in_hindi_and_marathi_is_a_cost_of_its_own():
    assert said("Flat ka rent 14,000 hai. tiffin ka 2,600 lagta hai mahina") == {
        "rent": "₹14,000",
        "cost_tiffin": "₹2,600",
    }
    assert said("bhaade 9,000", "doodh cha kharch 1,800 mahinyala") == {
        "rent": "₹9,000",
        "cost_doodh": "₹1,800",
    }


def test_a_thing_its_figure_and_how_often_is_a_cost_not_the_last_subject():
    assert said("Rent is 20k", "swimming class 1,100 monthly") == {
        "rent": "₹20,000",
        "cost_swimming_class": "₹1,100",
    }
    assert said("Rent is 20k", "now 21k monthly") == {"rent": "₹21,000"}


def test_money_parents_send_said_with_the_verb_last_is_income():
    assert said("ghar ka kharcha alag, papa har mahine 4,000 dete hain") == {
        "income_support": "₹4,000"
    }
    assert said("main papa ko 10,000 bhejta hoon") == {"remittance": "₹10,000"}


# ---- pay the user gives, pay named by its verb, the word before a loan --------------------


def test_pay_given_to_staff_is_a_cost_not_the_users_salary():
    assert said("My salary is 70k", "staff salaries, four girls, total 38,000 a month") == {
        "salary": "₹70,000",
        "cost_staff": "₹38,000",
    }
    assert recognise("the driver's salary is 15k") == [("cost_driver", "₹15,000")]


def test_an_owner_taking_money_home_from_the_business_is_pay_not_rent():
    assert said("From the salon we take 60,000 a month for the house") == {"salary": "₹60,000"}
    assert said("I take 10k for groceries") == {"cost_groceries": "₹10,000"}


def test_a_clause_opening_with_a_verb_of_earning_is_the_pay_of_the_person_before():
    assert said(
        "(1) my net salary is 1,50,000 per month; (2) my wife Rekha works at a bank and draws 42,000"
    ) == {
        "salary": "₹1,50,000",
        "spouse_name": "Rekha",
        "family_spouse": "wife",
        "spouse_salary": "₹42,000",
    }


def test_pocket_money_given_is_a_cost_and_ones_own_is_income():
    assert said(
        "His fees are 80k per semester. Hostel and pocket money is separate, 7,000 monthly."
    ) == {
        "cost_fees": "₹80,000",
        "cost_pocket_money": "₹7,000",
    }
    assert said("I'm a student, my pocket money is 5k") == {"income_support": "₹5,000"}


def test_the_word_before_a_loan_is_what_it_was_taken_for():
    assert said(
        "we took a loan for the kiln, EMI 9,300", "we paid off the kiln loan last week"
    ) == {"loan_kiln_emi": 'closed (kiln loan closed) ("paid off the kiln loan …")'}
    assert said("paid off the bank loan") == {
        "loan_loan_emi": 'closed (loan closed) ("paid off the bank loan")'
    }


# ---- romanised Hindi: income from a source, money from home, a thing to buy --------------


@pytest.mark.parametrize(
    ("texts", "expected"),
    [
        (
            ("ek tuition mein padhati bhi hoon dopahar ko, usse 6,500 milta hai",),
            {"income_tuition": "₹6,500"},
        ),
        (("tuition wale ne ek batch aur diya, ab 8,000 milega",), {"income_tuition": "₹8,000"}),
        (("ab sirf 5,000 aa raha hai tuition se",), {"income_tuition": "₹5,000"}),
        (("ghar se 10,000 aate hain.",), {"income_support": "₹10,000"}),
    ],
)
def test_income_said_in_romanised_hindi(texts, expected):
    assert said(*texts) == expected


def test_a_thing_to_buy_said_in_romanised_indian_languages_is_a_goal():
    assert said("phone lena hai, purana toot gaya. 25,000 ka dekha hai") == {
        "goal_phone": "phone",
        "goal_phone_amount": "₹25,000",
    }
    assert said("scooter ghyaycha aahe, 90,000 budget") == {"goal_bike_amount": "₹90,000"}
    assert said("loan lena hai kya?") == {}


def test_a_stance_said_as_wholly_safe_is_kept_in_the_users_words():
    assert said("bilkul safe rakhna hai, stocks nahi") == {"risk": "bilkul safe"}
    assert said("poora safe chahiye. ghar ka paisa hai, ek rupaya bhi doobna nahi chahiye") == {
        "risk": "poora safe",
        "risk_reason": "ghar ka paisa hai, ek rupaya bhi doobna nahi chahiye",
    }
    assert said("is my FD completely safe?") == {}


# ---- someone else's expenses, "this coming" month, a figure no longer paid -----------------


def test_money_sent_for_someone_elses_expenses_is_support_not_the_users_spending():
    assert said("also I send ₹20,000 monthly to my in-laws for their expenses") == {
        "family_parents": "supports in-laws",
        "remittance": "₹20,000",
    }


def test_this_coming_month_is_the_next_such_month():
    assert resolve_relative("maturing this coming March", MAY_20) == "maturing in Mar 2027"
    assert resolve_relative("coming August", MAY_20) == "in Aug 2026"


def test_a_figure_no_longer_paid_is_no_new_value():
    assert said(
        "Personal loan EMI 8,900",
        "closed the personal loan with my bonus... no more 8,900 going out",
    ) == {"loan_personal_emi": 'closed (personal loan closed) ("closed the personal loan with …")'}


def test_what_is_said_of_a_goal_is_not_a_goal():
    assert said("Tell me if the travel target is realistic") == {}


def test_a_goal_said_as_buying_a_thing_and_its_down_payment():
    assert said(
        "Our big goal is buying our own house. We want 15 lakh saved for the down payment",
        "Rent here is 21,000",
        "12 lakh down payment will do, we'll look at a smaller place",
    ) == {"goal_house": "house", "rent": "₹21,000", "goal_house_amount": "₹12,00,000"}


def test_todays_money_is_no_date():
    assert said("goal: kids' college fund, 40 lakh by 2038, in today's money") == {
        "goal_education_amount": "₹40,00,000",
        "goal_education_date": "by 2038",
    }


def test_what_is_added_with_a_plus_is_another_thing():
    assert said("rent is ₹14,000 + we split groceries") == {"rent": "₹14,000"}
