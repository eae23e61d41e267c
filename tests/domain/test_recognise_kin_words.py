"""Parents and in-laws living with the user, said in romanised Indian languages, are family
the user supports, kept with the user's own words: made-up sentences of each language."""

from __future__ import annotations

import pytest

from fincoach_tui.domain.finance_facts import recognise
from fincoach_tui.domain.own_words import without_own_words
from fincoach_tui.domain.recognise.kin_words import LIVING_WITH_US


def parents(text: str) -> str | None:
    return dict(recognise(text)).get("family_parents")


@pytest.mark.parametrize(
    ("text", "who"),
    [
        ("Baba ma amader songe thaken.", "parents"),  # Bengali
        ("Sasur ji bhi humare saath rehte hain.", "father-in-law"),  # Hindi
        ("Amma appa enga kooda irukanga.", "parents"),  # Tamil
        ("Amma nanna mathone untunnaru.", "parents"),  # Telugu
        ("Aai baba amchya barobar rahtat.", "parents"),  # Marathi
        ("Sasubai amchyasobat rahtat.", "mother-in-law"),
        ("Bapuji ane Ba amara sathe rahe che.", "parents"),  # Gujarati
        ("Bebe bapu sade kol rehnde han.", "parents"),  # Punjabi
        ("Appa amma nammondige iddare.", "parents"),  # Kannada
    ],
)
def test_elders_living_with_the_user_are_supported_in_the_users_words(text: str, who: str) -> None:
    value = parents(text)
    assert value is not None and without_own_words(value) == f"supports {who}"
    assert value.startswith(f'supports {who} ("{text.split()[0]} ')  # in the user's words


@pytest.mark.parametrize(
    "text",
    [
        "Papa gaon mein rehte hain.",  # lives elsewhere
        "Ma Kolkata te thake.",
        "Amma appa Madurai la irukanga.",
    ],
)
def test_elders_living_elsewhere_are_not_said_to_live_with_the_user(text: str) -> None:
    assert parents(text) is None


def test_a_pronoun_after_an_elder_living_with_the_user_is_the_elders() -> None:
    facts = dict(recognise("Papa bhi saath rehte hain, unki pension 20k hai."))
    assert facts["pension_of_father"] == "₹20,000" and "pension" not in facts


def test_every_language_of_the_table_has_elders_with_us_and_live_words() -> None:
    assert len(LIVING_WITH_US) >= 8
    assert all(kin and with_us and live for kin, with_us, live in LIVING_WITH_US.values())


def test_a_pair_of_in_laws_joined_by_a_dash_is_both() -> None:
    from fincoach_tui.domain.recognise.kin_words import elders_living_with_user

    assert elders_living_with_user("Sasu-sasra amari saathe rahe chhe.") == (
        "in-laws",
        "Sasu-sasra amari saathe rahe chhe",
    )
    assert elders_living_with_user("Mummy-papa hamare saath rehte hain") == (
        "parents",
        "Mummy-papa hamare saath rehte",
    )
    assert elders_living_with_user("Sasu ma amari sathe rahe che")[0] == "mother-in-law"
    facts = dict(recognise("My saas-sasur live with us."))
    assert facts["family_parents"] == 'supports in-laws ("saas sasur")'
