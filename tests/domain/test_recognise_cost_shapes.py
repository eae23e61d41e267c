"""Costs said in short or unusual shapes: a terse cost before the thing ("rent 9k flat"), a
cost said with dismay in the shape of a question ("shop rent 22k a month??"), a period said
after the thing the figure is for ("16,400 premium yearly"), a rent that stopped, and a
place described in the plural ("like four rooms") that is not the rented one. Each case
states exactly the facts expected."""

from __future__ import annotations

import pytest

from fincoach_tui.domain.finance_facts import recognise
from tests.recognise_helpers import MAR_9
from tests.recognise_helpers import facts_of as facts_on


def facts_of(*texts: str) -> dict[str, str]:
    return facts_on(*texts, at=MAR_9)


@pytest.mark.parametrize(
    ("text", "rent"),
    [
        ("rent 9k flat", "₹9,000"),
        ("rent 9k flat, 2bhk near the station", "₹9,000"),
        ("kiraya 3k room hai", "₹3,000"),
        ("rent 2k room, shared PG", "₹2,000"),
    ],
)
def test_a_terse_cost_before_the_thing_it_is_for_is_money(text, rent):
    assert dict(recognise(text))["rent"] == rent


@pytest.mark.parametrize(
    "text",
    [
        "Room is a small 1K apartment, rent 72,000 yen.",
        "I live in a 2K flat in Osaka, rent is 72,000 yen.",
    ],
)
def test_a_home_layout_is_still_no_money(text):
    assert dict(recognise(text))["rent"] == "72,000 yen"


@pytest.mark.parametrize(
    ("text", "key", "value"),
    [
        ("godown bhada 14,500 mase??", "rent_godown", "₹14,500"),
        ("shop rent 22k a month??", "rent_shop", "₹22,000"),
        ("Rent is 22k a month??", "rent", "₹22,000"),
        ("Godown kiraya 9,000 mahina??", "rent_godown", "₹9,000"),
        ("School fees 1.2 lakh a year?!", "cost_school_fees", "₹1,20,000 a year"),
    ],
)
def test_a_cost_said_with_dismay_is_stated_not_asked(text, key, value):
    assert dict(recognise(text)) == {key: value}


def test_a_cost_said_with_dismay_mid_message_keeps_the_figures_after_it():
    assert dict(recognise("godown bhada 14,500 mase?? plus car loan EMI 9,200")) == {
        "rent_godown": "₹14,500",
        "loan_car_emi": "₹9,200",
    }


@pytest.mark.parametrize(
    "text",
    [
        "Is rent 22k a month?",
        "Rent 22k a month, is that too much?",
        "SIP 15k?",
        "Rent 22k a month ok?",
        "kiraya 12k mahina sahi hai?",
        "Can I afford a 30k rent?",
    ],
)
def test_a_question_with_an_asking_word_states_nothing(text):
    assert recognise(text) == []


@pytest.mark.parametrize(
    ("text", "key", "value"),
    [
        ("term plan 16,400 premium yearly", "insurance_term_premium", "₹16,400 a year"),
        ("My term plan costs 22,000 premium p.a.", "insurance_term_premium", "₹22,000 a year"),
        ("health cover 12k premium per annum", "insurance_health_premium", "₹12,000 a year"),
        (
            "Term cover premium is 16,400 premium annually",
            "insurance_term_premium",
            "₹16,400 a year",
        ),
        ("LIC premium 8,200 every quarter", "insurance_term_premium", "₹8,200 a quarter"),
        (
            "term insurance 9,800 premium half-yearly",
            "insurance_term_premium",
            "₹9,800 every six months",
        ),
        ("maid 2k weekly", "cost_maid", "₹2,000 a week"),
    ],
)
def test_a_period_said_after_the_thing_is_the_figure_s(text, key, value):
    assert dict(recognise(text)) == {key: value}


@pytest.mark.parametrize(
    ("text", "key", "value"),
    [
        ("Rent 25k monthly", "rent", "₹25,000"),
        ("My term plan premium 16,400 for 20 years", "insurance_term_premium", "₹16,400"),
        ("SIP 5k for 10 years", "sip", "₹5,000"),
    ],
)
def test_no_period_is_added_where_none_is_said_of_the_figure(text, key, value):
    assert dict(recognise(text)) == {key: value}


@pytest.mark.parametrize(
    "said",
    [
        "The new job comes with a staff quarter, so I'm not paying rent anymore.",
        "We moved in with my in-laws, we don't pay rent any more.",
        "Good news, the rent is gone, the company gives us a flat.",
    ],
)
def test_a_rent_that_stopped_is_no_longer_current(said):
    rent = facts_of("My rent is 14,000 for a 1BHK.", said)["rent"]
    assert rent.startswith("stopped (rent stopped)")


def test_a_rent_that_went_up_has_not_stopped():
    assert facts_of("My rent is 14,000.", "The rent has gone up to 15,500.")["rent"] == "₹15,500"


def test_a_place_described_in_the_plural_is_not_the_rented_one():
    facts = facts_of(
        "rent for our flat is 11,000",
        "my dream really is to open a small guest house in the hills, like six rooms, it'll "
        "need maybe 30 lakh, in 6 years hopefully",
        "for the guest house, the cottage rooms need more repair, so now I think 36 lakh",
    )
    assert facts["rent"] == "₹11,000"
    assert facts["goal_house_amount"] == "₹36,00,000"
    assert facts["goal_house_date"] == "in Mar 2032"


@pytest.mark.parametrize(
    ("text", "facts"),
    [
        (
            "We have two home loans: the Pune flat EMI is 32,000 and the Nagpur one is 18,500.",
            {"loan_home_pune_emi": "₹32,000", "loan_home_nagpur_emi": "₹18,500"},
        ),
        (
            "Home loan EMI for the Pune flat is 32k and for the Nagpur flat 18.5k.",
            {"loan_home_pune_emi": "₹32,000", "loan_home_nagpur_emi": "₹18,500"},
        ),
        (
            "Two home EMIs, 21,000 for the old flat and 14,000 for the new one.",
            {"loan_home_old_emi": "₹21,000", "loan_home_new_emi": "₹14,000"},
        ),
        (
            "Both flats are on home loans, EMIs of 26k (Baner) and 19k (Wakad).",
            {"loan_home_baner_emi": "₹26,000", "loan_home_wakad_emi": "₹19,000"},
        ),
        (
            "We have two car loans, EMIs 9k and 6,500.",
            {"loan_car_emi": "₹9,000", "loan_car_second_emi": "₹6,500"},
        ),
        (
            "SBI home loan EMI 41k and HDFC home loan EMI 12k",
            {"loan_home_sbi_emi": "₹41,000", "loan_home_hdfc_emi": "₹12,000"},
        ),
    ],
)
def test_two_loans_of_one_type_in_one_sentence_each_keep_their_figure(text, facts):
    assert dict(recognise(text)) == facts


@pytest.mark.parametrize(
    ("text", "emi"),
    [
        ("Home loan EMI went up from 30k to 32k.", "₹32,000"),
        ("home loan emi 20-22k", "₹20,000 to ₹22,000"),
        ("Home loan EMI 32k. The home loan EMI is 30k now.", "₹30,000"),
    ],
)
def test_one_loan_said_with_two_figures_is_still_one_loan(text, emi):
    assert dict(recognise(text)) == {"loan_home_emi": emi}


def test_a_loan_told_apart_by_its_name_reads_back_from_a_fact_line():
    assert dict(recognise("- home loan (Pune) EMI: ₹32,000")) == {"loan_home_pune_emi": "₹32,000"}
