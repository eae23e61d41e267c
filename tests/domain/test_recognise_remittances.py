"""Money the user sends home every month is one fact, `remittance`, however it is said;
what someone else sends the user, or a share of what is sent, is not it. A deposit's or a
scheme's time left said as "more" is when it ends; a chit fund keeps its end."""

from __future__ import annotations

import pytest

from fincoach_tui.domain.finance_facts import find_facts, recognise

MAY_2026 = 1_779_000_000.0  # 17 May 2026, UTC


def values(*messages: str, said_at: float | None = None) -> dict[str, str]:
    facts = find_facts([(f"m{i}", m) for i, m in enumerate(messages)], said_at)
    return {k: f.value for k, f in facts.items()}


@pytest.mark.parametrize(
    ("sentence", "amount"),
    [
        ("I send 15k home every month", "₹15,000"),
        ("sending home about 22,000 monthly now", "₹22,000"),
        ("Each month I wire ₹31,500 back home to Kerala", "₹31,500"),
        ("I remit $400 to Manila monthly", "$400"),
        ("remittance to my mother is Rs 9,000 p.m.", "₹9,000"),
        ("I transfer 12k to my parents every month", "₹12,000"),
        ("i send them 7.5k each month", "₹7,500"),
        ("what I send home comes to 1.1 lakh", "₹1,10,000"),
        ("bhejta hoon ghar 10 hazaar har mahine", "₹10,000"),
        ("main har mahine 9 hazaar ghar bhejti hoon", "₹9,000"),
        ("maa ko 4,500 bhejta hu", "₹4,500"),
        ("appa-ku 8k anuppuren every month", "₹8,000"),
        ("aai-baba na 6,000 pathavto", "₹6,000"),
        ("₹7,000 to my parents every month", "₹7,000"),
        ("also 11k to amma each month", "₹11,000"),
    ],
)
def test_money_sent_home_is_the_remittance(sentence: str, amount: str) -> None:
    assert dict(recognise(sentence)).get("remittance") == amount


@pytest.mark.parametrize(
    "sentence",
    [
        "papa sends 8k every month",  # someone else's, to the user
        "My brother sends home 20,000 a month",  # someone else's
        "papa har mahine 12,000 bhejte hain",  # someone else's, in Hindi
        "Sent 25,000 home for Diwali",  # once, in the past
        "Should I send money home monthly or every quarter?",
        "I'll send the documents to the bank by 15k courier",  # no family, no home
        "Lent 50k to my brother last year",  # once, and a loan
    ],
)
def test_money_someone_else_sends_or_once_is_no_remittance(sentence: str) -> None:
    assert "remittance" not in dict(recognise(sentence))


def test_a_remittance_said_another_way_replaces_the_one_before() -> None:
    assert (
        values(
            "I send my parents 10k a month",
            "Their rent went up, so now I'm sending home 12,500.",
        )["remittance"]
        == "₹12,500"
    )
    assert (
        values("Remitting ₹50,000 to India each month.", "From June it's 45k, I told dad.")[
            "remittance"
        ]
        == "₹45,000"
    )
    assert values("ghar 8 hazaar bhejta hoon", "now I send 9,500")["remittance"] == "₹9,500"


def test_a_share_of_what_is_sent_is_not_the_remittance() -> None:
    found = values(
        "I send ₹90,000 home every month.",
        "Out of what I send, 30k is for my parents' groceries and 25k pays the home loan EMI.",
    )
    assert found["remittance"] == "₹90,000"
    assert found["loan_home_emi"] == "₹25,000"


@pytest.mark.parametrize(
    ("sentence", "key", "end"),
    [
        ("RD of 6,000 a month, runs for 14 months more", "rd_end", "in Jul 2027"),
        ("My RD of 2,500 has 9 more months", "rd_end", "in Feb 2027"),
        ("The car loan EMI is 14k for another two years", "loan_car_end", "in May 2028"),
        ("FD of 3 lakh, a further 20 months to run", "fd_maturity", "in Jan 2028"),
    ],
)
def test_more_of_a_term_is_when_it_ends(sentence: str, key: str, end: str) -> None:
    assert values(sentence, said_at=MAY_2026)[key] == end


def test_a_bare_term_is_still_a_tenure() -> None:
    assert values("RD of 3,000 a month for 24 months")["rd_tenure"] == "24 months"


@pytest.mark.parametrize(
    ("sentence", "end"),
    [
        ("We're in a chit fund of 8k a month; it ends next Diwali.", "by Diwali 2026 (8 Nov 2026)"),
        ("chitty 15,000 monthly till March 2028", "till Mar 2028"),
        ("The kitty of 5k a month closes in 10 months", "in Mar 2027"),
    ],
)
def test_a_chit_fund_keeps_when_it_ends(sentence: str, end: str) -> None:
    found = values(sentence, said_at=MAY_2026)
    assert found["invest_chit_end"] == end
    assert "invest_chit" in found


def test_a_savings_scheme_keeps_its_maturity() -> None:
    assert values("NSC of 40k, matures in 2029")["invest_nsc_end"] == "in 2029"


@pytest.mark.parametrize(
    ("sentence", "key", "date"),
    [
        ("FD of 4 lakh, matures by June '29", "fd_maturity", "by Jun 2029"),
        ("The PPF matures in March '31", "invest_ppf_end", "Mar 2031"),
        ("The home loan should be closed by mid-2030", "loan_home_end", "by mid 2030"),
        ("FD of 1.5L maturing in early 2028", "fd_maturity", "early 2028"),
    ],
)
def test_a_month_with_a_short_year_or_a_part_of_a_year_is_a_date(
    sentence: str, key: str, date: str
) -> None:
    assert values(sentence)[key] == date


