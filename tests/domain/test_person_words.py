"""A person's name says whose, not what: two statements naming one person are not on one
topic by the name, and a question naming someone asks its other words of the notes."""

from __future__ import annotations

import pytest

from fincoach_tui.domain import fact_relevance
from fincoach_tui.domain.fact_relevance import note_question_words
from fincoach_tui.domain.finance_facts import recognise
from fincoach_tui.domain.memory.note_cover import names_in
from fincoach_tui.domain.memory.notes import notes_section
from fincoach_tui.domain.person_words import person_names
from fincoach_tui.domain.statement_words import same_topic, topic_words
from fincoach_tui.domain.user_statements import Statement


@pytest.mark.parametrize(
    ("text", "names"),
    [
        ("Kavya's share comes to 412 euro a month, mine is smaller, 178 euro", {"kavya"}),
        ("Long term Kavya wants to go back to Karnataka, Dharwad probably", {"kavya"}),
        ("Ravi's school fees went up to 9,500", {"ravi"}),
        ("my wife Priya earns 40k", {"priya"}),
        ("Meena and I both pay into the PPF", {"meena"}),
        ("Kabir's daycare is 8k", {"kabir"}),
        ("sis Tanvi's wedding needs 5L by Dec", {"tanvi"}),
        ("Pappu beta Surat mein loom pe kaam karta hai, 12 hazaar bhejta hai", {"pappu"}),
        ("Pappu ka phone aaya tha raat. bol raha ab 14,500 bhejega", {"pappu"}),
        ("beta Chotu ka admission 40k", {"chotu"}),
        # a pet name counts in lower case too, used as a name
        ("appu ki tuition 3k hai", {"appu"}),
        ("my son chotu needs a cycle, 6k", {"chotu"}),
        ("munni er school fees 2,000 taka", {"munni"}),
        ("Kuttan nte school fees 18,000 anu", {"kuttan"}),
        ("Sonu ko hostel mein 9k bhejte hain", {"sonu"}),
        # near-misses: "appu" the Telugu word for a loan; a place, a car, a helper's name
        # said as a thing; a noun capitalised at a sentence's start
        ("appu 2 lakh undi, teerchali", set()),
        ("home appu EMI 12k", set()),
        ("ghar mein hum, Sunaina, amma. Pappu Surat, Rinki Patna. kul paanch log", set()),
        ("We moved to Pune from Kolkata, rent 26k in Baner", set()),
        ("my Thar EMI 18,400, her i20 EMI 8,900", set()),
        ("Rent is 25k. Salary went to 90k", set()),
        ("Ghar ka rent 12k hai", set()),
        ("Bike ki EMI 3,200", set()),
        ("Today's gold rate is crazy", set()),
        ("Mom's medicines are 6,500 a month", set()),
        ("Dad wants us to buy gold", set()),
        ("the landlord's brother collects it, 21k", set()),
        ("Company's PF contribution is 1,800", set()),
        ("ravi's fees 9500 now", set()),  # lower case, and no pet name: not known a name
    ],
)
def test_a_word_names_a_person_only_where_it_is_used_as_one(text, names):
    assert person_names(text) == names


def _keys(text: str) -> list[str]:
    return [key for key, _ in recognise(text)]


@pytest.mark.parametrize(
    ("older", "newer", "same"),
    [
        # a shared name alone is no topic
        (
            "Kavya is test engineer at an auto supplier, net about 3,900 euro a month",
            "Kavya's share comes to 412 euro a month, mine is smaller, 178 euro",
            False,
        ),
        ("Ravi's school fees are 9,500 a month", "Ravi's bike EMI is 2,100", False),
        ("appu ki tuition 3k hai", "appu ka cycle 6k mein aaya", False),
        ("my wife Priya earns 40k", "Priya's gold loan is 1.2 lakh", False),
        # the name with a topic word: one topic
        ("Ravi's school fees are 9,500 a month", "Ravi's school fees went up to 11k", True),
        ("appu ki tuition 3k hai", "appu ki tuition ab 3,500", True),
        # a place is a topic still ("in Baner"), and foreign money's word is none
        ("We rent in Baner, 25k", "found another flat in Baner", True),
        ("I work 20 hours at the uni lab, net 1,520 euro", "we opened one, 300 euro", False),
        ("Mom's medicines are 6,500 a month", "Mom's pension is 20k", True),  # no name: "mom"
    ],
)
def test_a_persons_name_alone_is_no_shared_topic(older, newer, same):
    assert same_topic(older, newer, _keys) is same


