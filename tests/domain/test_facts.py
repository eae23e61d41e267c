"""The fact store and the `facts` strategy: extraction, supersession, edits, deletion,
relative dates, and output that must be refused without touching the store."""

from __future__ import annotations

import json
from datetime import UTC, datetime

import pytest

from fincoach_tui.domain.conversation import Message, Transcript
from fincoach_tui.domain.fact_extraction import (
    EXTRACTOR_MARKER,
    ExtractPlan,
    is_remember,
    plan_extraction,
)
from fincoach_tui.domain.fact_relevance import facts_budget
from fincoach_tui.domain.fact_store import (
    Fact,
    FactStore,
    conflicts_in,
    redact,
    same_value,
)
from fincoach_tui.domain.memory import MemoryView, make_strategy
from fincoach_tui.domain.memory.facts import FACTS_LABEL, FactsStrategy
from fincoach_tui.domain.relative_dates import resolve_relative
from fincoach_tui.domain.session_events import (
    FactDeletedEvent,
    FactEditEvent,
    apply_fact_event,
    facts_event,
)
from fincoach_tui.service.maintenance import ExtractFinished, ExtractStarted
from tests.memory_helpers import PLANTED, MemoryHarness, filler

MAY_14 = datetime(2026, 5, 14, 10, 0, tzinfo=UTC).timestamp()


def fact(fid: str, key: str, value: str, at: float, source: str = "m1", turn: int = 1) -> Fact:
    return Fact(fid, key, value, (source,), at, turn)


def store_with(*facts: Fact) -> FactStore:
    store = FactStore()
    for f in facts:
        apply_fact_event(store, facts_event(f.turn, list(f.source_ids), [f]))
    return store


def snapshot(store: FactStore):
    return (store.facts, frozenset(store.covered_ids), store.next_number())


# ---- supersession ----------------------------------------------------------------------


def test_a_new_value_supersedes_the_old_which_is_kept_with_its_time():
    store = store_with(
        fact("f1", "salary", "₹1,20,000", 100.0), fact("f2", "salary", "₹1,50,000", 200.0, "m9", 5)
    )
    old, new = store.get("f1"), store.get("f2")
    assert (old.superseded_by, old.superseded_at, old.current) == ("f2", 200.0, False)
    assert new.current
    assert store.current() == (new,)
    assert store.current_for("salary") == new


def test_an_older_statement_arriving_late_does_not_replace_a_newer_one():
    store = store_with(
        fact("f1", "salary", "₹1,50,000", 200.0, "m9", 5), fact("f2", "salary", "₹1,20,000", 100.0)
    )
    assert store.current_for("salary").id == "f1"
    assert store.get("f2").superseded_by == "f1"


def test_saying_the_same_value_again_adds_nothing():
    store = store_with(
        fact("f1", "salary", "₹1,20,000", 100.0),
        fact("f2", "salary", "Rs 1,20,000", 200.0, "m3", 2),
    )
    assert [f.id for f in store.facts] == ["f1"]
    assert same_value("fd_maturity", "3 months", "in Apr 2026", 1_767_604_800.0, 0.0)


def test_only_current_facts_are_sent_in_one_labelled_section():
    transcript = Transcript()
    for turn in range(1, 6):
        transcript.add("user", f"q{turn}", ts=float(turn))
        transcript.add("assistant", f"a{turn}", ts=float(turn))
    new = transcript.add("user", "q6", ts=6.0)
    store = store_with(
        fact("f1", "salary", "₹1,20,000", 1.0),
        fact("f2", "risk", "risk-averse", 2.0, "m3", 2),
        fact("f3", "salary", "₹1,50,000", 4.0, "m7", 4),
    )
    view = MemoryView(
        "SYS",
        transcript.messages[:-1],
        new,
        lambda m: 1,
        facts=store,
        count_text=lambda t: len(t.split()),
    )
    context = FactsStrategy(tail_turns=2).build(view)
    system = context.messages[0]
    assert [m.role for m in context.messages].count("system") == 1
    assert [s.label for s in system.sections] == ["System prompt", FACTS_LABEL]
    section = system.sections[1].text
    assert "₹1,50,000" in section and "₹1,20,000" not in section and "risk-averse" in section
    assert section.splitlines()[0].startswith("- risk: risk-averse (turn 2, ")
    assert [m.content for m in context.messages[1:]] == ["q4", "a4", "q5", "a5", "q6"]
    assert context.note == "2 facts · 1 superseded or deleted"


