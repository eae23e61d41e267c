"""Who in a household earns what: made-up sentences of each class of phrasing."""

from __future__ import annotations

import pytest

from fincoach_tui.domain.amounts import find_amounts
from fincoach_tui.domain.fact_keys import is_known_key, key_of, label_of
from fincoach_tui.domain.finance_facts import find_facts, recognise

NOON = 1_790_000_000.0  # a fixed moment the messages are said at


def _values(*texts: str) -> dict[str, str]:
    facts = find_facts([(f"m{n}", t) for n, t in enumerate(texts, start=1)], NOON)
    return {key: fact.value for key, fact in facts.items()}


# ---- a topic of pay named first, then each owner's figure -----------------------------


@pytest.mark.parametrize(
    "text",
    [
        "Incomes first. Mine is 1.2L a month. Neha's is 80k.",
        "Our incomes: mine 1.2L, my wife's 80k.",
        "Salaries, since you asked. Mine, after tax and PF, is 1.2L. Neha's, net of TDS, is 80k.",
        "Take-home pay first. Mine (after the NPS cut) is 1.2L; hers is 80k.",
    ],
)
def test_a_pay_topic_then_each_owners_share(text: str) -> None:
    facts = _values("My wife Neha teaches at a school.", text)
    assert (facts["salary"], facts["spouse_salary"]) == ("₹1,20,000", "₹80,000")


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("My take-home, net of tax and the housing levy, is 95k.", ("salary", "₹95,000")),
        ("My salary (after PF and the house rent deduction) is 88k.", ("salary", "₹88,000")),
        ("Rent, after the society's discount, comes to 25k.", ("rent", "₹25,000")),
    ],
)
def test_what_was_deducted_is_no_figure_of_its_own(text: str, expected: tuple[str, str]) -> None:
    assert recognise(text) == [expected]


# ---- a work contract renewed is news about the pay ------------------------------------


def test_a_contract_renewed_on_new_terms_is_the_new_pay() -> None:
    before = ("My husband Arun is a geologist; his salary is $4,000 a month.",)
    renewed = _values(*before, "Arun's contract was renewed: $4,300 a month from this month.")
    assert renewed["spouse_salary"] == "$4,300"
    assert _values(*before, "His contract got renewed at $4,500.")["spouse_salary"] == "$4,500"
    assert _values("My contract was extended, 1.4L a month now.")["salary"] == "₹1,40,000"


def test_a_lease_renewed_is_the_rent_not_the_pay() -> None:
    assert recognise("The rental contract was renewed at 32k.") == [("rent", "₹32,000")]


# ---- one parent's pay is not the other's ----------------------------------------------


def test_each_parents_pay_is_their_own() -> None:
    facts = _values(
        "I'm typing for my parents.",
        "Baba says his income is around 55,000 a month.",
        "Aai works at the bank, her salary is 42,000.",
    )
    assert facts["salary_of_father"] == "₹55,000"
    assert facts["salary_of_mother"] == "₹42,000"
    assert "salary" not in facts


@pytest.mark.parametrize(
    ("text", "key"),
    [
        ("Dad says he takes home 80k.", "salary_of_father"),
        ("Papa says he gets 45k a month from his job.", "salary_of_father"),
        ("Ammi's pension comes to 21,000.", "pension_of_mother"),
        ("Achan draws a pension of 28,000 a month.", "pension_of_father"),
        ("Mummy papa dono ki pension 50k hai.", "parents_pension"),
        ("Sasraji ki pension 30k hai.", "parents_pension"),
    ],
)
def test_a_parent_named_in_any_language(text: str, key: str) -> None:
    assert [k for k, _ in recognise(text)] == [key]


def test_one_parents_key_reads_back() -> None:
    assert label_of("pension_of_mother") == "pension of mother"
    assert key_of(label_of("salary_of_father")) == "salary_of_father"
    assert is_known_key("salary_of_father")


# ---- a figure corrected by the number it replaces --------------------------------------

_KNOWN = (
    "I'm typing for my parents. Baba says his income is around 85,000 a month. "
    "Aai's salary is 42,000. Rent is 18k."
)


@pytest.mark.parametrize(
    "text",
    [
        "Baba is reading over my shoulder. He says don't put 85, put 78,000.",
        "It's 78k, not 85k.",
        "Change 85 to 78.",
        "Make that 78 instead of 85.",
        "85 nahi, 78 likho.",
        "Sorry, 85 is wrong, it's 78k.",
    ],
)
def test_a_correction_that_names_the_old_figure(text: str) -> None:
    facts = _values(_KNOWN, text)
    assert facts["salary_of_father"] == "₹78,000"
    assert (facts["salary_of_mother"], facts["rent"]) == ("₹42,000", "₹18,000")


def test_a_number_that_is_no_known_figure_corrects_nothing() -> None:
    facts = _values(_KNOWN, "We have 2 kids, not 3.")
    assert facts["salary_of_father"] == "₹85,000"
    assert facts["family_children"] == "2 kids"


# ---- pay in a currency from Africa or the rest of Asia ---------------------------------


