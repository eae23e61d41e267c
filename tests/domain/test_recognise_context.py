"""The recogniser reads a message knowing the ones before it: bare figures and pronouns
belong to what was just talked about, known things are found by the words that name them,
a couple's figures are split per clause, typing slips and changes "by" an amount do not
mislead it. Each case states exactly the facts expected."""

from __future__ import annotations

import json

import pytest

from fincoach_tui.domain.conversation import Transcript
from fincoach_tui.domain.fact_extraction import plan_extraction
from fincoach_tui.domain.fact_store import Fact, FactStore
from fincoach_tui.domain.finance_facts import Reading, coach_subject, find_facts, read, recognise
from fincoach_tui.domain.session_events import apply_fact_event, facts_event
from fincoach_tui.llm.offline_memory import extract

MAR_9 = 1773050400.0  # 9 Mar 2026, 10:00 UTC


def facts_of(*texts: str, reading: Reading | None = None) -> dict[str, tuple[str, str]]:
    """key -> (value, the message it came from), reading the texts in order."""
    found = find_facts([(f"m{n}", t) for n, t in enumerate(texts, start=1)], MAR_9, reading)
    return {k: (f.value, f.source) for k, f in found.items()}


@pytest.mark.parametrize(
    "texts, expected",
    [
        pytest.param(
            ("Rent is the big one.", "28k."),
            {"rent": ("₹28,000", "m2")},
            id="a bare figure belongs to what the message before named",
        ),
        pytest.param(
            ("My rent is 28k.", "Ugh, the flat again.", "it went up to 31k"),
            {"rent": ("₹31,000", "m3")},
            id="a figure that refers back with it belongs to the known subject named before",
        ),
        pytest.param(
            ("Rent is 20k.", "Flights to Goa cost 9k for the two of us."),
            {"rent": ("₹20,000", "m1")},
            id="a figure that does not refer back is not given to the last subject",
        ),
        pytest.param(
            ("What should my rent be?", "28k."),
            {},
            id="a question is not what the next figure is about",
        ),
    ],
)
def test_a_later_figure_goes_to_the_subject_it_refers_back_to(texts, expected):
    assert facts_of(*texts) == expected


def test_the_coach_asking_about_something_makes_the_next_bare_figure_its_answer():
    assert coach_subject("Got it. And how much is your car loan EMI?") == ("loan", "car loan")
    assert coach_subject("Rent is usually a third of pay.") is None
    reading = Reading().about(coach_subject("Thanks! How much rent do you pay?"))
    assert read("about 22k", None, reading)[0] == [("rent", "₹22,000")]


def test_a_known_thing_is_found_by_the_words_that_named_it():
    assert facts_of(
        "I want to save two lakh for a trip to Japan by December next year.",
        "What is an index fund?",
        "oh and scratch that Japan number, flights are crazy, make it two and a half lakh",
    ) == {
        "goal_trip": ("trip to Japan", "m1"),
        "goal_trip_amount": ("₹2,50,000", "m3"),
        "goal_trip_date": ("by Dec 2027", "m1"),
    }
    assert facts_of(
        "I'm planning my sister's wedding, need 8 lakh in about 18 months.",
        "The wedding got pushed, so now it's in two years from now.",
    ) == {"goal_wedding_amount": ("₹8,00,000", "m1"), "goal_wedding_date": ("in Mar 2028", "m2")}


def test_a_loan_named_in_one_message_types_the_emi_of_the_next():
    assert facts_of("Also a car loan.", "EMI around 12,400 a month, ends March 2028.") == {
        "loan_car_emi": ("₹12,400", "m2"),
        "loan_car_end": ("Mar 2028", "m2"),
    }
    assert recognise("Home loan for the plot in Mysuru, EMI is 41,500 and 14 years are left.") == [
        ("loan_home_emi", "₹41,500"),
        ("loan_home_end", "in 14 years"),  # what is left: the end, from now
    ]


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        (
            "My wife's salary is 60k and mine is 1.1L per month in hand.",
            [("family_spouse", "wife"), ("spouse_salary", "₹60,000"), ("salary", "₹1,10,000")],
        ),
        (
            "Husband earns 2.4 lakh, I make 1.6 lakh, both post tax.",
            [
                ("family_spouse", "husband"),
                ("spouse_salary", "₹2,40,000"),
                ("salary", "₹1,60,000"),
            ],
        ),
    ],
)
def test_a_couples_figures_are_split_per_clause(text, expected):
    assert recognise(text) == expected


def test_he_and_his_are_the_spouse_once_the_spouse_is_known_and_someone_else_before():
    text = "He switched jobs, his take-home is 2.75L now."
    assert facts_of("My husband works at a bank.", text)["spouse_salary"] == ("₹2,75,000", "m2")
    assert "salary" not in facts_of("My husband works at a bank.", text)
    assert facts_of("My brother is a banker.", "He switched jobs, he earns 2.75L now.") == {}


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("salry 85k take hom", [("salary", "₹85,000")]),
        ("my expnses are around 40k", [("expenses", "₹40,000")]),
        ("rnet 18000", [("rent", "₹18,000")]),
        ("I am saving for a house", [("goal_house", "house")]),  # "saving" is no slip
    ],
)
def test_typing_slips_in_the_words_that_name_a_kind_are_mended(text, expected):
    assert recognise(text) == expected


def test_a_change_by_an_amount_is_not_the_new_value():
    assert recognise("Bad news, owner increased the rent by 3000, so now it is 35k.") == [
        ("rent", "₹35,000")
    ]


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("Papa mummy dono mujh pe dependent hain.", "supports papa and mummy"),
        ("my mother also stays with us, she depends on me", "supports mother"),
        ("We look after my in-laws as well.", "supports in-laws"),
    ],
)
def test_parents_who_depend_on_the_user_are_family_in_any_order_of_words(text, expected):
    assert dict(recognise(text))["family_parents"] == expected