def test_the_facts_section_never_exceeds_its_budget_and_keeps_the_newest():
    # The budget grows with the facts stored (40 -> 160 words for 8), but no further.
    facts = [
        fact(f"f{n}", f"key_{n}", "value " * 25, float(n), f"m{2 * n - 1}", n) for n in range(1, 9)
    ]
    store = store_with(*facts)
    transcript = Transcript()
    new = transcript.add("user", "q", ts=0.0)
    view = MemoryView("SYS", (), new, lambda m: 1, facts=store, count_text=lambda t: len(t.split()))
    context = FactsStrategy(facts_tokens=40).build(view)
    section = context.messages[0].sections[1].text
    assert facts_budget(40, 8) == 160
    assert len(section.split()) <= 160
    assert "key 8" in section and "key 1:" not in section  # the oldest fell out, not the newest
    assert context.note == "4 of 8 facts (4 over budget)"


def test_the_facts_budget_grows_with_the_facts_stored_up_to_four_times_its_base():
    assert [facts_budget(250, n) for n in (0, 5, 10, 11, 20, 41, 42, 100)] == [
        250,
        250,
        250,
        264,
        480,
        984,
        1000,
        1000,
    ]


def test_the_facts_the_question_asks_about_are_kept_when_not_all_fit():
    """The oldest facts would fall out first; the ones the question names stay, whatever
    words it names them in ("the flat" for rent, "deposit" for the FD)."""
    filler = [
        fact(f"f{n}", f"cost_item_{n}", "₹1,000 " + "x " * 20, float(n), f"m{2 * n - 1}", n)
        for n in range(3, 12)
    ]
    store = store_with(
        fact("f1", "rent", "₹28,000", 1.0, "m1", 1),
        fact("f2", "fd_maturity", "Mar 2027", 2.0, "m3", 2),
        *filler,
    )
    words = lambda t: len(t.split())  # noqa: E731
    for question, kept in (
        ("How much do I pay for the flat now?", "- rent: ₹28,000"),
        ("When does my deposit mature?", "- FD maturity: Mar 2027"),
    ):
        transcript = Transcript()
        new = transcript.add("user", question, ts=99.0)
        view = MemoryView("SYS", (), new, lambda m: 1, facts=store, count_text=words)
        section = FactsStrategy(facts_tokens=60).build(view).messages[0].sections[1].text
        assert kept in section and "- cost item 3:" not in section  # older than it, kept
        assert "over budget)" in FactsStrategy(facts_tokens=60).build(view).note
        assert words(section) <= facts_budget(60, 11)


# ---- edits and deletion ----------------------------------------------------------------


def test_an_edit_supersedes_the_fact_and_keeps_its_sources():
    store = store_with(fact("f1", "salary", "₹1,20,000", 100.0))
    apply_fact_event(store, FactEditEvent("f1", "f2", "₹1,25,000", 300.0))
    edited = store.get("f2")
    assert (edited.value, edited.origin, edited.source_ids, edited.observed_at) == (
        "₹1,25,000",
        "edited",
        ("m1",),
        300.0,
    )
    assert store.get("f1").superseded_by == "f2"
    with pytest.raises(ValueError, match="not current"):
        apply_fact_event(store, FactEditEvent("f1", "f3", "x", 400.0))


def test_a_deleted_fact_is_not_sent_its_messages_not_recalled_its_value_redacted():
    store = store_with(
        fact("f1", "salary", "₹1,20,000", 100.0, "m1"),
        fact("f2", "risk", "risk-averse", 110.0, "m3", 2),
    )
    apply_fact_event(store, FactDeletedEvent("f1", 500.0))
    assert [f.id for f in store.current()] == ["f2"]
    assert store.deleted_source_ids() == {"m1"}
    assert redact("salary ₹1,20,000; risk-averse", store) == "salary [deleted]; risk-averse"


