"""Supersession across phrasings, the offline summarizer's fold (newest values, what they
replaced, the cap), and precedence: an older value in a recalled passage or a summary is
marked outdated, for any key the recogniser knows, in the user's words and the coach's."""

from __future__ import annotations

import json

import pytest

from fincoach_tui.domain.fact_store import Fact, FactStore
from fincoach_tui.domain.finance_facts import find_facts
from fincoach_tui.domain.memory import MemoryView, Summary
from fincoach_tui.domain.memory.hybrid import HybridStrategy
from fincoach_tui.domain.memory.summary import SummaryStrategy
from fincoach_tui.domain.session_events import apply_fact_event, facts_event
from fincoach_tui.domain.tokens import OPENAI_CHAT_OVERHEAD
from fincoach_tui.llm.offline import OfflineCoach, visible_facts
from fincoach_tui.llm.offline_summary import summarize
from fincoach_tui.service.record_extra import context_extra
from fincoach_tui.ui.inspector_rows import with_memory_rows
from tests.domain.test_facts import messages, plan_for
from tests.domain.test_hybrid import conversation, sections
from tests.memory_helpers import MemoryHarness

RENT_CHANGES = (
    "rent went up to 28k",
    "Actually my rent is now ₹28,000.",
    "We moved; paying 28,000 for the flat now.",
    "The landlord raised it to 28k.",
    "Our rent is twenty-eight thousand rupees from this month.",
    "rent ab 28k hai",
)


@pytest.mark.parametrize("change", RENT_CHANGES)
def test_a_later_value_supersedes_however_it_is_phrased(change):
    facts = find_facts([("m1", "My rent is ₹25,000 a month."), ("m3", change)])
    assert (facts["rent"].value, facts["rent"].source) == ("₹28,000", "m3")


@pytest.mark.parametrize("change", RENT_CHANGES)
def test_the_store_supersedes_through_the_offline_extractor(change):
    from fincoach_tui.llm.offline_memory import extract

    plan = plan_for("My rent is ₹25,000 a month.", "Noted: rent ₹25,000.", change, "Noted.")
    result = plan.parse(extract(plan.request()), 1)
    store = FactStore()
    apply_fact_event(store, facts_event(2, plan.message_ids, result.facts))
    assert store.current_for("rent").value == "₹28,000"
    (old,) = [f for f in store.facts if not f.current]
    assert (old.key, old.value) == ("rent", "₹25,000")


def test_a_models_own_keys_are_normalised_so_they_supersede_too():
    plan = plan_for("My take-home is 1.2L.", "ok", "I now take home 1.35L.", "ok")
    answer = {
        "facts": [
            {"key": "salary", "value": "₹1,20,000", "source_ids": ["m1"]},
            {"key": "Take-home pay", "value": "1.35 lakh", "source_ids": ["m3"]},
        ]
    }
    result = plan.parse(json.dumps(answer), 1)
    store = FactStore()
    apply_fact_event(store, facts_event(2, plan.message_ids, result.facts))
    assert [(f.key, f.value, f.current) for f in store.facts] == [
        ("salary", "₹1,20,000", False),
        ("salary", "1.35 lakh", True),
    ]


# ---- the summarizer's fold --------------------------------------------------------------


def fold_request(previous: str, turns: list[tuple[str, str]], cap: int = 300) -> list[dict]:
    history = messages(*[t for pair in turns for t in pair], "tail q", "tail a")
    summary = Summary(previous, 0, (), 0) if previous else None
    plan = SummaryStrategy(tail_turns=1, batch_turns=1, cap_tokens=cap).fold_plan(history, summary)
    return plan.request()