def test_living_with_ones_parents_is_not_supporting_them():
    assert "family_parents" not in dict(recognise("I live with my parents in Lucknow."))


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("Also dad's medicines cost 6k monthly.", [("cost_medicine", "₹6,000")]),
        ("Medicines are now 7,500 a month.", [("cost_medicine", "₹7,500")]),
        ("medicine costs monthly around 6,500 rupees", [("cost_medicine", "₹6,500")]),
        (
            "also tools: Figma, Notion, cloud storage… around 3,900 a month for all of them",
            [("cost_tool", "₹3,900")],
        ),
        ("Update: paying 30k now every month", []),
        ("A new phone costs 80k.", []),  # no month or year: not an outgoing
        ("My pension is Rs. 38,000 per month.", [("pension", "₹38,000")]),
        ("Ghar ka kiraya 12,000 hai.", [("rent", "₹12,000")]),
        ("Namaste, main Indore se hoon.", [("city", "Indore")]),
        ("Got a raise!! It's 48,500 now", [("salary", "₹48,500")]),
        ("I'm paying 15 thousand for my PG", [("rent", "₹15,000")]),
        ("I live in a rented flat in Pune, paying 21k", [("city", "Pune"), ("rent", "₹21,000")]),
        (
            "we bought a car last year; the loan EMI is 14,200 and ends in 2029",
            [("loan_car_emi", "₹14,200"), ("loan_car_end", "in 2029")],
        ),
        ("We're expecting our first baby in March", [("family_children", "expecting a baby")]),
        ("Sorry galti se bola, rent 16k hai, 14k nahi.", [("rent", "₹16,000")]),
        ("Kids: two, ages 6 and 9.", [("family_children", "2 kids")]),
        (
            "goal: 25L down payment for a flat by march 2029",
            [("goal_house_amount", "₹25,00,000"), ("goal_house_date", "by Mar 2029")],
        ),
        (
            "Also scratch what I said about rent earlier, it's actually 26k including society "
            "maintenance",
            [("rent", "₹26,000")],
        ),
        (
            "a family floater of five lakh, the premium is Rs. 38,000 a year",
            [
                ("insurance_health_cover", "₹5,00,000"),
                ("insurance_health_premium", "₹38,000 a year"),
            ],
        ),
        (
            "my risk appetite is high-ish tbh, no one to support",
            [("risk", "high-ish"), ("risk_reason", "tbh, no one to support")],
        ),
        (
            "i dont like risk at all, one time i lost 20k in online trading app",
            [
                ("risk", "dont like risk"),
                ("risk_reason", "one time i lost 20k in online trading app"),
            ],
        ),
        ("Our son is settled in Dubai and does not need support from us.", []),
        (
            "Hi - moved back after 8 years in Singapore, now in Gurgaon.",
            [("city", 'Gurugram ("Gurgaon")')],
        ),
        (
            "I have an LIC endowment policy, premium 18,500 per year.",
            [("insurance_term_premium", "₹18,500 a year")],
        ),
        (
            "I also send ₹20,000 every month to my parents in Kerala.",
            [("family_parents", "supports parents"), ("remittance", "₹20,000")],
        ),
        (
            "Risk-wise I'd call myself moderate, since I have no fixed salary.",
            [("risk", "moderate"), ("risk_reason", "I have no fixed salary")],
        ),
    ],
)
def test_kinds_said_in_other_words(text, expected):
    assert recognise(text) == expected


def test_the_offline_extractor_reads_a_batch_knowing_the_turn_before_it():
    transcript = Transcript()
    said = ["My rent is 28k.", "ok", "Ugh, the flat again.", "ok", "it went up to 31k", "ok"]
    messages = [
        transcript.add("user" if n % 2 == 0 else "assistant", text, ts=MAR_9)
        for n, text in enumerate(said)
    ]
    store = FactStore()  # the first two turns were read: rent ₹28,000 is known
    rent = Fact("f1", "rent", "₹28,000", (messages[0].id,), MAR_9, 1)
    apply_fact_event(store, facts_event(2, [m.id for m in messages[:4]], [rent]))
    new = transcript.add("user", "what's my rent", ts=MAR_9)
    plan = plan_extraction(tuple(messages), new, store, every_turns=1)
    assert plan is not None
    assert [m.content for m in plan.before] == ["Ugh, the flat again.", "ok"]
    answer = json.loads(extract(plan.request()))
    assert answer["facts"] == [{"key": "rent", "value": "₹31,000", "source_ids": ["m5"]}]


def test_a_spouse_known_by_name_owns_the_figures_said_of_them():
    assert facts_of(
        "Hello ji! Main Rohan, Pune se. Meri wife Sneha aur main, hum dono kaam karte hain",
        "So my in-hand is around ₹92,000 per month and Sneha gets 68k in hand.",
        "acha, great news!! Sneha switched jobs, ab uska in-hand 81k hai",
    ) == {
        "city": ("Pune", "m1"),
        "spouse_name": ("Sneha", "m1"),
        "salary": ("₹92,000", "m2"),
        "spouse_salary": ("₹81,000", "m3"),
    }


@pytest.mark.parametrize(
    "later",
    [
        "moved to the Nashik branch. the credit will be 1.2 lakh",
        "promotion to team lead. credit will be about 1.2 lakh",
    ],
)
def test_a_function_word_of_a_known_costs_name_does_not_name_it(later):
    # what is sent home is not named again by a "to" in "moved to ..."
    found = facts_of("I send ammi-abbu 6k every month", later)
    assert found.get("remittance") == ("₹6,000", "m1")
