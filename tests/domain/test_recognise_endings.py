"""Facts scoped to whom and what they name: one fund's SIP stopped, a named speaker's stance."""

from __future__ import annotations

import pytest

from fincoach_tui.domain.finance_facts import find_facts


def said(*texts: str) -> dict[str, str]:
    return {f.key: f.value for f in find_facts([("user", t) for t in texts]).values()}


@pytest.mark.parametrize(
    ("texts", "expected"),
    [
        (
            ("My SIP is 6,000 in a flexi cap and 2,000 in ELSS", "I have cancelled the ELSS SIP"),
            {"sip": "₹6,000", "invest_elss": 'stopped (elss stopped) ("cancelled the ELSS SIP")'},
        ),
        (
            ("SIP of 9k going on", "Stopped the index fund SIP last month, markets scared me"),
            {
                "sip": "₹9,000",
                "invest_mutual_funds": 'stopped (index fund stopped) ("Stopped the index fund SIP …")',
            },
        ),
        (
            ("Paying 4,500 every month as SIP", "Paused my SIP for now"),
            {"sip": 'stopped (SIP stopped) ("Paused my SIP for now")'},
        ),
    ],
)
def test_a_named_funds_sip_stopping_leaves_the_other_sip_current(
    texts: tuple[str, ...], expected: dict[str, str]
) -> None:
    assert said(*texts) == expected


@pytest.mark.parametrize(
    ("texts", "expected"),
    [
        (
            ("My husband Arjun types here too", "Arjun: I'm an aggressive investor"),
            {"risk_of_arjun": "aggressive"},
        ),
        (
            (
                "Me and my wife Kavya share this chat",
                "I can take high risk",
                "Kavya: I'm conservative",
            ),
            {"risk": "high risk", "risk_of_kavya": "conservative"},
        ),
        (
            (
                "My wife Neha is here too",
                "Goal: a car by 2028",
                "Update: I'm a moderate risk person",
            ),
            {"goal_car_date": "by 2028", "risk": "moderate"},
        ),
    ],
)
def test_a_known_name_as_a_tag_files_the_stance_as_theirs(
    texts: tuple[str, ...], expected: dict[str, str]
) -> None:
    found = said(*texts)
    assert {k: v for k, v in found.items() if k in expected} == expected


@pytest.mark.parametrize(
    ("texts", "key", "value"),
    [
        (
            ("Home loan EMI is 22,500", "We closed the home loan in full last month"),
            "loan_home_emi",
            'closed (home loan closed) ("closed the home loan in …")',
        ),
        (
            ("Education loan EMI 7,200", "the education loan is paid off, finally"),
            "loan_education_emi",
            'closed (education loan closed) ("education loan is paid off")',
        ),
        (
            ("My RD of 3,000 a month is running", "I stopped the RD since money got tight"),
            "rd_amount",
            'closed (RD closed) ("stopped the RD since money …")',
        ),
        (
            ("Car loan EMI 12,000", "Foreclosed the car loan using the bonus"),
            "loan_car_emi",
            'closed (car loan closed) ("Foreclosed the car loan using …")',
        ),
        (
            ("gold loan ka EMI 5,500 hai", "gold loan band kar diya pichle hafte"),
            "loan_gold_emi",
            'closed (gold loan closed) ("gold loan band kar diya …")',
        ),
        (
            ("personal loan ki EMI 6,000 jaati hai", "personal loan poora khatam ho gaya"),
            "loan_personal_emi",
            'closed (personal loan closed) ("personal loan poora khatam ho …")',
        ),
        # said in the value's own words: nothing to quote
        (
            ("Home loan EMI is 22,500", "Home loan closed."),
            "loan_home_emi",
            "closed (home loan closed)",
        ),
        # a question or a plan ends nothing: the EMI stays current
        (
            ("Business loan EMI 18,000", "Should I close the business loan early?"),
            "loan_business_emi",
            "₹18,000",
        ),
    ],
)
def test_an_ended_thing_keeps_a_few_of_the_users_words(
    texts: tuple[str, ...], key: str, value: str
) -> None:
    assert said(*texts) == {key: value}