@pytest.mark.parametrize(
    ("said", "written"),
    [
        ("KES 450,000", "KES 450,000"),
        ("Ksh 45,000", "KES 45,000"),
        ("90,000 Kenyan shillings", "90,000 Kenyan shillings"),
        ("25,000 rand", "25,000 rand"),
        ("₦300,000", "₦300,000"),
        ("40,000 baht", "40,000 baht"),
        ("1,20,000 Sri Lankan rupees", "120,000 Sri Lankan rupees"),
        ("5,000 rupees", "₹5,000"),
    ],
)
def test_a_foreign_currency_keeps_its_code_sign_or_word(said: str, written: str) -> None:
    assert [str(a) for a in find_amounts(said)] == [written]


def test_pay_in_shillings_stays_in_shillings() -> None:
    assert recognise("My salary is KES 380,000 a month.") == [("salary", "KES 380,000")]


# ---- a message someone else wrote, forwarded or quoted ---------------------------------

_COUPLE = "I'm Dev, I run a bakery. My wife Lata does the accounts. I earn 90k."


@pytest.mark.parametrize(
    "text",
    [
        "Fwd (Lata): my take-home from the school is 61,000.",
        "Forwarded from my wife: I get 61k a month.",
        "Message from Lata - my salary is 61,000.",
        "Lata says: my pay is 61k.",
        "my wife says: my salary is 61k.",
    ],
)
def test_a_forwarded_writers_pay_is_theirs(text: str) -> None:
    facts = _values(_COUPLE, text)
    assert (facts["salary"], facts["spouse_salary"]) == ("₹90,000", "₹61,000")


def test_the_writers_own_news_goes_on_in_the_next_sentence() -> None:
    facts = _values(_COUPLE, "Fwd (Lata): I'm being made head teacher; pay will be about 70k.")
    assert facts["spouse_salary_expected"] == "₹70,000"
    assert "salary_expected" not in facts


def test_what_the_writer_says_of_the_user_is_the_users() -> None:
    facts = _values(_COUPLE, "Fwd (Lata): Take-home is 95,000 now.")
    assert facts["salary"] == "₹95,000"
    facts = _values(_COUPLE, "Fwd (Lata): My husband's salary went up to 95k.")
    assert (facts["salary"], facts.get("spouse_salary")) == ("₹95,000", None)


# ---- owners and their figures, nothing else --------------------------------------------


@pytest.mark.parametrize(
    "text",
    [
        "Husband 1.5L, me 60k.",
        "Me 60k, hubby 1.5L.",
        "Salaries: husband 1.5L, me 60k.",
        "Pati 1.5L aur main 60k.",
    ],
)
def test_terse_pairs_of_owner_and_pay(text: str) -> None:
    facts = _values("We live in Nagpur. Rent is 25k.", text)
    assert (facts["salary"], facts["spouse_salary"], facts["rent"]) == (
        "₹60,000",
        "₹1,50,000",
        "₹25,000",
    )


def test_pairs_after_a_personal_subject_keep_it() -> None:
    facts = _values("Our SIPs, let me list them.", "Husband 10k, me 5k.")
    assert (facts["sip"], facts["spouse_sip"]) == ("₹5,000", "₹10,000")


# ---- money family sends the user -------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "value"),
    [
        ("My brother sends me £300 every month.", "£300 a month"),
        ("Our son in Dubai sends us 25,000 every month.", "₹25,000 a month"),
        ("I get 15k a month from my parents.", "₹15,000 a month"),
        ("My sister transfers 8k to me monthly.", "₹8,000"),
        ("Bhaiya har mahine 5000 bhejta hai.", "₹5,000"),
    ],
)
def test_money_from_family_is_other_income(text: str, value: str) -> None:
    assert recognise(text) == [("income_support", value)]


def test_money_a_relative_sends_someone_else_is_not_the_users() -> None:
    assert recognise("My brother sends his in-laws 5k.") == []
    assert recognise("I send my brother 5k a month.") == [("remittance", "₹5,000")]


# ---- pay to come that has come ----------------------------------------------------------

_OFFER = "My salary is 90k. From April I'll get 1.2L at the new company."


@pytest.mark.parametrize(
    "text",
    [
        "Joined the new company, getting 1.2L now.",
        "The new job pays 1.25L.",
        "My salary is 1.2L.",
    ],
)
def test_pay_to_come_retires_once_it_is_the_pay(text: str) -> None:
    facts = _values(_OFFER, text)
    assert facts["salary_expected"] == "now the current pay"


def test_pay_to_come_stays_while_the_old_pay_holds() -> None:
    facts = _values(_OFFER, "Still 90k for now.")
    assert facts["salary_expected"] == "₹1,20,000 from Apr 2027"


def test_a_correction_of_a_named_thing_is_not_found_by_its_number() -> None:
    facts = _values("Groceries 9k, phone bill 1,800 a month.", "phone bill 1,800 nahi, 2,100 hai")
    assert facts["cost_groceries"] == "₹9,000"
    assert facts["cost_phone"] == "₹2,100"
