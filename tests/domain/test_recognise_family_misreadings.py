"""Children are counted only where the user counts their own: an amount after a capitalised
word is no child's age nor name ("one son, Tuition is 8,000"), pupils are not children
("Ten kids joined my dance class"), another person's children are theirs ("my sister has
two kids", "bhaiya ke do bachche hain"), settling in a city ends no policy, and a cover said
"on me 50L and on him 1Cr" is two people's."""

from __future__ import annotations

import pytest

from fincoach_tui.domain.finance_facts import find_facts, recognise


def values(*messages: str) -> dict[str, str]:
    facts = find_facts([(f"m{i}", m) for i, m in enumerate(messages)])
    return {k: f.value for k, f in facts.items()}


@pytest.mark.parametrize(
    ("sentence", "children"),
    [
        ("1 son, Tuition is 8,000 a month", "1 son"),
        ("We have 2 kids, Rent is 12.5k", "2 kids"),
        ("one son, Fees are 12,000", "1 son"),
        ("two kids, Tuition is 8k", "2 kids"),
        ("I have a son, Tuition is 8 thousand", "1 son"),
        ("I have a son, Tuition is 12 lakh", "1 son"),
        ("one son, Tuition is 8.5", "1 son"),
        # near-misses: a name with an age stays
        ("one son, Aarav is 8", "1 son (Aarav)"),
        ("one son, Dev", "1 son (Dev)"),
        ("hamare 2 bachche hain", '2 children ("2 bachche")'),
    ],
)
def test_an_amount_is_no_childs_age_nor_name(sentence: str, children: str) -> None:
    assert dict(recognise(sentence))["family_children"] == children


@pytest.mark.parametrize(
    "sentence",
    [
        "tuition for both kids is 9,000",  # not a kid aged 9
        "Tuition is 8,000",
        "10,000 children",  # no count of children has separators
    ],
)
def test_a_figure_with_separators_counts_no_children(sentence: str) -> None:
    assert "family_children" not in dict(recognise(sentence))


@pytest.mark.parametrize(
    "sentence",
    [
        "Ten kids joined my dance class",
        "Ten kids joined my dance class this month",
        "20 kids in my class now",
        "15 kids are in my batch",
        "I teach about 30 children",
        "she teaches 10 kids at home",
        "I coach 8 kids in cricket",
        "8 bacche aate hain coaching mein",
        "ten bachche aate hain tuition ke liye",
        "5 kids left my class after Diwali",
        "3 kids dropped out of my yoga class",
        "five children come for tuition at my place",
    ],
)
def test_pupils_are_not_children(sentence: str) -> None:
    assert "family_children" not in dict(recognise(sentence))


@pytest.mark.parametrize(
    ("sentence", "children"),
    [
        ("my two kids joined a dance class", "2 kids"),
        ("My two children joined the academy", "2 children"),
        ("we have 3 kids in school", "3 kids"),
        ("3 kids in school, fees 40k", "3 kids"),
        ("I have 4 kids and teach 20 more", "4 kids"),
        ("two kids, both in the same dance class", "2 kids"),
    ],
)
def test_the_users_own_children_in_a_class_are_counted(sentence: str, children: str) -> None:
    assert dict(recognise(sentence))["family_children"] == children


@pytest.mark.parametrize(
    "later",
    [
        "Settled in Nashik now, rent 14k",
        "We've settled in Nashik now",
        "settled down in Pune last year",
        "we're settled here, kids are happy",
        "fully settled in Nashik",
    ],
)
def test_settling_somewhere_ends_no_policy(later: str) -> None:
    found = values("Term cover 1Cr, premium 12k", later)
    assert found["insurance_term_cover"] == "₹1,00,00,000"
    assert found["insurance_term_premium"] == "₹12,000"


@pytest.mark.parametrize(
    ("sentence", "key", "value"),
    [
        (
            "I settled the loan early",
            "loan_loan_emi",
            'closed (loan closed) ("settled the loan early")',
        ),
        (
            "car loan settled in full",
            "loan_car_emi",
            'closed (car loan closed) ("car loan settled in full")',
        ),
    ],
)
def test_a_debt_settled_is_still_ended(sentence: str, key: str, value: str) -> None:
    assert dict(recognise(sentence))[key] == value


