"""Loans, EMIs and insurance said freely: a figure taken back in the same breath, a bare EMI
when two loans are known, a state's social insurance, a loan closed in the user's words."""

from __future__ import annotations

import pytest

from fincoach_tui.domain.finance_facts import find_facts, label_of, recognise


def said(*texts: str) -> dict[str, str]:
    return {f.key: f.value for f in find_facts([("user", t) for t in texts]).values()}


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("EMI is 32k, sorry, 23k", {"loan_loan_emi": "₹23,000"}),
        ("my home loan EMI is 32k, sorry, 23k", {"loan_home_emi": "₹23,000"}),
        ("personal loan EMI 9k... actually 11k", {"loan_personal_emi": "₹11,000"}),
        ("Home loan EMI 45k. Sorry, 54k.", {"loan_home_emi": "₹54,000"}),
        ("education loan emi 12k — sorry — 21k", {"loan_education_emi": "₹21,000"}),
        ("ghar ka loan emi 35k hai, nahi nahi 25k", {"loan_loan_emi": "₹25,000"}),
        ("car EMI 14k, wait no 16k", {"loan_car_emi": "₹16,000"}),
        ("The EMI comes to 32k, err, I mean 23k", {"loan_loan_emi": "₹23,000"}),
        ("home loan outstanding 42 lakh, sorry 24 lakh", {"loan_home_amount": "₹24,00,000"}),
        (
            "loan of 5L, I mean 6L, emi 11k",
            {"loan_loan_amount": "₹6,00,000", "loan_loan_emi": "₹11,000"},
        ),
        ("Insurance premium 24k sorry 42k a year", {"insurance_term_premium": "₹42,000 a year"}),
        ("term cover of 1 crore, no wait, 2 crore", {"insurance_term_cover": "₹2,00,00,000"}),
        # near misses: a second thing named after the apology is its own
        (
            "EMI 32k, sorry to bother, and rent 23k",
            {"loan_loan_emi": "₹32,000", "rent": "₹23,000"},
        ),
        (
            "car loan EMI 12k and sorry, home loan EMI 40k",
            {"loan_car_emi": "₹12,000", "loan_home_emi": "₹40,000"},
        ),
        (
            "EMI is 32k, actually it is quite a lot; rent 23k",
            {"loan_loan_emi": "₹32,000", "rent": "₹23,000"},
        ),
        (
            "emi 20k. sorry, 2 kids also",
            {"loan_loan_emi": "₹20,000", "family_children": "2 kids"},
        ),
    ],
)
def test_a_figure_taken_back_in_the_same_breath_gives_its_role_to_the_correction(
    text: str, expected: dict[str, str]
) -> None:
    assert said(text) == expected


def test_a_correction_in_the_next_message_replaces_the_figure_said_last() -> None:
    assert said("Home loan EMI is 32k.", "sorry, I meant 23k") == {"loan_home_emi": "₹23,000"}
    assert said("car loan EMI 14k", "oops typo, 41k") == {"loan_car_emi": "₹41,000"}


_TWO_HOME_LOANS = "We have 2 home loans, SBI EMI 25k and HDFC EMI 19k"
_PUNE_NAGPUR = "I have two home loans: the Pune flat EMI is 32,000 and the Nagpur one is 18,500."


