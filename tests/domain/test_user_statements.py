"""The user's own words as the memory's fallback: which clauses are kept, how the offline
summary carries them across folds, and how the facts strategy sends them within a budget."""

from __future__ import annotations

import pytest

from fincoach_tui.domain.conversation import Message
from fincoach_tui.domain.memory import MemoryView, Summary
from fincoach_tui.domain.memory.facts import FactsStrategy
from fincoach_tui.domain.memory.notes import (
    NOTES_LABEL,
    NOTES_TOKENS,
    TOKENS_PER_NOTE,
    notes_budget,
)
from fincoach_tui.domain.memory.summary import SummaryStrategy
from fincoach_tui.domain.user_statements import Statement, parse_line, statements_in
from fincoach_tui.llm.offline_summary import summarize
from tests.domain.test_facts import messages


@pytest.mark.parametrize(
    ("text", "kept"),
    [
        # Hinglish: a count in digits; the question after it is not kept
        (
            "Hamari beti 6 saal ki hai aur beta abhi 2 ka. Kya humein child plan lena chahiye?",
            ("Hamari beti 6 saal ki hai aur beta abhi 2 ka",),
        ),
        # no figure: a risk preference with its reason
        (
            "Honestly I can't stomach the market swings, a guaranteed return matters more to me.",
            ("Honestly I can't stomach the market swings, a guaranteed return matters more to me",),
        ),
        # a number in words; the pleasantry goes
        (
            "My dad gets around twenty-two thousand as pension every month. thanks!",
            ("My dad gets around twenty-two thousand as pension every month",),
        ),
        # a move with a month; the clause after ";" is a statement of its own
        (
            "We shifted to Indore from Nagpur in March 2025; the new place is smaller.",
            ("We shifted to Indore from Nagpur in March 2025", "the new place is smaller"),
        ),
        # an amount and a rate, then a question
        (
            "Home loan outstanding is about 38 lakh at 8.6 percent. Should I prepay or invest?",
            ("Home loan outstanding is about 38 lakh at 8.6 percent",),
        ),
        # the statement before a question in the same sentence
        ("Given that my salary is 80k, how much should I save?", ("Given that my salary is 80k",)),
        # "Rs." does not end the sentence
        (
            "I also have an LIC policy, premium is Rs. 12,000 a year.",
            ("I also have an LIC policy, premium is Rs. 12,000 a year",),
        ),
        ("Could you explain how ELSS works?", ()),
        ("If I get a raise of 20k, what then?", ()),  # a what-if
        # someone else's figure goes; what the user says of their own stays
        ("My colleague pays 40k rent. Mine is lower.", ("Mine is lower",)),
        ("Ok cool", ()),
        # no figure and no fact-bearing word: still a statement about the user
        (
            "Honestly I'm new to all this, just started working.",
            ("Honestly I'm new to all this, just started working",),
        ),
        # fragments too short to stand alone are kept joined; a one-word answer whole
        ("second year of college. kanpur. 19F", ("second year of college. kanpur. 19F",)),
        ("Kanpur", ("Kanpur",)),
        # a pronoun for family with the user in it is theirs
        (
            "she's a homemaker, I cover her costs. about 12k/month",
            ("she's a homemaker, I cover her costs. about 12k/month",),
        ),
        # a condition in a statement qualifies a fact; in a question it is a what-if
        (
            "If it's a private college, fees run to 18 lakh.",
            ("If it's a private college, fees run to 18 lakh",),
        ),
        ("Suppose I quit next year.", ()),
        # requests to the coach and acknowledgements are not statements
        ("Noted. Kindly walk me through ELSS.", ()),
        ("Sum up my finances please", ()),
        ("Thank you for the detailed answer.", ()),
        # an auxiliary verb opens a question only with a subject after it: a word that
        # looks like one ("do" is Hindi for two) opens a statement
        ("Do bachche hain, dono school me.", ("Do bachche hain, dono school me",)),
        ("do saal me ghar lena hai, 30 lakh ka", ("do saal me ghar lena hai, 30 lakh ka",)),
        ("Do we need a will", ()),
        ("Is there a limit on PPF", ()),
        # a lead-in with no figure sets up the question; one with a figure is kept
        ("With the car loan gone, what is left each month?", ()),
        ("Keeping my risk appetite in mind, which fund fits?", ()),
        ("After the 12k hike, can we still save?", ("After the 12k hike",)),
        # a statement before an auxiliary question is kept, the question is not
        ("We live in Jaipur, is 15k rent fair?", ("We live in Jaipur",)),
    ],
)
def test_the_picker_keeps_what_the_user_states_about_themselves_verbatim(text, kept):
    assert statements_in(text) == kept


def test_a_statement_line_reads_back_with_its_turn():
    line = Statement(7, "papa ki pension 30 hazaar aati hai").line(outdated=True)
    assert line == "- (turn 7) papa ki pension 30 hazaar aati hai (outdated)"
    assert parse_line(line) == Statement(7, "papa ki pension 30 hazaar aati hai")
    assert parse_line("- rent: ₹24,000") is None


