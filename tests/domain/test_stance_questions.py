"""A question about how the user feels about money, or about losing it, asks their stance."""

from __future__ import annotations

import pytest

from fincoach_tui.domain.fact_relevance import topic_asked


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
