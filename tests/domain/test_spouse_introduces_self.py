"""A spouse who introduces themselves in the chat's usual user's place ("Rohan here, Neha's
husband") types their own figures: their "my salary" is the spouse's, never the user's,
until the user is back ("Neha here again")."""

from __future__ import annotations

import pytest

from fincoach_tui.domain.finance_facts import Reading, find_facts, read
from fincoach_tui.domain.recognise.owners import spouse_introduction


def values(*messages: str) -> dict[str, str]:
    facts = find_facts([(f"m{i}", m) for i, m in enumerate(messages)])
    return {k: f.value for k, f in facts.items()}


@pytest.mark.parametrize(
    ("sentence", "introduced"),
    [
        ("Rohan here, Neha's husband", ("Rohan", "husband")),
        ("Hi, this is Rohan (Neha's husband)", ("Rohan", "husband")),
        ("I am Rohan, Neha's hubby", ("Rohan", "husband")),
        ("Neha's husband Rohan here", ("Rohan", "husband")),
        ("Neha's husband here", ("", "husband")),
        ("Priya here, Arjun's wife", ("Priya", "wife")),
        ("Hello! Kavya this side, Ravi's wife", ("Kavya", "wife")),
    ],
)
def test_a_spouse_introducing_themselves_is_read(
    sentence: str, introduced: tuple[str, str]
) -> None:
    assert spouse_introduction(sentence) == introduced


@pytest.mark.parametrize(
    "sentence",
    ["Rohan here", "My husband Rohan earns 80k", "Neha's husband earns 80k", "Rohan here again"],
)
def test_no_introduction_is_read_where_none_is_made(sentence: str) -> None:
    assert spouse_introduction(sentence) is None


@pytest.mark.parametrize(
    ("messages", "expected"),
    [
        (
            ("My salary is 80k", "Rohan here, Neha's husband", "my salary is 1.2L"),
            {
                "salary": "₹80,000",
                "family_spouse": "husband",
                "spouse_name": "Rohan",
                "spouse_salary": "₹1,20,000",
            },
        ),
        (
            ("My salary is 80k", "Hi, this is Rohan (Neha's husband). I take home 1.1L, SIP 10k"),
            {
                "salary": "₹80,000",
                "family_spouse": "husband",
                "spouse_name": "Rohan",
                "spouse_salary": "₹1,10,000",
                "spouse_sip": "₹10,000",
            },
        ),
        (
            ("My salary is 80k", "Neha's husband here. my in-hand is 95k", "rent is 25k"),
            {
                "salary": "₹80,000",
                "family_spouse": "husband",
                "spouse_salary": "₹95,000",
                "rent": "₹25,000",
            },
        ),
        (
            ("My salary is 80k", "Kavya this side, Ravi's wife", "meri salary 45k hai"),
            {
                "salary": "₹80,000",
                "family_spouse": "wife",
                "spouse_name": "Kavya",
                "spouse_salary": "₹45,000",
            },
        ),
    ],
)
def test_what_the_introduced_spouse_types_is_theirs(
    messages: tuple[str, ...], expected: dict[str, str]
) -> None:
    assert values(*messages) == expected


def test_the_user_typing_again_owns_their_figures_again() -> None:
    found = values(
        "My salary is 80k",
        "Rohan here, Neha's husband",
        "my salary is 1.2L",
        "Neha here again. my salary went up to 90k",
    )
    assert found["salary"] == "₹90,000"
    assert found["spouse_salary"] == "₹1,20,000"


def test_without_an_introduction_my_salary_stays_the_users() -> None:
    assert values("My salary is 80k", "Rohan here", "my salary is 1.2L") == {"salary": "₹1,20,000"}


def test_a_forwarded_spouses_words_do_not_make_the_next_message_theirs() -> None:
    found = values(
        "my wife Shobha knows the numbers, i will forward her msgs",
        "Fwd (Shobha): Take-home from my bank job is ₹67,300.",
        "my salary is 95k",
    )
    assert found["spouse_salary"] == "₹67,300"
    assert found["salary"] == "₹95,000"


def _writer_after(*messages: str) -> str:
    reading = Reading()
    for message in messages:
        reading = read(message, None, reading)[1]
    return reading.writer


@pytest.mark.parametrize(
    ("messages", "writer"),
    [
        (("Rohan here, Neha's husband",), "spouse"),
        (("Rohan here, Neha's husband", "my salary is 1.2L"), "spouse"),
        (("Rohan here, Neha's husband", "Neha here again. my salary went up to 90k"), ""),
        (("Rohan here, Neha's husband", "Fine, rent is 25k. — N"), ""),  # signed: the user
        (("my wife Shobha knows", "Fwd (Shobha): Take-home is ₹67,300."), ""),
        (("My salary is 80k",), ""),
    ],
)
def test_the_writer_in_the_users_place_is_carried_and_a_forwarded_one_is_not(
    messages: tuple[str, ...], writer: str
) -> None:
    assert _writer_after(*messages) == writer


def test_the_stance_of_the_spouse_writing_on_is_filed_as_theirs() -> None:
    assert values("Rohan here, Neha's husband", "I am very conservative, SIP 10k") == {
        "family_spouse": "husband",
        "spouse_name": "Rohan",
        "risk_of_rohan": "conservative",
        "spouse_sip": "₹10,000",
    }
