"""Money in the romanised number words of Indian languages, and the words for pay and rent
in them. Made-up sentences."""

from __future__ import annotations

import pytest

from fincoach_tui.domain.amounts import find_amounts
from fincoach_tui.domain.finance_facts import find_facts


@pytest.mark.parametrize(
    ("text", "value"),
    [
        ("bees hazaar", 20_000),
        ("teen lakh", 300_000),
        ("dedh lakh", 150_000),
        ("dhai lakh", 250_000),
        ("sawa lakh", 125_000),
        ("saadhe chaar lakh", 450_000),
        ("paune teen lakh", 275_000),
        ("teen lakh chalis hazaar", 340_000),
        ("saath hazaar", 60_000),
        ("anju aayiram", 5_000),
        ("moonu lakh", 300_000),
        ("chollish hajar", 40_000),
        ("don lakh", 200_000),
        ("ek koti", 10_000_000),
        ("12 laakh", 1_200_000),
        ("25 aayiram", 25_000),
    ],
)
def test_money_in_indian_number_words(text, value):
    assert [a.value for a in find_amounts(f"around {text} per month")] == [value]


@pytest.mark.parametrize("text", ["what do you think", "we sat down", "do it later", "ek baar"])
def test_number_words_without_a_scale_are_no_money(text):
    assert find_amounts(text) == []


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("meri tankhwah chalis hazaar hai, kiraya aath hazaar", ("₹40,000", "₹8,000")),
        ("en sambalam muppathu aayiram, vaadagai ettu aayiram", ("₹30,000", "₹8,000")),
        ("majha pagar 52,000 ahe, bhaade 11,000", ("₹52,000", "₹11,000")),
        ("amar beton 48 hajar, bari bhara 9 hajar", ("₹48,000", "₹9,000")),
    ],
)
def test_pay_and_rent_said_in_indian_languages(text, expected):
    facts = find_facts([("m0", text)])
    assert (facts["salary"].value, facts["rent"].value) == expected


def said(*texts: str) -> dict[str, str]:
    found = find_facts([(f"m{n}", text) for n, text in enumerate(texts)])
    return {key: fact.value for key, fact in found.items()}


@pytest.mark.parametrize(
    ("text", "city"),
    [
        ("namaste, mera naam Ramesh, Banaras mein chai ki dukaan hai", 'Varanasi ("Banaras")'),
        ("mi Sayali, teacher ahe Kolhapur la", "Kolhapur"),
        ("ami Bapi, Durgapur te thaki", "Durgapur"),
        ("working on a ship these days, home is Calicut", 'Kozhikode ("Calicut")'),
        ("This is Harpreet, nurse at a clinic in Patiala", "Patiala"),
    ],
)
def test_a_city_said_the_way_indian_languages_say_it(text, city):
    assert said(text)["city"] == city


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("dukaan madhun mala 40k urtaat mahinyala", {"income_shop": "₹40,000"}),
        ("dokan theke mase 32k thake haate", {"income_shop": "₹32,000"}),
        (
            "I send ammi-abbu 15k a month for their expenses",
            {"remittance": "₹15,000", "family_parents": "supports ammi-abbu"},
        ),
    ],
)
def test_income_and_support_said_in_indian_languages(text, expected):
    assert said(text) == expected


def test_the_interest_a_holding_pays_is_not_the_holding():
    assert said("Post office MIS la 3 lakh pottirukken, interest monthly 1,850 varudhu") == {
        "invest_pomis": "₹3,00,000"
    }


def test_a_statement_line_gives_no_account_number_and_each_entry_stands_alone():
    statement = "\n".join(
        [
            "Date   Narration   Debit   Credit   Balance",
            "01-10-2026 ACH DR-SBI HOUSING LOAN 5521      14,200.00              31,000.50",
            "03-10-2026 SI-RD 0091-MONTHLY INST            2,500.00              28,500.50",
            "04-10-2026 UPI-CITY DENTAL CARE               1,150.00              27,350.50",
            "08-10-2026 ACH DR-LIC OF INDIA PREM           2,980.00              24,370.50",
        ]
    )
    assert said(statement) == {
        "loan_home_emi": "₹14,200",
        "rd_amount": "₹2,500",
        "insurance_term_premium": "₹2,980",
    }


