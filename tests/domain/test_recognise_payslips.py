"""Pay read off a payslip: the net (in hand, take-home) is the pay, whichever order the
gross and the deductions come in; the deductions that are the user's savings are filed as
themselves; taxes are no figure of anything; pupils in a batch are not the user's children.
Each with its near-misses."""

from __future__ import annotations

import pytest

from tests.recognise_helpers import facts_of


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        (
            "gross 6,200 SGD, CPF 1,240, net S$4,640",
            {"invest_cpf": "₹1,240", "salary": "S$4,640"},
        ),
        (
            "My payslip says gross S$6,200, CPF S$1,240 and net S$4,640.",
            {"invest_cpf": "S$1,240", "salary": "S$4,640"},
        ),
        ("ctc 18 LPA, in hand 1.21 lakh", {"salary": "₹1,21,000"}),
        ("in hand 1.21 lakh, ctc 18 LPA", {"salary": "₹1,21,000"}),
        ("package 14 LPA, take home 95k", {"salary": "₹95,000"}),
        (
            "payslip: basic 40k, HRA 16k, PF 4,800, TDS 6k, net 71,300",
            {"invest_epf": "₹4,800", "salary": "₹71,300"},
        ),
        ("take home after tax £2,950, NI 310", {"salary": "£2,950"}),
        ("gross $7,400 / net $5,520 after 401k and taxes", {"salary": "$5,520"}),
        ("salary is 95k gross, after PF and tax I get 78k in hand", {"salary": "₹78,000"}),
        ("salary 1.2L gross, 98k net", {"salary": "₹98,000"}),
        ("mera in-hand 45k hai, gross 52k", {"salary": "₹45,000"}),
        (
            "gross 1.1L, EPF 5,400, professional tax 200, TDS 9k, net credited 95,400",
            {"invest_epf": "₹5,400", "salary": "₹95,400"},
        ),
        (
            "I make 8,500 gross, superannuation 950, net is about 6,100 AUD",
            {"salary": "AUD 6,100"},
        ),
        ("in hand 62k after pf cut of 3600", {"salary": "₹62,000", "invest_epf": "₹3,600"}),
        ("my net salary is 71,300 after TDS 6k", {"salary": "₹71,300"}),
        ("net salary 1,05,000 after deductions of 15,000", {"salary": "₹1,05,000"}),
        (
            "salary credited 1,21,000 (after PF 9,000 and TDS 12,000)",
            {"salary": "₹1,21,000", "invest_epf": "₹9,000"},
        ),
        (
            "Pay: gross 52,000; deductions PF 1,800 + PT 200; net 50,000",
            {"invest_epf": "₹1,800", "salary": "₹50,000"},
        ),
        (
            "slip aaya: gross 96,400, NPS 9,640 katta, income tax 7,100. haath me 79,200 aata",
            {"invest_nps": "₹9,640", "salary": "₹79,200"},
        ),
        ("increment mila! net ab 58,900", {"salary": "₹58,900"}),
        ("my net is 1,640 euro a month", {"salary": "1,640 euro"}),
        ("take-home after PF and ESI is 55k", {"salary": "₹55,000"}),
        # near-misses: no payslip, or no pay
        ("my net worth is 40 lakh", {}),
        ("after the promotion my net worth is 60 lakh", {}),
        ("shop makes 80k, net 30k after costs", {"income_shop": "₹30,000"}),
        ("gross salary 1.2L", {"salary": "₹1,20,000"}),  # the one figure given
        ("TDS of 6k is deducted from my salary of 80k", {"salary": "₹80,000"}),
        ("PF is 4,800 a month", {"invest_epf": "₹4,800 a month"}),
    ],
)
def test_a_payslips_net_is_the_pay(text: str, expected: dict[str, str]) -> None:
    assert facts_of(text) == expected


def test_a_later_gross_does_not_replace_the_net() -> None:
    assert facts_of("net 71,300 this month", "payslip again: gross 90,000, net 72,100") == {
        "salary": "₹72,100"
    }


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("net 1,150 a week", {"salary": "₹1,150 a week"}),
        ("I clear about 62k a year after tax", {"salary": "₹62,000 a year"}),
        ("we clear 4,100 a month between us", {"salary": "₹4,100"}),
        ("I take home 2,300 a fortnight after tax", {"salary": "₹2,300 a fortnight"}),
        ("take home 2,300 fortnightly", {"salary": "₹2,300 a fortnight"}),
        ("Gross pay $5,200 biweekly, net $3,900 every two weeks", {"salary": "$3,900 a fortnight"}),
        ("salary 62k a year after tax", {"salary": "₹62,000 a year"}),
        ("I clear the card dues every month", {}),
    ],
)
def test_pay_by_the_week_fortnight_or_year_keeps_its_period(
    text: str, expected: dict[str, str]
) -> None:
    assert facts_of(text) == expected


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("4 bacche in the morning batch", {}),
        ("evening batch mein 8 bachhe hain", {}),
        ("6 bacche batch mein hain", {}),
        ("12 kids per batch, 3 batches", {}),
        ("In the Saturday batch I have 9 kids", {}),
        ("sham ke batch me 3 aur aaye, ab 11 bacche", {}),
        ("I teach 12 kids piano", {}),
        ("30 patients a day", {}),
        ("my 2 kids", {"family_children": "2 kids"}),
        ("do bacche hain hamare", {"family_children": '2 children ("do bacche")'}),
        ("my 2 kids go to the evening batch", {"family_children": "2 kids"}),
        ("we have 2 kids in a dance class", {"family_children": "2 kids"}),
        ("I have 3 kids, all in the same class", {"family_children": "3 kids"}),
        (
            "hamare do bacche hain, dono coaching jaate hain",
            {"family_children": '2 children ("do bacche")'},
        ),
        ("I have 2 kids and I teach 15 kids in the evening batch", {"family_children": "2 kids"}),
    ],
)
def test_pupils_in_a_batch_are_not_the_users_children(text: str, expected: dict[str, str]) -> None:
    assert facts_of(text) == expected
