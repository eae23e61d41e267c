"""A classless piece of a message kept with the classed statement before it: in the facts'
notes, in hybrid's (the same builder from scratch) and in the summary's kept lines."""

from __future__ import annotations

import pytest

from fincoach_tui.domain.memory.facts import FactsStrategy
from fincoach_tui.domain.memory.notes import reference_notes
from fincoach_tui.domain.statement_pieces import continues, message_statements
from fincoach_tui.llm.offline_summary import summarize
from tests.domain.test_facts import messages
from tests.domain.test_user_statements import notes_sent

BOAT = "We are saving up for a sailing boat with my brother. Monsoon season, so July 2028."
BOAT_LINE = (
    "- (turn 1) We are saving up for a sailing boat with my brother. Monsoon season, so July 2028"
)


@pytest.mark.parametrize(
    ("text", "kept"),
    [
        # a date for the goal before it: one statement
        (BOAT, [BOAT[:-1]]),
        # what became of the thing named before, said with a pronoun
        (
            "About the old car loan: I went to the bank. They were helpful and I closed it.",
            ["About the old car loan: I went to the bank. They were helpful and I closed it"],
        ),
        # a classless piece with no figure that points back at nothing stays apart
        (
            "My parents are back in Nagpur. Want to sort out my money properly.",
            ["My parents are back in Nagpur", "Want to sort out my money properly"],
        ),
        # a classless piece with nothing classed before it stays as it is
        (
            "Monsoon season, so July 2028. We are saving for a sailing boat.",
            ["Monsoon season, so July 2028", "We are saving for a sailing boat"],
        ),
        # two classed statements stay two
        (
            "My rent is 30k for the flat. My SIP is 5k a month.",
            ["My rent is 30k for the flat", "My SIP is 5k a month"],
        ),
    ],
)
def test_a_classless_piece_that_goes_on_joins_the_classed_statement_before_it(text, kept):
    assert [s.text for s in message_statements(text, 1)] == kept


def test_a_piece_goes_on_with_a_figure_or_a_word_that_points_back():
    assert continues("so July 2028")
    assert continues("they were helpful and I closed it")
    assert not continues("want to sort out my money properly")


# Newer notes enough to fill the notes' budget (each with a figure: all as salient).
CLUBS = [f"We spend {n}00 rupees a month on the number {n} club membership." for n in range(10, 70)]


def _history():
    return messages(*[t for s in [BOAT, *CLUBS] for t in (s, "ok")], "q1", "a1", "q2", "a2")


def test_the_facts_notes_keep_the_date_with_the_goal_the_question_names():
    sent = notes_sent(_history(), "Can we still afford the sailing boat?", FactsStrategy(2))
    assert BOAT_LINE in sent.splitlines()  # the date travels with the asked-about goal
    assert sent.count("July 2028") == 1


def test_the_facts_notes_drop_the_date_with_its_goal():
    sent = notes_sent(_history(), "What do the memberships cost me in all?", FactsStrategy(2))
    assert "club membership" in sent
    assert "sailing boat" not in sent and "July 2028" not in sent  # both went, together


def test_hybrids_notes_built_from_scratch_keep_them_together_too():
    history = _history()
    section, _ = reference_notes(
        history[:-4],
        lambda m: True,
        None,
        lambda t: len(t.split()),
        "Can we still afford the sailing boat?",
    )
    assert section is not None
    assert BOAT_LINE in section.text.splitlines()


def _fold(batch: str, cap: int, counter) -> list[str]:
    request = [
        {"role": "system", "content": f"Use at most {cap} tokens."},
        {"role": "user", "content": f"Previous summary:\n(none yet)\n\nNew turns {batch}"},
    ]
    return summarize(request, counter.count).splitlines()


SAID = (
    "(1-2):\nUser: We are saving up for a sailing boat with my brother. Monsoon season, "
    "so July 2028.\nFinCoach: ok\nUser: Our car needs new tyres, about 18k. Sometime in "
    "March probably.\nFinCoach: ok"
)


def test_the_summary_keeps_the_date_on_the_line_of_the_goal_it_dates(counter):
    lines = _fold(SAID, 300, counter)
    assert BOAT_LINE in lines
    # "Our car needs new tyres" names no class of its own: what follows it stays apart
    assert "- (turn 2) Sometime in March probably" in lines


def test_under_the_cap_the_summary_drops_the_goal_and_its_date_together(counter):
    full = _fold(SAID, 300, counter)
    for cap in range(counter.count("\n".join(full)) - 1, 30, -1):
        lines = _fold(SAID, cap, counter)
        text = "\n".join(lines)
        assert ("sailing boat with my brother" in text) == ("Monsoon season" in text), cap


def test_under_the_cap_a_newer_statement_does_not_take_an_older_one_about_the_family(counter):
    # An older statement shares a name with the newest ("Tara") and says who the family
    # are, in words the facts only paraphrase, which the newer one does not restate: it is
    # not the one to go. The newest names someone too, so it is as salient as the others:
    # the one whose figure the facts hold (rent ₹21,500) goes.
    batch = (
        "(1-3):\nUser: It's just me and my daughter Tara.\nFinCoach: ok\n"
        "User: My rent is 21,500 for the flat near the lake, since 2019.\nFinCoach: ok\n"
        "User: I'm the only earner and Tara depends on me.\nFinCoach: ok"
    )
    full = _fold(batch, 400, counter)
    lines = _fold(batch, counter.count("\n".join(full)) - 1, counter)
    assert lines[-4:] == [
        "In the user's words (newest first):",
        "- (turn 3) I'm the only earner and Tara depends on me",
        "- (turn 1) It's just me and my daughter Tara",
        "Dropped to fit the cap: 1 older statement.",
    ]


@pytest.mark.parametrize(
    ("text", "kept"),
    [
        ("[09:14] my gym fee is 1,800 a month", ["my gym fee is 1,800 a month"]),
        ("[voice note 0:12] we keep two cows at the farm", ["we keep two cows at the farm"]),
        ("  [PST 2130, after the call] back now", ["back now"]),
        # a bracket that does not open the message is the user's own words
        ("my rent [roughly] is 9,000", ["my rent [roughly] is 9,000"]),
    ],
)
def test_a_header_in_square_brackets_that_opens_a_message_is_no_statement(text, kept):
    assert [s.text for s in message_statements(text, 3)] == kept


def test_a_headers_digits_make_no_note_new_to_the_facts():
    """A chat sent with a time header on every message: the header's digits are no figure
    no fact holds, so a message of chatter ranks as chatter, after a statement with one."""
    from fincoach_tui.domain.fact_store import FactStore
    from fincoach_tui.domain.memory.notes import notes_section
    from fincoach_tui.domain.memory.session_memo import SessionMemo

    said = [*message_statements("[0905] the tailor charges 650 a blouse", 2)]
    said += message_statements("[0911] ok back now, rough day", 3)
    assert [s.text for s in said] == ["the tailor charges 650 a blouse", "ok back now, rough day"]
    budget = max(len(s.line().split()) for s in said)  # room for one

    def words(text: str) -> int:
        return len(text.split())

    section, count = notes_section(said, FactStore(), budget, words, "", SessionMemo())
    assert section is not None
    assert (section.text, count) == ("- (turn 2) the tailor charges 650 a blouse", 1)
