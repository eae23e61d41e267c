"""Income said the ways the recogniser missed: a practice's receipts, a job's news before a
bare figure, income per head, and a payslip's retirement deductions, each with its
near-misses."""

from __future__ import annotations

import pytest

from fincoach_tui.domain.finance_facts import find_facts


def _filed(*messages: str) -> dict[str, str]:
    facts = find_facts([(str(n), text) for n, text in enumerate(messages)])
    return {key: fact.value for key, fact in facts.items()}


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        (
            "At the outset, kindly note that my average net professional receipts stand at "
            "Rs. 1,85,000/- per month.",
            {"income_practice": "₹1,85,000 a month"},
        ),
        (
            "net professional receipts have reduced to Rs. 1,60,000",
            {"income_practice": "₹1,60,000"},
        ),
        ("gross receipts this year are 28 lakh", {"income_practice": "₹28,00,000"}),
        ("As a physio my monthly receipts are about 65k", {"income_practice": "₹65,000"}),
        ("my billing is about 3 lakh a month", {"income_practice": "₹3,00,000 a month"}),
        ("clinic collections average 1.5L monthly", {"income_practice": "₹1,50,000 a month"}),
        ("dental clinic collections ~ 2,10,000 pm", {"income_practice": "₹2,10,000 a month"}),
        ("OPD collections 40k daily", {"income_practice": "₹40,000"}),
        ("consultation fees come to about 90k per month", {"income_practice": "₹90,000"}),
        ("professional fees received: Rs 75,000 per month", {"income_practice": "₹75,000"}),
        ("my consultation fees per month, roughly 1.3L", {"income_practice": "₹1,30,000"}),
        ("my practice brings in 1.8 lakh", {"income_practice": "₹1,80,000"}),
        (
            "ghar ka kharcha 30k; practice ki kamai 1.5 lakh mahina",
            {"expenses": "₹30,000", "income_practice": "₹1,50,000"},
        ),
        # near-misses: a receipt for something paid, a fee the user pays, a billing address
        ("I keep all receipts of 2,000 and above", {}),
        ("rent receipts for HRA are 25,000 a month", {"rent": "₹25,000"}),
        ("I paid consultation fees of 1,500 for my dad", {"cost_fees": "₹1,500"}),
        ("consultation fees are 800 a visit", {}),
        ("legal fees for the flat registration were 45,000", {}),
        ("my billing address changed; rent is 18k", {"rent": "₹18,000"}),
        ("the billing cycle closes on 5th; 3k this month", {}),
        ("I have a collection of coins worth 20k", {}),
    ],
)
def test_a_practices_receipts_are_its_income(text: str, expected: dict[str, str]) -> None:
    assert _filed(text) == expected


def test_receipts_said_after_a_chambers_lease_replace_the_receipts_not_the_rent() -> None:
    assert _filed(
        "my average net professional receipts stand at Rs. 1,85,000/- per month. The chamber "
        "is taken on lease at Rs. 22,000/- per month.",
        "I must now report that receipts have reduced to Rs. 1,60,000/- per month, owing to "
        "the vacation.",
    ) == {"rent": "₹22,000", "income_practice": "₹1,60,000 a month"}


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("got the offer!!! 80,000 a month", {"salary": "₹80,000"}),
        ("New job confirmed. 1.2L per month in hand.", {"salary": "₹1,20,000"}),
        ("Finally got the job. 65k per month.", {"salary": "₹65,000"}),
        ("offer letter aa gaya! 95,000 monthly", {"salary": "₹95,000"}),
        ("naukri lag gayi bhai. 45k mahina", {"salary": "₹45,000"}),
        ("job pakki ho gayi yaar. 38,000 mahine ka", {"salary": "₹38,000"}),
        # the job's city is the user's, abroad as at home ("landed the job in Pune")
        (
            "landed the job in Dubai. AED 18,000 a month.",
            {"city": "Dubai", "salary": "AED 18,000"},
        ),
        ("Cleared the interview and got the offer. 14 LPA.", {"salary": "₹14,00,000 a year"}),
        (
            "Accepted the offer from Wipro. Joining in March. 95k per month.",
            {"salary": "₹95,000"},
        ),
        ("Finally!! Got the offer. 88k monthly.", {"salary": "₹88,000"}),
        # near-misses: news of a bill, a plan, a flat, an offer for a thing, someone else's job
        ("Got the bill. 8,000 a month.", {}),
        ("New phone plan confirmed. 799 per month.", {}),
        ("Got the flat! 25,000 a month.", {}),
        ("Got an offer on the flat. 80 lakh.", {}),
        ("joined the gym. 2,500 a month", {"cost_gym": "₹2,500"}),
        ("got the offer!!! the flat is 80,000 a month", {"cost_flat": "₹80,000"}),
        ("My sister got the job. 50k a month.", {}),
        ("Priya got the job. 50k a month.", {}),
    ],
)
def test_a_figure_after_news_of_the_job_is_the_pay(text: str, expected: dict[str, str]) -> None:
    assert _filed(text) == expected