@pytest.mark.parametrize(
    ("texts", "expected"),
    [
        (
            (_TWO_HOME_LOANS,),
            {"loan_home_sbi_emi": "₹25,000", "loan_home_hdfc_emi": "₹19,000"},
        ),
        (
            (_TWO_HOME_LOANS, "HDFC EMI now 21k"),
            {"loan_home_sbi_emi": "₹25,000", "loan_home_hdfc_emi": "₹21,000"},
        ),
        (
            (_TWO_HOME_LOANS, "the second one's EMI is 21k now"),
            {"loan_home_sbi_emi": "₹25,000", "loan_home_hdfc_emi": "₹21,000"},
        ),
        (
            (_PUNE_NAGPUR, "The Nagpur loan got repriced.", "EMI now 20k"),
            {"loan_home_pune_emi": "₹32,000", "loan_home_nagpur_emi": "₹20,000"},
        ),
        # which one is not said: neither known loan is replaced by a guess
        (
            (_PUNE_NAGPUR, "EMI now 33k"),
            {
                "loan_home_pune_emi": "₹32,000",
                "loan_home_nagpur_emi": "₹18,500",
                "loan_home_emi": "₹33,000",
            },
        ),
        # loans of two types: the one last spoken of
        (
            ("Home loan EMI 40k and car loan EMI 12k.", "car loan got a rate cut", "emi now 10k"),
            {"loan_home_emi": "₹40,000", "loan_car_emi": "₹10,000"},
        ),
    ],
)
def test_a_bare_emi_goes_to_the_loan_it_names_or_was_spoken_of_never_a_guess(
    texts: tuple[str, ...], expected: dict[str, str]
) -> None:
    assert said(*texts) == expected


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("I pay shakai hoken of 45,000 yen a month", {"cost_social_insurance": "45,000 yen"}),
        (
            "Salary after tax and shakai hoken (social insurance) is about 410,000 yen per month.",
            {"salary": "410,000 yen"},
        ),
        (
            "NHS covers us, and I pay national insurance of £300 a month",
            {"cost_social_insurance": "£300"},
        ),
        (
            "super contribution 11% goes into my superannuation, around A$900 a month",
            {"cost_social_insurance": "A$900"},
        ),
        ("Social Security tax takes $600 a month", {"cost_social_insurance": "$600"}),
        ("GOSI deduction is 9.75%, around SAR 1,000", {"cost_social_insurance": "SAR 1,000"}),
        ("kokumin nenkin is 16,980 yen a month", {"cost_social_insurance": "16,980 yen"}),
        ("take home is SGD 6,400 after CPF. not much lah but ok", {"salary": "SGD 6,400"}),
        ("take-home after PF and ESI is 55k", {"salary": "₹55,000"}),
        # the family's own cover stays cover
        (
            "I have a term plan of 1 crore and national insurance is £280 a month",
            {"insurance_term_cover": "₹1,00,00,000", "cost_social_insurance": "£280"},
        ),
        (
            "For completeness: my NPS corpus should come to approximately ₹1.1 cr at "
            "superannuation.",
            {"invest_nps": "₹1,10,00,000"},
        ),
    ],
)
def test_a_states_social_insurance_is_a_deduction_not_term_cover(
    text: str, expected: dict[str, str]
) -> None:
    assert said(text) == expected


@pytest.mark.parametrize(
    ("text", "premium"),
    [
        ("I pay 40k a year for a term plan", "₹40,000 a year"),
        ("term insurance premium 2,100 per month", "₹2,100 a month"),
        ("term plan premium 18k p.a.", "₹18,000 a year"),
        ("LIC premium 5000 quarterly", "₹5,000 a quarter"),
        ("I pay 3,500/month for my term cover", "₹3,500 a month"),
    ],
)
def test_a_premium_keeps_the_period_it_was_said_in(text: str, premium: str) -> None:
    assert said(text) == {"insurance_term_premium": premium}


@pytest.mark.parametrize(
    ("later", "closed"),
    [
        ("prepaid the entire car loan", 'closed (car loan closed) ("prepaid the entire car loan")'),
        ("car loan - all paid up", 'closed (car loan closed) ("all paid up")'),
        ("the car is mine now, loan fully paid", 'closed (car loan closed) ("loan fully paid")'),
        (
            "gaadi ka loan poora chuka diya",
            'closed (car loan closed) ("loan poora chuka diya")',
        ),
        ("car loan chuk gaya finally", 'closed (car loan closed) ("car loan chuk gaya finally")'),
        ("car loan mudinjiduchu", 'closed (car loan closed) ("car loan mudinjiduchu")'),
        (
            "paid off the remaining balance of the car loan",
            'closed (car loan closed) ("paid off the remaining balance …")',
        ),
        (
            "that loan is history now, paid the last instalment",
            'closed (loan closed) ("paid the last instalment")',
        ),
    ],
)
def test_a_loan_closed_in_free_wording_is_closed(later: str, closed: str) -> None:
    assert said("Car loan EMI 12k.", later) == {"loan_car_emi": closed}


