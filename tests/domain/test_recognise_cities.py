"""Where the user lives, said the short ways: a bare city after a comma or in a sign-off,
a district and its block, a locality of a large city; a locality two cities share is not
guessed."""

from __future__ import annotations

import pytest

from fincoach_tui.domain.finance_facts import find_facts, recognise
from fincoach_tui.domain.recognise_localities import CITY_OF, SHARED


def city(text: str) -> str | None:
    return dict(recognise(text)).get("city")


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("we're a family of three, Nagpur", "Nagpur"),
        ("from Bhopal btw", "Bhopal"),
        ("thanks a ton! - Meera, Chennai", "Chennai"),
        ("31. married. bank job, Surat", "Surat"),
        ("kolkata, 45, govt teacher", "Kolkata"),
        ("in Vizag only", "Visakhapatnam"),
        ("Mi Sunil, Baramati taluka, Pune jilha", "Baramati, Pune"),
        ("We are from Satara district", "Satara"),
        ("We stay in Sector 21, Noida", "Noida"),
    ],
)
def test_a_bare_city_is_where_the_user_is(text: str, expected: str) -> None:
    assert city(text) == expected


@pytest.mark.parametrize(
    "text",
    [
        "trip next month, Goa",  # where they go
        "flights to Mumbai, Delhi, Chennai are costly",  # several, and travel
        "my brother, Pune",  # someone else's
        "we want to buy a flat someday, Pune",  # a place wanted
    ],
)
def test_a_bare_city_that_is_not_home_is_not_taken(text: str) -> None:
    assert city(text) is None


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("a rented floor behind Gariahat market", "Gariahat, Kolkata"),
        ("I live in Lake Town", "Lake Town, Kolkata"),
        ("our 2BHK is in Kondapur", "Kondapur, Hyderabad"),
        ("we rent in Wakad", "Wakad, Pune"),
        ("I stay near Sholinganallur", "Sholinganallur, Chennai"),
        ("we live in Indirapuram", "Indirapuram, Ghaziabad"),
    ],
)
def test_a_locality_names_its_city(text: str, expected: str) -> None:
    assert city(text) == expected


def test_a_locality_two_cities_share_is_not_guessed() -> None:
    for name in ("malviya nagar", "mg road", "indiranagar", "civil lines", "anna nagar"):
        assert name in SHARED
        assert name not in CITY_OF
    assert city("we live in Malviya Nagar") == "Malviya Nagar"  # as said, no city


def test_a_later_bare_city_replaces_an_earlier_one() -> None:
    facts = find_facts([("m1", "hi, IT job, Indore"), ("m2", "moved last month. new job, Pune")])
    assert facts["city"].value == "Pune"
