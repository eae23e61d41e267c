"""Which rent a figure is, and which figures near a rent are not it (recognise_rents): a
business's premises kept under their own key, lodging (a PG, a hostel, a lease) read as
the rent, another thing priced after the rent kept apart, house rent allowance no rent, a
home bought or saved for no rent, and where the user lives once a rent ends. Each case
states exactly the facts expected."""

from __future__ import annotations

import pytest

from fincoach_tui.domain.fact_keys import is_known_key, label_of
from fincoach_tui.domain.finance_facts import recognise
from tests.recognise_helpers import facts_of


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("rent 9k flat, food 6k", [("rent", "₹9,000")]),
        ("rent 9k flat. food 6k", [("rent", "₹9,000")]),
        ("rent 9k fixed, food 6k", [("rent", "₹9,000")]),
        ("my rent is 16k and food around 6k", [("rent", "₹16,000")]),
        ("kiraya 8000 ghar ka, doodh 1500", [("rent", "₹8,000")]),
        ("rent ₹14,500; bijli ₹1,200", [("rent", "₹14,500"), ("cost_electricity", "₹1,200")]),
        ("room rent 6500, tiffin 3000 monthly", [("rent", "₹6,500"), ("cost_tiffin", "₹3,000")]),
        ("paying 12k rent, then 3k for the maid", [("rent", "₹12,000"), ("cost_maid", "₹3,000")]),
    ],
)
def test_another_thing_priced_after_the_rent_is_not_the_rent(text, expected):
    assert recognise(text) == expected


@pytest.mark.parametrize(
    ("texts", "rent"),
    [
        (("rent 12k", "sorry 13k"), "₹13,000"),
        (("rent is 15k", "now 16.5k from april"), "₹16,500"),
        (("rent 34k for the 2bhk", "my share 17k"), "₹17,000"),
        (("Rent is 22, sorry, 24.5k",), "₹24,500"),
        # a month, a word that refers back, a word of the same thing (shared word lists)
        (("rent 12k", "sept 14k"), "₹14,000"),
        (("kiraya 9k", "correction 9,500"), "₹9,500"),
        (("rent 12k", "revised 14k"), "₹14,000"),
        (("rent 9k flat", "same 10k"), "₹10,000"),
        (("rent 20k", "approx 21k"), "₹21,000"),
    ],
)
def test_a_figure_that_corrects_or_parts_the_rent_is_still_the_rent(texts, rent):
    assert facts_of(*texts)["rent"] == rent


def test_a_room_then_a_mess_priced_apart_keep_the_room_as_the_rent():
    assert facts_of("rent 9k for a room near college", "room 15k, mess 4k") == {"rent": "₹15,000"}


@pytest.mark.parametrize(
    "text",
    [
        "Rent 20k plus 2k maintenance",
        "Rent 20k plus maintenance 2k",
        "rent is 20,000 + 2,000 maintenance",
        "Rent 20k plus 2k maintenance, electricity separate",
    ],
)
def test_maintenance_priced_beside_the_rent_is_its_own_cost(text):
    assert recognise(text) == [("rent", "₹20,000"), ("cost_maintenance", "₹2,000")]


def test_maintenance_included_in_the_rent_is_no_cost_of_its_own():
    assert recognise("rent 18k incl maintenance") == [("rent", "₹18,000")]
    assert recognise("rent 31,000 plus maintenance") == [("rent", "₹31,000")]


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("I get house rent allowance of 12,000", []),
        ("HRA 18k aur rent 22k deta hoon", [("rent", "₹22,000")]),
        ("rent 22k, HRA 18k", [("rent", "₹22,000")]),
        ("salary 80k in hand, includes HRA of 15k", [("salary", "₹80,000")]),
        ("company gives 10k as HRA", []),
    ],
)
def test_house_rent_allowance_is_pay_not_a_rent(text, expected):
    assert recognise(text) == expected


@pytest.mark.parametrize(
    ("text", "rent"),
    [
        ("Lease renewed at 28k", "₹28,000"),
        ("new lease: 26,500", "₹26,500"),
        ("the lease is 32,000 a month", "₹32,000"),
        ("PG mein 12k dete hain", "₹12,000"),
        ("staying in PG, 9,500 monthly", "₹9,500"),
        ("pg is 8,500 with food", "₹8,500"),
        ("paying guest 11k", "₹11,000"),
        ("hostel fee 9k a month incl food", "₹9,000"),
        ("I stay in a hostel, 7k a month", "₹7,000"),
    ],
)
def test_a_lease_a_pg_and_a_hostel_are_the_rent(text, rent):
    assert recognise(text) == [("rent", rent)]


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("car lease 15k a month", [("cost_car_lease", "₹15,000")]),
        ("leased out my land for 2 lakh a year", []),
        ("doing my PG diploma, fees 1.2 lakh", [("cost_fees", "₹1,20,000")]),
        ("my son's hostel fees 60k a year", [("cost_fees", "₹60,000 a year")]),
        ("Rahul's PG 9k monthly", []),
        (
            "Our daughter is 14 and she's at the hockey academy, hostel and all, 85,000 a year.",
            [("family_children", "daughter (14)"), ("cost_hostel", "₹85,000 a year")],
        ),
    ],
)
def test_a_course_a_vehicles_lease_land_let_out_and_someone_elses_hostel_are_no_rent(
    text, expected
):
    assert recognise(text) == expected


