"""Memory strategies: exact behaviour of each, and the invariants every one of them keeps."""

from __future__ import annotations

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from fincoach_tui.domain.conversation import Message, Transcript
from fincoach_tui.domain.fact_store import Fact, FactStore
from fincoach_tui.domain.memory import (
    STRATEGIES,
    MemoryView,
    StrategyError,
    Summary,
    make_strategy,
)
from fincoach_tui.domain.memory.budget import BudgetStrategy
from fincoach_tui.domain.memory.buffer import BufferStrategy
from fincoach_tui.domain.memory.summary import SummaryStrategy, cap_text
from fincoach_tui.domain.memory.window import WindowStrategy
from fincoach_tui.domain.session_events import FactDeletedEvent, apply_fact_event, facts_event

SYSTEM = "You are a test coach."


def conversation(turns: int) -> tuple[tuple[Message, ...], Message]:
    """`turns` completed turns (q1/a1, q2/a2, ...) and the next question.

    Ids run m1, m2, ...: turn t's question is m(2t-1) and its reply m(2t).
    """
    transcript = Transcript()
    for turn in range(1, turns + 1):
        transcript.add("user", f"q{turn}", ts=0.0)
        transcript.add("assistant", f"a{turn}", ts=0.0)
    new = transcript.add("user", f"q{turns + 1}", ts=0.0)
    return transcript.messages[:-1], new


def ids(*numbers: int) -> list[str]:
    return [f"m{n}" for n in numbers]


def view(history, new, count=lambda m: 1, summary=None) -> MemoryView:
    return MemoryView(SYSTEM, tuple(history), new, count, summary)


def verbatim_ids(context) -> list[str]:
    return [i for m in context.messages[1:-1] for i in m.source_ids]


def contents(context) -> list[str]:
    return [m.content for m in context.messages]


# ---- buffer -------------------------------------------------------------------------


def test_transcript_messages_are_one_tuple_until_the_transcript_changes():
    transcript = Transcript()
    transcript.add("user", "hi", 1.0)
    first = transcript.messages
    assert transcript.messages is first  # read again: the same tuple, not a copy
    transcript.add("assistant", "hello", 2.0)
    grown = transcript.messages
    assert grown is not first and [m.content for m in grown] == ["hi", "hello"] and len(first) == 1
    transcript.add("user", "again", 3.0)
    transcript.withdraw_pending()
    assert transcript.messages == grown and transcript.messages is not grown


def test_buffer_sends_everything():
    history, new = conversation(3)
    context = BufferStrategy().build(view(history, new))
    assert contents(context) == [SYSTEM, "q1", "a1", "q2", "a2", "q3", "a3", "q4"]
    assert [m.role for m in context.messages] == ["system"] + ["user", "assistant"] * 3 + ["user"]
    assert verbatim_ids(context) == ids(1, 2, 3, 4, 5, 6)
    assert context.omitted_ids == ()
    assert context.strategy == "buffer"


def test_first_turn_sends_system_and_question_only():
    history, new = conversation(0)
    for name in STRATEGIES:
        context = make_strategy(name).build(view(history, new))
        assert contents(context) == [SYSTEM, "q1"], name
        assert context.omitted_ids == ()


# ---- window -------------------------------------------------------------------------


def test_window_keeps_last_six_earlier_messages():
    history, new = conversation(5)
    context = WindowStrategy(k=6).build(view(history, new))
    assert contents(context) == [SYSTEM, "q3", "a3", "q4", "a4", "q5", "a5", "q6"]
    assert verbatim_ids(context) == ids(5, 6, 7, 8, 9, 10)
    assert context.omitted_ids == tuple(ids(1, 2, 3, 4))
    assert context.note == "last 6 messages"


def test_window_with_odd_k_takes_the_question_of_its_first_reply():
    history, new = conversation(5)
    # The last 5 messages start with a3: its question q3 comes too, whole exchanges only.
    context = WindowStrategy(k=5).build(view(history, new))
    assert contents(context) == [SYSTEM, "q3", "a3", "q4", "a4", "q5", "a5", "q6"]
    assert context.omitted_ids == tuple(ids(1, 2, 3, 4))
    assert context.note == "last 6 messages"


