"""What the summary keeps when the recogniser reads only part of what the user said: every
statement in their words, within a cap that grows with what there is to keep (bounded by
what the fold replaces and by a ceiling), dropping the least salient and oldest first; a
correction is never taken for an old value; and the facts strategy's notes stay flat in a
long conversation."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from fincoach_tui.domain.conversation import Message
from fincoach_tui.domain.finance_facts import recognise
from fincoach_tui.domain.memory.facts import FactsStrategy
from fincoach_tui.domain.memory.hybrid import HybridStrategy
from fincoach_tui.domain.memory.notes import NOTES_TOKENS, user_notes
from fincoach_tui.domain.memory.summary import CAP_GROWTH, FoldPlan, SummaryStrategy
from fincoach_tui.domain.probe.matcher import RequestText, Value, judge
from fincoach_tui.domain.statement_verdicts import marked_line, replaced
from fincoach_tui.domain.user_statements import Statement
from fincoach_tui.llm.offline_summary import summarize
from tests.domain.test_facts import messages
from tests.domain.test_user_statements import notes_sent

REPLY = "Here is what I would consider in your place, step by step. " * 4


def history_of(*said: str) -> tuple[Message, ...]:
    """The user's messages with a coach reply each, then one turn for the tail."""
    return messages(*[t for text in said for t in (text, REPLY)], "tail q", "tail a")


def first_fold(said: tuple[str, ...], counter, cap: int = 300) -> tuple[FoldPlan, str]:
    plan = SummaryStrategy(tail_turns=1, batch_turns=1, cap_tokens=cap).fold_plan(
        history_of(*said), None
    )
    assert plan is not None
    bounded = plan.bounded(lambda m: counter.count(m.content))
    return bounded, summarize(bounded.request(), counter.count)


SAID = (
    "married, one kid. Surat.",
    "Take-home is 64k; my husband drives a cab and brings in maybe 30k on a good month.",
    "markets scare me since my uncle lost his savings in 2008.",
    "What is a debt fund?",
    "We want our daughter to study abroad some day.",
    "Rent was 18k but the owner made it 21k this month.",
    "thanks!",
)


def test_the_fold_keeps_in_the_users_words_what_the_recogniser_cannot_read(counter):
    plan, text = first_fold(SAID, counter)
    assert plan.cap_tokens == 300  # little to keep: the configured cap
    assert text == "\n".join(
        [
            "[simulated summary]",
            "Facts the user stated (newest values):",
            "- family spouse: husband (was married)",
            "- family children: 1 kid",
            "- city: Surat",
            "- salary: ₹64,000",
            "- spouse salary: ₹30,000",
            "- rent: ₹21,000",
            "In the user's words (newest first):",
            "- (turn 6) Rent was 18k but the owner made it 21k this month",
            "- (turn 5) We want our daughter to study abroad some day",
            "- (turn 3) markets scare me since my uncle lost his savings in 2008",
            "- (turn 2) my husband drives a cab and brings in maybe 30k on a good month",
            # the fragments are kept together, the bare city with them
            "- (turn 1) married, one kid. Surat (outdated: family spouse)",
            "Asked about: What is a debt fund.",
        ]
    )


MANY = tuple(
    f"Our {thing} costs {n},500 a month and we cannot cut it because of the {why}."
    for n, (thing, why) in enumerate(
        [
            ("school van", "distance"),
            ("cook", "our shifts"),
            ("physiotherapy", "my mother's knee"),
            ("broadband", "work from home"),
            ("gym", "doctor's advice"),
            ("tuition", "board exams"),
            ("society maintenance", "the lease"),
            ("car insurance EMI", "the loan terms"),
            ("parking", "the building rules"),
            ("water tanker", "summer shortages"),
        ],
        start=2,
    )
)


def test_the_cap_grows_with_what_there_is_to_keep_up_to_a_ceiling(counter):
    count = lambda m: counter.count(m.content)  # noqa: E731
    plan, text = first_fold(MANY, counter)
    need = FoldPlan(None, plan.turns, 300).to_keep(count)
    assert 300 < need < CAP_GROWTH * 300
    assert plan.cap_tokens == need  # grown to what there is to keep
    assert counter.count(text) <= plan.cap_tokens
    assert "Dropped" not in text  # every statement fits
    # With a small configured cap the ceiling binds: CAP_GROWTH times it, and it says so.
    small, text = first_fold(MANY, counter, cap=60)
    assert small.cap_tokens == CAP_GROWTH * 60
    assert counter.count(text) <= CAP_GROWTH * 60 and "Dropped to fit the cap" in text
    # Hybrid's summary budget is part of a flat request: it does not grow.
    hybrid = HybridStrategy(tail_turns=1, batch_turns=1, summary_tokens=300)
    fixed = hybrid.fold_plan(history_of(*MANY), None)
    assert fixed is not None and fixed.bounded(count).cap_tokens == 300


