"""A statement counts as held by the facts read from it only when they name its words as
well as its values: the user's words stay wherever a fact would lose what they said."""

from __future__ import annotations

import pytest

from fincoach_tui.domain.finance_facts import recognise
from fincoach_tui.domain.memory.notes import newer_on_topic, notes_section, user_notes
from fincoach_tui.domain.statement_verdicts import carried
from fincoach_tui.domain.statement_words import same_topic, stem, topic_words
from fincoach_tui.domain.user_statements import Statement
from fincoach_tui.llm.offline_summary import summarize
from tests.domain.test_facts import messages
from tests.domain.test_offline_precedence import fold_request


def test_topic_words_leave_out_function_words_units_time_and_light_verbs():
    assert topic_words("My rent went up to 28k from next month, per the landlord") == {
        "rent",
        "landlord",
    }
    assert topic_words("I'm paying 3 lakh a year for the boys' school") == {"boy", "school"}
    assert stem("closed") == "clos" and stem("ends") == "end" and stem("bus") == "bus"


@pytest.mark.parametrize(
    ("text", "held"),
    [
        ("My salary is 90k and rent 30k", True),  # every word is a label
        ("In-hand pay is 72k", True),  # "in-hand" is a word of the salary's class
        ("My rent rose to 31k", True),  # a verb of change: the value says it
        ("The scooter loan is paid off now, the bank sent the NOC", False),  # which loan
        ("My in-laws stay with us and we cover their medicines", False),
        ("I'm fairly cautious, a bad year would hurt", False),  # the qualifier, the reason
    ],
)
def test_a_statement_is_held_only_when_its_facts_name_its_words(text, held):
    facts = dict(recognise(text))
    assert carried(text, facts) is held


def test_the_fold_keeps_a_statement_whose_fact_loses_its_words():
    turns = [
        ("My salary is 90k and rent 30k.", "ok"),
        ("The scooter loan is paid off now, the bank sent the NOC.", "ok"),
    ]
    text = summarize(fold_request("", turns))
    assert "- (turn 2) The scooter loan is paid off now, the bank sent the NOC" in text
    assert "- (turn 1)" not in text  # the salary and rent lines hold it


def test_the_notes_keep_held_statements_after_those_the_facts_do_not_hold():
    history = messages(
        "My salary is 90k and rent 30k.", "ok", "My in-laws stay with us, no rent from them.", "ok"
    )
    facts = {"salary": "₹90,000", "rent": "₹30,000"}
    said = user_notes(history, lambda m: True, facts)
    assert [s.text for s in said] == [
        "My salary is 90k and rent 30k",
        "My in-laws stay with us, no rent from them",
    ]
    # with room for one note, the one the facts do not hold is sent
    section, told = notes_section(said, None, 12, lambda t: len(t.split()))
    assert told == 1 and section is not None
    assert section.text == "- (turn 2) My in-laws stay with us, no rent from them"


def test_same_topic_is_a_shared_topic_word_or_a_shared_fact_key():
    keys = lambda text: [key for key, _ in recognise(text)]  # noqa: E731
    assert same_topic("Rent is 25k", "found a flat in Baner, rent 26k", keys)
    assert same_topic("We live in Nagpur", "Shifting to Indore in June", keys)  # both a city
    assert not same_topic("We live in Nagpur", "My SIP is 5k", keys)


def test_an_old_note_is_never_sent_without_the_newer_one_on_its_topic():
    said = [
        Statement(1, "We live in Nagpur, near the lake"),
        Statement(2, "My SIP is 5k a month"),
        Statement(3, "Shifting to Indore in June"),
    ]
    assert newer_on_topic(said) == [(2,), (), ()]
    words = lambda t: len(t.split())  # noqa: E731
    # the oldest note ranks first (asked about), but with its newer one it does not fit:
    # neither is sent, and the rest fills the budget
    section, told = notes_section(said, None, 17, words, "anything near the lake?")
    assert section is not None
    assert section.text == "- (turn 3) Shifting to Indore in June\n- (turn 2) My SIP is 5k a month"
    section, told = notes_section(said, None, 27, words, "anything near the lake?")
    assert section is not None and told == 3


def test_under_the_cap_the_summary_drops_an_older_statement_before_a_newer_one_on_its_topic():
    previous = "\n".join(
        [
            "[simulated summary]",
            "In the user's words (newest first):",
            "- (turn 3) Thinking of a smaller flat near the metro",
            "- (turn 2) We like living in our flat, it is quiet and sunny",
            "- (turn 1) My parents visit every winter",
        ]
    )
    count = lambda t: len(t.split())  # noqa: E731
    request = [
        {"role": "system", "content": "Use at most 36 tokens."},
        {"role": "user", "content": f"Previous summary:\n{previous}\n\nNew turns (4-4):\nUser: ok"},
    ]
    text = summarize(request, count)
    # turn 3 is the least salient (no word of a fact's kind), but turn 2 is on its topic
    # ("flat"): turn 2 goes instead, so the older word on the flat never stays alone
    assert text.splitlines() == [
        "[simulated summary]",
        "In the user's words (newest first):",
        "- (turn 3) Thinking of a smaller flat near the metro",
        "- (turn 1) My parents visit every winter",
        "Dropped to fit the cap: 1 older statement.",
    ]


def test_a_note_goes_with_the_newer_notes_on_its_topic_not_a_chain_of_them():
    """A note is sent with the newer notes sharing a topic word with it, not with theirs in
    turn: the lake note pulls the lake-flat note, not the monsoon repairs that note shares
    other words with. A question about the lake gets both lake notes."""
    said = [
        Statement(1, "We live in Nagpur near the lake"),
        Statement(2, "The lake flat needs repairs every monsoon"),
        Statement(3, "Monsoon repairs cost us 30k last year"),
        Statement(4, "My SIP is 5k a month"),
    ]
    assert newer_on_topic(said) == [(1,), (2,), (), ()]
    words = lambda t: len(t.split())  # noqa: E731
    section, told = notes_section(said, None, 20, words, "anything near the lake?")
    assert section is not None and told == 2
    assert section.text == (
        "- (turn 2) The lake flat needs repairs every monsoon\n"
        "- (turn 1) We live in Nagpur near the lake"
    )