def test_window_of_one_sends_the_last_question_and_its_answer():
    history, new = conversation(2)
    context = WindowStrategy(k=1).build(view(history, new))
    assert contents(context) == [SYSTEM, "q2", "a2", "q3"]
    assert context.omitted_ids == tuple(ids(1, 2))
    assert context.note == "last 2 messages"


def test_window_leaves_out_a_reply_with_no_question_before_it():
    """A history that opens on a reply (none is written so, but a strategy takes what it is
    given): the reply is not sent alone, and the note says so."""
    history, new = conversation(2)
    context = WindowStrategy(k=3).build(view(history[1:], new))
    assert contents(context) == [SYSTEM, "q2", "a2", "q3"]
    assert context.note == "last 2 messages (a reply without its question left out)"


def test_window_larger_than_history_sends_it_all():
    history, new = conversation(2)
    context = WindowStrategy(k=6).build(view(history, new))
    assert contents(context) == [SYSTEM, "q1", "a1", "q2", "a2", "q3"]
    assert context.omitted_ids == ()


# ---- budget -------------------------------------------------------------------------

# Content tokens of each message, by id: turn sizes are 30, 10, 100, 30, 40.
SIZES = {
    "m1": 10,
    "m2": 20,
    "m3": 5,
    "m4": 5,
    "m5": 50,
    "m6": 50,
    "m7": 15,
    "m8": 15,
    "m9": 20,
    "m10": 20,
    "m11": 999,
}


def sized(message: Message) -> int:
    return SIZES[message.id]


@pytest.mark.parametrize(
    ("budget", "kept_turns", "used"),
    [
        (39, [], 0),  # the newest turn (40) alone does not fit
        (40, [5], 40),
        (69, [5], 40),
        (70, [4, 5], 70),  # exactly on budget
        # Turn 2 (10) would fit next to turn 5, but turn 4 breaks the run: newest whole
        # turns only, never a gap.
        (60, [5], 40),
        (169, [4, 5], 70),
        (170, [3, 4, 5], 170),
        (209, [2, 3, 4, 5], 180),
        (210, [1, 2, 3, 4, 5], 210),
    ],
)
def test_budget_keeps_newest_whole_turns_that_fit(budget, kept_turns, used):
    history, new = conversation(5)
    context = BudgetStrategy(budget_tokens=budget).build(view(history, new, sized))
    expected = [i for t in kept_turns for i in ids(2 * t - 1, 2 * t)]
    assert verbatim_ids(context) == expected
    assert sorted(context.omitted_ids) == sorted(m.id for m in history if m.id not in expected)
    assert context.note == f"{used} of {budget} history tokens"
    # The new message (999 tokens) is sent whatever the budget: it is not history.
    assert context.messages[-1].content == "q6"


# ---- summary ------------------------------------------------------------------------


def test_summary_without_a_summary_sends_all_turns():
    history, new = conversation(6)
    context = SummaryStrategy(tail_turns=2, batch_turns=2).build(view(history, new))
    assert contents(context) == [SYSTEM] + [f"{r}{t}" for t in range(1, 7) for r in "qa"] + ["q7"]
    assert context.omitted_ids == ()
    assert len(context.messages[0].sections) == 1
    assert context.note == "no summary yet"


def test_fold_plan_waits_for_a_whole_batch_to_leave_the_tail():
    strategy = SummaryStrategy(tail_turns=2, batch_turns=3)
    plans = {}
    for turns in range(0, 11):
        history, _ = conversation(turns)
        plan = strategy.fold_plan(history, None)
        plans[turns] = None if plan is None else (plan.first_turn, plan.last_turn)
    # With n completed turns the tail holds the last 2; turns 1..n-2 have left it.
    # A batch of 3 has left the tail from n = 5 on.
    assert plans == {
        0: None,
        1: None,
        2: None,
        3: None,
        4: None,
        5: (1, 3),
        6: (1, 4),
        7: (1, 5),
        8: (1, 6),
        9: (1, 7),
        10: (1, 8),
    }


