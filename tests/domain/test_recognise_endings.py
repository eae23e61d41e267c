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
            {"sip": "₹6,000", "invest_elss": "stopped (elss stopped)"},
        ),
        (
            ("SIP of 9k going on", "Stopped the index fund SIP last month, markets scared me"),
            {"sip": "₹9,000", "invest_mutual_funds": "stopped (index fund stopped)"},
        ),
        (
            ("Paying 4,500 every month as SIP", "Paused my SIP for now"),
            {"sip": "stopped (SIP stopped)"},
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