@pytest.mark.parametrize(
    "later",
    [
        "I want to close the car loan early",
        "should I prepay the car loan?",
        "planning to prepay the full car loan soon",
    ],
)
def test_a_loan_only_meant_to_be_closed_keeps_its_emi(later: str) -> None:
    assert said("Car loan EMI 12k.", later)["loan_car_emi"] == "₹12,000"


@pytest.mark.parametrize(
    ("later", "outstanding"),
    [
        ("We prepaid 5 lakh of the home loan", "₹30,00,000"),
        ("paid 2 lakh of the outstanding home loan", "₹30,00,000"),
        ("made a part-payment of 3L, outstanding now 25L", "₹25,00,000"),
    ],
)
def test_a_part_of_a_loan_paid_ahead_is_not_what_is_owed(later: str, outstanding: str) -> None:
    assert said("Home loan EMI 40k, outstanding 30L.", later) == {
        "loan_home_emi": "₹40,000",
        "loan_home_amount": outstanding,
    }


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("bike EMI 4,300, kaadu kaadu, 3,400", {"loan_bike_emi": "₹3,400"}),
        ("ghar ki EMI 27,600, arre nahi, 26,700", {"loan_loan_emi": "₹26,700"}),
        ("rent 12k, EMI 4,300 na na 3,400", {"rent": "₹12,000", "loan_loan_emi": "₹3,400"}),
        ("loan illa, rent 8k", {"rent": "₹8,000"}),
    ],
)
def test_no_no_in_indian_languages_takes_a_figure_back(text: str, expected: dict[str, str]) -> None:
    assert said(text) == expected


@pytest.mark.parametrize(
    ("texts", "expected"),
    [
        (("AOK contribution 310 euro a month",), {"insurance_health_premium": "310 euro a month"}),
        (
            (
                "health, VHI plan through work, but I pay my part, 62 euro a month",
                "in India, loan for plot in Shivamogga, EMI 14,700",
                "VHI renewed, company changed plan, my part now 71 euro",
            ),
            {"insurance_health_premium": "71 euro", "loan_plot_emi": "₹14,700"},
        ),
        (("health insurance is 1,800 a month",), {"insurance_health_premium": "₹1,800 a month"}),
        (
            ("floater 5L, my share of the premium 6k",),
            {"insurance_health_cover": "₹5,00,000", "insurance_health_premium": "₹6,000"},
        ),
        (("term cover 1 crore",), {"insurance_term_cover": "₹1,00,00,000"}),
    ],
)
def test_a_health_scheme_abroad_is_health_cover_and_a_monthly_share_its_premium(
    texts: tuple[str, ...], expected: dict[str, str]
) -> None:
    assert said(*texts) == expected


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        (
            "2 personal loans india. hdfc emi 11,200. bajaj emi 7,600",
            {"loan_personal_hdfc_emi": "₹11,200", "loan_personal_bajaj_emi": "₹7,600"},
        ),
        # one loan's EMI said twice is its new value, not a second loan
        ("Home loan EMI was 40k. Now EMI is 42k.", {"loan_home_emi": "₹42,000"}),
        ("home loan emi 40k. revised emi 42k", {"loan_home_emi": "₹42,000"}),
        (
            "car loan emi 12k. personal loan emi 5k.",
            {"loan_car_emi": "₹12,000", "loan_personal_emi": "₹5,000"},
        ),
    ],
)
def test_two_loans_of_a_type_are_told_apart_across_a_messages_sentences(
    text: str, expected: dict[str, str]
) -> None:
    assert said(text) == expected


def test_one_loans_end_said_twice_in_a_sentence_is_that_loans_end() -> None:
    assert said(
        "two-wheeler loan for Activa, EMI 2,750", "Activa loan finished, last EMI paid"
    ) == {"loan_bike_activa_emi": 'closed (bike loan closed) ("last EMI paid")'}