def test_fold_plan_after_a_fold_counts_only_uncovered_turns():
    strategy = SummaryStrategy(tail_turns=2, batch_turns=3, cap_tokens=50)
    history, _ = conversation(5)
    first = strategy.fold_plan(history, None)
    assert first.message_ids == tuple(ids(1, 2, 3, 4, 5, 6))
    summary = first.result("salary 1,20,000", lambda text: len(text.split()))
    assert summary == Summary("salary 1,20,000", 3, tuple(ids(1, 2, 3, 4, 5, 6)), 2)

    for turns in (5, 6, 7):
        history, _ = conversation(turns)
        assert strategy.fold_plan(history, summary) is None, turns
    history, _ = conversation(8)
    second = strategy.fold_plan(history, summary)
    assert (second.first_turn, second.last_turn) == (4, 6)
    assert second.message_ids == tuple(ids(7, 8, 9, 10, 11, 12))
    merged = second.result("more", lambda text: 1)
    assert merged.covers_ids == tuple(ids(*range(1, 13)))
    assert merged.last_turn == 6


def test_fold_request_carries_previous_summary_and_new_turns():
    history, _ = conversation(8)
    previous = Summary("old summary", 3, tuple(ids(*range(1, 7))), 2)
    plan = SummaryStrategy(tail_turns=2, batch_turns=3, cap_tokens=120).fold_plan(history, previous)
    system, user = plan.request()
    assert system["role"] == "system"
    assert "Use at most 120 tokens." in system["content"]
    assert user == {
        "role": "user",
        "content": "Previous summary:\nold summary\n\nNew turns (4-6):\n"
        "User: q4\nFinCoach: a4\nUser: q5\nFinCoach: a5\nUser: q6\nFinCoach: a6",
    }


def test_summary_goes_into_the_one_system_message():
    history, new = conversation(5)
    summary = Summary("Chiru earns ₹1,20,000.", 3, tuple(ids(1, 2, 3, 4, 5, 6)), 9)
    context = SummaryStrategy(tail_turns=2, batch_turns=2).build(
        view(history, new, summary=summary)
    )

    assert [m.role for m in context.messages] == [
        "system",
        "user",
        "assistant",
        "user",
        "assistant",
        "user",
    ]
    assert context.messages[0].content == (
        SYSTEM + "\n\n## Conversation summary (turns 1-3)\nChiru earns ₹1,20,000."
    )
    assert [s.label for s in context.messages[0].sections] == [
        "System prompt",
        "Conversation summary (turns 1-3)",
    ]
    assert context.messages[0].source_ids == tuple(ids(1, 2, 3, 4, 5, 6))
    # Turns the summary covers are not sent again verbatim.
    assert contents(context)[1:] == ["q4", "a4", "q5", "a5", "q6"]
    assert context.omitted_ids == tuple(ids(1, 2, 3, 4, 5, 6))
    assert context.note == "summary covers turns 1-3"


def words(text: str) -> int:
    return len(text.split())


def test_cap_text_leaves_short_text_alone():
    assert cap_text("one two three", 3, words) == "one two three"


def test_cap_text_cuts_at_a_word_boundary_within_the_cap():
    text = "one two three four five six"
    # "…" counts as a word here, so 3 words plus the ellipsis fit a cap of 4.
    assert cap_text(text, 4, words) == "one two three …"
    assert cap_text(text, 1, words) == " …"