@pytest.mark.parametrize(
    ("sentence", "amount"),
    [
        ("Sonu ko hostel mein 5 hazaar bhejte hain har mahine", "₹5,000"),
        ("chhoti beti ko 3,500 bhejte hain", "₹3,500"),
        ("Meenu ko 4k bhejna padta hai", "₹4,000"),
        ("papa ko 5k bhejte hain har mahine", "₹5,000"),
    ],
)
def test_money_the_household_sends_someone_named_with_ko_is_the_remittance(
    sentence: str, amount: str
) -> None:
    assert recognise(sentence) == [("remittance", amount)]


@pytest.mark.parametrize(
    ("sentence", "amount"),
    [
        ("Ajith sends home 90k every month", "₹90,000 a month"),
        ("She remits 35k home every month from Muscat", "₹35,000 a month"),
        ("my daughter in Perth sends money home, about 60k a month", "₹60,000 a month"),
        ("My brother sends home 18,000 a month", "₹18,000 a month"),
        ("he keeps sending us 25k", "₹25,000"),
        ("Vinod sends 70k every month", "₹70,000 a month"),
        ("har mahine 9 hazaar bhejti hai ghar", "₹9,000"),
        ("ab se 11,000 bhejega", "₹11,000"),
        ("Kuwait se 20 hazaar bhej raha hai", "₹20,000"),
        ("papa mujhe 6k bhejte hain", "₹6,000"),
    ],
)
def test_money_someone_else_sends_home_is_other_income(sentence: str, amount: str) -> None:
    assert dict(recognise(sentence)) == {"income_support": amount}


@pytest.mark.parametrize(
    "sentence",
    [
        "Golu Pinky ko 2k bhejta hai",  # his sending, to someone else
        "Bank ko 5k bhejte hain har mahine",  # a payment, no family
        "he sends 12k to his parents back home",  # to another's family
    ],
)
def test_money_sent_between_others_is_neither(sentence: str) -> None:
    found = dict(recognise(sentence))
    assert "remittance" not in found
    assert "income_support" not in found


def test_a_later_amount_someone_sends_home_replaces_the_earlier() -> None:
    found = values("Bablu har mahine 10 hazaar bhejta hai ghar", "bola ab 13,000 bhejega")
    assert found["income_support"] == "₹13,000"
    assert "remittance" not in found


@pytest.mark.parametrize(
    ("sentence", "end"),
    [
        ("FD of 2 lakh, matures at Chhath next year", "at Chhath 2027 (4 Nov 2027)"),
        ("RD of 1,500 a month closes around chhath puja", "by Chhath 2026 (14 Nov 2026)"),
        ("FD of 80k matures on Eid next year", "on Eid 2027 (10 Mar 2027)"),
        ("FD of 3L matures by Bakrid 2028", "by Bakrid 2028 (5 May 2028)"),
        ("FD of 50k, breaks on Deepavali '27", "on Diwali 2027 (29 Oct 2027)"),
    ],
)
def test_a_festival_of_a_region_or_with_its_year_is_a_date(sentence: str, end: str) -> None:
    found = values(sentence, said_at=MAY_2026)
    assert end in (found.get("fd_maturity"), found.get("rd_end"))


@pytest.mark.parametrize(
    ("sentence", "amount"),
    [
        ("hum ghar 8k bhejte hain", "₹8,000"),
        ("hum har mahine ghar 8k bhejte hain", "₹8,000"),
        ("hum log gaon 10 hazaar bhejte hain har mahine", "₹10,000"),
        ("ham ghar pe 6,000 bhejte hai", "₹6,000"),
        ("hum dono milke ghar 15k bhejte hain", "₹15,000"),
        ("ghar 9k bhejte hain hum", "₹9,000"),
        ("8k ghar bhejte hain hum log", "₹8,000"),
        ("ham ghar ko 10 hazar bhejte he", "₹10,000"),
        ("hum har month 8000 rupay ghar bhejte hai", "₹8,000"),
        ("main aur wife ghar 20k bhejte hain", "₹20,000"),
        ("ghar 8k bhejte hain", "₹8,000"),  # no subject: the first person is meant
        ("papa aur mummy ghar pe hain, hum unko 9k bhejte hain", "₹9,000"),
    ],
)
def test_the_households_own_sending_in_hindi_is_the_remittance(sentence: str, amount: str) -> None:
    assert recognise(sentence) == [("remittance", amount)]


@pytest.mark.parametrize(
    ("sentence", "amount"),
    [
        ("bhaiya ghar 10k bhejte hain", "₹10,000"),
        ("mere bhai ghar 8k bhejte hain", "₹8,000"),
        ("hamare bete ghar 20k bhejte hain", "₹20,000"),
        ("Sunita ghar 7k bhejti hai", "₹7,000"),
        ("wo ghar 15k bhejti hai", "₹15,000"),
        ("hum ko papa 5k bhejte hain", "₹5,000"),  # "hum ko": to us
        ("ghar se papa 10k bhejte hain", "₹10,000"),
        ("didi hume har mahine 5 hazaar bhejti hain", "₹5,000"),
    ],
)
def test_what_family_send_home_in_hindi_stays_other_income(sentence: str, amount: str) -> None:
    assert recognise(sentence) == [("income_support", amount)]


def test_what_family_send_and_what_the_user_sends_are_two_facts() -> None:
    found = values("papa har mahine 12,000 bhejte hain", "hum ghar 8k bhejte hain")
    assert found == {"income_support": "₹12,000", "remittance": "₹8,000"}