def test_a_bill_before_the_job_news_is_not_the_pay() -> None:
    assert _filed("Got the bill. 8,000 a month.", "Got the job. 70k a month.") == {
        "salary": "₹70,000"
    }


def test_each_batchs_income_said_per_head_is_its_own() -> None:
    assert _filed(
        "abhi morning batch me 4 bacche aate hain, har ek se 1,300 lete hain mahina",
        "evening batch me 6 bacche hain, unse 1,100 each kyunki wo class 8 ke hain",
    ) == {  # a batch's children are pupils, not the user's own
        "income_tuition_morning": '₹5,200 ("4 bacche, 1,300 each")',
        "income_tuition_morning_each": "₹1,300",
        "income_tuition_morning_count": "4 bacche",
        "income_tuition_evening": '₹6,600 ("6 bacche, 1,100 each")',
        "income_tuition_evening_each": "₹1,100",
        "income_tuition_evening_count": "6 bacche",
    }


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        (
            "4 kids come to my tuition, 1,500 each",
            {"income_tuition": '₹6,000 ("4 kids, 1,500 each")'},
        ),
        (
            "I teach 6 students at home, each pays 2,000 a month",
            {"income_tuition": '₹12,000 a month ("6 students, 2,000 each")'},
        ),
        (
            "ten students in my batch, 800 per head",
            {"income_tuition": '₹8,000 ("ten students, 800 each")'},
        ),
        ("3 tenants, 7,000 each", {"income_rental": '₹21,000 ("3 tenants, 7,000 each")'}),
        (
            "we have 2 flats rented out at 15k each",
            {"income_rental": '₹30,000 ("2 flats, 15k each")'},
        ),
        (
            "main 5 bachchon ko padhata hoon, 1000 har ek se",
            {"income_tuition": '₹5,000 ("5 bachchon, 1000 each")'},
        ),
        (
            "6 bachche aate hain tuition ke liye, har ek se 800 monthly",
            {"income_tuition": '₹4,800 a month ("6 bachche, 800 each")'},
        ),
        (
            "12 students x 1,500 = my tuition income",
            {"income_tuition": '₹18,000 ("12 students, 1,500 each")'},
        ),
        (
            "two tenants upstairs pay me 9k each per month",
            {"income_rental": '₹18,000 a month ("two tenants, 9k each")'},
        ),
        (
            "3 kids come to my house for tuition, 1500 each. rent is 12k",
            {"income_tuition": '₹4,500 ("3 kids, 1500 each")', "rent": "₹12,000"},
        ),
        (
            "pratidin lagbhag 30 rogi aate hain, paramarsh shulk ₹200 prati rogi",
            {"income_practice": '₹6,000 a day ("30 rogi, ₹200 each")'},
        ),
        (
            "I see 12 patients a day, 500 per consultation",
            {"income_practice": '₹6,000 a day ("12 patients, 500 each")'},
        ),
        (
            "per survey fee 2,800 avg, month e around 25 surveys",
            {"income_practice": '₹70,000 ("25 surveys, 2,800 each")'},
        ),
        # near-misses: the user's own children, money the user pays, things bought
        (
            "my 2 kids' tuition is 1,500 each",
            {"family_children": "2 kids", "cost_tuition": "₹1,500"},
        ),
        (
            "we pay 3,000 each for the two kids' school van",
            {"family_children": "2 kids", "cost_school_fees": "₹3,000"},
        ),
        ("I bought 3 shirts at 1,500 each", {}),
        ("my son's 2 kids get 500 each as pocket money", {}),  # grandchildren, no count
        ("we paid 2 lawyers 20,000 each in fees", {"cost_fees": "₹20,000"}),
    ],
)
def test_income_said_per_head_is_the_total_with_the_users_words(
    text: str, expected: dict[str, str]
) -> None:
    # the fee each pays and the count, filed beside the total, are the test below's
    parts = ("_each", "_count")
    assert {k: v for k, v in _filed(text).items() if not k.endswith(parts)} == expected


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        (
            "abhi morning batch me 4 bacche aate hain, har ek se 1,300 lete hain mahina",
            ("income_tuition_morning", "₹1,300", "4 bacche"),
        ),
        (
            "I also give private piano lessons at weekends: five pupils at 2,400 each per month.",
            ("income_tuition", "₹2,400 a month", "five pupils"),
        ),
        (
            "per survey fee 2,800 avg, month e around 25 surveys",
            ("income_practice", "₹2,800", "25 surveys"),
        ),
        (
            "pratidin lagbhag 30 rogi aate hain, paramarsh shulk ₹200 prati rogi",
            ("income_practice", "₹200", "30 rogi"),
        ),
        ("3 tenants, 7,000 each", ("income_rental", "₹7,000", "3 tenants")),
        (
            "six students take guitar lessons from me, 1,800 each",
            ("income_tuition", "₹1,800", "six students"),
        ),
        (
            "I teach 6 students at home, each pays 2,000 a month",
            ("income_tuition", "₹2,000 a month", "6 students"),
        ),
    ],
)
def test_the_fee_per_head_and_the_count_are_facts_of_their_own(
    text: str, expected: tuple[str, str, str]
) -> None:
    key, each, count = expected
    filed = _filed(text)
    assert (filed[f"{key}_each"], filed[f"{key}_count"]) == (each, count)


