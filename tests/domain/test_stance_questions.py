"""A question about how the user feels about money, or about losing it, asks their stance."""

from __future__ import annotations

import pytest

from fincoach_tui.domain.fact_relevance import topic_asked
from fincoach_tui.domain.fact_store import FactStore
from fincoach_tui.domain.memory.notes import notes_section
from fincoach_tui.domain.user_statements import Statement


@pytest.mark.parametrize(
    "question",
    [
        "Should I go for it? You know how I feel about this money.",
        "How comfortable am I with losses, remind me?",
        "Am I ok with a drop of 20% in a year, given what I told you?",
        "How does she feel about putting the bonus in stocks?",
    ],
)
def test_a_question_about_feelings_on_money_or_losses_asks_the_stance(question: str) -> None:
    assert topic_asked("risk", question)


@pytest.mark.parametrize(
    "question",
    ["What is my rent now?", "When does the FD mature?", "I feel tired today, sorry."],
)
def test_other_questions_do_not_ask_the_stance(question: str) -> None:
    assert not topic_asked("risk", question)


@pytest.mark.parametrize(
    "question",
    [
        "Keeping my temperament in mind, which fund suits me?",
        "Knowing our nature, what should we do with the bonus?",
        "Is a small-cap fund right for someone like me?",
    ],
)
def test_a_question_about_the_users_nature_asks_the_stance(question: str) -> None:
    assert topic_asked("risk", question)


@pytest.mark.parametrize(
    "question",
    ["What is the nature of this charge on my bill?", "Do people like this phone?"],
)
def test_the_word_nature_alone_does_not_ask_the_stance(question: str) -> None:
    assert not topic_asked("risk", question)


@pytest.mark.parametrize(
    "question",
    [
        "If I get the refund, should the money go to the car loan or into funds?",
        "Where should the bonus go this year, the wedding or index funds?",
        "Should it go into debt funds or stay in savings?",
        "Once the plot sells, should the proceeds go to the kids' fees?",
    ],
)
def test_a_question_about_where_a_sum_should_go_asks_the_stance(question: str) -> None:
    assert topic_asked("risk", question)


@pytest.mark.parametrize(
    "question",
    [
        "Do I have enough funds for the trip in March?",
        "Where should we go for the holidays?",
        "Should I go to the bank tomorrow?",
    ],
)
def test_funds_or_go_alone_do_not_ask_the_stance(question: str) -> None:
    assert not topic_asked("risk", question)


def _words(text: str) -> int:
    return len(text.split())


def test_a_question_about_where_a_sum_goes_keeps_the_stance_note_over_a_new_figure() -> None:
    # a newer note with a figure no fact holds would rank first; the question asks the stance
    stance = Statement(2, "I'm quite aggressive with money, a 30% fall doesn't scare me")
    figure = Statement(5, "My cousin's cafe made 2.4 lakh last quarter")
    budget = max(_words(n.line()) for n in (stance, figure))  # room for either, not both
    assert _words(f"{stance.line()}\n{figure.line()}") > budget
    question = "If the bonus comes, should the money go to the car or into funds?"
    section, count = notes_section([stance, figure], FactStore(), budget, _words, question)
    assert section is not None
    assert (section.text, count) == (stance.line(), 1)
    section, count = notes_section([stance, figure], FactStore(), budget, _words, "Any news?")
    assert section is not None
    assert (section.text, count) == (figure.line(), 1)