@pytest.mark.parametrize(
    ("text", "key", "value"),
    [
        ("dukaan ka kiraya 9k mahina??", "rent_shop", "₹9,000"),
        ("shop rent 42,000 a month", "rent_shop", "₹42,000"),
        ("gala rent for unit is 41,000 monthly!!! camp 3 rates crazy", "rent_gala", "₹41,000"),
        ("godown rent 18,500", "rent_godown", "₹18,500"),
        ("Workshop rent is ₹11,000.", "rent_workshop", "₹11,000"),
        ("Office rent on Hill Cart Road is ₹16,500.", "rent_office", "₹16,500"),
        ("mill ka shed ka kiraya 32,000", "rent_shed", "₹32,000"),
        ("clinic cha bhada 21,000", "rent_clinic", "₹21,000"),
        ("the shop is on rent 45000 per month the owner is very nice", "rent_shop", "₹45,000"),
        ("dukaan kiraye ki hai, 12,000 deta hoon malik nu", "rent_shop", "₹12,000"),
        ("I rent the shed for ₹12,000 a month from a neighbour", "rent_shed", "₹12,000"),
    ],
)
def test_a_business_premises_rent_is_kept_under_its_own_key(text, key, value):
    assert recognise(text) == [(key, value)]
    assert is_known_key(key) and label_of(key) == key.replace("_", " ")


@pytest.mark.parametrize(
    "text",
    [
        "rent for our flat is 22k",
        "I rent a room above my shop for 8k",
        "rent 10,500 here, near the shop",
        "moved into a small studio in Al Nahda, AED 4,800 rent",
    ],
)
def test_a_homes_rent_beside_a_shop_stays_the_homes(text):
    assert [k for k, _ in recognise(text)] == ["rent"]


def test_a_shops_rent_and_the_homes_rent_are_two_facts_each_with_its_own_history():
    assert facts_of(
        "gala rent for unit is 41,000 monthly",
        "and home rent 12.5k, 1bhk",
        "flat rent final final is 14,200",
    ) == {"rent_gala": "₹41,000", "rent": "₹14,200"}


def test_a_rent_raised_with_no_premises_named_is_the_only_rent_known():
    assert facts_of(
        "the shop is on rent 45000 per month",
        "bad news the owner has increased the rent it is 52000 now",
    ) == {"rent_shop": "₹52,000"}
    assert facts_of("godown rent 18,500", "landlord says from next month 21,000") == {
        "rent_godown": "₹21,000"
    }


def test_a_home_saved_for_does_not_carry_the_rent_talked_about_before():
    assert facts_of(
        "found an officetel near yeongtong, krw 780,000 rent",
        "mom called. so the flat target is now 46 lakh. same year",
    ) == {"rent": "KRW 780,000"}


@pytest.mark.parametrize(
    ("text", "quoted"),
    [
        (
            "Update. Q: quarters? A: finally allotted! We got the govt quarter in C-sector. "
            "No more rent, only a small licence fee cut from salary.",
            "We got the govt quarter …",
        ),
        ("No more rent! We moved in with my parents.", "We moved in with my …"),
    ],
)
def test_a_rent_that_ended_says_where_the_user_lives_now(text, quoted):
    assert recognise(text) == [("rent", f'stopped (rent stopped) ("{quoted}")')]


@pytest.mark.parametrize(
    ("text", "rent"),
    [
        ("We stay in a rented 2bhk, paying 18k monthly", "₹18,000"),
        ("rented room in Noida, giving 8k", "₹8,000"),
        ("flat on rent, we pay 25k", "₹25,000"),
        ("Rent was 15k, increased to 18k in May", "₹18,000"),
        ("kiraye ka ghar hai, main 12k deta hoon", "₹12,000"),
        # another thing priced after the rent is still that thing's
        ("rent 9k flat, food 6k", "₹9,000"),
        ("rent 15k, bed 3k extra", "₹15,000"),
    ],
)
def test_who_pays_and_the_verb_after_a_rented_home_name_no_other_thing(text, rent):
    assert [(k, v) for k, v in recognise(text) if k.startswith("rent")] == [("rent", rent)]


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("Sonu ko hostel mein 5 hazaar bhejte hain har mahine", [("remittance", "₹5,000")]),
        ("beti ko hostel ke liye 8k bhejte hain", [("remittance", "₹8,000")]),
        # the user's own hostel stays the rent
        ("hostel 7k mahina", [("rent", "₹7,000")]),
        ("Main PG mein rehta hoon, 11k", [("rent", "₹11,000")]),
    ],
)
def test_a_hostel_of_someone_money_is_sent_to_is_no_rent_of_the_users(text, expected):
    assert recognise(text) == expected


def test_a_rent_ended_and_a_new_home_said_in_one_sentence_quotes_from_the_ending():
    assert facts_of("Rent is 17k.", "The house rent is over, we shifted to our own flat.") == {
        "rent": 'stopped (rent stopped) ("rent is over, we shifted …")'
    }