@pytest.mark.parametrize(
    "text", ["we give 2,000 each to the 3 kids for lessons", "I give 500 each to my 2 kids"]
)
def test_money_given_each_is_no_fee_per_head(text: str) -> None:
    assert not [k for k in _filed(text) if k.startswith("income_")]


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        (
            "I earn A$7,000 a month; superannuation A$900 goes in",
            {"salary": "A$7,000", "cost_social_insurance": "A$900"},
        ),
        (
            "salary 6000 dollars, 401k 500 dollars",
            {"salary": "6,000 dollars", "invest_401k": "500 dollars"},
        ),
        (
            "salary 9,000 dollars a month. 401(k) 900 dollars.",
            {"salary": "9,000 dollars", "invest_401k": "900 dollars"},
        ),
        (
            "My salary is S$6,500 a month, CPF S$1,200 is deducted",
            {"salary": "S$6,500", "invest_cpf": "S$1,200"},
        ),
        (
            "Basic 85,000, EPF 1,800, take home 78,000",
            {"invest_epf": "₹1,800", "salary": "₹78,000"},
        ),
        ("superannuation A$900", {"cost_social_insurance": "A$900"}),
        ("I put 500 dollars into my 401k every month", {"invest_401k": "500 dollars"}),
        ("take home is SGD 6,400 after CPF. not much lah but ok", {"salary": "SGD 6,400"}),
        # near-miss: retiring at superannuation
        ("my terminal benefits should come to 1.1 cr at superannuation", {}),
    ],
)
def test_a_retirement_deduction_is_never_the_pay(text: str, expected: dict[str, str]) -> None:
    assert _filed(text) == expected


def test_fees_after_the_user_says_they_practise_are_what_the_practice_brings_in() -> None:
    assert _filed(
        "I am an Advocate, practising at the courts in Vijayawada.",
        "Fees come to about 1.2 lakh a month.",
    ) == {"city": "Vijayawada", "income_practice": "₹1,20,000"}