def test_conflicts_are_found_in_what_the_user_said():
    facts = [fact("f9", "salary", "₹1,50,000", 900.0)]
    (conflict,) = conflicts_in("My salary is ₹1,20,000.", 100.0, 1, facts)
    assert (conflict.key, conflict.recalled_value, conflict.fact_value, conflict.fact_id) == (
        "salary",
        "₹1,20,000",
        "₹1,50,000",
        "f9",
    )
    assert conflicts_in("My salary is ₹1,50,000 now.", 100.0, 1, facts) == []


# ---- extraction: plans, parsing, refusals ----------------------------------------------


def messages(*texts: str, start: float = MAY_14) -> tuple[Message, ...]:
    transcript = Transcript()
    for index, text in enumerate(texts):
        transcript.add("user" if index % 2 == 0 else "assistant", text, ts=start + index)
    return transcript.messages


def plan_for(*texts: str) -> ExtractPlan:
    return ExtractPlan(messages(*texts), (), "batch")


def answer(*facts: dict) -> str:
    return json.dumps({"facts": list(facts)})


def test_extraction_resolves_relative_dates_against_the_message_time():
    plan = plan_for("My bonus comes next month and my FD matures in 3 months.", "Noted.")
    result = plan.parse(
        answer(
            {"key": "bonus", "value": "next month", "source_ids": ["m1"]},
            {"key": "fd_maturity", "value": "in 3 months", "source_ids": ["m1"]},
        ),
        7,
    )
    assert result.rejected == ""
    assert [(f.id, f.key, f.value, f.observed_at, f.turn) for f in result.facts] == [
        ("f7", "bonus", "in Jun 2026", MAY_14, 1),
        ("f8", "fd_maturity", "in Aug 2026", MAY_14, 1),
    ]
    assert resolve_relative("due tomorrow", MAY_14) == "due on 15 May 2026"
    assert resolve_relative("in Aug 2026", MAY_14) == "in Aug 2026"  # already absolute


def test_a_fenced_answer_and_numbers_as_values_are_accepted():
    plan = plan_for("salary 120000", "ok")
    fenced = (
        "```json\n"
        + answer({"key": "Monthly Salary", "value": 120000, "source_ids": ["m1"]})
        + "\n```"
    )
    result = plan.parse(fenced, 1)
    assert [(f.key, f.value) for f in result.facts] == [("monthly_salary", "120000")]


@pytest.mark.parametrize(
    ("text", "reason"),
    [
        ("Sure! Your salary is ₹1,20,000.", "bad JSON"),
        ('{"facts": [{"key": "salary", "value": "₹1", "source_ids": ["m1"]}', "bad JSON"),
        ('{"fact": []}', 'not a JSON object with a "facts" list'),
        (
            answer({"key": "salary", "value": "₹1,20,000", "source_ids": ["m99"]}),
            "unknown message id 'm99'",
        ),
        (answer({"key": "salary", "value": "  ", "source_ids": ["m1"]}), "empty value"),
        (answer({"key": "salary", "value": None, "source_ids": ["m1"]}), "empty value"),
        (answer({"key": "", "value": "x", "source_ids": ["m1"]}), "has no key"),
        (answer({"key": "salary", "value": "x", "source_ids": []}), "names no source message"),
        (answer({"key": "salary", "value": "x" * 301, "source_ids": ["m1"]}), "longer than 300"),
        (json.dumps({"facts": ["salary"]}), "is not an object"),
        # One bad fact spoils the answer: the good one is not kept either.
        (
            answer(
                {"key": "risk", "value": "risk-averse", "source_ids": ["m1"]},
                {"key": "salary", "value": "", "source_ids": ["m1"]},
            ),
            "fact 2 (salary) has an empty value",
        ),
    ],
)
def test_bad_extraction_output_is_refused_with_a_reason(text, reason):
    result = plan_for("My salary is ₹1,20,000.", "Noted.").parse(text, 1)
    assert result.facts == ()
    assert reason in result.rejected