@pytest.mark.parametrize(
    ("texts", "expected"),
    [
        (
            ("plot loan EMI 12k", "plot loan outstanding 9.8 lakh"),
            {"loan_plot_emi": "₹12,000", "loan_plot_amount": "₹9,80,000"},
        ),
        (("Plot loan outstanding 9.8 lakh",), {"loan_plot_amount": "₹9,80,000"}),
        (
            ("tractor loan outstanding 3.2 lakh, EMI 14k",),
            {"loan_tractor_amount": "₹3,20,000", "loan_tractor_emi": "₹14,000"},
        ),
        (("shop loan outstanding 4 lakh",), {"loan_shop_amount": "₹4,00,000"}),
        (
            ("gold loan outstanding 1.5L, emi 6k",),
            {"loan_gold_amount": "₹1,50,000", "loan_gold_emi": "₹6,000"},
        ),
        # near misses: no purpose said, or a model's name of the loan talked of
        (("loan outstanding 9 lakh",), {"loan_loan_amount": "₹9,00,000"}),
        (("took loan 2 lakh from bank",), {"loan_loan_amount": "₹2,00,000"}),
        (("got loan sanctioned 12 lakh",), {"loan_loan_amount": "₹12,00,000"}),
        (("paying loan 8k monthly",), {"loan_loan_emi": "₹8,000"}),
        (("Thar loan left 6.2 lakh",), {"loan_car_thar_amount": "₹6,20,000"}),
        (
            ("two-wheeler loan for Activa, EMI 2,750", "Activa loan finished, last EMI paid"),
            {"loan_bike_activa_emi": 'closed (bike loan closed) ("last EMI paid")'},
        ),
    ],
)
def test_the_purpose_before_loan_types_its_amount_as_its_emi(
    texts: tuple[str, ...], expected: dict[str, str]
) -> None:
    assert said(*texts) == expected


@pytest.mark.parametrize(
    ("texts", "expected"),
    [
        (
            ("Thar loan EMI 18,400 and the i20 one 9,200",),
            {"loan_car_thar_emi": "₹18,400", "loan_car_i20_emi": "₹9,200"},
        ),
        (
            ("Thar loan EMI 18,400 and the i20 one 9,200", "i20 EMI is now 8,000"),
            {"loan_car_thar_emi": "₹18,400", "loan_car_i20_emi": "₹8,000"},
        ),
        (
            ("Creta EMI 12k, Alto EMI 7k", "Alto EMI went up to 7.5k"),
            {"loan_car_creta_emi": "₹12,000", "loan_car_alto_emi": "₹7,500"},
        ),
        (
            ("Nexon loan 11k EMI, Brezza loan 9k EMI",),
            {"loan_car_nexon_emi": "₹11,000", "loan_car_brezza_emi": "₹9,000"},
        ),
        (
            ("car loan EMI 12k for the Creta and 7k for the Alto",),
            {"loan_car_creta_emi": "₹12,000", "loan_car_alto_emi": "₹7,000"},
        ),
        # near miss: one loan's EMI said again is a new value of it, not a second loan
        (("EMI 12k", "EMI is 13k now"), {"loan_loan_emi": "₹13,000"}),
    ],
)
def test_two_loans_of_one_kind_named_apart_keep_their_own_emis(
    texts: tuple[str, ...], expected: dict[str, str]
) -> None:
    assert said(*texts) == expected


@pytest.mark.parametrize(
    ("key", "label"),
    [
        ("loan_loan_emi", "loan EMI"),
        ("loan_loan_amount", "loan amount"),
        ("loan_loan_end", "loan end"),
        ("loan_car_emi", "car loan EMI"),
    ],
)
def test_a_loan_of_no_type_is_labelled_once_and_read_back(key: str, label: str) -> None:
    assert label_of(key) == label
    assert recognise(f"{label}: ₹9,000") == [(key, "₹9,000")]