def test_the_fold_keeps_every_fact_first_with_the_newest_value_and_what_it_replaced(counter):
    turns = [
        ("Hi, I'm Ravi. I take home ₹1,10,000 a month.", "Your salary is ₹9,99,999, noted."),
        ("Rent is 25k and I pay a 9k EMI on my bike loan.", "An emergency fund is ₹1,80,000."),
        ("What is an index fund?", "A fund that tracks an index."),
        ("I've decided to start a SIP of 5k a month.", "Good."),
        ("The landlord raised the rent to 28k.", "Noted."),
    ]
    text = summarize(fold_request("", turns), counter.count)
    lines = text.splitlines()
    assert lines[:3] == [
        "[simulated summary]",
        "Facts the user stated (newest values):",
        "- name: Ravi",
    ]
    assert "- rent: ₹28,000 (was ₹25,000)" in lines
    assert "- bike loan EMI: ₹9,000" in lines and "- SIP: ₹5,000" in lines
    # the facts do not hold "decided" and "start": the decision is kept in the user's words
    assert "- (turn 4) I've decided to start a SIP of 5k a month" in lines
    assert lines[-1] == "Asked about: What is an index fund."
    for coach_figure in ("₹9,99,999", "₹1,80,000"):
        assert coach_figure not in text  # the coach's restatements are not the user's facts


def test_the_fold_survives_being_re_read(counter):
    turns = [
        ("My salary is 1.2L and rent 25k.", "ok"),
        ("I'm risk-averse because I lost money in 2020.", "ok"),
        ("My RD of 5k a month ends in March 2027.", "ok"),
    ]
    first = summarize(fold_request("", turns), counter.count)
    again = summarize(fold_request(first, [("Thanks!", "ok")]), counter.count)
    assert again == first  # nothing new stated: the same summary, word for word
    changed = summarize(fold_request(again, [("Rent is now 27,500.", "ok")]), counter.count)
    facts = {k: f.value for k, f in find_facts([("summary", changed)]).items()}
    assert facts == {
        "salary": "₹1,20,000",
        "rent": "₹27,500",
        "risk": "risk-averse",
        "risk_reason": "I lost money in 2020",
        "rd_amount": "₹5,000",
        "rd_end": "Mar 2027",
    }
    assert "- rent: ₹27,500 (was ₹25,000)" in changed


def test_the_fold_keeps_within_its_cap_and_says_what_it_dropped(counter):
    turns = [("My salary is 1.2L and rent 25k.", "ok"), ("I'm conservative.", "ok")]
    turns += [(f"What is a good idea about topic number {n}?", "ok") for n in range(30)]
    turns += [("I pay the maid 4k and the cook 5k; my city is not relevant.", "ok")]
    request = fold_request("", turns, cap=60)
    text = summarize(request, counter.count)
    assert counter.count(text) <= 60
    assert "- salary: ₹1,20,000" in text and "- rent: ₹25,000" in text  # salient facts stay
    dropped = text.splitlines()[-1]
    assert dropped.startswith("Dropped to fit the cap: ")
    assert "older question topics" in dropped
    # Through the coach (as a fold is run) the cap holds as well.
    model = OfflineCoach(counter.count, OPENAI_CHAT_OVERHEAD)
    assert model.usage(request, text).completion_tokens <= 60


# ---- precedence --------------------------------------------------------------------------


def hybrid_view(counter, texts, summary=None, store=None):
    history, new = conversation(texts)
    view = MemoryView(
        "SYS",
        history,
        new,
        lambda m: counter.count(m.content),
        summary,
        store,
        count_text=counter.count,
    )
    return view


