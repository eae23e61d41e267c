"""Whose a figure is, when the words around it say: pay the user gives staff ("staff ki
tankha", "the salary of my staff") is a cost, not the user's pay; a sibling's or an
acquaintance's own rent, EMI or pay said with their pronoun ("mera bhra Ashok ..., ohda
kiraya 29,000") is theirs, while what the user pays for them stays the user's; and a pay
said bare after news of the spouse's work ("Shafeeq promoted to bosun!! salary 36,500 now")
is the spouse's. Each case states exactly the facts expected."""

from __future__ import annotations

import pytest

from tests.recognise_helpers import facts_of


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("season me staff ki tankha milake 2.3 lakh mahina jaati hai", {"cost_staff": "₹2,30,000"}),
        ("staff ki salary 1.2 lakh jaati hai har mahine", {"cost_staff": "₹1,20,000"}),
        ("driver ki tankhwah 18,000 hai", {"cost_driver": "₹18,000"}),
        ("maid ki pagar 5,500 deta hoon", {"cost_maid": "₹5,500"}),
        ("dukaan de staff di tankha 45 hazaar", {"cost_staff": "₹45,000"}),
        ("naukar ki salary 9k", {"cost_staff": "₹9,000"}),
        ("cook ka salary 7,000", {"cost_cook": "₹7,000"}),
        ("helper di pagaar 12,000", {"cost_staff": "₹12,000"}),
        ("staff-chi pagar 80,000", {"cost_staff": "₹80,000"}),
        ("mazdooron ki tankha 1.1 lakh", {"cost_staff": "₹1,10,000"}),
        ("the salary of my staff is 2 lakh", {"cost_staff": "₹2,00,000"}),
        ("salaries for the workers come to 1.5L", {"cost_staff": "₹1,50,000"}),
        ("driver ki salary badha di, ab 16,000", {"cost_driver": "₹16,000"}),
        # near-misses: the user's own pay, a parent's, the spouse's
        ("meri tankha 45,000 hai", {"salary": "₹45,000"}),
        ("main driver hoon, meri salary 22,000", {"salary": "₹22,000"}),
        ("my salary for the staff quarters role is 40k", {"salary": "₹40,000"}),
        ("papa ki salary 60k hai", {"salary_of_father": "₹60,000"}),
        ("biwi ki salary 50,000", {"spouse_salary": "₹50,000"}),
    ],
)
def test_pay_the_user_gives_staff_is_a_cost(text, expected):
    assert facts_of(text) == expected


@pytest.mark.parametrize(
    ("texts", "expected"),
    [
        (
            (
                "car loan di EMI 17,800 jandi ai",
                "mera bhra Ashok bhi dukaan chalanda ai Purani Mandi ch, ohda kiraya 29,000 te "
                "ohdi EMI 21k",
            ),
            {"loan_car_emi": "₹17,800"},
        ),
        (
            (
                "rent 18k",
                "mera bhai Ashok bhi dukaan chalata hai, uska kiraya 29,000 aur uski EMI 21k",
            ),
            {"rent": "₹18,000"},
        ),
        (
            ("rent 18k", "my brother Ashok also runs a shop, his rent is 29,000 and his EMI 21k"),
            {"rent": "₹18,000"},
        ),
        (
            ("salary 60k", "my friend works at Infosys, her salary is 1.2 lakh"),
            {"salary": "₹60,000"},
        ),
        (("salary 60k", "meri dost Pooja bank me hai, uski salary 90k hai"), {"salary": "₹60,000"}),
        (
            ("home loan EMI 30k", "my elder sister bought a flat last year, her EMI is 42,000"),
            {"loan_home_emi": "₹30,000"},
        ),
        (
            ("FD 2 lakh", "my neighbour sold his flat, his FD is 10 lakh now"),
            {"fd_amount": "₹2,00,000"},
        ),
        (("Shafeeq's brother Naseer has a boat, his loan EMI 14,200",), {}),
        # near-misses: what the user pays for a sibling, the user in the sentence again, a
        # spouse's, a child's, a parent's
        (
            ("younger brother Ibungo, his college fees ₹62,000 a year, I pay",),
            {"cost_fees": "₹62,000 a year"},
        ),
        (("mera bhai padhai kar raha hai, uski fees 80,000 saal",), {"cost_fees": "₹80,000"}),
        (("my brother and I share a flat, our rent is 30k",), {"rent": "₹30,000"}),
        (("my brother lives with me, his rent I pay, 12k",), {"rent": "₹12,000"}),
        (("my son is in Pune, his rent is 15k",), {"rent": "₹15,000"}),
        (("papa retired, unki pension 40k",), {"pension_of_father": "₹40,000"}),
        (
            ("wife works at TCS, her salary is 75k",),
            {"family_spouse": "wife", "spouse_salary": "₹75,000"},
        ),
    ],
)
def test_a_siblings_own_money_said_with_their_pronoun_is_theirs(texts, expected):
    assert facts_of(*texts) == expected