def test_a_refused_extraction_leaves_the_store_exactly_as_it_was():
    store = store_with(fact("f1", "salary", "₹1,20,000", 100.0))
    before = snapshot(store)
    apply_fact_event(
        store, facts_event(4, ["m5", "m6"], [], rejected="bad JSON: Expecting value at character 0")
    )
    assert snapshot(store) == before
    assert store.rejected_turn == 4
    assert "rejected (bad JSON" in store.notes[-1]


def test_remember_triggers_at_once_and_batches_wait_for_every_n_turns():
    history = messages("q1", "a1", "q2", "a2", "q3", "a3")
    new = Message("m7", "user", "What now?", MAY_14, 4)
    store = FactStore()
    plan = plan_extraction(history[:2], new, store, every_turns=2)
    assert plan is None  # one uncovered turn: not a batch yet
    plan = plan_extraction(history[:4], new, store, every_turns=2)
    assert (plan.reason, plan.message_ids) == ("batch", ("m1", "m2", "m3", "m4"))
    remember = Message("m7", "user", "Remember that my PAN ends in 42F", MAY_14, 4)
    plan = plan_extraction(history[:2], remember, store, every_turns=2)
    assert (plan.reason, plan.message_ids) == ("remember", ("m1", "m2", "m7"))
    # hybrid: remember only, just the statement itself
    assert plan_extraction(history, new, store, every_turns=None) is None
    assert plan_extraction(history, remember, store, every_turns=None).message_ids == ("m7",)
    assert [
        is_remember(t) for t in ("remember this", "/remember x", "Please remember: y", "I remember")
    ] == [True, True, True, False]


def test_a_long_history_is_caught_up_in_chunks():
    history = messages(*[f"x{n}" for n in range(60)])
    new = Message("m61", "user", "hi", MAY_14, 31)
    store = FactStore()
    plan = plan_extraction(history, new, store, every_turns=2)
    assert len(plan.messages) == 20 and plan.first_turn == 1
    apply_fact_event(store, facts_event(31, plan.message_ids, []))
    assert plan_extraction(history, new, store, every_turns=2).first_turn == 11


# ---- through the coach -----------------------------------------------------------------


async def test_facts_strategy_extracts_in_batches_and_accounts_every_call(counter):
    h = MemoryHarness(counter, "facts")
    started = []
    for text in [*PLANTED, *filler(3)]:
        started += [e for e in await h.turn(text) if isinstance(e, ExtractStarted)]
    # Before turn 3 (turns 1-2) and before turn 5 (3-4); turn 5 alone is not a batch yet.
    assert [(e.first_turn, e.last_turn, e.reason) for e in started] == [
        (1, 2, "batch"),
        (3, 4, "batch"),
    ]
    extracts = [r for r in h.state.records if r.kind == "extract"]
    assert [r.turn for r in extracts] == [3, 5]
    assert all(r.cost_usd and r.cost_usd > 0 and r.simulated for r in extracts)
    assert h.state.total_cost == pytest.approx(sum(r.cost_usd for r in h.state.records))
    current = {f.key: f.value for f in h.state.facts.current()}
    assert current["salary"] == "₹1,20,000" and current["fd_amount"] == "₹50,000"
    # relative date made absolute against turn 3's timestamp (2026-01-05): April 2026
    assert current["fd_maturity"] == "in Apr 2026"
    # The early facts are in the request although their turns left the 3-turn tail.
    assert "- salary: ₹1,20,000 (turn 1, 5 Jan 2026)" in h.state.chat_records[-1].sent[0].content


async def test_remember_is_extracted_before_the_reply_that_needs_it(counter):
    h = MemoryHarness(counter, "facts")
    events = await h.turn("Remember that my daughter's school fees are due next month.")
    (done,) = [e for e in events if isinstance(e, ExtractFinished)]
    assert [(f.key, f.value) for f in done.added] == [
        ("daughter_school_fees", "my daughter's school fees are due in Feb 2026")
    ]
    assert "daughter's school fees are due in Feb 2026" in h.state.chat_records[-1].sent[0].content