def test_a_newer_summary_value_marks_the_recalled_passage_and_the_coachs_reply(counter):
    texts = [
        "My rent is 25k and my RD ends in March 2027.",
        "Noted: rent ₹25,000, RD end March 2027.",
        "How much should my rent be, as a share of pay?",
        "Your rent of ₹25,000 is fine.",  # the coach restates the old value on its own
        # Long enough that recall has room: summary and recall never cost more than the
        # turns they stand in for.
        *[x for n in range(6) for x in (f"gold question {n} " * 30, "answer " * 30)],
        "What rent should I pay?",
    ]
    summary = Summary(
        "[simulated summary]\n- rent: ₹28,000 (was ₹25,000)\n- RD end: Mar 2027",
        8,
        tuple(f"m{n}" for n in range(1, 17)),
        20,
    )
    context = HybridStrategy(tail_turns=1).build(hybrid_view(counter, texts, summary))
    recalled = sections(context)["recalled"]
    # One note per old value: the user's words at turn 1 (the reply's echo of them is
    # covered by it), the coach's own restatement at turn 2. The RD end agrees: no note.
    assert "(Outdated: rent was ₹25,000 then; the summary has ₹28,000.)" in recalled
    assert "(Outdated: the coach restated rent as ₹25,000; the summary has ₹28,000.)" in recalled
    assert "RD end was" not in recalled
    assert [(c.key, c.recalled_turn, c.in_reply, c.fact_id) for c in context.conflicts] == [
        ("rent", 1, False, "summary"),
        ("rent", 2, True, "summary"),
    ]
    assert visible_facts(context.as_chat())["rent"].value == "₹28,000"
    assert "2 conflicts: rent (newer wins)" in context.note


def test_a_newer_fact_marks_the_summary_and_the_inspector_shows_it(counter):
    texts = [*[x for n in range(6) for x in (f"gold question {n}", "answer")], "What now?"]
    summary = Summary("- rent: ₹25,000\n- salary: ₹1,20,000", 5, ("m1", "m2"), 12)
    store = FactStore()
    apply_fact_event(
        store, facts_event(6, ["m11"], [Fact("f1", "rent", "₹30,000", ("m11",), 1e10, 6)])
    )
    context = HybridStrategy(tail_turns=1).build(hybrid_view(counter, texts, summary, store))
    text = sections(context)["summary"]
    assert "(Outdated: rent was ₹25,000 in this summary; the current fact is ₹30,000.)" in text
    assert visible_facts(context.as_chat())["rent"].value == "₹30,000"
    extra = context_extra(context)
    assert extra["conflicts"] == [
        {
            "key": "rent",
            "recalled_turn": 5,
            "recalled_value": "₹25,000",
            "fact_value": "₹30,000",
            "fact_id": "f1",
            "in_reply": False,
            "source": "summary",
        }
    ]
    (row,) = [r for r in with_memory_rows([], extra) if r.provenance == "fact"]
    assert "the summary (turns 1-5) said ₹25,000; fact f1 says ₹30,000" in row.full_text


async def test_a_recalled_turn_is_marked_when_the_summary_changed_the_value(counter):
    h = MemoryHarness(counter, "hybrid", {"recall_k": 2})
    await h.turns(
        [
            "My home loan EMI is 32k a month.",
            *[f"Tell me about gold option {n}." for n in range(5)],
            "We refinanced, the home loan EMI is down to 29,500 now.",
            *[f"Tell me about bonds option {n}." for n in range(8)],
            "What is my home loan EMI now?",
        ]
    )
    request = h.llm.calls[-1]
    assert visible_facts(request)["loan_home_emi"].value == "₹29,500"
    system = request[0]["content"]
    assert "- home loan EMI: ₹29,500 (was ₹32,000)" in system  # the summary's fold
    assert "(Outdated: home loan EMI was ₹32,000 then; the summary has ₹29,500.)" in system
    # The record keeps the conflict, for the inspector.
    (conflict,) = h.state.chat_records[-1].extra["conflicts"]
    assert (conflict["key"], conflict["recalled_turn"], conflict["fact_id"]) == (
        "loan_home_emi",
        1,
        "summary",
    )


def test_a_dated_fold_request_keeps_relative_dates_as_the_month_they_name(counter):
    body = (
        "Previous summary:\n(none yet)\n\nNew turns (1-1):\n"
        "User (14 May 2026): My FD of 2L matures in 3 months.\nFinCoach: ok"
    )
    request = [
        {"role": "system", "content": "Use at most 300 tokens."},
        {"role": "user", "content": body},
    ]
    assert "- FD maturity: in Aug 2026" in summarize(request, counter.count)