@settings(max_examples=60, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(text=st.text(min_size=0, max_size=400), cap=st.integers(min_value=1, max_value=80))
def test_cap_text_respects_the_cap_with_real_tokens(counter, text, cap):
    capped = cap_text(text, cap, counter.count)
    assert counter.count(capped) <= cap
    if counter.count(text) <= cap:
        assert capped == text
    else:
        kept = capped.removesuffix(" …")
        assert text.startswith(kept)
        # The longest prefix that fits: one more word would break the cap.
        words = text.split(" ")
        n = max(i for i in range(len(words) + 1) if " ".join(words[:i]) == kept)
        assert n < len(words)
        assert counter.count(" ".join(words[: n + 1]) + " …") > cap


# ---- make_strategy ------------------------------------------------------------------


def test_make_strategy_builds_with_params():
    assert make_strategy("window", {"k": 4}) == WindowStrategy(k=4)
    assert make_strategy("summary", {"tail_turns": 2, "batch_turns": 2}).params() == {
        "tail_turns": 2,
        "batch_turns": 2,
        "cap_tokens": 300,
    }
    assert make_strategy("buffer").params() == {}


@pytest.mark.parametrize(
    ("name", "params", "message"),
    [
        (
            "nope",
            None,
            "unknown strategy 'nope'; choose one of: buffer, window, budget, summary, "
            "hybrid, facts",
        ),
        ("window", {"k": 0}, "window: k must be a positive whole number, got 0"),
        ("window", {"k": "six"}, "window: k must be a positive whole number, got 'six'"),
        ("window", {"k": True}, "window: k must be a positive whole number, got True"),
        (
            "budget",
            {"budget_tokens": 1.5},
            "budget: budget_tokens must be a positive whole number, got 1.5",
        ),
        (
            "summary",
            {"batch_turns": -2},
            "summary: batch_turns must be a positive whole number, got -2",
        ),
    ],
)
def test_make_strategy_rejects_bad_input(name, params, message):
    with pytest.raises(StrategyError) as caught:
        make_strategy(name, params)
    assert str(caught.value) == message


@pytest.mark.parametrize(
    ("name", "valid"),
    [("window", "k"), ("buffer", "none"), ("summary", "tail_turns, batch_turns, cap_tokens")],
)
def test_make_strategy_names_the_valid_parameters(name, valid):
    with pytest.raises(StrategyError) as caught:
        make_strategy(name, {"size": 3})
    message = str(caught.value)
    assert message.startswith(f"{name}: unknown parameter (")
    assert "'size'" in message
    assert message.endswith(f"; parameters: {valid}")


# ---- invariants, over random conversations ------------------------------------------


def word_count(message: Message) -> int:
    return len(message.content.split()) + 1


PARAMS = {
    "buffer": st.just({}),
    "window": st.fixed_dictionaries({"k": st.integers(1, 90)}),
    "budget": st.fixed_dictionaries({"budget_tokens": st.integers(1, 400)}),
    "summary": st.fixed_dictionaries(
        {
            "tail_turns": st.integers(1, 8),
            "batch_turns": st.integers(1, 8),
            "cap_tokens": st.integers(1, 60),
        }
    ),
    "hybrid": st.fixed_dictionaries(
        {
            "tail_turns": st.integers(1, 8),
            "batch_turns": st.integers(1, 8),
            "recall_k": st.integers(1, 6),
            "summary_tokens": st.integers(1, 60),
            "recall_tokens": st.integers(1, 200),
            "tail_tokens": st.integers(1, 300),
            "facts_tokens": st.integers(1, 80),
            "recall_window": st.integers(1, 50),
        }
    ),
    "facts": st.fixed_dictionaries(
        {
            "tail_turns": st.integers(1, 8),
            "extract_every": st.integers(1, 4),
            "facts_tokens": st.integers(1, 80),
        }
    ),
}


def text_words(text: str) -> int:
    return len(text.split())


@st.composite
def fact_stores(draw, history):
    """A store with facts read from random user messages of `history`, some deleted."""
    users = [m for m in history if m.role == "user"]
    store = FactStore()
    if not users:
        return store
    number = 0
    for _ in range(draw(st.integers(0, 6))):
        source = draw(st.sampled_from(users))
        number += 1
        fact = Fact(
            f"f{number}",
            draw(st.sampled_from(["salary", "expenses", "risk", "goal"])),
            draw(st.text(min_size=1, max_size=20).filter(str.strip)),
            (source.id,),
            source.ts,
            source.turn,
        )
        apply_fact_event(store, facts_event(source.turn, [source.id], [fact]))
    for fact in store.facts:
        if draw(st.booleans()) and draw(st.booleans()):
            apply_fact_event(store, FactDeletedEvent(fact.id, 1e9))
    return store


@st.composite
def scenarios(draw):
    texts = draw(st.lists(st.text(max_size=60), min_size=1, max_size=79))
    if len(texts) % 2 == 0:  # completed turns plus the new question: an odd count
        texts = texts[:-1]
    transcript = Transcript()
    for index, text in enumerate(texts):
        transcript.add("user" if index % 2 == 0 else "assistant", text, ts=float(index))
    name = draw(st.sampled_from(sorted(STRATEGIES)))
    strategy = make_strategy(name, draw(PARAMS[name]))
    history, new = transcript.messages[:-1], transcript.messages[-1]

    summary = None
    if hasattr(strategy, "fold_plan"):  # summary, hybrid
        # Fold the way the coach does: before each turn, on the turns completed so far.
        for end in range(0, len(history) + 1, 2):
            plan = strategy.fold_plan(history[:end], summary)
            if plan:
                summary = plan.result(f"summary up to {plan.last_turn}", lambda t: len(t.split()))
    store = draw(fact_stores(history)) if name in ("hybrid", "facts") else None
    return strategy, MemoryView(
        SYSTEM, history, new, word_count, summary, facts=store, count_text=text_words
    )


@settings(max_examples=300)
@given(scenarios())
def test_every_strategy_keeps_the_invariants(scenario):
    strategy, memory = scenario
    context = strategy.build(memory)
    roles = [m.role for m in context.messages]

    # System first and exactly once.
    assert roles[0] == "system" and roles.count("system") == 1
    assert context.messages[0].content.startswith(SYSTEM)
    # The new message last, verbatim.
    last = context.messages[-1]
    assert (last.role, last.content, last.provenance, last.source_ids) == (
        "user",
        memory.new.content,
        "new",
        (memory.new.id,),
    )
    # Alternation after the system message, starting with the user.
    body = roles[1:]
    assert body == ["user", "assistant"] * (len(body) // 2) + ["user"]

    # Every history message is either sent verbatim or reported omitted, never both.
    by_id = {m.id: m for m in memory.history}
    sent = verbatim_ids(context)
    assert not set(sent) & set(context.omitted_ids)
    assert sorted(sent + list(context.omitted_ids)) == sorted(by_id)
    # Verbatim means verbatim, in transcript order.
    assert sent == [m.id for m in memory.history if m.id in set(sent)]
    for message in context.messages[1:-1]:
        (source,) = message.source_ids
        assert (message.role, message.content) == (by_id[source].role, by_id[source].content)

    if memory.summary is not None and len(context.messages[0].sections) > 1:
        assert set(memory.summary.covers_ids) <= set(context.omitted_ids)
    if isinstance(strategy, SummaryStrategy):
        covered = memory.summary.covers_ids if memory.summary else ()
        assert sorted(context.omitted_ids) == sorted(covered)
    if isinstance(strategy, WindowStrategy):
        assert len(sent) <= strategy.k + strategy.k % 2  # whole exchanges: an odd k rounds up
    if isinstance(strategy, BudgetStrategy):
        assert sum(memory.count(by_id[i]) for i in sent) <= strategy.budget_tokens

    # Switching back to buffer loses nothing: the whole transcript goes out again.
    whole = BufferStrategy().build(memory)
    assert [m.content for m in whole.messages[1:]] == [m.content for m in memory.history] + [
        memory.new.content
    ]
    assert whole.omitted_ids == ()


def test_pairing_from_the_newest_turn_equals_pairing_the_whole_history():
    from fincoach_tui.domain.memory.base import last_turns, turns_newest_first, turns_of

    for length in range(0, 12):
        history = tuple(
            Message(f"m{i}", "user" if i % 2 else "assistant", "", 0.0, i)
            for i in range(1, length + 1)
        )
        assert list(turns_newest_first(history)) == list(reversed(turns_of(history)))
        for n in range(1, 8):
            assert last_turns(history, n) == turns_of(history)[-n:]
