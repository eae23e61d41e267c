"""A household the user lists is kept as they listed it: who, how many, in their words, in
any language the recogniser knows kin words of. The sentences are made up for these tests."""

from __future__ import annotations

import pytest

from fincoach_tui.domain.finance_facts import find_facts, recognise
from tests.domain.test_recognise_speech import fold


def said(*texts: str) -> dict[str, str]:
    found = find_facts([(f"m{n}", text) for n, text in enumerate(texts)])
    return {key: fact.value for key, fact in found.items()}


@pytest.mark.parametrize(
    ("text", "household"),
    [
        # Marathi: me, wife, two children and mother; the count of children alone is not all
        (
            "Amchya gharat char jan: mi, bayko, don mula ani aai.",
            "mi, bayko, don mula ani aai (char jan)",
        ),
        # Hindi, and no count said
        ("Ghar pe main, patni, ek beti aur sasur rehte hain", "main, patni, ek beti aur sasur"),
        (
            "There are four of us: me, my husband, our son and my father-in-law.",
            "me, my husband, our son and my father-in-law (four of us)",
        ),
    ],
)
def test_a_listed_household_is_kept_as_listed(text: str, household: str) -> None:
    assert said(text)["family_household"] == household


def test_the_headcount_said_before_the_list_is_kept_with_it() -> None:
    assert (
        said("We are four at home: me, my wife, one daughter and my mother.")["family_household"]
        == "me, my wife, one daughter and my mother (We are four)"
    )


def test_a_list_the_other_family_facts_already_say_adds_nothing() -> None:
    assert said("It's my wife and two kids, and I.") == {
        "family_spouse": "wife",
        "family_children": "2 kids",
    }


@pytest.mark.parametrize(
    "text",
    [
        "Rent, EMI and SIP eat most of my salary",
        "Me and my brother split the rent",
        "I am a teacher and my wife is a nurse",
        "Should I cover me, my wife, the kids and my mother in one floater?",
    ],
)
def test_no_household_where_none_is_listed(text: str) -> None:
    assert "family_household" not in dict(recognise(text))


def test_a_later_list_replaces_the_earlier() -> None:
    assert (
        said(
            "Gharat mi, bayko, don mula ani aai.",
            "Aai geli gavala, now it's me, my wife, two kids and my brother",
        )["family_household"]
        == "me, my wife, two kids and my brother"
    )


def test_a_fold_keeps_the_household_and_reads_it_back() -> None:
    summary = fold("Amchya gharat char jan: mi, bayko, don mula ani aai.", "rent 9k")
    assert "- family household: mi, bayko, don mula ani aai (char jan)" in summary.splitlines()
    facts = find_facts([("summary", summary)])
    assert facts["family_household"].value == "mi, bayko, don mula ani aai (char jan)"
    assert facts["family_children"].value == '2 children ("don mula")'


def test_a_member_may_be_named_and_a_joint_family_listed_whole() -> None:
    assert said(
        "We are a joint family: baba, ma, my dada (elder brother), boudi, their son, "
        "and me and my wife Mitali."
    )["family_household"] == (
        "baba, ma, my dada (elder brother), boudi, their son, and me and my wife Mitali "
        "(joint family)"
    )


@pytest.mark.parametrize(
    ("text", "household"),
    [
        ("We are a joint family.", "joint family"),
        ("hum log joint family mein rehte hain", "joint family"),
        ("We live in a nuclear family now, just us and the kids", "nuclear family"),
    ],
)
def test_a_household_said_by_its_kind_is_kept(text: str, household: str) -> None:
    assert said(text)["family_household"] == household


def test_someone_elses_joint_family_is_not_the_users_household() -> None:
    assert "family_household" not in said("my colleague lives in a joint family")


def test_the_people_a_policy_covers_are_not_said_to_be_the_household() -> None:
    assert "family_household" not in said(
        "The floater of 10 lakh covers my wife, my mother and myself."
    )


@pytest.mark.parametrize(
    ("text", "household"),
    [
        (
            "We are a family of four — me, my husband, our son and my mother",
            "me, my husband, our son and my mother (family of four)",
        ),
        (
            "ghar mein 5 log hain - main, biwi, maa ji aur do bachche",
            "main, biwi, maa ji aur do bachche (5 log)",
        ),
    ],
)
def test_a_headcount_before_a_dash_stays_with_the_list_after_it(text: str, household: str) -> None:
    assert said(text)["family_household"] == household


def test_a_list_after_a_dash_names_the_spouse_and_children() -> None:
    found = said("I have 3 dependants — husband and two daughters")
    assert (found["dependants"], found["family_spouse"], found["family_children"]) == (
        "3",
        "husband",
        "2 daughters",
    )


@pytest.mark.parametrize(
    ("text", "household"),
    [
        # the size of the household said after the people, with no list of kin
        ("Bade bhai, bhabhi, hum. Chhotu hostel mein. Total 4 members", "total 4 members"),
        ("Ghar mein kul chhe log hain", "kul chhe log"),
        ("hum log teen hain bas", "hum log teen"),
        ("We're a family of five.", "family of five"),
        ("Honestly it's 3 of us at home now", "3 of us at home"),
        ("In all we are seven people in this house", "we are seven people"),
    ],
)
def test_the_headcount_said_alone_is_the_household(text: str, household: str) -> None:
    assert said(text)["family_household"] == household


@pytest.mark.parametrize(
    "text",
    [
        "12 people came for the griha pravesh",
        "we are 34 and 31, is it late to start?",
        "hum 5 saal se isi ghar mein hain",
        "Their family of six lives upstairs",
        "The floater covers 4 members of the family",
    ],
)
def test_a_count_that_is_not_the_households_size_is_not_kept(text: str) -> None:
    assert "family_household" not in said(text)


@pytest.mark.parametrize(
    "text",
    [
        "Two of us have to stay calm when markets fall, one of us is enough",
        "A Goa holiday is 80k for the three of us",
        "ek flatmate chala gaya, ab hum 3 log, mera hissa 9k",
        "4 of us are splitting a 3BHK in Baner",
    ],
)
def test_those_a_figure_is_for_and_flat_sharers_are_no_household(text: str) -> None:
    assert "family_household" not in said(text)
