"""Where the user lives, said the short ways: a bare city after a comma or in a sign-off,
a district and its block, a locality of a large city; a locality two cities share is not
guessed. A city abroad is read as an Indian one is ("technician, Dublin side"); someone
else's, a trip's or a planned move's city is not the user's."""

from __future__ import annotations

import pytest

from fincoach_tui.domain.finance_facts import find_facts, recognise
from fincoach_tui.domain.recognise.localities import CITY_OF, SHARED


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
        ("in Vizag only", 'Visakhapatnam ("Vizag")'),
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


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("Accountant in Surat, 41.", "Surat"),
        ("Freelance photographer out of Jaipur.", "Jaipur"),
        ("Doctor at AIIMS in Bhopal.", "Bhopal"),
        ("Lecturer at a college in Kottayam.", "Kottayam"),
        ("Police constable stationed in Meerut.", "Meerut"),
        ("Small kirana shop owner in Bareilly.", "Bareilly"),
        ("Nurse at a private hospital in Vellore, husband drives a cab.", "Vellore"),
        ("Software engineer in Andheri.", "Andheri, Mumbai"),
    ],
)
def test_a_role_before_a_known_city_says_where_the_user_is(text: str, expected: str) -> None:
    assert city(text) == expected


@pytest.mark.parametrize(
    "text",
    [
        "We spent a week in Goa in December.",  # a trip
        "I was in Shimla last month for a wedding.",
        "We're going to be in Chennai for two weeks.",
        "We stayed at my in-laws' place in Nagpur for Diwali.",  # a relative's home
        "I grew up in Kanpur.",  # a past home
        "I used to work in Mumbai.",
        "Earlier I was posted in Jammu.",
        "My son, a software engineer in Bangalore, sends us 20k.",  # the son's role
    ],
)
def test_a_place_visited_left_or_someone_elses_is_not_the_users(text: str) -> None:
    assert city(text) is None


def test_a_past_home_beside_the_present_one_gives_the_present() -> None:
    assert city("We lived in Delhi till 2019, now in Pune.") == "Pune"
    assert (
        city("Born and brought up in Jaipur, now living in Bangalore.") == 'Bengaluru ("Bangalore")'
    )
    assert city("We've lived in Pune for 10 years.") == "Pune"


def test_a_city_beside_the_spouse_word_is_no_name() -> None:
    assert "spouse_name" not in dict(recognise("A homemaker in Guwahati, husband works."))


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        # where the user is from, or where family lives, is not where the user lives
        ("We're both from Belagavi originally.", None),
        ("from Pune originally", None),
        ("Grew up in Indore.", None),
        ("We jointly own a flat in Belagavi that my parents live in.", None),
        ("We have a house in Nashik where my parents stay", None),
        ("I'm originally from Belagavi but live in Nairobi now", "Nairobi"),
        ("originally from Kochi, settled in Dubai", "Dubai"),
        ("Indori by birth, living in Pune for ten years", "Pune"),
        ("hailing from Nagpur, based in Hyderabad", "Hyderabad"),
        ("We moved to Nairobi, originally we're from Belagavi", "Nairobi"),
        ("Pune based, originally from Kota", "Pune"),
        ("Our flat in Pune that we live in is paid off", "Pune"),
        ("We're from Pune", "Pune"),
    ],
)
def test_a_place_of_origin_is_not_the_city(text: str, expected: str | None) -> None:
    assert city(text) == expected


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("I'm in Dublin now", "Dublin"),
        ("moved to Rotterdam last year", "Rotterdam"),
        ("based out of Doha", "Doha"),
        ("living in Calgary", "Calgary"),
        ("data centre technician, Dublin side (Clonee). from Shivamogga", "Dublin"),
        ("IT guy, Toronto", "Toronto"),
        ("software engineer in Dublin", "Dublin"),
        ("nurse in Doha, 29", "Doha"),
        ("working in Dubai for 3 years now", "Dubai"),
        ("main Dubai mein kaam karta hoon", "Dubai"),
        ("nenu ippudu Hyderabad lo unnanu", "Hyderabad"),
        ("namma Bengaluru alli iddini", "Bengaluru"),
        ("mother is in Chennai, I'm in London", "London"),
        ("we're in Calgary now, earlier we were in Brampton", "Calgary"),
        ("we live in Pune, might move to Bangalore", "Pune"),
        ("hum KL me hain, ek contractor ke saath geologist", "Kuala Lumpur"),
        ("Mauritius me process engineer hoon, Port Louis me rehta hoon", "Port Louis"),
        ("Lisbon me ek room mila hai, 450 euro", "Lisbon"),
        ("Kiran, 29, from Nashik, working as a site planner at a port in Rotterdam", "Rotterdam"),
        ("I'm from Pune, working in Dubai", "Dubai"),
    ],
)
def test_a_city_abroad_or_at_home_is_where_the_user_is(text: str, expected: str) -> None:
    assert city(text) == expected


@pytest.mark.parametrize(
    "text",
    [
        "my brother lives in Dublin",
        "my sister is based out of Doha",
        "flight to Dubai is 30k",
        "Dubai trip next month costs 1.5 lakh",
        "we visited Calgary last summer",
        "I used to live in Dublin",
        "planning to move to Canada someday",
        "might relocate to Berlin next year",
        "we want to shift to Dubai eventually",
        "my friend in Toronto pays 2,000 CAD rent",
        "bhaiya Dubai me hain",
        "mera plot Pune me hai",
        "my anna in Tirunelveli has 3 kids",
        "we have a daughter at college in Chennai",
        "his kids study in Ooty",
    ],
)
def test_a_city_someone_else_lives_in_visits_or_plans_is_not_the_users(text: str) -> None:
    assert city(text) is None