def test_a_new_deposit_said_in_hindi_is_another_one():
    assert said("SBI mein RD hai, 4,000 mahina", "Naya RD khola 6,000 ka") == {
        "rd_sbi_amount": "₹4,000",
        "rd_amount": "₹6,000",
    }


def test_a_year_said_before_its_month():
    assert said("FD hai 2 lakh ki, 2028 March mein mature hogi") == {
        "fd_amount": "₹2,00,000",
        "fd_maturity": "Mar 2028",
    }
    assert said("goal: Rohan ki engineering, 8 lakh, 2030 er June")["goal_education_date"] == (
        "Jun 2030"
    )


def test_a_tag_before_a_message_is_no_figure():
    assert said("[2140] I send amma-appa 18k a month", "[0915] actually all fine here") == {
        "remittance": "₹18,000",
        "family_parents": "supports amma-appa",
    }


def test_a_place_in_a_plan_for_later_is_not_where_the_user_lives():
    assert said(
        "home is Trichy.",
        "goal is to take a teaching job in Madurai someday. want a corpus of 2 crore",
    ) == {
        "city": 'Tiruchirappalli ("Trichy")',
        "goal_teaching_job": "teaching job in Madurai",
        "goal_retirement_amount": "₹2,00,00,000",
    }


def test_a_city_someone_is_sent_to_is_not_the_users():
    assert "city" not in said("mulala Pune la pathavaycha vichar aahe")


@pytest.mark.parametrize(
    ("text", "value"),
    [
        # joined: the number's last vowel dropped before "aayiram"
        ("Veedu vaadaka pathinaarayiram, owner is an NRI", 16_000),
        ("SIP moonnayiram in a Nifty 50 index fund", 3_000),
        ("rent pathinaayiram", 10_000),
        ("EMI anjaayiram maasam", 5_000),
        ("naalaayiram rupa for the maid", 4_000),
        ("savings irupathinaayiram every month", 20_000),
        ("he gives irubathaayiram", 20_000),
        ("pathinanchaayiram kodukkum", 15_000),
        ("padivelu to amma", 10_000),
        # apart: a number word before a scale word
        ("pond lease samvatsaraniki oka laksha iravai velu... landlord", 120_000),
        ("jeetham iravai velu vastundi", 20_000),
        ("school fees padinainju aayiram kodukkanum", 15_000),
        ("gold loan rendu lakshalu", 200_000),
        ("oru laksham in FD", 100_000),
        ("baadige eradu saavira", 2_000),
        ("ondu laksha aivattu saavira loan", 150_000),
        ("pannendu velu emi", 12_000),
        ("rendu latcham kadan", 200_000),
    ],
)
def test_money_in_south_indian_number_words(text, value):
    assert [a.value for a in find_amounts(text)] == [value]


@pytest.mark.parametrize(
    "text",
    [
        "Velu anna gave me a loan",
        "aayiram thanks sir",
        "Laksha is my daughter, she is 6",
        "oka nimisham sir",
        "I live in Velachery",
        "iravai rojulu lo",
        "Amche income varshatun don vela yete",
        "aaru maasam",
    ],
)
def test_south_indian_words_without_a_scale_or_a_number_are_no_money(text):
    assert find_amounts(text) == []


def test_rent_and_sip_said_in_malayalam_number_words_are_filed():
    facts = said("Veedu vaadaka pathinaarayiram, owner is an NRI", "SIP moonnayiram, Nifty 50 fund")
    assert (facts["rent"], facts["sip"]) == ("₹16,000", "₹3,000")