TURNS = [
    ("My take-home is 82k. Rent is 24k for a 2BHK in Whitefield.", "Noted."),
    ("papa ki pension 30 hazaar aati hai, wo hamare saath rehte hain.", "Good."),
    ("What is an index fund?", "A fund that tracks an index."),
    ("Landlord says 26.5k from next month, ugh.", "Noted."),
    ("My wife started a side gig, roughly fifteen thousand a month", "Nice."),
]
FIRST_FOLD = """[simulated summary]
Facts the user stated (newest values):
- salary: ₹82,000
- city: Whitefield, Bengaluru
- rent: ₹24,000
- pension of father: ₹30,000
In the user's words (newest first):
- (turn 2) papa ki pension 30 hazaar aati hai, wo hamare saath rehte hain
- (turn 1) Rent is 24k for a 2BHK in Whitefield
Asked about: What is an index fund."""
SECOND_FOLD = """[simulated summary]
Facts the user stated (newest values):
- salary: ₹82,000
- city: Whitefield, Bengaluru
- rent: ₹26,500 (was ₹24,000)
- pension of father: ₹30,000
- family spouse: wife
In the user's words (newest first):
- (turn 5) My wife started a side gig, roughly fifteen thousand a month
- (turn 4) Landlord says 26.5k from next month, ugh
- (turn 2) papa ki pension 30 hazaar aati hai, wo hamare saath rehte hain
- (turn 1) Rent is 24k for a 2BHK in Whitefield (outdated: rent)
Asked about: What is an index fund."""


def fold_now(previous: str, batch: str, counter, cap: int = 300) -> str:
    request = [
        {"role": "system", "content": f"Use at most {cap} tokens."},
        {"role": "user", "content": f"Previous summary:\n{previous}\n\nNew turns {batch}"},
    ]
    return summarize(request, counter.count)


def test_the_summary_keeps_the_users_words_across_two_folds(counter):
    history = messages(*[t for pair in TURNS for t in pair], "tail q", "tail a")
    strategy = SummaryStrategy(tail_turns=1, batch_turns=1)
    first = strategy.fold_plan(history[:8], None)
    text = summarize(first.request(), counter.count)
    assert text == FIRST_FOLD  # salary's statement is held by the facts: not repeated
    second = strategy.fold_plan(history, Summary(text, 3, (), counter.count(text)))
    assert (second.first_turn, second.last_turn) == (4, 5)
    text = summarize(second.request(), counter.count)
    assert text == SECOND_FOLD  # read back, newest first, the old rent marked outdated
    # a fold with nothing new gives the same text back
    assert fold_now(text, "(6-6):\nUser: ok\nFinCoach: ok", counter) == SECOND_FOLD


def test_under_the_cap_outdated_statements_then_was_notes_then_the_oldest_go_and_it_says_so(
    counter,
):
    text = fold_now(SECOND_FOLD, "(6-6):\nUser: ok\nFinCoach: ok", counter, cap=105)
    assert text.splitlines()[-3:] == [
        "In the user's words (newest first):",
        "- (turn 5) My wife started a side gig, roughly fifteen thousand a month",
        "Dropped to fit the cap: 1 older question topic; 3 older statements; the old rent.",
    ]
    assert counter.count(text) <= 105


def test_the_facts_section_sends_notes_within_a_budget_that_grows_with_them_bounded():
    assert notes_budget(NOTES_TOKENS, 0) == NOTES_TOKENS
    assert notes_budget(NOTES_TOKENS, 10) == 10 * TOKENS_PER_NOTE
    assert notes_budget(NOTES_TOKENS, 1000) == 4 * NOTES_TOKENS


def notes_sent(history: tuple[Message, ...], question: str, strategy: FactsStrategy) -> str:
    new = Message("new", "user", question, 0.0, len(history) // 2 + 1)
    words = len  # a word count stands in for the tokenizer
    view = MemoryView("SYS", history, new, lambda m: 1, count_text=lambda t: words(t.split()))
    sections = {s.label: s.text for s in strategy.build(view).messages[0].sections}
    return sections.get(NOTES_LABEL, "")


def test_the_facts_strategy_sends_the_asked_about_notes_and_the_newest_and_stays_flat():
    said = [
        f"We spend {n} thousand a month on the {thing}."
        for n, thing in enumerate(
            ["maid", "cook", "driver", "gym", "tuition", "school van", "plants", "dog"], start=2
        )
    ]
    said += ["papa ki pension 30 hazaar aati hai, wo hamare saath rehte hain."]
    history = messages(*[t for s in said for t in (s, "ok")], "q1", "a1", "q2", "a2")
    strategy = FactsStrategy(tail_turns=2)
    text = notes_sent(history, "How much does my father need from me?", strategy)
    lines = text.splitlines()
    # nine notes: budget 9 x 28 = 252 words here; all fit, newest first
    assert lines[0] == "- (turn 9) papa ki pension 30 hazaar aati hai, wo hamare saath rehte hain"
    assert len(lines) == 9
    assert lines[-1] == "- (turn 1) We spend 2 thousand a month on the maid"
    # many more statements: the budget stops growing and the same request costs the same
    more = said * 1 + [f"Our {n}th subscription costs {n}00 rupees a month." for n in range(10, 40)]
    long = messages(*[t for s in more for t in (s, "ok")], "q1", "a1", "q2", "a2")
    asked = notes_sent(long, "How much does my father need from me?", strategy)
    assert len(asked.split()) <= 4 * NOTES_TOKENS
    assert "papa ki pension" in asked  # the question is about family: kept though old
    again = notes_sent(long, "How much does my father need from me?", strategy)
    assert again == asked