async def test_bad_model_output_is_a_visible_note_and_the_turn_goes_on(counter):
    h = MemoryHarness(counter, "facts")
    await h.turns(PLANTED[:2])
    before = snapshot(h.state.facts)
    h.llm.answer(
        EXTRACTOR_MARKER, '{"facts": [{"key": "salary", "value": "₹9", "source_ids": ["m42"]}]}'
    )
    events = await h.turn(PLANTED[2])  # the batch of turns 1-2 runs first, and is refused
    (done,) = [e for e in events if isinstance(e, ExtractFinished)]
    assert "cites unknown message id 'm42'" in done.rejected and done.added == ()
    assert snapshot(h.state.facts) == before
    assert h.state.transcript.completed_turns == 3  # the turn itself went on
    (record,) = [r for r in h.state.records if r.kind == "extract"]
    assert record.note.startswith("extracted turns 1-2: rejected: fact 1 (salary) cites unknown")
    assert record.cost_usd > 0  # a refused answer was still billed, and is counted

    # Not retried on the very next turn (a bad model costs one call per batch) ...
    assert not [e for e in await h.turn(filler(1)[0]) if isinstance(e, ExtractStarted)]
    # ... but on the one after, with the refused turns included again.
    (again,) = [e for e in await h.turn(filler(1, 2)[0]) if isinstance(e, ExtractStarted)]
    assert (again.first_turn, again.last_turn) == (1, 4)
    assert h.state.facts.current_for("salary").value == "₹1,20,000"


async def test_deletion_is_an_event_that_survives_a_resume(counter):
    h = MemoryHarness(counter, "facts", {"tail_turns": 2})
    await h.turns([*PLANTED, *filler(3)])
    salary = h.state.facts.current_for("salary")
    assert "₹1,20,000" in h.state.chat_records[-1].sent[0].content
    h.coach.delete_fact(salary.id)
    assert h.events[-1] == {"type": "fact_deleted", "id": salary.id, "at": h.events[-1]["at"]}
    await h.turn("What should I do next?")
    assert "₹1,20,000" not in h.state.chat_records[-1].sent[0].content

    resumed = h.resumed()
    assert resumed.state.facts.get(salary.id).deleted_at is not None
    await resumed.turn("And after that?")
    assert "₹1,20,000" not in resumed.state.chat_records[-1].sent[0].content
    assert resumed.state.facts.facts == h.state.facts.facts


async def test_an_edit_is_sent_from_the_next_request_on_and_replayed(counter):
    h = MemoryHarness(counter, "facts")
    await h.turns([*PLANTED, *filler(2)])
    salary = h.state.facts.current_for("salary")
    h.coach.edit_fact(salary.id, "₹1,35,000")
    await h.turn("What can I save?")
    system = h.state.chat_records[-1].sent[0].content
    assert "- salary: ₹1,35,000 (edited, " in system and "₹1,20,000" not in system
    assert h.resumed().state.facts.current_for("salary").value == "₹1,35,000"
    with pytest.raises(ValueError):
        h.coach.edit_fact(salary.id, "₹1")  # superseded now


def test_make_strategy_knows_facts():
    assert make_strategy("facts").params() == {
        "tail_turns": 3,
        "extract_every": 2,
        "facts_tokens": 250,
    }


def test_the_offline_extractor_is_deterministic_simulated_and_reads_only_the_user():
    from fincoach_tui.llm.offline_memory import extract

    plan = plan_for(
        "I have an FD of ₹50,000 that matures in 3 months.",
        "Noted: your salary is ₹9,99,999.",
        "remember my PAN ends in 42F",
        "ok",
    )
    first, second = extract(plan.request()), extract(plan.request())
    assert first == second
    data = json.loads(first)
    assert data["simulated"] is True
    assert data["facts"] == [
        {"key": "fd_amount", "value": "₹50,000", "source_ids": ["m1"]},
        {"key": "fd_maturity", "value": "in 3 months", "source_ids": ["m1"]},
        {"key": "pan_ends_42f", "value": "my PAN ends in 42F", "source_ids": ["m3"]},
    ]
    assert plan.parse(first, 1).rejected == ""