def test_a_fold_never_grows_past_what_it_replaces(counter):
    # Replies of one word: the turns cost less than what the statements would need.
    history = messages(*[t for text in MANY for t in (text, "ok")], "tail q", "tail a")
    plan = SummaryStrategy(tail_turns=1, batch_turns=1).fold_plan(history, None)
    assert plan is not None
    count = lambda m: counter.count(m.content)  # noqa: E731
    replaced_tokens = sum(count(m) for turn in plan.turns for m in turn)
    assert plan.to_keep(count) > replaced_tokens
    assert plan.bounded(count).cap_tokens == replaced_tokens


@settings(max_examples=60, deadline=None)
@given(
    st.lists(st.sampled_from(SAID + MANY), min_size=1, max_size=14),
    st.integers(1, 400),
    st.integers(1, 60),
)
def test_the_grown_cap_is_within_its_bounds(said, cap, reply_words):
    history = messages(*[t for text in said for t in (text, "ok " * reply_words)], "q", "a")
    plan = SummaryStrategy(tail_turns=1, batch_turns=1, cap_tokens=cap).fold_plan(history, None)
    if plan is None:
        return
    count = lambda m: len(m.content.split())  # noqa: E731
    replaced_tokens = sum(count(m) for turn in plan.turns for m in turn)
    bounded = plan.bounded(count)
    assert bounded.cap_tokens <= min(CAP_GROWTH * cap, replaced_tokens)
    assert bounded.cap_tokens >= min(cap, replaced_tokens)


def test_when_the_cap_binds_the_newest_value_of_what_changed_is_kept_and_it_says_what_went(
    counter,
):
    plan, text = first_fold(SAID, counter, cap=50)
    assert plan.cap_tokens == 150  # the ceiling: three times the configured cap
    assert counter.count(text) <= 150
    lines = text.splitlines()
    assert "- rent: ₹21,000" in lines  # changed: its newest value is kept
    assert lines[lines.index("In the user's words (newest first):") + 1 :] == [
        "- (turn 6) Rent was 18k but the owner made it 21k this month",
        "- (turn 5) We want our daughter to study abroad some day",
        "- (turn 3) markets scare me since my uncle lost his savings in 2008",
        # the question topic went first, then the "was" note, then the oldest statements
        # (turns 1 and 2, whose figures the facts hold); the daughter (family) and the
        # stance (risk) have no figure by nature and rank with the figures
        "Dropped to fit the cap: 1 older question topic; 2 older statements; "
        "the old family spouse.",
    ]


def test_a_correction_that_names_the_old_value_is_not_an_old_value():
    correction = "the FD is at 6.9%, not 7.25% as I said"
    # The recogniser may take either figure as the rate: neither makes it outdated.
    assert replaced(correction, {"fd_rate": "7.25%"}) == ((), False)
    assert replaced(correction, {"fd_rate": "6.9%"}) == ((), False)
    # A later value than both: wholly outdated.
    assert replaced(correction, {"fd_rate": "7.5%"}) == (("fd_rate",), True)
    # A statement that still says something current is marked only for what was replaced.
    line = marked_line(Statement(4, "rent is 22k and my SIP is 6k"), {"rent": "₹24,000"})
    assert line == "- (turn 4) rent is 22k and my SIP is 6k (outdated: rent)"


def test_a_summary_after_a_correction_sends_the_current_value_not_only_the_old(counter):
    said = (
        "I have a fixed deposit of 3 lakh at 7.25% till March 2027.",
        "What is a sweep-in account?",
        "Sorry, the FD is at 6.9%, not 7.25% as I said.",
        "ok",
    )
    _, text = first_fold(said, counter)
    verdict = judge(RequestText(text), "fd.rate", Value("rate", 6.9), (Value("rate", 7.25),))
    assert verdict.present and not verdict.stale
    assert "- (turn 3) Sorry, the FD is at 6.9%, not 7.25% as I said" in text.splitlines()


