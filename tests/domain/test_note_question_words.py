"""A question names the notes it is about by its topic words, not by how it asks ("tell me
honestly", "can we", "next year") nor by "money", which every note of a money chat may say:
a note that shares only those with the question is not put ahead of the rest, so it cannot
take the room of the note that carries the figure the answer needs. The sentences here are
made up for these tests."""

from __future__ import annotations

import pytest

from fincoach_tui.domain.fact_relevance import note_question_words
from fincoach_tui.domain.fact_store import FactStore
from fincoach_tui.domain.memory.notes import notes_section
from fincoach_tui.domain.memory.session_memo import SessionMemo
from fincoach_tui.domain.user_statements import Statement
from tests.notes_helpers import index_and_reference, words


@pytest.mark.parametrize(
    ("question", "expected"),
    [
        (
            "Can we buy a scooter next year after the wedding money? Tell me honestly",
            {"scoot", "after", "weddi", "buy"},
        ),
        ("Is the gold scheme good for my money? Please explain", {"gold", "schem"}),
        (
            "Could the RD and PPF together cover the fees? Advise me frankly",
            {"ppf", "toget", "cover", "fees"},
        ),
    ],
)
def test_a_question_names_notes_by_its_topic_words_only(question, expected) -> None:
    assert note_question_words(question) == expected


# (question, the note that carries the figure, a newer note sharing only how it asks)
CASES = [
    (
        "Can we take a second-hand scooter next year? Tell me honestly",
        "The poultry shed brings in 14k a month",
        "Honestly we never had a good year for money",
    ),
    (
        "Could my savings cover a trip to Ooty? Please tell me frankly",
        "The bakery side business gives about 9k a month",
        "Please tell me if I can do better, frankly money worries me",
    ),
    (
        "Should we renovate the kitchen next year or wait? Be honest about the money",
        "Tuition classes on weekends add 11k a month",
        "To be honest the money never lasts the month",
    ),
]


@pytest.mark.parametrize(("question", "figure", "manner"), CASES)
def test_a_note_sharing_only_how_the_question_asks_does_not_take_the_figures_room(
    question, figure, manner
) -> None:
    notes = [Statement(2, figure), Statement(3, manner)]
    budget = max(words(n.line()) for n in notes)  # room for either, not both
    assert words("\n".join(n.line() for n in notes)) > budget
    section, count = notes_section(notes, FactStore(), budget, words, question, SessionMemo())
    assert section is not None
    assert (section.text, count) == (notes[0].line(), 1)


@pytest.mark.parametrize(("question", "figure", "manner"), CASES)
def test_the_index_asks_as_the_reference_does(question, figure, manner) -> None:
    found, expected = index_and_reference([figure, manner, "ok", "ok", "ok", "ok"], question)
    assert found[0] is not None and expected[0] is not None
    assert (found[0].text, found[1]) == (expected[0].text, expected[1])
    assert figure in found[0].text