def test_foreign_moneys_word_is_a_unit():
    assert topic_words("net about 3,900 euro a month, 600 dirhams home") == {"net", "home"}


@pytest.mark.parametrize(
    ("question", "words"),
    [
        ("Are Ravi's school fees still ok?", {"are", "schoo", "fees", "still"}),
        ("What about Ravi's bike loan?", {"about", "bike", "loan"}),
        ("Can Appu's tuition fit in the budget?", {"tuiti", "fit", "budge"}),
        ("appu ki tuition kitni hai ab?", {"tuiti"}),
        ("munni ki shaadi ke liye kitna bachana padega?", {"bacha", "liye", "padeg", "shaad"}),
        ("Is Kavya's health insurance enough?", {"healt", "insur", "enoug"}),
        ("Kavya wants equity, is that wise?", {"equit", "wants", "wise"}),
        ("my son Kabir needs a laptop, can we afford it?", {"affor", "lapto", "needs", "son"}),
        ("chotu's school fees - how much are they now?", {"are", "fees", "schoo", "they"}),
        # the name is all it asks: the name is asked
        ("and Ravi's?", {"ravi'"}),
        # near-misses: a place, "appu" the loan, a mother
        ("Can we hit the Dharwad target?", {"dharw", "hit", "targe"}),
        ("is the appu cleared?", {"appu", "clear"}),
        ("How much does Mom's medicine cost now?", {"cost", "medic", "mom's"}),
    ],
)
def test_a_question_naming_someone_asks_its_other_words(question, words):
    assert note_question_words(question) == words


@pytest.mark.parametrize(
    ("text", "names"),
    [
        ("we pay for Ravi's coaching, 4k", {"ravi"}),
        ("Kavya's share comes to 412 euro", {"kavya"}),  # a possessive, first in a sentence
        ("appu ki tuition 3k hai", {"appu"}),
        ("Selvi comes every morning, we pay Selvi 4,000", {"selvi"}),
        ("Today's rate is 7.1%", set()),
    ],
)
def test_a_notes_names_count_possessives(text, names):
    assert names_in(text) == names


NOTES = [
    Statement(1, "Ravi's cricket coaching is 2,500 a month"),
    Statement(2, "Ravi bought a bike, EMI 2,100"),
    Statement(3, "Ravi's phone bill is 600"),
    Statement(4, "My rent is 18k"),
    Statement(5, "Gym for me, 1,200"),
]
COACHING = "- (turn 1) Ravi's cricket coaching is 2,500 a month"
PHONE = "- (turn 3) Ravi's phone bill is 600"
GYM = "- (turn 5) Gym for me, 1,200"
RENT = "- (turn 4) My rent is 18k"


def _sent(budget: int) -> list[str]:
    section, _ = notes_section(
        NOTES, None, budget, lambda t: len(t.split()), "Should Ravi's cricket coaching continue?"
    )
    assert section is not None
    return section.text.split("\n")


def test_a_question_naming_someone_sends_the_note_it_asks_first():
    assert _sent(16) == [COACHING]
    assert _sent(24) == [GYM, RENT, COACHING]


def test_with_the_name_asked_his_other_notes_went_first(monkeypatch):
    # What the rule changes: every note saying "Ravi's" was asked, the phone bill first.
    monkeypatch.setattr(fact_relevance, "person_names", lambda text: frozenset())
    assert _sent(16) == [GYM, PHONE]
    assert _sent(24) == [PHONE, COACHING]