@pytest.mark.parametrize(
    ("sentence", "mine", "theirs"),
    [
        ("term cover on me is 50L and on him 1Cr", "₹50,00,000", "₹1,00,00,000"),
        ("Term insurance: cover on me 50L and on him 1Cr", "₹50,00,000", "₹1,00,00,000"),
        ("term plan — on me 50L, on my husband 1Cr", "₹50,00,000", "₹1,00,00,000"),
        ("we have term cover, on me 50L and on him 1 crore", "₹50,00,000", "₹1,00,00,000"),
        ("term insurance cover for me 50 lakh and for my wife 75 lakh", "₹50,00,000", "₹75,00,000"),
        ("term insurance on me 1 crore, on wife 50 lakh", "₹1,00,00,000", "₹50,00,000"),
        # the owner after the figure, as before
        ("Term cover: 50L on me, 1Cr on him", "₹50,00,000", "₹1,00,00,000"),
    ],
)
def test_a_cover_said_with_whom_it_is_on_before_its_figure_is_theirs(
    sentence: str, mine: str, theirs: str
) -> None:
    found = dict(recognise(sentence))
    assert found["insurance_term_cover"] == mine
    assert found["spouse_insurance_term_cover"] == theirs


def test_a_health_cover_on_her_is_the_spouses() -> None:
    assert recognise("health cover on me 5L, on her 3L") == [
        ("insurance_health_cover", "₹5,00,000"),
        ("spouse_insurance_health_cover", "₹3,00,000"),
    ]


def test_a_place_with_its_rent_is_no_childs_name() -> None:
    found = dict(
        recognise("rent for my flat in Hiran Magri is 12,000, it's me and my son Kabir, he's eight")
    )
    assert found["family_children"] == "1 son (Kabir)"


@pytest.mark.parametrize(
    "sentence",
    [
        "my sister has two kids",
        "bhaiya ke do bachche hain",
        "my brother has 3 children",
        "didi ke teen bacche hain",
        "anna ku rendu pasanga irukanga",
        "my cousin's 2 kids are staying with us for the summer",
        "their two kids go to the same school as ours",
        "she has 2 daughters",
        "Ramesh's three children visit every Diwali",
        "my parents have 3 kids, I'm the eldest",
        "mera bhai aur bhabhi ke do bachche hain",
        "his kids study in Ooty",
        "my sister + her 2 kids live nearby",
        "my brother & his 2 kids stay with us",
    ],
)
def test_someone_elses_children_are_not_the_users(sentence: str) -> None:
    assert "family_children" not in dict(recognise(sentence))


@pytest.mark.parametrize(
    ("sentence", "children"),
    [
        ("we have two kids", "2 kids"),
        ("my wife and I have two kids", "2 kids"),
        ("me and my husband have 3 children", "3 children"),
        ("hamare do bachche hain", '2 children ("do bachche")'),
        ("enakku rendu pasanga", '2 children ("rendu pasanga")'),
        ("my sister lives with us. we have two kids", "2 kids"),
        ("my sister and her husband have one son, we have two kids", "2 kids"),
        (
            "sister ke bachche bade ho gaye, mere do bachche abhi chhote hain",
            '2 children ("do bachche")',
        ),
        # a household listed with "+" or "&": each item is its own
        ("[x] me + mother (67) + twin daughters (8 yrs)", '2 daughters ("twin daughters")'),
        ("me & mom & 2 kids", "2 kids"),
        ("mom + dad + my 3 kids", "3 kids"),
        ("us two + father + one daughter", "1 daughter"),
    ],
)
def test_the_users_children_said_beside_someone_elses_are_counted(
    sentence: str, children: str
) -> None:
    assert dict(recognise(sentence))["family_children"] == children


def test_someone_elses_children_leave_the_users_family_as_it_was() -> None:
    said = values("we have two kids", "my sister has three kids, all in college")
    assert said["family_children"] == "2 kids"