def test_the_facts_notes_stay_flat_in_a_long_conversation():
    said = [
        f"My {n}th expense is the {thing}, about {n},200 a month."
        for n, thing in enumerate(["maid", "cook", "gym", "van", "plants", "dog", "tuition"] * 20)
    ]
    strategy = FactsStrategy(tail_turns=2)
    sizes = []
    for end in range(20, len(said) + 1, 20):
        history = messages(*[t for s in said[:end] for t in (s, "ok")], "q1", "a1", "q2", "a2")
        sizes.append(len(notes_sent(history, "How much do I spend on help?", strategy).split()))
    bound = 4 * NOTES_TOKENS  # notes_budget's ceiling, in words here
    assert all(size <= bound for size in sizes)
    # Once the budget is full, the notes cost the same however long the conversation runs.
    assert sizes[-1] >= bound - 20 and max(sizes[2:]) - min(sizes[2:]) <= 20


def test_outdated_notes_are_kept_last_but_not_against_an_edit():
    history = messages("Rent is 22k.", "ok", "Rent went up to 24k.", "ok")
    facts = {"rent": "₹24,000"}
    said = user_notes(history, lambda m: True, facts)
    # the old one is kept, to be marked; "Rent went up to 24k", which the fact holds, too:
    # a fact is a reading that a later misreading could replace
    assert [s.text for s in said] == ["Rent is 22k", "Rent went up to 24k"]
    edited = user_notes(history, lambda m: True, facts, frozenset({"rent"}))
    assert [s.text for s in edited] == ["Rent went up to 24k"]


def test_a_fact_line_says_each_thing_once_and_reads_back_the_same(counter) -> None:
    """ "- goal: trip (Kedarnath)", not "- goal trip: trip (Kedarnath)"; a value's
    parenthesis that repeats its words and label goes; and the next fold, reading the line
    back, keeps the value as it was (no "(was ...)" for a value that did not change)."""
    from fincoach_tui.llm.summary_fact_line import fact_line
    from tests.domain.test_offline_precedence import fold_request

    assert fact_line("goal_trip", "trip (Kedarnath)") == "- goal: trip (Kedarnath)"
    assert fact_line("goal_char_dham", "char dham (Char Dham)") == "- goal: char dham"
    assert fact_line("loan_car_emi", "closed (car loan closed)") == "- car loan EMI: closed"
    assert fact_line("family_children", "1 son (Karthik)") == "- family children: 1 son (Karthik)"
    assert fact_line("rent", "₹25,000") == "- rent: ₹25,000"
    # the user's own words quoted after the value are no echo: the parenthesis before goes
    for key, value, line in (
        (
            "sip",
            'stopped (SIP stopped) ("paused it till March")',
            '- SIP: stopped ("paused it till March")',
        ),
        (
            "loan_bike_emi",
            'closed (bike loan closed) ("cleared the bike loan early")',
            '- bike loan EMI: closed ("cleared the bike loan early")',
        ),
        ("city", 'Mumbai ("Bombay")', '- city: Mumbai ("Bombay")'),
    ):
        assert fact_line(key, value) == line
        assert [k for k, _ in recognise(line)] == [key]
    # read back by the next fold, the shorter line is the value the ending's words read:
    # the statement that said it is not marked outdated by its own fact
    for ending in ("Cleared the bike loan early last week", "bike loan closed"):
        ended = [("My bike loan EMI is 3,100.", "ok"), (f"{ending}.", "ok")]
        once = summarize(fold_request("", ended), counter.count)
        assert "closed (bike loan closed)" not in once
        twice = summarize(fold_request(once, [("ok", "ok")]), counter.count)
        assert twice.splitlines()[2] == once.splitlines()[2]
        assert twice.splitlines()[2].startswith("- bike loan EMI: closed")
        assert f"- (turn 2) {ending}" in twice.splitlines()
    turns = [("We are saving for a Kedarnath trip, around 90k.", "ok")]
    first = summarize(fold_request("", turns), counter.count)
    assert "- goal: trip (Kedarnath)" in first.splitlines()
    assert "goal trip: trip" not in first
    again = [("The Kedarnath trip needs around 90k.", "ok")]
    second = summarize(fold_request(first, again), counter.count)
    assert "- goal: trip (Kedarnath)" in second.splitlines()
    assert "(was" not in second