@pytest.mark.parametrize(
    ("texts", "expected"),
    [
        (
            (
                "My salary is 60k",
                "Husband Shafeeq is a deckhand",
                "Shafeeq promoted to bosun!! salary approx 36,500 now",
            ),
            {
                "salary": "₹60,000",
                "spouse_name": "Shafeeq",
                "family_spouse": "husband",
                "spouse_salary": "₹36,500",
            },
        ),
        (
            ("My salary is 60k", "wife switched jobs. salary 80k now"),
            {"salary": "₹60,000", "family_spouse": "wife", "spouse_salary": "₹80,000"},
        ),
        (
            ("meri salary 60k", "biwi ka promotion hua! ab salary 70k"),
            {"salary": "₹60,000", "spouse_salary": "₹70,000"},
        ),
        (
            ("salary 60k", "Hubby got a hike!! take home 1.1L now"),
            {"salary": "₹60,000", "family_spouse": "husband", "spouse_salary": "₹1,10,000"},
        ),
        (
            ("salary 60k", "meri gharwali ki naukri lagi. salary 30k"),
            {"salary": "₹60,000", "spouse_salary": "₹30,000"},
        ),
        (
            ("salary 60k", "Husband changed companies. In-hand 95,000 from next month"),
            {
                "salary": "₹60,000",
                "family_spouse": "husband",
                "spouse_salary_expected": "₹95,000 from Sep 2026",
            },
        ),
        # near-misses: the user speaks of their own pay, the user's own news, news of the
        # past, another figure
        (
            ("salary 60k", "wife got a raise, and I got one too. my salary is 70k now"),
            {"family_spouse": "wife", "salary": "₹70,000"},
        ),
        (("salary 60k", "Got promoted!! salary 75k now"), {"salary": "₹75,000"}),
        (
            ("salary 60k", "my husband was promoted in 2019. salary 72k"),
            {"family_spouse": "husband", "salary": "₹72,000"},
        ),
        (
            ("salary 60k", "wife got promoted. rent went up to 25k"),
            {"salary": "₹60,000", "family_spouse": "wife", "rent": "₹25,000"},
        ),
    ],
)
def test_a_bare_pay_after_news_of_the_spouses_work_is_the_spouses(texts, expected):
    assert facts_of(*texts) == expected


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("me mummy ko 9k deti hu har mahine ghar ke kiraye ke liye", {"cost_support": "₹9,000"}),
        ("main papa ko 12k deta hoon kiraye ke liye", {"cost_support": "₹12,000"}),
        ("papa nu 12k dinda haan kiraye layi", {"cost_support": "₹12,000"}),
        ("bhai ko 5k deti hu uske room ke kiraye ke liye", {"cost_support": "₹5,000"}),
        # near-misses: the landlord is paid the rent; the rent only told to a parent
        ("landlord ko 9k deta hoon kiraya", {"rent": "₹9,000"}),
        ("mummy ko bola kiraya 9k hai", {"rent": "₹9,000"}),
        ("mera kiraya 9k hai, mummy ko bhi 3k deti hu", {"rent": "₹9,000"}),
    ],
)
def test_money_given_to_family_for_their_rent_is_support_not_the_rent(text, expected):
    assert facts_of(text) == expected


# The spouse's pay in an Indian language's possessive is the spouse's, beside the user's own.
@pytest.mark.parametrize(
    ("text", "expected"),
    [
        (
            "maza pagar 18,500. navryacha kelicha utpanna varshala 6.8 lakh",
            {"salary": "₹18,500", "spouse_salary": "₹6,80,000"},
        ),
        (
            "maza pagar 18,500. navrya cha utpanna 42,000",
            {"salary": "₹18,500", "spouse_salary": "₹42,000"},
        ),
        (
            "maza pagar 18,500. baykocha pagar 30,000",
            {"salary": "₹18,500", "spouse_salary": "₹30,000"},
        ),
        ("meri salary 40k. pati ka 55k", {"salary": "₹40,000", "spouse_salary": "₹55,000"}),
        (
            "meri salary 40k. patni ki salary 35k",
            {"salary": "₹40,000", "spouse_salary": "₹35,000"},
        ),
        # a name that begins like a spouse word is no spouse
        ("patil ka pagar 20k", {"salary": "₹20,000"}),
    ],
)
def test_the_spouses_pay_in_an_indian_possessive_is_the_spouses(text, expected):
    assert facts_of(text) == expected


# One clause that opens with a sibling and goes on with their pronoun is theirs; the user's
# own business EMI said before stays.
@pytest.mark.parametrize(
    ("text", "expected_emi"),
    [
        ("chhota bhai salman ka tempo h uski emi 9,800 hai. wo khud bharta h", "₹27,500"),
        ("my brother has a bike and his EMI is 3,000", "₹27,500"),
        # the user pays it: theirs no longer
        ("bhai ka tempo hai, EMI 9,800 main bharta hoon", "₹9,800"),
    ],
)
def test_a_clause_opening_with_a_sibling_and_their_pronoun_is_theirs(text, expected_emi):
    assert facts_of("bhatti pe msme loan h, emi 27,500", text) == {
        "loan_business_emi": expected_emi
    }
