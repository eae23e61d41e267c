"""A plain EMI in a message that names the loan by its owner is that owner's loan: the
owner's one loan known takes it, and the user's own loans keep their figures."""

from __future__ import annotations

import pytest

from tests.recognise_helpers import facts_of

CAR_AND_FATHERS = (
    "my car, Baleno, EMI 12,300. and baba (my father) took a personal loan for his "
    "cataract, his EMI is 7,700 which comes out of his pension"
)
HOME_AND_WIFES = "home loan EMI 24,000. my wife has a scooty loan, her EMI is 2,100"


def _loans(*texts: str) -> dict[str, str]:
    return {k: v for k, v in facts_of(*texts).items() if "loan" in k}


@pytest.mark.parametrize(
    "said",
    [
        "baba's loan - my brother in Pune paid part, EMI now 5,250",
        "papa ka loan ab 5,250 EMI",
        "baba's EMI now 5,250",
    ],
)
def test_a_parents_loan_named_by_its_owner_takes_the_plain_emi(said: str) -> None:
    assert _loans(CAR_AND_FATHERS, said) == {
        "loan_car_baleno_emi": "₹12,300",
        "parents_loan_personal_emi": "₹5,250",
    }


@pytest.mark.parametrize("said", ["wife's loan EMI is 1,900 now", "biwi ki EMI ab 1,900"])
def test_a_spouses_loan_named_by_its_owner_takes_the_plain_emi(said: str) -> None:
    assert _loans(HOME_AND_WIFES, said) == {
        "loan_home_emi": "₹24,000",
        "spouse_loan_bike_emi": "₹1,900",
    }


def test_an_owner_with_no_loan_known_gets_a_loan_of_their_own() -> None:
    assert _loans(HOME_AND_WIFES, "my father's loan EMI is 4,000 now") == {
        "loan_home_emi": "₹24,000",
        "spouse_loan_bike_emi": "₹2,100",
        "parents_loan_loan_emi": "₹4,000",
    }


@pytest.mark.parametrize("said", ["EMI now 5,250", "EMI ab 5,250 ho gayi"])
def test_a_plain_emi_naming_no_owner_stays_the_users(said: str) -> None:
    assert _loans(CAR_AND_FATHERS, said) == {
        "loan_car_baleno_emi": "₹5,250",
        "parents_loan_personal_emi": "₹7,700",
    }


def test_two_emis_in_one_message_keep_the_owners_their_clauses_gave() -> None:
    said = "my car, Baleno, EMI 12,300 and papa ka personal loan EMI 7,700"
    assert _loans(said) == {
        "loan_car_baleno_emi": "₹12,300",
        "parents_loan_personal_emi": "₹7,700",
    }


# A farmer's Kisan Credit Card is a loan said without the word "loan".
@pytest.mark.parametrize(
    ("said", "filed"),
    [
        ("KCC ka 1.6 lakh baaki hai", {"loan_farm_amount": "₹1,60,000"}),
        ("kisan credit card pe 90,000 outstanding hai", {"loan_farm_amount": "₹90,000"}),
        ("KCC ka byaj 7% hai", {"loan_farm_rate": "7%"}),
        (
            "home loan EMI 20k. KCC 1.2 lakh baaki",
            {"loan_home_emi": "₹20,000", "loan_farm_amount": "₹1,20,000"},
        ),
    ],
)
def test_a_kisan_credit_card_is_a_farm_loan(said: str, filed: dict[str, str]) -> None:
    assert facts_of(said) == filed
